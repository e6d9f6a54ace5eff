"""The engine gives the same game in CPython and in Pyodide (WebAssembly)."""

import subprocess
import sys
from pathlib import Path

from tests.micropython.test_same_everywhere import transcript_args

ROOT = Path(__file__).resolve().parents[2]


def test_pyodide_plays_by_the_same_rules(pyodide_run):
    """tests/micropython/transcript.py (seeded games on the official board,
    refusals, records, links, perft, and what the earlier 8-rank board made
    read on that board, R1) writes the same text in Pyodide as in CPython,
    as it does in MicroPython (tests/micropython/test_same_everywhere.py)."""
    args = transcript_args(4, 2)
    native = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                            cwd=ROOT, env={"PYTHONPATH": str(ROOT)})
    assert native.returncode == 0, native.stderr
    wasm = pyodide_run(*args)
    assert wasm.returncode == 0, wasm.stderr
    native_lines = native.stdout.splitlines()
    assert sum(line.startswith("game ") for line in native_lines) == 4
    assert sum(line.startswith(("earlier link ", "earlier record ", "earlier position ")) for line in native_lines) == 14
    assert wasm.stdout.splitlines() == native_lines


def test_the_command_line_runs_under_pyodide(pyodide_run):
    start = pyodide_run("-m", "militakiri", "start", "--white", "Sc Xd Pb", "--black", "Sa Xb Pf")
    assert start.returncode == 0, start.stderr
    position = start.stdout.strip()
    assert len(position.split()[0].split("/")) == 12  # the official board (R1)
    assert pyodide_run("-m", "militakiri", "perft", position, "2").stdout.strip() == "165"
    refused = pyodide_run("-m", "militakiri", "play", position, "c3-c4")
    assert refused.returncode == 2 and "diagonally" in refused.stderr
    # A position of the earlier 8-rank board is played there, with the note (R1).
    earlier = "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/X1P^X1P1X1P1/P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1"
    played = pyodide_run("-m", "militakiri", "play", earlier, "c3-d4")
    assert played.returncode == 0, played.stderr
    assert played.stdout.split()[0] == "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/3X12/X1P^1P1X1P1/P1X1P1X^P1X1/S1S1S^S1S1S1"
    assert played.stderr == ("militakiri play: note: this game is on the earlier 8-rank single board that came "
                             "before the official 12 ranks (R1)\n")
