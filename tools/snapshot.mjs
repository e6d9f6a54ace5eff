#!/usr/bin/env node
// The page's Python, started once at build time and shipped as a memory snapshot.
//
//   node tools/snapshot.mjs trace    PYODIDE_DIR APP_ZIP MODULES_JSON
//   node tools/snapshot.mjs snapshot PYODIDE_DIR APP_ZIP MODULES_JSON STDLIB_ZIP OUT
//
// Most of a first visit is CPython initialising inside wasm (~3 s here, ~12 s
// on a slow phone). A Pyodide memory snapshot is that initialised state: the
// page restores it (web/boot/pyodide_start.mjs) in a fraction of the time. A
// snapshot only fits the exact Pyodide build that made it, so it is made here
// by the pinned Pyodide the site ships, in Node, and restored in the browser
// (docs/runtime.md: tried and measured).
//
// Both modes start Pyodide, put the page's zip (APP_ZIP) into the working
// directory and on sys.path as web/boot/pyodide_start.mjs does in the page
// (zipimport: its table of contents is then in the snapshot), and import MODULES_JSON (a list
// of module names: the engine, the page's modules that import no browser
// API, and standard library modules PyScript itself imports), so that the
// snapshot holds them compiled and ready.
//
// - trace: prints, as one JSON line, the standard library modules that start
//   imported ({"stdlib": [...]}): tools/build.py keeps only those in the
//   page's standard library zip (the rest loads on demand, web/boot/lazy_stdlib.py).
// - snapshot: starts on that trimmed zip (STDLIB_ZIP; the very bytes the page
//   will mount, since zipimport keeps the zip's table of contents in memory),
//   zeroes the free heap (freed memory is otherwise old data that compresses
//   badly), and writes the snapshot to OUT without its all-zero pages
//   (sparse(), below), gzipped.
//
// No browser API may be touched while the snapshot is made: a JS object
// Python holds would have to exist again in the browser. `pyscript` cannot
// be imported here (its modules need the page). `js` can: it is the global
// scope, and Pyodide keeps a reference to it, or to anything reached by
// names from it, as that path, found again in the browser. The page's UI
// modules therefore import `js` and read `js.document` and `js.window` only
// when they run. A module that touches the browser at import time fails
// here (`js.document` does not exist in Node); it is reported as skipped
// and tools/start_snapshot.py stops the build with its name.

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import zlib from "node:zlib";

const PYHOME = "/home/pyodide";

function fail(message) {
  process.stderr.write(`snapshot: ${message}\n`);
  process.exit(2);
}

const [mode, pyodideDir, appZip, modulesJson, stdlibZip, out] = process.argv.slice(2);
if (!["trace", "snapshot"].includes(mode) || !modulesJson || (mode === "snapshot" && !out)) {
  fail("usage: node tools/snapshot.mjs trace|snapshot PYODIDE_DIR APP_ZIP MODULES_JSON [STDLIB_ZIP OUT]");
}
const modules = JSON.parse(fs.readFileSync(modulesJson, "utf8"));

// Import what can be imported without a browser; report what was skipped.
const IMPORT = `
def _militakiri_prepare(names):
    import gc, importlib, sys

    class NoBrowser:
        """pyscript does not exist while the snapshot is made."""
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] == "pyscript":
                raise ImportError(f"{name}: no page while the snapshot is made")
            return None

    blocker = NoBrowser()
    sys.meta_path.insert(0, blocker)
    skipped = []
    try:
        for name in names:
            try:
                importlib.import_module(name)
            except Exception as error:  # ImportError, or a module touching the browser as it is imported
                skipped.append(f"{name}: {type(error).__name__}: {error}")
    finally:
        sys.meta_path.remove(blocker)
    importlib.invalidate_caches()
    gc.collect()
    def origin(module):
        return str(getattr(getattr(module, "__spec__", None), "origin", "") or "")

    zipped = sorted(name for name, module in list(sys.modules.items())
                    if ".zip/" in origin(module) and not origin(module).startswith("/home/"))
    return skipped, zipped
`;

async function start(stdLibURL) {
  const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
  const pyodide = await loadPyodide({
    indexURL: path.resolve(pyodideDir) + "/",
    ...(stdLibURL ? { stdLibURL } : {}),
    _makeSnapshot: mode === "snapshot",
    stdout: () => {},
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  const app = `${PYHOME}/${path.basename(appZip)}`;
  pyodide.FS.writeFile(app, new Uint8Array(fs.readFileSync(appZip)));
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(app)})`);
  pyodide.runPython(IMPORT);
  const result = pyodide.globals.get("_militakiri_prepare")(pyodide.toPy(modules)).toJs();
  pyodide.runPython("del _militakiri_prepare");
  return { pyodide, skipped: result[0], zipped: result[1] };
}

// Fill the allocator's free memory with zeros (capped at the heap as it is,
// so nothing grows), then give it back.
function zeroFreeHeap(module) {
  const limit = module._malloc_footprint_limit();
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const blocks = [];
  try {
    for (let size = 1 << 24; size >= 64;) {
      const at = module._malloc(size);
      if (!at) {
        size >>= 1;
        continue;
      }
      module.HEAP8.fill(0, at, at + size);
      blocks.push(at);
    }
  } finally {
    for (const at of blocks) module._free(at);
    module._malloc_set_footprint_limit(limit);
  }
}

// The snapshot without its all-zero pages: 31.5 MB of wasm memory is 15 MB
// of pages with data, so a start inflates and copies half the bytes (the
// gzipped size hardly changes). web/boot/pyodide_start.mjs (unsparse) puts
// the pages back into a zeroed buffer of the whole length. Layout, little
// endian: "MKS1", the whole length (u32), the page size (u32), a bitmap of
// the pages that follow (bit i of byte i >> 3: page i is stored), padded to
// 4 bytes, then those pages in order (the last one possibly short).
const SPARSE_MAGIC = 0x31534b4d; // "MKS1"
const SPARSE_PAGE = 4096;

function sparse(memory, page = SPARSE_PAGE) {
  const count = Math.ceil(memory.length / page);
  const bitmapBytes = Math.ceil(count / 32) * 4;
  const kept = [];
  for (let i = 0; i < count; i++) {
    const chunk = memory.subarray(i * page, Math.min((i + 1) * page, memory.length));
    if (chunk.some((b) => b !== 0)) kept.push(i);
  }
  const header = 12 + bitmapBytes;
  const out = new Uint8Array(header + kept.reduce((n, i) => n + Math.min(page, memory.length - i * page), 0));
  const view = new DataView(out.buffer);
  view.setUint32(0, SPARSE_MAGIC, true);
  view.setUint32(4, memory.length, true);
  view.setUint32(8, page, true);
  let at = header;
  for (const i of kept) {
    out[12 + (i >> 3)] |= 1 << (i & 7);
    const chunk = memory.subarray(i * page, Math.min((i + 1) * page, memory.length));
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

if (mode === "trace") {
  const { zipped, skipped } = await start();
  process.stdout.write(JSON.stringify({ stdlib: zipped, skipped }) + "\n");
} else {
  const { pyodide, skipped } = await start(path.resolve(stdlibZip));
  zeroFreeHeap(pyodide._module);
  const memory = pyodide.makeMemorySnapshot();
  fs.writeFileSync(out, zlib.gzipSync(sparse(memory), { level: 9 }));
  process.stdout.write(JSON.stringify({ bytes: memory.length, skipped }) + "\n");
}
