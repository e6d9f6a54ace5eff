"""The goals of the Learn section's tasks (militakiri/goals.py): read from
JSON and refused when malformed, and judged through the engine: reached,
open, or failed with a reason said in English and Dutch."""

from __future__ import annotations

import doctest

import pytest

from militakiri import Position, SetupDraft, SINGLE
from militakiri import goals
from militakiri.ai import puzzles
from militakiri.errors import InvalidGoalError, MilitakiriError
from militakiri.goals import KINDS, OPEN, REACHED, REASONS, Goal, Verdict, judge, judge_setup, tower_balance

# White: star tower a1, star pawn b4; Black: star tower f12, star pawn c5.
BASIC = "5s^/6/6/6/6/6/6/2s13/1S14/6/6/S^5 w 000/000 -/- - 1"


# Reading -------------------------------------------------------------------------------


@pytest.mark.parametrize("data", [
    {"kind": "win"},
    {"kind": "win", "moves": 3},
    {"kind": "tower", "moves": 1},
    {"kind": "take", "what": "pawns"},
    {"kind": "take", "what": "all", "count": 2, "moves": 2},
    {"kind": "reach", "square": "d5"},
    {"kind": "reach", "square": "l12", "rank": 2, "moves": 4},
    {"kind": "reach", "square": "a10"},
    {"kind": "promote"},
    {"kind": "stack", "rank": 3},
    {"kind": "play", "tokens": ["@a2,a2-a4"]},
    {"kind": "endgame", "moves": 1},
    {"kind": "draw", "moves": 1},
    {"kind": "setup"},
])
def test_a_goal_reads_and_writes_back_the_same(data):
    goal = Goal.from_json(data)
    assert goal.kind == data["kind"] and goal.to_json() == data
    assert Goal.from_json(goal.to_json()) == goal


def test_every_kind_is_read():
    assert set(KINDS) == {"win", "tower", "take", "reach", "promote", "stack", "play", "endgame", "draw",
                          "setup"}


@pytest.mark.parametrize("data, words", [
    ([], "a goal is a JSON object"),
    ({}, "goal kind None is not one of"),
    ({"kind": "checkmate"}, "goal kind 'checkmate'"),
    ({"kind": "win", "square": "d5"}, "a win goal has no field 'square'"),
    ({"kind": "setup", "moves": 1}, "a setup goal has no field 'moves'"),
    ({"kind": "take"}, "a take goal needs 'what'"),
    ({"kind": "take", "what": "kings"}, "'what' of a take goal is one of 'pawns', 'towers', 'all'"),
    ({"kind": "take", "what": "all", "count": 0}, "'count' is a whole number from 1"),
    ({"kind": "reach"}, "a reach goal needs 'square'"),
    ({"kind": "reach", "square": "z9"}, "'square' is a field such as 'd5'"),
    ({"kind": "reach", "square": "d13"}, "'square' is a field such as 'd5'"),   # ranks 1-12 (R2)
    ({"kind": "reach", "square": "d0"}, "'square' is a field such as 'd5'"),
    ({"kind": "reach", "square": "d012"}, "'square' is a field such as 'd5'"),
    ({"kind": "reach", "square": "d5", "rank": 5}, "'rank' is a whole number from 1 to 4"),
    ({"kind": "stack", "rank": 1}, "'rank' is a whole number from 2 to 4"),
    ({"kind": "stack", "rank": True}, "'rank' is a whole number"),
    ({"kind": "win", "moves": 0}, "'moves' is a whole number from 1 to 20"),
    ({"kind": "win", "moves": "2"}, "'moves' is a whole number"),
    ({"kind": "play", "tokens": []}, "non-empty list of move tokens"),
    ({"kind": "play", "tokens": ["a1-a2", 3]}, "non-empty list of move tokens"),
    ({"kind": "play", "tokens": ["a1-a2"], "moves": 2}, "a play goal is one move"),
    # A required field given as null (found by the type checker: judged, it crashed).
    ({"kind": "take", "what": None}, "a take goal needs 'what'"),
    ({"kind": "reach", "square": None}, "a reach goal needs 'square'"),
    ({"kind": "stack", "rank": None}, "a stack goal needs 'rank'"),
])
def test_a_malformed_goal_is_refused_saying_why(data, words):
    with pytest.raises(InvalidGoalError) as info:
        Goal.from_json(data)
    assert words in str(info.value)
    assert isinstance(info.value, MilitakiriError) and isinstance(info.value, ValueError)


