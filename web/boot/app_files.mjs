/* The page's Python, mounted into PyScript's MicroPython before web/main.py runs.
 *
 * index.html names the image (<meta name="militakiri-page">: the engine and
 * the page as MicroPython bytecode in a ROMFS image, tools/build.py). It is
 * fetched and gunzipped here as it arrives, alongside MicroPython itself, and
 * mounted by PyScript's hook that runs before an async script (web/main.py's
 * <script type="mpy" async>): web/boot/romfs.mjs.
 */
import { hooks } from "../../pyscript/core.js";
import { fetchRomfs, mountRomfs } from "./romfs.mjs";

const meta = document.querySelector('meta[name="militakiri-page"]');
const image = meta ? fetchRomfs(new URL(meta.content, document.baseURI).href) : null;

hooks.main.onBeforeRunAsync.add(async ({ interpreter }) => {
  if (image) mountRomfs(interpreter, await image);
  performance.mark("militakiri:files");
});
