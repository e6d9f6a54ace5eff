"""The engine refuses malformed input in the same words in CPython and in
MicroPython (issue 22): tests/micropython/refusals.py writes refusals and the
engine's smaller answers out, and the page's MicroPython must write the same
text, to the letter. (Seeded games, legal moves, refusals of moves and perft:
test_same_everywhere.py.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.micropython.test_same_everywhere import first_difference

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "micropython" / "refusals.py"


def test_micropython_refuses_in_the_same_words(mpy_run):
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 0, done.stderr
    expected = done.stdout.splitlines()
    assert len(expected) > 150 and sum("Error" in line for line in expected) > 60
    assert any("'é'" in line for line in expected)  # quoted as CPython quotes it
    got = mpy_run(str(SCRIPT), timeout=120)
    assert got.returncode == 0, got.stderr[-3000:]
    assert got.stdout.splitlines() == expected, first_difference(expected, got.stdout.splitlines())
