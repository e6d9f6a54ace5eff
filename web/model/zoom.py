"""The tap zoom: how a board too small for a finger is shown in part.

On a touch screen, fields smaller than TAP_MIN are too small to hit
surely (the double board's twelve files across a phone: 31 px). A tap on
such a board chooses nothing: it shows the part of the board around the
finger at fields of ZOOM_SQUARE px or more, the field aimed at about where
it was, as a Go board's app does on a phone. There a tap acts as on any
board. Then the whole board is shown again (its view drops as soon as the
pieces differ: a move made, a tower placed), unless the tap picked a piece
whose moves all fit in a view: the view moves to show them all (after_tap).
"""

from __future__ import annotations

import math

from web.model.layout import TAP_MIN, ZOOM_SQUARE, BoardGeometry


def zoomable(overview: BoardGeometry) -> bool:
    """Whether a tap on the whole board zooms (its fields are too small)."""
    return overview.square < TAP_MIN


def _zoom_square(overview: BoardGeometry) -> int:
    """A zoomed view's square: fields of ZOOM_SQUARE or more, as many whole
    ones as fit in the canvas (the overview's size), the canvas covered."""
    square = ZOOM_SQUARE
    for length in (overview.width, overview.height):
        count = max(1, length // ZOOM_SQUARE)
        square = max(square, -(-length // count))
    return square


def _first(position: float, count: int, shown: float) -> int:
    """The first column (or row) of a view of ``count`` that shows
    ``shown`` of them, nearest to ``position``, kept on the board."""
    return max(0, min(int(count - shown), int(math.floor(position + 0.5))))


def zoom_at(overview: BoardGeometry, x: float, y: float) -> BoardGeometry | None:
    """The view a tap at (``x``, ``y``) on the whole board zooms into, or
    None if its fields are large enough to tap. Whole fields from its left
    and top edge; the point tapped stays within half a field of the finger.

    The double board on a phone upright: 12 fields of 31 px, 8 of 47 px in view.

    >>> whole = BoardGeometry(12, 12, 31)
    >>> view = zoom_at(whole, 20, 350)  # near a1
    >>> view.square, view.left, view.top, view.cell_at(20, 350)
    (47, 0, -188, (0, 0))
    >>> zoom_at(whole, 370, 2).cell_at(370, 2)  # l12, the far corner
    (11, 11)
    >>> zoom_at(BoardGeometry(6, 12, 58), 10, 10) is None
    True
    """
    if not zoomable(overview):
        return None
    square = _zoom_square(overview)
    s = overview.square
    column = _first(x / s - x / square, overview.across, overview.width / square)
    line = _first(y / s - y / square, overview.down, overview.height / square)
    return overview.at(square, -column * square, -line * square)


def _first_showing(view: BoardGeometry, length: int, count: int, first: int, last: int, now: int) -> int | None:
    """The first column (or row) of ``view``, nearest ``now``, that shows
    ``first`` to ``last`` on a canvas ``length`` long, each field at least
    TAP_MIN of it (the last one in view may be cut); None if none can."""
    s = view.square
    in_view = length // s + (1 if length % s >= TAP_MIN else 0)
    low = max(0, last - in_view + 1)
    high = min(first, int(count - length / s))
    if low > high:
        return None
    return max(low, min(high, now))


def after_tap(view: BoardGeometry, overview: BoardGeometry, chosen: list[tuple[int, int]]) -> BoardGeometry | None:
    """The view after a tap on a zoomed board: None (the whole board again)
    unless it picked a piece (``chosen``: its field and the fields it may go
    to, ``(file, rank)``), whose fields all fit in a view: then the view
    that shows them all, moved as little as it must.

    >>> whole = BoardGeometry(12, 12, 31)
    >>> view = zoom_at(whole, 20, 350)
    >>> after_tap(view, whole, [(0, 0), (1, 1)]) == view  # a pawn's step: all in view
    True
    >>> moved = after_tap(view, whole, [(2, 1), (9, 1)])  # 8 files: the view moves right
    >>> moved.cell_at(1, 350), moved.cell_at(371, 350)
    ((2, 0), (9, 0))
    >>> after_tap(view, whole, [(0, 1), (11, 1)]) is None  # a tower's reach across the board
    True
    >>> after_tap(view, whole, []) is None  # a move made, a tower placed, nothing picked
    True
    """
    if not chosen:
        return None
    s = view.square
    columns = [view.column(f, r) for f, r in chosen]
    lines = [view.line(r, f) for f, r in chosen]
    column = _first_showing(view, overview.width, view.across, min(columns), max(columns), -view.left // s)
    line = _first_showing(view, overview.height, view.down, min(lines), max(lines), -view.top // s)
    if column is None or line is None:
        return None
    return view.at(s, -column * s, -line * s)
