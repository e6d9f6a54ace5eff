"""Board geometry: files, ranks, squares, set-up zones and lines (R1, R2).

A square is a plain ``int`` index, ``rank_index * files + file_index``, so the
move generator can use lists instead of dictionaries. Everything that depends
on the size of the board lives in a :class:`BoardKind`, built once per size.

>>> SINGLE.square("c3")
14
>>> SINGLE.square_name(14)
'c3'
>>> DOUBLE.files
12
"""

from __future__ import annotations

from .bounded import excerpt, must_be_index, must_be_text
from .errors import InvalidSquareError, MilitakiriError
from .messages import text

#: Ranks of the official board (R1): the full manual's 72 and 144 fields,
#: three set-up rows a side and six neutral rows between them.
ROWS = 12
#: Ranks of the board this program played on before the full manual gave
#: the height (the quick start never did). Games, links and records made on
#: it are read on it, as they were played, never moved onto the official
#: board (docs/earlier-board.md).
EARLIER_ROWS = 8
#: Rows of a player's own set-up zone, counted from their side (R1, R4).
ZONE_ROWS = 3

FILE_LETTERS = "abcdefghijkl"

# Directions as (file step, rank step).
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL


_A_SQUARE_NAME = text("n_square_name")
_A_BOARD_NAME = text("n_board_name")
_A_FILE_LETTER = text("n_file_letter")
_A_RANK = text("n_rank")
_A_PLAYER = text("n_player")
_A_SETUP_ROW = text("n_setup_row")


