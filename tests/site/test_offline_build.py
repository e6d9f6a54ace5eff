"""The build's offline parts: sw.js and its precache list, the version stamp,
preload hints, the web manifest and icons, the rules pages."""

from __future__ import annotations

import hashlib
import json
import re
import struct
from html.parser import HTMLParser
from pathlib import Path

import pytest

from militakiri.notation import compose_position
from tools import build as site_build
from tools import rules as rules_pages

ROOT = Path(__file__).resolve().parents[2]


def sw_build(out: Path) -> dict:
    text = (out / "sw.js").read_text()
    match = re.search(r"/\* BUILD \*/ const BUILD = (.*?); /\* END BUILD \*/", text, re.S)
    assert match, "sw.js has no BUILD line"
    return json.loads(match.group(1))


def test_precache_list_is_every_file_the_game_needs_with_its_hash(built):
    out, summary = built
    build = sw_build(out)
    assert build["version"] == summary["version"] and build["files"] == summary["precache"]
    files = build["files"]
    for rel, digest in files.items():
        assert hashlib.sha256((out / rel).read_bytes()).hexdigest() == digest, rel
    needed = {"index.html", "pyscript.toml", summary["bundle"], "web/main.py", "web/style.css",
              "web/boot/offline.js", "web/boot/ai_worker.js", "manifest.webmanifest", "icons/icon-192.png",
              "rules/en.html", "rules/nl.html", "rules/rules.css", "pyscript/core.js", "pyscript/core.css",
              *(f"micropython/{name}" for name in site_build.MICROPYTHON_FILES),
              *(f"pyodide/{name}" for name in site_build.PYODIDE_FILES)}
    assert needed <= set(files), needed - set(files)
    # Not the sources the zip already holds, not source maps, not the worker itself.
    assert not [f for f in files if f.endswith(".map") or f.startswith("militakiri/") or f == "sw.js"]
    assert not [f for f in files if f.startswith("web/") and f.endswith(".py") and f != "web/main.py"]
    # Everything else in dist/ is in the list.
    rest = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()} - set(files)
    assert all(r.endswith((".map", ".py")) or r == "sw.js" for r in rest), rest


def test_version_is_a_hash_of_the_files_or_the_given_stamp(built, tmp_path):
    out, summary = built
    again = site_build.build(tmp_path / "again")
    assert again["version"] == summary["version"]  # nothing changed: same cache
    stamped = site_build.build(tmp_path / "stamped", version="2026.11.22-b")
    assert stamped["version"] == "2026.11.22-b" == sw_build(tmp_path / "stamped")["version"]
    html = (tmp_path / "stamped" / "index.html").read_text()
    assert '<meta name="militakiri-version" content="2026.11.22-b">' in html
    assert stamped["precache"]["index.html"] != summary["precache"]["index.html"]
    with pytest.raises(site_build.BuildError):
        site_build.build(tmp_path / "bad", version="no spaces/please")


def test_service_worker_template_is_replaced_once():
    template = (ROOT / "sw.js").read_text()
    assert len(site_build.SW_BUILD_LINE.findall(template)) == 1
    # Cache names carry the scope's path: two copies on one host keep apart.
    assert 'PREFIX = "militakiri:" + new URL(SCOPE).pathname' in template


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict] = []

    def handle_starttag(self, tag, attrs) -> None:
        if tag == "link":
            self.links.append(dict(attrs))


def test_index_preloads_what_the_start_fetches(built):
    """PyScript's start chunks, MicroPython, the config and the zip: the
    start's chain asked for at once. Nothing of Pyodide: the page never
    waits for it."""
    out, summary = built
    parser = _Links()
    parser.feed((out / "index.html").read_text())
    modules = [a["href"] for a in parser.links if a.get("rel") == "modulepreload"]
    fetches = [a["href"] for a in parser.links if a.get("rel") == "preload"]
    for href in modules + fetches:
        assert href.startswith("./") and (out / href).is_file(), href
    assert "./micropython/micropython.mjs" in modules
    assert fetches == ["./pyscript.toml", f"./{summary['page_bundle']}", "./micropython/micropython.wasm",
                       "./web/main.py"]
    assert "./web/boot/romfs.mjs" in modules  # web/boot/app_files.mjs's import
    assert not [h for h in modules + fetches if "pyodide" in h]
    # fetch() in PyScript is CORS mode: only crossorigin preloads are reused.
    assert all(a.get("as") == "fetch" and "crossorigin" in a for a in parser.links if a.get("rel") == "preload")
    assert any(re.fullmatch(r"\./pyscript/core-[\w-]+\.js", m) for m in modules)
    assert not [m for m in modules if "codemirror" in m or "xterm" in m]


