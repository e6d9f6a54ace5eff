"""What the status line and the board's highlights say, as values."""

from __future__ import annotations

from militakiri.pieces import SHAPE_NAMES, WHITE, Piece

from web.i18n.texts import cited, t
from web.model.values import Value


#: The status lines some code looks for after they are said, named once so
#: the one that says a line and the one that looks for it cannot differ.
#: (The other lines are said in one place; tests/web/test_pure_modules.py
#: checks every key said has its text.)
TOWER_WAITS = "tower_waits"  # the player's promoted tower waits (R15): not after the computer's move
COMPUTER_STARTING = "computer_starting"  # dropped once the computer's worker is ready
HINT_THINKING = "hint_thinking"  # becomes the hint's failure if the computer fails
GAME_OVER = "over"  # the game's end: the page sets the status bar apart


class Message(Value):
    """A line for the status bar: a texts.py key and its arguments.

    >>> Message("to_move", {"player": "White"}) == Message("to_move", {"player": "White"}, "info")
    True
    """

    __slots__ = ("key", "args", "level")

    def __init__(self, key: str, args: dict[str, object] | None = None, level: str = "info") -> None:
        self.key = key
        self.args = {} if args is None else args
        #: "info" or "warn" (a refused click: the board did not change).
        self.level = level

    def text(self) -> str:
        return t(self.key, **self.args)

    def rulings(self) -> list[str]:
        """The rulings a refusal applies (its details: the sentence itself
        names none, web/i18n/texts.py); none for other messages.

        >>> from militakiri.messages import text
        >>> warning("illegal_move", reason=text("blockade", player="White")).rulings()
        ['R18']
        >>> Message("setup_done_next", {"player": "Ann"}).rulings()
        []
        """
        return cited(self.key, **self.args) if self.level == "warn" else []


def warning(key: str, **args: object) -> Message:
    """A refusal: the board did not change, and this says why."""
    return Message(key, args, "warn")


class Mark(Value):
    """One highlight on the board. ``kind``: last, selected, move, take,
    ghost (a tower that can be put here: set-up, waiting or promoted tower),
    hint, cursor. ``piece``: the ghost's piece.

    >>> Mark("last", "c3"), Mark("last", "c3") == Mark("last", "c3", None)
    (Mark(kind='last', field='c3', piece=None), True)
    """

    __slots__ = ("kind", "field", "piece")

    def __init__(self, kind: str, field: str, piece: Piece | None = None) -> None:
        self.kind = kind
        self.field = field
        self.piece = piece


def describe(piece: Piece) -> str:
    """A piece in words from the table: 'White cross rank 2'."""
    side = t("white") if piece.color == WHITE else t("black")
    shape = t("shape_" + SHAPE_NAMES[piece.shape])
    if piece.is_tower:
        return t("piece_tower", side=side, shape=shape)
    if piece.height == 1:
        return t("piece_pawn", side=side, shape=shape)
    return t("piece_rank", side=side, shape=shape, height=piece.height)
