"""The page's plain-Python layers do the same in CPython and in the page's MicroPython.

tests/web/session_transcript.py drives them (a session through the UiState,
lessons and puzzles, saves, links, the texts in English and Dutch) and
writes what they say; MicroPython (tools/mpy_run.mjs, in Node) must write
the same text, to the letter.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "web" / "session_transcript.py"
RUNNER = ROOT / "tools" / "mpy_run.mjs"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"


def first_difference(expected: list[str], got: list[str]) -> str:
    for number, (want, have) in enumerate(zip(expected, got), 1):
        if want != have:
            return f"line {number}:\n  CPython:     {want[:300]}\n  MicroPython: {have[:300]}"
    return f"{len(expected)} lines in CPython, {len(got)} in MicroPython"


@pytest.fixture(scope="module")
def cpython_lines() -> list[str]:
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT)}, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


def test_the_session_does_what_it_should(cpython_lines):
    """CPython's own transcript holds what the comparison relies on."""
    text = "\n".join(cpython_lines)
    for part in ("== session", "== computer", "== lessons", "== puzzles", "== saves", "== stored json", "== words",
                 "== pictures"):
        assert part in cpython_lines, part
    assert "warn premove_dropped" in text and "premove_set" in text
    assert text.count("status='solved'") >= 4 and "reason=\"that is not the puzzle's move\"" in text
    assert "set-up task setup/1 solved" in text
    assert "took back" in text and "replay first" in text and "hint_shown" in text
    assert "language nl Nederlands" in text and "Anna (Rood) is aan zet" in text
    assert "  opened True True" in cpython_lines and "  loaded True" in cpython_lines
    # Stored JSON with characters past U+FFFF (surrogate pairs of escapes) reads back equal.
    assert "== stored json" in cpython_lines and "  recall True 1 2" in cpython_lines
    stored = [line for line in cpython_lines if line.startswith(("  save back ", "  astral progress ", "  loads "))]
    assert len(stored) == 7 and all(line.endswith("True") for line in stored), stored
    assert "  depth 100000 [[ refused: JSON nested deeper than 100 levels" in cpython_lines
    assert "  deep save SavedGameError it is not in the form the game saves (JSON)" in cpython_lines


def test_micropython_says_the_same(cpython_lines):
    node = shutil.which("node")
    if node is None or not MICROPYTHON.is_file():
        pytest.skip("node and node_modules/@micropython are needed (npm ci)")
    done = subprocess.run([node, str(RUNNER), str(SCRIPT)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    got = done.stdout.splitlines()
    assert got == cpython_lines, first_difference(cpython_lines, got)
