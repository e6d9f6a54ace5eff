"""The first visit's start from the build's snapshot (tools/start_snapshot.py), and its fallbacks.

A snapshot that is missing, damaged or made by another Pyodide build must
not cost the player anything: the page starts the plain way, says nothing
alarming and plays. While the runtime downloads, a progress bar shows how
much has arrived.
"""

from __future__ import annotations

import gzip
import struct

import pytest
from playwright.sync_api import expect

from game_page import HeldPyodide

SNAPSHOT = "**/pyodide/memory-*.bin"
# Pyodide's snapshot header: magic, offset, length of the JSON, padding, then the build id (32 bytes).
BUILD_ID = slice(16, 48)


def _first_page(sparse: bytes) -> int:
    """Where the snapshot's first page starts in the build's sparse layout
    (tools/snapshot.mjs: "MKS1", length, page size, bitmap, the pages kept)."""
    magic, length, page = struct.unpack_from("<4sII", sparse, 0)
    assert magic == b"MKS1"
    assert sparse[12] & 1, "page 0 (Pyodide's header) is kept"
    pages = -(-length // page)
    return 12 + (pages + 31) // 32 * 4


def _other_build(sparse: bytes) -> bytes:
    """The snapshot as another Pyodide build would have made it: another build id."""
    data = bytearray(sparse)
    start = _first_page(data)
    build_id = slice(start + BUILD_ID.start, start + BUILD_ID.stop)
    assert struct.unpack_from("<I", data, start)[0] != 0  # a snapshot header, not zeros
    data[build_id] = bytes(0x61 + (b % 26) for b in data[build_id][::-1])
    return bytes(data)


def _serve_changed(page, kind: str, shipped: bytes) -> None:
    def fulfil(route) -> None:
        if kind == "missing":
            route.fulfill(status=404, body="not found")
        elif kind == "damaged":
            route.fulfill(status=200, body=shipped[: len(shipped) // 2] + bytes(1000),
                          content_type="application/octet-stream")
        else:
            route.fulfill(status=200, body=gzip.compress(_other_build(gzip.decompress(shipped)), 1),
                          content_type="application/octet-stream")

    page.route(SNAPSHOT, fulfil)


@pytest.mark.parametrize("kind", ["missing", "damaged", "other build"])
def test_a_bad_snapshot_falls_back_to_a_plain_start(page, site, open_app, console_log, kind):
    shipped = (site.directory / "pyodide" / site.summary["start"]["snapshot"]).read_bytes()
    _serve_changed(page, kind, shipped)
    open_app(page, path="?board=single")
    assert page.get_attribute("html", "data-pyodide") == "fresh"
    # Nothing alarming: the set-up's own words, no notice, no error in the console.
    expect(page.locator("#board")).to_have_attribute("data-status", "setup")
    expect(page.locator("#status")).to_contain_text("click where your towers go")
    expect(page.locator("#notice")).to_be_hidden()
    # (The browser's own line for the missing file is the only error.)
    errors = [e for e in console_log.errors() if not (kind == "missing" and "status of 404" in e)]
    assert not errors, console_log.dump()
    # And it plays: a set-up click places a tower.
    page.click("#btn-random")
    expect(page.locator("#btn-done")).to_be_enabled()


def test_the_progress_bar_moves_while_the_runtime_loads(page, base_url):
    held = HeldPyodide(page)
    page.goto(base_url + "?board=single")
    bar = page.locator("#load-progress")
    expect(bar).to_be_visible()
    # The snapshot and the small standard library arrive; the wasm is still held back.
    page.wait_for_function("document.getElementById('load-progress').value > 0.2", timeout=30_000)
    first = bar.evaluate("bar => bar.value")
    assert 0.2 < first < 1
    held.release()
    assert bar.evaluate("bar => bar.value") == 1
    expect(bar).to_be_hidden()
    assert page.get_attribute("html", "data-pyodide") == "snapshot"


def test_a_first_visit_chooses_its_game_before_the_runtime_is_ready(page, base_url, console_log):
    held = HeldPyodide(page)
    page.goto(base_url)
    dialog = page.locator("#dlg-new")
    # The dialog is open and takes clicks and keys while Python is still loading.
    expect(dialog).to_have_attribute("open", "")
    assert page.get_attribute("html", "data-ready") is None
    expect(page.locator("#ng-computer-options")).to_be_hidden()
    page.check("#ng-double")
    page.check("#ng-computer")
    expect(page.locator("#ng-computer-options")).to_be_visible()
    page.select_option("#ng-level", "3")
    page.select_option("#ng-side", "black")
    # The computer names itself: only the player's own name field shows.
    expect(page.locator("#ng-white")).to_be_hidden()
    page.select_option("#ng-time", "g20")
    page.click("#ng-black")
    page.keyboard.type("Ada")
    page.keyboard.press("Enter")  # sends the form, as a click on Start would
    expect(dialog).not_to_have_attribute("open", "")
    expect(page.locator("#status")).to_contain_text("Your game starts as soon as it has loaded")
    assert page.get_attribute("html", "data-ready") is None and held.held, "the runtime came too early"
    held.release()
    # Python started the game that was chosen, and no dialog asks again.
    expect(dialog).not_to_have_attribute("open", "")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-status", "setup")
    expect(page.locator("#bar-black")).to_contain_text("Ada")
    expect(page.locator("#bar-white")).to_contain_text("3")
    expect(page.locator("#bar-black")).to_contain_text("10:00")
    width, height = board.evaluate("b => [b.width, b.height]")
    assert width / height == 12 / 8, "a double board: 12 files by 8 rows"
    expect(page.locator("#status")).to_contain_text("Computer, level 3 (White)")
    assert page.get_attribute("html", "data-new-game") is None
    assert not console_log.errors(), console_log.dump()


def test_a_dialog_still_open_when_python_is_ready_keeps_what_was_chosen(page, base_url):
    held = HeldPyodide(page)
    page.goto(base_url)
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")
    page.select_option("#ng-time", "custom")
    expect(page.locator("#ng-custom")).to_be_visible()
    expect(page.locator("#ng-bonus")).to_be_hidden()
    page.fill("#ng-min", "7")
    page.select_option("#ng-extra", "fischer")
    page.fill("#ng-bonus", "3")
    page.fill("#ng-white", "Bo")
    held.release()
    # Python took the dialog over as it was: still open, nothing reset, its note now shown.
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")
    for field, value in (("#ng-time", "custom"), ("#ng-min", "7"), ("#ng-extra", "fischer"),
                         ("#ng-bonus", "3"), ("#ng-white", "Bo")):
        expect(page.locator(field)).to_have_value(value)
    expect(page.locator("#ng-each")).not_to_be_empty()
    page.click("#ng-start")
    expect(page.locator("#dlg-new")).not_to_have_attribute("open", "")
    expect(page.locator("#board")).to_have_attribute("data-status", "setup")
    expect(page.locator("#bar-white")).to_contain_text("Bo")
    expect(page.locator("#bar-white")).to_contain_text("3:30")  # 7 minutes for the game: 3:30 each


def test_a_choice_python_refuses_comes_back_with_the_reason(page, base_url):
    held = HeldPyodide(page)
    page.goto(base_url)
    page.select_option("#ng-time", "custom")
    page.fill("#ng-min", "0")
    page.fill("#ng-sec", "1")
    page.fill("#ng-black", "Cas")
    page.click("#ng-start")
    expect(page.locator("#dlg-new")).not_to_have_attribute("open", "")
    held.release()
    # Too short to play: the dialog is back, says why, and keeps every field.
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")
    expect(page.locator("#ng-error")).not_to_be_empty()
    expect(page.locator("#ng-sec")).to_have_value("1")
    expect(page.locator("#ng-black")).to_have_value("Cas")
    page.fill("#ng-min", "2")
    page.click("#ng-start")
    expect(page.locator("#dlg-new")).not_to_have_attribute("open", "")
    expect(page.locator("#bar-black")).to_contain_text("Cas")


def test_a_dialog_closed_before_python_stays_closed(page, base_url):
    held = HeldPyodide(page)
    page.goto(base_url)
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-new")).not_to_have_attribute("open", "")
    # The New game button opens it again, before Python too.
    page.click("#btn-new")
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")
    page.click("#ng-cancel")
    held.release()
    expect(page.locator("#dlg-new")).not_to_have_attribute("open", "")
    expect(page.locator("#board")).to_have_attribute("data-status", "setup")
    page.click("#btn-new")
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")


@pytest.mark.parametrize("visit", ["?board=double", "#1!not-a-link", "a saved game"])
def test_only_a_first_visit_opens_the_dialog_before_python(page, base_url, visit):
    """Anything else (a URL that says how to start, a link, a saved game)
    opens something else once Python runs: no dialog before it."""
    held = HeldPyodide(page)
    if visit == "a saved game":
        page.add_init_script("localStorage.setItem('militakiri.saved-game.x1', 'whatever Python makes of it')")
        visit = ""
    page.goto(base_url + visit)
    expect(page.locator("#status")).not_to_be_empty()  # the first stage has run
    expect(page.locator("#dlg-new")).not_to_have_attribute("open", "")
    expect(page.locator("#btn-new")).to_be_disabled()
    held.release()
