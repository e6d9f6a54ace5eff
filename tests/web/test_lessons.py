"""The Learn section's lessons (web/data/lessons.json, web/model/lessons.py),
checked through the engine: the file reads, its texts are complete in both
languages and cite real rulings, every task is on the official 12-rank board
(R1) and the squares its words name hold what the words say, every position
is one a game reaches with the solver to move, every solution is legal and
reaches its goal only at its end, the opponent's replies are always legal, a
wrong first move is refused with a rule, and the lessons together teach
every rule a player meets."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from militakiri import Move, Position, Setup, SetupDraft
from militakiri.board import BOARD_KINDS, ROWS
from militakiri.pieces import BLACK, SHAPE_NAMES
from militakiri.reachable import unreachable

from web.model.lessons import (
    LANGUAGES,
    LESSON_TEXTS,
    MAX_TASKS,
    TASK_TEXTS,
    LessonError,
    find_task,
    read_lessons,
    reply_token,
    setup_verdict,
    stars,
    verdict,
)

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "web" / "data" / "lessons.json"
TEXT = SHIPPED.read_text(encoding="utf-8")
LESSONS = read_lessons(TEXT)
TASKS = [task for lesson in LESSONS for task in lesson.tasks]
BOARD_TASKS = [task for task in TASKS if not task.is_setup]
FIRST_TASKS = [lesson.tasks[0] for lesson in LESSONS]
#: The rulings every player meets, each taught somewhere (R3-R5, R7-R21).
TAUGHT = {f"R{n}" for n in (3, 4, 5, *range(7, 22))}
CITED = re.compile(r"\((R\d+(?:, R\d+)*)\)")
RULE = re.compile(r"\(R\d+\)")
SQUARE = re.compile(r"\b[a-l]\d{1,2}\b")
#: "your star tower on a1", "the black tower on d4", "your rank 2 stands on c4":
#: whose piece the words put on a square, and the words that say what it is.
PLACED = re.compile(r"\b(your|blue)\b((?: [a-z0-9]+){0,3}?) (?:stands )?on ([a-l]\d{1,2})\b", re.IGNORECASE)


def ruling_ids() -> set[str]:
    """The rulings' ids: RULINGS.md's headings where the rules folder is
    shared here, else those the project's rules page cites."""
    rulings = Path("/work/shared/rules/RULINGS.md")
    if rulings.is_file():
        return set(re.findall(r"\*\*(R\d+)\b", rulings.read_text(encoding="utf-8")))
    return set(re.findall(r'class="rule">(R\d+)<', (ROOT / "rules" / "en.html").read_text(encoding="utf-8")))


RULINGS = ruling_ids()


def cited(words: str) -> set[str]:
    return {rule for group in CITED.findall(words) for rule in group.split(", ")}


def ids(tasks) -> list[str]:
    return [task.id for task in tasks]


# The file -------------------------------------------------------------------------------


def test_the_shipped_file_has_enough_lessons_with_unique_ids():
    assert len(LESSONS) >= 15
    assert all(1 <= len(lesson.tasks) <= MAX_TASKS for lesson in LESSONS)
    assert len({lesson.id for lesson in LESSONS}) == len(LESSONS)
    assert len(set(ids(TASKS))) == len(TASKS)
    for lesson in LESSONS:
        assert ids(lesson.tasks) == [f"{lesson.id}/{n}" for n in range(1, len(lesson.tasks) + 1)]
        for task in lesson.tasks:
            assert find_task(LESSONS, task.id) is task
    assert find_task(LESSONS, "nothing/1") is None


def test_every_text_is_there_in_english_and_dutch():
    assert LANGUAGES == ("en", "nl")
    for lesson in LESSONS:
        for name in LESSON_TEXTS:
            words = [lesson.text(name, language) for language in LANGUAGES]
            assert all(w.strip() for w in words), (lesson.id, name)
        assert lesson.text("intro", "en") != lesson.text("intro", "nl"), lesson.id
    for task in TASKS:
        for name in TASK_TEXTS:
            words = [task.text(name, language) for language in LANGUAGES]
            assert all(w.strip() for w in words), (task.id, name)
            assert words[0] != words[1], (task.id, name)
        assert task.text("prompt", "fr") == task.text("prompt", "en")   # an unknown language: English


def test_the_dutch_texts_use_the_manual_s_words():
    dutch = " ".join(lesson.text("intro", "nl") for lesson in LESSONS).lower()
    for word in ("pion", "rang", "toren", "reservetoren", "opstelzone", "eindspelregel", "zettenregel",
                 "enkel bord", "dubbel bord", "gelijkspel"):
        assert word in dutch, word
    english = re.compile(r"\b(the|take|takes|tower|pawn|move|your)\b")
    for task in TASKS:
        for name in TASK_TEXTS:
            assert not english.search(task.text(name, "nl")), (task.id, name)


