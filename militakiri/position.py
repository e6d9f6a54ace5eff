"""A position: everything the rules need to know to go on from here.

:class:`Position` is the one object the rest of the engine and the page ask
questions of. It is a :class:`~militakiri.state.PositionState` (the board
and counters, mutable with ``push`` and ``pop``, like python-chess's
``Board``) with the questions answered by the modules below it: legal moves
(:mod:`~militakiri.movegen`), why a move is refused
(:mod:`~militakiri.explain`) and the position string
(:mod:`~militakiri.notation`).

>>> position = Position.from_string(
...     "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
...     "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
>>> position.legal_moves()[:4]
['a3-b4', 'b3-b4', 'b3-b5', 'b3-b6']
>>> position.play("c3-d4").string()
's^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/3X12/X1P^1P1X1P1/P1X1P1X^P1X1/S1S1S^S1S1S1 b 122/122 -/- - 1'
"""

from __future__ import annotations

from . import movegen, notation
from .bounded import excerpt
from .errors import InvalidSquareError, InvalidTokenError
from .explain import parse_legal, why_illegal
from .messages import Text, text
from .move import Move
from .outcome import Outcome
from .pieces import Piece, tower
from .state import PositionState


class Position(PositionState):
    """The board, whose move it is, spares, waiting towers and move rule."""

    # Reading and writing ----------------------------------------------------

    @classmethod
    def from_string(cls, text: str) -> Position:
        """The position of a position string (NOTATION.md)."""
        return cls(**notation.parse_position(text))

    def string(self) -> str:
        """The position string (NOTATION.md)."""
        return notation.position_string(self)

    # Questions --------------------------------------------------------------

    def generate_moves(self) -> list[Move]:
        """The legal moves, in no particular order (fast; for searches)."""
        return movegen.legal_moves(self)

    def legal_moves(self) -> list[str]:
        """The legal move tokens, sorted as plain strings."""
        return sorted(move.token(self.kind) for move in movegen.legal_moves(self))

    def has_legal_move(self) -> bool:
        """Whether the player to move has a legal move; stops at the first.

        >>> Position.from_string("5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1").has_legal_move()
        True
        >>> boxed_in = Position.from_string("x^5/1S^4/6/6/6/6/6/6/6/6/6/5S1 b 000/000 -/- - 1")
        >>> boxed_in.has_legal_move(), boxed_in.outcome()   # R20
        (False, Outcome('1-0', 'no-moves'))
        """
        return movegen.has_legal_move(self)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal here, without making every legal move.

        >>> position = Position.from_string("5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1")
        >>> position.is_legal(Move.from_token("a1-a12", position.kind))
        True
        >>> position.is_legal(Move.from_token("a1xf12", position.kind))   # a1 and f12: no line
        False
        """
        if not isinstance(move, Move):
            raise InvalidTokenError(text("not_a_move_token", value=excerpt(move)))
        return movegen.is_legal(self, move)

    def preview(self, placements: tuple[int, ...] = (), move: Move | None = None) -> list[Piece | None]:
        """The board as a turn in the making shows it: the player's oldest
        waiting towers placed on ``placements`` (R15), then ``move`` played
        with the tower it promotes to not placed yet (R13: the player is
        still choosing its field). The position itself is unchanged.

        >>> position = Position.from_string("s^5/1s14/6/6/6/6/1S14/S^5 w 122/122 P/- - 1")
        >>> c1 = position.kind.square("c1")
        >>> position.preview((c1,))[c1]
        Piece('P^')
        """
        self._check_placements(placements)
        if move is not None and not isinstance(move, Move):
            raise InvalidTokenError(text("not_a_move", value=excerpt(move)))
        if move is not None:
            after = self.copy()
            after.push(move)
            board = list(after.board)
            if move.tower_field is not None:
                board[move.tower_field] = None
            return board
        board = list(self.board)
        for square, shape in zip(placements, self.waiting[self.turn]):
            board[square] = tower(self.turn, shape)
        return board

    def refusal(self, origin: int, target: int, placements: tuple[int, ...] = ()) -> Text | None:
        """Why no legal turn of the player to move goes from ``origin`` to
        ``target`` after placing waiting towers on ``placements`` (R24), as a
        player's sentence (``.say("nl")`` in Dutch); None when one does. A
        take is meant when ``target`` holds a piece. The page asks this when a
        player points at a field the piece cannot go to.

        >>> position = Position.from_string("5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1")
        >>> a1, f12, a12 = (position.kind.square(name) for name in ("a1", "f12", "a12"))
        >>> position.refusal(a1, a12) is None
        True
        >>> str(position.refusal(a1, f12))
        'f12 is not on a straight line from a1'
        """
        self._check_placements((origin, target) + self._check_placements(placements))
        if any(move.origin == origin and move.target == target and move.placements == placements
               for move in movegen.iter_legal_moves(self)):
            return None
        return why_illegal(self, Move(origin, target, is_take=self.board[target] is not None, placements=placements))

    def _check_placements(self, placements: object) -> tuple[int, ...]:
        """``placements`` if it is a tuple of this board's squares; else
        InvalidSquareError."""
        if not isinstance(placements, tuple):
            raise InvalidSquareError(text("placed_not_squares", value=excerpt(placements)))
        for sq in placements:
            self.kind.check_square(sq)
        return placements

    def outcome(self) -> Outcome | None:
        """How the rules have ended the game here, or ``None`` (R17, R19, R20).

        Worked out once per position and kept until the next push or pop.
        """
        return movegen.rules_outcome(self)

    def is_over(self) -> bool:
        return self.outcome() is not None

    def parse_move(self, token: str) -> Move:
        """The legal move written ``token``; refuses anything else (R24).

        Raises :class:`~militakiri.errors.InvalidTokenError` for a malformed
        token and :class:`~militakiri.errors.IllegalMoveError` (saying why)
        for one the rules do not allow here.
        """
        return parse_legal(self, token)

    def since_last_take(self, limit: int | None = None) -> list[Position]:
        """The positions the moves played here passed through since their
        last take, the latest first (at most ``limit``): the only earlier
        positions that can come again. The pieces on the board, the waiting
        towers and the spares together never grow, and every take makes
        them fewer (two pieces become one; a promotion spends a spare).
        Under the endgame rule none can: it stays on, and each move spends
        one of the move rule's moves (R16, R17).

        >>> position = Position.from_string("5s^/5s1/6/6/6/6/6/6/6/6/P15/S^5 w 000/000 -/- - 1")
        >>> [p.string() for p in position.play("a2-a3").play("f11-f10").since_last_take()]
        ['5s^/5s1/6/6/6/6/6/6/6/P15/6/S^5 b 000/000 -/- - 1', '5s^/5s1/6/6/6/6/6/6/6/6/P15/S^5 w 000/000 -/- - 1']
        """
        found: list[Position] = []
        if self.endgame:
            return found
        undone: list[Move] = []
        try:
            while self.undo_stack and (limit is None or len(found) < limit):
                move = self.pop()
                undone.append(move)
                if move.is_take:
                    break
                found.append(self.copy())
        finally:
            for move in reversed(undone):
                self.push(move)
        return found

    # Playing ----------------------------------------------------------------

    def play(self, token: str) -> Position:
        """Play the move written ``token``; returns ``self`` for chaining."""
        self.push(self.parse_move(token))
        return self

    def __repr__(self) -> str:
        return f"Position.from_string({self.string()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.string() == other.string()

    __hash__ = None  # type: ignore[assignment]  # mutable
