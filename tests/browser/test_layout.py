"""Layout that fits (issue 13): at common laptop and phone sizes no control
the player needs is below the fold, in the set-up, in play, after a reload
(Resume) and at a promotion, and the board is as large as the room left."""

from __future__ import annotations

from contextlib import contextmanager
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from game_page import GamePage, fresh_game, goto_ready, painted, wait_ready

START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
#: White's cross rank 2 on c4 takes the cross rank 1 on c5: a promotion whose tower has
#: fields to choose from (R13), so the page asks where.
PROMOTION = "s^5/1s14/6/2x13/2X23/6/1S14/S^5 w 122/122 -/- - 1"
SIZES = [(1366, 768), (1280, 800), (1280, 720), (390, 844), (844, 390)]

#: Each visible control's box, and the viewport.
BOXES = """(ids) => ids.map(id => { const node = document.getElementById(id);
    if (!node || node.hidden || node.offsetParent === null) return null;
    const r = node.getBoundingClientRect();
    return [id, r.left, r.top, r.right, r.bottom]; }).filter(Boolean)"""


def outside(page, ids: list[str]) -> list:
    width, height = page.evaluate("[innerWidth, innerHeight]")
    return [box for box in page.evaluate(BOXES, ids)
            if box[1] < -1 or box[2] < -1 or box[3] > width + 1 or box[4] > height + 1]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_needed_control_is_in_view(browser, base_url, size, artifacts_dir):
    width, height = size
    phone = width < 500 or height < 500
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone,
                                  has_touch=phone)
    page = context.new_page()
    # The set-up: the board and Done.
    goto_ready(page, f"{base_url}?board=single")
    assert not outside(page, ["board", "btn-done", "btn-random", "status"]), "set-up"
    # Play, with a clock: Resign; after a reload the clocks wait for Resume.
    goto_ready(page, f"{base_url}?position={quote(START)}&time=300%2B0&white=Annabel%20Tester&black=Bram%20van%20Dijk")
    ui = GamePage(page)
    assert not outside(page, ["board", "btn-resign", "status", "bar-white", "bar-black"]), "play"
    # Issue 25 (rough edges 4, 17): the whole name, and the towers on the board beside the spares.
    cut = page.evaluate("""() => [...document.querySelectorAll('.player-bar .name, .player-bar .towers')]
        .filter(e => e.scrollWidth > e.clientWidth + 1 || e.offsetHeight > 30).map(e => e.outerHTML.slice(0, 80))""")
    assert not cut, cut
    expect(page.locator("#bar-white .on-board")).to_have_text("On board3")
    expect(page.locator("#bar-white .on-board")).to_have_attribute("title", "Towers on the board")
    ui.play("c3-d4", how="tap" if phone else "click")
    page.reload()
    wait_ready(page)
    expect(page.locator("#btn-resume")).to_be_visible()
    assert not outside(page, ["board", "btn-resume", "status"]), "resume"
    page.screenshot(path=str(artifacts_dir / f"layout-{width}x{height}.png"))
    # A promotion: the status line asks where the tower goes.
    goto_ready(page, f"{base_url}?position={quote(PROMOTION)}")
    ui.click("c4") if not phone else ui.tap("c4")  # the cross rank 2 takes the rank 1 ...
    ui.click("c5") if not phone else ui.tap("c5")  # ... and reaches 3: a tower, but where?
    expect(page.locator("#status")).to_contain_text("tower")
    assert not outside(page, ["board", "status", "btn-resign"]), "promotion"
    # The board and what goes with it fit the window (the move list may scroll below).
    bottom, inner = page.evaluate("[document.getElementById('controls').getBoundingClientRect().bottom, innerHeight]")
    assert bottom <= inner + 1, (bottom, inner, page.evaluate(BOXES, ["controls", "btn-back", "btn-resign", "btn-hint"]))
    context.close()


def test_the_double_board_turns_on_a_portrait_phone(browser, base_url, artifacts_dir):
    """12 files across 390 px would be 31 px fields: turned, the ranks run
    across and the files down, and the fields stay 40 px or more."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    goto_ready(page, f"{base_url}?board=double")
    size = page.evaluate("(() => { const b = document.getElementById('board').getBoundingClientRect();"
                         " return [b.width, b.height]; })()")
    assert size[0] / 8 >= 40 and abs(size[1] / 12 - size[0] / 8) < 1, size
    ui = GamePage(page)
    a1, l1, a8 = (page.evaluate("n => window.militakiri.squareCenter(n)", n) for n in ("a1", "l1", "a8"))
    assert a1["y"] < l1["y"] and a1["x"] < a8["x"]  # files run down, ranks across
    ui.tap("c1")  # White's first star tower (R4), on the turned board
    expect(page.locator("#status")).to_contain_text("star tower")
    assert not outside(page, ["board", "btn-done", "status"])
    page.screenshot(path=str(artifacts_dir / "double-turned-phone.png"))
    context.close()


def test_coordinates_are_drawn_over_the_pieces(browser, base_url):
    """c1 holds White's star tower, whose plinth fills the corner where the
    file's letter goes: the letter is still there, in the label's color."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    goto_ready(page, f"{base_url}?position={quote(START)}")
    painted(page)
    found = page.evaluate("""() => { const c = document.getElementById('board');
        const s = c.width / 6, x = 3 * s - s * 0.3, y = c.height - s * 0.3;
        const data = c.getContext('2d').getImageData(Math.round(x), Math.round(y), Math.round(s * 0.3), Math.round(s * 0.3)).data;
        let n = 0;  // the letter on a dark square: #f6ead2
        for (let i = 0; i < data.length; i += 4)
            if (Math.abs(data[i] - 246) < 6 && Math.abs(data[i + 1] - 234) < 6 && Math.abs(data[i + 2] - 210) < 6) n++;
        return n; }""")
    assert found > 5, found
    context.close()


