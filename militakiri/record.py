"""The game record (NOTATION.md): tag pairs, a blank line, the move text.

Reading replays every move, so a record that loads is a legal game; any
fault is an InvalidRecordError naming its line and column.

A codec of a game's facts (start, tags, moves, end), below
:class:`~militakiri.game.Game`: it writes anything :class:`Recordable` and
reads into a :class:`ReplayedRecord`, so ``Game.record()`` and
``Game.from_record()`` call it without an import cycle.

>>> from militakiri.game import Game
>>> game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="4-4 2-5")
>>> game.play("f10-f9"); game.play("c3-d4")
>>> print(game.record())   # doctest: +ELLIPSIS
[Event "Casual game"]
...
[Board "single"]
[Ranks "12"]
...
[Dice "4-4 2-5"]
[TimeControl "-"]
[Result "*"]
<BLANKLINE>
1... f10-f9 2. c3-d4 *
<BLANKLINE>
>>> Game.from_record(game.record()).tokens
['f10-f9', 'c3-d4']

The Ranks tag says the board's ranks (R1); a record without it was written
before the official board, and is read on the earlier 8 ranks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import EARLIER_ROWS, ROWS, BoardKind, board_kind
from .bounded import MAX_PLIES, SPACE, clean_name, excerpt, quote, read_int, strip_space
from .clock import TimeControl
from .errors import InvalidRecordError, MilitakiriError
from .messages import Number, Text, text
from .outcome import OUTSIDE_ENDS, RESULTS, Outcome, outcome_words
from .pieces import BLACK, WHITE
from .position import Position
from .reachable import check_reachable
from .setup import Dice, Setup, start_position

if TYPE_CHECKING:
    from typing import Callable, Iterable, Iterator, Protocol, TypeVar

    T = TypeVar("T")

    class Recordable(Protocol):
        """What a record is written from: :class:`~militakiri.game.Game` has it."""

        start: Position
        setups: tuple[Setup, Setup] | None
        dice: Dice | None
        time_control: TimeControl
        players: Players
        tokens: list[str]

        @property
        def kind(self) -> BoardKind: ...

        def outcome(self) -> Outcome | None: ...


class Players:
    """The tags of a game that the rules do not look at; ``extra``: the
    other tags, ``(name, value)`` pairs in the order they came (a dict is
    taken too).

    >>> Players(white="Anna").replace(black="Bram")
    Players(white='Anna', black='Bram', event='Casual game', date='????.??.??', extra=[])
    """

    __slots__ = ("white", "black", "event", "date", "extra")

    def __init__(self, white: str = "White", black: str = "Black", event: str = "Casual game",
                 date: str = "????.??.??",
                 extra: list[tuple[str, str]] | dict[str, str] | None = None) -> None:
        self.white = white
        self.black = black
        self.event = event
        self.date = date
        if extra is None:
            extra = []
        elif isinstance(extra, dict):
            extra = list(extra.items())
        self.extra: list[tuple[str, str]] = list(extra)

    def replace(self, white: str | None = None, black: str | None = None,
                event: str | None = None, date: str | None = None) -> Players:
        """A copy with the fields given changed (``dataclasses.replace``)."""
        return Players(self.white if white is None else white,
                       self.black if black is None else black,
                       self.event if event is None else event,
                       self.date if date is None else date, self.extra)

    def _fields(self) -> tuple[object, ...]:
        return (self.white, self.black, self.event, self.date, self.extra)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Players):
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        return (f"Players(white={quote(self.white)}, black={quote(self.black)}, "
                f"event={quote(self.event)}, date={quote(self.date)}, extra={self.extra!r})")


class Annotation:
    """What the move text says about one move beyond the move (NOTATION.md):
    a PGN comment (``{...}``, its text without the braces) and numeric
    annotation glyphs (``$2`` a mistake, ``$4`` a blunder, ``$6`` an
    inaccuracy). Ply 0 holds a comment before the first move. A value:
    equal annotations are equal and hash alike.

    >>> Annotation("good", (1,))
    Annotation(comment='good', nags=(1,))
    """

    __slots__ = ("comment", "nags")

    def __init__(self, comment: str = "", nags: tuple[int, ...] = ()) -> None:
        self.comment = comment
        self.nags = nags

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Annotation):
            return NotImplemented
        return self.comment == other.comment and self.nags == other.nags

    def __hash__(self) -> int:
        return hash((self.comment, self.nags))

    def __repr__(self) -> str:
        return f"Annotation(comment={quote(self.comment)}, nags={self.nags!r})"


class Variation:
    """An alternative line (NOTATION.md), played from the position before
    the move it stands beside: its ``tokens``, its comments and glyphs by
    ply (``annotations``, 0 before its first move) and the variations
    inside it (``variations``: ply -> the alternatives to that move). A
    value.

    >>> Variation(["b7xe4", "c3-d4"], {1: Annotation("better")})
    Variation(['b7xe4', 'c3-d4'], {1: Annotation(comment='better', nags=())}, {})
    """

    __slots__ = ("tokens", "annotations", "variations")

    def __init__(self, tokens: list[str], annotations: dict[int, Annotation] | None = None,
                 variations: dict[int, list[Variation]] | None = None) -> None:
        self.tokens = tokens
        self.annotations = {} if annotations is None else annotations
        self.variations = {} if variations is None else variations

    def _fields(self) -> tuple[object, ...]:
        return (self.tokens, self.annotations, self.variations)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Variation):
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        return f"Variation({self.tokens!r}, {self.annotations!r}, {self.variations!r})"


class ReplayedRecord:
    """A record read and replayed: what :meth:`Game.from_record
    <militakiri.game.Game.from_record>` builds its game from.

    ``position``: the position after the moves, with them pushed (they can
    be popped); ``external_outcome``: an end from outside the rules (time,
    deadline, resignation), or None; ``annotations``: ``{ply: Annotation}``,
    the comments and glyphs after each move; ``variations``: ``{ply:
    [Variation]}``, the alternatives to each move.
    """

    __slots__ = ("start", "setups", "dice", "time_control", "players", "position", "tokens",
                 "external_outcome", "annotations", "variations")

    def __init__(self, start: Position, setups: tuple[Setup, Setup] | None, dice: Dice | None,
                 time_control: TimeControl, players: Players, position: Position,
                 tokens: list[str], external_outcome: Outcome | None,
                 annotations: dict[int, Annotation] | None = None,
                 variations: dict[int, list[Variation]] | None = None) -> None:
        self.start = start
        self.setups = setups
        self.dice = dice
        self.time_control = time_control
        self.players = players
        self.position = position
        self.tokens = tokens
        self.external_outcome = external_outcome
        self.annotations = {} if annotations is None else annotations
        self.variations = {} if variations is None else variations

    def _fields(self) -> tuple[object, ...]:
        return (self.start, self.setups, self.dice, self.time_control, self.players,
                self.position, self.tokens, self.external_outcome, self.annotations, self.variations)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ReplayedRecord):
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        names = self.__slots__
        return "ReplayedRecord(" + ", ".join(
            f"{name}={value!r}" for name, value in zip(names, self._fields())) + ")"


#: The tags written first, in this order; others follow as they came.
TAG_ORDER = (
    "Event",
    "Date",
    "White",
    "Black",
    "Board",
    "Ranks",
    "WhiteSetup",
    "BlackSetup",
    "Dice",
    "TimeControl",
    "Result",
    "Termination",
    "Position",
)
#: A record larger than this is refused before reading (a 200-move double
#: board game is about 3 kB).
MAX_RECORD_CHARS = 200_000
LINE_WIDTH = 80

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_NAME_CHARS = _LETTERS + "0123456789_"
_DIGITS = "0123456789"
#: What separates the words of the move text: CPython's white space (``\s``).
_SPACE = frozenset(SPACE)


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_record(game: Recordable) -> str:
    tags = _tags(game)
    lines = [f'[{name} "{_quote(value)}"]' for name, value in tags]
    return "\n".join(lines) + "\n\n" + _move_text(game) + "\n"


def _tags(game: Recordable) -> list[tuple[str, str]]:
    players = game.players
    tags = {
        "Event": players.event,
        "Date": players.date,
        "White": players.white,
        "Black": players.black,
    }
    if game.setups is not None and game.dice is not None:
        tags["Board"] = game.kind.name
        tags["WhiteSetup"] = game.setups[WHITE].text()
        tags["BlackSetup"] = game.setups[BLACK].text()
        tags["Dice"] = game.dice.text()
    else:
        tags["Position"] = game.start.string()
    tags["Ranks"] = str(game.kind.rows)
    tags["TimeControl"] = game.time_control.text()
    outcome = game.outcome()
    tags["Result"] = outcome.result if outcome else "*"
    if outcome is not None:
        tags["Termination"] = outcome.termination.value
    ordered = [(name, tags[name]) for name in TAG_ORDER if name in tags]
    return ordered + [(k, v) for k, v in players.extra if k not in tags]


def move_number(ply: int, number: int = 1, turn: int = WHITE) -> tuple[int, int]:
    """The number and the player of a game's ``ply``-th move (the first is
    1), from a start at move ``number`` with ``turn`` to move: the number
    grows after each move of Black, as the position's does. The record, the
    move list and the page's words all number moves with this.

    >>> move_number(1), move_number(2), move_number(3)
    ((1, 0), (1, 1), (2, 0))
    >>> move_number(1, 7, BLACK), move_number(2, 7, BLACK)
    ((7, 1), (8, 0))
    """
    half = ply - 1 + turn  # half-moves from White's move of the start's number
    return number + half // 2, half % 2


def move_rows(tokens: Iterable[str], number: int = 1, turn: int = WHITE) -> list[tuple[int, str | None, str | None]]:
    """The moves numbered as the record numbers them, from a start at move
    ``number`` with ``turn`` to move: ``(number, White's, Black's)`` rows,
    a half missing (``None``) before a start with Black to move and after an
    unfinished last move. The page's move list shows these rows.

    >>> move_rows(["f6-f5", "c3-d4", "a6-a5"], 7, BLACK)
    [(7, None, 'f6-f5'), (8, 'c3-d4', 'a6-a5')]
    >>> move_rows(["c3-d4"])
    [(1, 'c3-d4', None)]
    """
    rows: list[tuple[int, str | None, str | None]] = []
    for ply, token in enumerate(tokens, 1):
        row, mover = move_number(ply, number, turn)
        if mover == WHITE:
            rows.append((row, token, None))
        elif rows and rows[-1][0] == row:  # Black's half of White's row
            rows[-1] = (row, rows[-1][1], token)
        else:  # a row of its own, at a start with Black to move
            rows.append((row, None, token))
    return rows


def _line_words(tokens: list[str], notes: dict[int, Annotation], variations: dict[int, list[Variation]],
                number: int, turn: int) -> list[str]:
    """A line's move text as words: numbers, tokens, glyphs and comments,
    and after a move its variations in parentheses, each numbered from the
    position before that move; a Black move after a variation gets its
    number again (``13...``), as PGN writes it."""
    words = _annotation_words(notes.get(0))
    renumber = True
    for ply, token in enumerate(tokens, 1):
        move_no, mover = move_number(ply, number, turn)
        if mover == WHITE:
            words.append(f"{move_no}.")
        elif renumber:
            words.append(f"{move_no}...")
        words.append(token)
        words += _annotation_words(notes.get(ply))
        renumber = False
        for variation in variations.get(ply, ()):
            inner = _line_words(variation.tokens, variation.annotations, variation.variations, move_no, mover)
            inner[0] = "(" + inner[0]
            inner[-1] += ")"
            words += inner
            renumber = True
    return words


def variation_text(variation: Variation, number: int, turn: int) -> str:
    """A variation as the record writes it, in parentheses, from a start at
    move ``number`` with ``turn`` to move (the position before the move it
    replaces).

    >>> variation_text(Variation(["b7xe4", "c3-d4"], {}, {2: [Variation(["a2-a3"])]}), 12, BLACK)
    '(12... b7xe4 13. c3-d4 (13. a2-a3))'
    """
    words = _line_words(variation.tokens, variation.annotations, variation.variations, number, turn)
    return "(" + " ".join(words) + ")"


def _move_text(game: Recordable) -> str:
    words = _line_words(game.tokens, getattr(game, "annotations", None) or {},
                        getattr(game, "variations", None) or {}, game.start.number, game.start.turn)
    outcome = game.outcome()
    words.append(outcome.result if outcome else "*")
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > LINE_WIDTH:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


class _Reader:
    """Walks the text keeping line and column for errors."""

    def __init__(self, written: str) -> None:
        self.lines = written.split("\n")

    def error(self, message: Text, line: int, column: int = 1) -> InvalidRecordError:
        return InvalidRecordError(message, line + 1, column)


def read_record(written: str, reachable: bool = False) -> ReplayedRecord:
    """Read and replay a record; raise InvalidRecordError with line and column.

    With ``reachable``, a Position tag must be a position a real game can
    reach (:mod:`~militakiri.reachable`): for records from outside.
    """
    if not isinstance(written, str):
        raise InvalidRecordError(text("record_not_text"), 1, 1)
    if len(written) > MAX_RECORD_CHARS:
        raise InvalidRecordError(text("record_too_long", n=len(written), most=MAX_RECORD_CHARS), 1, 1)
    reader = _Reader(written.replace("\r\n", "\n").replace("\r", "\n"))
    lines = reader.lines
    tags: dict[str, str] = {}
    tag_names: list[str] = []  # in the order they came
    tag_lines: dict[str, int] = {}
    row = 0
    while row < len(lines) and not strip_space(lines[row]):
        row += 1
    while row < len(lines) and strip_space(lines[row]).startswith("["):
        line = lines[row]
        stripped = strip_space(line)
        column = line.index("[") + 1
        pair = _tag_pair(stripped)
        if pair is None:
            raise reader.error(text("record_not_tag", value=excerpt(stripped)), row, column)
        name, value = pair
        if name in tags:
            raise reader.error(text("record_tag_twice", name=name), row, column)
        tags[name], tag_lines[name] = value, row
        tag_names.append(name)
        row += 1
    if not tags:
        raise reader.error(text("record_no_tags"), min(row, len(lines) - 1))
    move_start = row

    def tag_error(name: str, message: Text) -> InvalidRecordError:
        line = lines[tag_lines[name]]
        return reader.error(text("record_tag", name=name, message=message), tag_lines[name], line.index('"') + 2)

    def parse_tag(name: str, parser: Callable[[str], T]) -> T:
        try:
            return parser(tags[name])
        except (MilitakiriError, ValueError) as error:
            raise tag_error(name, error.text if isinstance(error, MilitakiriError) else text("unreadable")) from None

    # The board's height: a record without the Ranks tag was written before
    # the official board, on the earlier 8 ranks (R1), and is read on them.
    rows = parse_tag("Ranks", _parse_ranks) if "Ranks" in tags else None
    # The start: a Position tag, or a board, two set-ups and the dice.
    setups = dice = None
    if "Position" in tags:
        start = parse_tag("Position", Position.from_string)
        if rows is not None and start.kind.rows != rows:
            raise tag_error("Ranks", text("record_ranks_differ", rows=rows, board=start.kind.rows))
        if reachable:
            parse_tag("Position", lambda _: check_reachable(start))
    else:
        missing = [n for n in ("Board", "WhiteSetup", "BlackSetup", "Dice") if n not in tags]
        if missing:
            raise reader.error(
                text("record_missing_tags", missing=", ".join(missing)),
                max(move_start - 1, 0),
            )
        kind = parse_tag("Board", lambda t: board_kind(t, EARLIER_ROWS if rows is None else rows))
        setups = (
            parse_tag("WhiteSetup", lambda t: Setup.parse(t, kind)),
            parse_tag("BlackSetup", lambda t: Setup.parse(t, kind)),
        )
        dice = parse_tag("Dice", Dice.parse)
        start = start_position(kind, setups[0], setups[1], dice.first)
    time_control = (
        parse_tag("TimeControl", TimeControl.parse) if "TimeControl" in tags else TimeControl()
    )
    known = {"Event", "Date", "White", "Black"} | set(TAG_ORDER)
    players = Players(
        white=clean_name(tags.get("White", "")) or "White",
        black=clean_name(tags.get("Black", "")) or "Black",
        event=tags.get("Event", "Casual game"),
        date=tags.get("Date", "????.??.??"),
        extra=[(k, tags[k]) for k in tag_names if k not in known],
    )
    # The clock's times are not in the record: the moves replay untimed.
    position = start.copy()
    tokens: list[str] = []
    annotations: dict[int, Annotation] = {}
    variations: dict[int, list[Variation]] = {}
    end_marker = _replay_moves(reader, position, tokens, move_start, annotations, variations)
    external = _check_result(reader, position, tags, tag_lines, end_marker, tag_error)
    return ReplayedRecord(start, setups, dice, time_control, players, position, tokens, external,
                          annotations, variations)


def _parse_ranks(written: str) -> int:
    """The Ranks tag's value: 12, or 8 for a game on the earlier board."""
    if written not in (str(ROWS), str(EARLIER_ROWS)):
        raise MilitakiriError(text("record_ranks", value=excerpt(written), rows=ROWS, earlier=EARLIER_ROWS))
    return int(written)


