"""Drive the game page like a person: clicks, drags and taps on the canvas.

Squares are found with the page's read-only hook
``window.militakiri.squareCenter(name)`` (canvas CSS pixels), then clicked
through Playwright's mouse or touchscreen at page coordinates.
"""

from __future__ import annotations

from contextlib import contextmanager

import re

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from militakiri import Position
from web.model.layout import TAP_MIN

_TOKEN = re.compile(r"(?P<placed>(?:@[a-l][0-9]{1,2},)*)(?P<origin>[a-l][0-9]{1,2})[-x](?P<target>[a-l][0-9]{1,2})"
                    r"(?:=[SXPsxp](?:@(?P<field>[a-l][0-9]{1,2}))?)?")


READY = 'html[data-ready="1"]'


def errors_of(page: Page) -> list[str]:
    """The console errors and uncaught exceptions ``page`` reports from now on."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def wait_ready(target) -> None:
    """Wait until the game on ``target`` (a page or a frame) is ready to play."""
    target.wait_for_selector(READY, state="attached", timeout=120_000)


def painted(page: Page) -> None:
    """Wait until the frame after this one: the board's canvas is painted in
    an animation frame (web/ui/draw.py), the first one just after ready."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")


def goto_ready(page: Page, url: str) -> None:
    """Go to ``url`` and wait until the game is ready; if it never is, the
    failure shows what the page said meanwhile (its console and errors)."""
    said: list[str] = []

    def console(message) -> None:
        said.append(f"{message.type}: {message.text}")

    def error(exception) -> None:
        said.append(f"pageerror: {exception}")

    page.on("console", console)
    page.on("pageerror", error)
    try:
        page.goto(url)
        try:
            wait_ready(page)
        except Exception as failure:
            marks = page.evaluate("() => performance.getEntriesByType('mark').map(m => m.name)")
            raise AssertionError(f"{url} never became ready; marks {marks}; the page said:\n"
                                 + "\n".join(said[-60:])) from failure
    finally:
        page.remove_listener("console", console)
        page.remove_listener("pageerror", error)


class HeldPyodide:
    """Withholds Pyodide's wasm until :meth:`release`: the computer's Pyodide
    worker stays loading for as long as a test likes, as on a slow network
    (the page itself never needs Pyodide)."""

    WASM = "**/pyodide/pyodide.asm.wasm"

    def __init__(self, page: Page) -> None:
        self.page, self.held = page, []
        page.context.route(self.WASM, self._hold)  # the workers' requests too

    def _hold(self, route) -> None:
        self.held.append(route)

    def release(self) -> None:
        """Let the wasm through."""
        for route in self.held:
            route.continue_()
        self.page.context.unroute(self.WASM)


def without_pyodide(context) -> None:
    """The computer's Pyodide worker never gets its wasm in ``context``: its
    MicroPython worker answers, as on a first visit before Pyodide has come.
    For tests that are not about the computer's strength or its runtimes:
    Pyodide's start is some 5 CPU-seconds, more than such a test's own work.
    The context must block service workers: a worker's fetch through one
    passes by the route."""
    # (Not for a page opened at an address of 100 kB: a routed context never loads it.)
    context.route(HeldPyodide.WASM, lambda route: None)  # held: never answered


def open_ready(context, url: str) -> tuple[Page, list[str]]:
    """A new page of ``context`` at ``url``, once the game is ready, and its errors."""
    page = context.new_page()
    errors = errors_of(page)
    goto_ready(page, url)
    return page, errors


#: Browser contexts fresh_game keeps between tests, by the browser and the
#: context's settings: a context's first page costs a second more than a
#: page of a context that has the site's files in its cache.
_KEPT_CONTEXTS: dict[tuple, object] = {}


def _kept_context(browser, args: dict):
    key = (id(browser), repr(sorted(args.items())))
    context = _KEPT_CONTEXTS.get(key)
    if context is None or context.browser is not browser or not browser.is_connected():
        context = _KEPT_CONTEXTS[key] = browser.new_context(**args)
    return context


def forget_site_data(page: Page, url: str) -> None:
    """Everything the site's origin keeps in ``page``'s context (its
    storage of every kind, cookies): as a new player's browser has, but for
    the files in its cache."""
    parts = re.match(r"[a-z]+://[^/]+", url)
    session = page.context.new_cdp_session(page)
    try:
        session.send("Storage.clearDataForOrigin", {"origin": parts.group(0), "storageTypes": "all"})
    finally:
        session.detach()


def open_blank(page: Page, site_url: str) -> None:
    """A blank page of the site in ``page`` (answered by the test, so no
    favicon is asked for): the game there left, which saves as it goes; the
    site's storage to read and change."""
    blank = site_url.split("#")[0].split("?")[0] + "blank-for-a-test.html"
    page.route(blank, lambda route: route.fulfill(content_type="text/html; charset=utf-8",
                                                  body='<!doctype html><link rel="icon" href="data:,">'))
    page.goto(blank)
    page.unroute(blank)