class BoardKind:
    """One size of board: the single board (6 files) or the double (12),
    on the official 12 ranks or on the earlier 8 (:data:`EARLIER_ROWS`)."""

    def __init__(self, name: str, files: int, rows: int = ROWS) -> None:
        self.name = name
        self.files = files
        self.rows = rows
        #: Whether this is the earlier 8-rank board, kept for old games.
        self.earlier = rows != ROWS
        self.size = files * rows
        self.squares = range(self.size)
        #: ``names[sq]``: each square's name (``square_name`` without its
        #: check, for the engine's own squares: a token names up to five).
        self.names = tuple(FILE_LETTERS[sq % files] + str(sq // files + 1) for sq in self.squares)
        self._index = {name: sq for sq, name in enumerate(self.names)}
        #: ``zone[color]``: the squares of that player's set-up zone.
        self.zone = (
            tuple(sq for sq in self.squares if sq // files < ZONE_ROWS),
            tuple(sq for sq in self.squares if sq // files >= rows - ZONE_ROWS),
        )
        self._in_zone = (frozenset(self.zone[0]), frozenset(self.zone[1]))
        self._rays: list[tuple[tuple[int, ...], ...]] | None = None
        # The words of a refusal, made once: the helpers below check often.
        title = f"board_{name}" + ("" if rows == ROWS else "_earlier")  # board_single, board_double_earlier
        self.title_words = text(title, rows=rows)
        self._a_square = text("n_square_of", board=self.title_words)
        self._a_file = text("n_file_of", board=self.title_words)

    @property
    def rays(self) -> list[tuple[tuple[int, ...], ...]]:
        """``rays[sq][d]``: the squares from ``sq`` outwards in direction
        ``ALL_DIRECTIONS[d]``, nearest first, up to the edge.

        Made at the first question that needs them, not with the board:
        both boards' rays were half the engine's import, which the page
        waits for, and a game needs one board's.
        """
        if self._rays is None:
            self._rays = [tuple(self._ray(sq, step) for step in ALL_DIRECTIONS) for sq in self.squares]
        return self._rays

    def _ray(self, sq: int, step: tuple[int, int]) -> tuple[int, ...]:
        df, dr = step
        f, r = sq % self.files + df, sq // self.files + dr
        ray = []
        while 0 <= f < self.files and 0 <= r < self.rows:
            ray.append(r * self.files + f)
            f, r = f + df, r + dr
        return tuple(ray)

    def square(self, name: str) -> int:
        """The square called ``name`` (e.g. ``"c3"``)."""
        must_be_text(name, _A_SQUARE_NAME, InvalidSquareError)
        try:
            return self._index[name]
        except KeyError:
            raise InvalidSquareError(text(
                "not_a_square", value=excerpt(name), board=self.title_words,
                last=FILE_LETTERS[self.files - 1], rows=self.rows)) from None

    # The helpers below take numbers (a square 0 .. size-1, 0-based files and
    # ranks, a player 0 or 1) and refuse any other value with
    # InvalidSquareError, not an IndexError or a TypeError from inside.

    def check_square(self, sq: object) -> int:
        """``sq`` if it is a square of this board; else InvalidSquareError."""
        return must_be_index(sq, 0, self.size - 1, self._a_square, InvalidSquareError)

    def square_name(self, sq: int) -> str:
        """The name of square ``sq``, e.g. ``'c3'``."""
        return self.names[self.check_square(sq)]

    def file_of(self, sq: int) -> int:
        return self.check_square(sq) % self.files

    def rank_of(self, sq: int) -> int:
        """0-based rank index: 0 is rank 1, White's first row."""
        return self.check_square(sq) // self.files

    def at(self, file: int, rank: int) -> int:
        """The square at 0-based ``file`` and ``rank``."""
        must_be_index(file, 0, self.files - 1, self._a_file, InvalidSquareError)
        return must_be_index(rank, 0, self.rows - 1, _A_RANK, InvalidSquareError) * self.files + file

    def in_zone(self, color: int, sq: int) -> bool:
        """Whether ``sq`` lies in the set-up zone of ``color`` (R1)."""
        return self.check_square(sq) in self._in_zone[must_be_index(color, 0, 1, _A_PLAYER, InvalidSquareError)]

    def zone_row(self, color: int, row: int) -> int:
        """The 0-based rank index of ``color``'s set-up row ``row`` (1-3)."""
        must_be_index(row, 1, ZONE_ROWS, _A_SETUP_ROW, InvalidSquareError)
        return row - 1 if must_be_index(color, 0, 1, _A_PLAYER, InvalidSquareError) == 0 else self.rows - row

    def file_letter(self, file: int) -> str:
        return FILE_LETTERS[must_be_index(file, 0, self.files - 1, self._a_file, InvalidSquareError)]

    def file_index(self, letter: str) -> int:
        must_be_text(letter, _A_FILE_LETTER, InvalidSquareError)
        index = FILE_LETTERS.find(letter)
        if len(letter) != 1 or not 0 <= index < self.files:
            raise InvalidSquareError(text("not_a_file", value=excerpt(letter), board=self.title_words,
                                          last=FILE_LETTERS[self.files - 1]))
        return index

    @property
    def title(self) -> str:
        """``'single board'``, or ``'earlier 8-rank single board'``."""
        return str(self.title_words)

    def __repr__(self) -> str:
        if self.earlier:
            return f"BoardKind({self.name!r}, files={self.files}, rows={self.rows})"
        return f"BoardKind({self.name!r}, files={self.files})"


SINGLE = BoardKind("single", 6)
DOUBLE = BoardKind("double", 12)
BOARD_KINDS = {"single": SINGLE, "double": DOUBLE}
#: The same boards on the earlier 8 ranks, for the games played on them.
EARLIER_SINGLE = BoardKind("single", 6, EARLIER_ROWS)
EARLIER_DOUBLE = BoardKind("double", 12, EARLIER_ROWS)
EARLIER_BOARD_KINDS = {"single": EARLIER_SINGLE, "double": EARLIER_DOUBLE}


def board_kind(name: str, rows: int = ROWS) -> BoardKind:
    """The board called ``single`` or ``double``, on ``rows`` ranks: the
    official 12, or the earlier 8 for an old game.

    >>> board_kind("double", EARLIER_ROWS).title
    'earlier 8-rank double board'
    """
    must_be_text(name, _A_BOARD_NAME, InvalidSquareError)
    kinds = BOARD_KINDS if rows == ROWS else EARLIER_BOARD_KINDS if rows == EARLIER_ROWS else None
    if kinds is None:
        raise InvalidSquareError(text("not_board_ranks", value=excerpt(rows), rows=ROWS))
    try:
        return kinds[name]
    except KeyError:
        raise InvalidSquareError(text("not_a_board_name", value=excerpt(name))) from None


def must_be_board(kind: object, error: type[MilitakiriError] = InvalidSquareError) -> BoardKind:
    """``kind`` if it is a board (SINGLE, DOUBLE), else ``error``."""
    if not isinstance(kind, BoardKind):
        raise error(text("not_a_board", value=excerpt(kind)))
    return kind


def board_with_files(files: int, rows: int = ROWS) -> BoardKind | None:
    """The board that has ``files`` files and ``rows`` ranks, or ``None``."""
    for kind in list(BOARD_KINDS.values()) + list(EARLIER_BOARD_KINDS.values()):
        if kind.files == files and kind.rows == rows:
            return kind
    return None
