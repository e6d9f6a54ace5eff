/* The computer's web worker: the engine's search off the main thread.
 *
 * Started by web/ui/computer.py as a module worker, one per interpreter:
 *   new Worker("./web/boot/ai_worker.js?runtime=pyodide", {type: "module"})
 *   new Worker("./web/boot/ai_worker.js?runtime=micropython", {type: "module"})
 * Pyodide (CPython, about 10x faster) plays at full strength; MicroPython
 * (0.2 MB, ready in a fraction of a second) answers while Pyodide's 10 MB
 * are still on their way. Both load from this site (nothing from the
 * internet) and run the same engine: for Pyodide the sources (the build's
 * app-<hash>.zip, unpacked by Pyodide itself), for MicroPython the page's
 * own bytecode image (page-<hash>.romfs.gz, mounted by web/boot/romfs.mjs);
 * the page names both in <meta name="militakiri-app"> and
 * <meta name="militakiri-page">. Then web/services/ai_worker.py answers.
 *
 * Why not a PyScript <script type="py" worker>: PyScript's worker start-up
 * waits on IndexedDB (polyscript's package cache), which a cross-site
 * iframe denies (the embed), and web/boot/storage_guard.js can only patch
 * the page's own IndexedDB. These loaders need no storage.
 *
 * Messages (all plain data; Python values cross as JSON text):
 *   page -> worker  {type: "start", app: "<absolute URL of the bundle for this interpreter>"}
 *                   {type: "call", id, name, args}     args: JSON list
 *   worker -> page  {type: "ready", runtime, loadMs, startMs, hello}
 *                   {type: "failed", runtime, error}    the interpreter or the engine did not load
 *                   {type: "answer", id, json}          json: ai_worker.call's answer
 */
import { fetchRomfs, mountRomfs } from "./romfs.mjs";

const runtime = new URL(import.meta.url).searchParams.get("runtime") === "micropython" ? "micropython" : "pyodide";
const started = performance.now();
let loadMs = 0;

/** The interpreter with the engine on its path, from the bundle at ``url``. */
async function loadMicroPythonWith(url) {
  const { loadMicroPython } = await import("../../micropython/micropython.mjs");
  const [mp, image] = await Promise.all([
    loadMicroPython({
      url: new URL("../../micropython/micropython.wasm", import.meta.url).href,
      stdout: (line) => console.log(line),
      stderr: (line) => console.error(line),
    }),
    fetchRomfs(url),
  ]);
  loadMs = performance.now() - started;
  mountRomfs(mp, image);
  return mp;
}

async function loadPyodideWith(url) {
  const { loadPyodide } = await import("../../pyodide/pyodide.mjs");
  const [py, zip] = await Promise.all([
    loadPyodide({ indexURL: new URL("../../pyodide/", import.meta.url).href }),
    fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.arrayBuffer();
    }),
  ]);
  loadMs = performance.now() - started;
  const home = "/home/pyodide/";
  py.unpackArchive(zip, "zip", { extractDir: home });
  py.runPython(`import sys\nif "${home}" not in sys.path: sys.path.insert(0, "${home}")`);
  return py;
}

let gotApp;
const app = new Promise((resolve) => { gotApp = resolve; });

const ready = (async () => {
  const url = await app;
  const interpreter = await (runtime === "micropython" ? loadMicroPythonWith(url) : loadPyodideWith(url));
  const module = interpreter.pyimport("web.services.ai_worker");
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
