"""Engine helpers a board UI needs: SetupDraft, a set-up placed tower by tower."""

import itertools
import random

import pytest

from militakiri import DOUBLE, SINGLE, InvalidSetupError, Setup, start_position
from militakiri.draft import SetupDraft
from militakiri.pieces import BLACK, CROSS, PLUS, STAR, WHITE


def test_single_board_draft_builds_the_setup_and_start_pieces():
    white = SetupDraft(SINGLE, WHITE)
    for square in ("c1", "d2", "b3"):
        assert white.can_place(square)
        white.place(square)
    black = SetupDraft(SINGLE, BLACK)
    for square in ("a12", "b11", "f10"):
        black.place(square)
    assert white.is_complete() and black.is_complete()
    assert white.setup().text() == "Sc Xd Pb" and black.setup().text() == "Sa Xb Pf"
    # The pieces shown while placing are exactly those of the start position.
    start = start_position(SINGLE, white.setup(), black.setup(), first=WHITE)
    shown = {**white.pieces(), **black.pieces()}
    expected = {sq: p for sq, p in enumerate(start.board) if p is not None}
    assert shown == expected


def test_R4_rows_and_zone_by_color():
    white, black = SetupDraft(SINGLE, WHITE), SetupDraft(SINGLE, BLACK)
    assert [white.row_of(s) for s in ("a1", "a2", "a3", "a4", "a9", "a12")] == [1, 2, 3, None, None, None]
    # Black's row 1 is rank 12 (R2); ranks 4-9 are nobody's (R1).
    assert [black.row_of(s) for s in ("a12", "a11", "a10", "a9", "a4", "a1")] == [1, 2, 3, None, None, None]
    assert [white.shape_of_row(r) for r in (1, 2, 3)] == [STAR, CROSS, PLUS]
    assert "not in Blue's set-up zone" in black.problem("c3")
    assert "ranks 12-10" in black.problem("c9")
    with pytest.raises(InvalidSetupError, match="ranks 1-3"):
        white.place("c5")


def test_R4_a_row_fills_with_pawns_once_its_tower_stands():
    draft = SetupDraft(SINGLE, WHITE)
    assert draft.pieces() == {}
    draft.place("e2")
    row2 = {SINGLE.square_name(sq): p.symbol for sq, p in draft.pieces().items()}
    assert row2 == {"a2": "X1", "b2": "P1", "c2": "X1", "d2": "P1", "e2": "X^", "f2": "P1"}
    assert draft.missing_shapes() == ["star", "plus"]
    with pytest.raises(InvalidSetupError, match="star and plus tower"):
        draft.setup()


def test_single_board_one_tower_per_row_and_take_back():
    draft = SetupDraft(SINGLE, WHITE)
    draft.place("c1")
    assert "one star tower and it stands on c1" in draft.problem("e1")
    assert "already stands on c1" in draft.problem("c1")
    draft.remove("c1")
    assert draft.can_place("e1")
    with pytest.raises(InvalidSetupError, match="no tower of yours on d1"):
        draft.remove("d1")


def test_R5_double_board_no_towers_side_by_side_explained():
    draft = SetupDraft(DOUBLE, WHITE)
    draft.place("c1")
    reason = draft.problem("d1")
    assert "next to your star tower on c1" in reason and "(R5)" in reason
    draft.place("e1")
    assert "both your star towers stand on c1 and e1" in draft.problem("h1")


def test_R4_double_board_cross_and_plus_towers_keep_one_parity_explained():
    draft = SetupDraft(DOUBLE, BLACK)
    draft.place("b11")  # Black's row 2 (R2)
    reason = draft.problem("e11")
    assert "b11" in reason and "e11 is a plus field" in reason and "(R4)" in reason
    assert draft.can_place("f11")
    draft.place("k10")  # Black's row 3
    assert "is a cross field" in draft.problem("b10")


@pytest.mark.parametrize("shape", [STAR, CROSS, PLUS])
def test_draft_agrees_with_setup_on_every_pair_of_files(shape):
    """Placing two towers of a shape one by one is allowed exactly when the
    finished set-up would be (R4, R5): the draft never lets a player build a
    set-up that Setup refuses, nor refuses one it accepts."""
    row = (STAR, CROSS, PLUS).index(shape) + 1
    base = {STAR: (0, 4), CROSS: (1, 5), PLUS: (1, 5)}
    for a, b in itertools.permutations(range(12), 2):
        files = dict(base)
        files[shape] = (a, b)
        try:
            Setup(DOUBLE, files)
            valid = True
        except InvalidSetupError:
            valid = False
        draft = SetupDraft(DOUBLE, WHITE)
        first = DOUBLE.square_name(DOUBLE.at(a, row - 1))
        second = DOUBLE.square_name(DOUBLE.at(b, row - 1))
        draft.place(first)
        assert draft.can_place(second) == valid, (first, second)


def test_free_fields_and_random_drafts_are_complete_and_valid():
    rng = random.Random(5)
    for kind in (SINGLE, DOUBLE):
        for color in (WHITE, BLACK):
            draft = SetupDraft.random(kind, color, rng)
            assert draft.is_complete() and draft.free_fields() == []
            Setup(kind, draft.setup().files)
    empty = SetupDraft(SINGLE, WHITE)
    assert len(empty.free_fields()) == 18
    empty.place("a2")
    assert "b2" not in empty.free_fields() and "a1" in empty.free_fields()
