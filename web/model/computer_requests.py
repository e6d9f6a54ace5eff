"""What the page asks the computer's worker, as values, and what the
device remembers of the computer across a reload.

A :class:`Request` is one question for the worker (web/services/ai_worker.py
runs it), made by the computer's mode (web/model/modes/computer.py) for the
state ``key`` it was asked in; the times here bound its search. Pure values:
no module of the page's state is imported, so the intents can carry a
request and every mode can make one.
"""

from __future__ import annotations

from militakiri.bounded import is_player

from web.model.jsontext import loads
from web.model.settings import LEVELS
from web.model.values import Value

#: The strongest level's thinking time without a clock, and for a hint (s).
UNTIMED_SECONDS = 1.0
#: The time the search levels judge their set-up in (s), while the player places theirs.
SETUP_SECONDS = 1.0
HINT_SECONDS = 1.0
#: With a clock: a share of the time left, within these bounds (s).
MIN_SECONDS, MAX_SECONDS = 0.2, 3.0
#: The share of the time left the strongest level spends on one move.
SHARE_OF_TIME_LEFT = 1 / 40
#: A move never lands sooner than this after the player's own (s), so the
#: player sees their move land first.
MIN_REPLY_S = 0.35
#: Seeds passed to the worker stay below this (JSON, and every Python int).
SEED_LIMIT = 2 ** 31


class Request(Value):
    """One question for the worker: ``name`` ("setup", "move": the computer
    plays; "hint") and JSON-ready ``args`` (web/services/ai_worker.py: CALLS), made
    for the state ``key``."""

    __slots__ = ("name", "args", "key", "seconds")

    def __init__(self, name: str, args: list[object], key: tuple[object, ...], seconds: float | None = None) -> None:
        self.name = name
        self.args = args
        self.key = key
        #: The seconds the strongest level may search (None: not a timed search).
        self.seconds = seconds


class Worker:
    """The computer's worker as the state sees it, kept across games (a
    request's key says which game it was for): the question for the
    computer's own turn (its set-up or its move) not yet answered, its
    answer while it waits for that turn (a set-up made while the player
    places theirs: R4), a hint the player asked for, and the problem that
    stops the computer playing (its worker did not start, or it answered
    what the engine refuses)."""

    __slots__ = ("asked", "answer", "hint", "problem")

    def __init__(self) -> None:
        self.asked: Request | None = None
        self.answer: object | None = None
        self.hint: Request | None = None
        self.problem: str | None = None


# Remembering the opponent across a reload ---------------------------------------------
#
# The autosave (web/services/autosave.py) keeps the game itself; which color the
# computer played and at what level is kept beside it, and given back to
# the game read from the save (or a link to it) on this device: the same
# start position and the same names (the computer's name says its level).

MEMORY_KEY = "militakiri.computer"
#: More than ``modes.computer.memory`` ever writes (a double board's start position and
#: two names escaped), so a longer value is refused before it is parsed.
MAX_MEMORY_CHARS = 4000


def read_memory(text: str) -> tuple[str, list[str], int, int]:
    """What ``modes.computer.memory`` wrote: the start position, the two names, the
    computer's color and its level; ValueError if ``text`` is anything
    else (the page keeps such a value aside).

    >>> read_memory('{"computer": 1, "level": 2, "names": ["Ann", "Bo"], "start": "x"}')
    ('x', ['Ann', 'Bo'], 1, 2)
    >>> read_memory('{"computer": 1, "level": 1e999, "names": ["Ann", "Bo"], "start": "x"}')
    Traceback (most recent call last):
    ...
    ValueError: not a computer remembered by this page
    """
    data = loads(text, max_chars=MAX_MEMORY_CHARS)
    if not isinstance(data, dict):
        raise ValueError("not a computer remembered by this page")
    start, names, color, level = data.get("start"), data.get("names"), data.get("computer"), data.get("level")
    # Read as they are, never converted: int(1e999) raised OverflowError.
    if not (isinstance(start, str) and isinstance(names, list) and len(names) == 2
            and all(isinstance(name, str) for name in names)
            and is_player(color) and type(level) is int and level in LEVELS):
        raise ValueError("not a computer remembered by this page")
    return start, names, color, level  # type: ignore[return-value]  # (checked above)
