"""Layout that fits, on the official board of 12 ranks: at common
laptop and phone sizes the whole board and every control the player needs
are in view without scrolling, in the set-up, in play with a clock, after a
reload (Resume) and at a promotion; the fields are as large as the room
lets them (web/model/layout.py chooses the arrangement and the way round);
fields too small for a finger zoom at a tap on a touch screen, and every
move can then be made with targets of 40 CSS px or more.

Every check is a number read off the page (boxes against the window, the
field's size from the page's own geometry, window.militakiri.squareCenter);
every wait is for a condition. Screenshots go to artifacts/browser/.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from militakiri import Position
from militakiri.board import DOUBLE
from militakiri.game import Game
from militakiri.link import game_to_link
from militakiri.setup import Setup, start_position

from game_page import BLUNDER, GamePage, errors_of, goto_ready, lose_by_the_blunder, painted, wait_ready, without_pyodide
from web.model.lessons import read_lessons

#: A single board's start: three rows a side (R1), six empty rows between.
START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
#: White's cross rank 2 on c4 takes the cross rank 1 on c5: a promotion whose tower has
#: fields to choose from (R13), so the page asks where.
PROMOTION = "s^5/1s14/6/6/6/6/6/2x13/2X23/6/1S14/S^5 w 122/122 -/- - 1"
#: The double board: White's star tower on a1 reaches a9 (a move across the
#: board), Black's on l12 steps to l11, White's cross pawn on e3 takes e4 (R8).
DOUBLE_PLAY = "11s^/12/12/12/12/12/12/12/4x17/4X17/12/S^11 w 000/000 -/- - 1"
DOUBLE_MOVES = ("a1-a9", "l12-l11", "e3xe4")
#: The sizes of the brief: two laptops, a phone upright and held sideways.
#: (A laptop of 1280 x 800, the second's width with more height, is the
#: screen of the coordinates' and the colours' tests below.)
SCREENS = [(1366, 768), (1280, 720), (390, 844), (844, 390)]
SCREEN_IDS = [f"{w}x{h}" for w, h in SCREENS]
#: The least field a finger hits surely (web/model/layout.py TAP_MIN), and
#: the least field asked of a laptop and of a phone upright for the single board.
TAP_MIN = 40
LEAST_FIELD = {(1366, 768): 44, (390, 844): 40}

#: Each visible control's box, and the viewport.
BOXES = """(ids) => ids.map(id => { const node = document.getElementById(id);
    if (!node || node.hidden || node.offsetParent === null) return null;
    const r = node.getBoundingClientRect();
    return [id, r.left, r.top, r.right, r.bottom]; }).filter(Boolean)"""
#: The board's geometry as the page has it: the field's size (the distance
#: between the centres of a1 and a2, and of a1 and b1), the canvas's box,
#: the arrangement, whether the ranks run across.
GEOMETRY = """() => { const at = name => window.militakiri.squareCenter(name);
    const a1 = at('a1'), a2 = at('a2'), b1 = at('b1'), r = document.getElementById('board').getBoundingClientRect();
    return {square: Math.hypot(a2.x - a1.x, a2.y - a1.y), file_step: Math.hypot(b1.x - a1.x, b1.y - a1.y),
            board: [r.left, r.top, r.right, r.bottom], viewport: [innerWidth, innerHeight], scrolled: scrollY,
            layout: document.documentElement.dataset.layout, turned: Math.abs(a2.x - a1.x) > 1,
            zoomed: document.getElementById('board').hasAttribute('data-zoom')}; }"""



def outside(page, ids: list[str]) -> list:
    """The boxes of those of ``ids`` shown that are not wholly in the window."""
    width, height = page.evaluate("[innerWidth, innerHeight]")
    return [box for box in page.evaluate(BOXES, ids)
            if box[1] < -1 or box[2] < -1 or box[3] > width + 1 or box[4] > height + 1]


def shown(page, ids: list[str]) -> list[str]:
    """Those of ``ids`` shown on the page."""
    return [box[0] for box in page.evaluate(BOXES, ids)]


def geometry(page) -> dict:
    return page.evaluate(GEOMETRY)


def note_sizes(artifacts_dir, key: str, measured: dict) -> None:
    """Keep what was measured (artifacts/browser/layout-sizes.json), for the record."""
    path = artifacts_dir / "layout-sizes.json"
    sizes = json.loads(path.read_text()) if path.exists() else {}
    sizes[key] = measured
    path.write_text(json.dumps(sizes, indent=1, sort_keys=True))


# Two browser contexts for the module, a touch screen's (mobile) and a
# mouse's: a context and its first boot cost a second or more, a page of a
# context whose files are cached much less. Each test starts from a known
# state: the window at its size, the storage of the site cleared (no saved
# game, language or progress), then the page it asks for, loaded anew.


@dataclass
class Screen:
    """A screen of ``size`` (a touch screen - mobile - if ``touch``), its
    page and the errors that page reports."""
    size: tuple[int, int]
    touch: bool
    page: Page
    errors: list[str]

    def open(self, url: str) -> GamePage:
        goto_ready(self.page, url)
        return GamePage(self.page)


def on(*sizes: tuple[int, int], touch: bool | None = None, ids: list[str] | None = None):
    """Run the test on a screen of each of ``sizes`` (the ``screen`` fixture);
    a touch screen below 900 px wide unless ``touch`` says."""
    screens = [(size, size[0] < 900 if touch is None else touch) for size in sizes]
    return pytest.mark.parametrize("screen", screens, indirect=True, ids=ids or [f"{w}x{h}" for w, h in sizes])


@pytest.fixture(scope="module")
def pages(browser):
    """touch -> (page, its errors): a page of a context of its own for a
    touch screen and for a mouse, made when first asked for."""
    made: dict[bool, tuple[Page, list[str]]] = {}

    def page_for(touch: bool) -> tuple[Page, list[str]]:
        if touch not in made:
            context = browser.new_context(has_touch=touch, is_mobile=touch, service_workers="block")
            without_pyodide(context)  # the layout, not the computer's runtime
            page = context.new_page()
            made[touch] = page, errors_of(page)
        return made[touch]

    yield page_for
    for page, _ in made.values():
        page.context.close()


@pytest.fixture
def screen(request, pages, base_url: str) -> Screen:
    """The screen ``request.param`` = (size, touch) as a new context has
    it: that size, nothing kept by the site, no errors so far."""
    size, touch = request.param
    page, errors = pages(touch)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    # Off the game first (it saves on pagehide), onto a page of the site with
    # no script (the rules; with an icon: no request for a missing favicon):
    # its storage is cleared there, and the next goto loads the page anew
    # (never only a new #hash on the same page) at the size just set.
    page.goto(base_url + "rules/en.html")
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    errors.clear()
    return Screen(size, touch, page, errors)


def setup_fits(page, artifacts_dir, board: str) -> dict:
    """The set-up in view: the whole board, Random and Done, the bars,
    nothing scrolled; its geometry."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    expect(page.locator("#board")).to_have_attribute("data-status", "setup")
    painted(page)
    found = geometry(page)
    assert found["scrolled"] == 0
    assert not outside(page, ["board", "btn-random", "btn-done", "status", "bar-white", "bar-black"]), \
        page.evaluate(BOXES, ["board", "btn-random", "btn-done", "status"])
    assert shown(page, ["btn-random", "btn-done"]) == ["btn-random", "btn-done"]
    page.screenshot(path=str(artifacts_dir / f"fit-{board}-setup-{width}x{height}.png"))
    return found


