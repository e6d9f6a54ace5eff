"""Long hostile input is read in linear time in MicroPython too, with the
same answers as in CPython: tests/micropython/long_inputs.py strips, splits
and quotes long runs of white space, refuses 100,000-character move tokens,
links, fragments and record words, and says how long each took.

A str in MicroPython is UTF-8, and indexing or slicing it walks it from the
start: a reader that indexes a long text from its end, or slices it further
and further in, is quadratic there (a 200,000-character token of waiting
towers took over two minutes). Linear, each case takes about a second in
the page's MicroPython under Node; the bound leaves room for a slow machine
while a quadratic reader (30 s and more at this size) fails it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.micropython.test_same_everywhere import first_difference

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "micropython" / "long_inputs.py"
SIZE = 100_000
#: Seconds one case may take in MicroPython.
BOUND = 10.0


def answers_and_times(stdout: str) -> tuple[list[str], dict[str, float]]:
    answers, times = [], {}
    for line in stdout.splitlines():
        if line.startswith("time "):
            name, took = line[5:].rsplit(" ", 1)
            times[name] = float(took)
        else:
            answers.append(line)
    return answers, times


def test_long_input_is_read_in_linear_time_with_the_same_answers(mpy_run):
    done = subprocess.run([sys.executable, str(SCRIPT), str(SIZE)], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 0, done.stderr
    expected, cpython_times = answers_and_times(done.stdout)
    assert len(expected) == 22 and len(cpython_times) == 22
    assert max(cpython_times.values()) < 1.0, cpython_times
    # Refusals quote an excerpt: a message stays short however long the input.
    assert all(len(line) < 400 for line in expected), [line[:100] for line in expected if len(line) >= 400]
    assert "token spaces 100005 \"IllegalMoveError: 'c3-c4': there is no piece on c3\"" in expected
    got = mpy_run(str(SCRIPT), str(SIZE), timeout=600)
    assert got.returncode == 0, got.stderr[-3000:]
    answers, times = answers_and_times(got.stdout)
    assert answers == expected, first_difference(expected, answers)
    slow = {name: took for name, took in times.items() if took > BOUND}
    assert not slow, f"quadratic in MicroPython? {slow}"
