"""The ladders of computer levels, one a board: each shipped
table (web/data/ladder-single.json, ladder-double.json) is the one
bench/ladder.py wrote from its games at today's node budgets, and its
ratings climb with the levels."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from militakiri import Position
from militakiri.ai.ladder import ANCHOR, ladder_ratings, pair_lead
from militakiri.ai.levels import LEVELS, MAX_ARENA_NODES, MAX_LEVEL, SEARCH_NODES
from web.model.ladder import LADDER_URLS

ROOT = Path(__file__).resolve().parents[2]
BOARDS = tuple(LADDER_URLS)


def shipped(board: str) -> dict:
    return json.loads((ROOT / LADDER_URLS[board]).read_text())


@pytest.mark.parametrize("board", BOARDS)
def test_the_shipped_table_is_the_one_its_games_give(board):
    table = shipped(board)
    assert table["levels"] == ladder_ratings(table["pairs"])  # not edited by hand
    commands = table["commands"]
    assert all(command.startswith("python bench/ladder.py") for command in commands)
    assert all(("--board double" in command) == (board == "double") for command in commands)
    # Played at today's budgets.
    budgets = {str(level): nodes for level, nodes in SEARCH_NODES[board].items()}
    assert table["search_nodes"] == budgets
    assert table["board"] == board and table["max_arena_nodes"] == MAX_ARENA_NODES[board]
    assert [row["level"] for row in table["levels"]] == sorted(LEVELS)
    for pair in table["pairs"]:
        games = pair["wins"] + pair["draws"] + pair["losses"]
        assert games >= (20 if pair["upper"] == MAX_LEVEL else 100), pair


@pytest.mark.parametrize("board", BOARDS)
def test_the_ladder_climbs(board):
    levels = shipped(board)["levels"]
    ratings = [row["rating"] for row in levels]
    assert ratings[0] == ANCHOR
    assert all(lower < upper for lower, upper in zip(ratings, ratings[1:])), ratings
    assert all(row["error"] >= 0 for row in levels)


@pytest.mark.parametrize("board", BOARDS)
def test_each_step_is_150_to_250_points_within_its_error(board):
    # The ladder's aim: "each roughly 150-250 points above the one below". A pair's
    # lead is known to its standard error; two of them is the allowance.
    for pair in shipped(board)["pairs"]:
        lead, error, bounded = pair_lead(pair)
        assert not bounded and 150 - 2 * error <= lead <= 250 + 2 * error, (pair, round(lead), round(error))


#: The double board's games are the longest (up to its cap of 1,000 plies):
#: one of them shows the bench plays and writes that board; the single
#: board's four show the games of a pair, both colours, add up.
@pytest.mark.parametrize("board, games", [("single", 4), ("double", 1)])
def test_the_bench_writes_the_table(tmp_path, board, games):
    out, slowest = tmp_path / "ladder.json", tmp_path / "slowest.json"
    done = subprocess.run([sys.executable, "bench/ladder.py", "--board", board, "--games", str(games), "--pairs", "1-2",
                           "--workers", "1", "--out", str(out), "--slowest", str(slowest)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    table = json.loads(out.read_text())
    assert table["levels"] == ladder_ratings(table["pairs"]) and table["board"] == board
    pair = table["pairs"][0]
    assert (pair["lower"], pair["upper"], pair["wins"] + pair["draws"] + pair["losses"]) == (1, 2, games)
    assert "level 2 (casual): " in done.stdout
    # Each level's slowest move of each game, for bench/phone_moves.py: a position
    # it was to move in, and the positions since the last take before it.
    kept = json.loads(slowest.read_text())
    assert kept["board"] == board and sorted(kept["levels"]) == ["1", "2"]
    for moves in kept["levels"].values():
        assert len(moves) == games
        assert [move["seconds"] for move in moves] == sorted((move["seconds"] for move in moves), reverse=True)
        for move in moves:
            position = Position.from_string(move["position"])
            assert position.kind.name == board and position.legal_moves()
            assert all(Position.from_string(before).kind.name == board for before in move["earlier"])


def test_more_games_add_up_to_what_one_run_of_them_all_gives(tmp_path):
    def bench(out, *args):
        done = subprocess.run([sys.executable, "bench/ladder.py", "--pairs", "1-2,2-3", "--workers", "1",
                               "--out", str(out), *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return json.loads(out.read_text())

    # Two games and two more of each pair (a pair of colours each time) against four in one run.
    whole = bench(tmp_path / "whole.json", "--games", "4")
    bench(tmp_path / "parts.json", "--games", "2")
    parts = bench(tmp_path / "parts.json", "--games", "4", "--more")
    assert parts["pairs"] == whole["pairs"] and parts["levels"] == whole["levels"]
    assert parts["commands"][-1].endswith("--games 4 --more")
    # Games played with other budgets are not added to.
    stale = json.loads((tmp_path / "parts.json").read_text())
    stale["search_nodes"]["4"] += 1
    (tmp_path / "stale.json").write_text(json.dumps(stale))
    done = subprocess.run([sys.executable, "bench/ladder.py", "--pairs", "1-2", "--games", "8", "--more",
                           "--out", str(tmp_path / "stale.json")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and "other budgets" in done.stderr