def _tag_pair(text: str) -> tuple[str, str] | None:
    """``(name, value)`` of a whole tag pair ``[Name "value"]``, the value's
    escapes (a backslash and any character) undone; None if ``text`` is not
    one. (One pass over the characters.)

    >>> _tag_pair('[White "Anna \\\\"A\\\\" \\\\\\\\"]'), _tag_pair('[White "Anna"] x')
    (('White', 'Anna "A" \\\\'), None)
    """
    name: list[str] = []
    value: list[str] = []
    state = "["  # what comes next: [, a letter, the name, ", the value, an escaped char, ], nothing
    for char in text:
        if state == "value":
            if char == '"':
                state = "]"
            elif char == "\\":
                state = "escaped"
            else:
                value.append(char)
        elif state == "name":
            if char in _NAME_CHARS:
                name.append(char)
            elif char == " ":
                state = '"'
            else:
                return None
        elif state == "escaped":
            value.append(char)
            state = "value"
        elif state == "[":
            if char != "[":
                return None
            state = "letter"
        elif state == "letter":
            if char not in _LETTERS:
                return None
            name.append(char)
            state = "name"
        elif state == '"':
            if char != '"':
                return None
            state = "value"
        elif state == "]":
            if char != "]":
                return None
            state = "end"
        else:
            return None  # something after the ]
    if state != "end":
        return None
    return "".join(name), "".join(value)


