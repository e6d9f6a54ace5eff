"""Plain-pytest tests of the page's pure-Python modules (web/*.py without
pyscript): they are imported as the page imports them, as top-level modules."""

from __future__ import annotations

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))
