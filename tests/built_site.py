"""The site built once for the whole test run (tools/build.py), for the
site tests and the browser tests alike: the first of the run's processes
(pytest-xdist's workers) to ask builds it while the others wait on a lock,
then read it. Tests serve and read it and never change it; a test that
needs another build (a variant, a second stamp) makes its own."""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path

import pytest

from tools import build as site_build


def built_once(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """(the build's folder, build()'s summary)."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "site-built-once"
    folder.mkdir(exist_ok=True)
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # (released as the file closes)
        summary = folder / "summary.json"
        if not summary.exists():
            summary.write_text(json.dumps(site_build.build(folder / "dist")))
        return folder / "dist", json.loads(summary.read_text())
