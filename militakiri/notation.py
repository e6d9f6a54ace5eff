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
from .pieces import BLACK, SHAPE_LETTERS, WHITE, Piece, piece_from_symbol, shape_letter
from .state import MOVE_RULE_MOVES, PositionState

if TYPE_CHECKING:
    from typing import Any, Sequence

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


def _error(text: str, message: str) -> InvalidPositionError:
    return InvalidPositionError(f"position string {excerpt(text)}: {message}")


def parse_position(text: str) -> dict[str, Any]:
    """Read a position string into PositionState's arguments; raise
    InvalidPositionError saying what is wrong.

    (Arguments, not an object, so that Position, which sits above this
    module, builds itself: ``Position(**parse_position(text))``.)

    >>> parse_position("6/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1")["kind"]
    BoardKind('single', files=6)
    """
    if not isinstance(text, str):
        raise InvalidPositionError(f"a position string must be text, not {type(text).__name__}")
    fields = split_words(text)
    if len(fields) != len(FIELD_NAMES):
        if len(fields) > len(FIELD_NAMES):
            problem = "extra: " + shorten(" ".join(fields[len(FIELD_NAMES):]), 60)
        else:
            problem = "missing: " + ", ".join(FIELD_NAMES[len(fields):])
        raise _error(
            text,
            f"has {len(fields)} fields, expected 6 ({', '.join(FIELD_NAMES)}); {problem}",
        )
    placement, side, spares, waiting, moves_left, number = fields
    kind, board = _parse_placement(text, placement)
    if side not in ("w", "b"):
        raise _error(text, f"side to move is {excerpt(side)}, expected 'w' or 'b'")
    return dict(
        kind=kind,
        board=board,
        turn=WHITE if side == "w" else BLACK,
        spares=_parse_spares(text, spares),
        waiting=_parse_waiting(text, waiting),
        moves_left=_parse_moves_left(text, moves_left, MOVE_RULE_MOVES[kind.name]),
        number=_parse_number(text, number),
    )


def _parse_placement(text: str, placement: str) -> tuple[BoardKind, list[Piece | None]]:
    ranks = placement.split("/")
    rows = len(ranks)
    if rows not in (ROWS, EARLIER_ROWS):
        raise _error(text, f"placement has {len(ranks)} ranks, expected {ROWS} "
                           f"({EARLIER_ROWS} on the earlier board of old games)")
    items: list[list[Piece | None]] = []
    widest = DOUBLE.files
    for index, rank_text in enumerate(ranks):
        rank_number = rows - index
        row: list[Piece | None] = []
        for letter, height, empty, other in _rank_items(rank_text):
            if other:
                raise _error(
                    text,
                    f"rank {rank_number} ({excerpt(rank_text)}): {quote(other)} is neither a "
                    "piece (S, X, P or s, x, p) nor a count of empty fields",
                )
            if empty:
                if empty.startswith("0") or len(empty) > len(str(widest)) or int(empty) > widest:
                    raise _error(
                        text,
                        f"rank {rank_number} ({excerpt(rank_text)}): {excerpt(empty)} is not a count "
                        f"of empty fields (1 to {widest}, no leading 0)",
                    )
                row += [None] * int(empty)
            else:
                piece = piece_from_symbol(letter + height)
                if piece is None:
                    what = f"height {height}" if height else "nothing"
                    raise _error(
                        text,
                        f"rank {rank_number} ({excerpt(rank_text)}): {letter!r} is followed by "
                        f"{what!s}; a piece is a shape letter then a height 1-4 or '^'",
                    )
                row.append(piece)
            if len(row) > widest:
                raise _error(text, f"rank {rank_number} ({excerpt(rank_text)}) has more than "
                                   f"{widest} fields; a board has 6 (single) or 12 (double)")
        items.append(row)
    width = len(items[0])
    kind = board_with_files(width, rows)
    if kind is None:
        raise _error(
            text,
            f"rank {rows} ({excerpt(ranks[0])}) has {width} fields; a board has 6 (single) or 12 (double)",
        )
    for index, row in enumerate(items):
        if len(row) != width:
            raise _error(
                text,
                f"rank {rows - index} ({excerpt(ranks[index])}) has {len(row)} fields, "
                f"expected {width} like rank {rows}",
            )
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


def _parse_spares(text: str, field: str) -> tuple[tuple[int, ...], ...]:
    sides = field.split("/")
    if len(sides) != 2 or not all(len(side) == 3 and is_digits(side) for side in sides):
        raise _error(
            text,
            f"spare towers {excerpt(field)}: expected White's and Black's star, cross "
            "and plus counts as two groups of three digits, e.g. '122/122'",
        )
    return tuple(tuple(int(digit) for digit in side) for side in sides)


def _parse_waiting(text: str, field: str) -> tuple[tuple[int, ...], ...]:
    sides = field.split("/")
    if len(sides) != 2:
        raise _error(
            text, f"waiting towers {excerpt(field)}: expected White's and Black's shapes, e.g. '-/-' or 'XP/s'"
        )
    result: list[tuple[int, ...]] = []
    for color, side in ((WHITE, sides[0]), (BLACK, sides[1])):
        if side == "-":
            result.append(())
            continue
        if not side:  # none is written '-' (NOTATION.md), never left out: the string reads back as written
            raise _error(text, f"waiting towers {excerpt(field)}: a side with none is written '-'")
        shapes = []
        for letter in side:
            if letter.upper() not in SHAPE_LETTERS or letter != shape_letter(
                SHAPE_LETTERS.index(letter.upper()), color
            ):
                owner = "White's (S, X, P)" if color == WHITE else "Black's (s, x, p)"
                raise _error(
                    text,
                    f"waiting towers {excerpt(field)}: {quote(letter)} is not one of {owner} "
                    "shape letters, and '-' stands for none",
                )
            shapes.append(SHAPE_LETTERS.index(letter.upper()))
        result.append(tuple(shapes))
    return tuple(result)


def _parse_moves_left(text: str, field: str, most: int) -> tuple[int, int] | None:
    if field == "-":
        return None
    counts = field.split("/")
    if len(counts) != 2 or not all(
        is_digits(n) and len(n) <= len(str(most)) and int(n) <= most for n in counts
    ):
        raise _error(
            text,
            f"move rule {excerpt(field)}: expected '-' (endgame rule off) or White's "
            f"and Black's moves left (0 to {most}), e.g. '50/49'",
        )
    return (int(counts[0]), int(counts[1]))


def _parse_number(text: str, field: str) -> int:
    try:
        return read_int(field, "move number", 1, MAX_MOVE_NUMBER, InvalidPositionError)
    except InvalidPositionError as error:
        raise _error(text, str(error)) from None


def placement_text(kind: BoardKind, symbols: Sequence[str | None]) -> str:
    """The placement field: ``symbols`` field by field in ``Position.board``
    order (a1, b1, ...; a piece's symbol, or None for an empty field).

    >>> from militakiri.board import SINGLE
    >>> placement_text(SINGLE, ["S^"] + [None] * 70 + ["s^"])
    '5s^/6/6/6/6/6/6/6/6/6/6/S^5'
    """
    ranks = []
    for rank in reversed(range(kind.rows)):
        text, empty = "", 0
        for symbol in symbols[rank * kind.files:(rank + 1) * kind.files]:
            if symbol is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + symbol
            empty = 0
        ranks.append(text + (str(empty) if empty else ""))
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
