"""Ratings and profiles come out the same in CPython and in the
page's MicroPython: tests/micropython/ratings.py writes them out, to the letter."""

from __future__ import annotations

from pathlib import Path

from tests.micropython.test_same_everywhere import cpython_and_micropython, first_difference

SCRIPT = Path(__file__).resolve().parent / "ratings.py"


def test_ratings_are_the_same_in_micropython(mpy_run):
    expected, got = cpython_and_micropython(mpy_run, SCRIPT)
    assert expected[0].startswith("paper 1464.05") and sum("refused:" in line for line in expected) == 6
    assert got == expected, first_difference(expected, got)
