"""How pieces look, as plain geometry shared by the canvas and the SVG icons.

Coordinates are in a unit box (0..1 both ways, y down). The three shapes are
drawn as the lines they move along, so the symbol *is* the rule of thumb:

- plus ``+``: two orthogonal strokes (moves straight),
- cross ``x``: two diagonal strokes (moves diagonally),
- star: all four strokes, an 8-pointed asterisk (moves every way).

Pawns and ranks are round discs (a rank shows its height as stacked discs
and a number); towers are crenellated, castle-like blocks.

>>> len(symbol_strokes(0)), len(symbol_strokes(1)), len(symbol_strokes(2))
(4, 2, 2)
"""

from __future__ import annotations

import math

from militakiri.pieces import CROSS, PLUS, STAR

#: Angles (degrees) of the strokes through the centre, per shape.
STROKE_ANGLES = {
    STAR: (0, 45, 90, 135),
    CROSS: (45, 135),
    PLUS: (0, 90),
}

#: Colours of the two sides: fill, outline, symbol.
PALETTE = {
    0: {"fill": "#fbf6ea", "edge": "#3a2f25", "mark": "#2a211a", "side": "#d8ccb4"},
    1: {"fill": "#2b2623", "edge": "#0d0b0a", "mark": "#f3e6c8", "side": "#15120f"},
}


def symbol_strokes(shape: int, cx: float = 0.5, cy: float = 0.5, r: float = 0.2):
    """Line segments ``((x1, y1), (x2, y2))`` of a shape's symbol."""
    out = []
    for angle in STROKE_ANGLES[shape]:
        a = math.radians(angle)
        dx, dy = math.cos(a) * r, math.sin(a) * r
        out.append(((cx - dx, cy - dy), (cx + dx, cy + dy)))
    return out


def tower_outline(left: float = 0.17, right: float = 0.83, top: float = 0.16,
                  bottom: float = 0.86, merlons: int = 3, notch: float = 0.11):
    """The polygon of a crenellated tower: a block with ``merlons`` teeth."""
    width = right - left
    # merlons and gaps alternate: m gaps between m merlons -> 2m-1 parts
    parts = 2 * merlons - 1
    step = width / parts
    points = [(left, bottom), (left, top)]
    for i in range(parts):
        x_next = left + (i + 1) * step
        if i % 2 == 0:  # a merlon: along the top
            points.append((x_next, top))
            if i < parts - 1:
                points.append((x_next, top + notch))
        else:  # a gap: along the lower line, then up
            points.append((x_next, top + notch))
            points.append((x_next, top))
    points.append((right, bottom))
    return points
