"""A position: everything the rules need to know to go on from here.

:class:`Position` is mutable, like python-chess's ``Board``: ``push`` plays a
move and ``pop`` takes it back, so a search walks the game tree without
copying. It is the one object the rest of the engine asks questions of; the
questions themselves are answered by their own modules (move generation,
applying moves, outcome, notation).

>>> position = Position.from_string(
...     "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/X1P^X1P1X1P1/"
...     "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
>>> position.legal_moves()[:4]
['a3-b4', 'b3-b4', 'b3-b5', 'b3xe6']
>>> position.play("c3-d4").string()
's^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/3X12/X1P^1P1X1P1/P1X1P1X^P1X1/S1S1S^S1S1S1 b 122/122 -/- - 1'
"""

from __future__ import annotations

from typing import Iterator

from . import apply, movegen, notation, outcome
from .board import BoardKind
from .move import Move
from .pieces import WHITE, Piece


class Position:
    """The board, whose move it is, spares, waiting towers and move rule."""

    def __init__(
        self,
        kind: BoardKind,
        board: list[Piece | None],
        turn: int = WHITE,
        spares: tuple[tuple[int, int, int], tuple[int, int, int]] = ((0, 0, 0), (0, 0, 0)),
        waiting: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
        moves_left: tuple[int, int] | None = None,
        number: int = 1,
    ) -> None:
        self.kind = kind
        self.board = board
        self.turn = turn
        #: ``spares[color]``: spare towers left, counted (star, cross, plus).
        self.spares = list(spares)
        #: ``waiting[color]``: shapes of promoted towers waiting for a free
        #: field of the set-up zone (R15), oldest first.
        self.waiting = list(waiting)
        #: ``None`` while the endgame rule is off (R16); once it is on,
        #: each player's moves left under the move rule (R17).
        self.moves_left = moves_left
        #: The move number, growing after each move of Black, as in chess.
        self.number = number
        # Pieces on the board per colour, kept up to date by push and pop:
        # R16, R18 and R19 ask for them after every move.
        self.towers = [0, 0]
        self.stacks = [0, 0]
        for piece in board:
            if piece is not None:
                if piece.is_tower:
                    self.towers[piece.color] += 1
                else:
                    self.stacks[piece.color] += 1
        self.undo_stack: list[tuple] = []

    # Reading and writing ----------------------------------------------------

    @classmethod
    def from_string(cls, text: str) -> Position:
        """The position of a position string (NOTATION.md)."""
        return notation.parse_position(text)

    def string(self) -> str:
        """The position string (NOTATION.md)."""
        return notation.position_string(self)

    def copy(self) -> Position:
        """An independent copy, without the moves that led here."""
        return Position(
            self.kind,
            list(self.board),
            self.turn,
            tuple(self.spares),
            tuple(self.waiting),
            self.moves_left,
            self.number,
        )

    # Questions --------------------------------------------------------------

    @property
    def endgame(self) -> bool:
        """Whether the endgame rule is on (R16)."""
        return self.moves_left is not None

    def pieces(self, color: int) -> Iterator[tuple[int, Piece]]:
        """``(square, piece)`` for each piece of ``color`` on the board."""
        for sq, piece in enumerate(self.board):
            if piece is not None and piece.color == color:
                yield sq, piece

    def free_zone_fields(self, color: int) -> list[int]:
        """The empty fields of ``color``'s set-up zone."""
        board = self.board
        return [sq for sq in self.kind.zone[color] if board[sq] is None]

    def is_lone_tower(self, color: int) -> bool:
        """Whether ``color``'s only piece on the board is one tower."""
        return self.stacks[color] == 0 and self.towers[color] == 1

    def generate_moves(self) -> list[Move]:
        """The legal moves, in no particular order (fast; for searches)."""
        return movegen.legal_moves(self)

    def legal_moves(self) -> list[str]:
        """The legal move tokens, sorted as plain strings."""
        return sorted(move.token(self.kind) for move in movegen.legal_moves(self))

    def outcome(self) -> outcome.Outcome | None:
        """How the rules have ended the game here, or ``None`` (R17, R19, R20)."""
        return outcome.rules_outcome(self)

    def is_over(self) -> bool:
        return self.outcome() is not None

    def parse_move(self, token: str) -> Move:
        """The legal move written ``token``; refuses anything else (R24).

        Raises :class:`~militakiri.errors.InvalidTokenError` for a malformed
        token and :class:`~militakiri.errors.IllegalMoveError` (saying why)
        for one the rules do not allow here.
        """
        return movegen.parse_legal(self, token)

    # Playing ----------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Play ``move``, which must be legal (see :meth:`parse_move`)."""
        apply.push(self, move)

    def pop(self) -> Move:
        """Take back the last move pushed, and return it."""
        return apply.pop(self)

    def play(self, token: str) -> Position:
        """Play the move written ``token``; returns ``self`` for chaining."""
        self.push(self.parse_move(token))
        return self

    def __repr__(self) -> str:
        return f"Position.from_string({self.string()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.string() == other.string()

    __hash__ = None  # mutable