def _words(text: str) -> Iterator[tuple[str, int, int]]:
    """The words of the move text, each with its line (from 0) and column
    (from 1): a comment ``{...}`` (which may span lines; an unclosed one
    runs to the end), a glyph ``$`` and digits, a variation's ``(`` or
    ``)``, or a run of anything but white space, ``{``, ``(`` and ``)``.
    One pass over the characters.

    >>> [word for word, _, _ in _words("d4 (1... f5)")]
    ['d4', '(', '1...', 'f5', ')']

    >>> list(_words("1. c3-d4 {good\\nmove}$4$x {"))
    [('1.', 0, 1), ('c3-d4', 0, 4), ('{good\\nmove}', 0, 10), ('$4', 1, 6), ('$x', 1, 8), ('{', 1, 11)]
    """
    space = _SPACE
    digits = _DIGITS
    line, column = 0, 0  # of the character read
    newline = False
    word: list[str] = []
    kind = ""  # of the word being read: "{", "$" (a glyph), "$?" (a $ alone so far), "w"; "" none
    at = (0, 0)
    for char in text:
        if newline:
            line += 1
            column = 1
        else:
            column += 1
        newline = char == "\n"
        if kind == "{":
            word.append(char)
            if char == "}":
                yield "".join(word), at[0], at[1]
                kind = ""
            continue
        if kind == "$?":
            if char in digits:
                kind = "$"
                word.append(char)
                continue
            kind = "w"  # a $ not followed by a digit starts a plain word
        elif kind == "$":
            if char in digits:
                word.append(char)
                continue
            yield "".join(word), at[0], at[1]
            kind = ""
        if kind == "w":
            if char != "{" and char not in space and char not in "()":
                word.append(char)
                continue
            yield "".join(word), at[0], at[1]
            kind = ""
        if char in space:
            continue
        if char in "()":
            yield char, line, column
            continue
        word = [char]
        at = (line, column)
        kind = "{" if char == "{" else "$?" if char == "$" else "w"
    if kind:
        yield "".join(word), at[0], at[1]


