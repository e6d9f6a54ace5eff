"""The command line, run as a player or a script would run it."""

import subprocess
import sys
from pathlib import Path

import pytest

from .test_notation import NOTATION_START

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "militakiri", *args],
        cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=120,
    )


def assert_refused(result, *words):
    assert result.returncode == 2, result
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_start_prints_the_notation_example():
    """NOTATION.md's example, on the official 12-rank board (R1): no note."""
    result = cli("start", "--white", "Sc Xd Pb", "--black", "Sa Xb Pf")
    assert result.returncode == 0 and result.stdout == NOTATION_START + "\n" and result.stderr == ""


def test_start_double_board_black_first():
    result = cli("start", "--board", "double", "--white", "Sbe Xdh Pak",
                 "--black", "Sbe Xdh Pak", "--first", "black")
    assert result.returncode == 0
    assert result.stdout.split()[1:] == ["b", "244/244", "-/-", "-", "1"]
    assert len(result.stdout.split()[0].split("/")) == 12  # R1: 12 ranks on the double board too


@pytest.mark.parametrize("args, word", [
    (("--white", "Sc Xd", "--black", "Sa Xb Pf"), "'Sc Xd'"),
    (("--board", "double", "--white", "Sbc Xdh Pak", "--black", "Sbe Xdh Pak"), "R5"),
    (("--white", "Sc Xd Pb", "--black", "Sa Xb Pg"), "'g'"),
])
def test_start_refuses_an_invalid_setup(args, word):
    assert_refused(cli("start", *args), word)


def test_start_usage_error_is_status_2():
    result = cli("start", "--white", "Sc Xd Pb")
    assert result.returncode == 2 and "--black" in result.stderr


def test_legal_prints_sorted_tokens():
    """The start's moves (R1): six empty ranks lie between the zones, so
    nothing can be taken, and the plus tower on b3 reaches b9, the last
    field before Black's zone (R8)."""
    result = cli("legal", NOTATION_START)
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines == sorted(lines) and len(lines) == 13
    assert [t for t in lines if t.startswith("b3")] == ["b3-b4", "b3-b5", "b3-b6", "b3-b7", "b3-b8", "b3-b9"]
    assert not [t for t in lines if "x" in t]


def test_legal_prints_nothing_when_the_game_is_over():
    result = cli("legal", "6/6/6/6/6/6/6/6/6/6/6/S^5 b 000/000 -/- - 1")
    assert result.returncode == 0 and result.stdout == ""


def test_play_prints_the_position_and_the_result_at_the_end():
    result = cli("play", NOTATION_START, "c3-d4", "f10-f9")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.splitlines() == [
        "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x11/5p^/6/6/6/6/3X12/X1P^1P1X1P1/P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 2"
    ]
    # A tower takes across the whole board, rank 1 to rank 12 (R8), and with it the game (R19).
    won = cli("play", "s^5/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1", "a1xa12")
    assert won.stdout.splitlines() == ["S^5/6/6/6/6/6/6/6/6/6/6/6 b 000/000 -/- - 1", "1-0 towers"]


@pytest.mark.parametrize("tokens, words", [
    (("c3-c4",), ["'c3-c4'", "diagonally"]),
    (("c3-d4", "zz"), ["'zz'"]),
    (("c3-d4", "c3-d4"), ["'c3-d4'", "no piece"]),
])
def test_play_refuses_illegal_or_malformed_tokens(tokens, words):
    assert_refused(cli("play", NOTATION_START, *tokens), *words)


def test_play_after_the_end_is_refused():
    assert_refused(cli("play", "6/6/6/6/6/6/6/6/6/6/6/S^5 b 000/000 -/- - 1", "a1-a2"), "over")


def test_a_placement_of_neither_12_nor_8_ranks_is_refused_in_one_line():
    """R1: the official board has 12 ranks; the earlier board's 8 are read
    for old games; any other count is refused, saying both."""
    for ranks in (7, 9, 13):
        text = "6/" * (ranks - 1) + "S^5 w 000/000 -/- - 1"
        assert_refused(cli("legal", text), f"placement has {ranks} ranks, expected 12 (8 on the earlier board")


def test_play_refuses_a_malformed_position():
    assert_refused(cli("play", "6/6/6 w", "a1-a2"), "position string", "fields")


def test_perft_counts_leaves():
    assert cli("perft", NOTATION_START, "0").stdout == "1\n"
    # Counted by hand: White has 13 moves (R1: the zones six ranks apart,
    # nothing to take). Nine leave Black 13 (117); after b3-b6 the plus tower
    # on f10 can take it too (14); after b3-b9 Black's three moves to b9 are
    # gone (10); after e3-f4 or f3-f4 the tower on f10 reaches f5 only (12 each).
    assert cli("perft", NOTATION_START, "2").stdout == "165\n"
    assert cli("perft", "6/6/6/6/6/6/6/6/6/6/6/S^5 b 000/000 -/- - 1", "3").stdout == "0\n"
    result = cli("perft", NOTATION_START, "-1")
    assert result.returncode == 2 and "depth" in result.stderr


def test_outcome():
    assert cli("outcome", NOTATION_START).stdout == "*\n"
    assert cli("outcome", "6/6/6/6/6/6/6/6/6/6/6/S^5 b 000/000 -/- - 1").stdout == "1-0 towers\n"
    drawn = "5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- 0/0 60"
    assert cli("outcome", drawn).stdout == "1/2-1/2 move-rule\n"
    assert_refused(cli("outcome", "nonsense"), "position string")


RECORD = """[Event "Casual game"]
[Board "single"]
[Ranks "12"]
[WhiteSetup "Sc Xd Pb"]
[BlackSetup "Sa Xb Pf"]
[Dice "4-4 2-5"]
[Result "*"]

1... f10-f9 2. c3-d4 *
"""


def test_replay_a_file_and_stdin(tmp_path):
    path = tmp_path / "game.mtk"
    path.write_text(RECORD)
    expected = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x11/5p^/6/6/6/6/3X12/X1P^1P1X1P1/"
                "P1X1P1X^P1X1/S1S1S^S1S1S1 b 122/122 -/- - 2\n*\n")
    assert cli("replay", str(path)).stdout == expected
    result = cli("replay", "-", stdin=RECORD)
    assert result.stdout == expected and result.stderr == ""  # the official board: no note


def test_replay_refuses_a_bad_record_with_line_and_reason(tmp_path):
    result = cli("replay", "-", stdin=RECORD.replace("c3-d4", "c3-c4"))
    assert_refused(result, "line 9", "c3-c4", "diagonally")
    assert_refused(cli("replay", "-", stdin=RECORD.replace('"12"', '"10"')), "line 3", "tag Ranks", "'10'")
    assert_refused(cli("replay", str(tmp_path / "missing.mtk")), "missing.mtk")
