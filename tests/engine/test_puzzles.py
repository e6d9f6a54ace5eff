"""The shipped puzzles (web/data/puzzles.json, tools/puzzles.py), replayed
through the engine: every position one a game reaches, every token of the
line legal, the goal reached at the line's end, and no other first move
reaching the goal by force within the same plies. The goals are checked
here again, over every reply, not with the generator's functions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from militakiri import Position
from militakiri.board import ROWS, board_kind
from militakiri.reachable import unreachable
from web.model.ladder import LADDER_URLS

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = json.loads((ROOT / "web" / "data" / "puzzles.json").read_text())
FIELDS = {"id", "board", "position", "line", "goal", "rating"}


def balance(position: Position, color: int) -> int:
    """Towers on the board and waiting (R15): ``color``'s less the other's."""
    def count(c: int) -> int:
        return position.towers[c] + len(position.waiting[c])
    return count(color) - count(1 - color)


def won(position: Position, solver: int) -> bool:
    outcome = position.outcome()
    return outcome is not None and outcome.winner == solver


def forced_win(position: Position, solver: int, plies: int) -> bool:
    """The solver (to move) wins within ``plies`` whatever the replies."""
    for move in position.generate_moves():
        position.push(move)
        try:
            if won(position, solver):
                return True
            if plies >= 3 and position.outcome() is None and all(
                    _answered(position, reply, solver, plies - 2) for reply in position.generate_moves()):
                return True
        finally:
            position.pop()
    return False


def _answered(position: Position, reply, solver: int, plies: int) -> bool:
    position.push(reply)
    try:
        return position.outcome() is None and forced_win(position, solver, plies)
    finally:
        position.pop()


def keeps_tower(position: Position, move, solver: int) -> bool:
    before = balance(position, solver)
    position.push(move)
    try:
        if position.outcome() is not None:
            return balance(position, solver) > before
        for reply in position.generate_moves():
            position.push(reply)
            try:
                if balance(position, solver) <= before:
                    return False
            finally:
                position.pop()
        return True
    finally:
        position.pop()


def test_the_file_has_enough_puzzles_of_both_boards_with_every_field():
    boards = [p["board"] for p in PUZZLES]
    assert boards.count("single") >= 300 and boards.count("double") >= 100
    assert len({p["id"] for p in PUZZLES}) == len(PUZZLES)
    for puzzle in PUZZLES:
        assert FIELDS <= set(puzzle) and puzzle["goal"] in ("win", "tower"), puzzle["id"]
        # Every puzzle is on the official 12-rank board (R1), none on the earlier 8-rank one.
        assert Position.from_string(puzzle["position"]).kind is board_kind(puzzle["board"]), puzzle["id"]


def test_the_ids_name_the_board_and_its_ranks_never_an_earlier_puzzles():
    """The earlier 8-rank board's puzzles were ``s0001`` / ``d0001``, and
    players' progress and links still name them: ``s12-0001`` can never be
    taken for one of those."""
    for puzzle in PUZZLES:
        assert re.fullmatch(rf"{puzzle['board'][0]}{ROWS}-[0-9]{{4}}", puzzle["id"]), puzzle["id"]
        assert not re.fullmatch(r"[sd][0-9]+", puzzle["id"]), puzzle["id"]


@pytest.mark.parametrize("board", ["single", "double"])
def test_every_puzzle_is_sound_and_has_one_solution(board):
    for puzzle in (p for p in PUZZLES if p["board"] == board):
        position = Position.from_string(puzzle["position"])
        assert unreachable(position) is None, puzzle["id"]
        solver = position.turn
        start = balance(position, solver)
        first = position.parse_move(puzzle["line"][0])
        # No other first move reaches the goal within the same plies.
        for move in position.generate_moves():
            if move == first:
                continue
            if puzzle["goal"] == "win":
                position.push(move)
                try:
                    other = won(position, solver) or (
                        len(puzzle["line"]) >= 3 and position.outcome() is None and all(
                            _answered(position, r, solver, 1) for r in position.generate_moves()))
                finally:
                    position.pop()
            else:
                other = keeps_tower(position, move, solver)
            assert not other, (puzzle["id"], move.token(position.kind))
        # The line is legal and reaches the goal.
        end = position.copy()
        for token in puzzle["line"]:
            end.play(token)
        if puzzle["goal"] == "win":
            assert won(end, solver), puzzle["id"]
        else:
            assert balance(end, solver) >= start + 1, puzzle["id"]
            assert keeps_tower(position, first, solver), puzzle["id"]


# Ratings ----------------------------------------------------------------------------


def test_each_puzzles_rating_is_fitted_from_the_levels_tries():
    """tools/puzzle_ratings.py: a puzzle's rating is the one its tries by the
    ladder's levels give, on the ladder's scale (not written by hand)."""
    from tools.puzzle_ratings import rating_of  # noqa: PLC0415

    ladders = {board: json.loads((ROOT / url).read_text()) for board, url in LADDER_URLS.items()}
    for puzzle in PUZZLES:
        assert puzzle["rating"] == rating_of(puzzle["tries"], ladders[puzzle["board"]]), puzzle["id"]
        assert sorted(int(level) for level in puzzle["tries"]) == list(range(1, 9))


@pytest.mark.parametrize("board", ["single", "double"])
def test_the_puzzles_ratings_spread_over_the_ladder_with_their_median_near_its_middle(board):
    """A player's next puzzle is the one nearest their rating: the puzzles
    must reach from a beginner's rating to a strong player's, as the
    ladder does, and as many lie above its middle as below."""
    ladder = [row["rating"] for row in json.loads((ROOT / LADDER_URLS[board]).read_text())["levels"]]
    middle = (ladder[0] + ladder[-1]) / 2
    ratings = sorted(puzzle["rating"] for puzzle in PUZZLES if puzzle["board"] == board)
    median = ratings[len(ratings) // 2]
    assert abs(median - middle) <= 100, (median, middle)
    # A tenth of them below level 2's rating, a tenth above level 4's, and
    # the hardest above level 7's.
    tenth = len(ratings) // 10
    assert ratings[tenth] <= ladder[1] and ratings[-tenth] >= ladder[3], (ratings[tenth], ratings[-tenth], ladder)
    assert ratings[-1] >= ladder[6], (ratings[-1], ladder)


@pytest.mark.parametrize("index", [0, 201, 399])
def test_a_puzzles_tries_come_out_the_same_again(index):
    from tools.puzzle_ratings import tries_of  # noqa: PLC0415

    puzzle = PUZZLES[index]
    assert tries_of(puzzle) == puzzle["tries"], puzzle["id"]
