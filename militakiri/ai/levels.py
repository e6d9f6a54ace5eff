"""The computer's levels, by number and name: cheap to import (the page's
settings use them without loading the search)."""

from __future__ import annotations

from ..bounded import excerpt, is_digits, strip_space
from ..errors import MilitakiriError

LEVELS = {1: "random", 2: "greedy", 3: "search", 4: "alpha-beta"}
MAX_LEVEL = max(LEVELS)
#: Level 3's node budget: a few plies, the same on every machine.
LEVEL3_NODES = 1500


class LevelError(MilitakiriError):
    """A level that does not exist."""


def parse_level(text: str | int) -> int:
    """The level written ``text``: ``1`` … ``4``, or ``max`` (the strongest)."""
    if isinstance(text, int) and not isinstance(text, bool):
        if text in LEVELS:
            return text
    elif isinstance(text, str):
        word = strip_space(text).lower()  # (no character beyond ASCII lowers to "max" or a digit)
        if word == "max":
            return MAX_LEVEL
        if is_digits(word) and len(word) <= 2 and int(word) in LEVELS:
            return int(word)
    raise LevelError(
        f"{excerpt(text)} is not a level: use 1 (weakest) to {MAX_LEVEL}, or 'max'"
    )


def level_name(level: int) -> str:
    """``'2'``, or ``'max'`` for the strongest level."""
    return "max" if level == MAX_LEVEL else str(level)


