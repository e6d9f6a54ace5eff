/* The files of a zip, inflated by the browser itself (DecompressionStream).
 *
 * The page's Python comes as one zip (tools/build.py); web/boot/app_files.mjs
 * writes it into the page's MicroPython and web/boot/ai_worker.js into the
 * computer's interpreters. Only what a zip of the build has: stored or
 * deflated entries, no encryption, no zip64.
 */

/** {path: Uint8Array} of the zip in ``buffer`` (an ArrayBuffer). */
export async function unzip(buffer) {
  const view = new DataView(buffer);
  let end = buffer.byteLength - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("not a zip: no end of central directory");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("a damaged zip: bad central directory");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(new Uint8Array(buffer, at + 46, nameLength));
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push([name, method, new Uint8Array(buffer, start, size)]);
    at += 46 + skip;
  }
  const files = {};
  await Promise.all(entries.map(async ([name, method, data]) => {
    if (name.includes("..") || name.startsWith("/")) throw new Error(`a zip entry outside its folder: ${name}`);
    if (method === 0) files[name] = data;
    else if (method === 8) {
      const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      files[name] = new Uint8Array(await new Response(stream).arrayBuffer());
    } else throw new Error(`${name}: zip compression ${method} is not read here`);
  }));
  return files;
}

/** Writes ``files`` ({path: bytes}) below ``home`` (ending in "/") of an Emscripten FS. */
export function writeFiles(FS, home, files) {
  for (const path of Object.keys(files).sort()) {
    const parts = (home + path).split("/");
    for (let i = 2; i < parts.length; i += 1) {
      try { FS.mkdir(parts.slice(0, i).join("/")); } catch { /* it exists */ }
    }
    FS.writeFile(home + path, files[path]);
  }
}

/** The files of the zip at ``url``, fetched and inflated. */
export async function fetchZip(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return unzip(await response.arrayBuffer());
}
