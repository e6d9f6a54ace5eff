"""What the status line and the board's highlights say, as values."""

from __future__ import annotations

from dataclasses import dataclass, field

from militakiri.pieces import SHAPE_NAMES, WHITE

from web.i18n.texts import t


@dataclass
class Message:
    """A line for the status bar: a texts.py key and its arguments."""

    key: str
    args: dict = field(default_factory=dict)
    #: "info" or "warn" (a refused click: the board did not change).
    level: str = "info"

    def text(self) -> str:
        return t(self.key, **self.args)


def warning(key: str, **args) -> Message:
    """A refusal: the board did not change, and this says why."""
    return Message(key, args, "warn")


@dataclass(frozen=True)
class Mark:
    """One highlight on the board. ``kind``: last, selected, move, take,
    ghost (a tower that can be put here: set-up, waiting or promoted tower),
    hint, cursor. ``piece``: the ghost's piece."""

    kind: str
    square: str
    piece: object = None


def describe(piece) -> str:
    """A piece in words from the table: 'White cross rank 2'."""
    side = t("white") if piece.color == WHITE else t("black")
    shape = t("shape_" + SHAPE_NAMES[piece.shape])
    if piece.is_tower:
        return t("piece_tower", side=side, shape=shape)
    if piece.height == 1:
        return t("piece_pawn", side=side, shape=shape)
    return t("piece_rank", side=side, shape=shape, height=piece.height)
