"""Games as links: a whole game in a short, versioned URL fragment.

A link carries everything needed to go on with a game: the board, the two
set-ups and the dice (or a start position), the time control, the names,
every move, for correspondence play the current deadline (R22), and an end
from outside the rules (resignation, time, deadline, forfeit).

Version 4, fields separated by ``!``::

    4!scdbabf!4425!600+5!Anna!Bram!-!-!-!-!1o.Bj5z!Xb3k

- ``4``: the format version. Every later version of the program reads every
  earlier version's links; a link from a newer version is refused politely.
- board and start: ``s`` or ``d`` then the tower files of White then Black,
  each shape's files in the order star, cross, plus (``scdbabf``); or ``p``
  then a position string (for puzzles and analysis).
- dice: the rolls, White's die first in each pair (``4425`` is 4-4, 2-5).
- time control as in the game record (``-``, ``600+5``, ``600d5``, ``c86400``).
- the names, percent-encoded.
- the deadline of the move now due (correspondence), in seconds since
  1970 in base 36, or ``-``.
- an outside end: ``r``, ``t``, ``d`` or ``f`` (resignation, time, deadline,
  forfeit: R26, a game between two devices left or its connection lost) and the
  loser's color ``0``/``1``, or ``-``.
- in a game against the computer its side and level (``b4``: Black at
  level 4 of the ladder, ``b8`` the strongest), else ``-``.
- the players' time left on a live clock, in tenths of a second in base 36
  (``2s0.2qo``), or ``-``.
- the moves: their count in base 36, ``.``, then one number in base64url: each
  move is its index among the position's legal tokens sorted, the indices
  combined in mixed radix, so a move costs log2(legal moves) bits.
- a checksum of all before it, so a truncated or mangled link is caught.

Version 4 is the official 12-rank board (R1). Versions 1 to 3 are games
on the earlier 8-rank board, read on it and never moved onto the official
one; a game read from one is written again in its own format, so that it
is played on and shared as it was made:

- version 1: without the computer's two fields (a game between people);
- version 2: the two fields, the level one of the four of before, read as
  the ladder's level that plays like it (:data:`LEVELS_OF_VERSION_2`);
- version 3: the two fields, the level on the ladder of eight, as now.

>>> from militakiri.game import Game
>>> game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="4-4 2-5")
>>> game.play("f10-f9"); game.play("c3-d4")
>>> link = game_to_link(game)
>>> link
'4!scdbabf!4425!-!White!Black!-!-!-!-!2.dA!hoGz'
>>> game_from_link(link).game.tokens
['f10-f9', 'c3-d4']
>>> earlier = game_from_link("1!scdbabf!4425!-!White!Black!-!-!2.Og!FeD3").game
>>> earlier.kind.title, earlier.tokens
('earlier 8-rank single board', ['f6-f5', 'c3-d4'])
>>> game_to_link(earlier)
'1!scdbabf!4425!-!White!Black!-!-!2.Og!FeD3'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ai.levels import LEVELS
from .board import EARLIER_ROWS, ROWS, BoardKind, board_kind
from .bounded import MAX_NAME_CHARS, MAX_PLIES, clean_name, excerpt, is_digits, strip_space
from .clock import MAX_LEFT, TimeControl
from .errors import MilitakiriError
from .messages import Text, color_word, text
from .game import Game
from .outcome import Termination
from .pieces import SHAPES
from .move import Move
from .position import Position
from .randomness import bit_length
from .reachable import check_reachable
from .record import Players
from .setup import Dice, Setup
from .textcodec import BASE64URL, b64decode, b64encode, crc_code, has_surrogate, quote, unquote

if TYPE_CHECKING:
    from typing import Callable, TypeVar

    S = TypeVar("S")
    T = TypeVar("T")


VERSION = 4
#: The last version whose games are on the earlier 8-rank board.
LAST_EARLIER_VERSION = 3
SEPARATOR = "!"
#: The four levels a version-2 link names, as the ladder's levels: random,
#: greedy, a search of 1,500 nodes (nearest the ladder's 2,500), the strongest.
LEVELS_OF_VERSION_2 = {1: 1, 2: 3, 3: 6, 4: 8}
#: The moves a link holds: as many as a game may (militakiri.bounded), so
#: that every game's link reads back; a bound so a forged link cannot keep
#: the page busy replaying.
MAX_MOVES = MAX_PLIES
#: Longer links (white space and a leading ``#g=`` counted) are refused
#: unread: a move costs about a character (a 200-move double board game is
#: ~300), at most two (log2 of the legal moves, in base64url), and names and
#: the rest a few hundred.
MAX_LINK_CHARS = 2 * MAX_MOVES + 1000
_ENDS = {"r": Termination.RESIGNATION, "t": Termination.TIME, "d": Termination.DEADLINE,
         "f": Termination.FORFEIT}
#: The digits of the link's base 36 numbers.
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"


class InvalidLinkError(MilitakiriError):
    """A link that is not a whole, valid game: its message says why."""


class SharedGame:
    """A game read from a link, with the deadline of the move now due.

    ``computer``: ``(color, level)`` of the computer in a game against it,
    or None; ``clock_left``: White's and Black's time left on a live clock,
    or None (neither is in a link of version 1).
    """

    __slots__ = ("game", "deadline", "computer", "clock_left")

    def __init__(self, game: Game, deadline: float | None = None,
                 computer: tuple[int, int] | None = None,
                 clock_left: tuple[float, float] | None = None) -> None:
        self.game = game
        self.deadline = deadline
        self.computer = computer
        self.clock_left = clock_left

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SharedGame):
            return NotImplemented
        return (self.game, self.deadline, self.computer, self.clock_left) == (
            other.game, other.deadline, other.computer, other.clock_left)

    def __repr__(self) -> str:
        return (f"SharedGame(game={self.game!r}, deadline={self.deadline!r}, "
                f"computer={self.computer!r}, clock_left={self.clock_left!r})")


def game_to_link(game: Game, deadline: float | None = None,
                 computer: tuple[int, int] | None = None,
                 clock_left: tuple[float, float] | None = None) -> str:
    """The link fragment (without ``#``) of ``game``; ``computer``: the
    color and level of the computer, in a game against it, and
    ``clock_left`` its players' time left. A game on the earlier 8-rank
    board keeps its earlier format (version 1, or 3 against the computer).

    >>> game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="4-4 2-5")
    >>> link = game_to_link(game, computer=(1, 4), clock_left=(290.5, 300))
    >>> link.split("!")[0], link.split("!")[8:10]
    ('4', ['b4', '28p.2bc'])
    >>> shared = game_from_link(link)
    >>> shared.computer, shared.clock_left
    ((1, 4), (290.5, 300.0))
    """
    if not isinstance(game, Game):
        raise InvalidLinkError(text("not_a_game", value=excerpt(game)))
    if game.kind.earlier:  # a game from an earlier link goes on in its own format
        version = 1 if computer is None else LAST_EARLIER_VERSION
    else:
        version = VERSION
    fields = [str(version), _start_field(game), _dice_field(game), game.time_control.text()]
    fields += [_quote_name(game.players.white), _quote_name(game.players.black)]
    fields.append("-" if deadline is None else _base36(int(deadline)))
    fields.append(_end_field(game))
    if version > 1:
        fields.append("-" if computer is None else "wb"[computer[0]] + str(computer[1]))
        fields.append("-" if clock_left is None else
                      ".".join(_base36(max(0, round(left * 10))) for left in clock_left))
    fields.append(_moves_field(game))
    body = SEPARATOR.join(fields)
    return body + SEPARATOR + crc_code(body)


def game_from_link(link: str) -> SharedGame:
    """Read a link fragment (a leading ``#`` is fine); raise InvalidLinkError."""
    if not isinstance(link, str):
        raise InvalidLinkError(text("link_not_text"))
    if len(link) > MAX_LINK_CHARS:  # before any work on its characters
        raise InvalidLinkError(text("link_too_long", n=len(link), most=MAX_LINK_CHARS))
    written = strip_space(link)
    if written.startswith("#"):
        written = written[1:]
    if written.startswith("g="):
        written = written[2:]
    if not written:
        raise InvalidLinkError(text("link_empty"))
    fields = written.split(SEPARATOR)
    version = fields[0]
    if not is_digits(version) or len(version) > 3:
        raise InvalidLinkError(text("link_not_ours", start=excerpt(written, 12)))
    if has_surrogate(written):  # not UTF-8: CPython's encode() refuses it, MicroPython's not
        raise InvalidLinkError(text("link_not_valid_text"))
    if int(version) > VERSION:
        raise InvalidLinkError(text("link_newer", version=version, reads=VERSION))
    if int(version) < 1:
        raise InvalidLinkError(text("link_no_format", version=version))
    parts = 10 if int(version) == 1 else 12  # (versions 2 to 4: the computer's two fields)
    if len(fields) != parts:
        raise InvalidLinkError(text("link_cut_short", n=len(fields), parts=parts))
    body = SEPARATOR.join(fields[:-1])
    if fields[-1] != crc_code(body):
        raise InvalidLinkError(text("link_check_code"))
    start, dice_text, control, white, black, deadline, end = fields[1:8]
    moves = fields[-2]
    opponent = fields[8:-2]
    earlier = int(version) <= LAST_EARLIER_VERSION
    computer = _computer(opponent[0], int(version)) if opponent and (earlier or opponent[0] != "-") else None
    clock_left = _clock_left(opponent[1]) if opponent else None
    rows = EARLIER_ROWS if earlier else ROWS

    time_control = _field(text("l_time_control"), control, TimeControl.parse)
    players = Players(white=_name(white, "White"), black=_name(black, "Black"))
    if start.startswith("p"):
        position = _field(text("l_start"), unquote(start[1:]), Position.from_string)
        if position.kind.rows != rows:
            raise InvalidLinkError(text("link_start_ranks", n=position.kind.rows, version=version, rows=rows))
        _field(text("l_start"), position, check_reachable)
        if dice_text != "-":
            raise InvalidLinkError(text("link_position_dice"))
        game = Game(position, time_control=time_control, players=players)
    else:
        kind, setups = _setups(start, rows)
        dice = _field(text("l_dice"), " ".join(
            f"{dice_text[i]}-{dice_text[i + 1]}" for i in range(0, len(dice_text), 2)
        ) if len(dice_text) % 2 == 0 else dice_text, Dice.parse)
        game = Game.new(kind, setups[0], setups[1], dice, time_control=time_control, players=players)
    game.clock = None  # replayed untimed; the caller restores the clocks
    _replay(game, moves)
    _apply_end(game, end)
    return SharedGame(game, _deadline(deadline, time_control), computer, clock_left)


# Writing ----------------------------------------------------------------------


def _start_field(game: Game) -> str:
    if game.setups is None or game.dice is None:
        return "p" + quote(game.start.string(), "/^")
    kind = game.kind
    letters = "".join(
        kind.file_letter(f) for setup in game.setups for shape in SHAPES for f in setup.files[shape]
    )
    return kind.name[0] + letters


def _dice_field(game: Game) -> str:
    if game.dice is None:
        return "-"
    return "".join(f"{w}{b}" for w, b in game.dice.rolls)


def _quote_name(name: str) -> str:
    return quote(clean_name(name))


def _end_field(game: Game) -> str:
    outcome = game.external_outcome
    if outcome is None:
        return "-"
    letter = next(k for k, v in _ENDS.items() if v is outcome.termination)
    assert outcome.winner is not None  # an end from outside always has a loser
    return f"{letter}{1 - outcome.winner}"


def _moves_field(game: Game) -> str:
    """The moves as one mixed-radix number: little end first."""
    number = _last_written.number(game)
    raw = number.to_bytes((bit_length(number) + 7) // 8, "big")
    return _base36(len(game.tokens)) + "." + b64encode(raw)


class _MoveNumber:
    """The moves of the last game written as a link, kept: each move's index
    among its position's legal tokens, and the number they make.

    The page writes its game's link after every move, and a move's index
    needs the legal moves of the position before it: kept, the link after
    one more move costs one list of legal moves, not one for every move of
    the game (seconds, late in a long game in MicroPython on a phone). A
    take-back or another game starts again from the moves they share.
    """

    def __init__(self) -> None:
        self.start = ""
        self.tokens: list[str] = []
        self.indexes: list[tuple[int, int]] = []  # (index, count of legal moves) a move
        self.value, self.scale = 0, 1

    def number(self, game: Game) -> int:
        start, tokens = game.start.string(), game.tokens
        if start != self.start or tokens[:len(self.tokens)] != self.tokens:
            same = self._shared(start, tokens)
            self.remember(start, self.tokens[:same], self.indexes[:same])
        if len(tokens) > len(self.tokens):
            position = game.position_at(len(self.tokens))
            for token in tokens[len(self.tokens):]:
                legal = _by_token(position)
                index = [written for written, _ in legal].index(token)
                position.push(legal[index][1])
                self.tokens.append(token)
                self.indexes.append((index, len(legal)))
                self.value += index * self.scale
                self.scale *= len(legal)
        return self.value

    def _shared(self, start: str, tokens: list[str]) -> int:
        """How many first moves ``tokens`` from ``start`` share with those kept."""
        if start != self.start:
            return 0
        same, most = 0, min(len(tokens), len(self.tokens))
        while same < most and tokens[same] == self.tokens[same]:
            same += 1
        return same

    def remember(self, start: str, tokens: list[str], indexes: list[tuple[int, int]]) -> None:
        """Keep these moves from ``start`` and their indexes (a link just
        read gives them: the page writes that link again at once)."""
        self.start, self.tokens, self.indexes = start, tokens, indexes
        self.value, self.scale = 0, 1
        for index, count in reversed(indexes):
            self.value = self.value * count + index
        for _, count in indexes:
            self.scale *= count


_last_written = _MoveNumber()


def _by_token(position: Position) -> list[tuple[str, Move]]:
    """The legal moves with their tokens, sorted by token (as
    ``Position.legal_moves``), each move made once: a link's moves are
    indexes into these lists."""
    kind = position.kind
    return sorted(((move.token(kind), move) for move in position.generate_moves()), key=_first)


def _first(pair: tuple[str, Move]) -> str:
    return pair[0]


def _base36(n: int) -> str:
    digits = _BASE36
    if n == 0:
        return "0"
    written = ""
    while n:
        n, r = divmod(n, 36)
        written = digits[r] + written
    return written


# Reading ----------------------------------------------------------------------


def _field(what: Text, value: S, parser: Callable[[S], T]) -> T:
    """``parser(value)``, its refusal said as the link's ``what``."""
    try:
        return parser(value)
    except (MilitakiriError, ValueError) as error:
        why = error.text if isinstance(error, MilitakiriError) else text("unreadable")
        raise InvalidLinkError(text("link_field_wrong", what=what, message=why)) from None


def _name(written: str, default: str) -> str:
    try:
        name = unquote(written, strict=True)
    except ValueError:  # bytes that are not UTF-8
        raise InvalidLinkError(text("link_name_not_text")) from None
    if len(name) > 4 * MAX_NAME_CHARS:
        raise InvalidLinkError(text("link_name_long", most=MAX_NAME_CHARS))
    return clean_name(name) or default


def _setups(start: str, rows: int) -> tuple[BoardKind, tuple[Setup, Setup]]:
    kinds = {"s": "single", "d": "double"}
    if not start or start[0] not in kinds:
        raise InvalidLinkError(text("link_board", value=excerpt(start[:1])))
    kind = board_kind(kinds[start[0]], rows)
    per_shape = kind.files // 6
    letters = start[1:]
    if len(letters) != 6 * per_shape:
        raise InvalidLinkError(text("link_setup_files", n=6 * per_shape, got=len(letters)))
    setups = []
    for color in (0, 1):
        own = letters[color * 3 * per_shape:(color + 1) * 3 * per_shape]
        written = " ".join(
            "SXP"[shape] + own[shape * per_shape:(shape + 1) * per_shape] for shape in SHAPES
        )
        setups.append(_field(text("l_setup", player=color_word(color)), written, lambda t: Setup.parse(t, kind)))
    return kind, (setups[0], setups[1])


def _replay(game: Game, moves: str) -> None:
    digits, dot, payload = moves.partition(".")
    if not dot or not _only(digits, _BASE36, 3) or not _only(payload, BASE64URL):
        raise InvalidLinkError(text("link_moves_form"))
    count = int(digits, 36)
    if count > MAX_MOVES:
        raise InvalidLinkError(text("link_moves_many", n=count, most=MAX_MOVES))
    raw = b64decode(payload)
    if raw is None:
        raise InvalidLinkError(text("link_moves_damaged"))
    number = int.from_bytes(raw, "big")
    indexes: list[tuple[int, int]] = []
    for ply in range(count):
        legal = _by_token(game.position)
        if not legal or game.is_over():
            raise InvalidLinkError(text("link_moves_after_end", n=count, ply=ply))
        number, index = divmod(number, len(legal))
        indexes.append((index, len(legal)))
        game.push(legal[index][1])  # legal, from the list itself: not parsed and checked again
    if number != 0:
        raise InvalidLinkError(text("link_moves_sum"))
    _last_written.remember(game.start.string(), list(game.tokens), indexes)


def _apply_end(game: Game, end: str) -> None:
    if end == "-":
        return
    if len(end) != 2 or end[0] not in _ENDS or end[1] not in "01":
        raise InvalidLinkError(text("link_end", value=excerpt(end)))
    try:
        game.end(_ENDS[end[0]], int(end[1]))
    except MilitakiriError as error:
        raise InvalidLinkError(text("link_end_fit", message=error.text)) from None


def _computer(written: str, version: int) -> tuple[int, int]:
    """The computer's side and level: only a level that exists (militakiri.ai.levels):
    a link naming level 9 once opened a game in which the computer never moved.
    A version-2 link's level is one of the four of before (LEVELS_OF_VERSION_2)."""
    levels = LEVELS_OF_VERSION_2 if version == 2 else {level: level for level in LEVELS}
    if len(written) != 2 or written[0] not in "wb" or not is_digits(written[1]) or int(written[1]) not in levels:
        named = f"{min(levels)}-{max(levels)}"
        raise InvalidLinkError(text("link_computer", value=excerpt(written), levels=named))
    return "wb".index(written[0]), levels[int(written[1])]


def _clock_left(written: str) -> tuple[float, float] | None:
    if written == "-":
        return None
    parts = written.split(".")
    if len(parts) != 2 or not _only(parts[0], _BASE36, 6) or not _only(parts[1], _BASE36, 6):
        raise InvalidLinkError(text("link_clock", value=excerpt(written)))
    white, black = int(parts[0], 36) / 10, int(parts[1], 36) / 10
    if max(white, black) > MAX_LEFT:
        raise InvalidLinkError(text("link_clock_long"))
    return white, black


def _deadline(written: str, control: TimeControl) -> float | None:
    if written == "-":
        return None
    if control.mode != "correspondence":
        raise InvalidLinkError(text("link_deadline_untimed"))
    if not _only(written, _BASE36, 8):
        raise InvalidLinkError(text("link_deadline", value=excerpt(written)))
    return float(int(written, 36))


def _only(written: str, alphabet: str, most: int | None = None) -> bool:
    """Whether ``written`` is made of ``alphabet``'s characters alone; with
    ``most``, one to ``most`` of them (else any number, none too)."""
    if most is not None and not 1 <= len(written) <= most:
        return False
    for char in written:
        if char not in alphabet:
            return False
    return True
