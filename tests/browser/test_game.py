"""Playing on the page through the canvas, checked against the engine.

One browser page is shared by the module (the page boots in several
seconds; a new game starts from the New game dialog, as a player does).
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from militakiri import DOUBLE, Dice, Game, Position, Setup, start_position

from game_page import GamePage, goto_ready, open_ready, painted

# A game in which Red plays Blue's three towers off the board (R19), found
# with the engine; played alternately by click-click and by drag.
WIN_BY_TOWERS = ["b3-b8", "c10-b9", "b8-e8", "f10-f6", "e8xb11", "f6xc3", "b11xa12", "c3xd2", "c1xd2"]
PROMOTION = "s^5/1s14/6/6/6/6/6/2x13/2X23/6/1S14/S^5 w 122/122 -/- - 1"
WAITING = "s^5/1s14/6/6/6/6/6/6/6/P1P11P1P1P1/P1S11P1P1P1/S^P1P1P1P1P1 w 122/122 P/- - 1"  # reachable: the zone is full but for c2 and c3 (R15)
ENDGAME = "s^5/1s14/6/6/6/6/6/6/6/6/1S14/S^5 w 122/122 -/- 40/41 30"
START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
#: The full manual's clocks by name, shortest first (R21).
NAMES = ("Ultra fast", "Very fast", "Fast", "Standard", "Long")
# The page seeds its dice with ?seed=: the first seed whose roll lets Red start.
SEED = next(s for s in range(100) if Dice.roll(random.Random(s)).first == 0)


def at_rest(ui: GamePage) -> None:
    """Wait until the board is still and painted (for a screenshot): no move
    sliding in, the last change drawn."""
    expect(ui.board).not_to_have_attribute("data-animating", "1")
    painted(ui.page)


@pytest.fixture(scope="module")
def shared(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 860}, device_scale_factor=2,
                                  service_workers="block")
    page, errors = open_ready(context, f"{base_url}?seed={SEED}")
    yield context, page, errors
    context.close()


def test_first_visit_opens_the_new_game_dialog(ui):
    page = ui.page
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")
    assert page.get_attribute("html", "data-ready") == "1"
    ui.expect_status("setup")
    assert ui.position() == ""
    assert page.locator(".keys-help").is_visible()  # a mouse and a keyboard here (not on a phone: test_phone)


def test_set_up_by_clicks_roll_and_win_by_towers(ui, artifacts_dir: Path):
    page = ui.page
    ui.new_game(white="Anna", black="Bram")
    expect(page.locator("#status")).to_contain_text("Anna (Red): choose where your towers go")
    # A wrong click is explained (R4) and changes nothing.
    ui.click("c4")
    expect(page.locator("#status")).to_have_class(re.compile("warn"))
    expect(page.locator("#status")).to_contain_text("c4 is not in Red's set-up zone")
    for square in ("c1", "d2", "b3"):
        ui.click(square)
    page.click("#btn-done")
    # R4: Red's set-up is hidden while Blue places.
    expect(page.locator("#status")).to_contain_text("Bram (Blue): choose where your towers go")
    for square in ("a12", "b11"):
        ui.click(square)
    at_rest(ui)
    page.screenshot(path=str(artifacts_dir / "setup.png"))
    ui.click("f10")
    page.click("#btn-done")
    assert ui.roll_and_start() == "white"
    expected = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice=Dice.roll(random.Random(SEED)))
    ui.expect_position(expected.position.string())
    expect(page.locator("#dice-rolls li")).to_have_count(len(expected.dice.rolls))

    for i, token in enumerate(WIN_BY_TOWERS):
        ui.play(token, how="click" if i % 2 == 0 else "drag")
        expected.play(token)
        assert ui.position() == expected.position.string()
        if i == 3:
            expect(page.locator("#moves li")).to_have_count(2)
            ui.click("e8")  # show moves (dots) and takes (rings) of the tower
            at_rest(ui)
            page.screenshot(path=str(artifacts_dir / "midgame.png"))
            ui.click("e8")  # and put it down again
    ui.expect_status("over")
    assert str(expected.outcome()) == "1-0 towers"
    expect(page.locator("#dlg-result")).to_have_attribute("open", "")
    expect(page.locator("#result-title")).to_have_text("Anna (Red) wins")
    expect(page.locator("#result-reason")).to_contain_text("Bram (Blue) has no tower left on the board.")  # R19, named in How to play
    # The bars count the towers on the board.
    expect(page.locator("#bar-black .on-board .count")).to_have_text("0")
    expect(page.locator("#bar-white .on-board .count")).to_have_text(str(expected.position.towers[0]))
    at_rest(ui)
    page.screenshot(path=str(artifacts_dir / "result.png"))
    # The record in the dialog replays to the same game.
    page.click("#dlg-result summary")
    record = page.locator("#result-record").inner_text()
    assert Game.from_record(record).tokens == WIN_BY_TOWERS


def test_promotion_field_is_chosen_by_a_click(ui):
    page = ui.page
    ui.new_game(position=PROMOTION)
    ui.click("c4")
    ui.click("c5")
    expect(page.locator("#status")).to_contain_text("new cross tower.")  # R13
    ui.expect_position(PROMOTION)
    ui.click("c6")  # not a field of the set-up zone: refused, explained
    expect(page.locator("#status")).to_have_class(re.compile("warn"))
    ui.expect_position(PROMOTION)
    ui.click("e2")
    ui.expect_position(Position.from_string(PROMOTION).play("c4xc5=X@e2").string())
    expect(page.locator("#moves li").first).to_contain_text("c4xc5=X@e2")
    # Red has one cross spare left (R13), and one tower more on the board.
    expect(page.locator("#bar-white .count")).to_have_text(["2", "1", "1", "2"])


def test_waiting_tower_is_placed_first_R15(ui):
    page = ui.page
    ui.new_game(position=WAITING)
    expect(page.locator("#status")).to_contain_text("waiting plus tower")
    expect(page.locator("#bar-white .waiting-group")).to_be_visible()
    ui.click("a1")  # a piece first: refused
    expect(page.locator("#status .rule-ref")).to_have_text("R15")  # the refusal's details
    ui.expect_position(WAITING)
    ui.play("@c2,c2-c6", how="drag")
    expect(page.locator("#bar-white .waiting-group")).to_have_count(0)


def test_endgame_rule_and_moves_left_are_shown_R16_R17(ui):
    page = ui.page
    ui.new_game(position=ENDGAME)
    expect(page.locator("#endgame")).to_contain_text("Endgame rule on: every piece")  # R16
    expect(page.locator("#endgame")).to_contain_text("Red 40, Blue 41")
    expect(page.locator("#bar-white .moves-left")).to_have_text("40 left")
    ui.play("b2-b3")
    expect(page.locator("#bar-white .moves-left")).to_have_text("39 left")
    expect(page.locator("#endgame")).to_contain_text("Red 39, Blue 41")


def test_illegal_clicks_change_nothing_and_say_why(ui):
    page = ui.page
    status = page.locator("#status")
    # Names are text, never markup.
    ui.new_game(position=START, white="<b>Ann</b>")
    expect(page.locator("#bar-white .name")).to_have_text("<b>Ann</b>")  # the name alone (the chip shows the side)
    expect(page.locator("#bar-white .name")).to_have_attribute("title", "<b>Ann</b> (Red)")
    expect(page.locator("#bar-white .name b")).to_have_count(0)
    ui.click("c3")  # Red cross pawn
    ui.click("c5")  # straight ahead, 2 fields: not a cross move
    ui.expect_position(START)
    expect(status).to_have_class(re.compile("warn"))
    # The ruling is in the refusal's details, a link to the rules, not in its sentence.
    expect(status).to_contain_text("Not allowed: a cross pawn moves diagonally, not orthogonally R7")
    expect(status.locator("a.rule-ref")).to_have_text("R7")
    assert status.locator("a.rule-ref").get_attribute("href") == "./rules/en.html"
    ui.click("b11")
    ui.expect_position(START)
    expect(status).to_contain_text("b11 is not on a straight line from c3")
    page.keyboard.press("Escape")
    ui.click("a12")
    expect(status).to_contain_text("a12 holds a Blue star tower; it is <b>Ann</b> (Red)'s move")
    ui.click("c4")
    expect(status).to_contain_text("There is no piece on c4")
    ui.expect_position(START)


def test_touch_move_chosen_in_the_new_game_dialog_R25(ui, artifacts_dir: Path):
    page = ui.page
    status = page.locator("#status")
    ui.new_game(position=START, touch_move=True)
    ui.click("c3")  # Red cross pawn: touched
    expect(status).to_contain_text("Red cross pawn on c3, touched: it must move (touch-move, R25).")
    bound = "Touch-move: you touched the piece on c3, so that piece must move. R25"  # R25 its details
    ui.click("e3")  # another Red pawn
    expect(status).to_have_text(bound)
    page.keyboard.press("Escape")
    expect(status).to_have_text(bound)
    ui.drag("e3", "f4")
    expect(status).to_have_text(bound)
    ui.expect_position(START)
    page.screenshot(path=str(artifacts_dir / "touch-move.png"))
    ui.click("d4")
    expect(page.locator("#moves")).to_contain_text("c3-d4")
    ui.expect_status("playing")
    ui.click("b10")  # Blue: choose freely again until touching
    expect(status).to_contain_text("touched: it must move")
    ui.new_game(position=START)  # off again: the dialog remembers what was chosen last
    ui.click("c3")
    ui.click("e3")
    expect(status).to_contain_text("Red cross pawn on e3: dots are moves")


def test_double_board_set_up_R5_and_play_on_the_long_clock_R21(ui, artifacts_dir: Path):
    page = ui.page
    status = page.locator("#status")
    ui.close_dialogs()
    page.click("#btn-new")
    page.check("#ng-double")
    # The double board's Long, picked by its name: 240 minutes each (R21).
    page.select_option("#ng-time", label="Long \u2013 4 h each")
    ui.new_game(board="double", white="Anna", black="Bram", clock=None)
    for side in ("white", "black"):
        expect(page.locator(f"#clock-{side}")).to_have_text("4:00:00")
    ui.click("c1")
    ui.click("d1")  # side by side: refused (R5)
    expect(status).to_contain_text("no two towers may stand side by side at the start R5")
    for square in ("h1", "b2", "e2", "f2", "a3", "k3"):
        ui.click(square)
    # e2 was refused (cross towers keep one parity, R4); f2 was placed.
    expect(page.locator("#btn-done")).to_be_enabled()
    page.click("#btn-done")
    page.click("#btn-random")
    page.click("#btn-done")
    mover = ui.roll_and_start()
    # Only the clock of the player to move runs (R21).
    expect(page.locator(f"#clock-{mover}")).to_have_text(re.compile(r"^3:59:5\d$"))
    expect(page.locator(f"#clock-{'black' if mover == 'white' else 'white'}")).to_have_text("4:00:00")
    position = Position.from_string(ui.position())
    assert position.kind.files == 12
    # Red's set-up as clicked: stars c1 h1, crosses b2 f2, pluses a3 k3.
    clicked = start_position(DOUBLE, Setup.parse("Sch Xbf Pak", DOUBLE), Setup.random(DOUBLE, random.Random()), 0)
    assert position.string().split()[0].split("/")[-3:] == clicked.string().split()[0].split("/")[-3:]
    for how in ("click", "drag"):
        position = Position.from_string(ui.position())
        token = next(t for t in position.legal_moves() if "-" in t)
        ui.play(token, how=how)
    assert ui.board.get_attribute("data-turn") == mover
    at_rest(ui)
    page.screenshot(path=str(artifacts_dir / "double.png"))


def test_keyboard_flip_take_back_and_resign(ui):
    page = ui.page
    ui.new_game(position=START)
    a1 = ui.point("a1")
    page.click("#btn-flip")
    assert ui.point("a1")[0] > a1[0] and ui.point("a1")[1] < a1[1]  # now top right
    # Keyboard: the cursor starts on Red's first row, arrows move it.
    ui.board.focus()
    page.keyboard.press("ArrowRight")  # shows the cursor on c1
    for key in ("ArrowDown", "ArrowDown"):  # flipped: down is up the ranks
        page.keyboard.press(key)
    page.keyboard.press("Enter")  # selects c3
    expect(page.locator("#status")).to_contain_text("cross pawn on c3")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowLeft")  # flipped: left is towards h
    page.keyboard.press("Enter")  # c3-d4
    moved = Position.from_string(START).play("c3-d4").string()
    ui.expect_position(moved)
    page.click("#btn-flip")
    # Take-back in a game without a clock.
    page.click("#btn-back")
    ui.expect_position(START)
    # Resign: Blue resigns, Red wins (R23).
    page.click("#btn-resign")
    page.click("#resign-black")
    ui.expect_status("over")
    expect(page.locator("#result-reason")).to_have_text("Blue resigned.")  # R23


def test_new_game_offers_the_manuals_clocks_per_board_and_ultra_fast_runs_R21_R22(ui, artifacts_dir: Path):
    """The time menu as a player sees it: the board's five clocks by name
    (per player), correspondence, the extras marked; the other board's
    five once it is chosen, the choice keeping its name. A game on Ultra
    fast has 10:00 each, and only the running clock ticks."""
    page = ui.page
    ui.close_dialogs()
    page.click("#btn-new")
    menu = page.locator("#ng-time")
    groups = menu.locator("optgroup")
    page.check("#ng-single")
    expect(groups.nth(0)).to_have_attribute("label", "The manual's clocks (per player)")
    expect(groups.nth(0).locator("option")).to_have_text(
        [f"{name} \u2013 {each} each" for name, each in
         zip(NAMES, ("10 min", "20 min", "30 min", "1 h", "2 h"))])
    expect(groups.nth(1).locator("option")).to_have_text(
        ["Fast \u2013 24 h a move", "Standard \u2013 48 h a move", "Long \u2013 72 h a move"])  # R22
    expect(groups.nth(2)).to_have_attribute("label", "Extras (not in the manual)")
    expect(groups.nth(2).locator("option")).to_have_text(["No clock", "Other time, Fischer or Bronstein\u2026"])
    page.select_option("#ng-time", label="Standard \u2013 1 h each")
    page.check("#ng-double")
    expect(groups.nth(0).locator("option")).to_have_text(
        [f"{name} \u2013 {each} each" for name, each in
         zip(NAMES, ("20 min", "40 min", "1 h", "2 h", "4 h"))])
    expect(menu).to_have_value("standard")  # Standard still: 120 minutes each now
    page.check("#ng-single")
    page.select_option("#ng-time", label="Ultra fast \u2013 10 min each")
    ui.new_game(position=START, clock=None)
    # From a position the game has begun: White's clock runs from 10:00, Black's waits.
    expect(page.locator("#clock-black")).to_have_text("10:00")
    expect(page.locator("#clock-white")).to_have_text(re.compile(r"^(10:00|9:5\d)$"))
    expect(page.locator("#clock-white")).to_have_class(re.compile("running"))
    ui.play("c3-d4")
    expect(ui.page.locator("#btn-back")).to_be_disabled()
    expect(ui.page.locator("#clock-white")).not_to_have_class(re.compile("running"))
    expect(ui.page.locator("#clock-black")).to_have_class(re.compile("running"))
    expect(ui.page.locator("#clock-black")).to_have_text(re.compile(r"^9:5\d$"))
    ui.click("d10")
    at_rest(ui)
    ui.page.screenshot(path=str(artifacts_dir / "clocks.png"))


def test_the_canvas_is_sharp_and_the_position_link_works(ui, base_url):
    page = ui.page
    size = page.evaluate("""() => { const c = document.getElementById('board');
        return [c.width, c.height, c.clientWidth, c.clientHeight, devicePixelRatio]; }""")
    width, height, css_w, css_h, dpr = size
    assert dpr == 2 and width == css_w * 2 and height == css_h * 2
    started = time.monotonic()
    goto_ready(page, f"{base_url}?position={PROMOTION.replace(' ', '%20')}&white=Ann")
    ui.expect_position(PROMOTION)
    ui.expect_status("playing")
    expect(page.locator("#dlg-new")).not_to_have_attribute("open", "")
    expect(page.locator("#bar-white .name")).to_have_text("Ann")
    expect(page.locator("#bar-white .name")).to_have_attribute("title", "Ann (Red)")
    assert time.monotonic() - started < 60


def test_lost_on_time_with_a_short_clock_R21(ui):
    """Last of the module: the page's clock is Playwright's from here on, so
    the five seconds that run out are skipped, not waited for."""
    page = ui.page
    page.clock.install()  # time runs on as before, until fast_forward
    # Another time (an extra): 5 s each, +1 s per move (Fischer).
    ui.new_game(custom=(0, 5, "fischer", 1))
    expect(page.locator("#clock-white")).to_have_text("0:05.0")
    ui.setup(None, None)
    mover = ui.roll_and_start()
    position = Position.from_string(ui.position())
    token = next(t for t in position.legal_moves() if "-" in t and "@" not in t)
    ui.play(token)
    after = ui.position()
    # The first mover gained 1 s; now the other clock runs out.
    other = "black" if mover == "white" else "white"
    expect(page.locator(f"#clock-{other}")).to_have_class(re.compile("running"))
    page.clock.fast_forward(6000)
    ui.expect_status("over", timeout=9000)
    expect(page.locator(f"#clock-{other}")).to_have_text("0:00.0")
    loser = {"white": "Red", "black": "Blue"}[other]  # the page names the sides by their colors (R28)
    expect(page.locator("#result-reason")).to_have_text(f"{loser} ran out of time.")  # R21
    page.click("#result-close")
    # After the flag, clicks change nothing.
    moves = Position.from_string(after).legal_moves()
    origin = re.split("[-x]", moves[0].split(",")[-1])[0]
    ui.click(origin)
    ui.expect_position(after)
    expect(page.locator("#status")).to_contain_text("ran out of time")
