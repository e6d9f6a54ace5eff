"""Run Python under Pyodide (Node + node_modules/pyodide) via tools/pyodide_run.mjs.

Fixture ``pyodide_run(*args, input=None, timeout=...)`` returns a
subprocess.CompletedProcess (text mode) of
``node tools/pyodide_run.mjs *args``; ``cpython_run(*args)`` does the same
with this interpreter, for comparing the two runtimes; ``pyodide_batch(jobs)``
runs several command lines in one start (tests/pyodide/batch.py).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tools" / "pyodide_run.mjs"
BATCH = Path(__file__).with_name("batch.py")
TIMEOUT_S = float(os.environ.get("MILITAKIRI_PYODIDE_TIMEOUT", "300"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "pyodide: runs Python under Pyodide in Node")
    config.addinivalue_line("markers", "slow: takes more than a few seconds")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.pyodide)


@pytest.fixture(scope="session")
def pyodide_run():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node not found (Node 20 is needed for the Pyodide tests)")
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("node_modules/pyodide missing: run `npm ci` (make test does it)")

    def run(*args: str, input: str | None = None, timeout: float = TIMEOUT_S) -> subprocess.CompletedProcess:
        return subprocess.run([node, str(RUNNER), *args], input=input, capture_output=True,
                              text=True, timeout=timeout, cwd=ROOT)

    return run


@pytest.fixture(scope="session")
def cpython_run():
    def run(*args: str, input: str | None = None, timeout: float = TIMEOUT_S) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, *args], input=input, capture_output=True,
                              text=True, timeout=timeout, cwd=ROOT)

    return run


def runner_python() -> str:
    """The runner's Python half: the text of its template RUNNER."""
    found = re.search(r"^const RUNNER = `(.*?)`;$", RUNNER.read_text(), re.S | re.M)
    assert found, "tools/pyodide_run.mjs: no const RUNNER = `...`;"
    text = found.group(1)
    assert "\\" not in text and "${" not in text, "RUNNER is no longer its text as it stands (escapes, ${})"
    return text


@pytest.fixture(scope="session")
def pyodide_batch(pyodide_run):
    """``pyodide_batch(jobs)``: several command lines in one start of Pyodide,
    each run by the runner's own Python half (tests/pyodide/batch.py); a job
    is ``{"argv": [...]}`` (and ``"source"``, the text of a file the argv
    names). A subprocess.CompletedProcess a job: the status the runner would
    exit with, and what it would write to stdout and stderr."""

    def run(jobs: list[dict], timeout: float = TIMEOUT_S) -> list[subprocess.CompletedProcess]:
        given = json.dumps({"runner": runner_python(), "jobs": jobs})
        done = pyodide_run(str(BATCH), input=given, timeout=timeout)
        assert done.returncode == 0 and done.stdout.count("\n") == 1, done.stderr[-3000:]
        return [subprocess.CompletedProcess(job["argv"], result["returncode"], result["stdout"], result["stderr"])
                for job, result in zip(jobs, json.loads(done.stdout), strict=True)]

    return run
