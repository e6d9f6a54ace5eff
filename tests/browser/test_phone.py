"""A phone held upright: 390 x 844 CSS pixels, 3 device pixels each, touch.

One phone's tab is shared by the module's tests of this phone, and another
touch screen's tab (one device pixel per CSS pixel) by those of other sizes:
a new tab or browser context costs about as much CPU again as the page's
boot, and three device pixels for one paint nine times the pixels.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from militakiri import Position

from game_page import GamePage, errors_of, fresh_game, goto_ready, open_ready, painted

PHONE = {"width": 390, "height": 844}
# Stacks of every height, towers, and a waiting tower for each side (R15),
# as a game can reach them: the zones full but for the fields the moves
# need, all spares promoted (militakiri/reachable.py).
PIECES = ("s^x^p^s^x^p^/x^s1s1x1p1s1/s1x1p11s1p1/6/6/6/6/6/6/P^P12P1P1/S2X3P2S4X1P1/S^X^P^S^X^P^ "
          "w 000/000 X/p - 5")
#: The least field a finger hits surely (web/model/layout.py TAP_MIN).
TAP_MIN = 40


#: A game one move from its end: White's tower takes Black's last one (R19).
ONE_MOVE_WIN = "s^5/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1"


@pytest.fixture(scope="module")
def shared(browser, base_url):
    context = browser.new_context(viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True,
                                  service_workers="block")
    page, errors = open_ready(context, base_url)
    yield context, page, errors
    context.close()


@pytest.fixture(scope="module")
def touch_screen(browser):
    """A tab of a touch screen at one device pixel per CSS pixel, for the
    tests at other sizes: each sets its viewport and opens its page."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block")
    page = context.new_page()
    yield GamePage(page), errors_of(page)
    context.close()


def at_rest(ui: GamePage) -> None:
    """Wait until the board is still and painted (for a screenshot): no move
    sliding in, the last change drawn."""
    expect(ui.board).not_to_have_attribute("data-animating", "1")
    painted(ui.page)


def layout(page) -> dict:
    return page.evaluate("""() => {
        const box = id => document.getElementById(id).getBoundingClientRect().toJSON();
        const c = document.getElementById('board');
        const a1 = window.militakiri.squareCenter('a1'), a2 = window.militakiri.squareCenter('a2');
        return {scrollWidth: document.documentElement.scrollWidth, board: box('board'),
                white: box('bar-white'), black: box('bar-black'), status: box('status'),
                backing: [c.width, c.height], css: [c.clientWidth, c.clientHeight],
                field: Math.hypot(a2.x - a1.x, a2.y - a1.y)};
    }""")


def test_set_up_and_play_by_touch_on_a_phone(ui, artifacts_dir: Path):
    page = ui.page
    page.tap("#ng-start")
    ui.expect_status("setup")
    ui.setup(["b1", "e2", "d3"], None, how="tap")
    page.tap("#dice-roll")
    page.tap("#dice-start")
    ui.expect_status("playing")
    for _ in range(2):
        position = Position.from_string(ui.position())
        token = next(t for t in position.legal_moves() if "-" in t)
        ui.play(token, how="tap")

    box = layout(page)
    # Fits the width, sharp (3 device pixels per CSS pixel), board and both
    # player bars visible without scrolling, the fields large enough for a
    # finger (the twelve ranks set the board's height).
    assert box["scrollWidth"] <= PHONE["width"]
    assert box["backing"] == [box["css"][0] * 3, box["css"][1] * 3]
    assert box["board"]["left"] >= 0 and box["board"]["right"] <= PHONE["width"]
    assert box["board"]["top"] >= 0 and box["board"]["bottom"] <= PHONE["height"]
    assert box["field"] >= TAP_MIN, box
    assert box["board"]["height"] == box["field"] * 12 and box["board"]["width"] == box["field"] * 6
    assert box["black"]["top"] >= 0 and box["white"]["bottom"] <= PHONE["height"]
    at_rest(ui)
    page.screenshot(path=str(artifacts_dir / "phone.png"))


