"""Run Python under PyScript's MicroPython in Node (tools/mpy_run.mjs).

Fixture ``mpy_run(*args, timeout=...)`` returns a subprocess.CompletedProcess
(text mode) of ``node tools/mpy_run.mjs *args``: the very MicroPython the page
runs on, from node_modules, with militakiri/ and web/ in its file system.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tools" / "mpy_run.mjs"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
#: The part of pytest the rule tests use, for MicroPython: never imported by pytest itself.
collect_ignore = ["stand_in"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "micropython: runs Python under MicroPython in Node")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.micropython)


@pytest.fixture(scope="session")
def mpy_run():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node not found (Node 20 is needed for the MicroPython tests)")
    if not MICROPYTHON.is_file():
        pytest.fail("node_modules/@micropython missing: run `npm ci` (make test does it)")

    def run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run([node, str(RUNNER), *args], capture_output=True, text=True,
                              timeout=timeout, cwd=ROOT)

    return run