def test_a_square_off_the_board_is_refused_on_that_board():
    goal = Goal.from_json({"kind": "reach", "square": "h5"})   # on the double board only
    with pytest.raises(InvalidGoalError, match="goal square"):
        goal.check_board(Position.from_string(BASIC))
    Goal.from_json({"kind": "reach", "square": "f12"}).check_board(Position.from_string(BASIC))
    # A task on the earlier 8-rank board (on purpose 8-rank data) has no rank 12.
    earlier = Position.from_string("5s^/6/6/2s13/1S14/6/6/S^5 w 000/000 -/- - 1")
    with pytest.raises(InvalidGoalError, match="goal square"):
        Goal.from_json({"kind": "reach", "square": "f12"}).check_board(earlier)


# Judging --------------------------------------------------------------------------------


def test_win_within_its_moves_R19():
    start = Position.from_string("5s^/6/6/6/6/6/6/2s13/6/6/6/S^4S1 w 000/000 -/- - 1")
    goal = Goal("win", moves=2)
    now = start.copy().play("a1-a12")
    assert judge(goal, start, now, 0, 1) == OPEN
    now.play("c5-c4")
    assert judge(goal, start, now, 0, 1) == OPEN
    assert judge(goal, start, now.copy().play("a12xf12"), 0, 2) == REACHED
    assert judge(goal, start, now.copy().play("a12-a11"), 0, 2) == Verdict("failed", "out_of_moves", 2)
    assert judge(Goal("win", moves=1), start, start.copy().play("a1-a12"), 0, 1).message() == \
        "that move is legal, but it does not do the task: look at the position again"
    assert Verdict("failed", "out_of_moves", 2).message().say("nl") == "de opdracht is niet gelukt binnen 2 zetten van jou"


def test_win_by_taking_the_last_tower():
    start = Position.from_string("s^5/6/6/6/6/6/6/2s13/6/6/1S14/S^5 w 000/000 -/- - 1")
    assert judge(Goal("win", moves=1), start, start.copy().play("a1xa12"), 0, 1) == REACHED


def test_losing_fails_the_task():
    start = Position.from_string("s^5/6/6/6/6/6/6/6/6/6/1s14/S^4S1 w 000/000 -/- - 1")
    now = start.copy().play("a1-a2").play("a12xa2")
    verdict = judge(Goal("take", what="pawns"), start, now, 0, 1)
    assert verdict == Verdict("failed", "lost")
    assert verdict.message() == "the game is lost: the task failed (R19, R20)"


def test_take_every_pawn_or_a_count():
    start = Position.from_string(BASIC)
    took = start.copy().play("b4xc5")
    assert judge(Goal("take", what="pawns"), start, took, 0, 1) == REACHED
    assert judge(Goal("take", what="all"), start, took, 0, 1) == OPEN
    assert judge(Goal("take", what="pawns", count=1), start, took, 0, 1) == REACHED
    assert judge(Goal("take", what="towers", count=1), start, took, 0, 1) == OPEN


def test_reach_counts_only_after_the_reply_and_needs_the_right_piece():
    start = Position.from_string(BASIC)
    goal = Goal("reach", square="a5", moves=1)
    moved = start.copy().play("a1-a5")
    assert judge(goal, start, moved, 0, 1) == OPEN          # the reply is still to come
    replied = moved.copy().play("f12-f11")
    assert judge(goal, start, replied, 0, 1) == REACHED
    taken = moved.copy().play("c5-b5").play("a5-a6").play("f12-f11")   # another square: not reached
    assert judge(goal, start, taken, 0, 2).reason == "out_of_moves"
    assert judge(Goal("reach", square="a5", rank=1), start, replied, 0, 1) == OPEN   # a tower is no stack


def test_a_tower_taken_fails_a_reach_but_not_a_tower_goal():
    start = Position.from_string("5s^/6/6/6/6/6/6/6/2s13/6/6/S^S^4 w 000/000 -/- - 1")
    now = start.copy().play("b1-b3").play("c4xb3")
    assert judge(Goal("reach", square="a12"), start, now, 0, 1) == Verdict("failed", "taken")
    assert judge(Goal("tower", moves=2), start, now, 0, 1) == OPEN


