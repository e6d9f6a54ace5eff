"""``python -m militakiri``: see :mod:`militakiri.cli`."""

import sys

from .cli import main

sys.exit(main())