def test_phone_shows_ranks_towers_and_waiting_towers(ui, artifacts_dir: Path):
    page = ui.page
    if not page.locator("#dlg-new").evaluate("d => d.open"):  # a first visit opens it (this test alone)
        page.tap("#btn-new")
    page.tap("#ng-more summary")
    page.fill("#ng-position", PIECES)
    page.tap("#ng-start")
    ui.expect_position(PIECES)
    expect(page.locator("#bar-white .waiting-group")).to_be_visible()
    expect(page.locator("#bar-black .waiting-group")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("waiting cross tower")
    ui.tap("c3")  # place the waiting cross tower (R15)
    ui.tap("d2")  # select the star rank 4
    at_rest(ui)
    page.screenshot(path=str(artifacts_dir / "phone-pieces.png"))
    ui.tap("d6")
    ui.expect_position(Position.from_string(PIECES).play("@c3,d2-d6").string())
    assert layout(page)["field"] >= TAP_MIN  # tapped at once: no zoom on fields this large
    assert page.locator("#board").get_attribute("data-zoom") is None


def test_a_rematch_on_a_phone_starts_at_the_top_of_the_page(shared, base_url):
    """From a new player's trial: after Rematch the page stayed scrolled down,
    the top bar and the opponent's clock off-screen."""
    _, page, errors = shared
    goto_ready(page, f"{base_url}?position={quote(ONE_MOVE_WIN)}&white=Anna")
    ui = GamePage(page)
    ui.play("a1xa12")  # Blue's last tower taken: Red wins (R19)
    expect(page.locator("#dlg-result")).to_have_attribute("open", "")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 0
    page.locator("#result-rematch").tap()
    expect(page.locator("#bar-white")).to_contain_text("Red")  # the colors swapped: Anna plays Blue
    page.wait_for_function("() => window.scrollY === 0")
    assert page.locator("#bar-black").bounding_box()["y"] >= 0
    assert not errors, errors


def test_a_phone_held_sideways_shows_no_keyboard_help_no_clicks_and_rematches_at_the_top(touch_screen, base_url):
    """No keyboard help, no "click" and a rematch from the top, as a new
    player's trial asked, at 844x390 (upright: the tests around this one)."""
    ui, errors = touch_screen
    page = ui.page
    errors.clear()
    page.set_viewport_size({"width": 844, "height": 390})
    goto_ready(page, base_url + "?board=single")
    assert not page.locator(".keys-help").is_visible()
    assert "click" not in page.locator("#status").inner_text().lower()
    goto_ready(page, f"{base_url}?position={quote(ONE_MOVE_WIN)}&white=Anna")
    GamePage(page).play("a1xa12")
    expect(page.locator("#dlg-result")).to_have_attribute("open", "")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.locator("#result-rematch").tap()
    page.wait_for_function("() => window.scrollY === 0")
    assert not errors, errors


def test_a_phone_shows_no_keyboard_help_and_no_clicks(shared, base_url):
    """From a new player's trial: "click" and "press Escape" on a touch screen,
    and the keyboard's help shown on a phone."""
    _, page, errors = shared
    goto_ready(page, base_url + "?board=single")
    assert not page.locator(".keys-help").is_visible()
    status = page.locator("#status").inner_text()
    assert "choose where your towers go" in status and "click" not in status.lower()
    assert not errors, errors


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1366, 768)], ids=["390x844", "844x390", "1366x768"])
def test_the_dice_stand_beside_their_players_names_on_a_phone(touch_screen, browser, base_url, artifacts_dir, size):
    """From a new player's trial: on a phone both dice stood on the first
    player's line and the computer's line had none. The touch screens' sizes
    in the touch screen's tab, the laptop's in a browser of its own."""
    touch = size[0] < 900
    url = base_url + "?board=single&white=Anna%20Lena%20van%20den%20Berg&black=Bram%20Bakker"
    with on_a_screen(touch_screen, browser, url, size, touch) as (ui, errors):
        page = ui.page
        ui.setup(None, None)
        page.click("#dice-roll")
        expect(page.locator("#dice-rolls li").last).to_contain_text("starts")
        page.screenshot(path=str(artifacts_dir / f"dice-{size[0]}x{size[1]}.png"))
        for row in page.locator("#dice-rolls li").all():
            names, dice = row.locator(".side-name").all(), row.locator(".die").all()
            assert len(names) == len(dice) == 2
            for name, die in zip((n.bounding_box() for n in names), (d.bounding_box() for d in dice)):
                assert abs((name["y"] + name["height"] / 2) - (die["y"] + die["height"] / 2)) < 8, (name, die)
        # One line above the buttons, not a second one under the last roll (a new player's trial).
        last = page.locator("#dice-rolls li").last
        assert last.evaluate("li => getComputedStyle(li).borderBottomStyle") == "none"
        assert not errors, errors


@contextmanager
def on_a_screen(touch_screen, browser, url: str, size: tuple[int, int], touch: bool):
    """``(GamePage, errors)`` at ``url`` once ready, at ``size``: in the
    touch screen's tab, else in a laptop's browser of its own."""
    viewport = {"width": size[0], "height": size[1]}
    if not touch:
        with fresh_game(browser, url, viewport=viewport, service_workers="block") as tab:
            yield tab
        return
    ui, errors = touch_screen
    errors.clear()
    ui.page.set_viewport_size(viewport)
    goto_ready(ui.page, url)
    yield touch_screen
