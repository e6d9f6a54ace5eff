"""The board feels alive: moves slide, sounds can be muted and
stay so, and every move is said in a live region for screen readers."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from militakiri import Position

from game_page import BLUNDER, GamePage, errors_of, fresh_game, goto_ready, lose_by_the_blunder, painted, wait_ready, without_pyodide

START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
#: The color of a square's centre and of a piece's, read off the canvas.
PIXEL = """([x, y]) => { const c = document.getElementById('board');
    const box = c.getBoundingClientRect(), k = c.width / box.width;
    return Array.from(c.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data); }"""


#: Counts the frames painted on the board: each stamps the fields first, the
#: board canvas's first drawImage of the frame (web/ui/draw.py).
PAINT_COUNTER = """(() => { window.boardStamps = 0;
    const drawImage = CanvasRenderingContext2D.prototype.drawImage;
    CanvasRenderingContext2D.prototype.drawImage = function (...args) {
        if (this.canvas.id === 'board' && args[0].width === this.canvas.width) window.boardStamps++;
        return drawImage.apply(this, args); }; })()"""
#: The rest of a slide at once: the move arrives when its sprites' animation
#: finishes (web/ui/draw.py), whatever its length.
FINISH_SLIDE = "() => document.querySelectorAll('canvas.sprite').forEach(s => s.getAnimations().forEach(a => a.finish()))"
#: Holds the questions the page posts to the computer's workers (Workers.ask,
#: web/ui/computer.py) until ``releaseQuestions(holdNext)``, which posts
#: those held so far: the computer thinks for as long as a test likes,
#: however fast or busy the machine. Evaluated once the page is ready
#: (before the first question): the workers' messages go through the prototype.
HOLD_QUESTIONS = """() => {
    const post = Worker.prototype.postMessage;
    let holding = true;
    window.heldQuestions = [];
    Worker.prototype.postMessage = function (message) {
        if (holding && message && message.type === "call") { window.heldQuestions.push([this, message]); return; }
        return post.call(this, message);
    };
    window.releaseQuestions = (holdNext) => {
        holding = holdNext;
        const held = window.heldQuestions.splice(0);
        for (const [worker, message] of held) post.call(worker, message);
        return held.length;
    };
}"""


def release_questions(page, hold_next: bool = False) -> None:
    """Let the computer answer what it was asked (once it was asked: a
    question waits for a worker to be ready); ``hold_next``: hold the next
    questions too."""
    page.wait_for_function("() => window.heldQuestions.length > 0", timeout=120_000)
    page.evaluate("holdNext => releaseQuestions(holdNext)", hold_next)


@pytest.fixture(scope="module")
def laptop(browser):
    """A laptop's browser for the pages of this file's module fixtures."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    without_pyodide(context)  # how the game feels, not the computer's runtime
    yield context
    context.close()


@pytest.fixture(scope="module")
def feel(laptop, base_url):
    """One page for the tests of slides, sounds and frames, in this order."""
    page = laptop.new_page()
    # Slow moves, so that the test sees one in the middle (the page's own is 150 ms).
    page.add_init_script("window.militakiriAnimationMs = 2500")
    page.add_init_script(PAINT_COUNTER)
    errors = errors_of(page)
    goto_ready(page, f"{base_url}?position={quote(START)}")
    yield GamePage(page), errors
    page.close()


def centre(ui: GamePage, square: str) -> list[float]:
    point = ui.page.evaluate("name => window.militakiri.squareCenter(name)", square)
    return [point["x"], point["y"]]


def test_a_move_slides_and_is_said(feel, artifacts_dir):
    ui, errors = feel
    page = ui.page
    before = page.evaluate("document.getElementById('board').toDataURL()")
    ui.click("c3")
    ui.click("d4")
    expect(ui.board).to_have_attribute("data-animating", "1")
    # A third of the way (the sprite's own clock, not a fixed wait: a busy machine).
    page.wait_for_function("() => document.getAnimations().some(a => a.currentTime >= 800)")
    middle = page.evaluate("document.getElementById('board').toDataURL()")
    assert page.get_attribute("#board", "data-animating") == "1"
    on_the_way = page.evaluate(PIXEL, centre(ui, "d4"))
    page.screenshot(path=str(artifacts_dir / "move-sliding.png"))
    page.evaluate(FINISH_SLIDE)
    expect(ui.board).not_to_have_attribute("data-animating", "1", timeout=5000)
    after = page.evaluate("document.getElementById('board').toDataURL()")
    # On its way the piece was not yet on d4, and the board was neither the one before nor the one after.
    assert before != middle != after
    assert page.evaluate(PIXEL, centre(ui, "d4")) != on_the_way
    assert page.get_attribute("html", "data-sound-last") == "move"
    expect(page.locator("#announce")).to_have_text("Red: cross pawn c3 to d4.")  # the live region
    assert not errors, errors


