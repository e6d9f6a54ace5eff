"""The site tests' one build: ``built`` is the site built once per test run
into a temporary dist/, with build()'s summary. Tests read it and leave it
as it is; a test that needs another build (a variant, a second stamp) makes
its own."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import build as site_build  # noqa: E402


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("site") / "dist"
    return out, site_build.build(out)
