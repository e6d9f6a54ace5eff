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

// The snapshot's bytes: inflated if they came gzipped (hosts that send them
// as they are), as they are if the host already decoded them, and read
// whole, without streaming, when the service worker keeps them inflated
// (sw.js marks that copy); then the all-zero pages the build left out put
// back (unsparse).
async function fetchSnapshot(url) {
  const { response, early } = await fetchEarly(url, "militakiriSnapshot");
  let bytes;
  if (response.headers.get(INFLATED_HEADER)) {
    bytes = new Uint8Array(await response.arrayBuffer());
  } else {
    if (early) progress.watch(response); // else window.fetch was watchedFetch
    bytes = await inflate(response.body);
  }
  timing("snapshot-bytes");
  return unsparse(bytes);
}

// A start file asked for early by web/boot/snapshot_early.js (from the
// service worker's cache directly, or the network; window[key]), else here.
async function fetchEarly(url, key) {
  const early = typeof window !== "undefined" && window[key];
  let response = early && early.url === url ? await early.response.catch(() => undefined) : undefined;
  const asked = !!response;
  if (!response) response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return { response, early: asked };
}

// The page's Python is one zip (tools/build.py), imported from where it lies
// (zipimport), not unpacked: unpacking it took ~0.1 s of every start. The
// snapshot already holds its table of contents and most of its modules
// (tools/snapshot.mjs put it at the same place); a fresh start reads it here.
async function installApp(pyodide, bytes) {
  const name = new URL(meta("app")).pathname.split("/").pop();
  const file = `${pyodide.FS.cwd()}/${name}`;
  pyodide.FS.writeFile(file, new Uint8Array(await bytes));
  pyodide.runPython(`import sys\nif ${JSON.stringify(file)} not in sys.path: sys.path.insert(0, ${JSON.stringify(file)})`);
}

// The header sw.js puts on its inflated copy of the snapshot.
const INFLATED_HEADER = "x-militakiri-inflated";

async function inflate(stream) {
  const reader = stream.getReader();
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
  return new Uint8Array(await new Response(raw).arrayBuffer());
}

// The build leaves the snapshot's all-zero pages out (tools/snapshot.mjs,
// sparse: half of 31.5 MB); put them back into a zeroed buffer of the whole
// length. Bytes without the mark pass as they are (Pyodide checks its own).
const SPARSE_MAGIC = 0x31534b4d; // "MKS1"

function unsparse(bytes) {
  if (bytes.length < 12) return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== SPARSE_MAGIC) return bytes;
  const length = view.getUint32(4, true);
  const page = view.getUint32(8, true);
  const count = Math.ceil(length / page);
  const bitmap = bytes.subarray(12, 12 + Math.ceil(count / 32) * 4);
  const memory = new Uint8Array(length);
  let at = 12 + bitmap.length;
  for (let i = 0; i < count; i++) {
    if (!(bitmap[i >> 3] & (1 << (i & 7)))) continue;
    const size = Math.min(page, length - i * page);
    if (at + size > bytes.length) throw new Error("the snapshot is cut short");
    memory.set(bytes.subarray(at, at + size), i * page);
    at += size;
  }
  if (at !== bytes.length) throw new Error("the snapshot has bytes after its last page");
  return memory;
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
  const appURL = meta("app");
  const app = appURL ? fetchEarly(appURL, "militakiriApp").then(({ response }) => response.arrayBuffer()) : null;
  if (app) app.catch(() => {}); // awaited once Pyodide is there: not an unhandled rejection
  if (typeof window !== "undefined") window.fetch = watchedFetch;
  try {
    let pyodide;
    if (snapshotURL) {
      try {
        const snapshot = fetchSnapshot(snapshotURL);
        snapshot.catch(() => {}); // loadPyodide awaits it a moment later: not an unhandled rejection
        pyodide = afterSnapshot(await loadFresh({ ...config, _loadSnapshot: snapshot }));
        timing("restored");
        mark("snapshot");
      } catch (error) {
        console.warn("militakiri: no start from the snapshot, starting afresh:", String(error));
      }
    }
    if (!pyodide) {
      mark("fresh");
      pyodide = await loadFresh(config);
      timing("started");
    }
    if (app) await installApp(pyodide, app);
    return pyodide;
  } finally {
    if (typeof window !== "undefined" && window.fetch === watchedFetch) window.fetch = watchedFetch.original;
    progress.done();
  }
}
