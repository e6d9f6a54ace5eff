// The start snapshot, asked for as soon as the page's head is read.
//
// web/boot/pyodide_start.mjs restores Pyodide from it (tools/start_snapshot.py),
// but PyScript gets there only after its own modules have loaded and run
// (~0.25 s on a later visit, seconds on a phone's first visit). So this
// classic script, written into index.html by the build before the style
// sheets (which would hold it back), starts getting it now and leaves the
// promise in window.militakiriSnapshot for pyodide_start.mjs:
//
// - after a first visit the service worker's cache holds the snapshot,
//   inflated (sw.js): it is read from there directly, not through the worker;
// - else it comes from the network (the file name has its hash, so any
//   copy under that name is the right one).
//
// Nothing here is required: without it (or if it fails), pyodide_start.mjs
// asks for the snapshot itself.
(() => {
  const tag = document.querySelector('meta[name="militakiri-snapshot"]');
  if (!tag) return; // a build without a snapshot
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
  window.militakiriSnapshot = { url, response };
})();
