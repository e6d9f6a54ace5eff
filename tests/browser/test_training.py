"""Learn and Puzzles in the page (web/ui/training.py): lessons
solved by clicks on the board, a wrong move refused with the engine's
reason, stars kept over a reload, puzzles solved and failed with the rating
moving, ``?puzzle=ID`` links, Dutch, and the way in from a first visit's
New game dialog. Screenshots: artifacts/browser/training-*.png."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from game_page import GamePage, errors_of, fresh_game, goto_ready, parse_token, wait_ready
from militakiri import Position, movegen
from militakiri.messages import rulings_cited
from web.model.lessons import read_lessons
from web.model.puzzles import read_puzzles

DATA = Path(__file__).resolve().parents[2] / "web" / "data"
LESSONS = read_lessons((DATA / "lessons.json").read_text(encoding="utf-8"))
PUZZLES = {p.id: p for p in read_puzzles((DATA / "puzzles.json").read_text(encoding="utf-8"))}
TASKS = {task.id: task for lesson in LESSONS for task in lesson.tasks}
#: The first puzzle of each board (web/data/puzzles.json, in its order).
FIRST_SINGLE = next(p.id for p in PUZZLES.values() if p.board == "single")
FIRST_DOUBLE = next(p.id for p in PUZZLES.values() if p.board == "double")


def rating(page) -> int:
    return int(page.get_attribute("html", "data-rating"))


def simple_tokens(position: Position) -> list[str]:
    """Legal moves a click-click plays (no waiting tower, no promotion field)."""
    tokens = [m.token(position.kind) for m in movegen.legal_moves(position)]
    return sorted(t for t in tokens if re.fullmatch(r"[a-l]\d+[-x][a-l]\d+", t))


def illegal_target(position: Position, origin: str) -> str:
    """An empty field next to ``origin`` the piece there may not go to."""
    legal = {t.split("-")[1] for t in simple_tokens(position) if t.startswith(origin + "-")}
    kind = position.kind
    sq = kind.square(origin)
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            file, rank = kind.file_of(sq) + df, kind.rank_of(sq) + dr
            if (df or dr) and 0 <= file < kind.files and 0 <= rank < kind.rows:
                name = kind.square_name(kind.at(file, rank))
                if name not in legal and position.board[kind.at(file, rank)] is None:
                    return name
    raise AssertionError(f"no illegal empty field next to {origin}")


def off_the_line(position: Position, origin: str) -> str:
    """An empty field ``origin``'s piece may not go to, refused in words that
    name no ruling (not on a straight line from it)."""
    kind = position.kind
    for sq in kind.squares:
        reason = position.refusal(kind.square(origin), sq)
        if position.board[sq] is None and reason is not None and not rulings_cited(str(reason)):
            return kind.square_name(sq)
    raise AssertionError(f"every refusal from {origin} names a ruling")


BOXES = """() => Object.fromEntries(["board", "training"].map((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return [id, [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight]];
}))"""


def within_view(page, element_id: str) -> bool:
    left, top, right, bottom, width, height = page.evaluate(BOXES)[element_id]
    return left >= 0 and top >= 0 and right <= width + 1 and bottom <= height + 1


def test_a_lesson_solved_by_clicks_a_wrong_move_refused_and_the_stars_kept(browser, base_url, artifacts_dir):
    task = TASKS["plus/1"]
    (token,) = task.solution
    _, origin, target, _ = parse_token(token)
    with fresh_game(browser, base_url + "?learn") as (ui, errors):
        page = ui.page
        learn = page.locator("#dlg-learn")
        expect(learn).to_be_visible()
        expect(page.locator("#learn-list .lesson")).to_have_count(len(LESSONS))
        page.screenshot(path=str(artifacts_dir / "training-learn.png"))
        page.click('button[data-task="plus/1"]')
        expect(learn).to_be_hidden()
        box = page.locator("#training")
        expect(box).to_have_attribute("data-drill", "plus/1")
        expect(page.locator("#tr-text")).to_contain_text(task.text("prompt", "en"))
        ui.expect_position(task.position)
        # A wrong move: the engine's reason, naming its rule (R24), and nothing moves.
        start = Position.from_string(task.position)
        ui.click(origin)
        ui.click(illegal_target(start, origin))
        expect(page.locator("#status .rule-ref")).to_have_text(re.compile(r"^R\d+"))  # refused by a rule
        ui.expect_position(task.position)
        expect(box).to_have_attribute("data-result", "solving")
        # A wrong move whose reason names no ruling ("... is not on a straight
        # line ..."): a refused move all the same, as the Learn dialog says.
        ui.click(off_the_line(start, origin))
        expect(page.locator("#status")).to_contain_text("straight line")
        expect(page.locator("#status .rule-ref")).to_have_count(0)
        # The right move (the piece is still selected): solved, with the
        # success line citing its ruling; one star (two slips).
        ui.click(target)
        ui.expect_position(start.copy().play(token).string())
        expect(box).to_have_attribute("data-result", "solved")
        expect(page.locator("#tr-feedback")).to_contain_text(task.text("success", "en"))
        expect(page.locator("#tr-feedback")).to_contain_text("\u2605\u2606\u2606")
        expect(page.locator("#tr-next")).to_be_visible()
        page.screenshot(path=str(artifacts_dir / "training-lesson-solved.png"))
        # Share gives the task, not the game the page plays it in (it was a link
        # to "White vs Computer, level 1"), and says so.
        page.click("#btn-share")
        expect(page.locator("#dlg-share")).to_have_attribute("open", "")
        expect(page.locator("#share-title")).to_have_text("Share this lesson task")
        expect(page.locator("#share-note")).to_contain_text("gets this task from its start")
        assert page.input_value("#share-url") == base_url.split("?")[0] + "?learn=plus/1"
        page.screenshot(path=str(artifacts_dir / "training-share-task.png"))
        page.click("#share-close")
        # The address names the task: a reload opens it again.
        assert page.url.endswith("?learn=plus/1"), page.url
        page.reload()
        wait_ready(page)
        expect(box).to_have_attribute("data-drill", "plus/1")
        ui.expect_position(task.position)
        # The stars stay over a reload.
        goto_ready(page, base_url + "?learn")
        expect(page.locator('button[data-task="plus/1"]')).to_contain_text("\u2605\u2606\u2606")
        expect(page.locator('button[data-task="plus/2"]')).to_contain_text("\u2606\u2606\u2606")
        page.click("#learn-close")
        assert not errors, errors


def test_a_lesson_task_failed_then_retried_and_the_next_task(browser, base_url):
    # A forged task in the address: the list of lessons instead, saying so
    # (it opened with no word), the task quoted as text.
    with fresh_game(browser, base_url + "?learn=no-such%2F9%3Cb%3E") as (ui, errors):
        page = ui.page
        expect(page.locator("#dlg-learn")).to_be_visible()
        expect(page.locator("#learn-list p.error")).to_have_text(
            "There is no task 'no-such/9<b>' in Learn: here are the lessons.")
        page.click('button[data-task="plus/1"]')
        task = TASKS["plus/1"]
        start = Position.from_string(task.position)
        # A legal move that is not the task's: the task fails with the engine's reason.
        other = next(t for t in simple_tokens(start) if t != task.solution[0] and "x" not in t)
        ui.play(other)
        box = page.locator("#training")
        expect(box).to_have_attribute("data-result", "failed")
        expect(page.locator("#tr-feedback")).to_contain_text("Not yet")
        page.click("#tr-retry")
        expect(box).to_have_attribute("data-result", "solving")
        ui.expect_position(task.position)
        ui.play(task.solution[0])
        expect(box).to_have_attribute("data-result", "solved")
        page.click("#tr-next")
        expect(box).to_have_attribute("data-drill", "plus/2")
        ui.expect_position(TASKS["plus/2"].position)
        assert not errors, errors


def test_a_task_whose_position_is_damaged_is_refused_as_it_starts(browser, base_url):
    """The page reads its lessons while idle, without their positions (so
    Learn opens at once), and checks a task's position as it starts: a
    damaged one is said on the status line, and the board keeps its game."""
    data = json.loads((DATA / "lessons.json").read_text(encoding="utf-8"))
    plus = next(lesson for lesson in data["lessons"] if lesson["id"] == "plus")
    plus["tasks"][1]["position"] = "6/6/6/6/6/6/6/6/6/6/6/S^5 b 000/000 -/- - 1"   # the game is over there
    damaged = json.dumps(data)
    routes = {"**/web/data/lessons.json": lambda route: route.fulfill(body=damaged, content_type="application/json")}
    with fresh_game(browser, base_url + "?learn", routes=routes) as (ui, errors):
        page = ui.page
        expect(page.locator("#learn-list .lesson")).to_have_count(len(LESSONS))
        page.click('button[data-task="plus/2"]')
        expect(page.locator("#status")).to_contain_text("task plus/2: the game is over")
        assert page.get_attribute("#training", "data-drill") in (None, "")
        page.click("#btn-learn")
        page.click('button[data-task="plus/1"]')   # the others play
        expect(page.locator("#training")).to_have_attribute("data-drill", "plus/1")
        ui.expect_position(TASKS["plus/1"].position)
        assert not errors, errors


def test_puzzles_that_do_not_load_are_said_on_the_status_line(browser, base_url):
    """The puzzles' file missing (offline before it was kept): the reason on
    the status line (it was written into the task box, hidden without a task)."""
    routes = {"**/web/data/puzzles.json": lambda route: route.fulfill(status=404, body="")}
    with fresh_game(browser, base_url, routes=routes) as (ui, errors):
        page = ui.page
        page.click("#ng-cancel")  # (a first visit opens New game)
        page.click("#btn-puzzles")
        expect(page.locator("#status")).to_contain_text("Could not load the lessons or puzzles")
        expect(page.locator("#training")).to_be_hidden()
        assert [e for e in errors if "404" not in e] == [], errors


def solve(ui, puzzle) -> None:
    """The puzzle's line: the solver's moves clicked, the replies waited for.
    First the puzzle on the board (its file comes after the page is ready)."""
    position = Position.from_string(puzzle.position)
    ui.expect_position(position.string())
    for i, token in enumerate(puzzle.line):
        position.play(token)
        if i % 2 == 0:
            ui.play(token)
        else:
            ui.expect_position(position.string())


def test_puzzles_solved_and_failed_move_the_rating_and_a_link_opens_one(browser, base_url, artifacts_dir):
    puzzle = PUZZLES[FIRST_SINGLE]
    with fresh_game(browser, base_url + f"?puzzle={FIRST_SINGLE}") as (ui, errors):
        page = ui.page
        box = page.locator("#training")
        expect(box).to_have_attribute("data-drill", FIRST_SINGLE)
        ui.expect_position(puzzle.position)
        assert rating(page) == 1500
        expect(page.locator("#tr-text")).to_contain_text("wins a tower" if puzzle.goal == "tower" else "wins the game")
        # The player's puzzle rating, and what its "?" means.
        expect(page.locator("#tr-rating")).to_have_text("Your puzzle rating: 1500? (The ? means provisional: "
                                                        "it settles after a few more puzzles.)")
        solve(ui, puzzle)  # the solver's moves by clicks, the replies by themselves
        expect(box).to_have_attribute("data-result", "solved")
        # The verdict says the new rating; the line under it no longer says it twice.
        expect(page.locator("#tr-feedback")).to_contain_text("Your puzzle rating: ")
        expect(page.locator("#tr-rating")).to_have_text("(The ? means provisional: it settles after a few more puzzles.)")
        # Numbered from 1, not from the move of the game it was cut from.
        expect(page.locator("#moves li").first.locator(".num")).to_have_text("1.")
        expect(page.locator("#tr-feedback")).to_contain_text("Right!")
        expect(page.locator("#status")).to_contain_text("Solved!")
        up = rating(page)
        assert up > 1500
        # The page played the replies: the computer's worker was never started.
        assert page.get_attribute("html", "data-ai") is None
        page.screenshot(path=str(artifacts_dir / "training-puzzle-solved.png"))

        # The next one, near the rating: a wrong move fails it and the rating goes down.
        assert page.url.endswith(f"?puzzle={FIRST_SINGLE}"), page.url
        page.click("#tr-next")
        expect(box).not_to_have_attribute("data-drill", FIRST_SINGLE)
        expect(box).to_have_attribute("data-result", "solving")
        drill = box.get_attribute("data-drill")
        nxt = PUZZLES[drill]
        start = Position.from_string(nxt.position)
        wrong = next(t for t in simple_tokens(start) if t != nxt.line[0]
                     and Position.from_string(nxt.position).play(t).outcome() is None)
        ui.play(wrong)
        expect(box).to_have_attribute("data-result", "failed")
        expect(page.locator("#tr-feedback")).to_contain_text("That is not the move")
        expect(page.locator("#status")).to_contain_text("Not this time")
        expect(page.locator("#tr-retry")).to_have_class(re.compile("primary"))
        assert rating(page) < up
        # The solution, played on the board from the start.
        page.click("#tr-solution")
        end = Position.from_string(nxt.position)
        for token in nxt.line:
            end.play(token)
        ui.expect_position(end.string())
        page.screenshot(path=str(artifacts_dir / "training-puzzle-solution.png"))
        # The rating is kept.
        goto_ready(page, base_url + "?learn")
        assert rating(page) < up
        expect(page.locator("#learn-rating")).to_contain_text(str(rating(page)))
        # The dashboard: the rating's history, themes, the failed puzzle to retry.
        page.click("#learn-dashboard summary")
        assert page.locator("#pz-history svg polyline").count() == 1
        expect(page.locator("#pz-themes tbody")).to_contain_text("Single board")
        expect(page.locator("#pz-retry button")).to_have_count(1)
        page.click(f"#pz-retry button[data-puzzle='{drill}']")
        expect(box).to_have_attribute("data-drill", drill)
        # A new puzzle solved with a hint is not rated (a hint earned the full gain before).
        helped = next(p for p in PUZZLES.values() if p.id not in (FIRST_SINGLE, drill) and p.board == "single")
        goto_ready(page, base_url + f"?puzzle={helped.id}")
        expect(box).to_have_attribute("data-result", "solving")
        before = rating(page)
        page.click("#tr-hint")
        solve(ui, helped)
        expect(box).to_have_attribute("data-result", "solved")
        expect(page.locator("#tr-feedback")).to_contain_text("Not rated: a hint or the solution helped")
        assert rating(page) == before
        # Stored progress with impossible numbers (a rating of 10**400 and of
        # -10**9 in the history, a volatility of 1e-300) is read within a
        # rating's bounds: the dashboard draws and the next puzzle is judged
        # (an OverflowError, a frozen page and a puzzle never judged before).
        forged = ('{"glicko": [1500, 80, 1e-300], "puzzles": {"s0": true}, "history": [["s0", true, 1'
                  + "0" * 400 + '], ["s0", false, -1000000000]]}')
        page.evaluate("text => localStorage.setItem('militakiri.training', text)", forged)
        goto_ready(page, base_url + "?learn")
        page.click("#learn-dashboard summary")
        expect(page.locator("#pz-retry")).to_be_visible()
        goto_ready(page, base_url + f"?puzzle={FIRST_SINGLE}")
        solve(ui, puzzle)
        expect(box).to_have_attribute("data-result", "solved")
        expect(page.locator("#tr-feedback")).to_contain_text("Right!")
        assert rating(page) > 1500
        assert not errors, errors


def test_in_dutch_and_a_forged_puzzle_link_opens_another_puzzle(browser, base_url, artifacts_dir):
    forged = "zz%3Cscript%3E" + "9" * 300
    with fresh_game(browser, base_url + f"?lang=nl&puzzle={forged}", viewport={"width": 390, "height": 844},
                    is_mobile=True, has_touch=True) as (ui, errors):
        page = ui.page
        box = page.locator("#training")
        expect(box).to_have_attribute("data-result", "solving")
        assert box.get_attribute("data-drill") in PUZZLES
        expect(page.locator("#tr-feedback")).to_contain_text("Er is geen puzzel")
        assert len(page.locator("#tr-feedback").inner_text()) < 200
        expect(page.locator("#tr-title")).to_contain_text("Puzzel")
        expect(page.locator("#tr-hint")).to_have_text("Tip")
        page.click("#tr-hint")
        expect(page.locator("#tr-feedback")).to_contain_text("Kijk naar het stuk op")
        page.screenshot(path=str(artifacts_dir / "training-puzzle-nl-phone.png"))
        # On a phone the task, its answer and its buttons show with the board, without scrolling.
        assert within_view(page, "board") and within_view(page, "training"), page.evaluate(BOXES)
        # The lessons in Dutch, from the top bar.
        page.click("#btn-learn")
        expect(page.locator("#learn-title")).to_have_text("Leer spelen")
        expect(page.locator("#learn-list")).to_contain_text(LESSONS[0].text("title", "nl"))
        page.screenshot(path=str(artifacts_dir / "training-learn-nl-phone.png"))
        # A double-board puzzle on the phone: the board turned to fit, every field reachable.
        goto_ready(page, base_url + f"?lang=nl&puzzle={FIRST_DOUBLE}")
        expect(box).to_have_attribute("data-drill", FIRST_DOUBLE)
        assert within_view(page, "board") and within_view(page, "training"), page.evaluate(BOXES)
        page.screenshot(path=str(artifacts_dir / "training-double-puzzle-nl-phone.png"))
        # A task no lesson has (an object's own name too): said in Dutch over the lessons.
        goto_ready(page, base_url + "?lang=nl&learn=__proto__")
        expect(page.locator("#learn-list p.error")).to_have_text(
            "Er is geen opdracht '__proto__' in Leer spelen: hier zijn de lessen.")
        page.click("#learn-close")
        # A lesson with a long text (its address, as a reload or a link opens it): still all in view.
        goto_ready(page, base_url + "?lang=nl&learn=promotion/1")
        expect(box).to_have_attribute("data-drill", "promotion/1")
        expect(page.locator("#tr-text")).to_contain_text(TASKS["promotion/1"].text("prompt", "nl"))
        assert within_view(page, "board") and within_view(page, "training"), page.evaluate(BOXES)
        page.screenshot(path=str(artifacts_dir / "training-lesson-nl-phone.png"))
        assert not errors, errors


def test_learn_to_play_from_the_first_visit_s_new_game_dialog_before_python(page, base_url, console_log):
    errors = errors_of(page)
    page.goto(base_url)
    # The dialog works at first paint; "Learn to play" is handed to Python.
    expect(page.locator("#dlg-new")).to_be_visible()
    page.click("#ng-learn")
    expect(page.locator("#dlg-new")).to_be_hidden()
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
    expect(page.locator("#dlg-learn")).to_be_visible()
    expect(page.locator("#dlg-new")).to_be_hidden()
    # Leaving the lessons gives back a game of the player's own, never a
    # lesson's: with no game yet, New game asks which (a lone learner was
    # left in a set-up for two people).
    page.click('button[data-task="goal/1"]')
    expect(page.locator("#training")).to_have_attribute("data-drill", "goal/1")
    assert page.url.endswith("?learn=goal/1"), page.url
    page.click("#tr-exit")
    expect(page.locator("#training")).to_be_hidden()
    assert "learn" not in page.url, page.url
    expect(page.locator("#dlg-new")).to_be_visible()
    assert not errors, errors


def test_the_set_up_lesson_refuses_a_field_with_its_rule_and_is_solved_by_a_set_up(browser, base_url):
    task = next(t for t in TASKS.values() if t.is_setup and t.setup_board == "single")
    with fresh_game(browser, base_url + "?learn") as (ui, errors):
        page = ui.page
        page.click(f'button[data-task="{task.id}"]')
        box = page.locator("#training")
        expect(box).to_have_attribute("data-drill", task.id)
        expect(page.locator("#board")).to_have_attribute("data-status", "setup")
        ui.click("c5")  # outside the set-up zone: the engine's refusal, naming its rule
        expect(page.locator("#status .rule-ref")).to_have_text(re.compile(r"^R\d+"))  # refused by a rule
        page.click("#btn-random")
        page.click("#btn-done")
        expect(box).to_have_attribute("data-result", "solved")
        expect(page.locator("#tr-feedback")).to_contain_text(task.text("success", "en"))
        assert not errors, errors


def test_double_board_puzzles_from_the_learn_dialog(browser, base_url):
    with fresh_game(browser, base_url + "?learn") as (ui, errors):
        page = ui.page
        page.click("#learn-puzzles-double")
        box = page.locator("#training")
        expect(box).to_have_attribute("data-result", "solving")
        assert PUZZLES[box.get_attribute("data-drill")].board == "double"
        ui.expect_position(PUZZLES[box.get_attribute("data-drill")].position)
        assert not errors, errors


def test_progress_that_cannot_be_read_is_kept_aside_said_and_never_written_over(browser, base_url):
    """A bug fixed: stored progress the page could not read (here nested 5,000
    deep) was replaced by the next star, without a word."""
    task = TASKS["plus/1"]
    (token,) = task.solution
    _, origin, target, _ = parse_token(token)
    deep = "[" * 5000 + "]" * 5000
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    try:
        # Written before the page's own scripts run (this test navigates once).
        context.add_init_script(f"localStorage.setItem('militakiri.training', {deep!r})")
        page = context.new_page()
        errors = errors_of(page)
        goto_ready(page, base_url + "?learn=plus/1")
        ui = GamePage(page)
        expect(page.locator("#notice")).to_contain_text("could not be read")
        assert page.evaluate("localStorage.getItem('militakiri.training.unreadable')") == deep
        ui.click(origin)
        ui.click(target)
        expect(page.locator("#training")).to_have_attribute("data-result", "solved")
        page.wait_for_function("() => (localStorage.getItem('militakiri.training') || '').includes('plus/1')")
        assert page.evaluate("localStorage.getItem('militakiri.training.unreadable')") == deep
        assert not errors, errors
    finally:
        context.close()


def test_leaving_a_lesson_gives_back_the_game_the_tab_was_playing(browser, base_url):
    """The lessons interrupt a game; leaving them reopens the tab's saved game
    (Session.reopen_saved), and nothing else of the address is read again."""
    from urllib.parse import quote

    start = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/P1X1P1X^P1X1/S1S1S^S1S1S1"
             " w 122/122 -/- - 1")
    with fresh_game(browser, f"{base_url}?position={quote(start)}") as (ui, errors):
        page = ui.page
        ui.play("c3-d4")
        after = ui.position()
        page.wait_for_function("() => localStorage.getItem("  # the tab's save, written after the move
                               "'militakiri.saved-game.' + sessionStorage.getItem('militakiri.tab-slot'))")
        goto_ready(page, base_url + "?learn")
        page.click('button[data-task="goal/1"]')
        expect(page.locator("#training")).to_have_attribute("data-drill", "goal/1")
        page.click("#tr-exit")
        expect(page.locator("#training")).to_be_hidden()
        ui.expect_position(after)
        assert "learn" not in page.url, page.url
        assert not errors, errors


def test_a_failed_puzzle_whose_solution_ends_the_game_stays_said_as_failed(browser, base_url):
    """From a new player's trial: after Solution, a failed puzzle showed a green
    status box (the game's end) with the red "Not this time". And after a
    puzzle where Blue moves, New game offered the puzzle's own "Against the
    computer, you play Blue", and a game between two people began upside down."""
    puzzle = next(p for p in PUZZLES.values()  # the game is won in one move, by Blue
                  if p.board == "single" and p.goal == "win" and len(p.line) == 1 and p.solver == 1)
    position = Position.from_string(puzzle.position)
    wrong = next(t for t in position.legal_moves()
                 if t != puzzle.line[0] and "@" not in t and "=" not in t
                 and not Position.from_string(puzzle.position).play(t).is_over())
    with fresh_game(browser, base_url + f"?puzzle={puzzle.id}") as (ui, errors):
        page = ui.page
        ui.expect_position(puzzle.position)  # (the puzzles file comes after ready)
        ui.play(wrong)
        expect(page.locator("#training")).to_have_attribute("data-result", "failed")
        page.click("#tr-solution")
        ui.expect_status("over")  # the solution played: the game is over
        status = page.locator("#status")
        # Still failed, and no longer "see the solution" while it is shown.
        expect(status).to_have_text("Not this time: here is the solution. Try again when you like.")
        assert status.get_attribute("class").split() == ["warn"]
        assert ui.point("a1")[1] < ui.point("a12")[1]  # Blue, the solver, at the bottom
        page.click("#btn-new")
        expect(page.locator("#ng-human")).to_be_checked()  # (a first visit's: two people)
        ui.new_game()
        assert ui.point("a1")[1] > ui.point("a12")[1]  # Red at the bottom again
        assert not errors, errors


def _settled_width(page) -> float:
    """The board's width once the page has fitted it (the same in two frames running)."""
    return page.evaluate("""async () => {
        const width = () => document.getElementById('board').getBoundingClientRect().width;
        const frame = () => new Promise(r => requestAnimationFrame(r));
        let last = -1;
        for (;;) { await frame(); const now = width(); if (now === last) return now; last = now; }
    }""")


def _choose_task(page, task: str) -> None:
    """Another task, as a player picks it: the task's list, then its button."""
    page.click("#tr-list")
    page.click(f'#learn-list button[data-task="{task}"]')


def test_the_board_keeps_its_size_from_task_to_task_and_the_words_scroll(browser, base_url, artifacts_dir):
    """From a new player's trial: under the board (a phone, held either way) the
    task box has one height, so the board does not change size with the
    amount of text (it went 312 -> 192 px); the words scroll. Beside the
    board (a wide screen) the board never depended on it. The tasks: the
    shortest task under a lesson's intro, the longest task, and the set-up
    lesson (a long intro, and the set-up's buttons under the box)."""
    tasks = ("goal/1", "waiting/2", "setup/1")
    for width, height in ((390, 844), (844, 390), (1366, 768)):
        phone = width < 900
        context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone,
                                      service_workers="block")
        page = context.new_page()
        sizes = {}
        goto_ready(page, f"{base_url}?learn={tasks[0]}")
        for task in tasks:
            if task != tasks[0]:
                _choose_task(page, task)
            expect(page.locator("#training")).to_have_attribute("data-drill", task)
            sizes[task] = _settled_width(page)
        assert len(set(sizes.values())) == 1, (width, height, sizes)
        if phone:  # the set-up lesson's long intro scrolls in its box (the last task opened)
            words = page.evaluate("(() => { const w = document.querySelector('#training .tr-words');"
                                  " return [w.scrollHeight, w.clientHeight]; })()")
            assert words[0] > words[1], words
            page.screenshot(path=str(artifacts_dir / f"lesson-box-{width}x{height}.png"))
            # A refused field: a longer status, the same board.
            GamePage(page).finger("a12")  # Blue's set-up zone (R4)
            expect(page.locator("#status .rule-ref")).to_be_visible()
            assert page.evaluate("document.getElementById('board').getBoundingClientRect().width") == sizes["setup/1"]
            # The answer is scrolled into view (a trial found "Solved" below the box's edge).
            _choose_task(page, "goal/1")
            expect(page.locator("#training")).to_have_attribute("data-drill", "goal/1")
            GamePage(page).play(TASKS["goal/1"].solution[0], "tap")
            expect(page.locator("#training")).to_have_attribute("data-result", "solved")
            page.wait_for_function("""() => { const w = document.querySelector('#training .tr-words')
                .getBoundingClientRect(), f = document.getElementById('tr-feedback').getBoundingClientRect();
                return f.top >= w.top - 1 && f.top + 10 <= w.bottom; }""", timeout=5000)  # (in the next frame)
        context.close()
