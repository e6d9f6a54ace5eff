"""Colors, shapes and pieces (R3, R7).

A piece is either a *tower* or a *stack*: a pawn (height 1) or a rank
(height 2 to 4). A stack belongs wholly to the player whose pawn is on top and
is fully described by owner, top shape and height. Every possible piece is
made once here, so pieces compare by identity and cost nothing to create.

>>> piece_from_symbol("x3")
Piece('x3')
>>> piece_from_symbol("P^").is_tower
True
"""

from __future__ import annotations

WHITE, BLACK = 0, 1
#: The sides as players read them (R28); the notation keeps its letters and tags.
COLOR_NAMES = ("Red", "Blue")

STAR, CROSS, PLUS = 0, 1, 2
SHAPES = (STAR, CROSS, PLUS)
SHAPE_LETTERS = "SXP"
SHAPE_NAMES = ("star", "cross", "plus")

#: The height at which a merged stack promotes to a tower (R13).
PROMOTION_HEIGHT = (4, 3, 3)
#: The greatest height of a stack; a height above it is malformed.
MAX_HEIGHT = 4

TOWER = 0  # the "height" of a tower in a piece's key


def opponent(color: int) -> int:
    return 1 - color


def shape_letter(shape: int, color: int) -> str:
    """The shape letter in the color's case: ``X`` White, ``x`` Black."""
    letter = SHAPE_LETTERS[shape]
    return letter if color == WHITE else letter.lower()


class Piece:
    """A tower or a stack of one color and top shape."""

    __slots__ = ("color", "shape", "height", "is_tower", "symbol")

    def __init__(self, color: int, shape: int, height: int) -> None:
        self.color = color
        self.shape = shape
        #: 1-4 for a stack, 0 for a tower.
        self.height = height
        self.is_tower = height == TOWER
        self.symbol = shape_letter(shape, color) + ("^" if self.is_tower else str(height))

    @property
    def is_stack(self) -> bool:
        return not self.is_tower

    def __repr__(self) -> str:
        return f"Piece({self.symbol!r})"


_PIECES = {
    (color, shape, height): Piece(color, shape, height)
    for color in (WHITE, BLACK)
    for shape in SHAPES
    for height in range(MAX_HEIGHT + 1)
}
_BY_SYMBOL = {piece.symbol: piece for piece in _PIECES.values()}


def tower(color: int, shape: int) -> Piece:
    return _PIECES[color, shape, TOWER]


def stack(color: int, shape: int, height: int) -> Piece:
    return _PIECES[color, shape, height]


def piece_from_symbol(symbol: str) -> Piece | None:
    """The piece written ``symbol`` (``S1``, ``x3``, ``P^``), or ``None``."""
    return _BY_SYMBOL.get(symbol)
