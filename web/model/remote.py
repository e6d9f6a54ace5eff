"""The embedding page's messages to a board that plays one side for it
(``?embed=1&remote=black``, docs/embed.md): read and checked as data.

Pure Python. The page around the board (the *host*) sends each message with
``frame.postMessage({source: "militakiri-host", version: 1, type, ...})``;
web/ui/embed_port.py takes only what comes from ``window.parent``, writes it
as JSON text and hands it here. :func:`read_host_message` reads that text
into a :class:`HostMessage` whose every field has its type and bounds, or
raises :class:`Refused` with the code and the reason the board answers in
its ``error`` message; web/model/modes/remote.py then judges it against the
game (whose turn, which ply, legal) and plays it. Nothing of a message is
ever run or shown as markup: its texts are set-ups, dice and move tokens
for the engine to read, and a bad one is quoted only cut short.

>>> read_host_message('{"source": "militakiri-host", "version": 1, "type": "move", "token": "c3-d4", "ply": 0}')
HostMessage(kind='move', color=None, text='c3-d4', word='', ply=0, left=None, setups=None, moves=None)
>>> read_host_message('{"source": "someone-else", "type": "move"}') is None
True
>>> try:
...     read_host_message('{"source": "militakiri-host", "version": 1, "type": "move", "token": "c3-d4"}')
... except Refused as refused:
...     print(refused.code, refused.message.text())
bad-message The move message has no ply.
"""

from __future__ import annotations

from militakiri.bounded import MAX_PLIES, excerpt
from militakiri.clock import MAX_LEFT

from web.model.jsontext import loads
from web.model.status import Message, warning
from web.model.values import Value

#: The ``source`` of every message from the host, and the protocol's version.
HOST_SOURCE = "militakiri-host"
VERSION = 1
#: The codes of an ``error`` answer (docs/embed.md).
BAD_MESSAGE, NOT_YOUR_TURN, ILLEGAL, WRONG_PLY, OVER = "bad-message", "not-your-turn", "illegal", "wrong-ply", "over"
COLORS = ("white", "black")
#: The longest move token read (waiting towers placed, a take and a
#: promotion's field take about 25 characters).
MAX_TOKEN_CHARS = 60
#: A message longer than this (as JSON text) is refused unread: a resume of
#: the longest game (MAX_PLIES tokens, each about 8 to 20 characters with
#: its quotes and comma) fits; every other message is far shorter.
MAX_MESSAGE_CHARS = MAX_PLIES * 20 + 2000
#: A message's nesting: a resume's ``setups`` and ``moves`` are one level in.
MAX_DEPTH = 3
#: The longest set-up (``"Sbe Xdh Pak"``), dice and result texts read.
MAX_SETUP_CHARS = 40
MAX_DICE_CHARS = 200
MAX_WORD_CHARS = 20
#: A clock's time left from the host, in milliseconds.
MAX_LEFT_MS = MAX_LEFT * 1000

#: Each type's fields beside source, version and type; a resume's clock may be left out.
FIELDS = {
    "setup": ("color", "towers"),
    "dice": ("rolls",),
    "move": ("token", "ply"),
    "clock": ("white", "black"),
    "end": ("result", "termination"),
    "resume": ("setups", "dice", "moves", "clock"),
}
OPTIONAL = {"resume": ("clock",)}


class Refused(Exception):
    """A message the board does not take: ``code`` (BAD_MESSAGE ... OVER) and the
    reason, a status line's message in the page's language."""

    def __init__(self, code: str, message: Message) -> None:
        super().__init__(code)
        self.code = code
        self.message = message


class HostMessage(Value):
    """One message from the host, read: ``kind`` its type, and the fields it has:

    - ``setup``: ``color`` (0 White, 1 Black), ``text`` the towers (``"Sc Xd Pb"``);
    - ``dice``: ``text`` the rolls (``"4-4 2-5"``);
    - ``move``: ``text`` the token, ``ply`` the moves played before it;
    - ``clock``: ``left`` White's and Black's time left, in seconds;
    - ``end``: ``text`` the result (``"1-0"``), ``word`` the termination;
    - ``resume``: ``setups`` both set-ups, ``text`` the dice, ``moves`` the
      tokens played, ``left`` the clock if sent.
    """

    __slots__ = ("kind", "color", "text", "word", "ply", "left", "setups", "moves")

    def __init__(self, kind: str, color: int | None = None, text: str = "", word: str = "", ply: int | None = None,
                 left: tuple[float, float] | None = None, setups: tuple[str, str] | None = None,
                 moves: tuple[str, ...] | None = None) -> None:
        self.kind = kind
        self.color = color
        self.text = text
        self.word = word
        self.ply = ply
        self.left = left
        self.setups = setups
        self.moves = moves


def _bad(key: str, **args: object) -> Refused:
    return Refused(BAD_MESSAGE, warning(key, **args))


