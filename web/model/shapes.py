"""How pieces look, as plain geometry and colors shared by the canvas
(web/ui/draw.py), the rules pages' board pictures (tools/rules.py) and the
icons (:func:`icon_svg`: the legend, the player bars' towers).

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
from typing import TYPE_CHECKING

from militakiri.pieces import CROSS, PLUS, STAR, Piece

from web.model.values import Value

if TYPE_CHECKING:
    #: A point of the unit box, and a line between two.
    Point = tuple[float, float]
    Segment = tuple[Point, Point]

#: Angles (degrees) of the strokes through the centre, per shape.
STROKE_ANGLES = {
    STAR: (0, 45, 90, 135),
    CROSS: (45, 135),
    PLUS: (0, 90),
}

#: Colors of the two sides: fill, outline, symbol.
PALETTE = {
    0: {"fill": "#fbf6ea", "edge": "#3a2f25", "mark": "#2a211a", "side": "#d8ccb4"},
    1: {"fill": "#2b2623", "edge": "#0d0b0a", "mark": "#f3e6c8", "side": "#15120f"},
}

#: The board's light and dark fields.
LIGHT = "#efdcb8"
DARK = "#c9a57c"
#: The badge that shows a rank's height.
BADGE = "#2f5470"

#: Line widths, in a field's size: every outline, the symbol's strokes, the badge's rim.
OUTLINE = 0.035
STROKE = 0.075
BADGE_RIM = 0.03
#: The badge's centre and radius, and the size of its number.
BADGE_CIRCLE = (0.80, 0.20, 0.15)
BADGE_FONT = 0.2
#: A field where a set-up's tower may still go: a tint, and the tower faint.
GHOST_FILL = "rgba(46, 150, 104, 0.22)"
GHOST_ALPHA = 0.42


def symbol_strokes(shape: int, cx: float = 0.5, cy: float = 0.5, r: float = 0.2) -> list[Segment]:
    """Line segments ``((x1, y1), (x2, y2))`` of a shape's symbol."""
    out: list[Segment] = []
    for angle in STROKE_ANGLES[shape]:
        a = math.radians(angle)
        dx, dy = math.cos(a) * r, math.sin(a) * r
        out.append(((cx - dx, cy - dy), (cx + dx, cy + dy)))
    return out


def tower_outline(left: float = 0.17, right: float = 0.83, top: float = 0.16,
                  bottom: float = 0.86, merlons: int = 3, notch: float = 0.11) -> list[Point]:
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


#: A pawn's or rank's discs: their radius, and how far each is above the one below.
DISC_RADIUS = 0.33
DISC_STEP = 0.05


class PieceParts(Value):
    """How a piece is drawn in the unit box, in this order.

    A tower: its ``plinth`` (x, y, width, height, corner radius) in its
    side's "side" color, then its crenellated ``body`` (a polygon) in
    "fill". A pawn or rank: its ``discs`` (centre y, PALETTE color key) of
    DISC_RADIUS, the lowest first, the top one in "fill". Then the shape's
    symbol (:func:`symbol_strokes` at (0.5, ``mark_y``), size ``mark_r``),
    and for a rank (``badge``) its height in the badge.
    """

    __slots__ = ("plinth", "body", "discs", "mark_y", "mark_r", "badge")

    def __init__(self, plinth: tuple[float, ...] | None, body: list[Point] | None, discs: list[tuple[float, str]],
                 mark_y: float, mark_r: float, badge: bool) -> None:
        self.plinth = plinth
        self.body = body
        self.discs = discs
        self.mark_y = mark_y
        self.mark_r = mark_r
        self.badge = badge


def piece_parts(piece: Piece) -> PieceParts:
    """The parts of ``piece`` (a militakiri Piece) in the unit box.

    >>> from militakiri.pieces import piece_from_symbol
    >>> parts = piece_parts(piece_from_symbol("X2"))
    >>> [color for _, color in parts.discs], parts.badge
    (['side', 'fill'], True)
    >>> piece_parts(piece_from_symbol("s^")).mark_y
    0.51
    """
    if piece.is_tower:
        body = tower_outline(0.17, 0.83, 0.12, 0.80, merlons=3, notch=0.10)
        return PieceParts((0.11, 0.78, 0.78, 0.12, 0.03), body, [], 0.51, 0.17, False)
    top = 0.5 - (piece.height - 1) * DISC_STEP / 2
    discs = [(top + i * DISC_STEP, "fill" if i == 0 else "side") for i in range(piece.height - 1, -1, -1)]
    return PieceParts(None, None, discs, top, 0.19, piece.height > 1)


def icon_svg(piece: Piece, size: int = 18) -> str:
    """A small SVG picture of ``piece``, ``size`` pixels square: a tower's
    outline, or a pawn's or rank's discs (a rank's height in a badge), and
    the shape's symbol. Markup, so the build writes the legend's icons into
    the page (web/model/legend.py) and the page writes a player bar's towers in
    one step (formatting.tower_box).

    >>> from militakiri.pieces import piece_from_symbol
    >>> icon_svg(piece_from_symbol("X2"), 26).count("<circle"), ">2</text>" in icon_svg(piece_from_symbol("X2"))
    (3, True)
    """
    colors = PALETTE[piece.color]
    out = [f'<svg viewBox="0 0 100 100" width="{size}" height="{size}" aria-hidden="true" focusable="false">']
    if piece.is_tower:
        points = " ".join(f"{x * 100:.1f},{y * 100:.1f}" for x, y in tower_outline(0.14, 0.86, 0.1, 0.9))
        out.append(f'<polygon points="{points}" fill="{colors["fill"]}" stroke="{colors["edge"]}" '
                   'stroke-width="7" stroke-linejoin="round"/>')
        cy, r = 0.55, 0.2
    else:
        top = 50 - (piece.height - 1) * 3
        for i in range(piece.height - 1, -1, -1):  # stacked discs, the top one last
            fill = colors["fill"] if i == 0 else colors["side"]
            out.append(f'<circle cx="50" cy="{top + i * 6}" r="40" fill="{fill}" stroke="{colors["edge"]}" '
                       'stroke-width="7"/>')
        cy, r = top / 100, 0.23
    for (x1, y1), (x2, y2) in symbol_strokes(piece.shape, 0.5, cy, r):
        out.append(f'<line x1="{x1 * 100:.1f}" y1="{y1 * 100:.1f}" x2="{x2 * 100:.1f}" y2="{y2 * 100:.1f}" '
                   f'stroke="{colors["mark"]}" stroke-width="10" stroke-linecap="round"/>')
    if not piece.is_tower and piece.height > 1:
        out.append(f'<circle cx="80" cy="20" r="19" fill="{BADGE}" stroke="#fff" stroke-width="4"/>'
                   f'<text x="80" y="28" text-anchor="middle" font-size="26" font-weight="700" '
                   f'fill="#fff">{piece.height}</text>')
    out.append("</svg>")
    return "".join(out)


def markup_text(text: str) -> str:
    """``text`` safe between tags and in a quoted attribute (MicroPython has
    no ``html`` module): for the page's own words in markup it builds."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


_ICONS: dict[tuple[str, int], str] = {}


def icon_markup(piece: Piece, size: int = 18) -> str:
    """:func:`icon_svg`, made once per piece and size (a bar shows the same few)."""
    key = (piece.symbol, size)
    if key not in _ICONS:
        _ICONS[key] = icon_svg(piece, size)
    return _ICONS[key]
