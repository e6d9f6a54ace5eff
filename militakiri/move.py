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

from .board import BoardKind, must_be_board
from .bounded import excerpt, must_be_text, strip_space
from .errors import InvalidSquareError, InvalidTokenError
from .messages import Text, text
from .pieces import BLACK, SHAPE_LETTERS, WHITE, shape_letter

#: The names of inputs a refusal says, made once (checked on every call).
_A_TOKEN = text("n_token")

_FILES = "abcdefghijkl"
_SHAPES = "SXPsxp"


def _square_end(text: str, start: int) -> int:
    """Where a square's name (a file a-l, then 1-99 without a leading 0)
    that begins at ``start`` ends, or -1 if none begins there."""
    letter = text[start:start + 1]
    if not letter or letter not in _FILES or not "1" <= text[start + 1:start + 2] <= "9":
        return -1
    end = start + 2
    return end + 1 if "0" <= text[end:end + 1] <= "9" else end


def _placement_end(text: str, start: int) -> int:
    """Where a waiting tower's ``'@field,'`` that begins at ``start`` ends, or -1."""
    if text[start:start + 1] != "@":
        return -1
    end = _square_end(text, start + 1)
    return end + 1 if end >= 0 and text[end:end + 1] == "," else -1


def _parse(text: str) -> tuple[list[str], str, str, str, str, str] | None:
    """``(placements, origin, kind, target, shape, field)`` of a token, the
    absent parts empty; ``None`` if ``text`` is not a token.

    The parts between commas are read each from its own start (a waiting
    tower's ``@field``, then the move): indexing a str in MicroPython walks
    it from the start, so a long token is never looked at far from one.

    >>> _parse("@a2,d5xd6=X@e2")
    (['a2'], 'd5', 'x', 'd6', 'X', 'e2')
    """
    parts = text.split(",")
    placements = []
    for part in parts[:-1]:
        if part[:1] != "@" or _square_end(part, 1) != len(part):
            return None
        placements.append(part[1:])
    text = parts[-1]
    at = 0
    end = _square_end(text, at)
    kind = text[end:end + 1] if end >= 0 else ""
    if kind != "-" and kind != "x":
        return None
    origin = text[at:end]
    at = end + 1
    end = _square_end(text, at)
    if end < 0:
        return None
    target = text[at:end]
    shape = field = ""
    if text[end:end + 1] == "=":
        shape = text[end + 1:end + 2]
        if shape not in _SHAPES or not shape:
            return None
        end += 2
        if text[end:end + 1] == "@":
            field_end = _square_end(text, end + 1)
            if field_end < 0:
                return None
            field = text[end + 1:field_end]
            end = field_end
    if end != len(text):
        return None
    return placements, origin, kind, target, shape, field


class Move:
    """A turn: placements of waiting towers, then a move or a take.

    ``promotion`` is the shape of the tower a take promotes to, or ``None``;
    ``tower_field`` is where that tower goes, ``None`` when it waits (R15).
    ``promotion_color`` is the color the token's shape letter was written
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
        names = must_be_board(kind, InvalidTokenError).names  # (a Move's squares are the board's)
        written = names[self.origin] + ("x" if self.is_take else "-") + names[self.target]
        if self.placements:  # rare: the usual token is kept short (a link is read by writing every legal token)
            written = "".join(["@" + names[sq] + "," for sq in self.placements]) + written
        if self.promotion is not None:
            written += "=" + shape_letter(self.promotion, self.promotion_color)
            if self.tower_field is not None:
                written += "@" + names[self.tower_field]
        return written

    @classmethod
    def from_token(cls, token: str, kind: BoardKind) -> Move:
        """Read a token's syntax; whether it is legal is the position's call."""
        must_be_text(token, _A_TOKEN, InvalidTokenError)
        must_be_board(kind, InvalidTokenError)
        written = strip_space(token)
        parts = _parse(written)
        if parts is None:
            raise InvalidTokenError(_syntax_error(written))
        names, origin_name, sign, target_name, letter, field_name = parts
        try:
            placements = tuple(kind.square(name) for name in names)
            origin = kind.square(origin_name)
            target = kind.square(target_name)
            field = kind.square(field_name) if field_name else None
        except InvalidSquareError as error:
            raise InvalidTokenError(text("token_bad", value=excerpt(written), message=error.text)) from None
        return cls(
            origin,
            target,
            is_take=sign == "x",
            placements=placements,
            promotion=SHAPE_LETTERS.index(letter.upper()) if letter else None,
            tower_field=field,
            promotion_color=(WHITE if letter and letter.isupper() else BLACK),
        )

    def _key(self) -> tuple[object, ...]:
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


def _promotion_written(text: str) -> bool:
    """Whether ``'='`` and a shape letter, then ``'@'`` or the end, occur in
    ``text``. (Each part after an ``=`` read from its start.)"""
    parts = text.split("=")
    last = len(parts) - 1
    for index in range(1, last + 1):
        part = parts[index]
        letter = part[:1]
        if letter and letter in _SHAPES and (part[1:2] == "@" or (index == last and len(part) == 1)):
            return True
    return False


def _syntax_error(written: str) -> Text:
    """Why ``written`` is not a move token, as precisely as can be said."""
    if not written:
        return text("token_empty")
    if "-" not in written and "x" not in written:
        return text("token_no_sign", value=excerpt(written))
    if "=" in written and not _promotion_written(written):
        return text("token_promotion", value=excerpt(written))
    if "@" in written.split("-")[0].split("x")[0] and _placement_end(written, 0) < 0:
        return text("token_waiting", value=excerpt(written))
    return text("token_form", value=excerpt(written))