def test_a_step_back_through_the_moves_does_not_animate(feel):
    ui, _ = feel
    page = ui.page
    page.click("#btn-first")
    assert page.get_attribute("#board", "data-animating") is None
    page.click("#btn-last")  # one move forward: it slides again
    expect(ui.board).to_have_attribute("data-animating", "1")
    page.evaluate(FINISH_SLIDE)
    expect(ui.board).not_to_have_attribute("data-animating", "1", timeout=5000)


def test_a_tap_that_changes_nothing_on_the_board_paints_nothing(feel):
    """A refresh that leaves the board's picture as it was (here a tap on an
    empty field, answered in the status line) paints no frame: on a phone a
    full-board frame is the largest part of a tap's work."""
    ui, errors = feel
    page = ui.page
    painted(page)
    stamps = page.evaluate("window.boardStamps")
    assert stamps >= 1
    status = ui.status()
    ui.click("c5")  # empty in the start and after c3-d4
    expect(page.locator("#status")).not_to_have_text(status)
    painted(page)
    painted(page)
    assert page.evaluate("window.boardStamps") == stamps
    # A piece of the side to move chosen (pressed, then let go): its moves are marked.
    piece = next(token.split("-")[0] for token in Position.from_string(ui.position()).legal_moves()
                 if re.fullmatch(r"[a-l][0-9]{1,2}-[a-l][0-9]{1,2}", token))
    ui.click(piece)
    painted(page)
    painted(page)
    assert page.evaluate("window.boardStamps") > stamps
    assert not errors, errors


def test_the_mute_toggle_is_remembered(feel):
    ui, errors = feel
    page = ui.page
    expect(page.locator("html")).to_have_attribute("data-sound", "on")
    page.click("#btn-sound")
    expect(page.locator("#btn-sound")).to_have_attribute("aria-label", "Sound off")
    page.reload()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-sound", "off")
    expect(page.locator("#btn-sound")).to_have_attribute("aria-pressed", "false")
    page.click("#btn-sound")
    expect(page.locator("html")).to_have_attribute("data-sound", "on")
    assert not errors, errors


def test_reduced_motion_turns_the_slide_off(feel):
    """(The page reads the media query at each move: web/ui/draw.py.)"""
    ui, errors = feel
    page = ui.page
    page.emulate_media(reduced_motion="reduce")
    try:
        token = next(token for token in Position.from_string(ui.position()).legal_moves()
                     if re.fullmatch(r"[a-l][0-9]{1,2}-[a-l][0-9]{1,2}", token))
        ui.play(token)
        painted(page)  # the frame that shows the move (and would start its slide)
        painted(page)
        assert page.get_attribute("#board", "data-animating") is None
    finally:
        page.emulate_media(reduced_motion="no-preference")
    assert not errors, errors


def test_an_embed_is_silent_unless_asked(browser, base_url):
    with fresh_game(browser, f"{base_url}?embed=1&position={quote(START)}",
                    viewport={"width": 600, "height": 700}) as (ui, _):
        page = ui.page
        expect(page.locator("html")).to_have_attribute("data-sound", "off")
        goto_ready(page, f"{base_url}?embed=1&sound=1&position={quote(START)}")
        expect(page.locator("html")).to_have_attribute("data-sound", "on")


@pytest.fixture(scope="module")
def shared(laptop, base_url):
    """The page of the games from the New game dialog, against the computer
    and the one reviewed: the computer's workers start once, in the first."""
    page = laptop.new_page()
    errors = errors_of(page)
    goto_ready(page, base_url)
    yield laptop, page, errors
    page.close()


