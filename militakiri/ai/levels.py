"""The computer's levels, by number and name: cheap to import (the page's
settings use them without loading the search).

The levels are a ladder (docs/ladder.md): each a step of about 150-250
rating points above the one below, measured by ``bench/ladder.py``. Level 1
plays at random (but sensibly), level 3 the best move one move ahead, level
2 level 3's move one time in four and else level 1's, and the levels above
search (militakiri.ai.search) with a node budget: the
same number of positions on every machine, so they play alike everywhere
and their ratings hold wherever they run. Each board has its own budgets
and its own ladder: a double board's turn has about twice the moves, so a
search sees less deep in the same number of positions. The strongest,
``max``, searches by time as the strongest level always has (the page
gives it its clock's share); the ladder's arena plays it at
:data:`MAX_ARENA_NODES`.

>>> search_nodes(4, "single"), search_nodes(4, "double"), search_nodes(3, "single")
(150, 600, None)
"""

from __future__ import annotations

from ..bounded import excerpt, is_digits, strip_space
from ..errors import MilitakiriError
from ..messages import text

#: The search levels' node budgets on each board (docs/ladder.md: each
#: level about 200 rating points above the one below, measured).
SEARCH_NODES = {
    "single": {4: 150, 5: 700, 6: 2500, 7: 8000},
    "double": {4: 600, 5: 1000, 6: 2000, 7: 6500},
}
SEARCH_LEVELS = tuple(sorted(SEARCH_NODES["single"]))
LEVELS = {1: "random", 2: "casual", 3: "greedy", 4: "search-1", 5: "search-2",
          6: "search-3", 7: "search-4", 8: "alpha-beta"}
RANDOM, CASUAL, GREEDY = 1, 2, 3
MAX_LEVEL = max(LEVELS)
#: The positions before the one to move that the search levels remember to
#: steer clear of cycles (militakiri.ai.search): the game's last this many
#: since its last take. Cycles are short (a piece to and fro is four
#: plies), and the page sends them to the worker with each move.
EARLIER_POSITIONS = 50
#: The nodes the strongest level searches in the arena, on each board:
#: about what it searches in its second without a clock on a desktop's
#: Pyodide (single: 21,000-28,000 measured with ``analyse(START,
#: seconds=1.0)`` in tools/pyodide_run.mjs; double: 0.6 of that, the ratio
#: of the two boards' nodes a second from random set-ups in CPython).
MAX_ARENA_NODES = {"single": 25_000, "double": 15_000}


class LevelError(MilitakiriError):
    """A level that does not exist."""


def parse_level(written: str | int) -> int:
    """The level ``written``: ``1`` … ``8``, or ``max`` (the strongest)."""
    if isinstance(written, int) and not isinstance(written, bool):
        if written in LEVELS:
            return written
    elif isinstance(written, str):
        word = strip_space(written).lower()  # (no character beyond ASCII lowers to "max" or a digit)
        if word == "max":
            return MAX_LEVEL
        if is_digits(word) and len(word) <= 2 and int(word) in LEVELS:
            return int(word)
    raise LevelError(text("not_a_level", value=excerpt(written), most=MAX_LEVEL))


def search_nodes(level: int, board: str) -> int | None:
    """The node budget of search level ``level`` on ``board`` (``'single'``
    or ``'double'``); None for the levels that do not search by a budget."""
    return SEARCH_NODES[board].get(level)


def level_name(level: int) -> str:
    """``'2'``, or ``'max'`` for the strongest level."""
    return "max" if level == MAX_LEVEL else str(level)