def clock_game_fits(page, artifacts_dir, board: str) -> dict:
    """A game with a clock in view: the whole board, Resign, both clocks
    (White's running), the status line; its geometry."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    expect(page.locator("#clock-white")).to_have_class("clock running")  # Red's time runs
    painted(page)
    found = geometry(page)
    needed = ["board", "btn-resign", "clock-white", "clock-black", "status"]
    assert shown(page, needed) == needed
    assert not outside(page, needed), page.evaluate(BOXES, needed)
    page.screenshot(path=str(artifacts_dir / f"fit-{board}-clock-{width}x{height}.png"))
    return found


def fields_large(artifacts_dir, size: tuple[int, int], board: str, setup: dict, play: dict) -> None:
    """Square fields, no zoom, one board size from the set-up into the game;
    a laptop's single board has fields of 44 px or more, a phone's upright
    of 40 or more; the double board's fields on a phone are smaller (twelve
    across 390 px): test_the_double_board_is_played_by_taps_on_a_phone."""
    width, height = size
    measured = {}
    for what, found in (("setup", setup), ("play", play)):
        assert found["square"] == pytest.approx(found["file_step"], abs=0.01)  # square fields
        assert not found["zoomed"]
        measured[what] = {"field": found["square"], "layout": found["layout"], "turned": found["turned"],
                          "board": [round(v) for v in found["board"]]}
    assert setup["square"] == play["square"], "a set-up and its game keep one board size"
    if board == "single" and size in LEAST_FIELD:
        assert play["square"] >= LEAST_FIELD[size], play
    if board == "single" or width > 900:
        assert play["square"] >= TAP_MIN, play
    note_sizes(artifacts_dir, f"{board} {width}x{height}", measured)


@on(*SCREENS)
def test_the_whole_board_and_every_needed_control_are_in_view(screen, base_url, artifacts_dir):
    """At each size, the whole board and what the player needs in the
    window, nothing scrolled: a set-up (Random and Done), a game with a
    clock (Resign, both clocks, both names whole), the same game after a
    reload (Resume), a promotion (the status line asks where the tower
    goes); the same for the double board on the brief's screens. The
    fields are as large as the room lets them (fields_large)."""
    page, phone = screen.page, screen.touch
    width, height = size = screen.size
    # The set-up: the board and Done.
    ui = screen.open(f"{base_url}?board=single")
    setup = setup_fits(page, artifacts_dir, "single")
    assert not outside(page, ["board", "btn-done", "btn-random", "status"]), "set-up"
    # Play, with a clock: Resign; after a reload the clocks wait for Resume.
    ui = screen.open(f"{base_url}?position={quote(START)}&time=300%2B0&white=Annabel%20Tester&black=Bram%20van%20Dijk")
    play = clock_game_fits(page, artifacts_dir, "single")
    assert not outside(page, ["board", "btn-resign", "status", "bar-white", "bar-black"]), "play"
    # From a new player's trial: the whole name, and the towers on the board beside the spares.
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
    ui = screen.open(f"{base_url}?position={quote(PROMOTION)}")
    ui.click("c4") if not phone else ui.tap("c4")  # the cross rank 2 takes the rank 1 ...
    ui.click("c5") if not phone else ui.tap("c5")  # ... and reaches 3: a tower, but where?
    expect(page.locator("#status")).to_contain_text("tower")
    assert not outside(page, ["board", "status", "btn-resign"]), "promotion"
    # The board and what goes with it fit the window (the move list may scroll below).
    bottom, inner = page.evaluate("[document.getElementById('controls').getBoundingClientRect().bottom, innerHeight]")
    assert bottom <= inner + 1, (bottom, inner, page.evaluate(BOXES, ["controls", "btn-back", "btn-resign", "btn-hint"]))
    fields_large(artifacts_dir, size, "single", setup, play)
    # The double board.
    screen.open(f"{base_url}?board=double")
    setup = setup_fits(page, artifacts_dir, "double")
    screen.open(f"{base_url}?position={quote(DOUBLE_PLAY)}&time=300%2B0&white=Anna&black=Bram")
    play = clock_game_fits(page, artifacts_dir, "double")
    fields_large(artifacts_dir, size, "double", setup, play)
    assert not screen.errors, screen.errors


def field_on_screen(page, square: str) -> dict:
    """The field's box as it shows now (a zoomed view's last field may be
    cut at the canvas's edge), in the page's pixels."""
    return page.evaluate("""(name) => { const at = n => window.militakiri.squareCenter(n);
        const c = at(name), r = document.getElementById('board').getBoundingClientRect();
        const a1 = at('a1'), a2 = at('a2'), s = Math.hypot(a2.x - a1.x, a2.y - a1.y);
        const left = Math.max(0, c.x - s / 2), right = Math.min(r.width, c.x + s / 2);
        const top = Math.max(0, c.y - s / 2), bottom = Math.min(r.height, c.y + s / 2);
        return {square: s, width: right - left, height: bottom - top,
                x: r.left + (left + right) / 2, y: r.top + (top + bottom) / 2}; }""", square)


class Finger:
    """Taps fields as a person does on a phone: where the fields are too
    small, a first tap near the field zooms, and the field is tapped in the
    zoomed view; every field tapped to act is TAP_MIN or more each way."""

    def __init__(self, ui: GamePage) -> None:
        self.ui = ui
        self.taps = 0
        self.targets: list[tuple[str, float, float]] = []

    def tap(self, square: str) -> None:
        ui, page = self.ui, self.ui.page
        if ui.board.get_attribute("data-zoom") is None and field_on_screen(page, square)["square"] < TAP_MIN:
            before = ui.position()
            ui.tap(square)  # near it, on the whole board: it zooms, nothing else
            expect(ui.board).to_have_attribute("data-zoom", "1")
            assert ui.position() == before
            self.taps += 1
        field = field_on_screen(page, square)
        assert field["width"] >= TAP_MIN and field["height"] >= TAP_MIN, (square, field)
        self.targets.append((square, field["width"], field["height"]))
        page.touchscreen.tap(field["x"], field["y"])
        self.taps += 1

    def play(self, token: str) -> int:
        """Play ``token`` by taps; how many it took."""
        taps = self.taps
        before = self.ui.position()
        expected = Position.from_string(before).play(token).string()
        origin, target = token.replace("x", "-").split("-")
        self.tap(origin)
        expect(self.ui.board).to_have_attribute("data-position", before)
        self.tap(target)
        self.ui.expect_position(expected)
        # Then the whole board again: the opponent's answer shows whole.
        expect(self.ui.board).not_to_have_attribute("data-zoom", "1")
        return self.taps - taps


@on((390, 844), (844, 390))
def test_the_double_board_is_played_by_taps_on_a_phone(screen, base_url, artifacts_dir):
    """Twelve fields across a phone are some 30 px: the whole board shows, a
    tap zooms into the part of it around the finger (fields of 44 px or more),
    and a tap there acts. White's towers are placed so in the set-up (R4, R5);
    then a move across the board, a step and a take are made by taps alone."""
    width, height = screen.size
    ui = screen.open(f"{base_url}?board=double")
    page = ui.page
    whole = geometry(page)
    assert whole["square"] < TAP_MIN and not whole["turned"]
    assert not outside(page, ["board", "btn-random", "btn-done", "status"])
    finger = Finger(ui)
    finger.tap("c1")  # Red's first star tower (R4)
    expect(ui.board).not_to_have_attribute("data-zoom", "1")  # placed: the whole board again
    page.screenshot(path=str(artifacts_dir / f"double-phone-setup-{width}x{height}.png"))
    for square in ("h1", "b2", "f2", "a3", "k3"):
        finger.tap(square)
    expect(page.locator("#btn-done")).to_be_enabled()
    assert not outside(page, ["board", "btn-done"])
    page.locator("#btn-done").tap()
    page.locator("#btn-random").tap()  # Blue's set-up
    page.locator("#btn-done").tap()
    page.locator("#dice-roll").tap()
    expect(page.locator("#dice-start")).to_be_visible()
    page.locator("#dice-start").tap()
    ui.expect_status("playing")
    # Red's set-up as tapped: stars c1 h1, crosses b2 f2, pluses a3 k3.
    tapped = start_position(DOUBLE, Setup.parse("Sch Xbf Pak", DOUBLE), Setup.random(DOUBLE, random.Random()), 0)
    assert ui.position().split()[0].split("/")[-3:] == tapped.string().split()[0].split("/")[-3:]
    assert finger.taps == 12 and len(finger.targets) == 6

    goto_ready(page, f"{base_url}?position={quote(DOUBLE_PLAY)}&white=Anna&black=Bram")
    finger = Finger(ui)
    finger.tap("e3")  # a cross pawn: its moves are all near it, the view stays
    expect(ui.board).to_have_attribute("data-zoom", "1")
    painted(page)
    page.screenshot(path=str(artifacts_dir / f"double-phone-zoomed-{width}x{height}.png"))
    finger.tap("e3")  # put down again: the whole board
    expect(ui.board).not_to_have_attribute("data-zoom", "1")
    finger = Finger(ui)
    taps = [finger.play(token) for token in DOUBLE_MOVES]
    # A tower (its reach across the board does not fit a view): zoom,
    # pick, and the whole board shows its moves; zoom, go. A pawn's
    # take (its moves all near it): zoom, pick, go.
    assert taps == [4, 4, 3], taps
    assert min(min(w, h) for _, w, h in finger.targets) >= TAP_MIN, finger.targets
    assert not outside(page, ["board", "status"])
    page.screenshot(path=str(artifacts_dir / f"double-phone-played-{width}x{height}.png"))
    assert not screen.errors, screen.errors
    note_sizes(artifacts_dir, f"double taps {width}x{height}",
               {"whole": whole["square"], "tapped": sorted({round(min(w, h), 1) for _, w, h in finger.targets})})


@on((560, 600), touch=False)
def test_a_mouse_never_zooms(screen, base_url):
    """A mouse points to the pixel: on a small window's small fields a click
    acts at once (the zoom is for fingers)."""
    ui, errors = screen.open(f"{base_url}?board=double"), screen.errors
    assert geometry(ui.page)["square"] < TAP_MIN
    ui.click("c1")  # Red's first star tower: placed at once ...
    ui.click("d1")  # ... so that d1 beside it is refused (R5)
    expect(ui.page.locator("#status")).to_contain_text("no two towers may stand side by side")
    assert ui.board.get_attribute("data-zoom") is None
    assert not errors, errors


@on((1280, 800))
def test_coordinates_are_drawn_over_the_pieces(screen, base_url):
    """c1 holds Red's star tower, whose foot reaches the corner where the
    file's letter goes: the letter is still there, in the label's color
    (small, as lichess has them: its strokes are mostly their edges, which
    the canvas blends a little with what is under them)."""
    page = screen.open(f"{base_url}?position={quote(START)}").page
    painted(page)
    found = page.evaluate("""() => { const c = document.getElementById('board');
        const s = c.width / 6, x = 3 * s - s * 0.3, y = c.height - s * 0.3;
        const data = c.getContext('2d').getImageData(Math.round(x), Math.round(y), Math.round(s * 0.3), Math.round(s * 0.3)).data;
        let n = 0;  // the letter on a dark square: #f6ead2 (the tower is red, the letter on its face white)
        for (let i = 0; i < data.length; i += 4)
            if (Math.abs(data[i] - 246) <= 16 && Math.abs(data[i + 1] - 234) <= 16 && Math.abs(data[i + 2] - 210) <= 16) n++;
        return n; }""")
    assert found > 5, found


#: The pixels of the field ``name`` on the canvas that are clearly red (r over
#: g and b by 60 or more) and clearly blue (b over r and g by 60 or more).
SIDE_COLORS = """(name) => {
    const c = document.getElementById('board'), k = c.width / c.clientWidth;
    const at = n => window.militakiri.squareCenter(n), a1 = at('a1'), a2 = at('a2');
    const s = Math.hypot(a2.x - a1.x, a2.y - a1.y), p = at(name), n = Math.round(s * k);
    const data = c.getContext('2d').getImageData(Math.round((p.x - s / 2) * k), Math.round((p.y - s / 2) * k), n, n).data;
    let red = 0, blue = 0;
    for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
        if (r - g >= 60 && r - b >= 60) red++;
        if (b - r >= 60 && b - g >= 60) blue++; }
    return {red, blue, field: n * n}; }"""


@on((1280, 800))
def test_the_sides_are_red_and_blue_on_the_board_R28(screen, base_url):
    """R28: the pieces of White (rank 1) are red, Black's blue, read off the
    canvas: a tower and a pawn of each side, and an empty field neither."""
    page = screen.open(f"{base_url}?position={quote(START)}").page
    painted(page)
    for name, side in (("c1", "red"), ("a1", "red"), ("a12", "blue"), ("b12", "blue")):
        found = page.evaluate(SIDE_COLORS, name)
        other = "blue" if side == "red" else "red"
        assert found[side] >= found["field"] // 10 and found[other] == 0, (name, found)
    empty = page.evaluate(SIDE_COLORS, "c6")
    assert empty["red"] == empty["blue"] == 0, empty
    assert not screen.errors, screen.errors


#: On a light field, a coordinate's color (web/ui/draw.py LABEL_ON_LIGHT).
LABEL_ON_LIGHT = (140, 104, 64)
#: The field ``name``'s pixels on the canvas: the ink of the coordinate in
#: its ``corner`` (its color, in that quarter of the field), its box, and
#: the pixels of a Blue piece (R28: blue over red by 30 or more, or dark,
#: the sum of r, g and b under 200: its face, walls, outline and the rim of
#: its letter): all of them, and those within a pixel of the coordinate's box.
LABEL_AND_PIECE = """([name, corner, color]) => {
    const c = document.getElementById('board'), k = c.width / c.clientWidth;
    const at = n => window.militakiri.squareCenter(n), a1 = at('a1'), a2 = at('a2');
    const s = Math.hypot(a2.x - a1.x, a2.y - a1.y), p = at(name);
    const x0 = Math.round((p.x - s / 2) * k), y0 = Math.round((p.y - s / 2) * k), n = Math.round(s * k);
    const data = c.getContext('2d').getImageData(x0, y0, n, n).data;
    const px = (x, y) => [data[(y * n + x) * 4], data[(y * n + x) * 4 + 1], data[(y * n + x) * 4 + 2]];
    const half = Math.floor(n / 2), top = corner.startsWith('top'), left = corner.endsWith('left');
    let box = null, ink = 0;
    for (let y = top ? 0 : n - half; y < (top ? half : n); y++)
        for (let x = left ? 0 : n - half; x < (left ? half : n); x++) {
            const v = px(x, y);
            if (v.every((value, i) => Math.abs(value - color[i]) <= 16)) {
                ink++;
                box = box ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)]
                          : [x, y, x, y]; } }
    let dark = 0, under = 0;
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) {
        const v = px(x, y);
        if (v[2] - v[0] >= 30 || v[0] + v[1] + v[2] < 200) { dark++;
            if (box && x >= box[0] - 1 && x <= box[2] + 1 && y >= box[1] - 1 && y <= box[3] + 1) under++; } }
    return {ink, box, dark, under, field: n}; }"""
#: A Black tower on a field with a rank's number of two digits: on a
#: laptop (fields of 58 px), the double board on a phone (31 px), the single
#: board turned on a phone held sideways (43 px, the numbers along the foot).
CROWDED = [
    ((1366, 768), "s^5/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1", "a12", "top-left"),
    ((390, 844), "s^11/12/12/12/12/12/12/12/12/12/12/S^11 w 000/000 -/- - 1", "a12", "top-left"),
    ((844, 390), "6/5s^/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1", "f11", "bottom-right"),
]


@on(*[size for size, *_ in CROWDED])
def test_the_ranks_numbers_cover_no_piece(screen, base_url, artifacts_dir):
    """A new player's trial: on the 12-rank board the ranks' numbers have
    two digits, and "12" was drawn over the tower on a12 ("10" over a Blue
    tower on the turned board). The number stays in its corner, whole, and
    no pixel of the piece is under it or next to it."""
    width, height = screen.size
    position, square, corner = next(rest for size, *rest in CROWDED if size == screen.size)
    page = screen.open(f"{base_url}?position={quote(position)}").page
    painted(page)
    found = page.evaluate(LABEL_AND_PIECE, [square, corner, list(LABEL_ON_LIGHT)])
    page.screenshot(path=str(artifacts_dir / f"rank-number-{square}-{width}x{height}.png"),
                    clip=page.locator("#board").bounding_box())
    assert not screen.errors, screen.errors
    assert found["ink"] >= 6, found  # the number is there
    assert found["dark"] >= found["field"] ** 2 // 5, found  # so is the tower
    assert found["under"] == 0, found


#: The three screens of a new player's trial: a phone held upright and sideways, a laptop.
TRIAL_SIZES = [(1366, 768), (390, 844), (844, 390)]
TRIAL_IDS = [f"{w}x{h}" for w, h in TRIAL_SIZES]


@on(*TRIAL_SIZES)
def test_the_player_bars_show_the_names_whole_and_a_message_of_two_lines_moves_nothing(screen, base_url,
                                                                                       artifacts_dir):
    """From a new player's trial: names were cut short ("Computer, …",
    "Tester (W…") even at 1366 px.
    A bar shows the name (its chip shows the side, a screen reader hears it).
    From the same trial, on the same page: the status line grew when a message
    wrapped, and what is below it moved (the board had resized before that)."""
    width, height = screen.size
    ui = screen.open(f"{base_url}?position={quote(START)}&white=Tester&computer=black&level=4&time=300%2B0")
    page = ui.page
    expect(page.locator("#bar-white .name")).to_have_text("Tester")
    expect(page.locator("#bar-black .name")).to_have_text("Level 4")  # the computer, shortly
    assert page.locator("#bar-black .name").get_attribute("title") == "Computer, level 4 (Blue)"
    expect(page.locator("#bar-white")).to_contain_text("Tester (Red)")  # (visually hidden: the whole label)
    expect(page.locator("#bar-black")).to_contain_text("Computer, level 4 (Blue)")
    page.screenshot(path=str(artifacts_dir / f"bars-{width}x{height}.png"))
    cut = page.evaluate("""() => [...document.querySelectorAll('.player-bar .name')]
        .filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)""")
    assert not cut, cut

    def boxes():
        return [page.locator(sel).bounding_box() for sel in ("#board", "#status", "#controls")]

    first = boxes()
    ui.click("c3")  # "Red cross pawn on c3: dots are moves, rings are takes." (two lines here)
    expect(page.locator("#status")).to_contain_text("dots are moves")
    assert boxes() == first
    ui.click("c10")  # a refusal naming its rule
    expect(page.locator("#status .rule-ref")).to_have_text("R8")
    assert boxes() == first


@on((420, 620), (844, 390), touch=False, ids=["embed-420x620", "844x390"])
def test_the_new_game_dialogs_start_is_in_reach_in_a_small_window(screen, base_url, artifacts_dir):
    """From a new player's trial: the New game dialog in a 420x620 frame
    needed scrolling to reach Start; its buttons now stay at its foot."""
    width, height = screen.size
    page = screen.open(base_url + ("?embed" if width == 420 else "")).page
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")
    assert page.evaluate("(() => { const d = document.getElementById('dlg-new');"
                         " return d.scrollHeight > d.clientHeight; })()")  # (taller than the window)
    start = page.locator("#ng-start").bounding_box()
    assert start["y"] + start["height"] <= height
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).id",
                        [start["x"] + start["width"] / 2, start["y"] + start["height"] / 2])
    assert hit == "ng-start"
    page.screenshot(path=str(artifacts_dir / f"new-game-{width}x{height}.png"))


# What else shows a board or a picture: the embed, the lessons, the review, the editor.


@pytest.mark.parametrize("board", ["single", "double"])
@on((420, 620))
def test_the_embed_fits_its_frame(screen, base_url, board, artifacts_dir):
    """?embed=1 in a 420 x 620 frame: the whole board, the bars with their
    clocks, the status line and the buttons, nothing scrolled."""
    ui = screen.open(f"{base_url}?embed=1&board={board}&time=300%2B0")
    page = ui.page
    expect(ui.board).to_have_attribute("data-status", "setup")
    needed = ["board", "bar-white", "bar-black", "status", "btn-random", "btn-done"]
    assert shown(page, needed) == needed
    assert not outside(page, needed), page.evaluate(BOXES, needed)
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    found = geometry(page)
    page.screenshot(path=str(artifacts_dir / f"embed-{board}-420x620.png"))
    assert not screen.errors, screen.errors
    note_sizes(artifacts_dir, f"embed {board} 420x620", {"field": found["square"], "layout": found["layout"]})


def lesson_fits(page, artifacts_dir, record: bool = True) -> None:
    """A lesson's task (promotion/1, open): its board, its words and its
    buttons in view, its fields as large as a game's (LEAST_FIELD);
    ``record``: its screenshot and sizes kept."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    expect(page.locator("#training")).to_have_attribute("data-drill", "promotion/1")
    painted(page)
    needed = ["board", "training", "tr-hint", "status"]
    assert not outside(page, needed), page.evaluate(BOXES, needed)
    found = geometry(page)
    # As large as in a game (a phone upright: the board takes the top bar's room).
    assert found["square"] >= LEAST_FIELD.get((width, height), 0), found
    if record:
        page.screenshot(path=str(artifacts_dir / f"lesson-{width}x{height}.png"))
        note_sizes(artifacts_dir, f"lesson {width}x{height}", {"field": found["square"], "layout": found["layout"],
                                                               "turned": found["turned"]})


