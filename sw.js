// Militakiri's service worker: after one visit the whole game - runtime,
// engine, UI, rules pages - loads and plays with the network off.
//
// tools/build.py writes dist/sw.js from this file, replacing the BUILD line
// with the version stamp and the precache list: every file the game needs,
// with its SHA-256. So:
//
// - A new build is a new sw.js (the browser compares it byte for byte on
//   every visit): it installs beside the old one, fetches every file of the
//   list again (revalidated: never the HTTP cache's old copy) and checks each
//   against its hash. A file that is not exactly the new version's (a
//   half-finished upload, a stale proxy) fails the install; the old version
//   stays in charge and the browser tries again on a later visit.
// - The new version then waits while a page of the old one is open, so no
//   page ever gets a mix of old and new files (a page loading, or one that
//   starts a worker later, asks the worker that served it). It takes over
//   when the old pages are closed, or at once when a page asks for it (the
//   "new version" notice, web/boot/offline.js, which then reloads). Then the old
//   cache is deleted.
// - Caches are named "militakiri:<scope path>:<version>", so two copies of the
//   game on one host (say /games/militakiri/ and /beta/) never touch each
//   other's cache.
// - Answers come from the cache first (instant start, no network needed);
//   anything not in the list goes to the network as usual.
//
// Registered by web/boot/offline.js once the board is ready, and only where the
// browser allows it (not in a cross-site iframe). Its scope is the folder it
// is served from, so the site works under any sub-path.

/* BUILD */ const BUILD = { version: "source", files: {} }; /* END BUILD */

const SCOPE = self.registration.scope;
const PREFIX = "militakiri:" + new URL(SCOPE).pathname + ":";
const CACHE = PREFIX + BUILD.version;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// A stored copy: same body and headers, without the "redirected" mark a
// navigation must not be answered with.
function copy(response, body) {
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

// Every file of this version, checked against its hash: all or nothing.
async function precache() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(Object.entries(BUILD.files).map(async ([path, hash]) => {
      const url = new URL(path, SCOPE).href;
      const response = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      const body = await response.arrayBuffer();
      if (hex(await crypto.subtle.digest("SHA-256", body)) !== hash) {
        throw new Error(`${path} is not the file of version ${BUILD.version}`);
      }
      await cache.put(url, copy(response, body));
      if (path === "index.html") await cache.put(SCOPE, copy(response, body));
    }));
  } catch (error) {
    await caches.delete(CACHE); // never keep half a version
    throw error;
  }
}

// Where the browser has static routes (Chromium), this version's files come
// straight from its cache without starting the worker: a start the next day
// does not wait for the worker to boot (docs/runtime.md). Only URLs without a
// query: a page with ?lang=, ?position=... is answered by the worker below,
// which ignores the query, and a miss goes to the network either way.
function addRoutes(event) {
  if (!event.addRoutes || typeof URLPattern === "undefined") return Promise.resolve();
  const own = new URLPattern({ pathname: new URL(SCOPE).pathname + "*", search: "", baseURL: SCOPE });
  return Promise.resolve(event.addRoutes({ condition: { urlPattern: own, requestMethod: "get" },
                                           source: { cacheName: CACHE } }))
    .catch(() => {}); // the worker's own answers are the same, only slower
}

self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([addRoutes(event), precache()]));
});

// The page's "load the new version" button (web/boot/offline.js).
self.addEventListener("message", (event) => {
  if (event.data === "activate-new-version") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

let opened = null; // this version's cache, opened once per worker start
function ownCache() {
  if (!opened) opened = caches.open(CACHE);
  return opened;
}

async function answer(request) {
  const cache = await ownCache();
  // A page with ?position=, ?lang=, ?embed=... is the same page, and a file
  // of the site asked for with a query (web/boot/ai_worker.js?runtime=pyodide)
  // the same file: every file here is the same whatever its query.
  const hit = await cache.match(request, { ignoreSearch: true });
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(answer(request));
});
