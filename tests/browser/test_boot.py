"""The page boots PyScript on the local MicroPython and imports the engine, offline."""

from __future__ import annotations

import json
from pathlib import Path

from game_page import painted

# Files the page's start must fetch from the site itself (and the page's zip,
# site.summary["page_bundle"]).
RUNTIME = {"micropython/micropython.mjs", "micropython/micropython.wasm", "pyscript/core.js"}


def _boot_report(log, seconds: float) -> dict:
    files = {path: rec.body_bytes or 0 for path, rec in log.paths().items()}
    return {
        "seconds_to_ready": round(seconds, 2),
        "requests": len(log.records),
        "total_bytes": sum(files.values()),
        "files": files,
    }


def test_page_boots_from_local_runtime(page, site, open_app, request_log, console_log, artifacts_dir: Path):
    seconds = open_app(page)

    assert page.get_attribute("html", "data-ready") == "1"
    # Ready means playable: a new game's set-up, its instructions shown.
    assert page.get_attribute("#board", "data-status") == "setup"
    status = page.inner_text("#status")
    assert "choose where your towers go" in status
    # Python drew the board on the canvas (in the first animation frame).
    painted(page)
    pixel = page.evaluate("() => Array.from(document.getElementById('board')"
                          ".getContext('2d').getImageData(5, 5, 1, 1).data)")
    assert pixel[3] == 255, pixel
    page.screenshot(path=str(artifacts_dir / "boot.png"), full_page=True)

    # Offline: nothing left the site, nothing failed, no console error.
    request_log.assert_same_origin()
    assert not request_log.failed(), [(r.url, r.status, r.failure) for r in request_log.failed()]
    assert not console_log.errors(), console_log.dump()

    # The runtime really came from this site, and so did the Python (one zip).
    paths = request_log.paths()
    missing = (RUNTIME | {site.summary["page_bundle"]}) - set(paths)
    assert not missing, f"not fetched from the site: {missing}"
    # Nothing of the computer's Pyodide: the page never waits for it.
    assert not [p for p in paths if p.startswith("pyodide/") or p.startswith("app-")], sorted(paths)

    report = _boot_report(request_log, seconds)
    (artifacts_dir / "boot-report.json").write_text(json.dumps(report, indent=2) + "\n")
    print(f"\nready in {report['seconds_to_ready']} s, {report['requests']} requests, "
          f"{report['total_bytes'] / 1e6:.2f} MB")


def test_the_python_comes_as_one_zip(page, open_app, request_log, site):
    """Engine and UI modules come in one request (tools/build.py), not ~90."""
    open_app(page)
    paths = request_log.paths()
    assert site.summary["page_bundle"] in paths
    assert not [p for p in paths if p.endswith(".py") and p != "web/main.py"]
    # PyScript loads only the chunks the page preloads: none of the plugins
    # pyscript.toml turns off (a PyScript upgrade that loads others at
    # start must be turned off in pyscript.toml or preloaded by tools/build.py).
    chunks = {p for p in paths if p.startswith("pyscript/") and p.endswith(".js")} - {"pyscript/core.js"}
    assert chunks <= set(site.summary["preloads"]), chunks - set(site.summary["preloads"])


def test_site_works_under_a_sub_path(page, site, tmp_path, open_app, record_requests, serve_folder):
    """dist/ uses relative URLs only, so it also runs at /games/militakiri/."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "militakiri").symlink_to(site.directory, target_is_directory=True)
    prefix = serve_folder(tmp_path) + "games/militakiri/"
    log = record_requests(page.context, prefix)

    open_app(page, url=prefix)

    log.assert_same_origin()
    outside = [r.url for r in log.records if r.url.startswith("http") and not r.url.startswith(prefix)]
    assert not outside, f"requests outside the sub-path: {outside}"
    assert not log.failed(), [(r.url, r.status, r.failure) for r in log.failed()]


def test_request_recorder_sees_other_origins(page, base_url, request_log):
    """The recorder itself works: a request to another origin (here a closed
    loopback port, so nothing leaves the machine) is reported."""
    page.goto(base_url + "pyscript.toml")
    page.evaluate("fetch('http://127.0.0.1:9/probe.js').catch(() => null)")
    page.wait_for_timeout(200)
    assert request_log.foreign() == ["http://127.0.0.1:9/probe.js"]


def test_the_loading_message_is_never_behind_the_new_game_dialog(browser, base_url):
    """From a new player's trial: while the page's Python is on its way the
    status line says so, in view; the New game dialog opens only once the
    page is ready (a first visit showed the dialog over the message)."""
    from playwright.sync_api import expect

    held = []
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    page = context.new_page()
    page.route("**/page-*.romfs.gz", lambda route: held.append(route))
    page.goto(base_url, wait_until="commit")
    expect(page.locator("#status")).to_have_text("Loading the game\u2026")
    for _ in range(1500):  # until the page asks for its Python (at most 30 s)
        if held:
            break
        page.wait_for_timeout(20)
    assert held, "the page never asked for its Python"
    assert not page.evaluate("document.getElementById('dlg-new').open")
    assert page.locator("#status").is_visible()
    for route in held:
        route.continue_()
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")
    assert page.get_attribute("html", "data-ready") == "1"
    context.close()
