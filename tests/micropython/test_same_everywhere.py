"""The rules give the same game in CPython and in MicroPython.

tests/micropython/transcript.py writes out what the rules decide for seeded
random games (set-ups, dice, every position string and legal move list,
refusals in both languages, records and links read back) and perft counts;
the page's MicroPython must write the same text, to the letter.
tests/pyodide/test_same_game.py compares Pyodide's with the same script.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "micropython" / "transcript.py"
#: Made by the earlier 8-rank build (R1): read the same in every interpreter.
EARLIER = ROOT / "tests" / "fixtures" / "earlier_board"
#: Seeded games (even seeds on the single board, odd on the double) and perft
#: depth. A game lists every position's legal moves, a few seconds of
#: MicroPython each: three games, both boards, hundreds of positions.
GAMES, DEPTH = 3, 3


def transcript_args(games: int = GAMES, depth: int = DEPTH) -> list[str]:
    return [str(SCRIPT), str(games), str(depth), (ROOT / "tests" / "perft.txt").read_text(),
            (EARLIER / "links.txt").read_text(), (EARLIER / "positions.txt").read_text(),
            *(path.read_text() for path in sorted((EARLIER / "records").glob("*.txt")))]


@pytest.fixture(scope="session")
def cpython_transcript() -> list[str]:
    done = subprocess.run([sys.executable, *transcript_args()], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT)}, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def cpython_and_micropython(mpy_run, script: Path) -> tuple[list[str], list[str]]:
    """What ``script`` writes in CPython, and in the page's MicroPython."""
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 0, done.stderr
    got = mpy_run(str(script), timeout=120)
    assert got.returncode == 0, got.stderr[-3000:]
    return done.stdout.splitlines(), got.stdout.splitlines()


def first_difference(expected: list[str], got: list[str]) -> str:
    for number, (want, have) in enumerate(zip(expected, got), 1):
        if want != have:
            return f"line {number}:\n  CPython:     {want[:300]}\n  MicroPython: {have[:300]}"
    return f"{len(expected)} lines in CPython, {len(got)} in MicroPython"


def test_the_transcript_says_what_it_should(cpython_transcript):
    """CPython's own transcript holds what the comparison relies on."""
    lines = cpython_transcript
    assert lines[0] == ("splitmix64 [6457827717110365317, 3203168211198807973, 9817491932198370423, "
                        "4593380528125082431, 16408922859458223821]")  # Vigna's splitmix64.c, seed 1234567
    assert sum(line.startswith("game ") for line in lines) == GAMES
    assert sum(line.startswith("  refused ") for line in lines) >= 3 * GAMES
    assert all(line.endswith("True True") for line in lines if line.startswith("  record "))
    assert all(line.endswith(" True") for line in lines if line.startswith("  link "))
    variations = [line for line in lines if line.startswith("  variations ")]
    assert variations and all(line.endswith(" True True") for line in variations)
    perfts = [line for line in lines if line.startswith("perft ")]
    assert len(perfts) == 14 and all(line.endswith(" True") for line in perfts)
    # The games are on the official board (R1) ...
    games = [line for line in lines if line.startswith("game ")]
    positions = [lines[lines.index(line) + 1] for line in games]
    assert all(len(line.split()[0].split("/")) == 12 for line in positions)
    # ... and what the earlier board made reads on it, writes back the same and plays on.
    links = [line for line in lines if line.startswith("earlier link ")]
    assert len(links) == 5 and all(" earlier 8-rank " in line and line.endswith(" True") for line in links)
    records = [line for line in lines if line.startswith("earlier record ")]
    assert len(records) == 5 and all(line.startswith("earlier record earlier 8-rank ") and '[Ranks "8"]' in line
                                     and line.endswith(" True True") for line in records)
    earlier_positions = [line for line in lines if line.startswith("earlier position ")]
    assert len(earlier_positions) == 4 and all(" earlier 8-rank " in line and " True " in line
                                               for line in earlier_positions)
    played_on = [line for line in lines if line.startswith("  played on ")]
    assert len(played_on) == 10 and all(line.endswith(" True") for line in played_on)
    assert sum(line.startswith("  played on []") for line in played_on) == 4  # the two finished games


def test_micropython_plays_by_the_same_rules(cpython_transcript, mpy_run):
    done = mpy_run(*transcript_args())
    assert done.returncode == 0, done.stderr[-3000:]
    got = done.stdout.splitlines()
    assert got == cpython_transcript, first_difference(cpython_transcript, got)
