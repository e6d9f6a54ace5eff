"""tools/build.py and tools/serve.py: a static, relative-URL, CDN-free site."""

from __future__ import annotations

import shutil
import re
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
                "pyscript/core.js", "pyscript/core.css",
                "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip",
                "pyodide/pyodide-lock.json"]:
        assert (out / rel).is_file(), rel
    # Every module of the engine, found by glob: nothing to edit when one is added.
    expected = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "militakiri").rglob("*.py")
                      if "__pycache__" not in p.parts)
    assert summary["engine_modules"] == expected
    for rel in expected:
        assert (out / rel).read_bytes() == (ROOT / rel).read_bytes()


def test_config_maps_every_module(built):
    """One zip holds every module of the page's Python, with its bytecode
    where zipimport looks for it (beside the source); index.html names it
    for web/boot/pyodide_start.mjs, which puts it on sys.path, and PyScript
    unpacks nothing ([files] is for unbundled builds)."""
    out, summary = built
    config = tomllib.loads((out / "pyscript.toml").read_text())
    assert config["interpreter"] == "./web/boot/pyodide_start.mjs"  # wraps ./pyodide/pyodide.mjs
    assert (out / "web" / "boot" / "pyodide_start.mjs").is_file()
    assert "files" not in config
    assert f'<meta name="militakiri-app" content="./{summary["bundle"]}">' in (out / "index.html").read_text()
    names = set(zipfile.ZipFile(out / summary["bundle"]).namelist())
    table = site_build.files_table(ROOT)
    assert {path.removeprefix("./") for path in table.values()} <= names
    # The engine and the page as packages, where the repository has them.
    for rel in summary["engine_modules"] + summary["web_modules"]:
        if rel == "web/main.py":
            assert rel not in names  # the page's entry point is its own <script>
            continue
        assert rel in names and table[f"./{rel}"] == f"./{rel}"
        assert f"{rel[:-3]}.pyc" in names
    assert "web/model/ui_state.pyc" in names
    assert not [n for n in names if "__pycache__" in n]


def test_unbundled_build_maps_every_file(tmp_path):
    summary = site_build.build(tmp_path / "dist", bundle=False)
    files = tomllib.loads((tmp_path / "dist" / "pyscript.toml").read_text())["files"]
    for rel in summary["engine_modules"]:
        assert files[f"./{rel}"] == f"./{rel}"
    for url in files:
        assert url.startswith("./") and (tmp_path / "dist" / url).is_file(), url


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
    """A module added to militakiri/ (or web/) is shipped and mapped automatically."""
    root = tmp_path / "repo"
    # The engine and the page as they are (the build asks the page's modules
    # about its first stage, and the start snapshot imports them all:
    # tools/start_snapshot.py stops on one that fails), then new modules.
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
    for name in ["index.html", "pyscript.toml"]:
        (root / name).write_text((ROOT / name).read_text())
    (root / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)

    summary = site_build.build(root / "dist", root=root)
    assert "files" not in tomllib.loads((root / "dist" / "pyscript.toml").read_text())
    names = zipfile.ZipFile(root / "dist" / summary["bundle"]).namelist()
    # The page as the package web, as in the repository; main.py is the page's script, not in the zip.
    assert {n for n in names if n.endswith(".py")} == {
        *shipped, "militakiri/brand_new.py", "militakiri/sub/__init__.py", "web/ui/brand_new.py"}
    assert "militakiri/sub/__init__.pyc" in names
    assert (root / "dist" / "militakiri" / "brand_new.py").is_file()
    assert summary["engine_modules"][-1] == "militakiri/sub/__init__.py"


def test_build_rejects_hand_written_files_table_and_absolute_urls():
    with pytest.raises(site_build.BuildError):
        site_build.render_config('interpreter = "./pyodide/pyodide.mjs"\n[files]\n"a" = "b"\n', {})
    with pytest.raises(site_build.BuildError):
        site_build.render_config('interpreter = "/pyodide/pyodide.mjs"\n', {})


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
