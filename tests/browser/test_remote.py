"""Two embedded boards, one game, through their parent page (docs/embed.md).

The repository's host page (host.html, the reference for a site's
developers) is served on another site (127.0.0.1) than the boards
(localhost), as a site embeds the game; it keeps the game as a server would
and relays each board's set-up and moves to the other, and rolls the dice
(fixed here: 6-2, White begins). One page and its two frames play a whole
short game: set-ups, dice, moves, a promotion with its field, a waiting
tower placed, a reload of one board mid-game (resumed through the page:
a cross-site frame keeps nothing), forged and illegal messages answered
with ``error``, a message from another window ignored, and the end by a
forfeit (R26). A second test plays through two tabs (BroadcastChannel),
one of them reloaded (its board, on the game's own site, keeps its game).
"""

from __future__ import annotations

import shutil

import pytest
from playwright.sync_api import expect

from militakiri import Game

from game_page import errors_of, parse_token

WHITE_SETUP, BLACK_SETUP, DICE = "Sc Xd Pb", "Sa Xb Pf", "6-2"
#: A short game whose set-ups let the armies meet at once: Black promotes
#: with its set-up zone full (White's plus tower stands in it: R15, the
#: tower waits), places the waiting tower when a field is free, and White
#: promotes with its new tower's field (R13).
LINE = ("c3-d4 b10-b9 d4-e5 b9-b8 e5-d6 b8-b7 e3-f4 b7-c7 b3-b10 c7xd6 a3-b4 d6xf4=p b4-c5 d10-d9 "
        "c5-d6 @d10,d9-d8 d6-c7 d8-c8 c7xc8 a10-b9 c8xc10=X@a3").split()
RELOAD_AFTER = 14  # White to move; Black places its waiting tower after the reload (R15)


class Board:
    """One embedded board in the host page: clicked through the parent's mouse."""

    def __init__(self, page, side: str) -> None:
        self.page = page
        self.side = side
        self.locator = page.frame_locator(f"#{side}")
        self.board = self.locator.locator("#board")

    @property
    def frame(self):
        return self.page.query_selector(f"#{self.side}").content_frame()

    def click(self, square: str) -> None:
        box = self.board.bounding_box()
        centre = self.frame.evaluate("name => window.militakiri.squareCenter(name)", square)
        self.page.mouse.click(box["x"] + centre["x"], box["y"] + centre["y"])

    def place(self, towers: str) -> None:
        """The player's set-up, clicked tower by tower, then Done."""
        color = 0 if self.side == "white" else 1
        for word in towers.split():
            row = "SXP".index(word[0]) + 1
            rank = row if color == 0 else 13 - row
            for letter in word[1:]:
                self.click(f"{letter}{rank}")
        self.locator.locator("#btn-done").click()

    def play(self, token: str) -> None:
        placed, origin, target, field = parse_token(token)
        for square in placed:
            self.click(square)
        self.click(origin)
        self.click(target)
        if field:
            self.click(field)

    def shows(self, position: str, plies: int) -> None:
        expect(self.board).to_have_attribute("data-position", position, timeout=15_000)
        expect(self.board).to_have_attribute("data-plies", str(plies))


def said(page, side: str, kind: str) -> list[dict]:
    """What ``side``'s board told the page, of one type."""
    return page.evaluate("([side, kind]) => host.log.filter(m => m.direction === 'from' && m.side === side"
                         " && m.data.type === kind).map(m => m.data)", [side, kind])


def wait_said(page, side: str, kind: str, count: int = 1) -> list[dict]:
    page.wait_for_function("([side, kind, n]) => host.log.filter(m => m.direction === 'from' && m.side === side"
                           " && m.data.type === kind).length >= n", arg=[side, kind, count], timeout=120_000)
    return said(page, side, kind)


@pytest.fixture(scope="module")
def host_url(site, tmp_path_factory):
    """host.html as the build made it, served from another site than the boards."""
    from tools.serve import serve_in_thread

    folder = tmp_path_factory.mktemp("host")
    shutil.copy(site.directory / "host.html", folder / "host.html")
    server, port = serve_in_thread(folder)
    yield f"http://127.0.0.1:{port}/host.html?game={site.url}&dice={DICE}&white=Anna&black=Bram"
    server.shutdown()
    server.server_close()


