"""tools/build.py and tools/serve.py: a static, relative-URL, CDN-free site."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import tomllib
import urllib.request
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import build as site_build
from tools.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]

# Hosts that serve Pyodide/PyScript/npm files; none may appear in a URL in the repo.
# Loopback only, whatever proxy the environment names.
_open = urllib.request.build_opener(urllib.request.ProxyHandler({})).open

CDN_URL = re.compile(r"https?://[^\s\"'<>]*(?:jsdelivr|unpkg|cdnjs|pyscript\.net|esm\.sh|skypack|jspm)", re.I)


class _Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        for name, value in attrs:
            if name in ("src", "href", "config") and value:
                self.refs.append(value)


def test_layout(built):
    out, summary = built
    for rel in ["index.html", "pyscript.toml", "web/main.py", "militakiri/__init__.py",
                "pyscript/core.js", "pyscript/core.css", "web/boot/ai_worker.js",
                "micropython/micropython.mjs", "micropython/micropython.wasm",
                "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip",
                "pyodide/pyodide-lock.json"]:
        assert (out / rel).is_file(), rel
    # Every module of the engine, found by glob: nothing to edit when one is added.
    expected = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "militakiri").rglob("*.py")
                      if "__pycache__" not in p.parts)
    assert summary["engine_modules"] == expected
    for rel in expected:
        assert (out / rel).read_bytes() == (ROOT / rel).read_bytes()
    # What the old start made is gone: no snapshot, no first stage in JS.
    assert not list(out.glob("pyodide/memory-*")) and not list(out.glob("pyodide/stdlib-*"))
    assert not (out / "web" / "boot" / "first_stage.js").exists()


#: Lists the files of the image mounted at /rom, one per line (tools/mpy_run.mjs --romfs).
_LIST_ROM = """
import os
def walk(folder):
    for name, kind, *_ in os.ilistdir(folder):
        path = folder + "/" + name
        if kind == 0x4000:
            yield from walk(path)
        else:
            yield path
for path in sorted(walk("/rom")):
    print(path[len("/rom/"):])
with open("/rom/militakiri/game.mpy", "rb") as handle:
    print(handle.read(2))
