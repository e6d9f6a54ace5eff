"""The site tests' one build: ``built`` is the site built once per test run
(tests/built_site.py, the browser tests' build too), with build()'s
summary. Tests read it and leave it as it is; a test that needs another
build (a variant, a second stamp) makes its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.built_site import built_once


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> tuple[Path, dict]:
    return built_once(tmp_path_factory)
