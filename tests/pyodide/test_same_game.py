"""The engine gives the same game in CPython and in Pyodide (WebAssembly)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

TRANSCRIPT = ROOT / "tests" / "micropython" / "transcript.py"


def test_pyodide_plays_by_the_same_rules(pyodide_run):
    """tests/micropython/transcript.py (seeded games, refusals, records, links,
    perft) writes the same text in Pyodide as in CPython, as it does in
    MicroPython (tests/micropython/test_same_everywhere.py)."""
    args = [str(TRANSCRIPT), "4", "2", (ROOT / "tests" / "perft.txt").read_text()]
    native = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                            cwd=ROOT, env={"PYTHONPATH": str(ROOT)})
    assert native.returncode == 0, native.stderr
    wasm = pyodide_run(*args)
    assert wasm.returncode == 0, wasm.stderr
    native_lines = native.stdout.splitlines()
    assert sum(line.startswith("game ") for line in native_lines) == 4
    assert wasm.stdout.splitlines() == native_lines


def test_the_command_line_runs_under_pyodide(pyodide_run):
    start = pyodide_run("-m", "militakiri", "start", "--white", "Sc Xd Pb", "--black", "Sa Xb Pf")
    assert start.returncode == 0, start.stderr
    position = start.stdout.strip()
    assert pyodide_run("-m", "militakiri", "perft", position, "2").stdout.strip() == "93"
    refused = pyodide_run("-m", "militakiri", "play", position, "c3-c4")
    assert refused.returncode == 2 and "diagonally" in refused.stderr
