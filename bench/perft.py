"""Perft speed: this engine against python-chess, and Pyodide against CPython.

Every leaf move is really pushed and popped (militakiri.perft.perft), as in
the python-chess perft it is compared with. Each figure is the best of a few
runs in this same process, so the ratios compare like with like.

    python bench/perft.py [--quick] [--no-pyodide]

Last line: ``perft_nps_ratio_vs_python_chess: X`` (goal X >= 1.5); before it
``pyodide_time_ratio_vs_cpython: Y`` (goal Y <= 2.5).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from militakiri import Position  # noqa: E402
from militakiri.perft import perft  # noqa: E402

# The official 12-rank boards (R1).
SINGLE_START = (
    "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
    "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1"
)  # NOTATION.md's example
DOUBLE_START = (
    "s1s^s1s1s^s1s1s1s1s1s1s1/p1x1p1x^p1x1p1x^p1x1p1x1/p^x1p1x1p1x1p1x1p1x1p^x1/12/12/12/12/12/12/"
    "P^X1P1X1P1X1P1X1P1X1P^X1/P1X1P1X^P1X1P1X^P1X1P1X1/S1S^S1S1S^S1S1S1S1S1S1S1 w 244/244 -/- - 1"
)


def best_time(function, repeats: int) -> tuple[int, float]:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        leaves = function()
        best = min(best, time.perf_counter() - start)
    return leaves, best


def chess_perft(board, depth: int) -> int:
    if depth == 0:
        return 1
    count = 0
    for move in board.legal_moves:
        board.push(move)
        count += chess_perft(board, depth - 1)
        board.pop()
    return count


def militakiri_runs(single_depth: int, double_depth: int, repeats: int):
    runs = []
    for name, text, depth in (("single", SINGLE_START, single_depth), ("double", DOUBLE_START, double_depth)):
        leaves, seconds = best_time(lambda text=text, depth=depth: perft(Position.from_string(text), depth), repeats)
        runs.append((name, depth, leaves, seconds))
    return runs


PYODIDE_CODE = """
import json, time
from militakiri import Position
from militakiri.perft import perft
runs = []
for name, text, depth in json.loads({jobs!r}):
    best = None
    for _ in range({repeats}):
        start = time.perf_counter()
        leaves = perft(Position.from_string(text), depth)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    runs.append([name, depth, leaves, best])
print("RESULT " + json.dumps(runs))
"""


def pyodide_runs(jobs, repeats: int):
    code = PYODIDE_CODE.format(jobs=json.dumps(jobs), repeats=repeats)
    result = subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_run.mjs"), "-c", code],
        capture_output=True, text=True, timeout=1800,
    )
    for line in result.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    raise RuntimeError(f"Pyodide run failed:\n{result.stdout}\n{result.stderr}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller depths, one run each")
    parser.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide figure")
    args = parser.parse_args()
    single_depth, double_depth, chess_depth = (4, 3, 3) if args.quick else (5, 4, 4)
    repeats = 1 if args.quick else 3

    import chess

    leaves, seconds = best_time(lambda: chess_perft(chess.Board(), chess_depth), repeats)
    chess_nps = leaves / seconds
    print(f"python-chess {chess.__version__} perft({chess_depth}) from the chess start: "
          f"{leaves} leaves in {seconds:.3f} s = {chess_nps:,.0f} nodes/s")

    runs = militakiri_runs(single_depth, double_depth, repeats)
    total_leaves = total_seconds = 0
    for name, depth, leaves, seconds in runs:
        total_leaves += leaves
        total_seconds += seconds
        print(f"militakiri {name} board perft({depth}): {leaves} leaves in {seconds:.3f} s "
              f"= {leaves / seconds:,.0f} nodes/s ({leaves / seconds / chess_nps:.2f}x python-chess)")
    nps = total_leaves / total_seconds

    if not args.no_pyodide:
        jobs = [[name, text, depth] for (name, depth, _, _), text in zip(runs, (SINGLE_START, DOUBLE_START))]
        py_runs = pyodide_runs(jobs, repeats)
        py_seconds = 0.0
        for (name, depth, leaves, seconds), (_, _, py_leaves, py_time) in zip(runs, py_runs):
            assert py_leaves == leaves, f"Pyodide counted {py_leaves}, CPython {leaves}"
            py_seconds += py_time
            print(f"pyodide (Node.js) {name} board perft({depth}): {py_leaves} leaves in "
                  f"{py_time:.3f} s ({py_time / seconds:.2f}x CPython's time)")
        print(f"pyodide_time_ratio_vs_cpython: {py_seconds / total_seconds:.2f}")

    print(f"perft_nps_ratio_vs_python_chess: {nps / chess_nps:.2f}")


if __name__ == "__main__":
    main()
