#!/usr/bin/env node
// Run Python under Pyodide in Node, with the repo's militakiri package in its FS.
//
//   node tools/pyodide_run.mjs -c "import militakiri; print(militakiri.__version__)"
//   node tools/pyodide_run.mjs -m militakiri perft ...
//   node tools/pyodide_run.mjs path/to/script.py [args...]
//   node tools/pyodide_run.mjs - < script.py
//
// Pyodide is loaded from node_modules/pyodide (no network). militakiri/**/*.py
// is copied into /home/pyodide/militakiri (the working directory, first on
// sys.path), as the page's [files] table does in the browser. stdout/stderr
// are forwarded unbuffered-ish (Python's own buffering applies), stdin is
// readable, and the exit status is Python's: SystemExit(code) propagates, an
// uncaught exception prints its traceback and exits 1.
//
// Environment variables whose name starts with PYTHON (e.g. PYTHONHASHSEED)
// are passed to the Python process; nothing else is.
//
// Options before the code/module/file:
//   --root DIR   repo root to take militakiri/ from (default: this repo)

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const USAGE = `usage: node tools/pyodide_run.mjs [--root DIR] (-c CODE | -m MODULE | FILE | -) [args...]`;
const PYHOME = "/home/pyodide";

function parseArgs(argv) {
  let root = path.resolve(HERE, "..");
  let i = 0;
  while (i < argv.length) {
    const a = argv[i];
    if (a === "--root") {
      root = path.resolve(argv[i + 1] ?? "");
      i += 2;
    } else if (a === "-h" || a === "--help") {
      process.stdout.write(USAGE + "\n");
      process.exit(0);
    } else {
      break;
    }
  }
  const mode = argv[i];
  if (mode === "-c" || mode === "-m") {
    if (argv[i + 1] === undefined) usageError(`argument expected for ${mode}`);
    return { root, mode, target: argv[i + 1], args: argv.slice(i + 2) };
  }
  if (mode === undefined) usageError("nothing to run");
  if (mode.startsWith("-") && mode !== "-") usageError(`unknown option ${mode}`);
  return { root, mode: "file", target: mode, args: argv.slice(i + 1) };
}

function usageError(message) {
  process.stderr.write(`pyodide_run: ${message}\n${USAGE}\n`);
  process.exit(2);
}

// Recursively collect *.py files of a folder (skipping __pycache__).
function pythonFiles(dir, rel = "") {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = path.posix.join(rel, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__") out.push(...pythonFiles(dir, r));
    } else if (entry.isFile() && entry.name.endsWith(".py")) {
      out.push(r);
    }
  }
  return out;
}

function copyPackage(pyodide, srcDir, destDir) {
  for (const rel of pythonFiles(srcDir)) {
    const dest = path.posix.join(destDir, rel);
    pyodide.FS.mkdirTree(path.posix.dirname(dest));
    pyodide.FS.writeFile(dest, fs.readFileSync(path.join(srcDir, rel)));
  }
}

// Write everything, even when the pipe is momentarily full.
function writeAll(fd, buffer) {
  let off = 0;
  while (off < buffer.length) {
    try {
      off += fs.writeSync(fd, buffer, off, buffer.length - off);
    } catch (e) {
      if (e.code !== "EAGAIN") throw e;
    }
  }
  return buffer.length;
}

