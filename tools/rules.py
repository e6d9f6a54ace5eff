"""The rules pages for players, with board pictures made at build time.

    render(root) -> {"rules/en.html": html, "rules/nl.html": html, "rules/rules.css": css}

The texts are written by hand in rules/en.html and rules/nl.html (for
players, citing the rulings R1-R29 where they decide something). Where a
page says ``<figure data-diagram="NAME" data-alt="...">``, the build puts an
inline SVG of that board picture at the start of the figure (``data-alt``
becomes its accessible name). The pictures hold no words, only coordinates,
so both languages share them.

Every picture is made with the engine, not drawn by hand: its position is a
real position string, the dots (moves) and rings (takes) of a piece are
exactly its legal moves there (TurnChoices), a crossed-out field is a move
the engine refuses, and an "after" board is the engine's result of the
move. A rule change that makes a picture wrong fails the build.

Drawing follows the game's look, with the pieces the board's canvas
(web/ui/draw.py) draws too (web/model/shapes.py: the pieces' parts, colors, line
widths; R28, R29): red and blue prisms of a plus, a cross and a star, a tower
three or four times as tall and marked T, a stack's height on its face.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from militakiri import Game, Position, TurnChoices
from militakiri.board import ZONE_ROWS
from militakiri.notation import compose_position
from web.model import shapes

ZONE_LINE = "#5c3a1c"
MOVE_DOT = "#1c6042"
TAKE_RING = "#c4241c"
#: A move: amber, apart from both sides' red and blue (R28) for every eye.
ARROW = "#c77800"
FROM_FILL = "rgba(46,150,104,0.45)"
LABEL = "#6b4e2e"
SQ = 40  # px per field
MARGIN = 18  # room for the coordinates
SCALE = 1.3  # shown size / drawn size (the CSS still shrinks a picture to fit a phone)


class DiagramError(RuntimeError):
    """A picture that does not match the rules engine."""


@dataclass
class Board:
    """One board picture: a position, marks and a window of it."""

    position: str
    #: The piece whose legal moves are shown as dots and rings.
    show: str | None = None
    #: Fields crossed out: moves the engine refuses (checked).
    refused: tuple = ()
    #: A move drawn as an arrow (checked legal), e.g. "c3xc4".
    arrow: str | None = None
    #: Fields tinted as the set-up zones.
    zones: bool = False
    #: Window: files and ranks (1-based, inclusive); None = the whole board.
    files: tuple | None = None
    ranks: tuple | None = None
    #: Extra fields to tint (e.g. where a new tower may go).
    tint: tuple = ()
    marks: dict = field(default_factory=dict)


def _check(board: Board) -> Position:
    pos = Position.from_string(board.position)
    legal = TurnChoices(pos.kind, pos.legal_moves()).destinations().get(board.show, {}) if board.show else {}
    if board.show:
        board.marks = dict(legal)
        if not board.marks:
            raise DiagramError(f"{board.show} has no legal move in {board.position}")
    for field_name in board.refused:
        if field_name in legal:
            raise DiagramError(f"{board.show}-{field_name} is legal in {board.position}, drawn as refused")
    if board.arrow:
        try:
            pos.parse_move(board.arrow)
        except Exception as error:
            raise DiagramError(f"{board.arrow} in {board.position}: {error}") from error
    return pos


def _after(text: str, token: str) -> str:
    """The position string after ``token`` (the engine plays it)."""
    pos = Position.from_string(text)
    pos.play(token)
    return pos.string()


def board_svg(board: Board) -> str:
    """The SVG of one board (no width: the page's CSS sizes it)."""
    pos = _check(board)
    kind = pos.kind
    f0, f1 = board.files or (1, kind.files)
    r0, r1 = board.ranks or (1, kind.rows)
    nf, nr = f1 - f0 + 1, r1 - r0 + 1
    width, height = MARGIN + nf * SQ + 4, nr * SQ + MARGIN + 4
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{round(width * SCALE)}" height="{round(height * SCALE)}">']

    def origin(name: str) -> tuple[float, float]:
        sq = kind.square(name)
        f, r = kind.file_of(sq) + 1, kind.rank_of(sq) + 1
        return MARGIN + (f - f0) * SQ, (r1 - r) * SQ + 2

    def visible(name: str) -> bool:
        sq = kind.square(name)
        return f0 <= kind.file_of(sq) + 1 <= f1 and r0 <= kind.rank_of(sq) + 1 <= r1

    for r in range(r0, r1 + 1):
        for f in range(f0, f1 + 1):
            name = kind.square_name(kind.at(f - 1, r - 1))
            x, y = origin(name)
            color = shapes.LIGHT if (f + r) % 2 else shapes.DARK
            out.append(f'<rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{color}"/>')
            zone = r <= ZONE_ROWS or r > kind.rows - ZONE_ROWS
            if (board.zones and zone) or name in board.tint:
                out.append(f'<rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="rgba(46,150,104,0.16)"/>')
    # The lines between the zones and the neutral rows.
    for r_edge in (ZONE_ROWS, kind.rows - ZONE_ROWS):
        if r0 <= r_edge < r1:
            y = (r1 - r_edge) * SQ + 2
            out.append(f'<line x1="{MARGIN}" y1="{y}" x2="{MARGIN + nf * SQ}" y2="{y}" stroke="{ZONE_LINE}" '
                       f'stroke-width="2.5"/>')
    out.append(f'<rect x="{MARGIN}" y="2" width="{nf * SQ}" height="{nr * SQ}" fill="none" '
               f'stroke="{ZONE_LINE}" stroke-width="1.5"/>')
    # Coordinates.
    for f in range(f0, f1 + 1):
        out.append(f'<text x="{MARGIN + (f - f0 + 0.5) * SQ:.1f}" y="{nr * SQ + 15}" text-anchor="middle" '
                   f'font-size="12" fill="{LABEL}" font-family="system-ui, sans-serif">'
                   f'{kind.file_letter(f - 1)}</text>')
    for r in range(r0, r1 + 1):
        out.append(f'<text x="{MARGIN / 2:.1f}" y="{(r1 - r + 0.5) * SQ + 6:.1f}" text-anchor="middle" '
                   f'font-size="12" fill="{LABEL}" font-family="system-ui, sans-serif">{r}</text>')
    if board.show:
        x, y = origin(board.show)
        out.append(f'<rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{FROM_FILL}"/>')
    # Pieces.
    for sq, piece in enumerate(pos.board):
        if piece is not None and visible(kind.square_name(sq)):
            x, y = origin(kind.square_name(sq))
            out.append(shapes.piece_svg_parts(piece, x + 1, y + 1, SQ - 2))
    # Marks: dots for moves, rings for takes, a cross for a refused move.
    for name, what in sorted(board.marks.items()):
        if not visible(name):
            continue
        x, y = origin(name)
        cx, cy = x + SQ / 2, y + SQ / 2
        if what == "move":
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{SQ * 0.14:.1f}" fill="{MOVE_DOT}" fill-opacity="0.75"/>')
        else:
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{SQ * 0.44:.1f}" fill="none" stroke="{TAKE_RING}" '
                       f'stroke-width="{SQ * 0.08:.1f}"/>')
    for name in board.refused:
        x, y = origin(name)
        a, b = SQ * 0.25, SQ * 0.75
        for (x1, y1, x2, y2) in ((a, a, b, b), (a, b, b, a)):
            out.append(f'<line x1="{x + x1}" y1="{y + y1}" x2="{x + x2}" y2="{y + y2}" stroke="{TAKE_RING}" '
                       f'stroke-width="{SQ * 0.1:.1f}" stroke-linecap="round"/>')
    if board.arrow:
        move = board.arrow.split("=")[0].replace("x", "-").split("-")
        (ax, ay), (bx, by) = origin(move[0]), origin(move[1])
        ax, ay, bx, by = ax + SQ / 2, ay + SQ / 2, bx + SQ / 2, by + SQ / 2
        # From edge to edge of the two pieces, not over them.
        length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        ux, uy = (bx - ax) / length, (by - ay) / length
        ax, ay, bx, by = ax + ux * SQ * 0.3, ay + uy * SQ * 0.3, bx - ux * SQ * 0.38, by - uy * SQ * 0.38
        out.append(f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{ARROW}" stroke-width="5" '
                   f'stroke-linecap="round" opacity="0.8" marker-end="url(#arrowhead)"/>')
        out.insert(1, f'<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="3.5" '
                      f'markerHeight="3.5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{ARROW}"/></marker></defs>')
    out.append("</svg>")
    return "".join(out)


