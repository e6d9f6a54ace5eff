"""Offline play with the service worker, in the real page.

- after one visit the game loads and plays with the network off, rules pages
  included, and the computer plays its side, after a reload too;
- a new build replaces the cached one whole, and the old cache is deleted;
- under a sub-path the service worker's scope is that sub-path;
- where service workers and storage are denied (a cross-site iframe) the
  game still starts and plays, and registers nothing.

Service workers are blocked in the other browser tests (conftest.py); these
ask for them with the browser_context_args marker (or a context of their own).
"""

from __future__ import annotations

import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from militakiri import Position

from game_page import GamePage, errors_of, goto_ready, wait_ready

from tools import build as site_build

ROOT = Path(__file__).resolve().parents[2]

START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
OFFLINE_READY = 'html[data-offline="ready"]'
ALLOW_SW = pytest.mark.browser_context_args(service_workers="allow")


def wait_offline_ready(page, timeout_s: float = 120) -> None:
    """The service worker is active: every file of the version is cached."""
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=timeout_s * 1000)


def cache_names(page) -> list[str]:
    return page.evaluate("caches.keys()")


def version_caches(page) -> list[str]:
    """The versioned caches only (not a cache another page of the origin made)."""
    return [name for name in cache_names(page) if name.startswith("militakiri:")]


def position_url(base: str, **params) -> str:
    return base + "?" + urlencode({"position": START, **params})