import militakiri, web.ui
print(militakiri.__file__)
"""


def test_the_page_runs_on_micropython_with_its_python_in_one_image(built):
    """PyScript's MicroPython from this site; the page's Python as MicroPython
    bytecode in one ROMFS image (web/boot/romfs.mjs mounts it), the sources in
    a zip for the computer's Pyodide; index.html names both. The image is
    read by MicroPython itself, mounted as the page mounts it."""
    out, summary = built
    config = tomllib.loads((out / "pyscript.toml").read_text())
    assert config["interpreter"] == "./micropython/micropython.mjs"
    assert "files" not in config
    page = (out / "index.html").read_text()
    assert '<script type="mpy" async src="./web/main.py" config="./pyscript.toml"></script>' in page
    assert f'<meta name="militakiri-page" content="./{summary["page_bundle"]}">' in page
    assert f'<meta name="militakiri-app" content="./{summary["bundle"]}">' in page
    # PyScript comes in through app_files.mjs's import alone: one module graph,
    # so the image's hook is added before PyScript can start main.py.
    assert 'src="./web/boot/app_files.mjs"' in page and 'src="./pyscript/core.js"' not in page
    assert "<!-- slot:" not in page
    sources = set(zipfile.ZipFile(out / summary["bundle"]).namelist())
    assert sources == set(summary["engine_modules"] + summary["web_modules"])
    assert "web/main.py" not in sources  # the page's entry point is its own <script>
    assert summary["page_bundle"].endswith(".romfs.gz") and (out / summary["page_bundle"]).read_bytes()[:2] == b"\x1f\x8b"
    listed = subprocess.run(["node", str(ROOT / "tools" / "mpy_run.mjs"), "--romfs", str(out / summary["page_bundle"]),
                             "-c", _LIST_ROM], capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0, listed.stderr
    *files, magic, where = listed.stdout.splitlines()
    stubs = {n for n in sources if n.startswith("web/boot/micropython/")}
    assert stubs == {"web/boot/micropython/__future__.py", "web/boot/micropython/typing.py"}
    pyscript = {f"pyscript/{name[:-3]}.mpy" for name in ("__init__.py", "ffi.py", "context.py", "display.py")}
    assert pyscript <= set(files)  # PyScript's own package, as its core writes it (pyscript_package)
    assert set(files) - {f for f in files if f.startswith("pyscript/")} == \
        {n[:-3] + ".mpy" for n in sources - stubs} | stubs
    # .mpy files, version 6, imported from the image.
    assert magic == "b'M\\x06'"
    assert where == "/rom/militakiri/__init__.mpy"
    assert not [n for n in sources | set(files) if "__pycache__" in n or n.endswith(".pyc")]


def test_the_zip_is_the_same_for_the_same_sources():
    sources = {"b.py": b"B = 2\n", "a/__init__.py": b""}
    assert site_build.make_bundle(sources) == site_build.make_bundle(dict(reversed(sources.items())))
    assert zipfile.ZipFile(io.BytesIO(site_build.make_bundle(sources))).namelist() == ["a/__init__.py", "b.py"]


def test_pyscript_package_is_the_text_the_served_core_writes(tmp_path):
    """The image's copy of PyScript's package is compiled from the very texts
    the served core.js writes; a different text is refused."""
    package = site_build.pyscript_package(ROOT)
    assert "pyscript/__init__.py" in package and "pyscript/ffi.py" in package
    assert all(name.startswith("pyscript/") and name.endswith(".py") for name in package)
    fake = tmp_path / "root"
    artifact = fake / site_build.PYSCRIPT_PACKAGE
    artifact.parent.mkdir(parents=True)
    artifact.write_text('export default {"pyscript": {"ffi.py": "print(1)"}};')
    (fake / site_build.PYSCRIPT).mkdir(parents=True)
    (fake / site_build.PYSCRIPT / "core.js").write_text('const lib = {"ffi.py": "print(2)"};')
    with pytest.raises(site_build.BuildError, match="not the text"):
        site_build.pyscript_package(fake)
    (fake / site_build.PYSCRIPT / "core.js").write_text('const lib = {"ffi.py": "print(1)"};')
    assert site_build.pyscript_package(fake) == {"pyscript/ffi.py": b"print(1)"}


def test_the_image_is_the_same_for_the_same_files():
    files = {"b.mpy": b"M\x06", "a/__init__.mpy": b"M\x06", "a/c.py": b"C = 3\n"}
    image = site_build.make_romfs(files)
    assert image == site_build.make_romfs(dict(reversed(files.items())))
    assert image != site_build.make_romfs({**files, "a/c.py": b"C = 4\n"})


def test_each_slot_is_filled_once():
    assert site_build.fill_slot("<!-- slot:a --><!-- slot:b -->", "a", "A") == "A<!-- slot:b -->"
    for page in ("<p></p>", "<!-- slot:a --><!-- slot:a -->"):
        with pytest.raises(site_build.BuildError, match="exactly one <!-- slot:a -->"):
            site_build.fill_slot(page, "a", "A")


def test_the_build_is_a_list_of_named_steps():
    assert [step.__name__ for step in site_build.STEPS] == [
        "check_sources", "bundle_python", "write_config", "copy_runtimes", "copy_static", "render_page",
        "write_page_and_worker"]
    assert all(step.__doc__ for step in site_build.STEPS)


def test_index_references_exist_and_are_relative(built):
    out, _ = built
    parser = _Refs()
    parser.feed((out / "index.html").read_text())
    refs = [r for r in parser.refs if not r.startswith("data:")]
    assert refs, "no references parsed"
    for ref in refs:
        assert ref.startswith("./"), f"not relative: {ref}"
        assert (out / ref).is_file(), f"missing in dist: {ref}"


def test_new_module_needs_no_edit(tmp_path):
    """A module added to militakiri/ (or web/) is shipped in the zip automatically."""
    root = tmp_path / "repo"
    for package in ("militakiri", "web"):
        shutil.copytree(ROOT / package, root / package, ignore=shutil.ignore_patterns("__pycache__"))
    shipped = {p.relative_to(root).as_posix() for package in ("militakiri", "web")
               for p in (root / package).rglob("*.py")} - {"web/main.py"}
    (root / "militakiri" / "sub").mkdir()
    (root / "militakiri" / "brand_new.py").write_text("X = 1\n")
    (root / "militakiri" / "sub" / "__init__.py").write_text("")
    (root / "militakiri" / "__pycache__").mkdir()
    (root / "militakiri" / "__pycache__" / "junk.py").write_text("")
    (root / "web" / "ui" / "brand_new.py").write_text("")
    for name in ["index.html", "pyscript.toml", "sw.js"]:
        (root / name).write_text((ROOT / name).read_text())
    (root / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)

    summary = site_build.build(root / "dist", root=root)
    names = zipfile.ZipFile(root / "dist" / summary["bundle"]).namelist()
    assert set(names) == {*shipped, "militakiri/brand_new.py", "militakiri/sub/__init__.py", "web/ui/brand_new.py"}
    assert (root / "dist" / "militakiri" / "brand_new.py").is_file()
    assert "militakiri/sub/__init__.py" in summary["engine_modules"]


def test_build_rejects_hand_written_files_table_and_absolute_urls(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    (root / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    for name in ("index.html", "sw.js"):
        (root / name).write_text((ROOT / name).read_text())
    site = site_build.Site(root, root / "dist")
    site.bundle = "app-x.zip"
    (root / "dist").mkdir()
    (root / "pyscript.toml").write_text('interpreter = "./micropython/micropython.mjs"\n[files]\n"a" = "b"\n')
    with pytest.raises(site_build.BuildError, match="must not define"):
        site_build.write_config(site)
    (root / "pyscript.toml").write_text('interpreter = "/micropython/micropython.mjs"\n')
    with pytest.raises(site_build.BuildError, match="relative"):
        site_build.write_config(site)
    (root / "index.html").write_text('<html><head><script src="/pyscript/core.js"></script></head></html>')
    with pytest.raises(site_build.BuildError, match="absolute URLs"):
        site_build.check_sources(site)


def test_no_cdn_url_in_the_repo():
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    hits = []
    for rel in filter(None, tracked.decode().split("\0")):
        path = ROOT / rel
        if not path.is_file() or path.stat().st_size > 2_000_000:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        hits += [f"{rel}: {m.group(0)}" for m in CDN_URL.finditer(text)]
    assert not hits, hits


def test_server_mime_types(built):
    out, _ = built
    server, port = serve_in_thread(out)
    try:
        def ctype(rel: str) -> str:
            with _open(f"http://127.0.0.1:{port}/{rel}") as resp:
                return resp.headers["Content-Type"]

        assert ctype("").startswith("text/html")
        assert ctype("pyodide/pyodide.mjs").startswith("text/javascript")
        assert ctype("pyodide/pyodide.asm.mjs").startswith("text/javascript")
        assert ctype("pyscript/core.js").startswith("text/javascript")
        assert ctype("pyscript/core.css").startswith("text/css")
        assert ctype("pyodide/pyodide.asm.wasm") == "application/wasm"
        assert ctype("pyodide/pyodide-lock.json").startswith("application/json")
        assert ctype("pyodide/python_stdlib.zip") == "application/zip"
        assert ctype("pyscript.toml").startswith(("text/plain", "application/toml"))
    finally:
        server.shutdown()
        server.server_close()


def test_serve_cli_prints_address_first(built):
    out, _ = built
    proc = subprocess.Popen([sys.executable, str(ROOT / "tools" / "serve.py"), str(out), "--port", "0", "--quiet"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        first = proc.stdout.readline().strip()
        assert re.fullmatch(r"http://localhost:\d+/", first), first
        port = first.rsplit(":", 1)[1].rstrip("/")
        with _open(f"http://127.0.0.1:{port}/index.html") as resp:
            assert resp.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=10)