def test_every_success_line_cites_an_existing_ruling_in_both_languages():
    assert {"R1", "R19", "R25"} <= RULINGS
    for task in TASKS:
        rules = cited(task.texts["success"]["en"])
        assert rules and rules <= RULINGS, task.id
        assert cited(task.texts["success"]["nl"]) == rules, task.id


def test_the_lessons_teach_every_rule_a_player_meets():
    taught = set()
    for lesson in LESSONS:
        taught |= cited(lesson.texts["intro"]["en"])
        for task in lesson.tasks:
            taught |= cited(task.texts["success"]["en"])
    assert TAUGHT <= taught, sorted(TAUGHT - taught)
    assert taught <= RULINGS


# Positions and solutions --------------------------------------------------------------


def test_every_task_is_on_the_official_12_rank_board_R1():
    """The lessons teach the board a new game is played on, never the
    earlier 8-rank one (its positions are still read, on that board)."""
    for task in BOARD_TASKS:
        kind = task.start().kind
        assert not kind.earlier and kind.rows == ROWS == 12, task.id
        assert kind is BOARD_KINDS[kind.name], task.id
    for task in TASKS:
        if task.is_setup:
            assert not BOARD_KINDS[task.setup_board].earlier, task.id


def _end(task) -> Position:
    now = task.start()
    for token in task.solution:
        now.play(token)
    return now


@pytest.mark.parametrize("task", BOARD_TASKS, ids=ids(BOARD_TASKS))
def test_the_squares_a_task_s_words_name_hold_what_the_words_say(task):
    """A task's words name squares of its own board, the same in both
    languages, each holding a piece at the start or reached by the solution;
    and a piece the English puts on a square ("your star tower on a1", "the
    blue tower on d4") is there, of that side, shape and kind: at the start
    in the prompt and the hint, after the solution in the success line. So
    a position moved without its words, or words left naming the old
    squares, fail here."""
    start = task.start()
    kind = start.kind
    solution_squares = set(SQUARE.findall(" ".join(task.solution)))
    if task.goal.square is not None:
        solution_squares.add(task.goal.square)
    for name in TASK_TEXTS:
        named = {language: set(SQUARE.findall(task.texts[name][language])) for language in LANGUAGES}
        assert named["en"] == named["nl"], (task.id, name, named)
        for square in named["en"]:
            kind.square(square)  # a square of the task's board, or InvalidSquareError
            assert start.board[kind.square(square)] is not None or square in solution_squares, (task.id, square)
        board = (_end(task) if name == "success" else start).board
        for owner, words, square in PLACED.findall(task.texts[name]["en"]):
            piece = board[kind.square(square)]
            words = words.lower().split()
            assert piece is not None, (task.id, name, square)
            assert piece.color == (task.solver if owner.lower() == "your" else BLACK), (task.id, name, square)
            for shape in SHAPE_NAMES:
                if shape in words:
                    assert SHAPE_NAMES[piece.shape] == shape, (task.id, name, square)
            if "tower" in words:
                assert piece.is_tower, (task.id, name, square)
            if "pawn" in words:
                assert not piece.is_tower and piece.height == 1, (task.id, name, square)
            if "rank" in words:
                height = words[words.index("rank") + 1:]
                assert not piece.is_tower and [str(piece.height)] == height[:1], (task.id, name, square)


def test_the_word_check_catches_words_left_on_the_earlier_board():
    """The check above fails for the blockade task's words as they were on
    the 8-rank board (the blue tower on a8), though a8 is a square here."""
    task = find_task(LESSONS, "blockade/1")
    start = task.start()
    assert start.board[start.kind.square("a12")] is not None
    old = task.texts["hint"]["en"].replace("a12", "a8").replace("b11", "b7")
    assert old == "The blue tower on a8 can only move to b7."
    (owner, _, square), = PLACED.findall(old)
    assert square == "a8" and start.board[start.kind.square(square)] is None


@pytest.mark.parametrize("task", BOARD_TASKS, ids=ids(BOARD_TASKS))
def test_every_position_is_one_a_game_reaches_with_the_solver_to_move(task):
    start = task.start()
    assert unreachable(start) is None
    assert start.outcome() is None
    assert task.solver == start.turn
    # A lone tower means the endgame rule is on (R16): a game starts it at once.
    for color in (0, 1):
        assert not start.is_lone_tower(color) or start.endgame, color
    assert Position.from_string(task.position).string() == task.position


