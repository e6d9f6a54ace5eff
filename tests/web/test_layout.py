"""web/model/layout.py's decisions, for every point a finger may tap and
the screens the page is made for: the arrangement and the way round the
board stands (choose_layout), the tap zoom (zoom_at, after_tap), the
editor's grid (editor_layout), a piece on a field with a rank's number
(clear_of_label). The browser's side: tests/browser/test_layout.py."""

from __future__ import annotations

import pytest

from militakiri.pieces import BLACK, SHAPES, stack, tower
from web.model.layout import (BESIDE, BESIDE_FIRST_QUERY, LABEL_GAP, MAX_SQUARE, MIN_SQUARE, STACKED, TAP_MIN, ZOOM_SQUARE,
                              BoardGeometry, choose_layout, clear_of_label, editor_layout, piece_outline)
from web.model.zoom import after_tap, zoom_at, zoomable

#: The room App.fit (web/ui/app.py) measures at the brief's screens for
#: (stacked, beside at its ease, beside at its least): the window less the
#: top bar, the player bars, the status line and the buttons, the column.
ROOMS = {
    (1366, 768): ((1020, 472), (1020, 700), (1090, 700)),
    (1280, 720): ((934, 424), (934, 652), (1004, 652)),
    (390, 844): ((374, 520), (44, 802), (114, 802)),
    (844, 390): ((828, 108), (518, 348), (588, 348)),
}


@pytest.mark.parametrize("screen", [(1366, 768), (1280, 720)], ids=["1366x768", "1280x720"])
@pytest.mark.parametrize("files", [6, 12], ids=["single", "double"])
def test_a_laptop_sets_the_board_beside_its_column_upright_with_fields_of_44_or_more(screen, files):
    chosen = choose_layout(files, 12, *ROOMS[screen])
    assert chosen.arrangement == BESIDE and not chosen.turned and chosen.square >= 44


def test_a_phone_upright_stacks_the_single_board_with_fields_a_finger_hits():
    chosen = choose_layout(6, 12, *ROOMS[(390, 844)])
    assert chosen.arrangement == STACKED and not chosen.turned and chosen.square >= TAP_MIN


def test_a_phone_held_sideways_turns_the_single_board_beside_its_column():
    chosen = choose_layout(6, 12, *ROOMS[(844, 390)])
    assert chosen.arrangement == BESIDE and chosen.turned and chosen.square >= TAP_MIN


@pytest.mark.parametrize("screen", [(390, 844), (844, 390)], ids=["390x844", "844x390"])
def test_the_double_board_on_a_phone_stays_upright_and_zooms(screen):
    """Twelve fields each way: turning gains nothing, the fields stay too
    small for a finger, so a tap zooms."""
    chosen = choose_layout(12, 12, *ROOMS[screen])
    assert not chosen.turned and chosen.square < TAP_MIN
    assert zoomable(BoardGeometry(12, 12, chosen.square))


def test_a_board_large_enough_to_tap_is_never_turned_nor_zoomed():
    assert not choose_layout(6, 12, (2000, 600), (2000, 900)).turned  # turned it would be larger still
    assert zoom_at(BoardGeometry(6, 12, TAP_MIN), 5, 5) is None


def _shown(view: BoardGeometry, box: tuple[int, int], file: int, rank: int) -> tuple[float, float]:
    """How much of a field shows on a canvas of ``box``, across and down."""
    x, y = view.origin(file, rank)
    s = view.square
    return min(x + s, box[0]) - max(x, 0), min(y + s, box[1]) - max(y, 0)


@pytest.mark.parametrize("square", [29, 31, 33, 36])
@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("files", [6, 12])
def test_a_tap_anywhere_zooms_to_fields_a_finger_hits_the_field_aimed_at_under_it(square, flipped, files):
    """Every point of the whole board (a pixel's grid): the view's fields
    are ZOOM_SQUARE or more, the canvas is covered, and the field aimed at
    shows TAP_MIN or more each way, within half a field of the finger."""
    whole = BoardGeometry(files, 12, square, flipped)
    box = (whole.width, whole.height)
    for x in range(0, whole.width, 3):
        for y in range(0, whole.height, 3):
            view = zoom_at(whole, x + 0.5, y + 0.5)
            assert view is not None and view.square >= ZOOM_SQUARE
            assert view.left <= 0 and view.top <= 0
            assert view.left + view.width >= box[0] and view.top + view.height >= box[1]
            aimed = whole.cell_at(x + 0.5, y + 0.5)
            width, height = _shown(view, box, *aimed)
            assert width >= TAP_MIN and height >= TAP_MIN, (x, y, aimed, view)
            cx, cy = view.center(*aimed)
            assert abs(cx - x) <= view.square and abs(cy - y) <= view.square, (x, y, aimed, view)


