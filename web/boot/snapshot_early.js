// The start snapshot and the page's Python, asked for as soon as the page's head is read.
//
// web/boot/pyodide_start.mjs restores Pyodide from the snapshot
// (tools/start_snapshot.py) and puts the page's zip on sys.path, but PyScript
// gets there only after its own modules have loaded and run (~0.25 s on a
// later visit, seconds on a phone's first visit). So this classic script,
// written into index.html by the build before the style sheets (which would
// hold it back), starts getting both now and leaves the promises in
// window.militakiriSnapshot and window.militakiriApp for pyodide_start.mjs:
//
// - after a first visit the service worker's cache holds them (the
//   snapshot inflated, sw.js): they are read from there directly, not
//   through the worker;
// - else they come from the network (the file names have their hash, so any
//   copy under that name is the right one).
//
// Nothing here is required: without it (or if it fails), pyodide_start.mjs
// asks for the files itself.
(() => {
  function early(name) {
    const tag = document.querySelector(`meta[name="militakiri-${name}"]`);
    if (!tag) return undefined; // a build without it
    const url = new URL(tag.content, document.baseURI).href;
    let cached;
    try {
      cached = caches.match(url);
    } catch (error) {
      cached = Promise.resolve(undefined); // storage denied (a cross-site iframe)
    }
    const response = cached
      .catch(() => undefined)
      .then((hit) => hit || fetch(url, { credentials: "same-origin" }));
    response.catch(() => {}); // pyodide_start.mjs handles a failure: not an unhandled rejection
    return { url, response };
  }
  window.militakiriSnapshot = early("snapshot");
  window.militakiriApp = early("app");
})();
