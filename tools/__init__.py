"""Build, serve and run helpers for Militakiri in the browser (not shipped)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def page_module(root: Path, name: str):
    """The page's module ``name`` (``"web.i18n.texts"``), for build-time use
    of its own tables (texts, settings, shapes) in the tree at ``root``.

    This repository's is a plain import. Another tree's (the tests build
    changed copies of the repository) is imported from there and then
    forgotten, so this process keeps seeing its own ``web`` package.
    """
    if Path(root).resolve() == ROOT:
        return importlib.import_module(name)

    def page_modules() -> dict:
        return {key: sys.modules.pop(key) for key in list(sys.modules) if key == "web" or key.startswith("web.")}

    own = page_modules()
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(root))
        page_modules()
        sys.modules.update(own)