def test_two_boards_play_a_whole_game_through_their_page_R4_R6_R13_R15_R26(browser, host_url, artifacts_dir):
    context = browser.new_context(viewport={"width": 940, "height": 900}, service_workers="block")
    page = context.new_page()
    errors = errors_of(page)
    page.goto(host_url + "&time=600%2B0&rated=1")
    for side in ("white", "black"):
        assert wait_said(page, side, "ready")[0]["color"] == side
    white, black = Board(page, "white"), Board(page, "black")
    boards = {"white": white, "black": black}
    # A rated game in a frame the browser keeps no data for: said before it starts (R26).
    expect(white.locator.locator("#status")).to_contain_text("Rated: the site keeps the rating (this board cannot)")

    # The set-ups: each on its own board; the other is sent once both are made (R4).
    white.place(WHITE_SETUP)
    expect(white.locator.locator("#status")).to_contain_text("Waiting for Bram (Blue)'s set-up")
    assert wait_said(page, "white", "setup")[0]["towers"] == WHITE_SETUP
    assert said(page, "black", "setup") == []
    black.place(BLACK_SETUP)
    game = Game.new("single", WHITE_SETUP, BLACK_SETUP, DICE)
    for board in boards.values():
        board.shows(game.position.string(), 0)
        expect(board.locator.locator("#status")).to_contain_text("6-2")  # the dice shown (R6)
    expect(black.locator.locator("#dlg-dice")).not_to_have_attribute("open", "")  # the page rolled, not the board

    for ply, token in enumerate(LINE):
        mover = boards["white" if ply % 2 == 0 else "black"]
        other = boards["black" if ply % 2 == 0 else "white"]
        mover.play(token)
        game.play(token)
        for board in (mover, other):  # both boards show the same position after every move
            board.shows(game.position.string(), ply + 1)
        if ply + 1 == RELOAD_AFTER:
            # Black's board reloads: it comes back at the same ply, the page sent it the game.
            page.evaluate("document.getElementById('black').src = document.getElementById('black').src")
            ready = wait_said(page, "black", "ready", 2)[1]
            assert (ready["status"], ready["ply"]) == ("setup", 0)  # a cross-site frame keeps nothing
            black.shows(game.position.string(), RELOAD_AFTER)
            expect(black.board).to_have_attribute("data-turn", "white")
            forged_and_illegal_messages(page, black, white, game)
        if token == "d6xf4=p":
            expect(mover.locator.locator("#status")).to_contain_text("tower waits")  # its zone is full (R15)
    # White's clock as White's board read it after its last move: the page sent it to Black's board.
    expect(black.locator.locator("#clock-white")).to_have_text(white.locator.locator("#clock-white").inner_text())
    page.screenshot(path=str(artifacts_dir / "remote-two-boards.png"))

    # Black's connection is lost: the page ends the game on both boards (R26).
    page.click("#lost-black")
    for board in boards.values():
        expect(board.board).to_have_attribute("data-status", "over")
        record = board.locator.locator("#result-record")
        expect(record).to_contain_text('[Termination "forfeit"]')
        expect(record).to_contain_text('[Result "1-0"]')
        expect(board.locator.locator("#result-new")).to_be_hidden()  # the page starts the next game
    over = wait_said(page, "white", "over")[0]
    assert (over["result"], over["termination"], over["winner"]) == ("1-0", "forfeit", "white")
    # Each board's own player's rating, worked out from a new profile for the page to keep (docs/embed.md).
    for side, player, result in (("white", "Anna", "win"), ("black", "Bram", "loss")):
        rating = wait_said(page, side, "rating")[0]
        assert (rating["player"], rating["result"], rating["before"], rating["kept"]) == (player, result, 1500, False)
        words = boards[side].locator.locator("#result-rating")
        expect(words).to_have_text(f"This board cannot keep ratings (the browser keeps nothing for a board inside"
                                   f" another site): the site has the result, to count it in {player}'s rating.")
    page.screenshot(path=str(artifacts_dir / "remote-forfeit.png"))
    assert not errors, errors
    context.close()