def test_the_storage_guard_is_written_in_before_pyscript(built):
    """web/boot/storage_guard.js runs before PyScript (core.js, which the page
    loads through web/boot/app_files.mjs alone), without a request of its own."""
    out, _ = built
    html = (out / "index.html").read_text()
    assert html.index("<script>/* web/boot/storage_guard.js */") < html.index('src="./web/boot/app_files.mjs"')
    # One module graph: app_files.mjs adds its hook before PyScript can start main.py.
    assert '<script type="module" src="./pyscript/core.js"' not in html
    assert 'src="./web/boot/storage_guard.js"' not in html


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_manifest_makes_the_game_installable_under_any_path(built):
    out, _ = built
    manifest = json.loads((out / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"]
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    for key in ("start_url", "scope", "id"):
        assert manifest[key] == "./", key  # relative to the manifest: any sub-path
    sizes = {}
    for icon in manifest["icons"]:
        assert icon["src"].startswith("./") and (out / icon["src"]).is_file(), icon
        if icon["type"] == "image/png":
            w, h = _png_size(out / icon["src"])
            assert icon["sizes"] == f"{w}x{h}", icon
            sizes.setdefault(icon.get("purpose", "any"), set()).add(w)
    assert {192, 512} <= sizes["any"] and 512 in sizes["maskable"]
    html = (out / "index.html").read_text()
    assert '<link rel="manifest" href="./manifest.webmanifest">' in html


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.lang = None
        self.refs: list[str] = []
        self.svgs = 0
        self.figures: list[str] = []
        self.ids: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        if tag == "svg":
            self.svgs += 1
        if tag == "figure":
            self.figures.append(attrs.get("data-diagram"))
        if "id" in attrs:
            self.ids.append(attrs["id"])
        for name in ("href", "src"):
            if attrs.get(name):
                self.refs.append(attrs[name])


def test_rules_pages_in_both_languages(built):
    out, summary = built
    assert sorted(summary["rules"]) == ["rules/en.html", "rules/nl.html", "rules/rules.css"]
    pages = {}
    for lang in ("en", "nl"):
        text = (out / "rules" / f"{lang}.html").read_text()
        page = _Page()
        page.feed(text)
        pages[lang] = (text, page)
        assert page.lang == lang
        assert len(page.figures) >= 8 and page.svgs >= len(page.figures), lang
        for ref in page.refs:  # nothing from elsewhere: works offline, under any path
            assert not re.match(r"[a-z]+:|/", ref), ref
            target = (out / "rules" / ref.split("#")[0]).resolve()
            assert ref.startswith("#") or target.exists(), ref
    (en, en_page), (nl, nl_page) = pages["en"], pages["nl"]
    assert en_page.figures == nl_page.figures  # the same pictures in both
    assert "./nl.html" in en_page.refs and "./en.html" in nl_page.refs and "../" in en_page.refs
    # Both cite the same rulings: every ruling R1-R25, and R28 and R29 (how the pieces look).
    cited = [sorted(set(re.findall(r"\bR(\d+)\b", text)), key=int) for text in (en, nl)]
    assert cited[0] == cited[1] and {str(n) for n in (*range(1, 26), 28, 29)} <= set(cited[0]), cited
    assert "Militakiri" in en and "opstelzone" in nl and "eindspelregel" in nl


def test_rules_pictures_are_checked_against_the_engine():
    with pytest.raises(rules_pages.DiagramError):  # a move the engine allows drawn as refused
        rules_pages.board_svg(rules_pages.Board(compose_position("single", {"a1": "S^", "c3": "S1", "f8": "s^"}),
                                                show="c3", refused=("c4",)))
    with pytest.raises(rules_pages.DiagramError):  # an illegal arrow
        rules_pages.board_svg(rules_pages.Board(compose_position("single", {"a1": "S^", "c3": "P1", "f8": "s^"}),
                                                arrow="c3-d4"))
    svg = rules_pages.board_svg(rules_pages.Board(compose_position("single", {"a1": "S^", "c3": "P1", "f8": "s^"}),
                                                  show="c3"))
    assert svg.count("<circle") >= 4  # the pawn and its dots (b3, d3, c4, c2)