@on(*[size for size in SCREENS if size[0] >= 900])
def test_a_lessons_board_and_its_task_fit(screen, base_url, artifacts_dir):
    """A lesson's task: its board, its words and its buttons in view (on a
    phone: test_every_lessons_first_task_is_read_whole_without_scrolling)."""
    lesson_fits(screen.open(f"{base_url}?learn=promotion/1").page, artifacts_dir)
    assert not screen.errors, screen.errors


#: Every lesson (web/data/lessons.json).
LESSONS = read_lessons((Path(__file__).resolve().parents[2] / "web" / "data" / "lessons.json").read_text(encoding="utf-8"))
#: Where the words ``text`` stand in #training, and whether each part of them
#: is seen: within the window, within every box round it that clips (the box's
#: words scroll on a phone), and not under anything else; and how far
#: anything is scrolled.
PROMPT_SEEN = """(text) => { const box = document.getElementById('training');
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    let node = null;
    while (walker.nextNode()) if (walker.currentNode.textContent.includes(text)) { node = walker.currentNode; break; }
    if (!node) return {found: false};
    const range = document.createRange(), at = node.textContent.indexOf(text);
    range.setStart(node, at); range.setEnd(node, at + text.length);
    const clips = [];
    for (let e = node.parentElement; e && e !== document.body; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible' || e === box) clips.push(e); }
    const unseen = [], scrolled = [];
    for (const r of range.getClientRects()) {
        if (r.width < 1) continue;
        if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
            unseen.push(['window', r.top, r.bottom]);
        for (const e of clips) { const c = e.getBoundingClientRect();
            if (r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5 || r.left < c.left - 0.5 || r.right > c.right + 0.5)
                unseen.push([e.id || e.className, r.top, r.bottom, c.top, c.bottom]); }
        const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        if (!hit || !box.contains(hit)) unseen.push(['under', hit && (hit.id || hit.className)]); }
    for (const e of clips) if (e.scrollTop) scrolled.push(e.id || e.className);
    // (Where the board took the top bar's room, the page scrolls past it itself.)
    const own = document.documentElement.hasAttribute('data-past-top-bar')
        ? document.getElementById('play').getBoundingClientRect().top + scrollY : 0;
    if (Math.abs(scrollY - own) > 0.5) scrolled.push('window');
    return {found: true, unseen, scrolled}; }"""