@pytest.mark.parametrize("square", [29, 31])
def test_after_a_tap_the_view_shows_all_a_piece_may_do_or_the_whole_board(square):
    """A piece and the fields it may go to: shown whole (TAP_MIN or more of
    each) where they fit in a view, the view moved as little as it must;
    else the whole board, which shows them all."""
    whole = BoardGeometry(12, 12, square)
    box = (whole.width, whole.height)
    for x in range(0, whole.width, 23):
        for y in range(0, whole.height, 23):
            view = zoom_at(whole, x, y)
            for file in range(12):
                for rank in range(12):
                    steps = [(f, r) for f in range(file - 1, file + 2) for r in range(rank - 1, rank + 2)
                             if 0 <= f < 12 and 0 <= r < 12]
                    moved = after_tap(view, whole, steps)
                    assert moved is not None  # a pawn's steps always fit
                    for cell in steps:
                        assert min(_shown(moved, box, *cell)) >= TAP_MIN, (view, cell, moved)
                    if all(min(_shown(view, box, *cell)) >= TAP_MIN for cell in steps):
                        assert moved == view  # in view already: the view stays
            reach = [(f, 0) for f in range(12)]  # a tower's line across the board
            assert after_tap(view, whole, reach) is None
            assert after_tap(view, whole, []) is None


@pytest.mark.parametrize("files, rows", [(6, 12), (12, 12)])
@pytest.mark.parametrize("width, height", [(334, 694), (520, 240), (520, 618)])
def test_the_editors_grid_fits_its_room(files, rows, width, height):
    chosen = editor_layout(files, rows, width, height)
    across, down = (rows, files) if chosen.turned else (files, rows)
    assert chosen.square * across <= width and chosen.square * down <= max(height, 22 * down)


def _column(outline, u: float) -> list[tuple[float, float]]:
    """What a piece of ``outline`` (unit box) covers of the upright line at
    ``u``: (top, bottom) spans of its face there (and half the outline's
    width to either side), each reaching down by the prism's depth."""
    face, depth, half = outline
    spans = []
    for x in (u - half, u, u + half):
        crossings = sorted(y1 + (x - x1) * (y2 - y1) / (x2 - x1)
                           for (x1, y1), (x2, y2) in zip(face, face[1:] + face[:1]) if (x1 > x) != (x2 > x))
        spans += [(top - half, bottom + half + depth) for top, bottom in zip(crossings[::2], crossings[1::2])]
    return spans


def _covers(outline, dx, dy, size, xs, ys) -> bool:
    """Whether the piece of ``outline`` placed at (dx, dy), ``size`` px,
    covers any point of the grid ``xs`` by ``ys``."""
    return any(top <= (y - dy) / size <= bottom for x in xs for top, bottom in _column(outline, (x - dx) / size)
               for y in ys)


@pytest.mark.parametrize("corner", ["top left", "bottom right"])
def test_a_piece_on_a_field_with_a_ranks_number_stands_clear_of_it(corner):
    """The ranks' numbers, two digits on the official board ("12" was drawn
    over a tower on a12), stand in a field's corner (web/ui/draw.py: some
    0.155 of a field high, at least 7 px, 1 px or more from the corner):
    every piece there, a tower or a rank of any height, stays within its
    field and LABEL_GAP clear of the number (every point near the number
    tried, a quarter pixel apart), and loses little of its size (more on
    the smallest fields, where the number takes more of the field)."""
    pieces = [tower(BLACK, shape) for shape in SHAPES] + [stack(BLACK, shape, h) for shape in SHAPES for h in (1, 2, 4)]
    for square in range(MIN_SQUARE, MAX_SQUARE + 1):
        font = max(7, round(square * 0.155))
        margin = max(1, round(square * 0.035))
        wide, high = font * 1.3, font * 0.73  # "12", bold
        left = margin if corner.endswith("left") else square - margin - wide
        top = margin if corner.startswith("top") else square - margin - high
        label = (left, top, left + wide, top + high)
        xs = [left - LABEL_GAP + i / 4 for i in range(int((wide + 2 * LABEL_GAP) * 4) + 1)]
        ys = [top - LABEL_GAP + j / 4 for j in range(int((high + 2 * LABEL_GAP) * 4) + 1)]
        for piece in pieces:
            outline = piece_outline(piece)
            dx, dy, size = clear_of_label(square, label, outline)
            assert 0 <= dx and 0 <= dy and dx + size <= square and dy + size <= square, (square, piece, size)
            assert not _covers(outline, dx, dy, size, xs, ys), (square, piece, corner)
            # (the double board on a phone: 31 px; a laptop's and a phone's single board: 43 px and more;
            # below 31 px the number is half the field wide, and a tall star tower (R29) or a rank of
            # 4 reaches up into its corner)
            least = 0.85 if square >= TAP_MIN else 0.8 if square >= 31 else 0.65
            assert size >= least * square, (square, piece, size)


def test_the_first_frame_chooses_as_the_model_does():
    """index.html sets the arrangement before Python runs with the model's
    own query, so the two cannot drift apart."""
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "index.html").read_text()
    assert f'matchMedia("{BESIDE_FIRST_QUERY}")' in page