#: The trial's three screens (issue 25): a phone held upright and sideways, a laptop.
TRIAL_SIZES = [(1366, 768), (390, 844), (844, 390)]
TRIAL_IDS = [f"{w}x{h}" for w, h in TRIAL_SIZES]


@contextmanager
def trial_screen(browser, url: str, size: tuple[int, int]):
    """A page at ``url`` on one of the trial's screens (a touch screen below 900 px)."""
    touch = size[0] < 900
    with fresh_game(browser, url, viewport={"width": size[0], "height": size[1]}, has_touch=touch,
                    is_mobile=touch) as (ui, _errors):
        yield ui


@pytest.mark.parametrize("size", TRIAL_SIZES, ids=TRIAL_IDS)
def test_a_message_of_two_lines_moves_nothing(browser, base_url, size):
    """Issue 25, rough edge 14: the status line grew when a message wrapped,
    and what is below it moved (the board had resized before that)."""
    with trial_screen(browser, f"{base_url}?position={quote(START)}&white=Anna&black=Bram", size) as ui:
        page = ui.page

        def boxes():
            return [page.locator(sel).bounding_box() for sel in ("#board", "#status", "#controls")]

        first = boxes()
        ui.click("c3")  # "White cross pawn on c3: dots are moves, rings are takes." (two lines here)
        expect(page.locator("#status")).to_contain_text("dots are moves")
        assert boxes() == first
        ui.click("c6")  # a refusal naming its rule
        expect(page.locator("#status .rule-ref")).to_have_text("R8")
        assert boxes() == first


@pytest.mark.parametrize("size", TRIAL_SIZES, ids=TRIAL_IDS)
def test_the_player_bars_show_the_names_whole(browser, base_url, size, artifacts_dir):
    """Issue 25, rough edge 4: "Computer, …", "Tester (W…" even at 1366 px.
    A bar shows the name (its chip shows the side, a screen reader hears it)."""
    width, height = size
    url = f"{base_url}?position={quote(START)}&white=Tester&computer=black&level=4&time=300%2B0"
    with trial_screen(browser, url, size) as ui:
        page = ui.page
        expect(page.locator("#bar-white .name")).to_have_text("Tester")
        expect(page.locator("#bar-black .name")).to_have_text("Level 4")  # the computer, shortly
        assert page.locator("#bar-black .name").get_attribute("title") == "Computer, level 4 (Black)"
        expect(page.locator("#bar-white")).to_contain_text("Tester (White)")  # (visually hidden: the whole label)
        expect(page.locator("#bar-black")).to_contain_text("Computer, level 4 (Black)")
        page.screenshot(path=str(artifacts_dir / f"bars-{width}x{height}.png"))
        cut = page.evaluate("""() => [...document.querySelectorAll('.player-bar .name')]
            .filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)""")
        assert not cut, cut


@pytest.mark.parametrize("size", [(420, 620), (844, 390)], ids=["embed-420x620", "844x390"])
def test_the_new_game_dialogs_start_is_in_reach_in_a_small_window(browser, base_url, size, artifacts_dir):
    """Issue 25, rough edge 15: the New game dialog in a 420x620 frame
    needed scrolling to reach Start; its buttons now stay at its foot."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        goto_ready(page, base_url + ("?embed" if width == 420 else ""))
        expect(page.locator("#dlg-new")).to_have_attribute("open", "")
        assert page.evaluate("(() => { const d = document.getElementById('dlg-new');"
                             " return d.scrollHeight > d.clientHeight; })()")  # (taller than the window)
        start = page.locator("#ng-start").bounding_box()
        assert start["y"] + start["height"] <= height
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).id",
                            [start["x"] + start["width"] / 2, start["y"] + start["height"] / 2])
        assert hit == "ng-start"
        page.screenshot(path=str(artifacts_dir / f"new-game-{width}x{height}.png"))
    finally:
        context.close()
