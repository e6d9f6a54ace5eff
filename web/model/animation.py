"""How a move is animated: which pieces slide, fade out or fade in.

Pure Python, like chessground's anim.ts: the board before a move, the board
after it and the move itself (its origin, target, placed towers and new
tower's field, from the engine's token) give a short list of sprites; the
renderer (web/ui/draw.py) paints the board as it is after the move without
the fields the sprites cover, once, and lets the browser's compositor move
and fade each sprite along its :func:`keyframes` (the Web Animations API,
as chessground animates pieces with CSS transforms): no canvas is painted
again until the move has arrived. No rule is worked out here: what changed
is read off the two boards.

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
>>> [frame["transform"] for frame in keyframes(sprites[0], (100, 250), (150, 200))]
['translate(100px, 250px)', 'translate(150px, 200px)']
"""

from __future__ import annotations

from militakiri.move import Move
from militakiri.pieces import Piece

from web.model.values import Value


#: How long a move takes to slide (ms): lichess's is about 200.
DURATION_MS = 150


class Sprite(Value):
    """One piece drawn apart while a move is animated."""

    __slots__ = ("piece", "origin", "target", "fade")

    def __init__(self, piece: Piece, origin: int, target: int, fade: str = "none") -> None:
        self.piece = piece
        self.origin = origin
        self.target = target
        #: "none", "out" (fades as it goes) or "in" (fades in where it is).
        self.fade = fade


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


#: The timing of every slide: slow in and out (CSS's own curve, close to
#: the cubic t * t * (3 - 2t)).
EASING = "ease-in-out"


def keyframes(sprite: Sprite, start: tuple[float, float], end: tuple[float, float]) -> list[dict[str, object]]:
    """The keyframes of ``sprite`` from ``start`` to ``end`` (its origin's and
    target's top-left corners, in CSS pixels): where it is and how opaque,
    for ``element.animate`` with :data:`EASING`. A piece that slides and
    does not stay (a promotion) fades in the second half of its way.

    >>> from militakiri.pieces import piece_from_symbol as p
    >>> [frame["opacity"] for frame in keyframes(Sprite(p("X3"), 1, 2, "out"), (0, 0), (10, 0))]
    [1, 1, 0]
    >>> [frame["opacity"] for frame in keyframes(Sprite(p("x1"), 2, 2, "out"), (10, 0), (10, 0))]
    [1, 0]
    """
    opacity = {"none": (1, 1), "in": (0, 1), "out": (1, 0)}[sprite.fade]
    frames = [_frame(0, start, opacity[0]), _frame(1, end, opacity[1])]
    if sprite.fade == "out" and sprite.origin != sprite.target:
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        frames.insert(1, _frame(0.5, middle, 1))
    return frames


def _frame(offset: float, at: tuple[float, float], opacity: int) -> dict[str, object]:
    return {"offset": offset, "opacity": opacity, "transform": f"translate({_px(at[0])}px, {_px(at[1])}px)"}


def _px(value: float) -> str:
    """``value`` to a hundredth of a pixel, without a needless ``.0``."""
    text = "%.2f" % value
    return text.rstrip("0").rstrip(".") if "." in text else text