def read_host_message(text: str) -> HostMessage | None:
    """The message ``text`` (JSON) holds; None if it is not one for this
    board (not an object whose ``source`` is HOST_SOURCE: another script's
    message to the frame); Refused(BAD_MESSAGE) if it is one but malformed."""
    if not isinstance(text, str):
        raise _bad("rm_not_object")
    if len(text) > MAX_MESSAGE_CHARS:
        raise _bad("rm_too_long", most=MAX_MESSAGE_CHARS)
    try:
        data = loads(text, max_depth=MAX_DEPTH)
    except ValueError as error:
        raise _bad("rm_not_data", reason=excerpt(str(error))) from None
    if not isinstance(data, dict) or data.get("source") != HOST_SOURCE:
        return None
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise _bad("rm_version", version=excerpt(version), ours=VERSION)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise _bad("rm_type", type=excerpt(kind), types=", ".join(FIELDS))
    fields = FIELDS[kind]
    for name in data:
        if name not in fields and name not in ("source", "version", "type"):
            raise _bad("rm_extra", type=kind, field=excerpt(name))
    for name in fields:
        if name not in data and name not in OPTIONAL.get(kind, ()):
            raise _bad("rm_missing", type=kind, field=name)
    return _READERS[kind](kind, data)


def _text(kind: str, data: dict[str, object], name: str, most: int) -> str:
    value = data[name]
    if not isinstance(value, str) or not 0 < len(value) <= most:
        raise _bad("rm_field_text", type=kind, field=name, most=most, value=excerpt(value))
    return value


def _color(kind: str, value: object, name: str) -> int:
    if not isinstance(value, str) or value not in COLORS:
        raise _bad("rm_field_color", type=kind, field=name, value=excerpt(value))
    return COLORS.index(value)


def _left(kind: str, value: object) -> tuple[float, float]:
    """``{white, black}`` in milliseconds, as seconds."""
    if not isinstance(value, dict) or sorted(value) != ["black", "white"]:
        raise _bad("rm_field_clock", type=kind, value=excerpt(value))
    left = []
    for name in COLORS:
        ms = value[name]
        # (A JSON number, finite: NaN and Infinity are no times.)
        if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not 0 <= ms <= MAX_LEFT_MS:
            raise _bad("rm_field_ms", type=kind, field=name, most=MAX_LEFT_MS, value=excerpt(ms))
        left.append(ms / 1000)
    return left[0], left[1]


def _read_setup(kind: str, data: dict[str, object]) -> HostMessage:
    return HostMessage(kind, color=_color(kind, data["color"], "color"),
                       text=_text(kind, data, "towers", MAX_SETUP_CHARS))


def _read_dice(kind: str, data: dict[str, object]) -> HostMessage:
    return HostMessage(kind, text=_text(kind, data, "rolls", MAX_DICE_CHARS))


def _read_move(kind: str, data: dict[str, object]) -> HostMessage:
    token = _text(kind, data, "token", MAX_TOKEN_CHARS)
    ply = data["ply"]
    if type(ply) is not int or not 0 <= ply <= MAX_PLIES:
        raise _bad("rm_field_ply", type=kind, most=MAX_PLIES, value=excerpt(ply))
    return HostMessage(kind, text=token, ply=ply)


def _read_clock(kind: str, data: dict[str, object]) -> HostMessage:
    return HostMessage(kind, left=_left(kind, {name: data[name] for name in COLORS}))


def _read_end(kind: str, data: dict[str, object]) -> HostMessage:
    result = _text(kind, data, "result", MAX_WORD_CHARS)
    termination = _text(kind, data, "termination", MAX_WORD_CHARS)
    return HostMessage(kind, text=result, word=termination)


def _read_resume(kind: str, data: dict[str, object]) -> HostMessage:
    setups = data["setups"]
    if not isinstance(setups, dict) or sorted(setups) != ["black", "white"]:
        raise _bad("rm_field_setups", type=kind, value=excerpt(setups))
    both = tuple(_text(kind, setups, name, MAX_SETUP_CHARS) for name in COLORS)
    moves = data["moves"]
    if not isinstance(moves, list) or len(moves) > MAX_PLIES:
        raise _bad("rm_field_moves", type=kind, most=MAX_PLIES, value=excerpt(moves))
    for token in moves:
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN_CHARS:
            raise _bad("rm_field_moves", type=kind, most=MAX_PLIES, value=excerpt(token))
    left = _left(kind, data["clock"]) if "clock" in data else None
    return HostMessage(kind, text=_text(kind, data, "dice", MAX_DICE_CHARS), left=left,
                       setups=(both[0], both[1]), moves=tuple(moves))


_READERS = {"setup": _read_setup, "dice": _read_dice, "move": _read_move, "clock": _read_clock,
            "end": _read_end, "resume": _read_resume}
