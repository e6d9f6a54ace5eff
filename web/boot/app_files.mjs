/* The page's Python, written into PyScript's MicroPython before web/main.py runs.
 *
 * index.html names the zip (<meta name="militakiri-page">: the engine and the
 * page compiled for MicroPython by tools/build.py). It is fetched and inflated
 * here as the page is read, alongside MicroPython itself, and written into the
 * interpreter's file system by PyScript's hook that runs before an async
 * script (web/main.py's <script type="mpy" async>). PyScript's own [files]
 * table unpacks a zip with a zip library in JavaScript, which took ~0.4 s of
 * a desktop start for this zip; the browser's DecompressionStream takes a few
 * milliseconds (docs/runtime.md).
 */
import { hooks } from "../../pyscript/core.js";
import { fetchZip, writeFiles } from "./unzip.mjs";

const meta = document.querySelector('meta[name="militakiri-page"]');
const files = meta ? fetchZip(new URL(meta.content, document.baseURI).href) : Promise.resolve({});

hooks.main.onBeforeRunAsync.add(async ({ interpreter }) => {
  writeFiles(interpreter.FS, "/", await files);
  performance.mark("militakiri:files");
});
