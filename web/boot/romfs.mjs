/* The page's Python as a MicroPython ROMFS image: fetched, then mounted.
 *
 * tools/build.py compiles militakiri/ and web/ to bytecode and packs it into
 * one read-only image (page-<hash>.romfs.gz, the format of `mpremote romfs
 * build`). Mounted at /rom, MicroPython imports the bytecode where it lies:
 * no file is written into its file system, and the search for a module
 * stays in C (a miss in the JavaScript file system costs an Error with its
 * stack). web/boot/app_files.mjs mounts it in the page, web/boot/ai_worker.js
 * in the computer's MicroPython worker.
 */

/** The image at ``url`` as bytes, gunzipped by the browser while they arrive.
 * A host that sends the .gz with Content-Encoding gzip has already unpacked it:
 * the image is then taken as it is (gzip's magic bytes tell). */
export async function fetchRomfs(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  if (first.done) throw new Error(`${url}: empty`);
  const body = new ReadableStream({
    start(controller) { controller.enqueue(first.value); },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close(); else controller.enqueue(value);
    },
  });
  const gzipped = first.value[0] === 0x1f && first.value[1] === 0x8b;
  const stream = gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body;
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Mounts ``image`` at /rom of a started MicroPython (loadMicroPython's
 * result, also PyScript's interpreter), first on sys.path; the one-line
 * modules MicroPython lacks (web/boot/micropython) last. The file system's
 * entries ('' and /lib) leave the path: they hold no module of ours, and
 * MicroPython looks for an extensible built-in such as json on the path at
 * every import, each miss there a JavaScript Error with its stack (133
 * misses before the page was ready, ~30 ms at CPU 4x). */
export function mountRomfs(mp, image) {
  const module = mp._module;
  const address = module._malloc(image.length); // kept for the page's life: the code runs from it
  module.HEAPU8.set(image, address);
  module.ccall("mp_js_register_romfs", "null", ["pointer", "number"], [address, image.length]);
  mp.runPython([
    "import sys, vfs",
    'vfs.mount(vfs.VfsRom(vfs.rom_ioctl(2, 0)), "/rom")',
    'sys.path[:] = ["/rom"] + [p for p in sys.path if p == ".frozen"] + ["/rom/web/boot/micropython"]',
  ].join("\n"));
}
