"""Build test positions by naming only the pieces that matter.

>>> make("single", {"a1": "S^", "f8": "s^"})
'5s^/6/6/6/6/6/6/S^5 w 000/000 -/- - 1'
"""

from militakiri import Position
from militakiri.notation import compose_position


#: A position string with ``pieces`` (``{"c3": "X2"}``) on an empty board.
make = compose_position


def position(board: str, pieces: dict[str, str], **fields) -> Position:
    return Position.from_string(make(board, pieces, **fields))


def moves_from(pos: Position, square: str) -> list[str]:
    """The legal tokens whose move starts on ``square``."""
    return [t for t in pos.legal_moves() if t.split(",")[-1].startswith(square)]


def at(pos: Position, square: str) -> str | None:
    """The symbol on ``square``, or None."""
    piece = pos.board[pos.kind.square(square)]
    return None if piece is None else piece.symbol
