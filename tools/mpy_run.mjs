#!/usr/bin/env node
// Run Python under PyScript's MicroPython in Node, with the repo's packages in its FS.
//
//   node tools/mpy_run.mjs -c "import militakiri; print(militakiri.__version__)"
//   node tools/mpy_run.mjs path/to/script.py [args...]
//   node tools/mpy_run.mjs - < script.py
//
// MicroPython is node_modules/@micropython/micropython-webassembly-pyscript, the
// very build the page runs on (no network). militakiri/**/*.py and web/**/*.py
// are copied into /app (first on sys.path), as the page's files are in the
// browser. The exit status is Python's: SystemExit(code) propagates, an uncaught
// exception prints its traceback and exits 1.
//
// Options before the code/file:
//   --root DIR   repo root to take the packages from (default: this repo)
//   --heap MB    the interpreter's heap (default 64)
//   --romfs FILE a built page-<hash>.romfs.gz (tools/build.py) mounted at /rom
//                as the page mounts it (web/boot/romfs.mjs), instead of the sources
//   --package NAME  one more folder of the repo to copy into /app (tests/micropython
//                runs the engine's own tests with `--package tests`); repeatable

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import zlib from "node:zlib";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const USAGE = "usage: node tools/mpy_run.mjs [--root DIR] [--heap MB] [--romfs FILE] [--package NAME]... (-c CODE | FILE | -) [args...]";
const APP = "/app";
const PACKAGES = ["militakiri", "web"];
// The one-line modules MicroPython lacks (web/boot/micropython/README.md).
const STUBS = `${APP}/web/boot/micropython`;

function usageError(message) {
  process.stderr.write(`mpy_run: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  let root = path.resolve(HERE, "..");
  let heap = 64;
  let romfs = null;
  const packages = [...PACKAGES];
  let i = 0;
  for (; i < argv.length; i += 2) {
    if (argv[i] === "--root") root = path.resolve(argv[i + 1] ?? "");
    else if (argv[i] === "--heap") heap = Number(argv[i + 1]);
    else if (argv[i] === "--romfs") romfs = path.resolve(argv[i + 1] ?? "");
    else if (argv[i] === "--package") packages.push(argv[i + 1] ?? "");
    else break;
  }
  const mode = argv[i];
  if (mode === undefined) usageError("nothing to run");
  if (mode === "-c") {
    if (argv[i + 1] === undefined) usageError("argument expected for -c");
    return { root, heap, romfs, packages, code: argv[i + 1], name: "-c", args: argv.slice(i + 2) };
  }
  if (mode.startsWith("-") && mode !== "-") usageError(`unknown option ${mode}`);
  const code = fs.readFileSync(mode === "-" ? 0 : mode, "utf8");
  return { root, heap, romfs, packages, code, name: mode, args: argv.slice(i + 1) };
}

// Copies every .py and .json file below root/name into the interpreter's FS.
function copyTree(FS, root, name) {
  const source = path.join(root, name);
  if (!fs.existsSync(source)) return;
  const walk = (dir, target) => {
    try { FS.mkdir(target); } catch { /* exists */ }
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "__pycache__" || entry.name.startsWith(".")) continue;
      const from = path.join(dir, entry.name);
      const to = `${target}/${entry.name}`;
      if (entry.isDirectory()) walk(from, to);
      else if (/\.(py|json)$/.test(entry.name)) FS.writeFile(to, fs.readFileSync(from));
    }
  };
  walk(source, `${APP}/${name}`);
}

const { root, heap, romfs, packages, code, name, args } = parseArgs(process.argv.slice(2));
const moduleUrl = pathToFileURL(
  path.join(HERE, "..", "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs"));
const { loadMicroPython } = await import(moduleUrl.href);
const write = (stream) => (data) => stream.write(data);
const mp = await loadMicroPython({
  heapsize: heap * 1024 * 1024,
  stdout: write(process.stdout),
  stderr: write(process.stderr),
  linebuffer: false,
});
const argvLiteral = JSON.stringify([name, ...args]);
if (romfs) {
  const { mountRomfs } = await import(pathToFileURL(path.join(HERE, "..", "web", "boot", "romfs.mjs")).href);
  mountRomfs(mp, new Uint8Array(zlib.gunzipSync(fs.readFileSync(romfs))));
} else {
  try { mp.FS.mkdir(APP); } catch { /* exists */ }
  for (const pkg of packages) copyTree(mp.FS, root, pkg);
  mp.runPython(`import sys\nsys.path.insert(0, "${APP}")\nsys.path.append("${STUBS}")`);
}
mp.runPython(`import sys\nsys.argv[:] = ${argvLiteral}`);
try {
  mp.runPython(code);
} catch (error) {
  const text = String(error && error.message ? error.message : error);
  const exit = /SystemExit: (\d+)/.exec(text);
  if (exit) process.exit(Number(exit[1]));
  if (/SystemExit\s*$/.test(text.trim())) process.exit(0);
  process.stderr.write(text.endsWith("\n") ? text : text + "\n");
  process.exit(1);
}
