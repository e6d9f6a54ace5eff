// Offline play: register the service worker (sw.js at the site's root,
// written by tools/build.py) once the board is ready.
//
// - Off the start path: installing it fetches the whole game (about 15 MB,
//   revalidated, mostly 304s after a first visit), so it waits until
//   html[data-ready="1"]: the board is drawn and playable first.
// - Only where it is allowed: a secure context (https or localhost), a
//   browser with service workers, and not inside a frame of another site
//   (there the browser denies or partitions it). Every call is guarded and a
//   refused or failed registration only means "no offline copy": it never
//   stops or slows the game.
//
// html[data-offline] says what happened, for tests and the curious:
// "off" (not allowed here), "installing", "ready" (the whole game is cached),
// "failed".
//
// Then, once per Pyodide version, a memory snapshot of a started Pyodide is
// made in a worker (web/snapshot.mjs) for the next starts, which skip most of
// Python's own start-up (web/pyodide_start.mjs): html[data-snapshot] is
// "making", then "ready" (or "failed"; "kept" when there is one already).
//
// A new version (a new build on the server) installs in the background and
// waits while this page is open: a page never mixes two versions' files.
// Then the notice #update offers to load it now (html[data-update="waiting"]);
// its button lets the new version take over and reloads the page (the game
// in progress is kept by the autosave where storage is allowed).

const root = document.documentElement;

function allowed() {
  try {
    if (!window.isSecureContext || !("serviceWorker" in navigator) || !navigator.serviceWorker) {
      return false;
    }
    if (window.top !== window.self) {
      void window.top.location.href; // throws for a parent of another origin
    }
    return true;
  } catch (error) {
    return false;
  }
}

async function register() {
  if (!allowed()) {
    root.dataset.offline = "off";
    return;
  }
  try {
    root.dataset.offline = "installing";
    // The site's root is this file's parent folder, whatever the sub-path.
    const registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url), {
      updateViaCache: "none",
    });
    if (!registration) { // a browser (or test harness) that blocks service workers
      root.dataset.offline = "off";
      return;
    }
    offerUpdates(registration);
    await navigator.serviceWorker.ready;
    if (registration.active) root.dataset.offline = "ready";
  } catch (error) {
    root.dataset.offline = "failed";
    console.info("militakiri: no offline copy:", String(error && error.message || error));
    return;
  }
  try {
    await snapshotOnce();
  } catch (error) {
    root.dataset.snapshot = "failed";
  }
}

// After the whole game is cached: Pyodide's files come from the cache, and
// the worker's start (a few seconds of one core) waits for a quiet moment.
async function snapshotOnce() {
  const { version } = await import("../pyodide/pyodide.mjs");
  const { hasSnapshot, makeSnapshot } = await import("./snapshot.mjs");
  if (await hasSnapshot(version)) {
    root.dataset.snapshot = "kept";
    return;
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  root.dataset.snapshot = "making";
  root.dataset.snapshot = await makeSnapshot();
}

function offerUpdates(registration) {
  const notice = document.getElementById("update");
  const button = document.getElementById("btn-update");
  let asked = false;
  const show = () => {
    // Only a page that an older version controls has something to update.
    if (registration.waiting && navigator.serviceWorker.controller) {
      root.dataset.update = "waiting";
      if (notice) notice.hidden = false;
    }
  };
  show();
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (worker) worker.addEventListener("statechange", () => { if (worker.state === "installed") show(); });
  });
  if (button) {
    button.disabled = false;
    button.addEventListener("click", () => {
      if (!registration.waiting) return;
      asked = true;
      registration.waiting.postMessage("activate-new-version");
    });
  }
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (asked) location.reload();
  });
}

function whenReady(callback) {
  if (root.dataset.ready === "1") {
    callback();
    return;
  }
  const observer = new MutationObserver(() => {
    if (root.dataset.ready === "1") {
      observer.disconnect();
      callback();
    }
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

try {
  whenReady(() => { register(); });
} catch (error) {
  root.dataset.offline = "failed";
}
