"""The player's set-up placed before Python runs (issue 11: the board takes
its first moves on a first visit while the runtime still loads;
web/boot/early_setup.js, tools/first_setup.py, web/ui/early_setup.py).

Pyodide is held back by withholding its wasm (game_page.HeldPyodide): the
player sends the New game dialog, places towers on the canvas, is refused
with the engine's words, presses Done; then the runtime is let through and
the game goes on from that set-up, each field checked again by the engine.
Screenshots: artifacts/browser/early-setup-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from game_page import GamePage, HeldPyodide
from militakiri import BLACK, SINGLE, WHITE, Position, Setup, SetupDraft

FILES = "abcdef"


def field_point(page, field: str, flipped: bool = False) -> tuple[float, float]:
    """The middle of ``field`` on the single board before Python (as a player sees it)."""
    box = page.locator("#board").bounding_box()
    size = box["width"] / 6
    file, rank = FILES.index(field[0]), int(field[1:]) - 1
    column = 5 - file if flipped else file
    line = rank if flipped else 7 - rank
    return box["x"] + (column + 0.5) * size, box["y"] + (line + 0.5) * size


def expect_setup(ui: GamePage, color: int, text: str) -> None:
    """``color``'s pieces on the board are the set-up ``text`` (before any move)."""
    pieces = {sq: piece.symbol for sq, piece in Position.from_string(ui.position()).pieces(color)}
    expected = {sq: piece.symbol for sq, piece in SetupDraft.from_setup(Setup.parse(text, SINGLE), color).pieces().items()}
    assert pieces == expected


def start_held(page, base_url: str, query: str = "") -> HeldPyodide:
    held = HeldPyodide(page)
    page.goto(base_url + query)
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")
    return held


def test_a_set_up_placed_before_python_is_the_game_s_set_up(page, base_url, artifacts_dir, console_log):
    held = start_held(page, base_url)
    page.click("#ng-start")  # two players, single board: White places first
    expect(page.locator("html")).to_have_attribute("data-board-input", "setup")
    status = page.locator("#status")
    expect(status).to_contain_text("White: click where your towers go")
    expect(page.locator("#btn-done")).to_be_disabled()
    page.screenshot(path=str(artifacts_dir / "early-setup-start.png"))
    # The language switch works meanwhile, the set-up's words with it.
    page.select_option("#lang", "nl")
    expect(status).to_contain_text("Wit: klik waar je torens komen")
    page.select_option("#lang", "en")
    expect(status).to_contain_text("White: click where your towers go")

    # Outside the set-up zone: the engine's refusal, naming the rule (R4, R24).
    page.mouse.click(*field_point(page, "c5"))
    expect(status).to_have_text("c5 is not in White's set-up zone: towers stand on ranks 1-3 (R4)")
    expect(status).to_have_class("warn")
    # A tower on each row; a click elsewhere on a row moves its tower; on a tower, takes it away.
    for field in ("c1", "d2", "b3", "f1"):
        page.mouse.click(*field_point(page, field))
    expect(status).not_to_have_class("warn")
    expect(status).to_contain_text("set-up complete")
    page.mouse.click(*field_point(page, "b3"))
    expect(page.locator("#btn-done")).to_be_disabled()
    page.mouse.click(*field_point(page, "a3"))
    assert page.get_attribute("html", "data-setup-early") == '[{"colour":0,"fields":["f1","d2","a3"],"done":false}]'
    page.screenshot(path=str(artifacts_dir / "early-setup-placed.png"))
    page.click("#btn-done")
    # Black places next, White's set-up hidden (R4): only the ghosts of Black's rows show.
    expect(status).to_contain_text("Black: click where your towers go")
    for field in ("b8", "e7", "c6"):
        page.mouse.click(*field_point(page, field))
    page.screenshot(path=str(artifacts_dir / "early-setup-black.png"))
    page.click("#btn-done")
    expect(status).to_contain_text("Black: set-up placed")
    expect(page.locator("#btn-done")).to_be_hidden()
    assert page.get_attribute("html", "data-setup-early") == (
        '[{"colour":0,"fields":["f1","d2","a3"],"done":true},{"colour":1,"fields":["b8","e7","c6"],"done":true}]')
    assert held.held and page.get_attribute("html", "data-ready") is None, "the runtime came too early"

    held.release()
    # Python placed both set-ups through the engine and went on to the dice.
    ui = GamePage(page)
    ui.roll_and_start()
    # Each half of the board is the set-up placed before Python (R4).
    expect_setup(ui, WHITE, "Sf Xd Pa")
    expect_setup(ui, BLACK, "Sb Xe Pc")
    assert not console_log.errors(), console_log.dump()


@pytest.mark.browser_context_args(locale="nl-NL", viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_on_a_phone_black_against_the_computer_places_by_taps_in_dutch(page, base_url, artifacts_dir,
                                                                        console_log):
    held = start_held(page, base_url)
    page.check("#ng-computer")
    page.select_option("#ng-side", "black")
    page.select_option("#ng-level", "1")
    page.click("#ng-start")
    status = page.locator("#status")
    expect(status).to_contain_text("Zwart: klik waar je torens komen")
    # The player's own side at the bottom: rank 8 is the lowest row (flipped).
    page.touchscreen.tap(*field_point(page, "b4", flipped=True))
    expect(status).to_have_text("b4 ligt niet in de opstelzone van Zwart: torens staan op de rijen 8-6 (R4)")
    page.click("#btn-random")  # one free field of each row
    expect(page.locator("#btn-done")).to_be_enabled()
    page.click("#btn-clear")
    expect(page.locator("#btn-done")).to_be_disabled()
    for field in ("e8", "c7", "b6"):
        page.touchscreen.tap(*field_point(page, field, flipped=True))
    page.screenshot(path=str(artifacts_dir / "early-setup-phone-nl.png"))
    page.touchscreen.tap(*_middle(page.locator("#btn-done").bounding_box()))
    expect(status).to_contain_text("Zwart: opstelling geplaatst")
    held.release()
    # The computer places White's set-up; then Black's, from before Python, is placed and done.
    expect(page.locator("#dlg-dice")).to_have_attribute("open", "", timeout=20_000)
    ui = GamePage(page)
    page.click("#dice-roll")
    page.click("#dice-start")
    ui.expect_status("playing")
    expect_setup(ui, BLACK, "Se Xc Pb")
    assert not console_log.errors(), console_log.dump()


def _middle(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_new_game_dismissed_before_python_drops_the_set_up(page, base_url):
    held = start_held(page, base_url)
    page.click("#ng-start")
    page.mouse.click(*field_point(page, "a1"))
    assert page.get_attribute("html", "data-setup-early") is not None
    page.click("#btn-new")
    page.click("#ng-cancel")
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-setup-early')")
    expect(page.locator("#btn-done")).to_be_hidden()
    held.release()
    ui = GamePage(page)
    ui.expect_status("setup")
    expect(page.locator("#btn-done")).to_be_disabled()  # nothing placed: Python's own set-up, empty