def first_visit(tab: tuple[GamePage, list[str]], url: str, stored: dict[str, str] | None = None,
                viewport: dict | None = None) -> tuple[GamePage, list[str]]:
    """Open ``url`` in the tab ``(GamePage, errors)`` as a browser that
    never saw the site would, and return the tab (its errors from now on).
    The tab is kept: a new one starts a renderer of its own, about as much
    CPU as the page's boot. The game there is left for a blank page of the
    site (open_blank), where the site's data is forgotten (and ``stored``,
    key -> text, put in its localStorage)."""
    ui, errors = tab
    page = ui.page
    if viewport:
        page.set_viewport_size(viewport)
    open_blank(page, url)
    forget_site_data(page, url)
    page.evaluate("""stored => { localStorage.clear(); sessionStorage.clear();
        for (const [key, text] of Object.entries(stored)) localStorage.setItem(key, text); }""", stored or {})
    errors.clear()
    goto_ready(page, url)
    return tab


@contextmanager
def fresh_game(browser, url: str, viewport: dict | None = None, routes: dict | None = None,
               init_script: str | None = None, **context_args):
    """A page at ``url`` that knows nothing of the site (no saved game, no
    settings, no progress), once the game is ready: ``(GamePage, errors)``.
    ``routes``: ``{url pattern: handler}`` routed from before the page loads;
    ``init_script``: JavaScript run before the page's own. With either, the
    page has a browser context of its own, closed after the ``with``;
    without, a context kept for the next test with the same settings, its
    site data forgotten first and its pages closed after. The computer
    answers from its MicroPython worker (without_pyodide): these pages are
    about the game, not the computer's runtimes (test_computer.py)."""
    # (No service worker unless asked: once the board is ready it would
    # fetch the whole game again, as tests/browser/conftest.py says.)
    args = {"viewport": viewport or {"width": 1280, "height": 800}, "service_workers": "block", **context_args}
    own = bool(routes or init_script)
    context = browser.new_context(**args) if own else _kept_context(browser, args)
    if init_script:
        context.add_init_script(init_script)
    without_pyodide(context)
    for pattern, handler in (routes or {}).items():
        context.route(pattern, handler)
    try:
        page = context.new_page()
        if not own:
            forget_site_data(page, url)
        errors = errors_of(page)
        goto_ready(page, url)
        yield GamePage(page), errors
    finally:
        if own:
            context.close()
        else:
            for opened in list(context.pages):  # (a second tab a test opened too)
                opened.close()
            context.unroute_all()  # (HeldPyodide's, if the test never released it)


def tokens(page: Page) -> list[str]:
    """The moves in the page's move list, as tokens."""
    return page.eval_on_selector_all("#moves .mv", "els => els.map(e => e.textContent)")


def parse_token(token: str) -> tuple[list[str], str, str, str | None]:
    match = _TOKEN.fullmatch(token)
    assert match, token
    placed = [p[1:] for p in match["placed"].split(",") if p]
    return placed, match["origin"], match["target"], match["field"]


