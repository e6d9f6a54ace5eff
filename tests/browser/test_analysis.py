"""The analysis board: a position set up by hand on the editor,
refused with the engine's reason when no game reaches it, played on from
(a new game whose record starts there) and shared as a link; and the
computer's evaluation and best line of the position shown, on demand."""

from __future__ import annotations

from urllib.parse import quote, unquote

import pytest
from playwright.sync_api import expect

from game_page import BLUNDER, GamePage, errors_of, first_visit, lose_by_the_blunder, without_pyodide


def field(page, square: str):
    return page.locator(f'#ed-board button[data-square="{square}"]')


LAPTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def desktop(browser):
    """One tab on a laptop's screen for the tests there, each on storage as
    a first visit finds it (first_visit): a tab that opened BLUNDER before
    would go on with its saved game from there, as a reload does. The tab's
    renderer is kept, which a new tab or browser context would start again
    (about as much CPU as the page's boot)."""
    context = browser.new_context(viewport=LAPTOP, service_workers="block")
    without_pyodide(context)  # the analysis board, not the computer's runtimes (test_computer.py)
    page = context.new_page()
    yield GamePage(page), errors_of(page)
    context.close()


def edit_and_play_on(ui: GamePage, touch: bool, size: tuple[int, int], artifacts_dir) -> tuple[str, str]:
    """The editor on BLUNDER, as the page shows it: a position no game
    reaches refused, then one set up and played on from; its link and
    position."""
    page = ui.page
    click = page.tap if touch else page.click
    click("#btn-new")
    click("#ng-editor")
    expect(page.locator("#dlg-editor")).to_have_attribute("open", "")
    # It holds the position on the board.
    expect(field(page, "a1")).to_have_attribute("data-piece", "S^")
    expect(field(page, "b2")).to_have_attribute("data-piece", "x1")
    # A screen reader hears the field and its piece in words, not the notation's letters.
    expect(field(page, "a1")).to_have_attribute("aria-label", "a1: Red star tower")
    expect(field(page, "b2")).to_have_attribute("aria-label", "b2: Blue cross pawn")
    expect(page.locator("#ed-problem")).to_have_text(
        "A game can reach this position: play on from it, or share its link.")
    # A cross rank is 3 at most (R13): a fourth is not offered.
    page.select_option("#ed-color", "0")
    page.select_option("#ed-shape", "1")
    assert page.locator('#ed-kind option[value="4"]').is_disabled()
    # A third Red star tower: no game reaches it, and the engine says why (its rulings: a link).
    page.select_option("#ed-shape", "0")
    page.select_option("#ed-kind", "tower")
    click('#ed-board button[data-square="c5"]')
    expect(page.locator("#ed-play")).to_be_enabled()  # two star towers: a spare promoted
    click('#ed-board button[data-square="d5"]')
    expect(field(page, "d5")).to_have_attribute("data-piece", "S^")
    expect(page.locator("#ed-problem")).to_have_text(
        "No game can reach this position: Red has 3 star towers, but a game gives at most 2: 1 from the "
        "set-up, and one more for each spare star tower used (Red has used 1 of 1) R3 R13")
    expect(page.locator("#ed-play")).to_be_disabled()
    # Why Play from here is off is in view beside it, not below the dialog's fold.
    expect(page.locator("#ed-problem")).to_be_in_viewport(ratio=1)
    expect(page.locator("#ed-play")).to_be_in_viewport(ratio=1)
    page.screenshot(path=str(artifacts_dir / f"editor-refused-{size[0]}x{size[1]}.png"))
    assert page.input_value("#ed-url") == ""
    for square in ("d5", "c5"):  # the same piece again: taken away
        click(f'#ed-board button[data-square="{square}"]')
        expect(field(page, square)).to_have_attribute("data-piece", "")
    # A waiting cross tower for Red: the zone is not full, so it would not wait (R15).
    page.fill("#ed-wait-0-1", "1")
    page.dispatch_event("#ed-wait-0-1", "change")
    expect(page.locator("#ed-problem")).to_contain_text("a tower waits only while the zone is full")
    page.fill("#ed-wait-0-1", "0")
    page.dispatch_event("#ed-wait-0-1", "change")
    # A cross rank of 2 on c4 instead, Blue to move.
    page.select_option("#ed-shape", "1")
    page.select_option("#ed-kind", "2")
    click('#ed-board button[data-square="c4"]')
    page.select_option("#ed-turn", "1")
    expected = "5s^/6/6/6/6/6/6/6/2X23/6/1x14/S^5 b 000/000 -/- - 1"
    expect(page.locator("#ed-play")).to_be_enabled()
    link = page.input_value("#ed-url")
    assert unquote(link.split("?position=")[1]) == expected
    page.screenshot(path=str(artifacts_dir / f"editor-{size[0]}x{size[1]}.png"))
    click("#ed-play")  # New game, the position filled in: two players
    expect(page.locator("#ng-title")).to_have_text("Practice from here")
    assert page.input_value("#ng-position") == expected
    click("#ng-start")
    expect(ui.board).to_have_attribute("data-position", expected)
    return link, expected


