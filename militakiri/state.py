"""The position's state, and playing a move on it and taking it back.

:class:`PositionState` is the board, whose move it is, the spares, the
waiting towers and the move rule, with the piece counts the rules keep
asking for. It is mutable, like python-chess's ``Board``: ``push`` carries
out one whole turn and ``pop`` takes it back exactly, so a search walks the
game tree without copying.

``push`` does, in order: the waiting towers placed (R15), the move or take
and what the take does (R10-R14), then the bookkeeping after the turn in the
order RULINGS.md gives: the move-rule counter, then the endgame rule may
start (R16, R17). Which turns are allowed is :mod:`~militakiri.movegen`'s
question; the ends that need only counting (R19, R17's draw) are answered
here by :meth:`PositionState.decided_outcome`.

>>> from militakiri.board import SINGLE
>>> from militakiri.move import Move
>>> from militakiri.pieces import piece_from_symbol
>>> board = [None] * SINGLE.size
>>> board[SINGLE.square("a1")] = piece_from_symbol("S^")
>>> board[SINGLE.square("f12")] = piece_from_symbol("s^")
>>> state = PositionState(SINGLE, board)
>>> state.push(Move(SINGLE.square("a1"), SINGLE.square("f6")))
>>> state.turn, state.number, state.moves_left
(1, 1, (50, 50))
>>> state.pop().target == SINGLE.square("f6"), state.moves_left
(True, None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import BoardKind
from .bounded import excerpt, not_a_player
from .errors import IllegalMoveError
from .messages import text
from .move import Move
from .outcome import Outcome, Termination
from .pieces import BLACK, PROMOTION_HEIGHT, WHITE, Piece, stack, tower

if TYPE_CHECKING:
    from typing import Iterator, Self

    #: What pop needs of a move: the move, the pieces on its origin and
    #: target, the mover's spares and waiting towers, the move rule, the
    #: number, the piece counts and the kept outcome, as before it.
    Undo = tuple[Move, Piece | None, Piece | None, tuple[int, ...], tuple[int, ...], tuple[int, ...] | None,
                 int, list[int], list[int], object]

#: Moves each player has left when the endgame rule starts (R17).
MOVE_RULE_MOVES = {"single": 50, "double": 100}

#: ``cached_outcome`` before anyone has asked (``None`` means "goes on").
UNKNOWN = object()


def take_result(attacker: Piece, defender: Piece) -> tuple[Piece, int | None]:
    """What stands on the taken field after ``attacker`` takes ``defender``.

    Returns ``(piece, promotion)``: the piece left on the field, and the
    shape promoted to when the merged stack reaches its promotion height and
    a spare tower may replace it (the caller checks the spares; R13, R14).
    """
    if attacker.is_tower or defender.is_tower:
        return attacker, None  # R10: towers remove, and are removed whole
    if attacker.height < defender.height:
        return attacker, None  # R11
    height = attacker.height + defender.height  # R12
    limit = PROMOTION_HEIGHT[attacker.shape]
    if height >= limit:
        return stack(attacker.color, attacker.shape, limit), attacker.shape
    return stack(attacker.color, attacker.shape, height), None


class PositionState:
    """The board, whose move it is, spares, waiting towers and move rule."""

    def __init__(
        self,
        kind: BoardKind,
        board: list[Piece | None],
        turn: int = WHITE,
        spares: tuple[tuple[int, ...], ...] = ((0, 0, 0), (0, 0, 0)),
        waiting: tuple[tuple[int, ...], ...] = ((), ()),
        moves_left: tuple[int, ...] | None = None,
        number: int = 1,
    ) -> None:
        self.kind = kind
        self.board = board
        self.turn = turn
        #: ``spares[color]``: spare towers left, counted (star, cross, plus).
        self.spares: list[tuple[int, ...]] = list(spares)
        #: ``waiting[color]``: shapes of promoted towers waiting for a free
        #: field of the set-up zone (R15), oldest first.
        self.waiting: list[tuple[int, ...]] = list(waiting)
        #: ``None`` while the endgame rule is off (R16); once it is on,
        #: each player's moves left under the move rule (R17).
        self.moves_left: tuple[int, ...] | None = moves_left
        #: The move number, growing after each move of Black, as in chess.
        self.number = number
        # Pieces on the board per color, kept up to date by push and pop:
        # R16, R18 and R19 ask for them after every move.
        self.towers = [0, 0]
        self.stacks = [0, 0]
        for piece in board:
            if piece is not None:
                if piece.is_tower:
                    self.towers[piece.color] += 1
                else:
                    self.stacks[piece.color] += 1
        #: What pop needs of each move played (see push).
        self.undo_stack: list[Undo] = []
        #: The rules' outcome here once asked (movegen.rules_outcome), else
        #: UNKNOWN. push and pop keep it right; code that changes the
        #: fields directly must restore them before it asks.
        self.cached_outcome: Outcome | None | object = UNKNOWN

    def copy(self) -> Self:
        """An independent copy, without the moves that led here."""
        return type(self)(
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
        if type(color) is not int or not 0 <= color <= 1:
            raise not_a_player(color)
        board = self.board
        return [sq for sq in self.kind.zone[color] if board[sq] is None]

    def is_lone_tower(self, color: int) -> bool:
        """Whether ``color``'s only piece on the board is one tower."""
        if type(color) is not int or not 0 <= color <= 1:
            raise not_a_player(color)
        return self.stacks[color] == 0 and self.towers[color] == 1

    def decided_outcome(self) -> Outcome | None:
        """The end by towers (R19) or the move rule (R17), in the rulings' order.

        In play only the player to move can have lost their towers, since
        nobody loses pieces on their own turn; a hand-written position is
        judged the same way, the player to move first. The end with no
        legal move (R20) needs move generation: see movegen.rules_outcome.

        >>> from militakiri.board import SINGLE
        >>> from militakiri.pieces import piece_from_symbol
        >>> board = [None] * SINGLE.size
        >>> board[0] = piece_from_symbol("S^")
        >>> PositionState(SINGLE, board, turn=1).decided_outcome()   # Black has no tower
        Outcome('1-0', 'towers')
        """
        for color in (self.turn, 1 - self.turn):
            if self.towers[color] == 0:
                return Outcome(Termination.TOWERS, winner=1 - color)
        if self.moves_left is not None and not any(self.moves_left):
            return Outcome(Termination.MOVE_RULE, winner=None)
        return None

    # Playing ----------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Play ``move``, which must be legal (see movegen.is_legal): it is
        not checked here, only that it is a Move."""
        if not isinstance(move, Move):
            raise IllegalMoveError(text("not_a_move", value=excerpt(move)))
        board = self.board
        color = self.turn
        foe = 1 - color
        towers, stacks = self.towers, self.stacks
        origin, target = move.origin, move.target
        piece = board[origin]
        defender = board[target]
        # Everything pop needs; the fields a turn fills (placements, the new
        # tower's field) were empty before it, so they need no saving.
        self.undo_stack.append((
            move, piece, defender,
            self.spares[color], self.waiting[color], self.moves_left,
            self.number, towers[:], stacks[:], self.cached_outcome,
        ))
        self.cached_outcome = UNKNOWN

        if move.placements:  # R15: the oldest waiting towers first
            waiting = self.waiting[color]
            for sq, shape in zip(move.placements, waiting):
                board[sq] = tower(color, shape)
            self.waiting[color] = waiting[len(move.placements):]
            towers[color] += len(move.placements)
            piece = board[origin]  # a tower just placed may be the one that moves

        board[origin] = None
        if defender is None:
            board[target] = piece
        else:
            if defender.is_tower:
                towers[foe] -= 1
            else:
                stacks[foe] -= 1
            assert piece is not None  # a legal move starts on a piece
            result, promotion = take_result(piece, defender)
            if promotion is not None and self.spares[color][promotion] > 0:
                # R13: the whole stack leaves; a spare tower replaces it.
                spares = list(self.spares[color])
                spares[promotion] -= 1
                self.spares[color] = tuple(spares)
                stacks[color] -= 1
                board[target] = None
                if move.tower_field is None:
                    self.waiting[color] += (promotion,)
                else:
                    board[move.tower_field] = tower(color, promotion)
                    towers[color] += 1
            else:
                board[target] = result  # R14 caps the height when no spare is left

        # After the turn, in the order of RULINGS.md.
        if self.moves_left is not None:
            left = list(self.moves_left)
            left[color] = max(0, left[color] - 1)
            self.moves_left = tuple(left)
        elif towers[foe] and (  # R19 first: a won game starts nothing
            (stacks[color] == 0 and towers[color] == 1) or (stacks[foe] == 0 and towers[foe] == 1)
        ):
            moves = MOVE_RULE_MOVES[self.kind.name]
            self.moves_left = (moves, moves)  # R16, R17
        if color == BLACK:
            self.number += 1
        self.turn = foe

    def pop(self) -> Move:
        """Take back the last move pushed, and return it."""
        if not self.undo_stack:
            raise IllegalMoveError(text("no_take_back"))
        (move, piece, defender, spares, waiting, moves_left, number, towers, stacks,
         self.cached_outcome) = self.undo_stack.pop()
        board = self.board
        color = 1 - self.turn
        # Undo in reverse: the new tower's field may be the origin or the target,
        # and the origin may be a field a waiting tower was just placed on.
        if move.tower_field is not None:
            board[move.tower_field] = None
        board[move.origin] = piece
        board[move.target] = defender
        for sq in move.placements:
            board[sq] = None
        self.turn = color
        self.spares[color] = spares
        self.waiting[color] = waiting
        self.moves_left = moves_left
        self.number = number
        self.towers = towers
        self.stacks = stacks
        return move