// The Python side: set argv, run like the CPython command line, return the exit status.
const RUNNER = `
def _militakiri_run(mode, target, argv, source_name):
    import runpy, sys, traceback, types
    sys.argv = list(argv)

    def run_source(code_text, filename, file_attr):
        main = types.ModuleType("__main__")
        if file_attr:
            main.__file__ = file_attr
        main.__builtins__ = __builtins__
        sys.modules["__main__"] = main
        exec(compile(code_text, filename, "exec"), main.__dict__)

    status = 0
    try:
        if mode == "-m":
            runpy.run_module(target, run_name="__main__", alter_sys=True)
        elif mode == "-c":
            run_source(target, "<string>", None)
        else:
            sys.path.insert(0, source_name.rpartition("/")[0])
            with open(source_name, "rb") as f:
                run_source(f.read(), "<stdin>" if argv[0] == "-" else argv[0], source_name)
    except SystemExit as exc:
        code = exc.code
        if code is None:
            status = 0
        elif isinstance(code, int):
            status = code & 0xFF  # as CPython: exit(-1) -> 255
        else:
            print(code, file=sys.stderr)
            status = 1
    except BaseException as exc:
        # Hide this runner's own frames (and runpy's), as CPython's command line does.
        tb = exc.__traceback__
        hidden = ("<pyodide_run>", "<frozen runpy>", runpy.__file__)
        while tb is not None and tb.tb_frame.f_code.co_filename in hidden:
            tb = tb.tb_next
        if tb is None and isinstance(exc, ImportError) and mode == "-m":
            print(f"pyodide_run: {exc}", file=sys.stderr)  # like python -m: no traceback
        else:
            traceback.print_exception(type(exc), exc, tb)
        status = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
    return status
`;

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const pyodideDir = path.join(opts.root, "node_modules", "pyodide");
  const pyodideDirFallback = path.resolve(HERE, "..", "node_modules", "pyodide");
  const dir = fs.existsSync(path.join(pyodideDir, "pyodide.mjs")) ? pyodideDir : pyodideDirFallback;
  if (!fs.existsSync(path.join(dir, "pyodide.mjs"))) {
    process.stderr.write("pyodide_run: node_modules/pyodide is missing: run `npm ci`\n");
    process.exit(2);
  }
  const { loadPyodide } = await import(path.join(dir, "pyodide.mjs"));

  const env = { HOME: PYHOME };
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith("PYTHON")) env[k] = v;
  }
  const pyodide = await loadPyodide({
    indexURL: dir + path.sep,
    env,
    // Keep Pyodide's own banner/warnings off our stdout until we take over.
    stdout: (s) => process.stderr.write(s + "\n"),
    stderr: (s) => process.stderr.write(s + "\n"),
  });
  pyodide.setStdout({ write: (buf) => writeAll(1, buf), isatty: false });
  pyodide.setStderr({ write: (buf) => writeAll(2, buf), isatty: false });
  pyodide.setStdin({
    read: (buf) => {
      try {
        return fs.readSync(0, buf, 0, buf.length, null);
      } catch (e) {
        if (e.code === "EOF" || e.code === "EAGAIN") return 0;
        throw e;
      }
    },
    isatty: false,
  });

  const pkg = path.join(opts.root, "militakiri");
  if (fs.existsSync(path.join(pkg, "__init__.py"))) {
    copyPackage(pyodide, pkg, path.posix.join(PYHOME, "militakiri"));
  } else {
    process.stderr.write(`pyodide_run: warning: no package at ${pkg}\n`);
  }
  pyodide.FS.chdir(PYHOME);

  let argv;
  let sourceName = "";
  if (opts.mode === "-c") {
    argv = ["-c", ...opts.args];
  } else if (opts.mode === "-m") {
    argv = [opts.target, ...opts.args]; // runpy replaces argv[0] with the module's path
  } else {
    const fromStdin = opts.target === "-";
    const text = fs.readFileSync(fromStdin ? 0 : opts.target);
    sourceName = path.posix.join("/tmp/pyodide_run", fromStdin ? "stdin.py" : path.basename(opts.target));
    pyodide.FS.mkdirTree(path.posix.dirname(sourceName));
    pyodide.FS.writeFile(sourceName, text);
    argv = [fromStdin ? "-" : opts.target, ...opts.args];
  }

  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(PYHOME)})`);
  pyodide.runPython(RUNNER, { filename: "<pyodide_run>" });
  const run = pyodide.globals.get("_militakiri_run");
  const status = run(opts.mode, opts.target, pyodide.toPy(argv), sourceName);
  run.destroy();
  // Output went out with writeSync: exiting now loses nothing, and does not
  // wait for handles Pyodide may keep open.
  process.exit(status);
}

main().catch((err) => {
  process.stderr.write(`pyodide_run: ${err?.stack ?? err}\n`);
  process.exitCode = 1;
});