@pytest.mark.parametrize("language", ["en", "nl"])
@on((390, 844), (844, 390))
def test_every_lessons_first_task_is_read_whole_without_scrolling(screen, base_url, language, artifacts_dir):
    """A new player's trial: on a phone, the Promotion lesson's box stopped
    mid-sentence, its task reachable only by scrolling in the box, the room
    below it unused. Each lesson's first task, opened as the player opens it
    (from the list of lessons): the task's words whole in view, nothing
    scrolled, in either language, on a phone held either way. First, a
    lesson's task opened by its link (?learn=promotion/1): its board, its
    words and its buttons in view (test_a_lessons_board_and_its_task_fit)."""
    width, height = screen.size
    ui = screen.open(f"{base_url}?lang={language}&learn=promotion/1")
    lesson_fits(ui.page, artifacts_dir, record=language == "en")
    page = ui.page
    box = page.locator("#training")
    missed = {}
    for lesson in LESSONS:
        task = lesson.tasks[0]
        page.locator("#tr-list").click()
        page.locator(f'#learn-list button[data-task="{task.id}"]').click()
        expect(box).to_have_attribute("data-drill", task.id)
        painted(page)
        seen = page.evaluate(PROMPT_SEEN, task.text("prompt", language))
        assert seen["found"], (task.id, language)
        if seen["unseen"] or seen["scrolled"]:
            missed[task.id] = seen
            page.screenshot(path=str(artifacts_dir / f"lesson-first-{task.id.replace('/', '-')}-"
                                                     f"{language}-{width}x{height}.png"))
    page.evaluate("document.getElementById('learn-list').closest('dialog')?.close()")
    page.locator("#tr-list").click()
    page.locator('#learn-list button[data-task="promotion/1"]').click()
    expect(box).to_have_attribute("data-drill", "promotion/1")
    painted(page)
    page.screenshot(path=str(artifacts_dir / f"lesson-promotion-{language}-{width}x{height}.png"))
    assert not missed, missed
    assert not screen.errors, screen.errors


