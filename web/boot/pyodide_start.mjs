// PyScript's interpreter (pyscript.toml: interpreter = "./web/boot/pyodide_start.mjs"):
// the site's own Pyodide (../pyodide/), started from the memory snapshot the
// build made (tools/start_snapshot.py), on the page's small standard library.
//
// Most of a first start is CPython initialising inside wasm (~3 s here, ~12 s
// on a slow phone). The snapshot is that initialised state, with the engine
// and the page's plain modules already imported: loadPyodide restores it
// (`_loadSnapshot`) in a fraction of that. index.html names both files in
// <meta name="militakiri-snapshot|stdlib"> and preloads them.
//
// Falls back to a plain start, quietly (a console warning only): an index.html
// without the metas (a build with --no-snapshot), a snapshot that is missing
// or damaged, or one from another Pyodide build (Pyodide checks its build id).
// `html[data-pyodide]` says which start it was: "snapshot" or "fresh".
//
// While the runtime downloads, <progress id="load-progress"> shows how many
// of the start's bytes have arrived (sizes in <meta name="militakiri-bytes">).

import { loadPyodide as loadFresh, version } from "../../pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../../pyodide/", import.meta.url).href;
const GZIP = [0x1f, 0x8b];

function meta(name) {
  if (typeof document === "undefined") return null;
  const tag = document.querySelector(`meta[name="militakiri-${name}"]`);
  return tag ? new URL(tag.content, document.baseURI).href : null;
}

function mark(how) {
  if (typeof document !== "undefined") document.documentElement.dataset.pyodide = how;
}

// Bytes of the start's big files as they arrive, shown in the progress bar.
const progress = (() => {
  const bar = typeof document !== "undefined" && document.getElementById("load-progress");
  const sizes = new Map();
  if (bar) {
    const tag = document.querySelector('meta[name="militakiri-bytes"]');
    for (const item of (tag ? tag.content : "").split(" ").filter(Boolean)) {
      const at = item.lastIndexOf("=");
      sizes.set(new URL(item.slice(0, at), document.baseURI).href, Number(item.slice(at + 1)));
    }
  }
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  let received = 0;
  const add = (n) => {
    received += n;
    bar.value = Math.min(received / total, 1);
  };
  return {
    // Counts a response's body (a clone of it: the caller's stream is untouched).
    watch(response) {
      if (!total || !sizes.has(response.url) || !response.body) return;
      const reader = response.clone().body.getReader();
      const pump = () => reader.read().then(({ done, value }) => {
        if (!done) {
          add(value.length);
          return pump();
        }
      }).catch(() => {});
      pump();
    },
    done() {
      if (bar) bar.value = 1;
    },
  };
})();

// The runtime's own fetches (the wasm, the standard library) go through here
// while Pyodide loads, so the progress bar sees them too.
async function watchedFetch(...args) {
  const response = await watchedFetch.original(...args);
  progress.watch(response);
  return response;
}
watchedFetch.original = globalThis.fetch.bind(globalThis);

// The snapshot's bytes, inflated if they came gzipped (hosts that send them
// as they are) and as they are if the host already decoded them.
async function fetchSnapshot(url) {
  // Asked for early by web/boot/snapshot_early.js (from the service worker's
  // cache directly, or the network), else here.
  const early = typeof window !== "undefined" && window.militakiriSnapshot;
  let response = early && early.url === url ? await early.response.catch(() => undefined) : undefined;
  if (response) progress.watch(response);
  else response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.value || new Uint8Array();
  const body = new ReadableStream({
    start(controller) {
      if (!first.done) controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  const gzipped = head[0] === GZIP[0] && head[1] === GZIP[1];
  const raw = gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body;
  const bytes = new Uint8Array(await new Response(raw).arrayBuffer());
  timing("snapshot-bytes");
  return bytes;
}

// Python's `random` was seeded when the snapshot was made: every visitor
// would roll the same dice. Seed it again from the browser's randomness.
function afterSnapshot(pyodide) {
  pyodide.runPython("import random; random.seed()");
  return pyodide;
}

// Marks for bench/load.py and the browser's profiler: where a start spends its time.
function timing(name) {
  if (typeof performance !== "undefined" && performance.mark) performance.mark(`militakiri:${name}`);
}

timing("module");

export async function loadPyodide(options = {}) {
  timing("runtime");
  const stdlib = meta("stdlib");
  const config = { ...options, indexURL: INDEX_URL, ...(stdlib ? { stdLibURL: stdlib } : {}) };
  const snapshotURL = meta("snapshot");
  if (typeof window !== "undefined") window.fetch = watchedFetch;
  try {
    if (snapshotURL) {
      try {
        const snapshot = fetchSnapshot(snapshotURL);
        snapshot.catch(() => {}); // loadPyodide awaits it a moment later: not an unhandled rejection
        const pyodide = await loadFresh({ ...config, _loadSnapshot: snapshot });
        timing("restored");
        mark("snapshot");
        return afterSnapshot(pyodide);
      } catch (error) {
        console.warn("militakiri: no start from the snapshot, starting afresh:", String(error));
      }
    }
    mark("fresh");
    const pyodide = await loadFresh(config);
    timing("started");
    return pyodide;
  } finally {
    if (typeof window !== "undefined" && window.fetch === watchedFetch) window.fetch = watchedFetch.original;
    progress.done();
  }
}