def _move_number(word: str) -> tuple[str, str] | None:
    """``(digits, dots)`` of a move number ``12.`` or ``12...``, else None."""
    count = 0
    for char in word:
        if char not in _DIGITS:
            break
        count += 1
    if count == 0:
        return None
    dots = word[count:]
    if dots != "." and dots != "...":
        return None
    return word[:count], dots


def _annotation_words(note: Annotation | None) -> list[str]:
    """A move's glyphs and comment as move-text words (a ``}`` in a comment
    cannot be written and is left out)."""
    if note is None:
        return []
    words = [f"${nag}" for nag in note.nags]
    if note.comment:
        words.append("{" + note.comment.replace("}", "") + "}")
    return words


class _Line:
    """A line being read: the main line or a variation, its position as it
    goes, its tokens, its comments and glyphs, the variations inside it,
    and (a variation) the ply of the move it stands beside and where its
    ``(`` was."""

    __slots__ = ("position", "tokens", "notes", "variations", "beside", "opened")

    def __init__(self, position: Position, tokens: list[str], beside: int = 0,
                 opened: tuple[int, int] = (0, 0)) -> None:
        self.position = position
        self.tokens = tokens
        #: ply: (comments, glyphs)
        self.notes: dict[int, tuple[list[str], list[int]]] = {}
        self.variations: dict[int, list[Variation]] = {}
        self.beside = beside
        self.opened = opened

    def annotations(self) -> dict[int, Annotation]:
        return {ply: Annotation(" ".join(comments), tuple(nags)) for ply, (comments, nags) in self.notes.items()}


