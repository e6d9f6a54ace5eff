"""Board geometry on screen and the page's layout decisions: the square
size, which way the board stands, where the rest goes (the tap zoom:
web/model/zoom.py).

Pure Python, CSS pixels throughout (the canvas multiplies by
devicePixelRatio itself). ``file`` and ``rank`` are 0-based board
coordinates as in the engine (rank 0 is rank 1, White's first row); the
screen shows rank 1 at the bottom unless the board is flipped. The
browser layer (web/ui/app.py, web/ui/draw.py, web/ui/zoom.py) measures the
page and draws; what to do with the measures is decided here.

>>> g = BoardGeometry(files=6, rows=12, square=50)
>>> g.width, g.height
(300, 600)
>>> g.cell_at(10, 590), g.cell_at(299, 1)
((0, 0), (5, 11))
>>> g.center(0, 0)
(25.0, 575.0)
>>> BoardGeometry(6, 12, 50, flipped=True).cell_at(10, 590)
(5, 11)

Turned (the single board on a phone held sideways), the ranks run across
and the files down: rank 1 on the left, file a at the top, so the twelve
ranks take the screen's long side.

>>> t = BoardGeometry(6, 12, 49, turned=True)
>>> t.width, t.height, t.origin(0, 0), t.origin(5, 11), t.cell_at(10, 10)
(588, 294, (0, 0), (539, 245), (0, 0))
>>> BoardGeometry(6, 12, 49, flipped=True, turned=True).origin(0, 0)
(539, 245)

A view of part of the board (the tap zoom) is the board at a larger square,
``left`` and ``top`` pixels off the canvas's corner:

>>> z = BoardGeometry(12, 12, 47, left=-188, top=-94)
>>> z.origin(4, 9), z.cell_at(1, 1), z.cell_at(-1, 1), z.cell_at(1, 600)
((0, 0), (4, 9), (3, 9), None)
"""

from __future__ import annotations


from militakiri.pieces import Piece

from web.model.shapes import OUTLINE, piece_parts
from web.model.values import Value

MIN_SQUARE = 22
MAX_SQUARE = 92
#: The window width (CSS pixels) up to which the page is laid out for a
#: phone: the side panel under the board (web/ui/app.py), the language switch
#: showing codes (web/ui/language.py). web/style.css repeats it.
NARROW = 760
NARROW_QUERY = f"(max-width: {NARROW}px)"
#: A phone held sideways: smaller margins, the board beside its column (web/ui/app.py).
LANDSCAPE_QUERY = "(max-height: 500px) and (orientation: landscape)"
#: Where the page's first frame, before Python runs, sets the board beside
#: its column (index.html's one-line script, which must say this:
#: tests/web/test_layout.py checks it), so that it does not jump when
#: App.fit measures the page.
BESIDE_FIRST_QUERY = f"(min-width: {NARROW + 1}px), {LANDSCAPE_QUERY}"
#: The least field a finger hits surely (CSS px). A board whose fields are
#: smaller is turned if that makes them this large (choose_layout); what
#: stays smaller zooms at a tap on a touch screen (zoom_at).
TAP_MIN = 40
#: The fields of a zoomed view are at least this large (CSS px).
ZOOM_SQUARE = 44
#: The arrangements of the page (web/style.css, ``html[data-layout]``):
#: the player bars above and below the board and the status line and the
#: buttons under it; or all of them in a column beside the board, which then
#: takes the window's height (a laptop, a phone held sideways).
STACKED = "stacked"
BESIDE = "beside"