def test_a_premove_is_played_and_an_illegal_one_dropped(ui, artifacts_dir):
    page = ui.page
    ui.new_game(opponent=(4, "white"), position=START)
    # The computer answers when the test lets it (HOLD_QUESTIONS): time
    # to queue a premove each turn however busy the machine is.
    page.evaluate(HOLD_QUESTIONS)
    try:
        ui.play("c3-d4")
        ui.click("b3")  # while the computer thinks: the plus tower ...
        ui.click("b4")  # ... one field up
        expect(page.locator("#status")).to_contain_text("Premove b3-b4")
        page.screenshot(path=str(artifacts_dir / "premove.png"))
        release_questions(page, hold_next=True)
        expect(ui.board).to_have_attribute("data-plies", "3", timeout=60_000)
        assert "b3-b4" in page.inner_text("#moves")
        ui.click("d3")  # a plus pawn two fields up: beyond its reach, and blocked (R8)
        ui.click("d5")
        expect(page.locator("#status")).to_contain_text("Premove d3-d5")
        release_questions(page)
        expect(ui.board).to_have_attribute("data-plies", "4", timeout=60_000)
        expect(page.locator("#status")).to_contain_text("Your premove d3-d5 was dropped")
    finally:
        page.evaluate("releaseQuestions(false)")  # (the page's next games)


def test_a_link_from_a_game_against_the_computer_goes_on_against_it(ui, browser):
    """The link of a game against the computer opens the same game in
    another browser, where the computer plays on: its move said in the live
    region for screen readers."""
    page = ui.page
    # The player takes Blue: the computer (Red, level 1) begins; 10 minutes a player (Ultra fast, R21).
    ui.new_game(opponent=(1, "black"), position=START, clock="ultra_fast")
    expect(ui.board).to_have_attribute("data-plies", "1", timeout=120_000)
    page.click("#btn-share")
    url = page.input_value("#share-url")
    page.click("#share-close")
    # The computer's side and level, and the clocks, travel in the link (format 4).
    assert "!w1!" in url and "!w1!-!" not in url
    # Another browser: nothing of the site kept but the files in its cache.
    with fresh_game(browser, url) as (view, friend_errors):
        friend = view.page
        expect(friend.locator("#bar-white .name")).to_have_attribute("title", "Computer, level 1 (Red)")
        assert friend.evaluate("window.militakiri.squareCenter('a12').y") > 300  # Blue at the bottom
        # The link's clock: Blue's time left, paused until Resume (as after a reload).
        expect(friend.locator("#clock-black")).to_contain_text("9:5")
        friend.click("#btn-resume")
        token = next(t for t in Position.from_string(view.position()).legal_moves() if "x" not in t)
        view.play(token)
        expect(view.board).to_have_attribute("data-plies", "3", timeout=120_000)  # it answered
        # The computer's move is said.
        expect(friend.locator("#announce")).to_contain_text("Computer, level 1 (Red): ", timeout=60_000)
        said = friend.inner_text("#announce")
        assert (" to " in said or " takes " in said) and said.endswith("."), said
        assert not friend_errors, friend_errors


def test_on_a_phone_play_the_computer_hear_premove_lose_and_see_where_it_turned(browser, base_url, artifacts_dir):
    """A new player's whole story, on a 390x844 touch screen."""
    # The computer's workers wait until the premove is queued: its
    # MicroPython worker may answer within the 0.35 s a reply waits.
    held = []
    with fresh_game(browser, f"{base_url}?position={quote(BLUNDER)}&computer=black&level=4",
                    viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                    routes={"**/web/boot/ai_worker.js?*": lambda route: held.append(route)}) as (ui, errors):
        page = ui.page
        ui.play("a1-a2", how="tap")  # the blunder; Red's lone tower starts the endgame rule (R16)
        expect(page.locator("html")).to_have_attribute("data-sound-last", "endgame")
        ui.tap("a2")  # a premove while the computer thinks
        ui.tap("a3")
        expect(page.locator("#status")).to_contain_text("Premove a2-a3")
        assert held, "the computer's workers never asked for their script"
        for route in held:
            route.continue_()
        page.context.unroute("**/web/boot/ai_worker.js?*")
        expect(page.locator("#dlg-result")).to_have_attribute("open", "", timeout=120_000)  # lost (R19)
        expect(page.locator("html")).to_have_attribute("data-sound-last", "end")
        expect(page.locator("#announce")).to_contain_text("takes a2")
        page.screenshot(path=str(artifacts_dir / "phone-result.png"))
        page.tap("#result-analyse")  # the way on from the result: its review
        expect(page.locator("#dlg-result")).not_to_have_attribute("open", "")
        # The review comes into sight: below the board on a phone, out of view, Analyse seemed to do nothing.
        expect(page.locator("#review")).to_be_in_viewport()
        expect(page.locator("#review")).to_have_attribute("data-state", "done", timeout=120_000)
        page.locator("#review-graph").scroll_into_view_if_needed()
        assert page.locator("#review-graph circle").count() == 1
        expect(page.locator("#moves .mark-blunder")).to_have_text("a1-a2??")
        page.screenshot(path=str(artifacts_dir / "phone-review.png"), full_page=True)
        assert not errors, errors


