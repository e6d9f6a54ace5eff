"""Perft counts from tests/perft.txt: both boards, depths 1-3."""

from pathlib import Path

import pytest

from militakiri import Position
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
    boards = {Position.from_string(case.values[0]).kind.name for case in cases()}
    assert boards == {"single", "double"}