def test_tower_balance_is_the_puzzles_rule_and_counts_waiting_towers_R15():
    assert puzzles.tower_balance is goals.tower_balance
    position = Position.from_string("5s^/6/6/6/6/6/6/6/6/6/6/S^S^4 w 000/000 -/s - 1")
    assert tower_balance(position, 0) == 0 and tower_balance(position, 1) == 0
    start = Position.from_string("5s^/6/6/6/6/6/6/6/6/2s^3/1S14/S^5 w 000/000 -/- - 1")
    now = start.copy().play("b2xc3")
    assert judge(Goal("tower", moves=1), start, now, 0, 1) == OPEN    # not before the reply
    now.play("f12-f11")
    assert judge(Goal("tower", moves=1), start, now, 0, 1) == REACHED


def test_promote_and_stack_R12_R13_R14():
    start = Position.from_string("5s^/6/6/6/6/6/6/2p13/2X23/6/6/S^5 w 022/000 -/- - 1")
    promoted = start.copy().play("c4xc5=X@c2")
    assert judge(Goal("promote"), start, promoted, 0, 1) == REACHED
    assert judge(Goal("stack", rank=3), start, promoted, 0, 1) == OPEN   # the stack left the board
    capped_start = Position.from_string("5s^/6/6/6/6/6/6/2x23/2X23/6/6/S^5 w 100/000 -/- - 1")
    capped = capped_start.copy().play("c4xc5")
    assert judge(Goal("stack", rank=3), capped_start, capped, 0, 1) == REACHED
    assert judge(Goal("promote", moves=1), capped_start, capped, 0, 1).reason == "out_of_moves"


def test_play_is_one_of_its_tokens():
    start = Position.from_string(BASIC)
    goal = Goal("play", tokens=("a1-a3", "a1-a2"))
    assert judge(goal, start, start.copy().play("a1-a2"), 0, 1) == REACHED
    other = judge(goal, start, start.copy().play("a1-b1"), 0, 1)
    assert other.reason == "other_move"
    assert other.message().say("nl") == "die zet mag, maar deze opdracht vraagt een andere"
    assert judge(Goal("play", tokens=("a1-a9",)), start, start, 0, 0) == OPEN


def test_endgame_starts_when_a_lone_tower_is_left_R16():
    start = Position.from_string(BASIC)
    assert judge(Goal("endgame", moves=1), start, start.copy().play("b4xc5"), 0, 1) == REACHED
    assert judge(Goal("endgame", moves=1), start, start.copy().play("b4-b5"), 0, 1).reason == "out_of_moves"


def test_draw_by_the_move_rule_R17():
    start = Position.from_string("6/6/6/6/6/6/3s^2/4s11/3S^2/6/6/6 w 000/000 -/- 1/1 40")
    goal = Goal("draw", moves=1)
    safe = start.copy().play("d4-c3")
    assert judge(goal, start, safe, 0, 1) == OPEN          # the draw comes with the reply
    assert judge(goal, start, safe.copy().play("d6-c5"), 0, 1) == REACHED
    lost = start.copy().play("d4-d5").play("d6xd5")
    assert judge(goal, start, lost, 0, 1).reason == "lost"
    assert judge(Goal("win"), start, safe.copy().play("d6-c5"), 0, 1).reason == "drawn"


def test_a_won_game_without_the_goal_is_over():
    start = Position.from_string("s^5/6/6/6/6/6/6/2s13/6/6/1S14/S^5 w 000/000 -/- - 1")
    assert judge(Goal("take", what="pawns"), start, start.copy().play("a1xa12"), 0, 1).reason == "over"


def test_the_solver_may_be_black():
    start = Position.from_string(BASIC.replace(" w ", " b "))
    assert judge(Goal("take", what="pawns"), start, start.copy().play("c5xb4"), 1, 1) == REACHED


def test_setup_goals_are_judged_on_the_draft_R3_R4():
    draft = SetupDraft(SINGLE, 0)
    goal = Goal.from_json({"kind": "setup"})
    assert judge_setup(goal, draft) == OPEN
    for square in ("c1", "d2", "b3"):
        draft.place(square)
    assert judge_setup(goal, draft) == REACHED
    with pytest.raises(ValueError):
        judge(goal, Position.from_string(BASIC), Position.from_string(BASIC), 0, 0)
    with pytest.raises(ValueError):
        judge_setup(Goal("win"), draft)


def test_every_reason_says_itself_in_both_languages():
    for reason in REASONS:
        message = goals.failure(reason, 2).message()
        assert message and message.say("nl") and message.say("nl") != str(message)
    assert Verdict("reached").message() is None
    with pytest.raises(ValueError):
        goals.failure("bored")


def test_doctests():
    assert doctest.testmod(goals).failed == 0
