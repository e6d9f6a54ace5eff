"""How a move is animated: which pieces slide, fade out or fade in.

Pure Python, like chessground's anim.ts: the board before a move, the board
after it and the move itself (its origin, target, placed towers and new
tower's field, from the engine's token) give a short list of sprites; the
renderer (web/ui/draw.py) draws each at a point of its path and with an
opacity for the time gone, and draws the rest of the board as it is after
the move. No rule is worked out here: what changed is read off the two
boards.

- the moving piece slides from its field to the target; if it is not there
  afterwards (a promotion: the stack leaves, R13), it fades as it arrives;
- a taken piece fades out where it stood (the taker's stack, grown, is
  there at the end: R12);
- any other field that changed (a tower placed, R15; a promoted tower's
  field, R13) fades from what it held to what it holds.

>>> from militakiri.board import SINGLE
>>> from militakiri.move import Move
>>> from militakiri.pieces import piece_from_symbol as p
>>> c3, d4 = SINGLE.square("c3"), SINGLE.square("d4")
>>> sprites, covered = plan({c3: p("X1")}, {d4: p("X1")}, Move(c3, d4))
>>> [(s.piece.symbol, s.origin == c3, s.target == d4, s.fade) for s in sprites], sorted(covered) == [c3, d4]
([('X1', True, True, 'none')], True)
>>> at(sprites[0], 0.5, lambda sq: (sq % 6, sq // 6))
((2.5, 2.5), 1.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Callable

    from militakiri.move import Move
    from militakiri.pieces import Piece

#: How long a move takes to slide (ms): lichess's is about 200.
DURATION_MS = 150


class Sprite:
    """One piece drawn apart while a move is animated."""

    __slots__ = ("piece", "origin", "target", "fade")

    def __init__(self, piece: Piece, origin: int, target: int, fade: str = "none") -> None:
        self.piece = piece
        self.origin = origin
        self.target = target
        #: "none", "out" (fades as it goes) or "in" (fades in where it is).
        self.fade = fade

    def _key(self) -> tuple[object, ...]:
        return (self.piece, self.origin, self.target, self.fade)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sprite):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Sprite(piece={self.piece!r}, origin={self.origin!r}, target={self.target!r}, fade={self.fade!r})"


def plan(before: dict[int, Piece], after: dict[int, Piece], move: Move) -> tuple[list[Sprite], set[int]]:
    """The sprites of ``move`` from board ``before`` to ``after`` (each
    ``{square: piece}``), and the squares they cover (drawn only as sprites
    until the animation ends)."""
    sprites: list[Sprite] = []
    covered = {move.origin, move.target}
    mover = before.get(move.origin) or after.get(move.target)
    taken = before.get(move.target)
    if taken is not None and taken != mover:
        sprites.append(Sprite(taken, move.target, move.target, "out"))
    changed = {sq for sq in set(before) | set(after) if before.get(sq) != after.get(sq)}
    for sq in sorted(changed - covered):
        if before.get(sq) is not None:
            sprites.append(Sprite(before[sq], sq, sq, "out"))
        if after.get(sq) is not None:
            sprites.append(Sprite(after[sq], sq, sq, "in"))
        covered.add(sq)
    if mover is not None:
        stays = after.get(move.target) is not None
        sprites.append(Sprite(mover, move.origin, move.target, "none" if stays else "out"))
    return sprites, covered


def ease(t: float) -> float:
    """Slow in and out (a cubic), for ``t`` from 0 to 1."""
    t = min(max(t, 0.0), 1.0)
    return t * t * (3 - 2 * t)


def at(sprite: Sprite, t: float, place: Callable[[int], tuple[float, float]]) -> tuple[tuple[float, float], float]:
    """Where ``sprite`` is (in ``place(square)``'s units) and its opacity at
    ``t`` (0 to 1) of the animation."""
    (x0, y0), (x1, y1) = place(sprite.origin), place(sprite.target)
    k = ease(t)
    opacity = 1.0
    if sprite.fade == "out":
        opacity = 1.0 - k if sprite.origin == sprite.target else min(1.0, 2 * (1 - k))
    elif sprite.fade == "in":
        opacity = k
    return (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k), opacity
