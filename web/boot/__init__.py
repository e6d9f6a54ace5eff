"""The start: what runs before and beside the game's Python. JavaScript that
mounts the page's bytecode (romfs.mjs), the service worker's glue
(offline.js), the computer's worker (ai_worker.js), and the one-line modules
MicroPython lacks (micropython/)."""
