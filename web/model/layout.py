"""Board geometry on screen: square size, orientation, pixels <-> squares.

Pure Python, CSS pixels throughout (the canvas multiplies by
devicePixelRatio itself). ``file`` and ``rank`` are 0-based board
coordinates as in the engine (rank 0 is rank 1, White's first row); the
screen shows rank 1 at the bottom unless the board is flipped.

>>> g = BoardGeometry(files=6, rows=8, square=50)
>>> g.width, g.height
(300, 400)
>>> g.cell_at(10, 390), g.cell_at(299, 1)
((0, 0), (5, 7))
>>> g.center(0, 0)
(25.0, 375.0)
>>> BoardGeometry(6, 8, 50, flipped=True).cell_at(10, 390)
(5, 7)

Turned (a double board on a portrait phone), the ranks run across and the
files down: rank 1 on the left, file a at the top, so 12 files keep fields
of 40 px and more on a 390 px screen.

>>> t = BoardGeometry(12, 8, 46, turned=True)
>>> t.width, t.height, t.origin(0, 0), t.origin(11, 7), t.cell_at(10, 10)
(368, 552, (0, 0), (322, 506), (0, 0))
>>> BoardGeometry(12, 8, 46, flipped=True, turned=True).origin(0, 0)
(322, 506)
"""

from __future__ import annotations

MIN_SQUARE = 22
MAX_SQUARE = 92
#: The window width (CSS pixels) up to which the page is laid out for a
#: phone: the side panel under the board (web/ui/app.py), the language switch
#: showing codes (web/ui/language.py). web/style.css repeats it.
NARROW = 760
NARROW_QUERY = f"(max-width: {NARROW}px)"


class BoardGeometry:
    """A board of ``files`` x ``rows`` fields of ``square`` CSS pixels on screen.

    >>> BoardGeometry(6, 8, 50) == BoardGeometry(files=6, rows=8, square=50, flipped=False)
    True
    """

    __slots__ = ("files", "rows", "square", "flipped", "turned")

    def __init__(self, files: int, rows: int, square: int, flipped: bool = False, turned: bool = False) -> None:
        self.files = files
        self.rows = rows
        self.square = square
        self.flipped = flipped
        #: Ranks across and files down (see the module's doc).
        self.turned = turned

    def _key(self) -> tuple[object, ...]:
        return (self.files, self.rows, self.square, self.flipped, self.turned)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BoardGeometry):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"BoardGeometry(files={self.files!r}, rows={self.rows!r}, square={self.square!r}, "
                f"flipped={self.flipped!r}, turned={self.turned!r})")

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
        return self.across * self.square

    @property
    def height(self) -> int:
        return self.down * self.square

    def column(self, file: int, rank: int = 0) -> int:
        """The screen column (0 = left) of the square."""
        if self.turned:
            return self.rows - 1 - rank if self.flipped else rank
        return self.files - 1 - file if self.flipped else file

    def line(self, rank: int, file: int = 0) -> int:
        """The screen row (0 = top) of the square."""
        if self.turned:
            return self.files - 1 - file if self.flipped else file
        return rank if self.flipped else self.rows - 1 - rank

    def origin(self, file: int, rank: int) -> tuple[int, int]:
        """Top-left corner of a square, in CSS pixels."""
        return self.column(file, rank) * self.square, self.line(rank, file) * self.square

    def center(self, file: int, rank: int) -> tuple[float, float]:
        x, y = self.origin(file, rank)
        return x + self.square / 2, y + self.square / 2

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """``(file, rank)`` under CSS pixel ``(x, y)``, or ``None`` off the board."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        col, row = int(x // self.square), int(y // self.square)
        if self.turned:
            return (self.files - 1 - row, self.rows - 1 - col) if self.flipped else (row, col)
        file = self.files - 1 - col if self.flipped else col
        rank = row if self.flipped else self.rows - 1 - row
        return file, rank

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

    >>> fit_square(6, 8, 374, 2000)
    62
    >>> fit_square(12, 8, 1000, 480)
    60
    >>> fit_square(12, 8, 100, 100)
    22
    """
    size = int(min(width / files, height / rows))
    return max(low, min(high, size))