@pytest.mark.parametrize("task", BOARD_TASKS, ids=ids(BOARD_TASKS))
def test_every_solution_is_legal_and_reaches_its_goal_only_at_its_end(task):
    start = task.start()
    now = start.copy()
    solver_moves = 0
    for token in task.solution:
        assert verdict(task, start, now, solver_moves).status == "open", token
        assert token in now.legal_moves(), token
        if now.turn == task.solver:
            solver_moves += 1
        now.play(token)
    assert verdict(task, start, now, solver_moves).reached
    if task.goal.moves is not None:
        assert solver_moves <= task.goal.moves


@pytest.mark.parametrize("task", BOARD_TASKS, ids=ids(BOARD_TASKS))
def test_following_the_solution_the_opponent_replies_with_it(task):
    now = task.start()
    for index, token in enumerate(task.solution):
        if now.turn != task.solver:
            assert reply_token(task, now, list(task.solution[:index])) == token
        now.play(token)


@pytest.mark.parametrize("task", BOARD_TASKS, ids=ids(BOARD_TASKS))
def test_off_the_solution_every_reply_is_legal(task):
    start = task.start()
    for first in start.legal_moves():
        if first == task.solution[0]:
            continue
        now = start.copy().play(first)
        reply = reply_token(task, now, [first])
        if now.outcome() is not None:
            assert reply is None
        else:
            assert reply in now.legal_moves()
            takes = [token for token in now.legal_moves() if "x" in token]
            assert ("x" in reply) == bool(takes), (first, reply)


def test_a_reply_when_the_solver_is_to_move_is_an_error():
    task = BOARD_TASKS[0]
    with pytest.raises(ValueError):
        reply_token(task, task.start(), [])


@pytest.mark.parametrize("task", [t for t in FIRST_TASKS if not t.is_setup],
                         ids=ids(t for t in FIRST_TASKS if not t.is_setup))
def test_a_wrong_first_move_is_refused_with_a_rule_R24(task):
    """Some wrong move of the solver's pieces (the solution's piece first) is
    refused with the rule it breaks, in both languages."""
    start = task.start()
    move = Move.from_token(task.solution[0], start.kind)
    origins = [move.origin] + [square for square, _ in start.pieces(task.solver) if square != move.origin]
    named = []
    for origin in origins:
        refusals = [start.refusal(origin, target, move.placements) for target in start.kind.squares
                    if target != origin]
        named = [reason for reason in refusals if reason is not None and RULE.search(reason)]
        if named:
            break
    assert named, task.id
    assert all(RULE.search(reason.say("nl")) for reason in named)


def test_the_blockade_lesson_s_tempting_move_is_refused_by_R18():
    task = find_task(LESSONS, "blockade/1")
    start = task.start()
    square = start.kind.square
    reason = start.refusal(square("c1"), square("c11"))  # the tower takes across the board: a blockade
    assert reason is not None and "(R18)" in reason and "(R18)" in reason.say("nl")


# Set-up tasks ----------------------------------------------------------------------------


SETUP_TASKS = [task for task in TASKS if task.is_setup]


def test_there_are_set_up_tasks_for_both_boards_R3_R4_R5():
    assert {task.setup_board for task in SETUP_TASKS} == {"single", "double"}


@pytest.mark.parametrize("task", SETUP_TASKS, ids=ids(SETUP_TASKS))
def test_a_set_up_task_s_sample_is_placed_tower_by_tower_through_the_engine(task):
    kind = BOARD_KINDS[task.setup_board]
    sample = Setup.parse(task.solution[0], kind)
    draft = SetupDraft(kind, 0)
    squares = SetupDraft.from_setup(sample, 0).tower_squares()
    assert len(squares) == 3 * kind.files // 6
    for square in squares:
        assert setup_verdict(task, draft).status == "open"
        assert draft.problem(square) is None, square
        draft.place(square)
    assert setup_verdict(task, draft).reached
    assert draft.setup() == sample
    with pytest.raises(ValueError):
        task.start()


def test_a_wrong_set_up_field_is_refused_with_a_rule():
    draft = SetupDraft(BOARD_KINDS["double"], 0)
    draft.place("b1")
    for square, rule in (("c4", "(R4)"), ("c1", "(R5)")):
        reason = draft.problem(square)
        assert reason is not None and rule in reason and rule in reason.say("nl")


# Stars -------------------------------------------------------------------------------------


@pytest.mark.parametrize("solved, mistakes, hints, expected", [
    (True, 0, 0, 3), (True, 1, 0, 2), (True, 0, 1, 2), (True, 1, 1, 1), (True, 4, 0, 1), (False, 0, 0, 0),
])
def test_stars(solved, mistakes, hints, expected):
    assert stars(solved, mistakes, hints) == expected