#: Variations inside variations, at most (a record is read without recursion,
#: but written with it).
MAX_VARIATION_DEPTH = 40


def _replay_moves(reader: _Reader, position: Position, tokens: list[str], first_row: int,
                  annotations: dict[int, Annotation] | None = None,
                  variations: dict[int, list[Variation]] | None = None) -> tuple[str, int, int] | None:
    """Play every token of the move text on ``position``, adding each to
    ``tokens`` as written by the engine, each comment and glyph to
    ``annotations`` (by ply) and each variation to ``variations`` (by the
    ply of the move it stands beside, its own moves played from the
    position before that move); return the result marker and where.

    A move's comments and glyphs are gathered in lists and made one
    Annotation at the end: adding each to the last made a copy of all
    before it, so 99,000 glyphs after one move took seconds.
    The moves of all lines together are at most MAX_PLIES.
    """
    end_marker = None
    annotations = {} if annotations is None else annotations
    variations = {} if variations is None else variations
    lines = [_Line(position, tokens)]  # the main line, and the variations open inside it
    played = 0
    for word, line, column in _words("\n".join(reader.lines[first_row:])):
        row = first_row + line
        current = lines[-1]
        position, tokens, notes = current.position, current.tokens, current.notes
        where = "record_in_variation" if len(lines) > 1 else "record_move"
        if word == "(":
            if not tokens:
                raise reader.error(text("record_variation_first"), row, column)
            if len(lines) > MAX_VARIATION_DEPTH:
                raise reader.error(text("record_variation_deep", most=MAX_VARIATION_DEPTH), row, column)
            last = position.pop()  # the variation starts where the move it replaces did
            branch = position.copy()
            position.push(last)
            lines.append(_Line(branch, [], len(tokens), (row, column)))
            continue
        if word == ")":
            if len(lines) == 1:
                raise reader.error(text("record_close_none"), row, column)
            if not tokens:
                raise reader.error(text("record_variation_empty"), row, column)
            lines.pop()
            lines[-1].variations.setdefault(current.beside, []).append(
                Variation(tokens, current.annotations(), current.variations))
            continue
        if word.startswith("{"):
            if not word.endswith("}"):
                raise reader.error(text("record_comment_open"), row, column)
            comment = strip_space(word[1:-1])
            comments = notes.setdefault(len(tokens), ([], []))[0]
            if comment:
                comments.append(comment)
            continue
        if word.startswith("$"):
            if not tokens:
                raise reader.error(text("record_glyph_first", value=excerpt(word)), row, column)
            try:
                nag = read_int(word[1:], text("n_glyph"), 0, 255)
            except MilitakiriError as error:
                raise reader.error(error.text, row, column) from None
            notes.setdefault(len(tokens), ([], []))[1].append(nag)
            continue
        if end_marker is not None:
            raise reader.error(text("record_after_result", value=excerpt(word), result=end_marker[0]), row, column)
        if word in RESULTS or word == "*":
            if len(lines) > 1:  # (said where the variation opened)
                raise reader.error(text("record_variation_open_result", result=word), *lines[-1].opened)
            end_marker = (word, row, column)
            continue
        number_match = _move_number(word)
        if number_match is not None:
            digits, dots = number_match
            number = position.number  # the position numbers the moves (record.move_number)
            expected = "." if position.turn == WHITE else "..."
            if len(digits) > 9 or int(digits) != number or dots != expected:
                raise reader.error(text("record_number", value=excerpt(word), expected=f"{number}{expected}"),
                                   row, column)
            continue
        if position.is_over():
            raise reader.error(text("record_after_end", value=excerpt(word), outcome=outcome_words(position.outcome())),
                               row, column)
        if played >= MAX_PLIES:
            raise reader.error(text(where, n=len(tokens) + 1, value=excerpt(word),
                                    message=text("record_most_moves", most=Number(MAX_PLIES))), row, column)
        try:
            move = position.parse_move(word)
        except MilitakiriError as error:
            raise reader.error(text(where, n=len(tokens) + 1, value=excerpt(word), message=error.text),
                               row, column) from None
        position.push(move)
        tokens.append(move.token(position.kind))
        played += 1
    if len(lines) > 1:
        raise reader.error(text("record_variation_open"), *lines[-1].opened)
    annotations.update(lines[0].annotations())
    variations.update(lines[0].variations)
    return end_marker


