/* The computer opponent's web worker: a second Pyodide, off the main thread.
 *
 * Started by web/ui/computer.py (only when a game against the computer or a
 * hint needs it) as a module worker:  new Worker("./web/boot/ai_worker.js",
 * {type: "module"}).  It loads the same local Pyodide as the page
 * (../pyodide/, nothing from the internet), then waits for the page's
 * "start" message, which carries the engine's Python files as the page
 * itself has them (its own file system: the page's zip, put on sys.path
 * here as web/boot/pyodide_start.mjs does; or the files one by one) and
 * web/services/ai_worker.py: so page and worker always run the same engine.
 *
 * Why not a PyScript <script type="py" worker>: PyScript's worker start-up
 * waits on IndexedDB (polyscript's package cache), which a cross-site
 * iframe denies (embed mode: the worker then fails with a DataCloneError),
 * and web/boot/storage_guard.js can only patch the page's own IndexedDB.
 * loadPyodide itself needs no storage, so this worker starts everywhere.
 *
 * Messages (all plain data; Python values cross as JSON text):
 *   page -> worker  {type: "start", files: {"app-<hash>.zip": bytes} or {"militakiri/ai/play.py": bytes, ...}}
 *                   {type: "call", id, name, args}     args: JSON list
 *   worker -> page  {type: "ready", loadMs, startMs, hello}
 *                   {type: "failed", error}             Pyodide or the engine did not load
 *                   {type: "answer", id, json}          json: ai_worker.call's answer
 */
import { loadPyodide } from "../../pyodide/pyodide.mjs";

const started = performance.now();
let loadMs = 0;
const pyodide = loadPyodide({ indexURL: new URL("../../pyodide/", import.meta.url).href })
  .then((py) => { loadMs = performance.now() - started; return py; });

let gotFiles;
const files = new Promise((resolve) => { gotFiles = resolve; });

const ready = (async () => {
  const py = await pyodide;
  const sources = await files;
  const home = "/home/pyodide/";
  for (const [path, text] of Object.entries(sources)) {
    if (path.includes("..") || path.startsWith("/")) throw new Error(`bad file name ${path}`);
    const full = home + path;
    py.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    py.FS.writeFile(full, text);
    if (!path.includes("/") && path.endsWith(".zip")) {
      py.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(full)})`);
    }
  }
  const module = py.pyimport("web.services.ai_worker");
  const hello = JSON.parse(module.call("hello", "[]")).value;
  return { call: module.call, hello };
})();

ready.then(
  ({ hello }) => postMessage({ type: "ready", loadMs, startMs: performance.now() - started, hello }),
  (error) => postMessage({ type: "failed", error: String((error && error.message) || error) }),
);

self.onmessage = async ({ data }) => {
  if (!data) return;
  if (data.type === "start") {
    gotFiles(data.files || {});
    return;
  }
  if (data.type !== "call") return;
  let json;
  try {
    const { call } = await ready;
    json = call(String(data.name), String(data.args));
  } catch (error) {
    json = JSON.stringify({ ok: false, error: String((error && error.message) || error) });
  }
  postMessage({ type: "answer", id: data.id, json });
};
