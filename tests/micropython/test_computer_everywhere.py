"""The computer chooses the same moves in CPython and in MicroPython.

tests/micropython/computer.py writes out the move each level chooses from
seeded positions with a node or depth budget (the time budget alone depends
on the machine), the set-ups, a review and a puzzle; the Learn section's
goals judged move by move; records with comments and glyphs and links with
the computer's side and clock, written and read back; and the refusal of
every bad link and record of tests/corpus. The page's MicroPython must
write the same text, to the letter.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.micropython.test_same_everywhere import first_difference

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "micropython" / "computer.py"
CORPUS = ROOT / "tests" / "corpus"


def script_args() -> list[str]:
    return [str(SCRIPT), (CORPUS / "bad_links.tsv").read_text(), (CORPUS / "bad_records.txt").read_text()]


@pytest.fixture(scope="session")
def cpython_lines() -> list[str]:
    done = subprocess.run([sys.executable, *script_args()], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT)}, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_script_says_what_it_should(cpython_lines):
    lines = cpython_lines
    levels = [line for line in lines if line.startswith("  level ")]
    assert len(levels) == 4 * 9 and all(line.count("'") == 4 for line in levels)  # two seeds a level
    assert sum(line.startswith("setup ") for line in lines) == 3
    assert any(line.startswith("review [('a1-a2', 'a1xb2', 'blunder'") for line in lines)
    assert "  puzzle ('tower', ['a1xb2', 'c4-c3'])" in lines
    cycle = next(line for line in lines if line.startswith("cycle "))
    assert cycle.endswith(" a4-a9") and not cycle.endswith("a4-a9 a4-a9")  # steers clear only when it knows
    assert sum(line.startswith("goal refused ") for line in lines) >= 5
    assert any("Verdict('reached')" in line for line in lines) and any("Verdict('failed'" in line for line in lines)
    assert all(" True " in line for line in lines if line.startswith(("record ", "link ")))
    assert sum(line.startswith("bad link ") for line in lines) >= 50
    assert sum(line.startswith("bad record ") for line in lines) >= 25
    assert not any(line.startswith(("bad link read", "bad record read")) for line in lines)


def test_micropython_chooses_the_same(cpython_lines, mpy_run):
    done = mpy_run(*script_args())
    assert done.returncode == 0, done.stderr[-3000:]
    got = done.stdout.splitlines()
    assert got == cpython_lines, first_difference(cpython_lines, got)
