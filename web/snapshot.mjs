// The Pyodide memory snapshot: where it is kept, and how it is made.
//
// Kept in Cache Storage, in "militakiri-snapshot:<site path>:<Pyodide version>"
// (one entry, ~31 MB): a new Pyodide has a new name, and making a snapshot
// deletes this site's older ones. Made by makeSnapshot() (web/offline.js
// calls it after a first visit, once the service worker has cached the game):
// a module worker (this same file) starts a second Pyodide with
// `_makeSnapshot`, takes `makeMemorySnapshot()` and stores it, then ends. A
// worker, because a Pyodide started with `_makeSnapshot` wraps every JS
// object Python touches in a recording proxy: the page's own Pyodide must
// not run like that. Read by web/pyodide_start.mjs at the next start.
//
// Every call is guarded: without Cache Storage (a cross-site iframe, some
// private modes) there is simply no snapshot.

const SITE = new URL("../", import.meta.url);
const PREFIX = `militakiri-snapshot:${SITE.pathname}:`;
const ENTRY = new URL("pyodide-memory.bin", SITE).href;
// A snapshot is the whole wasm memory: anything much smaller is not one.
const LEAST_BYTES = 1 << 20;

function cacheName(version) {
  return PREFIX + version;
}

export async function readSnapshot(version) {
  try {
    if (!(await hasSnapshot(version))) return null;
    const cache = await caches.open(cacheName(version));
    const response = await cache.match(ENTRY);
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.length >= LEAST_BYTES ? bytes : null;
  } catch (error) {
    return null;
  }
}

export async function hasSnapshot(version) {
  try {
    return typeof caches !== "undefined" && (await caches.has(cacheName(version)));
  } catch (error) {
    return false;
  }
}

export async function forgetSnapshot() {
  try {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX)) await caches.delete(name);
    }
  } catch (error) {
    // nothing kept, nothing to forget
  }
}

async function storeSnapshot(version, bytes) {
  await forgetSnapshot(); // an older Pyodide's, or a half-written one
  const cache = await caches.open(cacheName(version));
  await cache.put(ENTRY, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

// In the page: make a snapshot in a worker; resolves to "ready" or "failed".
export function makeSnapshot() {
  return new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(import.meta.url, { type: "module", name: "militakiri-snapshot" });
    } catch (error) {
      resolve("failed");
      return;
    }
    const done = (result) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = (event) => done(event.data && event.data.ok ? "ready" : "failed");
    worker.onerror = () => done("failed");
  });
}

// In the worker (this file, started by makeSnapshot).
if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
  (async () => {
    try {
      const { loadPyodide, version } = await import("../pyodide/pyodide.mjs");
      const pyodide = await loadPyodide({
        _makeSnapshot: true,
        indexURL: new URL("../pyodide/", import.meta.url).href,
        stdout: () => {},
        stderr: () => {},
      });
      await storeSnapshot(version, pyodide.makeMemorySnapshot());
      self.postMessage({ ok: true });
    } catch (error) {
      self.postMessage({ ok: false, error: String(error) });
    }
  })();
}