def long_game(least: int = 60) -> Game:
    """A game played out by random moves (half of them takes where there
    are some), the first of at least ``least`` plies to end."""
    for seed in range(200):
        rng = random.Random(seed)
        game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
        while not game.is_over() and len(game.tokens) < 300:
            moves = game.legal_moves()
            takes = [m for m in moves if "x" in m]
            game.play(rng.choice(takes if takes and rng.random() < 0.5 else moves))
        if game.is_over() and len(game.tokens) >= least:
            return game
    raise AssertionError("no game long enough")


#: The column beside the board: where it ends, White's bar, whether it
#: scrolls and how far, and each of its edges' fade (none: the mask's value).
SIDE_EDGES = """() => { const s = document.querySelector('aside.side'), r = s.getBoundingClientRect();
    const style = getComputedStyle(s), mask = style.maskImage || style.webkitMaskImage || 'none';
    return {bottom: r.bottom, bar: document.getElementById('bar-white').getBoundingClientRect().top,
            scrolls: s.scrollHeight > s.clientHeight + 1, top: s.scrollTop,
            end: s.scrollTop + s.clientHeight >= s.scrollHeight - 1, more: s.dataset.more || '', mask}; }"""


@on((1366, 768))
def test_the_column_beside_the_board_shows_that_it_scrolls(screen, base_url, artifacts_dir):
    """A new player's trial at 1366x768: after a long game, the column beside
    the board (the status, the buttons, the moves, the legend) was cut in
    the middle of a line just above White's bar, and scrolled with no
    scrollbar in sight: it looked like words running under the bar. Where
    more of it is below or above, that edge fades out; scrolled to its end,
    its last line shows whole, unfaded, above the bar."""
    game = long_game()
    ui = screen.open(f"{base_url}#{game_to_link(game)}")
    page = ui.page
    expect(page.locator("#dlg-result")).to_have_attribute("open", "")
    page.click("#result-close")
    painted(page)
    side = page.locator("aside.side")
    found = page.evaluate(SIDE_EDGES)
    assert found["scrolls"] and found["top"] == 0, found  # (the trial's case: more than fits)
    assert found["bottom"] <= found["bar"], found
    expect(side).to_have_attribute("data-more", "below")
    found = page.evaluate(SIDE_EDGES)
    assert "gradient" in found["mask"], found
    page.screenshot(path=str(artifacts_dir / "side-scrolls-1366x768.png"))
    side.evaluate("s => { s.scrollTop = s.scrollHeight; }")
    expect(side).to_have_attribute("data-more", "above")
    found = page.evaluate(SIDE_EDGES)
    assert found["end"] and "gradient" in found["mask"], found
    page.screenshot(path=str(artifacts_dir / "side-scrolled-1366x768.png"))
    # A window tall enough for all of it: no fade at all.
    page.set_viewport_size({"width": 1366, "height": 1400})
    page.wait_for_function("innerHeight === 1400")
    expect(side).not_to_have_attribute("data-more", re.compile("."))
    found = page.evaluate(SIDE_EDGES)
    assert not found["scrolls"] and found["mask"] == "none", found
    assert not screen.errors, screen.errors