@pytest.fixture(scope="module")
def reviewed(shared) -> GamePage:
    """On the shared page, a game White lost by the blunder, its review done:
    for the test of learning from it, then the review's own (which goes on
    from the reviewed game to practise)."""
    _, page, errors = shared
    ui = GamePage(page)
    ui.new_game(position=BLUNDER)
    lose_by_the_blunder(ui)
    page.click("#btn-analyse")
    expect(page.locator("#review")).to_have_attribute("data-state", "done", timeout=120_000)
    assert not errors, errors
    return ui


def test_learn_from_your_mistakes_replays_the_blunder_as_a_task(reviewed, ui, artifacts_dir):
    """After the review, each marked move is a task (find a better
    move); a move other than the best is weighed by the computer."""
    page = ui.page
    page.click("#review-learn")
    box = page.locator("#training")
    expect(box).to_have_attribute("data-drill", "mistake-1")
    expect(page.locator("#tr-title")).to_have_text("Your mistakes: 1 of 1")
    expect(page.locator("#tr-text")).to_have_text("Red played a1-a2?? here. Find a better move.")
    expect(ui.board).to_have_attribute("data-position", BLUNDER)
    ui.play("a1-a2")  # the game's move again
    expect(box).to_have_attribute("data-result", "failed")
    expect(page.locator("#tr-feedback")).to_contain_text("a1-a2 is the move played in the game: find another")
    page.click("#tr-retry")
    ui.play("a1-b1")  # another move: the computer weighs it (b2xb1 takes the last tower)
    expect(box).to_have_attribute("data-result", "failed", timeout=60_000)
    expect(page.locator("#tr-feedback")).to_contain_text("a1-b1 keeps ")
    expect(page.locator("#tr-feedback")).to_contain_text("the best move keeps")
    page.screenshot(path=str(artifacts_dir / "mistake-weighed.png"))
    page.click("#tr-retry")
    ui.play("a1xb2")
    expect(box).to_have_attribute("data-result", "solved")
    expect(page.locator("#tr-feedback")).to_contain_text("the computer's best, a1xb2")
    expect(page.locator("#tr-next")).to_be_hidden()  # the last one: the way on is back
    expect(page.locator("#tr-list")).to_be_hidden()
    page.click("#tr-exit")
    expect(box).to_be_hidden()
    expect(ui.board).to_have_attribute("data-plies", "2")  # the reviewed game, with its review
    expect(page.locator("#moves .mark-blunder")).to_have_text("a1-a2??")