class BoardGeometry(Value):
    """A board of ``files`` x ``rows`` fields of ``square`` CSS pixels on screen,
    its top-left corner at (``left``, ``top``) on the canvas.

    >>> BoardGeometry(6, 12, 50) == BoardGeometry(files=6, rows=12, square=50, flipped=False)
    True
    """

    __slots__ = ("files", "rows", "square", "flipped", "turned", "left", "top")

    def __init__(self, files: int, rows: int, square: int, flipped: bool = False, turned: bool = False,
                 left: int = 0, top: int = 0) -> None:
        self.files = files
        self.rows = rows
        self.square = square
        self.flipped = flipped
        #: Ranks across and files down (see the module's doc).
        self.turned = turned
        #: Where the board's corner is on the canvas: 0, 0 unless zoomed.
        self.left = left
        self.top = top

    def at(self, square: int, left: int = 0, top: int = 0) -> BoardGeometry:
        """The same board drawn with another square, its corner at (``left``, ``top``)."""
        return BoardGeometry(self.files, self.rows, square, self.flipped, self.turned, left, top)

    @property
    def across(self) -> int:
        """Squares across the screen."""
        return self.rows if self.turned else self.files

    @property
    def down(self) -> int:
        """Squares down the screen."""
        return self.files if self.turned else self.rows

    @property
    def width(self) -> int:
        """The whole board's width (a zoomed view shows part of it)."""
        return self.across * self.square

    @property
    def height(self) -> int:
        return self.down * self.square

    def column(self, file: int, rank: int = 0) -> int:
        """The screen column (0 = the board's left) of the square."""
        if self.turned:
            return self.rows - 1 - rank if self.flipped else rank
        return self.files - 1 - file if self.flipped else file

    def line(self, rank: int, file: int = 0) -> int:
        """The screen row (0 = the board's top) of the square."""
        if self.turned:
            return self.files - 1 - file if self.flipped else file
        return rank if self.flipped else self.rows - 1 - rank

    def cell(self, column: int, line: int) -> tuple[int, int]:
        """``(file, rank)`` at a screen column and row (column and line's inverse).

        >>> g = BoardGeometry(6, 12, 10, turned=True, flipped=True)
        >>> g.cell(g.column(2, 7), g.line(7, 2))
        (2, 7)
        """
        if self.turned:
            return (self.files - 1 - line, self.rows - 1 - column) if self.flipped else (line, column)
        file = self.files - 1 - column if self.flipped else column
        rank = line if self.flipped else self.rows - 1 - line
        return file, rank

    def origin(self, file: int, rank: int) -> tuple[int, int]:
        """Top-left corner of a square, in CSS pixels."""
        return (self.left + self.column(file, rank) * self.square,
                self.top + self.line(rank, file) * self.square)

    def center(self, file: int, rank: int) -> tuple[float, float]:
        x, y = self.origin(file, rank)
        return x + self.square / 2, y + self.square / 2

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """``(file, rank)`` under CSS pixel ``(x, y)``, or ``None`` off the board."""
        x, y = x - self.left, y - self.top
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        return self.cell(int(x // self.square), int(y // self.square))

    def border(self, rank: int) -> float:
        """Where the line between ``rank - 1`` and ``rank`` is drawn: an x
        (turned: the borders stand upright) or else a y, in CSS pixels.

        >>> BoardGeometry(6, 12, 10).border(3), BoardGeometry(6, 12, 10, flipped=True).border(3)
        (90, 30)
        >>> BoardGeometry(6, 12, 10, turned=True).border(9)
        90
        """
        if self.turned:
            return self.left + max(self.column(0, rank), self.column(0, rank - 1)) * self.square
        return self.top + max(self.line(rank), self.line(rank - 1)) * self.square

    def edges(self, width: float, height: float) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The fields along the foot and along the left side of what a
        ``width`` x ``height`` canvas shows (the whole board, or a zoomed
        view's part), each ``(file, rank)``: where the coordinates go.

        >>> BoardGeometry(6, 12, 10).edges(60, 120)[0][:2], BoardGeometry(6, 12, 10).edges(60, 120)[1][:2]
        ([(0, 0), (1, 0)], [(0, 11), (0, 10)])
        >>> z = BoardGeometry(12, 12, 47, left=-188, top=-94)
        >>> foot, side = z.edges(372, 372)
        >>> foot[0], foot[-1], side[0], side[-1]
        ((4, 2), (11, 2), (4, 9), (4, 2))
        """
        s = self.square
        first_column = max(0, -(self.left // s))  # the first whole one
        first_line = max(0, -(self.top // s))
        last_column = min(self.across, int((width - self.left - 1) // s) + 1) - 1
        # The foot: the last row shown at least three quarters.
        last_line = min(self.down, int((height - self.top + s // 4) // s)) - 1
        last_line_shown = min(self.down, int((height - self.top - 1) // s) + 1) - 1
        foot = [self.cell(c, last_line) for c in range(first_column, last_column + 1)]
        side = [self.cell(first_column, ln) for ln in range(first_line, last_line_shown + 1)]
        return foot, side

    def step(self, file: int, rank: int, dx: int, dy: int) -> tuple[int, int]:
        """The cell ``dx`` right and ``dy`` down on screen, kept on the board."""
        if self.flipped:
            dx, dy = -dx, -dy
        if self.turned:  # right is up the ranks, down is along the files
            dx, dy = dy, -dx
        file = min(self.files - 1, max(0, file + dx))
        rank = min(self.rows - 1, max(0, rank - dy))
        return file, rank


def fit_square(files: int, rows: int, width: float, height: float,
               low: int = MIN_SQUARE, high: int = MAX_SQUARE) -> int:
    """The largest whole square size that fits ``files x rows`` in the space.

    >>> fit_square(6, 12, 374, 2000)
    62
    >>> fit_square(12, 12, 1000, 696)
    58
    >>> fit_square(12, 12, 100, 100)
    22
    """
    size = int(min(width / files, height / rows))
    return max(low, min(high, size))


class Layout:
    """How the page sets out the board: ``arrangement`` (STACKED or
    BESIDE), ``turned`` (ranks across), the ``square`` size, and whether
    the board took the top bar's room (``past_top_bar``): the page then
    scrolls the top bar out of view, as a phone's page scrolls its header
    away, and the player scrolls up to reach it."""

    __slots__ = ("arrangement", "turned", "square", "past_top_bar")

    def __init__(self, arrangement: str, turned: bool, square: int, past_top_bar: bool = False) -> None:
        self.arrangement = arrangement
        self.turned = turned
        self.square = square
        self.past_top_bar = past_top_bar

    def _key(self) -> tuple[str, bool, int, bool]:
        return (self.arrangement, self.turned, self.square, self.past_top_bar)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return self._key() == other._key()

    def __repr__(self) -> str:
        past = ", past_top_bar=True" if self.past_top_bar else ""
        return f"Layout({self.arrangement!r}, turned={self.turned!r}, square={self.square!r}{past})"


def choose_layout(files: int, rows: int, stacked: tuple[float, float],
                  beside: tuple[float, float] | None = None,
                  beside_least: tuple[float, float] | None = None,
                  past_top_bar: tuple[float, float] | None = None) -> Layout:
    """The layout with the largest fields, given the room the board has
    (width, height) in each arrangement (``beside`` None: not offered).
    The board stands upright (White at the foot) unless its fields are too
    small for a finger (TAP_MIN) and turned they are not: a single board on
    a phone held sideways. A tie goes to the column beside the board, where
    a laptop has it, so a window that grows never trades one for the other.
    ``beside_least``: the room beside a column at its least width, taken
    only where the column at its ease would leave fields too small to tap
    and this one does not (a small phone held sideways).
    ``past_top_bar``: the room stacked with the top bar scrolled out of
    view (and what else the page gives up there), taken last, only where
    nothing else gives fields big enough to tap and this does: a lesson's
    box under the board on a phone upright.

    A laptop (1366 x 768), the single and the double board:

    >>> choose_layout(6, 12, (1020, 472), (1020, 696))
    Layout('beside', turned=False, square=58)
    >>> choose_layout(12, 12, (1020, 472), (1020, 696))
    Layout('beside', turned=False, square=58)

    A phone upright (390 x 844): the single board keeps its fields of 43 px;
    the double board's 31 px are too small, and turned they stay so (a tap
    zooms them, zoom_at):

    >>> choose_layout(6, 12, (374, 520), (64, 800), (134, 800))
    Layout('stacked', turned=False, square=43)
    >>> choose_layout(12, 12, (374, 520), (64, 800), (134, 800))
    Layout('stacked', turned=False, square=31)

    Held sideways (844 x 390), the single board upright would have 28 px
    fields; turned, 43 px beside a column at its ease. A smaller phone
    (740 x 360) turns it beside a narrower column, for fields of 40 px:

    >>> choose_layout(6, 12, (828, 108), (518, 344), (588, 344))
    Layout('beside', turned=True, square=43)
    >>> choose_layout(6, 12, (724, 78), (414, 318), (484, 318))
    Layout('beside', turned=True, square=40)

    A lesson on a phone upright: its box under the board leaves it fields
    of 29 px; past the top bar, 41 px. The double board gains nothing
    there (its width holds it: a tap zooms it), so the top bar stays:

    >>> choose_layout(6, 12, (374, 350), (64, 800), (134, 800), past_top_bar=(374, 494))
    Layout('stacked', turned=False, square=41, past_top_bar=True)
    >>> choose_layout(12, 12, (374, 350), (64, 800), (134, 800), past_top_bar=(374, 494))
    Layout('stacked', turned=False, square=29)
    """
    def best(turned: bool, beside: tuple[float, float] | None) -> Layout:
        rooms = [(STACKED, stacked)] + ([(BESIDE, beside)] if beside is not None else [])
        across, down = (rows, files) if turned else (files, rows)
        found = Layout(STACKED, turned, 0)
        for arrangement, (width, height) in rooms:
            square = fit_square(across, down, width, height)
            if square >= found.square:
                found = Layout(arrangement, turned, square)
        return found

    def tappable(beside: tuple[float, float] | None) -> Layout:
        upright = best(False, beside)
        if upright.square < TAP_MIN:
            turned = best(True, beside)
            if turned.square >= TAP_MIN:
                return turned
        return upright

    chosen = tappable(beside)
    if chosen.square < TAP_MIN and beside_least is not None:
        closer = tappable(beside_least)
        if closer.square >= TAP_MIN:
            return closer
    if chosen.square < TAP_MIN and past_top_bar is not None:
        taller = fit_square(files, rows, *past_top_bar)
        if taller >= TAP_MIN:
            return Layout(STACKED, False, taller, past_top_bar=True)
    return chosen


# A coordinate and the piece on its field ---------------------------------------------
#
# The ranks' numbers stand in a corner of the fields along the board's edge
# (web/ui/draw.py), and on the official board they have two digits: "12"
# was drawn over a tower. A piece on such a field stands a
# little smaller, clear of the number (lichess keeps its coordinates small
# in the corner; its pieces leave the corners free, a cross or a star's point here may not).

#: The least room (CSS px) between a rank's number and the piece on its field.
LABEL_GAP = 1


def piece_outline(piece: Piece) -> tuple[list[tuple[float, float]], float, float]:
    """What ``piece`` covers of the unit field: its top face's outline, how
    far its prism reaches below that face, and half its outline's width
    (the prism covers the face moved down by any distance up to the depth).

    >>> from militakiri.pieces import piece_from_symbol
    >>> face, depth, half = piece_outline(piece_from_symbol("S^"))
    >>> len(face), round(depth, 3), half
    (16, 0.26, 0.0175)
    """
    parts = piece_parts(piece)
    return parts.face, parts.depth(), OUTLINE / 2


def _inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    """Whether ``point`` lies inside ``polygon`` (even-odd)."""
    x, y = point
    inside = False
    for i in range(len(polygon)):
        (x1, y1), (x2, y2) = polygon[i - 1], polygon[i]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _crosses(p1: tuple[float, float], p2: tuple[float, float], q1: tuple[float, float],
             q2: tuple[float, float]) -> bool:
    """Whether the segments p1-p2 and q1-q2 cross."""
    def side(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (side(p1, p2, q1) * side(p1, p2, q2) < 0) and (side(q1, q2, p1) * side(q1, q2, p2) < 0)


def _meets(polygon: list[tuple[float, float]], box: tuple[float, float, float, float]) -> bool:
    """Whether ``polygon`` meets ``box`` (left, top, right, bottom)."""
    left, top, right, bottom = box
    corners = [(left, top), (right, top), (right, bottom), (left, bottom)]
    if any(left <= x <= right and top <= y <= bottom for x, y in polygon):
        return True
    if any(_inside(corner, polygon) for corner in corners):
        return True
    return any(_crosses(polygon[i - 1], polygon[i], corners[j - 1], corners[j])
               for i in range(len(polygon)) for j in range(4))


def clear_of_label(square: int, label: tuple[float, float, float, float],
                   outline: tuple[list[tuple[float, float]], float, float]) -> tuple[int, int, int]:
    """Where a piece of ``outline`` (piece_outline) stands on a field of
    ``square`` CSS px whose coordinate covers ``label`` (left, top, right,
    bottom, from the field's corner): ``(dx, dy, size)``, the piece's box in
    the field. The whole field if it misses the label by LABEL_GAP; else as
    large as it may be and miss it, its foot on the field's foot (a label
    in a top corner) or its head at the field's top (a label in a bottom
    corner), centred across.

    "12" in the top left corner of a laptop's field (58 px) and of a
    phone's on the double board (31 px); "10" at the foot of a field on the
    board turned (43 px): a cross, whose arms reach into the corners,
    stands smaller; a plus's arms miss the corner:

    >>> from militakiri.pieces import piece_from_symbol
    >>> tower, pawn = piece_outline(piece_from_symbol("X^")), piece_outline(piece_from_symbol("p1"))
    >>> clear_of_label(58, (2, 2, 14, 9), tower), clear_of_label(58, (2, 2, 14, 9), pawn)
    ((1, 2, 56), (0, 0, 58))
    >>> clear_of_label(31, (1, 1, 10, 6), tower), clear_of_label(31, (1, 1, 10, 6), pawn)
    ((2, 5, 26), (0, 0, 31))
    >>> clear_of_label(43, (32, 36, 41, 41), tower), clear_of_label(43, (32, 36, 41, 41), pawn)
    ((1, 0, 40), (0, 0, 43))
    """
    face, depth, half = outline
    left, top, right, bottom = label
    at_top = top + bottom < square  # the label's side of the field

    def misses(size: int) -> bool:
        dx, dy = (square - size) // 2, (square - size if at_top else 0)
        # The label's box, in the piece's unit box, grown by the gap and
        # half the outline, and upwards by the prism's depth: the face
        # moved down by up to the depth meets the box iff the face meets that.
        gap = LABEL_GAP / size + half
        box = ((left - dx) / size - gap, (top - dy) / size - gap - depth,
               (right - dx) / size + gap, (bottom - dy) / size + gap)
        return not _meets(face, box)

    size = square
    while size > square // 2 and not misses(size):
        size -= 1
    return (square - size) // 2, (square - size if at_top else 0), size


# The analysis board's editor ------------------------------------------------------

#: The editor's fields (web/ui/editor.py) are at most this large (CSS px).
EDITOR_MAX = 70


def editor_layout(files: int, rows: int, width: float, height: float) -> Layout:
    """The analysis board editor's grid of buttons, ``width`` wide and at
    most ``height`` high (the window's room to see it whole): upright
    unless its fields are too small for a finger and turned they are not,
    as the game's board (choose_layout).

    >>> editor_layout(6, 12, 334, 694)  # a phone upright
    Layout('stacked', turned=False, square=55)
    >>> editor_layout(6, 12, 520, 240)  # held sideways
    Layout('stacked', turned=True, square=40)
    >>> editor_layout(12, 12, 520, 618).square  # a laptop
    43
    """
    choice = choose_layout(files, rows, (width, height))
    return Layout(choice.arrangement, choice.turned, min(choice.square, EDITOR_MAX))
