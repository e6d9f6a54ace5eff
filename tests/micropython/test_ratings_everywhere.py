"""Ratings and profiles (issue 26) come out the same in CPython and in the
page's MicroPython: tests/micropython/ratings.py writes them out, to the letter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.micropython.test_same_everywhere import first_difference

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "micropython" / "ratings.py"


def test_ratings_are_the_same_in_micropython(mpy_run):
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 0, done.stderr
    expected = done.stdout.splitlines()
    assert expected[0].startswith("paper 1464.05") and sum("refused:" in line for line in expected) == 6
    got = mpy_run(str(SCRIPT), timeout=120)
    assert got.returncode == 0, got.stderr[-3000:]
    assert got.stdout.splitlines() == expected, first_difference(expected, got.stdout.splitlines())