def test_set_up_a_position_play_on_from_it_and_share_it(browser, desktop, base_url, artifacts_dir):
    """On a phone upright and sideways (one touch browser, turned between
    the two) and on a laptop."""
    url = f"{base_url}?position={quote(BLUNDER)}"
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    page = context.new_page()
    phone = GamePage(page), errors_of(page)
    links = []
    for size, touch in (((390, 844), True), ((844, 390), True), ((1366, 768), False)):
        ui, errors = first_visit(phone if touch else desktop, url, viewport={"width": size[0], "height": size[1]})
        link, expected = edit_and_play_on(ui, touch, size, artifacts_dir)
        links.append(link)
        assert not errors, errors
    # The link, the same on every screen, opens the same position elsewhere:
    # in a browser with no saved game that might show it instead.
    assert links == [links[0]] * 3, links
    ui, errors = first_visit(phone, links[0])
    ui.expect_position(expected)
    assert not errors, errors
    context.close()


def test_the_computers_view_of_the_position_shown_on_demand(desktop, base_url):
    """The question goes to the worker ready first, MicroPython's (in a
    second; Pyodide's takes several, and its wasm is held back here)."""
    ui, errors = first_visit(desktop, f"{base_url}?position={quote(BLUNDER)}", viewport=LAPTOP)
    page = ui.page
    page.click("#btn-evaluate")
    view = page.locator("#evaluation")
    expect(view).to_contain_text("The moves it expects: a1xb2", timeout=60_000)  # it takes the pawn beside it
    expect(view).to_contain_text("Red to move, Red's winning chances ")
    ui.play("a1-a2")  # a move: another position, the view goes
    expect(view).to_be_hidden()
    expect(page.locator("#btn-evaluate")).to_be_visible()  # (an untimed game: as a hint is)
    assert not errors, errors


def test_explore_a_variation_from_a_past_position_and_keep_it_in_the_record(desktop, base_url, artifacts_dir):
    ui, errors = first_visit(desktop, f"{base_url}?position={quote(BLUNDER)}", viewport=LAPTOP)
    page = ui.page
    lose_by_the_blunder(ui)
    page.click("#btn-first")
    expect(ui.board).to_have_attribute("data-ply", "0")
    ui.play("a1xb2")  # the better move, played on the past position: a variation
    expect(page.locator("#btn-mainline")).to_be_visible()
    expect(page.locator("#variation-note")).to_have_text(
        "A variation in place of 1. a1-a2: the game waits. Back to the main line keeps it.")
    ui.play("f12-f11")
    expect(page.locator("#moves li")).to_have_count(1)  # the variation's moves
    page.screenshot(path=str(artifacts_dir / "variation-explored.png"))
    page.click("#btn-mainline")
    expect(ui.board).to_have_attribute("data-ply", "0")
    expect(ui.board).to_have_attribute("data-position", BLUNDER)
    expect(page.locator("#moves li.variation")).to_have_text("(1. a1xb2 f12-f11)")
    page.click("#btn-record")
    assert "1. a1-a2 (1. a1xb2 f12-f11) 1... b2xa2 0-1" in page.input_value("#record-text")
    page.click("#record-close")
    page.screenshot(path=str(artifacts_dir / "variation-kept.png"))
    # The saved game is the game itself, never the variation, and keeps it.
    page.reload()
    expect(ui.board).to_have_attribute("data-plies", "2")
    expect(page.locator("#moves li.variation")).to_have_text("(1. a1xb2 f12-f11)")
    # Its row: on with it, from its end.
    page.click("#moves li.variation button")
    expect(page.locator("#btn-mainline")).to_be_visible()
    expect(ui.board).to_have_attribute("data-position", "6/5s^/6/6/6/6/6/6/6/6/1S^4/6 w 000/000 -/- 50/49 2")
    # A variation within it: back to its first move, another reply there.
    page.click('#moves .mv[data-ply="1"]')
    ui.play("f12-e12")
    expect(page.locator("#btn-mainline")).to_have_text("Back to the variation")
    page.click("#btn-mainline")
    expect(page.locator("#moves li.variation")).to_have_text("(1... f12-e12)")
    page.click("#btn-mainline")
    expect(page.locator("#moves li.variation")).to_have_text("(1. a1xb2 f12-f11 (1... f12-e12))")
    page.click("#btn-record")
    assert "1. a1-a2 (1. a1xb2 f12-f11 (1... f12-e12)) 1... b2xa2 0-1" in page.input_value("#record-text")
    page.click("#record-close")
    assert not errors, errors
