"""The engine gives the same game in CPython and in Pyodide (WebAssembly).

The transcript and the command lines run in one start of Pyodide
(tests/pyodide/batch.py), each as tools/pyodide_run.mjs runs it, with a
result of its own."""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.micropython.test_same_everywhere import SCRIPT, transcript_args

ROOT = Path(__file__).resolve().parents[2]
#: The official board's start (R1); perft and play are given its position.
START = ["-m", "militakiri", "start", "--white", "Sc Xd Pb", "--black", "Sa Xb Pf"]
#: A position of the earlier 8-rank board (R1).
EARLIER = "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/X1P^X1P1X1P1/P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1"


@pytest.fixture(scope="module")
def wasm(pyodide_batch) -> dict:
    """What the transcript and the command lines write in Pyodide, in one
    start. The commands after ``start`` are given the position CPython's
    start writes (they run in the same start as Pyodide's); the test holds
    Pyodide's start to that same text."""
    native = subprocess.run([sys.executable, *START], capture_output=True, text=True, cwd=ROOT)
    assert native.returncode == 0, native.stderr
    position = native.stdout.strip()
    jobs = {
        "transcript": {"argv": transcript_args(4, 2), "source": SCRIPT.read_text()},
        "start": {"argv": START},
        "perft": {"argv": ["-m", "militakiri", "perft", position, "2"]},
        "refused": {"argv": ["-m", "militakiri", "play", position, "c3-c4"]},
        "earlier": {"argv": ["-m", "militakiri", "play", EARLIER, "c3-d4"]},
    }
    return {"position": position, **dict(zip(jobs, pyodide_batch(list(jobs.values())), strict=True))}


def test_pyodide_plays_by_the_same_rules(wasm):
    """tests/micropython/transcript.py (seeded games on the official board,
    refusals, records, links, perft, and what the earlier 8-rank board made
    read on that board, R1) writes the same text in Pyodide as in CPython,
    as it does in MicroPython (tests/micropython/test_same_everywhere.py)."""
    args = transcript_args(4, 2)
    native = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                            cwd=ROOT, env={"PYTHONPATH": str(ROOT)})
    assert native.returncode == 0, native.stderr
    transcript = wasm["transcript"]
    assert transcript.returncode == 0, transcript.stderr
    native_lines = native.stdout.splitlines()
    assert sum(line.startswith("game ") for line in native_lines) == 4
    assert sum(line.startswith(("earlier link ", "earlier record ", "earlier position ")) for line in native_lines) == 14
    assert transcript.stdout.splitlines() == native_lines


def test_the_command_line_runs_under_pyodide(wasm):
    start = wasm["start"]
    assert start.returncode == 0, start.stderr
    position = start.stdout.strip()
    assert position == wasm["position"]  # (the position the commands below were given)
    assert len(position.split()[0].split("/")) == 12  # the official board (R1)
    assert wasm["perft"].stdout.strip() == "165"
    refused = wasm["refused"]
    assert refused.returncode == 2 and "diagonally" in refused.stderr
    # A position of the earlier 8-rank board is played there, with the note (R1).
    played = wasm["earlier"]
    assert played.returncode == 0, played.stderr
    assert played.stdout.split()[0] == "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/3X12/X1P^1P1X1P1/P1X1P1X^P1X1/S1S1S^S1S1S1"
    assert played.stderr == ("militakiri play: note: this game is on the earlier 8-rank single board that came "
                             "before the official 12 ranks (R1)\n")
