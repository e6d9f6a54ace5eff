"""Build, serve and run helpers for Militakiri in the browser (not shipped)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def web_module(web: Path, name: str):
    """``web/NAME.py`` as a module, for build-time use of the page's own
    tables (texts, shapes). web/ is no package: its modules import each
    other by plain name, so web/ is on sys.path while it loads."""
    sys.path.insert(0, str(web))
    try:
        spec = importlib.util.spec_from_file_location(f"_militakiri_web_{name}", web / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(web))