#: A tower a side in White's and Black's corners (R2), so that a picture of a
#: few fields is a position of a game; its window leaves them out.
TOWERS = {"a1": "S^", "f12": "s^"}
MID = {"files": (1, 5), "ranks": (2, 6)}


def _diagrams() -> dict[str, list[Board]]:
    start = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="4-2").position.string()
    merge_before = compose_position("single", {**TOWERS, "c3": "S2", "c4": "x1"})
    lower_before = compose_position("single", {**TOWERS, "c3": "P1", "d4": "s2"})
    promo_before = compose_position("single", {**TOWERS, "c4": "X2", "c5": "p1", "b2": "S1", "d1": "P1"},
                                    spares="020/000")
    promo_token = "c4xc5=X@e2"
    return {
        "start": [Board(start, zones=True)],
        "plus": [Board(compose_position("single", {**TOWERS, "c4": "P1", "d5": "x1", "c5": "s1", "b3": "s1"}),
                       show="c4", **MID)],
        "cross": [Board(compose_position("single", {**TOWERS, "c4": "X1", "c5": "p1", "d5": "s1"}),
                        show="c4", **MID)],
        "star": [Board(compose_position("single", {**TOWERS, "c4": "S1", "c5": "x1", "b5": "p1"}),
                       show="c4", **MID)],
        "tower": [Board(compose_position("single", {**TOWERS, "c2": "P^", "c6": "x1", "e4": "p1",
                                                    "a2": "S1", "b1": "s1"}), show="c2", ranks=(1, 7))],
        "rank": [Board(compose_position("single", {**TOWERS, "c3": "X2", "c5": "p1", "e5": "s1"}),
                       show="c3", **MID)],
        "lower-takes-higher": [Board(lower_before, arrow="c3xd4", **MID),
                               Board(_after(lower_before, "c3xd4"), **MID)],
        "merge": [Board(merge_before, arrow="c3xc4", **MID), Board(_after(merge_before, "c3xc4"), **MID)],
        "promotion": [Board(promo_before, arrow=promo_token, ranks=(1, 6), files=(1, 6)),
                      Board(_after(promo_before, promo_token), ranks=(1, 6), files=(1, 6), tint=("e2",))],
        "blockade": [Board(compose_position("single", {"a1": "S^", "c10": "S^", "a12": "x^", "f1": "S1"},
                                            rule="10/10"),
                           show="c10", refused=("b11",), files=(1, 5), ranks=(8, 12))],
    }


DIAGRAM = re.compile(r'(<figure\b[^>]*\bdata-diagram="([\w-]+)"[^>]*>)')
ALT = re.compile(r'\bdata-alt="([^"]*)"')


def _figure(match: re.Match, diagrams: dict[str, list[Board]]) -> str:
    tag, name = match.group(1), match.group(2)
    if name not in diagrams:
        raise DiagramError(f"no diagram {name!r}")
    alt = ALT.search(tag)
    label = html.escape(html.unescape(alt.group(1)), quote=True) if alt else name
    boards = "".join(board_svg(b) for b in diagrams[name])
    return f'{tag}<div class="boards" role="img" aria-label="{label}">{boards}</div>'


def render(root: Path) -> dict[str, str]:
    """Every file of the rules pages, by path in the built site."""
    folder = root / "rules"
    diagrams = _diagrams()
    pages = {}
    for path in sorted(folder.iterdir()):
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".html":
            text = DIAGRAM.sub(lambda m: _figure(m, diagrams), text)
        pages[f"rules/{path.name}"] = text
    return pages
