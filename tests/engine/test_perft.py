"""Perft counts from tests/perft.txt: both official 12-rank boards (R1),
depths 1-3, each count checked against an independent implementation."""

from pathlib import Path

import pytest

from militakiri import DOUBLE, SINGLE, Position
from militakiri.perft import perft

PERFT_FILE = Path(__file__).resolve().parents[1] / "perft.txt"


def cases():
    for line in PERFT_FILE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, text, *counts = (field.strip() for field in line.split(";"))
            yield pytest.param(text, [int(c) for c in counts], id=name)


@pytest.mark.parametrize("text, counts", list(cases()))
def test_perft(text, counts):
    position = Position.from_string(text)
    assert [perft(position, depth) for depth in range(1, len(counts) + 1)] == counts
    assert position.string() == text  # every push was popped


def test_perft_file_covers_both_boards():
    boards = {Position.from_string(case.values[0]).kind for case in cases()}
    assert boards == {SINGLE, DOUBLE}  # the official boards, not the earlier 8-rank ones (R1)


def test_perft_on_the_earlier_8_rank_board_and_the_official_one_in_turn():
    """On purpose 8-rank data: a game from the earlier board (R1) still
    counts as it did (the counts the independent implementation gave then),
    and each board keeps its own moves when both are played in one
    interpreter, in either order."""
    earlier = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/X1P^X1P1X1P1/"
               "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
    official = next(iter(cases())).values[0]
    for _ in range(2):
        assert [perft(Position.from_string(earlier), depth) for depth in (1, 2, 3)] == [10, 93, 1179]
        assert [perft(Position.from_string(official), depth) for depth in (1, 2, 3)] == [13, 165, 2662]