@on((1366, 768))
def test_the_reviews_graph_fits_every_screen(screen, base_url, artifacts_dir):
    """The review after a game: its graph as wide as the panel it is in,
    never wider than the window, whole in view once scrolled to."""
    ui = screen.open(f"{base_url}?position={quote(BLUNDER)}")
    page = ui.page
    lose_by_the_blunder(ui)
    page.click("#btn-analyse")
    expect(page.locator("#review")).to_have_attribute("data-state", "done", timeout=120_000)
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
        graph = page.locator("#review-graph")
        graph.scroll_into_view_if_needed()
        painted(page)
        box = page.evaluate("""() => { const g = document.getElementById('review-graph').getBoundingClientRect();
            const p = document.getElementById('review').getBoundingClientRect();
            return {graph: [g.left, g.top, g.right, g.bottom], panel: [p.left, p.right],
                    page: document.documentElement.scrollWidth}; }""")
        left, top, right, bottom = box["graph"]
        assert box["page"] <= width and 0 <= left and right <= width, (width, height, box)
        assert box["panel"][0] - 1 <= left and right <= box["panel"][1] + 1, box
        assert right - left >= 200 and 0 <= top and bottom <= height, (width, height, box)
        page.screenshot(path=str(artifacts_dir / f"review-{width}x{height}.png"))
    assert not screen.errors, screen.errors


