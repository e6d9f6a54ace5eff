"""Moves: one player's whole turn, and its move token (NOTATION.md).

A token reads, in order: the waiting towers placed first (R15), each as
``@field,``; the move ``from-to`` or take ``fromxto``; for a take that
promotes (R13) ``=`` and the shape in the mover's case, then ``@field`` where
the new tower goes, or nothing if it has to wait.

>>> from militakiri.board import SINGLE
>>> move = Move.from_token("@a2,d5xd6=X@e2", SINGLE)
>>> [SINGLE.square_name(sq) for sq in move.placements], move.is_take
(['a2'], True)
>>> move.token(SINGLE)
'@a2,d5xd6=X@e2'
"""

from __future__ import annotations

import re

from .board import BoardKind
from .errors import InvalidSquareError, InvalidTokenError
from .pieces import BLACK, SHAPE_LETTERS, WHITE, shape_letter

_SQUARE = r"[a-l](?:[1-9][0-9]?)"
_TOKEN = re.compile(
    rf"(?P<placements>(?:@{_SQUARE},)*)"
    rf"(?P<origin>{_SQUARE})(?P<kind>[-x])(?P<target>{_SQUARE})"
    rf"(?:=(?P<shape>[SXPsxp])(?:@(?P<field>{_SQUARE}))?)?"
)


class Move:
    """A turn: placements of waiting towers, then a move or a take.

    ``promotion`` is the shape of the tower a take promotes to, or ``None``;
    ``tower_field`` is where that tower goes, ``None`` when it waits (R15).
    ``promotion_color`` is the colour the token's shape letter was written
    in; a legal move always has the mover's.
    """

    __slots__ = (
        "placements",
        "origin",
        "target",
        "is_take",
        "promotion",
        "promotion_color",
        "tower_field",
    )

    def __init__(
        self,
        origin: int,
        target: int,
        is_take: bool = False,
        placements: tuple[int, ...] = (),
        promotion: int | None = None,
        tower_field: int | None = None,
        promotion_color: int = WHITE,
    ) -> None:
        self.placements = placements
        self.origin = origin
        self.target = target
        self.is_take = is_take
        self.promotion = promotion
        self.promotion_color = promotion_color
        self.tower_field = tower_field

    def token(self, kind: BoardKind) -> str:
        """The move token, e.g. ``'@a2,c3xd4=X@e2'``."""
        name = kind.square_name
        text = "".join(f"@{name(sq)}," for sq in self.placements)
        text += name(self.origin) + ("x" if self.is_take else "-") + name(self.target)
        if self.promotion is not None:
            text += "=" + shape_letter(self.promotion, self.promotion_color)
            if self.tower_field is not None:
                text += "@" + name(self.tower_field)
        return text

    @classmethod
    def from_token(cls, token: str, kind: BoardKind) -> Move:
        """Read a token's syntax; whether it is legal is the position's call."""
        text = token.strip()
        match = _TOKEN.fullmatch(text)
        if match is None:
            raise InvalidTokenError(_syntax_error(text))
        try:
            placements = tuple(
                kind.square(name[1:])
                for name in match["placements"].split(",")
                if name
            )
            origin = kind.square(match["origin"])
            target = kind.square(match["target"])
            field = kind.square(match["field"]) if match["field"] else None
        except InvalidSquareError as error:
            raise InvalidTokenError(f"move token {text!r}: {error}") from None
        letter = match["shape"]
        return cls(
            origin,
            target,
            is_take=match["kind"] == "x",
            placements=placements,
            promotion=SHAPE_LETTERS.index(letter.upper()) if letter else None,
            tower_field=field,
            promotion_color=(WHITE if letter and letter.isupper() else BLACK),
        )

    def _key(self) -> tuple:
        return (
            self.placements,
            self.origin,
            self.target,
            self.is_take,
            self.promotion,
            self.promotion_color if self.promotion is not None else None,
            self.tower_field,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Move({self._key()!r})"


def _syntax_error(text: str) -> str:
    """Why ``text`` is not a move token, as precisely as can be said."""
    if not text:
        return "empty move token"
    if "-" not in text and "x" not in text:
        return (
            f"move token {text!r} has neither '-' (move) nor 'x' (take): "
            "write e.g. 'c3-c4' or 'c3xd4'"
        )
    if "=" in text and not re.search(r"=[SXPsxp](@|$)", text):
        return (
            f"move token {text!r}: a promotion is '=' and a shape letter "
            "S, X or P, then '@' and a field, e.g. 'd5xd6=X@e2'"
        )
    if "@" in text.split("-")[0].split("x")[0] and not re.match(
        rf"(@{_SQUARE},)+", text
    ):
        return (
            f"move token {text!r}: waiting towers are written '@field,' "
            "before the move, e.g. '@a2,c3-c4'"
        )
    return (
        f"move token {text!r} is not of the form 'from-to', 'fromxto', "
        "'fromxto=X@field' or '@field,…' before the move"
    )
