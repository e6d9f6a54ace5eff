"""Zobrist keys: a 64-bit hash of a position, updated field by field as the
search pushes and pops moves."""

from __future__ import annotations

from ..board import BoardKind
from ..pieces import SHAPES, stack, tower
from ..position import Position
from ..randomness import Random

class _Keys:
    """Random 64-bit keys for one board size, from a fixed seed (the same
    keys in every interpreter: :mod:`militakiri.randomness`)."""

    def __init__(self, kind: BoardKind) -> None:
        rng = Random(f"militakiri zobrist {kind.name}")

        def bits() -> int:
            return rng.getrandbits(64)

        pieces = [
            stack(color, shape, height) if height else tower(color, shape)
            for color in (0, 1) for shape in SHAPES for height in range(5)
        ]
        #: squares[sq][piece]
        self.squares = [{piece: bits() for piece in pieces} for _ in kind.squares]
        self.turn = bits()
        self.spares = [[[bits() for _ in range(16)] for _ in SHAPES] for _ in (0, 1)]
        self.waiting = [[[bits() for _ in SHAPES] for _ in range(32)] for _ in (0, 1)]
        self.endgame = bits()
        self.moves_left = [[bits() for _ in range(256)] for _ in (0, 1)]

    def board(self, position: Position) -> int:
        h = 0
        squares = self.squares
        for sq, piece in enumerate(position.board):
            if piece is not None:
                h ^= squares[sq][piece]
        return h

    def state(self, position: Position) -> int:
        """Everything but the board: turn, spares, waiting, move rule."""
        h = self.turn if position.turn else 0
        for color in (0, 1):
            counts = position.spares[color]
            table = self.spares[color]
            h ^= table[0][counts[0] & 15] ^ table[1][counts[1] & 15] ^ table[2][counts[2] & 15]
            for i, shape in enumerate(position.waiting[color]):
                h ^= self.waiting[color][i & 31][shape]
        left = position.moves_left
        if left is not None:
            h ^= self.endgame ^ self.moves_left[0][left[0] & 255] ^ self.moves_left[1][left[1] & 255]
        return h

    def key(self, position: Position) -> int:
        return self.board(position) ^ self.state(position)


#: Keyed by the board itself, not its name: the official single board and
#: the earlier 8-rank one share a name but not their squares.
_KEYS: dict[BoardKind, _Keys] = {}


def zobrist_keys(kind: BoardKind) -> _Keys:
    keys = _KEYS.get(kind)
    if keys is None:
        keys = _KEYS[kind] = _Keys(kind)
    return keys


def zobrist(position: Position) -> int:
    """The Zobrist key of the position: board, turn, spares, waiting, move rule."""
    return zobrist_keys(position.kind).key(position)


