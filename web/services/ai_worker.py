"""The computer opponent's side of its web worker.

web/boot/ai_worker.js loads a second Pyodide in a dedicated worker, writes the
engine files the page sends it into that Pyodide's file system, imports
this module and answers every message with :func:`call`. Everything that
crosses the thread boundary is JSON text (positions, tokens, set-ups), so
no Python object is ever proxied between the two Pyodides.

Pure Python (militakiri.ai only): tested with plain pytest in
tests/web/test_computer.py, and the same code runs in the worker.

>>> import json
>>> answer = json.loads(call("setup", json.dumps(["single", 1, 7])))
>>> answer["ok"], len(answer["value"].split())
(True, 3)
>>> json.loads(call("nonsense", "[]"))["ok"]
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import json
import sys
import time

from militakiri.ai.levels import EARLIER_POSITIONS, MAX_LEVEL
from militakiri import Position
from militakiri.ai import play
from militakiri.ai.review import clip
from militakiri.bounded import excerpt, read_number, shorten
from militakiri.errors import MilitakiriError
from militakiri.messages import LANGUAGES, text
from web.model.jsontext import loads

if TYPE_CHECKING:
    from typing import Callable

#: The search levels' budget when the page gives none (seconds).
DEFAULT_SECONDS = 1.0
#: No request may ask for more thinking than this (seconds).
MAX_SECONDS = 30.0
#: The longest position or board text a request may carry.
MAX_TEXT = 2000
#: The longest request: a move's position and the earlier ones, and numbers.
MAX_REQUEST = (EARLIER_POSITIONS + 4) * MAX_TEXT
#: The largest seed or level a request may carry.
MAX_SEED = 2**63 - 1


class RequestError(MilitakiriError):
    """A request whose arguments are not what the call takes."""


def _seconds(value: object) -> float:
    """The thinking time asked for, within 0.05 s and MAX_SECONDS."""
    if value is None:
        return DEFAULT_SECONDS
    return min(max(float(read_number(value, text("rq_seconds"), -1e9, 1e9, RequestError)), 0.05), MAX_SECONDS)


def _text(value: object, what: str) -> str:
    """``value`` if it is text short enough; ``what``: the key of its name."""
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise RequestError(text("rq_text", what=text(what), value=excerpt(value), most=MAX_TEXT))
    return value


def _whole(value: object, what: str) -> int:
    return int(read_number(value, text(what), 0, MAX_SEED, RequestError) // 1)


def move(position: str, level: int, seed: int, seconds: float | None = None,
         earlier: list[str] | None = None) -> str:
    """The computer's move token (spare-tower fields and waiting-tower
    placements included, as every engine token). ``earlier``: the position
    strings the game passed through since its last take, at most
    EARLIER_POSITIONS (the search steers clear of them: militakiri.ai.play)."""
    if earlier is None:
        earlier = []
    if not isinstance(earlier, list) or len(earlier) > EARLIER_POSITIONS:
        raise RequestError(text("rq_earlier", value=excerpt(earlier), most=EARLIER_POSITIONS))
    return play.choose_token(_text(position, "rq_position"), _whole(level, "rq_level"),
                             _whole(seed, "rq_seed"), _seconds(seconds),
                             earlier=[_text(one, "rq_earlier_position") for one in earlier])


def setup(board: str, level: int, seed: int, seconds: float | None = None) -> str:
    """The computer's set-up, as set-up text (``"Sc Xd Pb"``); ``seconds``
    bounds its judging (None: every candidate judged, the same everywhere)."""
    budget = None if seconds is None else _seconds(seconds)
    return play.choose_setup(_text(board, "rq_board"), _whole(level, "rq_level"), _whole(seed, "rq_seed"),
                             budget).text()


def hint(position: str, seconds: float | None = None) -> str:
    """The strongest level's move for the player to move."""
    return play.hint(_text(position, "rq_position"), _seconds(seconds))


def analyse(position: str, seconds: float | None = None) -> dict[str, object]:
    """The review's question (militakiri.ai.review): the best move and the
    score for the player to move; an ended game has no move."""
    best, score = play.analyse_position(Position.from_string(_text(position, "rq_position")),
                                        _seconds(seconds))
    return {"token": best, "score": score}


def line(position: str, seconds: float | None = None) -> dict[str, object]:
    """The computer's view of a position, on demand (the analysis board):
    the score for the player to move (clipped as the review's), the best
    move, the line it expects and how deep it looked."""
    at = Position.from_string(_text(position, "rq_position"))
    if at.is_over():
        best, ended = play.analyse_position(at, None)
        return {"token": best, "score": ended, "depth": 0, "pv": []}
    found = play.analyse(at, _seconds(seconds))
    raw = found["score"]
    found["score"] = clip(raw if isinstance(raw, int) else 0)  # a won game reads as a clear edge
    return found


def hello() -> dict[str, object]:
    """What the page learns when the worker is up."""
    return {"python": sys.version.split()[0].rstrip(";"), "levels": MAX_LEVEL}


CALLS: dict[str, Callable[..., object]] = {
    "move": move, "setup": setup, "hint": hint, "analyse": analyse, "line": line, "hello": hello}


def call(name: str, args_json: str) -> str:
    """Run one request: ``name`` with the JSON list ``args_json``.

    Returns JSON ``{"ok": true, "value": ..., "ms": ...}`` or
    ``{"ok": false, "error": "..."}``; never raises, so the worker always
    answers.
    """
    start = time.time()
    function = CALLS.get(name) if isinstance(name, str) else None
    if function is None:
        return json.dumps({"ok": False, "error": f"no such request: {excerpt(name)}"})
    try:
        # (Bounded before parsed, as what the page keeps: jsontext counts the nesting first.)
        args = loads(args_json) if isinstance(args_json, str) and len(args_json) <= MAX_REQUEST else None
        if not isinstance(args, list):
            raise RequestError(text("rq_args", value=excerpt(args_json)))
        value = function(*args)
    except MilitakiriError as error:  # said in each language: the page shows the one it speaks
        return json.dumps({"ok": False, "error": shorten(str(error)),
                           "said": {lang: shorten(error.say(lang)) for lang in LANGUAGES}})
    except (TypeError, ValueError) as error:
        return json.dumps({"ok": False, "error": shorten(str(error))})
    except Exception as error:  # a bug: say what, do not hang the page
        return json.dumps({"ok": False, "error": shorten(f"{error.__class__.__name__}: {error}")})
    ms = round((time.time() - start) * 1000, 1)
    return json.dumps({"ok": True, "value": value, "ms": ms})
