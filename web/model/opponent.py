"""The computer opponent's decisions: what to ask its worker, and when an
answer still fits the game.

Pure Python (no browser): web/ui/computer.py sends the :class:`Request`
objects made here to the worker (web/services/ai_worker.py runs them) and hands
the answers back to :func:`apply`. The UiState knows which color the
computer plays (``settings.computer``, ``settings.level``) and refuses
board input while it is the computer's turn.

Every request carries the ``key`` of the state it was made for; an answer
that comes back after the game moved on (take-back, new game,
resignation, a flag fall) no longer matches and is dropped.

>>> from web.model.settings import GameSettings
>>> from web.model.ui_state import UiState
>>> start = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
...          "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
>>> state = UiState(GameSettings(position=start, computer=0, level=1, seed=3))
>>> request = next_request(state)
>>> request.name, request.args[0] == start, request.args[1]
('move', True, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from militakiri.bounded import is_player
from militakiri.ai.levels import EARLIER_POSITIONS, SEARCH_LEVELS

from web.model.jsontext import dumps, loads
from web.model.settings import LEVELS, MAX_LEVEL

if TYPE_CHECKING:
    from web.model.ui_state import UiState

#: The strongest level's thinking time without a clock, and for a hint (s).
UNTIMED_SECONDS = 1.0
#: The time the search levels judge their set-up in (s), while the player places theirs.
SETUP_SECONDS = 1.0
HINT_SECONDS = 1.0
#: With a clock: a share of the time left, within these bounds (s).
MIN_SECONDS, MAX_SECONDS = 0.2, 3.0
#: The share of the time left the strongest level spends on one move.
SHARE_OF_TIME_LEFT = 1 / 40
#: Seeds passed to the worker stay below this (JSON, and every Python int).
SEED_LIMIT = 2 ** 31


class Request:
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

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Request):
            return NotImplemented
        return (self.name, self.args, self.key, self.seconds) == (other.name, other.args, other.key, other.seconds)

    def __repr__(self) -> str:
        return f"Request(name={self.name!r}, args={self.args!r}, key={self.key!r}, seconds={self.seconds!r})"


def state_key(state: UiState) -> tuple[object, ...]:
    """What an answer must still find: the same game at the same move, or
    the same game in its set-up stage (the computer's set-up is one answer
    for the whole stage)."""
    game = state.game
    if game is None or not state.started:
        return ("setup", state.game_id, state.computer)
    return ("game", state.game_id, len(game.tokens), game.position.string(), game.is_over())


def think_seconds(state: UiState, color: int, untimed: float = UNTIMED_SECONDS) -> float:
    """How long the strongest level thinks for ``color`` now: ``untimed``
    without a clock, else a fortieth of its time left (plus half its
    increment), never under MIN_SECONDS nor over MAX_SECONDS."""
    game = state.game
    if game is None or game.clock is None:
        return untimed
    control = game.time_control
    if control.mode == "correspondence":
        return MAX_SECONDS
    left = game.clock.remaining(color, state.clock_now())
    seconds = left * SHARE_OF_TIME_LEFT + control.bonus / 2
    return max(MIN_SECONDS, min(MAX_SECONDS, seconds))


def _seed(state: UiState) -> int:
    return state.rng.randrange(SEED_LIMIT)


def next_request(state: UiState) -> Request | None:
    """What the computer has to do: its set-up (from the start of the set-up
    stage, whoever places now: R4), its move, or nothing."""
    level = state.settings.level
    if state.computer_to_set_up():
        return Request("setup", [state.kind.name, level, _seed(state), SETUP_SECONDS], state_key(state),
                       SETUP_SECONDS)
    if not state.computer_turn():
        return None
    color, game = state.computer, state.game
    assert color is not None and game is not None  # the computer's turn in a game
    seconds = None  # levels 1-3: no search
    if level == MAX_LEVEL:
        seconds = think_seconds(state, color)
    elif level in SEARCH_LEVELS:
        # Its node budget decides (its rating holds where it is reached); the
        # time only caps a slow worker (MicroPython's, before Pyodide is
        # ready) and a short clock.
        seconds = think_seconds(state, color, untimed=MAX_SECONDS)
    position = game.position.string()
    # The search levels steer clear of where the game has been (a cycle decides nothing).
    earlier = [] if seconds is None else [
        before.string() for before in game.position.since_last_take(EARLIER_POSITIONS)]
    return Request("move", [position, level, _seed(state), seconds, earlier], state_key(state), seconds)


def hint_request(state: UiState) -> Request | None:
    """A hint for the player to move: the strongest level's move."""
    if not state.can_hint() or state.game is None:
        return None
    position = state.game.position.string()
    return Request("hint", [position, HINT_SECONDS], state_key(state), HINT_SECONDS)


def fits(state: UiState, request: Request) -> bool:
    """Whether the state is still the one ``request`` was made for."""
    return state_key(state) == request.key


# Remembering the opponent across a reload ---------------------------------------------
#
# The autosave (web/services/autosave.py) keeps the game itself; which color the
# computer played and at what level is kept beside it, and given back to
# the game read from the save (or a link to it) on this device: the same
# start position and the same names (the computer's name says its level).

MEMORY_KEY = "militakiri.computer"
#: More than :func:`memory` ever writes (a double board's start position and
#: two names escaped), so a longer value is refused before it is parsed.
MAX_MEMORY_CHARS = 4000


def memory(state: UiState) -> str | None:
    """What to remember about a started game against the computer (JSON)."""
    game = state.game
    if state.computer is None or game is None or not state.started:
        return None
    return dumps({"start": game.start.string(), "names": [game.players.white, game.players.black],
                  "computer": state.computer, "level": state.settings.level})


def read_memory(text: str) -> tuple[str, list[str], int, int]:
    """What :func:`memory` wrote: the start position, the two names, the
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


def recalled(state: UiState, text: str | None) -> tuple[int, int] | None:
    """The side (color, level) the computer played in this game before a
    reload, as ``text`` (:func:`memory`) remembers it; None if it played no
    side here, or ``text`` is not what :func:`memory` writes. The state
    takes it through the RecallComputer intent."""
    game = state.game
    if not text or state.computer is not None or game is None or not state.started:
        return None
    try:
        start, names, color, level = read_memory(text)
    except ValueError:
        return None
    if start != game.start.string() or names != [game.players.white, game.players.black]:
        return None
    return color, level
