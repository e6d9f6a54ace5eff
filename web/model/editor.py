"""The analysis board's editor: a position set up by hand, piece
by piece, then played on or shared. Plain Python; every check is the
engine's: the position string is read by ``Position.from_string`` and a
game must be able to reach it (``militakiri.reachable``), so a refusal
names the engine's reason, in the page's language. web/ui/editor.py shows
it beside Play from here.

>>> editor = BoardEditor.empty("single")
>>> editor.put("a1", tower(WHITE, STAR)); editor.put("f12", tower(BLACK, STAR))
>>> editor.position_string()
'5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1'
>>> editor.problem() is None
True
>>> editor.put("c5", stack(WHITE, CROSS, 4))
>>> editor.problem()
'No game can reach this position: the Red cross rank 4 on c5 is too high: a cross rank has 3 pawns at most (R13, R14)'
>>> BoardEditor.empty("single").problem()
"The game is over here: Red has no tower left on the board. Put both players' towers on the board."

"""

from __future__ import annotations

from militakiri import MilitakiriError, Position
from militakiri.board import ROWS, board_kind
from militakiri.pieces import BLACK, CROSS, SHAPES, STAR, WHITE, Piece, stack, tower  # noqa: F401 (the doctest's)
from militakiri.reachable import check_reachable

from web.i18n.texts import language, t
from web.model.formatting import result_texts
from web.model.status import describe

#: Spare towers a player may be given per shape: one digit in the position
#: string (NOTATION.md); the engine says how many a set-up has.
MAX_SPARES = 9


class BoardEditor:
    """A position being set up: the board's pieces by field, the side to
    move, each player's spare towers per shape and waiting towers."""

    def __init__(self, kind_name: str, board: list[Piece | None], turn: int = WHITE,
                 spares: tuple[tuple[int, ...], ...] = ((0, 0, 0), (0, 0, 0)),
                 waiting: tuple[tuple[int, ...], ...] = ((), ()), rows: int = ROWS) -> None:
        # ``rows``: the earlier 8-rank board's for a position of a game played on it (web/model/earlier.py).
        self.kind = board_kind(kind_name, rows)
        self.board = board
        self.turn = turn
        self.spares = [tuple(spares[0]), tuple(spares[1])]
        self.waiting = [tuple(waiting[0]), tuple(waiting[1])]

    @classmethod
    def empty(cls, kind_name: str) -> BoardEditor:
        kind = board_kind(kind_name)
        return cls(kind_name, [None] * (kind.files * kind.rows))

    @classmethod
    def from_position(cls, position: Position) -> BoardEditor:
        """The editor holding ``position`` (the move rule's count and the
        move number start again: a set-up position is a new start)."""
        return cls(position.kind.name, list(position.board), position.turn,
                   tuple(position.spares), tuple(position.waiting), position.kind.rows)

    def put(self, field: str, piece: Piece | None) -> None:
        """Put ``piece`` on ``field`` (None: empty it). Raises
        InvalidSquareError for a field not on this board."""
        self.board[self.kind.square(field)] = piece

    def piece_at(self, field: str) -> Piece | None:
        return self.board[self.kind.square(field)]

    def field_words(self, field: str) -> str:
        """What a screen reader says of ``field``: the field and what stands
        on it in the page's words, never the notation's letters.

        >>> editor = BoardEditor.empty("single")
        >>> editor.put("a12", tower(BLACK, STAR))
        >>> editor.field_words("a12"), editor.field_words("b3")
        ('a12: Blue star tower', 'b3: empty')
        """
        piece = self.piece_at(field)
        if piece is None:
            return t("ed_field_empty", square=field)
        return t("ed_field", square=field, piece=describe(piece))

    def set_spares(self, color: int, shape: int, count: int) -> None:
        spares = list(self.spares[color])
        spares[shape] = max(0, min(MAX_SPARES, int(count)))
        self.spares[color] = tuple(spares)

    def set_waiting(self, color: int, shape: int, count: int) -> None:
        """``count`` waiting towers of ``shape`` for ``color`` (R15), kept
        in the order star, cross, plus (which waited first matters only for
        the order they are placed in)."""
        counts = [self.waiting[color].count(s) for s in SHAPES]
        counts[shape] = max(0, min(MAX_SPARES, int(count)))
        self.waiting[color] = tuple(s for s in SHAPES for _ in range(counts[s]))

    def clear(self) -> None:
        self.board = [None] * len(self.board)
        self.waiting = [(), ()]

    def position_string(self) -> str:
        """The position as NOTATION.md writes it, at move 1."""
        return Position(self.kind, list(self.board), self.turn, tuple(self.spares), tuple(self.waiting)).string()

    def problem(self) -> str | None:
        """Why this position cannot be played on (the engine's words): no
        game reaches it, or the rules have ended the game there (an empty
        board, a player without a tower); None when it can."""
        try:
            position = Position.from_string(self.position_string())
            check_reachable(position)
        except MilitakiriError as error:
            return _sentence(error.say(language()))
        outcome = position.outcome()
        if outcome is not None:  # nothing to play on from (R19, R20)
            return t("ed_over", result=result_texts(outcome, (t("white"), t("black")))[1])
        return None


def _sentence(words: str) -> str:
    """The engine's reason as a sentence: a capital first letter.

    >>> _sentence("no game can reach this position")
    'No game can reach this position'
    """
    return words[:1].upper() + words[1:]
