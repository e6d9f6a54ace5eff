"""The position string (NOTATION.md): reading and writing.

Six fields separated by spaces: placement, side to move, spare towers left,
waiting towers, move rule, move number. Reading checks the form, not whether
a real game could reach the position; each error says which field is wrong.

The placement's ranks say the board: 12, the official board (R1); 8, the
earlier board of the games made before it, read on that board.

>>> from militakiri.position import Position
>>> Position.from_string("6/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1").pieces(0).__next__()
(0, Piece('S^'))
>>> Position.from_string("6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1").kind.title
'earlier 8-rank single board'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import DOUBLE, EARLIER_ROWS, ROWS, BoardKind, board_kind, board_with_files
from .bounded import excerpt, is_digits, quote, read_int, shorten, split_words
from .errors import InvalidPositionError
from .messages import Join, Text, color_word, text
from .pieces import BLACK, SHAPE_LETTERS, WHITE, Piece, piece_from_symbol, shape_letter
from .state import MOVE_RULE_MOVES, PositionState

if TYPE_CHECKING:
    from typing import Any, Sequence

#: The names of inputs a refusal says, made once (checked on every call).
_MOVE_NUMBER = text("f_number")

_PIECE_LETTERS = "SXPsxp"

#: The highest move number read (no game comes near it; a bound, so that a
#: forged number costs nothing).
MAX_MOVE_NUMBER = 1_000_000

FIELD_NAMES = (
    "placement",
    "side to move",
    "spare towers",
    "waiting towers",
    "move rule",
    "move number",
)
#: The same, as a message says them.
_FIELD_KEYS = ("f_placement", "f_side", "f_spares", "f_waiting", "f_move_rule", "f_number")


def _error(written: str, message: Text) -> InvalidPositionError:
    return InvalidPositionError(text("position_bad", value=excerpt(written), message=message))


def _field_names(keys: Sequence[str]) -> Join:
    return Join([text(key) for key in keys], plain=True)


def parse_position(written: str) -> dict[str, Any]:
    """Read a position string into PositionState's arguments; raise
    InvalidPositionError saying what is wrong.

    (Arguments, not an object, so that Position, which sits above this
    module, builds itself: ``Position(**parse_position(written))``.)

    >>> parse_position("6/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1")["kind"]
    BoardKind('single', files=6)
    """
    if not isinstance(written, str):
        raise InvalidPositionError(text("position_not_text", kind=type(written).__name__))
    fields = split_words(written)
    if len(fields) != len(FIELD_NAMES):
        if len(fields) > len(FIELD_NAMES):
            problem = text("fields_extra", extra=shorten(" ".join(fields[len(FIELD_NAMES):]), 60))
        else:
            problem = text("fields_missing", missing=_field_names(_FIELD_KEYS[len(fields):]))
        raise _error(written, text("fields_count", n=len(fields), names=_field_names(_FIELD_KEYS), problem=problem))
    placement, side, spares, waiting, moves_left, number = fields
    kind, board = _parse_placement(written, placement)
    if side not in ("w", "b"):
        raise _error(written, text("side_bad", value=excerpt(side)))
    return dict(
        kind=kind,
        board=board,
        turn=WHITE if side == "w" else BLACK,
        spares=_parse_spares(written, spares),
        waiting=_parse_waiting(written, waiting),
        moves_left=_parse_moves_left(written, moves_left, MOVE_RULE_MOVES[kind.name]),
        number=_parse_number(written, number),
    )


def _parse_placement(written: str, placement: str) -> tuple[BoardKind, list[Piece | None]]:
    ranks = placement.split("/")
    rows = len(ranks)
    if rows not in (ROWS, EARLIER_ROWS):
        raise _error(written, text("placement_ranks", n=len(ranks), rows=ROWS, earlier=EARLIER_ROWS))
    items: list[list[Piece | None]] = []
    widest = DOUBLE.files
    for index, rank_text in enumerate(ranks):
        rank_number = rows - index
        row: list[Piece | None] = []
        for letter, height, empty, other in _rank_items(rank_text):
            if other:
                raise _error(written, text("rank_bad_char", rank=rank_number, value=excerpt(rank_text),
                                        char=quote(other)))
            if empty:
                if empty.startswith("0") or len(empty) > len(str(widest)) or int(empty) > widest:
                    raise _error(written, text("rank_bad_count", rank=rank_number, value=excerpt(rank_text),
                                            count=excerpt(empty), widest=widest))
                row += [None] * int(empty)
            else:
                piece = piece_from_symbol(letter + height)
                if piece is None:
                    what = text("height_of", height=height) if height else text("nothing")
                    raise _error(written, text("rank_bad_height", rank=rank_number, value=excerpt(rank_text),
                                            letter=repr(letter), what=what))
                row.append(piece)
            if len(row) > widest:
                raise _error(written, text("rank_too_wide", rank=rank_number, value=excerpt(rank_text),
                                        widest=widest))
        items.append(row)
    width = len(items[0])
    kind = board_with_files(width, rows)
    if kind is None:
        raise _error(written, text("rank_width", rank=rows, value=excerpt(ranks[0]), n=width))
    for index, row in enumerate(items):
        if len(row) != width:
            raise _error(written, text("rank_uneven", rank=rows - index, value=excerpt(ranks[index]),
                                    n=len(row), width=width, top=rows))
    board = [piece for row in reversed(items) for piece in row]
    return kind, board


def _rank_items(rank_text: str) -> list[tuple[str, str, str, str]]:
    """The items of one rank's placement, each ``(letter, height, empty,
    other)`` with one or two of them filled: a shape letter and the
    character after it (none at the end), a run of digits, or any other
    character.

    >>> _rank_items("S^x212!")
    [('S', '^', '', ''), ('x', '2', '', ''), ('', '', '12', ''), ('', '', '', '!')]
    """
    chars = list(rank_text)
    items = []
    at, end = 0, len(chars)
    while at < end:
        char = chars[at]
        if char in _PIECE_LETTERS:
            height = chars[at + 1] if at + 1 < end else ""
            items.append((char, height, "", ""))
            at += 2
        elif "0" <= char <= "9":
            start = at
            while at < end and "0" <= chars[at] <= "9":
                at += 1
            items.append(("", "", "".join(chars[start:at]), ""))
        else:
            items.append(("", "", "", char))
            at += 1
    return items


def _parse_spares(written: str, field: str) -> tuple[tuple[int, ...], ...]:
    sides = field.split("/")
    if len(sides) != 2 or not all(len(side) == 3 and is_digits(side) for side in sides):
        raise _error(written, text("spares_bad", value=excerpt(field)))
    return tuple(tuple(int(digit) for digit in side) for side in sides)


def _parse_waiting(written: str, field: str) -> tuple[tuple[int, ...], ...]:
    sides = field.split("/")
    if len(sides) != 2:
        raise _error(written, text("waiting_bad", value=excerpt(field)))
    result: list[tuple[int, ...]] = []
    for color, side in ((WHITE, sides[0]), (BLACK, sides[1])):
        if side == "-":
            result.append(())
            continue
        if not side:  # none is written '-' (NOTATION.md), never left out: the string reads back as written
            raise _error(written, text("waiting_none", value=excerpt(field)))
        shapes = []
        for letter in side:
            if letter.upper() not in SHAPE_LETTERS or letter != shape_letter(
                SHAPE_LETTERS.index(letter.upper()), color
            ):
                raise _error(written, text("waiting_letter", value=excerpt(field), letter=quote(letter),
                                        player=color_word(color),
                                        letters="S, X, P" if color == WHITE else "s, x, p"))
            shapes.append(SHAPE_LETTERS.index(letter.upper()))
        result.append(tuple(shapes))
    return tuple(result)


def _parse_moves_left(written: str, field: str, most: int) -> tuple[int, int] | None:
    if field == "-":
        return None
    counts = field.split("/")
    if len(counts) != 2 or not all(
        is_digits(n) and len(n) <= len(str(most)) and int(n) <= most for n in counts
    ):
        raise _error(written, text("move_rule_bad", value=excerpt(field), most=most))
    return (int(counts[0]), int(counts[1]))


def _parse_number(written: str, field: str) -> int:
    try:
        return read_int(field, _MOVE_NUMBER, 1, MAX_MOVE_NUMBER, InvalidPositionError)
    except InvalidPositionError as error:
        raise _error(written, error.text) from None


def placement_text(kind: BoardKind, symbols: Sequence[str | None]) -> str:
    """The placement field: ``symbols`` field by field in ``Position.board``
    order (a1, b1, ...; a piece's symbol, or None for an empty field).

    >>> from militakiri.board import SINGLE
    >>> placement_text(SINGLE, ["S^"] + [None] * 70 + ["s^"])
    '5s^/6/6/6/6/6/6/6/6/6/6/S^5'
    """
    ranks = []
    for rank in reversed(range(kind.rows)):
        written, empty = "", 0
        for symbol in symbols[rank * kind.files:(rank + 1) * kind.files]:
            if symbol is None:
                empty += 1
                continue
            written += (str(empty) if empty else "") + symbol
            empty = 0
        ranks.append(written + (str(empty) if empty else ""))
    return "/".join(ranks)


def compose_position(board: str, pieces: dict[str, str], turn: str = "w", spares: str = "000/000",
                     waiting: str = "-/-", rule: str = "-", number: int = 1, rows: int = ROWS) -> str:
    """A position string with only ``pieces`` (``{"c3": "X2"}``) on the board
    and the other fields as given (puzzles, pictures, tests); ``rows``: 12,
    or 8 for the earlier board. Not checked: read it with
    ``Position.from_string``.

    >>> compose_position("single", {"a1": "S^", "f12": "s^"})
    '5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1'
    >>> compose_position("single", {"a1": "S^", "f8": "s^"}, rows=EARLIER_ROWS)
    '5s^/6/6/6/6/6/6/S^5 w 000/000 -/- - 1'
    """
    kind = board_kind(board, rows)
    symbols: list[str | None] = [None] * kind.size
    for name, symbol in pieces.items():
        symbols[kind.square(name)] = symbol
    return f"{placement_text(kind, symbols)} {turn} {spares} {waiting} {rule} {number}"


def position_string(position: PositionState) -> str:
    """Write ``position`` as a position string."""
    placement = placement_text(position.kind, [None if p is None else p.symbol for p in position.board])
    spares = "/".join("".join(map(str, counts)) for counts in position.spares)
    waiting = "/".join(
        "".join(shape_letter(shape, color) for shape in shapes) or "-"
        for color, shapes in enumerate(position.waiting)
    )
    moves_left = "-" if position.moves_left is None else "%d/%d" % position.moves_left
    side = "w" if position.turn == WHITE else "b"
    return f"{placement} {side} {spares} {waiting} {moves_left} {position.number}"
