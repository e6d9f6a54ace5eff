"""Build test positions by naming only the pieces that matter.

>>> make("single", {"a1": "S^", "f8": "s^"})
'5s^/6/6/6/6/6/6/S^5 w 000/000 -/- - 1'
"""

from militakiri import Position, board_kind


def make(
    board: str,
    pieces: dict[str, str],
    turn: str = "w",
    spares: str = "000/000",
    waiting: str = "-/-",
    rule: str = "-",
    number: int = 1,
) -> str:
    """A position string with ``pieces`` (``{"c3": "X2"}``) on an empty board."""
    kind = board_kind(board)
    cells = [None] * kind.size
    for name, symbol in pieces.items():
        cells[kind.square(name)] = symbol
    ranks = []
    for rank in reversed(range(kind.rows)):
        text, empty = "", 0
        for cell in cells[rank * kind.files:(rank + 1) * kind.files]:
            if cell is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + cell
            empty = 0
        ranks.append(text + (str(empty) if empty else ""))
    return f"{'/'.join(ranks)} {turn} {spares} {waiting} {rule} {number}"


def position(board: str, pieces: dict[str, str], **fields) -> Position:
    return Position.from_string(make(board, pieces, **fields))


def moves_from(pos: Position, square: str) -> list[str]:
    """The legal tokens whose move starts on ``square``."""
    return [t for t in pos.legal_moves() if t.split(",")[-1].startswith(square)]


def at(pos: Position, square: str) -> str | None:
    """The symbol on ``square``, or None."""
    piece = pos.board[pos.kind.square(square)]
    return None if piece is None else piece.symbol
