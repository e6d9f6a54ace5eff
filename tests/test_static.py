"""The static checks: the type checker (mypy, strict) over the engine and
the page's pure-Python layers, and the linter (ruff) over the whole tree. Both read their settings from pyproject.toml; a finding fails
the suite with the tools' own report."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_types_check_strictly():
    result = _run("mypy")  # pyproject.toml: strict, over the engine and web/model, web/services, web/i18n
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout


def test_the_linter_finds_nothing():
    result = _run("ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr
