"""The ladder of computer levels (issue 26): the shipped table
(web/data/ladder.json) is the one bench/ladder.py wrote from its games, and
its ratings climb with the levels."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from militakiri.ai.ladder import ANCHOR, ladder_ratings, pair_lead
from militakiri.ai.levels import LEVELS, MAX_ARENA_NODES, MAX_LEVEL

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "web" / "data" / "ladder.json"


def test_the_shipped_table_is_the_one_its_games_give():
    table = json.loads(SHIPPED.read_text())
    assert table["levels"] == ladder_ratings(table["pairs"])  # not edited by hand
    commands = table.get("commands") or [table["command"]]  # (a file written in one run before "commands")
    assert all(command.startswith("python bench/ladder.py") for command in commands)
    assert table["board"] == "single" and table["max_arena_nodes"] == MAX_ARENA_NODES
    assert [row["level"] for row in table["levels"]] == sorted(LEVELS)
    for pair in table["pairs"]:
        games = pair["wins"] + pair["draws"] + pair["losses"]
        assert games >= (20 if pair["upper"] == MAX_LEVEL else 100), pair


def test_the_ladder_climbs():
    levels = json.loads(SHIPPED.read_text())["levels"]
    ratings = [row["rating"] for row in levels]
    assert ratings[0] == ANCHOR
    assert all(lower < upper for lower, upper in zip(ratings, ratings[1:])), ratings
    assert all(row["error"] >= 0 for row in levels)


def test_each_step_is_150_to_250_points_within_its_error():
    # Issue 26: "each roughly 150-250 points above the one below". A pair's
    # lead is known to its standard error; two of them is the allowance.
    for pair in json.loads(SHIPPED.read_text())["pairs"]:
        lead, error, bounded = pair_lead(pair)
        assert not bounded and 150 - 2 * error <= lead <= 250 + 2 * error, (pair, round(lead), round(error))


@pytest.mark.parametrize("board, games", [("single", 4), ("double", 2)])
def test_the_bench_writes_the_table(tmp_path, board, games):
    out = tmp_path / "ladder.json"
    done = subprocess.run([sys.executable, "bench/ladder.py", "--board", board, "--games", str(games), "--pairs", "1-2",
                           "--workers", "1", "--out", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    table = json.loads(out.read_text())
    assert table["levels"] == ladder_ratings(table["pairs"]) and table["board"] == board
    pair = table["pairs"][0]
    assert (pair["lower"], pair["upper"], pair["wins"] + pair["draws"] + pair["losses"]) == (1, 2, games)
    assert "level 2 (casual): " in done.stdout