def forged_and_illegal_messages(page, black: Board, white: Board, game: Game) -> None:
    """White, the page's side, is to move on Black's board: every message
    below is refused with its code, or ignored, and changes nothing."""
    ply = len(game.tokens)
    before = len(said(page, "black", "error"))
    sends = [
        ("move", {"token": "c5-c6", "ply": ply}, "illegal"),  # a cross moves diagonally (R7)
        ("move", {"token": "d9-d8", "ply": ply}, "illegal"),  # Black's piece, on White's turn
        ("move", {"token": "c5-d6", "ply": ply + 1}, "wrong-ply"),
        ("move", {"token": "c7xd6", "ply": 8}, "wrong-ply"),  # ply 8 was b3-b10
        ("setup", {"color": "black", "towers": BLACK_SETUP}, "not-your-turn"),  # made on this board
        ("setup", {"color": "white", "towers": "Sa Xb Pc"}, "illegal"),
        ("dice", {"rolls": "1-6"}, "illegal"),
        ("clock", {"white": "lots", "black": 5}, "bad-message"),
        ("end", {"result": "1-0", "termination": "towers"}, "bad-message"),
        ("move", {"token": "<img src=x onerror=alert(1)>", "ply": ply}, "illegal"),  # only ever text
    ]
    for kind, fields, _ in sends:
        page.evaluate("([kind, fields]) => host.send('black', kind, fields)", [kind, fields])
    page.evaluate("""() => {
        const frame = document.getElementById('black').contentWindow;
        frame.postMessage({source: 'militakiri-host', version: 2, type: 'move', token: 'c5-d6', ply: 0}, '*');
        frame.postMessage({source: 'militakiri-host', version: 1, type: 'move', token: 'c5-d6', ply: 0,
                           extra: {deep: 1}}, '*');
        frame.postMessage({source: 'militakiri-host', version: 1, type: 'move', token: 'x'.repeat(100000),
                           ply: NaN}, '*');
        frame.postMessage('militakiri-host', '*');  // not an object: not the board's, ignored
    }""")
    # Another window than the parent (the other board) is not listened to.
    white.frame.evaluate("""() => parent.frames[1].postMessage(
        {source: 'militakiri-host', version: 1, type: 'end', result: '1-0', termination: 'forfeit'}, '*')""")
    # On White's board it is its own player's turn: the page's move is not its turn.
    page.evaluate("ply => host.send('white', 'move', {token: 'd9-d8', ply})", ply)
    (refused,) = wait_said(page, "white", "error")
    assert (refused["code"], refused["ply"]) == ("not-your-turn", ply)
    white.shows(game.position.string(), ply)
    errors = wait_said(page, "black", "error", before + len(sends) + 3)[before:]
    expected = [code for _, _, code in sends] + ["bad-message"] * 3
    assert [error["code"] for error in errors] == expected, "\n".join(f"{e['code']} {e['reason']}" for e in errors)
    assert all(error["ply"] == ply and error["reason"] for error in errors)
    assert "diagonal" in errors[0]["reason"], errors[0]
    black.shows(game.position.string(), ply)
    expect(black.board).to_have_attribute("data-status", "playing")
    assert len(said(page, "black", "error")) == before + len(expected)


def test_the_host_page_connects_two_tabs(browser, site):
    """The same page in two tabs of one browser, a board in each: the game
    goes between them through a BroadcastChannel, with no server. Served
    with the game (the boards keep their games: same site), a tab that
    reloads finds its board's game again and the other tab's."""
    context = browser.new_context(viewport={"width": 520, "height": 760}, service_workers="block")
    url = f"{site.url}host.html?dice={DICE}&white=Anna&black=Bram&channel=test"
    tabs = {}
    for side in ("white", "black"):
        page = context.new_page()
        page.goto(f"{url}&side={side}")
        tabs[side] = (page, Board(page, side), errors_of(page))
    for side, (page, _, _) in tabs.items():
        wait_said(page, side, "ready")
        expect(page.locator("#other-tab")).to_be_visible()
    tabs["white"][1].place(WHITE_SETUP)
    tabs["black"][1].place(BLACK_SETUP)
    game = Game.new("single", WHITE_SETUP, BLACK_SETUP, DICE)
    for _, board, _ in tabs.values():
        board.shows(game.position.string(), 0)
    for ply, token in enumerate(LINE[:3]):
        tabs["white" if ply % 2 == 0 else "black"][1].play(token)
        game.play(token)
        for _, board, _ in tabs.values():
            board.shows(game.position.string(), ply + 1)
    page, board, _ = tabs["black"]
    page.reload()
    ready = wait_said(page, "black", "ready")[0]
    assert (ready["status"], ready["ply"]) == ("playing", 3)  # the board kept its game
    board.shows(game.position.string(), 3)
    page.wait_for_function("() => host.game.moves.length === 3")  # and the tab the game, from the other tab
    board.play(LINE[3])
    game.play(LINE[3])
    for _, board, _ in tabs.values():
        board.shows(game.position.string(), 4)
    # White resigns on White's board (R23): the other tab ends the game on Black's.
    page, board, _ = tabs["white"]
    board.locator.locator("#btn-resign").click()
    expect(board.locator.locator("#resign-black")).to_be_hidden()  # only the player's own side
    board.locator.locator("#resign-white").click()
    for _, board, _ in tabs.values():
        expect(board.locator.locator("#result-record")).to_contain_text('[Termination "resignation"]')
    for _, _, errors in tabs.values():
        assert not errors, errors
    context.close()
