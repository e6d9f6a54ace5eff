"""How pieces look, as the full manual draws them (R28, R29): plain
geometry and colors shared by the canvas (web/ui/draw.py), the rules
pages' board pictures (tools/rules.py), the app icon (tools/icons.py) and
the small pictures in the page (:func:`icon_svg`: the legend, the player
bars' towers).

Coordinates are in a unit box (0..1 both ways, y down). Each piece is a
prism of its shape's outline, seen from the front and above: the top face
(:func:`outline`: a plus, a cross, an eight-pointed star) in the side's
color, over its side walls in a darker shade. A pawn is a flat prism; a
rank of h pawns is h of them stacked (a line between each); a tower is one
prism three (cross, plus) or four (star) times a pawn's height, as the
manual's pictures have it. On the top face stands what the manual's flat
view writes there: a stack's height (1-4), a tower's T.

>>> len(outline(0)), len(outline(1)), len(outline(2))
(16, 12, 12)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from militakiri.pieces import CROSS, PLUS, STAR, Piece

from web.model.values import Value

if TYPE_CHECKING:
    #: A point of the unit box.
    Point = tuple[float, float]

#: Colors of the two sides (R28: White, at rank 1, red; Black blue): the
#: top face, the side walls, the outline. Dark enough that the face stands
#: at 3:1 or more from both fields (WCAG's contrast for graphics; the
#: figures, and how the colors look to a colour-blind player: docs/ui.md).
PALETTE = {
    0: {"fill": "#ad1c1c", "side": "#6b1010", "edge": "#2e0606"},
    1: {"fill": "#1d4cc0", "side": "#102c72", "edge": "#07142e"},
}
#: What is written on the top face: a stack's height, a tower's T.
LETTER_FILL = "#ffffff"
LETTER_EDGE = "#1a1410"

#: The board's light and dark fields.
LIGHT = "#efdcb8"
DARK = "#c9a57c"

#: Line width of every outline, in a field's size.
OUTLINE = 0.035
#: The size of a pawn's outline (its centre to a point), and of a tower's.
PAWN_SIZE = 0.34
TOWER_SIZE = 0.30
#: A pawn's height as drawn; a tower is TOWER_HEIGHTS of them (R29).
PAWN_HEIGHT = 0.065
TOWER_HEIGHTS = {STAR: 4, CROSS: 3, PLUS: 3}
#: How high the label's letters are, in a field's size; the width of their rim.
LETTER_SIZE = 0.30
LETTER_RIM = 0.06
#: A field where a set-up's tower may still go: a tint, and the tower faint.
GHOST_FILL = "rgba(46, 150, 104, 0.22)"
GHOST_ALPHA = 0.42

#: A plus's arms are this wide, in its size (the cross is a plus turned by
#: 45 degrees); a star's notches are this deep.
ARM = 0.62
STAR_INNER = 0.66


def _sixteenths() -> list[Point]:
    """The 16 directions 22.5 degrees apart, clockwise on screen from
    straight up; from square roots, which every interpreter rounds alike
    (its sine and cosine may differ in the last digit)."""
    c, s, h = math.sqrt(2 + math.sqrt(2)) / 2, math.sqrt(2 - math.sqrt(2)) / 2, math.sqrt(0.5)
    quarter = [(0.0, -1.0), (s, -c), (h, -h), (c, -s)]
    out = []
    for turn in range(4):
        for x, y in quarter:
            for _ in range(turn):
                x, y = -y, x
            out.append((x, y))
    return out


_SIXTEENTHS = _sixteenths()


def outline(shape: int, cx: float = 0.5, cy: float = 0.5, r: float = 0.3) -> list[Point]:
    """The outline of a shape's top face round (``cx``, ``cy``), ``r`` from
    its centre to the end of an arm (a star's point), clockwise on screen.

    >>> [(round(x, 2), round(y, 2)) for x, y in outline(PLUS)[:3]]
    [(0.41, 0.2), (0.59, 0.2), (0.59, 0.41)]
    """
    if shape == STAR:
        points = []
        for i, (dx, dy) in enumerate(_SIXTEENTHS):
            d = r if i % 2 == 0 else r * STAR_INNER
            points.append((cx + dx * d, cy + dy * d))
        return points
    a = r * ARM / 2
    plus = [(-a, -r), (a, -r), (a, -a), (r, -a), (r, a), (a, a), (a, r), (-a, r), (-a, a), (-r, a), (-r, -a), (-a, -a)]
    if shape == PLUS:
        return [(cx + x, cy + y) for x, y in plus]
    # A cross: the plus turned by 45 degrees, a little larger so that its
    # arms reach as far across the field as the plus's.
    k = 1.08 / math.sqrt(2)
    return [(cx + (x - y) * k, cy + (x + y) * k) for x, y in plus]


class PieceParts(Value):
    """How a piece is drawn in the unit box, in this order: each prism of
    ``layers`` (the lowest first), then the top ``face`` over them, then
    ``label`` on the face.

    A layer ``(top, bottom)`` is the face moved down by ``top`` and by
    ``bottom``, and the walls between (:func:`walls`) in the side's "side"
    color, outlined; the face is in "fill". ``label`` ("1" to "4", or "T")
    is written centred at ``label_at``, LETTER_SIZE high.
    """

    __slots__ = ("face", "layers", "label", "label_at")

    def __init__(self, face: list[Point], layers: list[tuple[float, float]], label: str, label_at: Point) -> None:
        self.face = face
        self.layers = layers
        self.label = label
        self.label_at = label_at

    def depth(self) -> float:
        """How far the lowest layer reaches below the face."""
        return self.layers[0][1] if self.layers else 0.0


def piece_parts(piece: Piece) -> PieceParts:
    """The parts of ``piece`` (a militakiri Piece) in the unit box, the
    whole prism centred in the box.

    >>> from militakiri.pieces import piece_from_symbol
    >>> rank, tower = piece_parts(piece_from_symbol("X3")), piece_parts(piece_from_symbol("s^"))
    >>> len(rank.layers), rank.label, len(tower.layers), tower.label
    (3, '3', 1, 'T')
    >>> round(tower.depth() / piece_parts(piece_from_symbol("S1")).depth(), 6)  # R29: 4 pawns high
    4.0
    """
    if piece.is_tower:
        size, layers = TOWER_SIZE, [(0.0, TOWER_HEIGHTS[piece.shape] * PAWN_HEIGHT)]
        label = "T"
    else:
        size, label = PAWN_SIZE, str(piece.height)
        # The top pawn's wall is a whole pawn high; each one below shows a
        # little of its own, so a rank of 4 stays well below a tower.
        step = PAWN_HEIGHT * 0.45
        layers = [(0.0, PAWN_HEIGHT)] + [(PAWN_HEIGHT + i * step, PAWN_HEIGHT + (i + 1) * step)
                                         for i in range(piece.height - 1)]
        layers.reverse()
    depth = layers[0][1]
    cy = 0.5 - depth / 2
    return PieceParts(outline(piece.shape, 0.5, cy, size), layers, label, (0.5, cy))


def walls(face: list[Point], top: float, bottom: float) -> list[list[Point]]:
    """The walls of the face's prism between ``top`` and ``bottom`` below
    it that face the viewer (those under an edge turned downwards), the
    farthest first, so that each painted over the last is the nearer; the
    lowest face (the prism's foot) first of all.

    >>> [len(w) for w in walls(outline(PLUS), 0.0, 0.1)]
    [12, 4, 4, 4]
    """
    out: list[list[Point]] = [[(x, y + bottom) for x, y in face]]
    edges = []
    for i in range(len(face)):
        (x1, y1), (x2, y2) = face[i], face[(i + 1) - len(face)]
        if x2 < x1 - 1e-9:  # clockwise on screen: an edge running left is on the lower side
            edges.append((max(y1, y2), (x1, y1), (x2, y2)))
    edges.sort(key=lambda edge: (edge[0], edge[1][0]))
    for _, (x1, y1), (x2, y2) in edges:
        out.append([(x1, y1 + top), (x2, y2 + top), (x2, y2 + bottom), (x1, y1 + bottom)])
    return out


def tenths(value: float) -> str:
    """``value`` to one decimal, a half rounded up: written alike in every
    interpreter (MicroPython's ``:.1f`` rounds a half otherwise than CPython's).

    >>> tenths(40.25), tenths(3.0), tenths(-0.06)
    ('40.3', '3.0', '-0.1')
    """
    n = math.floor(value * 10 + 0.5)
    return ("-" if n < 0 else "") + f"{abs(n) // 10}.{abs(n) % 10}"


def _svg_points(points: list[Point], x: float, y: float, s: float) -> str:
    return " ".join(f"{tenths(x + u * s)},{tenths(y + v * s)}" for u, v in points)


def piece_svg_parts(piece: Piece, x: float, y: float, s: float) -> str:
    """SVG elements that draw ``piece`` in the square of ``s`` units at
    (``x``, ``y``): the one drawing of a piece in SVG, for the page's small
    pictures, the rules pages' boards and the app icon."""
    colors = PALETTE[piece.color]
    parts = piece_parts(piece)
    edge = f'stroke="{colors["edge"]}" stroke-width="{tenths(OUTLINE * s)}" stroke-linejoin="round"'
    out = []
    for top, bottom in parts.layers:
        for wall in walls(parts.face, top, bottom):
            out.append(f'<polygon points="{_svg_points(wall, x, y, s)}" fill="{colors["side"]}" {edge}/>')
    out.append(f'<polygon points="{_svg_points(parts.face, x, y, s)}" fill="{colors["fill"]}" {edge}/>')
    lx, ly = parts.label_at
    out.append(f'<text x="{tenths(x + lx * s)}" y="{tenths(y + (ly + LETTER_SIZE * 0.36) * s)}" text-anchor="middle" '
               f'font-size="{tenths(LETTER_SIZE * s)}" font-weight="700" font-family="system-ui, sans-serif" '
               f'fill="{LETTER_FILL}" stroke="{LETTER_EDGE}" stroke-width="{tenths(LETTER_RIM * s)}" '
               f'paint-order="stroke" stroke-linejoin="round">{parts.label}</text>')
    return "".join(out)


def icon_svg(piece: Piece, size: int = 18) -> str:
    """A small SVG picture of ``piece``, ``size`` pixels square. Markup, so
    the build writes the legend's icons into the page (web/model/legend.py)
    and the page writes a player bar's towers in one step
    (formatting.tower_box).

    >>> from militakiri.pieces import piece_from_symbol
    >>> icon = icon_svg(piece_from_symbol("X2"), 26)
    >>> icon.count("<polygon"), ">2</text>" in icon, PALETTE[0]["fill"] in icon
    (15, True, True)
    """
    return (f'<svg viewBox="0 0 100 100" width="{size}" height="{size}" aria-hidden="true" focusable="false">'
            f'{piece_svg_parts(piece, 0, 0, 100)}</svg>')


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
