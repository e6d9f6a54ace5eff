// Offline play: register the service worker (sw.js at the site's root,
// written by tools/build.py) once the board is ready.
//
// - Off the start path: installing it fetches the whole game (about 15 MB,
//   revalidated, mostly 304s after a first visit; most of it the computer's
//   Pyodide), so it waits until the page has settled: html[data-ready="1"]
//   (the board is playable), then the first move of a game
//   (html[data-moved], web/ui/session.py) or SETTLE_MS, whichever comes
//   first. On a phone's network the first move never waits for those bytes.
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
    // The site's root is two folders up from this file, whatever the sub-path.
    const registration = await navigator.serviceWorker.register(new URL("../../sw.js", import.meta.url), {
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
  }
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

/** Milliseconds after html[data-ready] when the worker is registered without a move. */
const SETTLE_MS = 15000;

// Calls callback once, at the first move or SETTLE_MS after ready.
function whenSettled(callback) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    callback();
  };
  const observer = new MutationObserver(() => { if ("moved" in root.dataset) once(); });
  observer.observe(root, { attributes: true, attributeFilter: ["data-moved"] });
  if ("moved" in root.dataset) once();
  setTimeout(once, SETTLE_MS);
}

try {
  whenReady(() => whenSettled(() => { register(); }));
} catch (error) {
  root.dataset.offline = "failed";
}