@pytest.fixture(scope="module")
def visited(browser, own_site):
    """One visit, for the two tests after it: a game played a move (the
    page has settled: web/boot/offline.js registers the worker now), and
    the worker has cached every file of the version."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, service_workers="allow")
    page = context.new_page()
    errors = errors_of(page)
    goto_ready(page, position_url(own_site.url))
    GamePage(page).play("c3-d4")
    wait_offline_ready(page, timeout_s=10)
    yield context, page, errors
    context.close()


def test_after_one_visit_the_game_loads_and_plays_offline(visited, own_site, artifacts_dir):
    site = own_site
    context, page, _ = visited
    game = GamePage(page)
    assert version_caches(page) == [f"militakiri:/:{site.summary['version']}"]
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == site.url + "sw.js"
    # Installable: Chromium's own check (only a private window stops it here).
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    cdp.detach()

    context.set_offline(True)
    assert page.evaluate("fetch('./no-such-file.txt').then(() => 'online', () => 'offline')") == "offline"
    page.reload()
    wait_ready(page)
    expect(page.locator("#moves")).to_contain_text("c3-d4")  # the saved game, back
    game.play("f10-f9")
    expect(page.locator("#moves")).to_contain_text("f10-f9")
    page.screenshot(path=str(artifacts_dir / "offline-reload.png"))

    # The rules pages, in both languages, and the game at its bare address.
    for lang, heading in (("nl", "De spelregels van Militakiri"), ("en", "The rules of Militakiri")):
        page.goto(site.url + f"rules/{lang}.html")
        expect(page.locator("h1")).to_have_text(heading)
        assert page.locator("figure svg").count() >= 10
    goto_ready(page, site.url)
    # At its bare address the page and its files came from the cache by the
    # worker's static route, without starting the worker (sw.js addRoutes).
    sources = page.evaluate("""() => [performance.getEntriesByType("navigation")[0],
                                      ...performance.getEntriesByType("resource")]
        .filter((entry) => entry.name.includes("/micropython/") || entry.entryType === "navigation")
        .map((entry) => entry.workerMatchedSourceType)""")
    assert sources and set(sources) == {"cache"}, sources
    # Learn and Puzzles offline too: their data is in the cache.
    goto_ready(page, site.url + "?learn")
    expect(page.locator("#learn-list .lesson").first).to_be_visible()
    page.click('button[data-task="star/1"]')
    expect(page.locator("#training")).to_have_attribute("data-drill", "star/1")
    goto_ready(page, site.url + "?puzzle=d12-0001")
    expect(page.locator("#training")).to_have_attribute("data-drill", "d12-0001")
    expect(page.locator("#training")).to_have_attribute("data-result", "solving")
    page.screenshot(path=str(artifacts_dir / "offline-puzzle.png"))
    context.set_offline(False)


def wait_for_computer(ui: GamePage) -> None:
    """Until the computer has moved (or the game is over)."""
    ui.page.wait_for_function(
        "() => { const b = document.querySelector('#board');"
        " return b.dataset.status === 'over' || (b.dataset.status === 'playing' && !b.dataset.thinking); }",
        timeout=120_000)


def plies(ui: GamePage) -> int:
    return int(ui.board.get_attribute("data-plies") or 0)


def test_the_computer_plays_offline_and_after_a_reload(visited, own_site):
    """After one visit (the service worker caches the site, the computer's
    worker included): with the network off, a game against the computer
    plays, and a reload gives the saved game back and the computer still
    plays its side in it."""
    context, _, _ = visited
    context.set_offline(True)
    page = context.new_page()  # (closed after: its computer's workers with it)
    errors = errors_of(page)
    # Another position than the visit's game: the address starts a game of its own.
    position = Position.from_string(START).play("c3-d4").play("f10-f9").string()
    goto_ready(page, own_site.url + "?" + urlencode({"position": position, "computer": "black", "level": 2,
                                                      "seed": 2}))
    ui = GamePage(page)
    ui.play(next(t for t in Position.from_string(position).legal_moves() if "x" not in t))
    expect(ui.board).to_have_attribute("data-plies", "2", timeout=120_000)  # the computer answered
    served = {}
    context.on("response", lambda r: served.setdefault(r.url.rsplit("/", 1)[-1].split("?")[0], r.from_service_worker))
    page.reload()
    wait_ready(page)
    assert plies(ui) == 2
    expect(page.locator("#bar-black .name")).to_have_text("Level 2")
    ui.play(next(t for t in Position.from_string(ui.position()).legal_moves()))
    wait_for_computer(ui)
    assert plies(ui) == 4
    assert page.get_attribute("html", "data-ai") == "ready"
    assert served.get("ai_worker.js") is True, served  # the worker's script, from the cache
    context.set_offline(False)
    assert not errors, errors
    page.close()


def _copy_repo(target: Path) -> Path:
    """A second source tree, to build a changed version from."""
    target.mkdir()
    for name in ("index.html", "pyscript.toml", "sw.js", "manifest.webmanifest"):
        shutil.copy2(ROOT / name, target / name)
    for name in ("militakiri", "web", "icons", "rules"):
        shutil.copytree(ROOT / name, target / name, ignore=shutil.ignore_patterns("__pycache__"))
    (target / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    return target


def _build_version_2(tmp_path: Path, out: Path) -> dict:
    """Version 2 of the site, built into ``out``: it changes the Python (so
    the zip has a new name) and the style sheet."""
    repo = _copy_repo(tmp_path / "repo2")
    with open(repo / "web" / "i18n" / "texts.py", "a") as f:
        f.write("\nBUILD_NOTE = 'version 2'\n")
    with open(repo / "web" / "style.css", "a") as f:
        f.write("\n/* version 2 */\n")
    return site_build.build(out, root=repo, version="test-2")


@ALLOW_SW
def test_a_new_build_replaces_the_cached_one_whole(page, own_site, serve_folder, tmp_path, open_app):
    """Version 1 is the run's build (a copy, on an origin of its own);
    version 2 is built meanwhile, then put in its place."""
    with ThreadPoolExecutor(1) as pool:
        building = pool.submit(_build_version_2, tmp_path, tmp_path / "version-2")
        served = tmp_path / "site"
        shutil.copytree(own_site.directory, served)
        first = own_site.summary
        url = serve_folder(served)
        open_app(page, url=position_url(url))  # a game at once: no New game dialog over the notice
        GamePage(page).play("c3-d4")  # settled: the worker registers now, not 15 s after ready
        wait_offline_ready(page)
        assert version_caches(page) == [f"militakiri:/:{first['version']}"]
        second = building.result()
    assert second["bundle"] != first["bundle"]
    served.rename(tmp_path / "version-1")  # version 2 takes its place on the server
    (tmp_path / "version-2").rename(served)

    # The browser checks sw.js on navigations (here at once): version 2 installs
    # beside version 1 and waits while a page of version 1 is open - a reload
    # still gets version 1, whole - and the page offers to load it.
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector('html[data-update="waiting"]', state="attached", timeout=120_000)
    expect(page.locator("#update")).to_be_visible()
    page.reload()
    wait_ready(page)
    assert page.get_attribute('meta[name="militakiri-version"]', "content") == first["version"]
    assert set(version_caches(page)) == {f"militakiri:/:{first['version']}", "militakiri:/:test-2"}
    GamePage(page).play("f10-f9")  # the saved game goes on: settled again, the page looks for a waiting version
    page.wait_for_selector('html[data-update="waiting"]', state="attached", timeout=120_000)

    # "Load it now": version 2 takes over, the old cache goes, the page reloads.
    with page.expect_navigation(timeout=120_000):
        page.click("#btn-update")
    wait_ready(page)
    assert version_caches(page) == ["militakiri:/:test-2"]
    assert page.get_attribute('meta[name="militakiri-version"]', "content") == "test-2"
    # Its Python: version 2's zips.
    assert page.get_attribute('meta[name="militakiri-page"]', "content") == "./" + second["page_bundle"]
    assert page.get_attribute('meta[name="militakiri-app"]', "content") == "./" + second["bundle"]
    css = page.evaluate("fetch('./web/style.css').then(r => r.text())")
    assert css.rstrip().endswith("/* version 2 */")
    cached = page.evaluate("caches.open('militakiri:/:test-2').then(c => c.keys()).then(k => k.map(r => r.url))")
    assert {url + name for name in second["precache"]} <= set(cached)
    assert not [u for u in cached if first["bundle"] in u or first["page_bundle"] in u]


@ALLOW_SW
def test_under_a_sub_path_the_worker_serves_that_path_offline(page, context, own_site, tmp_path, serve_folder,
                                                            open_app):
    site = own_site
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "militakiri").symlink_to(site.directory, target_is_directory=True)
    prefix = serve_folder(tmp_path) + "games/militakiri/"
    open_app(page, url=position_url(prefix))
    GamePage(page).play("c3-d4")  # settled: the worker registers now, not 15 s after ready
    wait_offline_ready(page)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == prefix
    assert version_caches(page) == [f"militakiri:/games/militakiri/:{site.summary['version']}"]

    context.set_offline(True)
    goto_ready(page, prefix + "?lang=nl&board=single")
    expect(page.locator("#status")).to_contain_text("kies waar je torens komen")
    context.set_offline(False)


def test_without_service_workers_or_storage_the_game_starts_and_plays(browser, own_site, serve_folder, tmp_path):
    """A cross-site iframe (127.0.0.1 embeds localhost): Chromium denies the frame
    storage, and offline.js registers no worker there. The game starts and
    plays; the language switch works for the visit, without being kept."""
    site = own_site
    src = position_url(site.url, lang="nl")
    (tmp_path / "parent.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><title>Parent</title><link rel="icon" href="data:,">'
        f'</head><body><iframe id="game" src="{src}" width="900" height="760"></iframe></body></html>')
    parent = serve_folder(tmp_path).replace("localhost", "127.0.0.1") + "parent.html"
    context = browser.new_context(service_workers="allow", viewport={"width": 1000, "height": 820})
    try:
        page = context.new_page()
        page.goto(parent)
        frame = page.frame_locator("#game")
        expect(frame.locator("html")).to_have_attribute("data-ready", "1", timeout=120_000)
        inner = next(f for f in page.frames if f.url.startswith(site.url))
        assert inner.evaluate("document.documentElement.lang") == "nl"
        expect(frame.locator("#status")).to_contain_text("is aan zet")
        frame.locator("#lang").select_option("en")
        expect(frame.locator("#status")).to_contain_text("to move")
        box = frame.locator("#board").bounding_box()
        for square in ("c3", "d4"):
            centre = inner.evaluate("name => window.militakiri.squareCenter(name)", square)
            page.mouse.click(box["x"] + centre["x"], box["y"] + centre["y"])
        expect(frame.locator("#board")).not_to_have_attribute("data-position", START)
        # The move settled the page (not 15 s after ready): offline.js gave up on a worker.
        inner.wait_for_function("document.documentElement.dataset.offline !== undefined")
        assert inner.evaluate("document.documentElement.dataset.offline") == "off"
    finally:
        context.close()
