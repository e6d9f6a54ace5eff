"""Standard library modules the start did not need, fetched when first imported.

The page starts on a small standard library zip: the modules its start
imports (tools/start_snapshot.py), not Pyodide's whole 2.5 MB
``python_stdlib.zip``. If later code imports another standard library
module (``sys.stdlib_module_names``), this finder, last on ``sys.meta_path``,
fetches the whole zip once, synchronously (the import statement cannot
wait), keeps it in the file system and imports from it. Then
``html[data-stdlib="whole"]`` says it happened: a test fails on it, since
every module the page needs should be in tools/stdlib_start.txt.
"""

from __future__ import annotations

import sys
import zipimport

WHOLE = "/lib/python_stdlib_whole.zip"

# A synchronous XMLHttpRequest cannot return an ArrayBuffer on a page; a
# user-defined charset passes the bytes through as the low byte of each character.
_FETCH = """(url) => {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.overrideMimeType("text/plain; charset=x-user-defined");
  request.send();
  if (request.status !== 200) return null;
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}"""


class WholeStdlib:
    """A meta path finder for the standard library modules the small zip lacks."""

    def __init__(self, url: str, whole: str = WHOLE) -> None:
        self.url = url
        self.whole = whole
        self.importer: zipimport.zipimporter | None = None
        self.failed = False

    def _load(self) -> zipimport.zipimporter | None:
        if self.importer is None and not self.failed:
            from js import document
            from pyodide.code import run_js

            try:
                data = run_js(_FETCH)(self.url)
            except Exception:  # offline (a synchronous request never reaches the service worker)
                return None  # a plain ImportError now; the next import tries again
            if data is None:
                self.failed = True  # not on this site: a plain ImportError from now on
                return None
            with open(self.whole, "wb") as file:
                file.write(data.to_bytes())
            self.importer = zipimport.zipimporter(self.whole)
            document.documentElement.setAttribute("data-stdlib", "whole")
        return self.importer

    def find_spec(self, name: str, path=None, target=None):
        if name.partition(".")[0] not in sys.stdlib_module_names:
            return None
        importer = self._load()
        if importer is None:
            return None
        folder = name.rpartition(".")[0].replace(".", "/")
        return (zipimport.zipimporter(f"{self.whole}/{folder}/") if folder else importer).find_spec(name, target)


def install() -> None:
    """Fetch missing standard library modules from the site's ``pyodide/python_stdlib.zip``."""
    from js import URL, document

    if not any(isinstance(finder, WholeStdlib) for finder in sys.meta_path):
        sys.meta_path.append(WholeStdlib(URL.new("./pyodide/python_stdlib.zip", document.baseURI).href))