# Malformed files --------------------------------------------------------------------------


def _broken(change) -> str:
    data = json.loads(TEXT)
    change(data)
    return json.dumps(data)


def _first(data):
    return data["lessons"][0]["tasks"][0]


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(version=2), '"version": 1'),
    (lambda d: d.update(lessons=[]), "non-empty list"),
    (lambda d: d.update(extra=1), "unknown field 'extra'"),
    (lambda d: d["lessons"][1].update(id=d["lessons"][0]["id"]), "used twice"),
    (lambda d: d["lessons"][0].update(id="Goal 1"), "lower-case letters"),
    (lambda d: d["lessons"][0]["title"].pop("nl"), "'title' needs a non-empty text"),
    (lambda d: d["lessons"][0].update(tasks=[]), "1 to 5 tasks"),
    (lambda d: d["lessons"][0].update(tasks=d["lessons"][0]["tasks"] * 3), "1 to 5 tasks"),
    (lambda d: _first(d)["hint"].update(en=" "), "'hint' needs a non-empty text"),
    (lambda d: _first(d).pop("success"), "'success' is missing"),
    (lambda d: _first(d).update(color="white"), "unknown field 'color'"),
    (lambda d: _first(d).update(goal={"kind": "mate"}), "goal kind 'mate'"),
    (lambda d: _first(d).update(position="6/6 w"), "task goal/1:"),
    (lambda d: _first(d).update(position="s^5/6/6/6/6/6/6/6/6/6/X45/S^5 w 122/122 -/- - 1"), "no game can reach"),
    (lambda d: _first(d).update(position="6/6/6/6/6/6/6/6/6/6/6/S^5 b 000/000 -/- - 1"), "the game is over"),
    (lambda d: _first(d).update(goal={"kind": "reach", "square": "k5"}), "goal square"),
    (lambda d: _first(d).update(solution=[]), "'solution' is a non-empty list"),
    (lambda d: _first(d).update(replies="random"), "'replies' is one of line"),
    (lambda d: _first(d).update(setup={"board": "single"}), "either a 'position' or a 'setup'"),
    (lambda d: _first(d).update(goal={"kind": "setup"}), "a setup goal needs a 'setup'"),
    (lambda d: d["lessons"][1]["tasks"][0].update(goal={"kind": "win"}), "the goal {\"kind\": \"setup\"}"),
    (lambda d: d["lessons"][1]["tasks"][0].update(setup={"board": "triple"}), "'setup' is"),
    (lambda d: d["lessons"][1]["tasks"][0].update(solution=["Sc Xd"]), "task setup/1:"),
])
def test_a_malformed_file_is_refused_saying_where(change, words):
    assert LESSONS[1].tasks[0].is_setup   # the changes above rely on the file's order
    with pytest.raises(LessonError) as info:
        read_lessons(_broken(change))
    assert words in str(info.value)


@pytest.mark.parametrize("position, words", [
    ("6/6 w", "task goal/1:"),
    ("s^5/6/6/6/6/6/6/6/6/6/X45/S^5 w 122/122 -/- - 1", "no game can reach"),
    ("6/6/6/6/6/6/6/6/6/6/6/S^5 b 000/000 -/- - 1", "the game is over"),
])
def test_the_page_s_read_leaves_a_position_to_the_task_s_start(position, words):
    """The page reads its lessons without their positions (Learn opens
    sooner) and checks a task's as it starts: the same refusal."""
    text = _broken(lambda d: _first(d).update(position=position))
    lessons = read_lessons(text, check_positions=False)
    task = lessons[0].tasks[0]
    with pytest.raises(LessonError) as info:
        task.check()
    assert words in str(info.value) and str(info.value).startswith("task goal/1")
    for lesson in read_lessons(TEXT, check_positions=False):  # the shipped tasks all pass
        for task in lesson.tasks:
            task.check()
    assert read_lessons(TEXT, check_positions=False) == LESSONS


@pytest.mark.parametrize("text", ["", "[", "[]", "null", '{"version": 1}', "[" * 100_000])
def test_text_that_is_no_lessons_file_is_refused(text):
    with pytest.raises(LessonError):
        read_lessons(text)


def test_the_reader_keeps_the_file_s_values():
    data = json.loads(TEXT)
    first = data["lessons"][0]
    lesson = LESSONS[0]
    assert lesson.id == first["id"] and lesson.text("title", "nl") == first["title"]["nl"]
    task = lesson.tasks[0]
    assert task.goal.to_json() == first["tasks"][0]["goal"]
    assert list(task.solution) == first["tasks"][0]["solution"]
    assert copy.deepcopy(task) == task
