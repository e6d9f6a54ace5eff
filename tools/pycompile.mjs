#!/usr/bin/env node
// Compile Python sources to bytecode with the very Pyodide the site ships.
//
//   node tools/pycompile.mjs OUT_DIR DEST=SRC [DEST=SRC ...]
//
// For each pair, SRC (a file on disk) is compiled as if it stood at DEST in
// the browser's Python file system (relative to /home/pyodide, the working
// directory, which is on sys.path), and the bytecode is written to
// OUT_DIR/<dir of DEST>/__pycache__/<name>.<cache_tag>.pyc, where the
// browser's importlib looks for it.
//
// Why: compiling ~300 kB of source is most of the page's own start-up work
// in Pyodide (about 2 ms per kB before V8 has optimised the interpreter).
// Bytecode is only valid for the exact CPython version that made it, so it
// is made here by the pinned pyodide package (node_modules/pyodide), not by
// the CPython that runs the build. The .pyc files are "unchecked hash"
// pycs (PEP 552): importlib uses them without comparing timestamps, which
// an unpacked archive would not keep. tools/build.py names the .pyc files
// it ships with the cache tag printed here and ships the sources beside
// them, so tracebacks still show source lines.
//
// Prints one JSON line: {"cache_tag": "cpython-314"}.

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");
const PYHOME = "/home/pyodide";

function fail(message) {
  process.stderr.write(`pycompile: ${message}\n`);
  process.exit(2);
}

const [outDir, ...pairs] = process.argv.slice(2);
if (!outDir || pairs.length === 0) fail("usage: node tools/pycompile.mjs OUT_DIR DEST=SRC [DEST=SRC ...]");

const jobs = pairs.map((pair) => {
  const at = pair.indexOf("=");
  if (at <= 0) fail(`not DEST=SRC: ${pair}`);
  const dest = pair.slice(0, at);
  if (path.isAbsolute(dest) || dest.split("/").includes("..") || !dest.endsWith(".py")) {
    fail(`DEST must be a relative .py path: ${dest}`);
  }
  return { dest, source: fs.readFileSync(pair.slice(at + 1), "utf8") };
});

const { loadPyodide } = await import(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
const { FS } = pyodide;
for (const { dest, source } of jobs) {
  const full = `${PYHOME}/${dest}`;
  FS.mkdirTree(path.posix.dirname(full));
  FS.writeFile(full, source);
}
pyodide.globals.set("DESTS", pyodide.toPy(jobs.map((j) => j.dest)));
const result = pyodide.runPython(`
import importlib.util, json, py_compile, sys
out = []
for dest in DESTS:
    full = "/home/pyodide/" + dest
    cfile = importlib.util.cache_from_source(full)
    # doraise: a syntax error stops the build with the file and line.
    py_compile.compile(full, cfile=cfile, dfile=full, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    out.append(cfile[len("/home/pyodide/"):])
json.dumps({"cache_tag": sys.implementation.cache_tag, "pycs": out})
`);
const info = JSON.parse(result);
for (const rel of info.pycs) {
  const target = path.join(outDir, rel);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, FS.readFile(`${PYHOME}/${rel}`));
}
process.stdout.write(JSON.stringify({ cache_tag: info.cache_tag }) + "\n");