def test_the_review_marks_the_blunder_draws_the_graph_and_survives_a_reload(reviewed, ui, browser, base_url,
                                                                           artifacts_dir):
    page = ui.page
    expect(page.locator("#moves .mark-blunder")).to_have_text("a1-a2??")
    # Marks by winning chances thrown away, each player's accuracy.
    expect(page.locator("#review-counts")).to_contain_text(
        "Red: 0 inaccuracies (?!), 0 mistakes (?), 1 blunder (??). Accuracy ")
    assert page.locator("#review-graph circle").count() == 1  # the blunder's dot
    # The graph has its axes: Red's chances from 0 to 100 %, the moves numbered.
    labels = page.locator("#review-graph text").all_text_contents()
    assert labels == ["100 %", "50 %", "0 %", "1"], labels
    expect(page.locator("#review-legend")).to_contain_text("Red's chancesBlue's")  # the two areas
    # The blunder was the turning point; nothing said while the game's end is shown.
    expect(page.locator("#review-moments button")).to_have_text(["1. a1-a2?? \u00b7 turning point"])
    expect(page.locator("#review-words")).to_be_hidden()
    page.screenshot(path=str(artifacts_dir / "review.png"))
    # A click on the blunder's dot goes to the position before it: its
    # words, the move played (a red arrow) and the better one (green).
    box = page.locator("#review-graph").bounding_box()
    dot = page.locator("#review-graph circle").bounding_box()
    page.mouse.click(dot["x"] + dot["width"] / 2, dot["y"] + dot["height"] / 2)
    expect(ui.board).to_have_attribute("data-ply", "0")
    expect(page.locator("#review-words")).to_have_text(
        "The turning point. a1-a2 lost Red's last tower: b2xa2 follows. "
        "Better was a1xb2, which takes a Blue cross pawn.")
    expect(page.locator("#review-moments button")).to_have_attribute("aria-current", "true")
    (a1x, a1y), (a2x, a2y), (b2x, b2y) = (centre(ui, name) for name in ("a1", "a2", "b2"))
    red = page.evaluate(PIXEL, [(a1x + a2x) / 2, (a1y + a2y) / 2])
    green = page.evaluate(PIXEL, [(a1x + b2x) / 2, (a1y + b2y) / 2])
    assert red[0] > red[1] + 60 and green[1] > green[0] + 40, (red, green)
    page.screenshot(path=str(artifacts_dir / "review-better-move.png"))
    # Elsewhere on the graph: that move, without words.
    page.mouse.click(box["x"] + box["width"] - 4, box["y"] + box["height"] / 2)
    expect(ui.board).to_have_attribute("data-ply", "2")
    expect(page.locator("#review-words")).to_be_hidden()
    page.reload()
    wait_ready(page)
    expect(page.locator("#review-counts")).to_contain_text("1 blunder (??)")
    expect(page.locator("#moves .mark-blunder")).to_have_text("a1-a2??")
    # It travels in the game record (NOTATION.md: [%eval] comments and glyphs) ...
    page.click("#btn-record")
    record = page.input_value("#record-text")
    page.click("#record-close")
    assert "1. a1-a2 $4 {[%eval -15.00] [%best a1xb2]}" in record
    # ... and comes back with it, in another browser.
    with fresh_game(browser, base_url + "?lang=nl") as (other, _):  # and in Dutch
        reader = other.page
        reader.evaluate("document.getElementById('dlg-new').close()")
        reader.click("#btn-record")
        reader.fill("#record-paste", record)
        reader.click("#record-open")
        expect(reader.locator("#moves .mark-blunder")).to_have_text("a1-a2??")
        expect(reader.locator("#review-counts")).to_contain_text(
            "Rood: 0 onnauwkeurigheden (?!), 0 fouten (?), 1 blunder (??).")
        expect(reader.locator("#review-heading")).to_have_text("Analyse")
        expect(reader.locator("#btn-practice")).to_have_text("Verder spelen vanaf hier")
        reader.click("#result-close")
        reader.click("#review-moments button")  # the words in the reader's language
        expect(reader.locator("#review-words")).to_have_text(
            "Het keerpunt. a1-a2 kostte de laatste toren van Rood: b2xa2 volgt. "
            "Beter was a1xb2, dat een kruispion van Blauw slaat.")
    # Practice from here: from the position before the blunder,
    # a new game against the computer, whose record starts there.
    page.click("#review-moments button")
    expect(ui.board).to_have_attribute("data-ply", "0")
    page.click("#btn-practice")
    expect(page.locator("#ng-title")).to_have_text("Practice from here")
    assert page.input_value("#ng-position") == BLUNDER
    page.check("#ng-computer")
    page.select_option("#ng-level", "1")
    page.select_option("#ng-side", "white")
    page.click("#ng-start")
    expect(ui.board).to_have_attribute("data-position", BLUNDER)
    expect(page.locator("#review")).to_be_hidden()
    ui.play("a1xb2")  # the better move, this time
    expect(ui.board).to_have_attribute("data-plies", "2", timeout=60_000)  # the computer answered
    page.click("#btn-record")
    assert '[Position "' + BLUNDER + '"]' in page.input_value("#record-text")
    page.click("#record-close")
    page.click("#btn-new")  # an ordinary New game has its own title again
    expect(page.locator("#ng-title")).to_have_text("New game")
    assert page.input_value("#ng-position") == ""
