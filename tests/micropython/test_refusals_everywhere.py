"""The engine refuses malformed input in the same words in CPython and in
MicroPython: tests/micropython/refusals.py writes refusals and the
engine's smaller answers out, and the page's MicroPython must write the same
text, to the letter. (Seeded games, legal moves, refusals of moves and perft:
test_same_everywhere.py.)"""

from __future__ import annotations

from pathlib import Path

from tests.micropython.test_same_everywhere import cpython_and_micropython, first_difference

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "micropython" / "refusals.py"


def test_micropython_refuses_in_the_same_words(mpy_run):
    expected, got = cpython_and_micropython(mpy_run, SCRIPT)
    assert len(expected) > 150 and sum("Error" in line for line in expected) > 60
    assert any("'é'" in line for line in expected)  # quoted as CPython quotes it
    assert got == expected, first_difference(expected, got)
