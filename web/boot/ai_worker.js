/* The computer's web worker: the engine's search off the main thread.
 *
 * Started by web/ui/computer.py as a module worker, one per interpreter:
 *   new Worker("./web/boot/ai_worker.js?runtime=pyodide", {type: "module"})
 *   new Worker("./web/boot/ai_worker.js?runtime=micropython", {type: "module"})
 * Pyodide (CPython, about 10x faster) plays at full strength; MicroPython
 * (0.2 MB, ready in a fraction of a second) answers while Pyodide's 10 MB
 * are still on their way. Both load from this site (nothing from the
 * internet) and run the same engine: one of the build's zips (the sources
 * for Pyodide, the page's compiled zip for MicroPython: the page names both
 * in <meta name="militakiri-app"> and <meta name="militakiri-page">),
 * fetched here, its files written into the interpreter's file system
 * (web/boot/unzip.mjs), then web/services/ai_worker.py answers.
 *
 * Why not a PyScript <script type="py" worker>: PyScript's worker start-up
 * waits on IndexedDB (polyscript's package cache), which a cross-site
 * iframe denies (the embed), and web/boot/storage_guard.js can only patch
 * the page's own IndexedDB. These loaders need no storage.
 *
 * Messages (all plain data; Python values cross as JSON text):
 *   page -> worker  {type: "start", app: "<absolute URL of the zip for this interpreter>"}
 *                   {type: "call", id, name, args}     args: JSON list
 *   worker -> page  {type: "ready", runtime, loadMs, startMs, hello}
 *                   {type: "failed", runtime, error}    the interpreter or the engine did not load
 *                   {type: "answer", id, json}          json: ai_worker.call's answer
 */
import { fetchZip, writeFiles } from "./unzip.mjs";

const runtime = new URL(import.meta.url).searchParams.get("runtime") === "micropython" ? "micropython" : "pyodide";
const started = performance.now();
let loadMs = 0;

async function loadInterpreter() {
  if (runtime === "micropython") {
    const { loadMicroPython } = await import("../../micropython/micropython.mjs");
    const mp = await loadMicroPython({
      url: new URL("../../micropython/micropython.wasm", import.meta.url).href,
      stdout: (line) => console.log(line),
      stderr: (line) => console.error(line),
    });
    loadMs = performance.now() - started;
    return {
      home: "/app/",
      FS: mp.FS,
      pathCode: (home) => `import sys\nsys.path.insert(0, "${home}")\nsys.path.append("${home}web/boot/micropython")`,
      run: (code) => mp.runPython(code),
      module: (name) => mp.pyimport(name),
    };
  }
  const { loadPyodide } = await import("../../pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: new URL("../../pyodide/", import.meta.url).href });
  loadMs = performance.now() - started;
  return {
    home: "/home/pyodide/",
    FS: py.FS,
    pathCode: (home) => `import sys\nif "${home}" not in sys.path: sys.path.insert(0, "${home}")`,
    run: (code) => py.runPython(code),
    module: (name) => py.pyimport(name),
  };
}

let gotApp;
const app = new Promise((resolve) => { gotApp = resolve; });

const ready = (async () => {
  const [interpreter, files] = await Promise.all([
    loadInterpreter(),
    app.then(fetchZip),
  ]);
  writeFiles(interpreter.FS, interpreter.home, files);
  interpreter.run(interpreter.pathCode(interpreter.home));
  const module = interpreter.module("web.services.ai_worker");
  const call = (name, args) => module.call(name, args);
  const hello = JSON.parse(call("hello", "[]")).value;
  return { call, hello };
})();

ready.then(
  ({ hello }) => postMessage({ type: "ready", runtime, loadMs, startMs: performance.now() - started, hello }),
  (error) => postMessage({ type: "failed", runtime, error: String((error && error.message) || error) }),
);

self.onmessage = async ({ data }) => {
  if (!data) return;
  if (data.type === "start") {
    gotApp(String(data.app));
    return;
  }
  if (data.type !== "call") return;
  let json;
  try {
    const { call } = await ready;
    json = String(call(String(data.name), String(data.args)));
  } catch (error) {
    json = JSON.stringify({ ok: false, error: String((error && error.message) || error) });
  }
  postMessage({ type: "answer", id: data.id, json });
};
