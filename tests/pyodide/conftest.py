"""Run Python under Pyodide (Node + node_modules/pyodide) via tools/pyodide_run.mjs.

Fixture ``pyodide_run(*args, input=None, timeout=...)`` returns a
subprocess.CompletedProcess (text mode) of
``node tools/pyodide_run.mjs *args``; ``cpython_run(*args)`` does the same
with this interpreter, for comparing the two runtimes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tools" / "pyodide_run.mjs"
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
