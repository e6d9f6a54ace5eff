"""The page before Python runs (issue 6: what the page shows and accepts
before Pyodide is ready; web/boot/first_stage.js, tools/first_stage.py).

Pyodide is held back by withholding its wasm file, so the first stage can be
looked at for as long as a test likes; then the file is let through and the
real page takes over. Screenshots: artifacts/browser/first-stage-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from game_page import HeldPyodide

# Where the board, its bars and its column are (the column's height grows
# below them with the game's status and buttons).
BOX = """() => Object.fromEntries(["#board", "#bar-black", "#bar-white", "#play"].map((s) => {
  const b = document.querySelector(s).getBoundingClientRect();
  return [s, [b.x, b.y, b.width, s === "#play" ? 0 : b.height].map(Math.round)];
}))"""


@pytest.mark.browser_context_args(locale="nl-NL", viewport={"width": 1100, "height": 820})
def test_before_python_the_page_is_dutch_and_the_language_switch_works(page, base_url, artifacts_dir,
                                                                       console_log):
    held = HeldPyodide(page)
    page.goto(base_url)
    expect(page.locator("#btn-new")).to_have_text("Nieuw spel")
    assert page.get_attribute("html", "lang") == "nl"
    assert page.get_attribute("html", "data-ready") is None
    expect(page.locator("#status")).to_contain_text("Eerste bezoek: het spel wordt geladen (ongeveer ")
    expect(page.locator("#status")).to_contain_text(" MB). Daarna start het sneller en speelt het ook offline.")
    expect(page.locator("#btn-first")).to_have_attribute("aria-label", "Beginstand")
    expect(page.locator("#moves-empty")).to_have_text("Nog geen zetten.")
    expect(page.locator("#lang")).to_be_enabled()
    expect(page.locator("#lang")).to_have_value("nl")
    # A first visit: the New game dialog is open already, in Dutch, its choices filled.
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")
    expect(page.locator("#ng-title")).to_have_text("Nieuw spel")
    expect(page.locator("#ng-time option:checked")).to_have_text("Geen klok")
    before = page.evaluate(BOX)
    board = page.locator("#board")
    assert before["#board"][2:] == [board.evaluate("b => b.clientWidth"), board.evaluate("b => b.clientHeight")]
    page.screenshot(path=str(artifacts_dir / "first-stage-nl.png"))

    # The player closes it and switches to English while the game loads: the page follows at once ...
    page.keyboard.press("Escape")
    page.select_option("#lang", "en")
    expect(page.locator("#btn-new")).to_have_text("New game")
    expect(page.locator("#ng-time option:checked")).to_have_text("No clock")
    expect(page.locator("#status")).to_contain_text("First visit: loading the game (about ")
    assert page.get_attribute("html", "lang") == "en"
    page.screenshot(path=str(artifacts_dir / "first-stage-switched-en.png"))

    # ... and the game keeps that choice once Python runs, in the same layout.
    held.release()
    assert page.get_attribute("html", "lang") == "en"
    expect(page.locator("#dlg-new")).not_to_have_attribute("open", "")  # closed by the player: it stays closed
    page.click("#btn-new")
    expect(page.locator("#ng-title")).to_have_text("New game")
    expect(page.locator("#lang")).to_have_value("en")
    assert page.evaluate("localStorage.getItem('militakiri.language')") == "en"
    assert page.evaluate(BOX) == before
    page.screenshot(path=str(artifacts_dir / "first-stage-ready.png"))

    # From now on Python's switch: the game's own texts change too.
    page.click("#ng-start")
    page.select_option("#lang", "nl")
    expect(page.locator("#status")).to_contain_text("Wit: klik waar je torens komen")
    assert not console_log.errors(), console_log.dump()


@pytest.mark.parametrize("name, viewport, query, lang", [
    ("phone", {"width": 390, "height": 844}, "?lang=nl", "nl"),
    ("embed", {"width": 640, "height": 520}, "?embed=1", "en"),
    ("short", {"width": 1000, "height": 600}, "", "en"),
])
def test_the_first_paint_has_the_final_layout_and_language(page, base_url, artifacts_dir, name, viewport,
                                                           query, lang):
    """The board, its bars and its column do not move when the game appears,
    and the first stage chose the language the game then uses."""
    page.set_viewport_size(viewport)
    held = HeldPyodide(page)
    page.goto(base_url + query)
    page.wait_for_selector("#first-texts", state="attached")
    first_lang = page.get_attribute("html", "lang")
    before = page.evaluate(BOX)
    page.screenshot(path=str(artifacts_dir / f"first-stage-{name}.png"))
    held.release()
    assert (first_lang, page.get_attribute("html", "lang")) == (lang, lang)
    assert page.evaluate(BOX) == before
    page.screenshot(path=str(artifacts_dir / f"first-stage-{name}-ready.png"))
