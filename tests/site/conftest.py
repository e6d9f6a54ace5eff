"""The site tests' one build: ``built`` is the site built once per test run
into a temporary dist/, with build()'s summary. Tests read it and leave it
as it is; a test that needs another build (a variant, a second stamp) makes
its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import build as site_build


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("site") / "dist"
    return out, site_build.build(out)