@on((1366, 768))
def test_the_editors_board_fits_every_screen(screen, base_url, artifacts_dir):
    """The analysis board's editor: its board of buttons as wide as the
    dialog lets it, whole in the window once scrolled to (above the row of
    buttons that stays at the dialog's foot), turned on a phone held
    sideways as the game's board is."""
    ui = screen.open(base_url)
    page = ui.page
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")
    page.click("#ng-editor")
    expect(page.locator("#dlg-editor")).to_have_attribute("open", "")
    sizes = {}
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
        for board, fields in (("single", 72), ("double", 144)):
            page.select_option("#ed-kindboard", board)
            expect(page.locator("#ed-board button[data-square]")).to_have_count(fields)
            page.evaluate("document.getElementById('ed-board').scrollIntoView({block: 'start'})")
            box = page.evaluate("""() => { const r = e => e.getBoundingClientRect();
                const g = r(document.getElementById('ed-board')), d = r(document.getElementById('dlg-editor'));
                const a1 = r(document.querySelector('#ed-board [data-square="a1"]'));
                const a2 = r(document.querySelector('#ed-board [data-square="a2"]'));
                const foot = r(document.querySelector('#dlg-editor .buttons'));
                return {grid: [g.left, g.top, g.right, g.bottom], dialog: [d.left, d.top, d.right, d.bottom],
                        foot: foot.top, field: a1.width, turned: Math.abs(a2.left - a1.left) > 1}; }""")
            left, top, right, bottom = box["grid"]
            assert box["dialog"][0] <= left and right <= box["dialog"][2], (width, height, board, box)
            assert box["dialog"][1] - 1 <= top and bottom <= box["foot"] + 1, (width, height, board, box)
            assert box["turned"] == (board == "single" and height < 500), (width, height, board, box)
            sizes[f"{board} {width}x{height}"] = box["field"]
            page.screenshot(path=str(artifacts_dir / f"editor-{board}-{width}x{height}.png"))
    assert sizes["single 390x844"] >= TAP_MIN and sizes["single 844x390"] >= TAP_MIN, sizes
    assert not screen.errors, screen.errors
    note_sizes(artifacts_dir, "editor", sizes)