class GamePage:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.board = page.locator("#board")

    # Reading -------------------------------------------------------------------

    def position(self) -> str:
        return self.board.get_attribute("data-position")

    def status(self) -> str:
        return self.page.locator("#status").inner_text()

    def expect_position(self, text: str) -> None:
        expect(self.board).to_have_attribute("data-position", text)

    def expect_status(self, status: str, timeout: float = 5000) -> None:
        expect(self.board).to_have_attribute("data-status", status, timeout=timeout)

    # Pointing --------------------------------------------------------------------

    def point(self, square: str) -> tuple[float, float]:
        centre = self.page.evaluate("name => window.militakiri.squareCenter(name)", square)
        box = self.board.bounding_box()
        return box["x"] + centre["x"], box["y"] + centre["y"]

    def click(self, square: str) -> None:
        self.page.mouse.click(*self.point(square))

    def tap(self, square: str) -> None:
        self.page.touchscreen.tap(*self.point(square))

    def field_size(self) -> float:
        """A field's size on screen now (CSS px): from a1's centre to a2's."""
        return self.page.evaluate("""() => { const at = name => window.militakiri.squareCenter(name);
            const a1 = at('a1'), a2 = at('a2'); return Math.hypot(a2.x - a1.x, a2.y - a1.y); }""")

    def finger(self, square: str) -> None:
        """Tap ``square`` as a person does: where the fields are smaller than
        a finger (the double board's twelve files on a phone), the
        first tap zooms (web/ui/zoom.py) and the field is tapped in the view."""
        if self.board.get_attribute("data-zoom") is None and self.field_size() < TAP_MIN:
            self.tap(square)
            expect(self.board).to_have_attribute("data-zoom", "1")
        self.tap(square)

    def drag(self, origin: str, target: str) -> None:
        mouse = self.page.mouse
        x1, y1 = self.point(origin)
        x2, y2 = self.point(target)
        mouse.move(x1, y1)
        mouse.down()
        mouse.move((x1 + x2) / 2, (y1 + y2) / 2, steps=4)
        mouse.move(x2, y2, steps=4)
        mouse.up()

    def play(self, token: str, how: str = "click") -> str:
        """Play ``token`` as a person would; check the page against the engine.

        ``how``: "click" (click-click), "drag" or "tap". Returns the new
        position string, as the engine computes it. A computer's reply may
        come at once (its least wait is 0.35 s): then the move list says
        the move was played."""
        before = self.position()
        plies = int(self.board.get_attribute("data-plies") or 0)
        expected = Position.from_string(before).play(token).string()
        placed, origin, target, field = parse_token(token)
        press = self.finger if how == "tap" else self.click
        for square in placed:
            press(square)
        if how == "drag":
            self.drag(origin, target)
        else:
            press(origin)
            press(target)
        if field:
            self.expect_position(before)  # the tower's field is still to choose
            press(field)
        try:
            replied = self.page.wait_for_function(
                "([expected, n]) => { const b = document.getElementById('board');"
                " return b.dataset.position === expected ? 'no' : +b.dataset.plies > n + 1 && 'yes'; }",
                arg=[expected, plies], timeout=10_000).json_value() == "yes"
        except PlaywrightTimeout:  # say what the board shows
            expect(self.board).to_have_attribute("data-position", expected, timeout=1)
            raise
        if replied:  # the reply is in already
            moves = tokens(self.page)
            assert moves[plies] == token, (token, moves)
        return expected

    # Dialogs ---------------------------------------------------------------------

    def close_dialogs(self) -> None:
        page = self.page
        for dialog, button in (("#dlg-result", "#result-close"), ("#dlg-resign", "#resign-cancel"),
                               ("#dlg-help", "#help-close"), ("#dlg-rankings", "#rk-close")):
            if page.locator(dialog).evaluate("d => d.open"):
                page.click(button)

    def new_game(self, board: str = "single", clock: str | None = "none", custom: tuple | None = None,
                 white: str = "", black: str = "", position: str | None = None, touch_move: bool = False,
                 opponent: tuple[int, str] | None = None) -> None:
        """The New game dialog, as a player fills it in; ``clock``: a time
        menu's choice (web/model/clocks.py; None: as the test chose it in the
        open dialog), ``custom``: another time's
        (minutes, seconds) per player, extra and its seconds per move;
        ``opponent``: against the computer, (its level, the side the player takes)."""
        page = self.page
        self.close_dialogs()
        if not page.locator("#dlg-new").evaluate("d => d.open"):
            page.click("#btn-new")
        page.check("#ng-double" if board == "double" else "#ng-single")
        if opponent:
            level, side = opponent
            page.check("#ng-computer")
            expect(page.locator("#ng-computer-options")).to_be_visible()
            page.select_option("#ng-level", str(level))
            page.select_option("#ng-side", side)
        else:
            page.check("#ng-human")
        if custom:
            minutes, seconds, extra, bonus = custom
            page.select_option("#ng-time", "custom")
            page.fill("#ng-min", str(minutes))
            page.fill("#ng-sec", str(seconds))
            page.select_option("#ng-extra", extra)
            if extra != "none":
                page.fill("#ng-bonus", str(bonus))
        elif clock is not None:
            page.select_option("#ng-time", clock)
        for field, name in (("#ng-white", white), ("#ng-black", black)):
            if page.locator(field).is_visible():  # not the computer's: it names itself
                page.fill(field, name)
        page.set_checked("#ng-touch", touch_move)
        if position:
            if not page.locator("#ng-more").evaluate("d => d.open"):
                page.click("#ng-more summary")
            page.fill("#ng-position", position)
        page.click("#ng-start")
        expect(page.locator("#dlg-new")).not_to_have_attribute("open", "")
        self.expect_status("playing" if position else "setup")

    def setup(self, white: list[str] | None, black: list[str] | None, how: str = "click") -> None:
        """Both set-ups: squares clicked, or None for the Random set-up button."""
        page = self.page
        press = self.finger if how == "tap" else self.click
        for squares in (white, black):
            if squares is None:
                page.click("#btn-random")
            else:
                for square in squares:
                    press(square)
            expect(page.locator("#btn-done")).to_be_enabled()
            page.click("#btn-done")

    def roll_and_start(self) -> str:
        """Roll the dice, start; returns the side to move ('white'/'black')."""
        page = self.page
        expect(page.locator("#dlg-dice")).to_have_attribute("open", "")
        page.click("#dice-roll")
        expect(page.locator("#dice-rolls li").last).to_contain_text("starts")
        page.click("#dice-start")
        self.expect_status("playing")
        return self.board.get_attribute("data-turn")


#: White's star tower steps beside a Black cross pawn that takes it: the
#: blunder that loses the game (R19), the review's and the analysis board's
#: example.
BLUNDER = "5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1"


def lose_by_the_blunder(ui: GamePage) -> None:
    """From BLUNDER: White's blunder, Black's take, the result dialog closed."""
    ui.play("a1-a2")
    ui.play("b2xa2")
    expect(ui.page.locator("#dlg-result")).to_have_attribute("open", "")
    ui.page.click("#result-close")