def _check_result(reader: _Reader, position: Position, tags: dict[str, str], tag_lines: dict[str, int],
                  end_marker: tuple[str, int, int] | None,
                  tag_error: Callable[[str, Text], InvalidRecordError]) -> Outcome | None:
    """The result written must be the one the moves reach (or an outside
    end, which is returned)."""
    written = tags.get("Result")
    if end_marker is not None and written is not None and end_marker[0] != written:
        raise reader.error(
            text("record_result_differs", end=end_marker[0], result=written),
            end_marker[1],
            end_marker[2],
        )
    result = written or (end_marker[0] if end_marker else "*")
    rules = position.outcome()
    termination = tags.get("Termination")
    if rules is not None:
        if result != rules.result or (termination and termination != rules.termination.value):
            said = strip_space(f"{result} {termination or ''}")
            raise _result_error(reader, tag_lines, end_marker,
                                text("record_result_rules", rules=rules.words(), said=said))
        return None
    if result == "*":
        if termination:
            raise tag_error("Termination", text("record_still_going", value=excerpt(termination)))
        return None
    if termination is None:
        raise _result_error(
            reader, tag_lines, end_marker,
            text("record_result_why", result=result),
        )
    try:
        outcome = Outcome.parse(result, termination)
    except MilitakiriError as error:
        raise tag_error("Termination", error.text) from None
    if outcome.termination not in OUTSIDE_ENDS:
        raise tag_error(
            "Termination",
            text("record_not_that_way", value=excerpt(termination)),
        )
    return outcome


def _result_error(reader: _Reader, tag_lines: dict[str, int], end_marker: tuple[str, int, int] | None,
                  message: Text) -> InvalidRecordError:
    if "Result" in tag_lines:
        row = tag_lines["Result"]
        return reader.error(message, row, reader.lines[row].index('"') + 2)
    if end_marker is not None:
        return reader.error(message, end_marker[1], end_marker[2])
    return reader.error(message, len(reader.lines) - 1)
