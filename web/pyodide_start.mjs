// PyScript's interpreter (pyscript.toml: interpreter = "./web/pyodide_start.mjs"):
// the site's own Pyodide (../pyodide/), started from a memory snapshot when
// this browser has made one.
//
// Most of a start is Python initialising itself inside Pyodide (measured on
// the 2-core test machine: 3.8-4.5 s of a 5 s start, even with V8's code
// cache). A memory snapshot is that initialised state: web/snapshot.mjs makes
// one once, in a worker, after a first visit; from then on this module hands
// it to loadPyodide (`_loadSnapshot`), which restores it in ~0.6-0.9 s
// instead (docs/runtime.md). PyScript and the page then run exactly as after
// a fresh start.
//
// Everything here falls back to the plain start: no Cache Storage (a
// cross-site iframe), no snapshot yet, a snapshot that fails to load (it is
// then deleted), or a page that does not become ready after it (deleted too).
// `html[data-pyodide]` says which start it was: "snapshot" or "fresh".

import { loadPyodide as loadFresh, version } from "../pyodide/pyodide.mjs";
import { forgetSnapshot, readSnapshot } from "./snapshot.mjs";

export { version };

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
// A snapshot start that has not made the page ready by then is not trusted again.
const WATCHDOG_MS = 45_000;

function mark(how) {
  if (typeof document !== "undefined") document.documentElement.dataset.pyodide = how;
}

function watch() {
  if (typeof document === "undefined") return;
  const root = document.documentElement;
  setTimeout(() => {
    if (root.dataset.ready !== "1") {
      console.warn("militakiri: no start from the Pyodide snapshot; it is deleted");
      forgetSnapshot();
    }
  }, WATCHDOG_MS);
}

export async function loadPyodide(options = {}) {
  const config = { ...options, indexURL: INDEX_URL };
  const snapshot = await readSnapshot(version);
  if (snapshot) {
    try {
      const pyodide = await loadFresh({ ...config, _loadSnapshot: snapshot });
      mark("snapshot");
      watch();
      return pyodide;
    } catch (error) {
      console.warn("militakiri: the Pyodide snapshot did not load, starting afresh:", String(error));
      await forgetSnapshot();
    }
  }
  mark("fresh");
  return loadFresh(config);
}
