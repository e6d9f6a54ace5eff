"""One or more tests per ruling of RULINGS.md, each named by its id.

R21 and R22 (time) are in test_clock.py.
"""

import random

import pytest

from militakiri import (
    DOUBLE,
    SINGLE,
    Dice,
    Game,
    IllegalMoveError,
    InvalidSetupError,
    Outcome,
    Position,
    Setup,
    Termination,
    start_position,
)
from militakiri.board import EARLIER_DOUBLE, EARLIER_ROWS, EARLIER_SINGLE, ROWS, ZONE_ROWS
from militakiri.pieces import BLACK, WHITE

from .positions import at, moves_from, position

NOTATION_START = (
    "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
    "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1"
)
# Both players keep a tower far away, so a game does not end by R19.
KINGS = {"a1": "S^", "f12": "s^"}


# Board and set-up -------------------------------------------------------------


def test_R1_geometry_single_and_double_board():
    assert (SINGLE.files, SINGLE.rows, SINGLE.size) == (6, 12, 72)
    assert (DOUBLE.files, DOUBLE.rows, DOUBLE.size) == (12, 12, 144)
    assert ROWS == 12 and ZONE_ROWS == 3
    for kind in (SINGLE, DOUBLE):
        assert not kind.earlier
        white_rows = {kind.rank_of(sq) for sq in kind.zone[WHITE]}
        black_rows = {kind.rank_of(sq) for sq in kind.zone[BLACK]}
        assert white_rows == {0, 1, 2} and black_rows == {9, 10, 11}
        assert len(kind.zone[WHITE]) == len(kind.zone[BLACK]) == 3 * kind.files
        # Six neutral rows between the zones (ranks 4-9), empty at the start.
        neutral = set(range(ROWS)) - white_rows - black_rows
        assert neutral == {3, 4, 5, 6, 7, 8}
    start = Position.from_string(NOTATION_START)
    assert start.kind is SINGLE
    assert all(start.board[sq] is None for sq in SINGLE.squares if SINGLE.rank_of(sq) in range(3, 9))


def test_R1_the_earlier_8_rank_board_is_kept_for_the_games_played_on_it():
    """On purpose 8-rank data: R1 keeps the board of before (two neutral
    rows) so that old games, links and records are not lost."""
    assert EARLIER_ROWS == 8
    for kind, files in ((EARLIER_SINGLE, 6), (EARLIER_DOUBLE, 12)):
        assert kind.earlier and (kind.files, kind.rows) == (files, 8)
        white_rows = {kind.rank_of(sq) for sq in kind.zone[WHITE]}
        black_rows = {kind.rank_of(sq) for sq in kind.zone[BLACK]}
        assert white_rows == {0, 1, 2} and black_rows == {5, 6, 7}
    old = Position.from_string("5s^/6/6/6/6/6/6/S^5 w 000/000 -/- - 1")
    assert old.kind is EARLIER_SINGLE and old.kind is not SINGLE
    assert EARLIER_SINGLE.title == "earlier 8-rank single board"
    # Each board moves on its own ranks, the two asked in turn in one
    # interpreter (a page may open an old game, then start a new one).
    new = Position.from_string("5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1")
    for _ in range(2):
        assert "a1-a8" in old.legal_moves() and "a1-a9" not in " ".join(old.legal_moves())
        assert {"a1-a11", "a1-a12", "a1-f6"} <= set(new.legal_moves())
        assert len(old.legal_moves()) == 17 and len(new.legal_moves()) == 21


def test_R2_coordinates_files_from_white_left_ranks_from_white():
    assert SINGLE.square_name(0) == "a1" and SINGLE.square_name(5) == "f1"
    assert SINGLE.square_name(SINGLE.size - 1) == "f12"
    assert DOUBLE.square_name(DOUBLE.size - 1) == "l12"
    assert SINGLE.square("a10") == 54 and DOUBLE.square("l12") == 143
    assert SINGLE.in_zone(WHITE, SINGLE.square("f3"))
    assert not SINGLE.in_zone(WHITE, SINGLE.square("f4"))
    # Black's zone is ranks 12-10; rank 9 is the last neutral row.
    assert SINGLE.in_zone(BLACK, SINGLE.square("a10"))
    assert DOUBLE.in_zone(BLACK, DOUBLE.square("l12"))
    assert not SINGLE.in_zone(BLACK, SINGLE.square("a9"))
    # Black's row 1 is rank 12.
    assert SINGLE.zone_row(BLACK, 1) == 11 and SINGLE.zone_row(BLACK, 3) == 9
    assert SINGLE.zone_row(WHITE, 1) == 0
    for off in ("g1", "a13", "f0", "m1"):
        with pytest.raises(ValueError, match=off):
            SINGLE.square(off)
    with pytest.raises(ValueError, match="ranks 1-12"):
        DOUBLE.square("a13")


@pytest.mark.parametrize(
    "kind, white, black, towers, pawns, spares",
    [
        (SINGLE, "Sc Xd Pb", "Sa Xb Pf", 1, 5, (1, 2, 2)),
        (DOUBLE, "Sbe Xdh Pak", "Sbe Xdh Pak", 2, 10, (2, 4, 4)),
    ],
)
def test_R3_pieces_per_player(kind, white, black, towers, pawns, spares):
    start = start_position(kind, Setup.parse(white, kind), Setup.parse(black, kind), 0)
    for color in (WHITE, BLACK):
        pieces = [piece for _, piece in start.pieces(color)]
        for shape in range(3):
            assert sum(p.is_tower and p.shape == shape for p in pieces) == towers
            assert sum(p.height == 1 and p.shape == shape for p in pieces) == pawns
        assert start.spares[color] == spares


def test_R4_placement_fills_pawns_around_the_chosen_towers():
    start = start_position(
        SINGLE, Setup.parse("Sc Xd Pb", SINGLE), Setup.parse("Sa Xb Pf", SINGLE), WHITE
    )
    assert start.string() == NOTATION_START  # NOTATION.md's example
    # Row 1 star tower and star pawns; rows 2 and 3 alternate, each tower on
    # a field of its own shape.
    assert [at(start, f + "1") for f in "abcdef"] == ["S1", "S1", "S^", "S1", "S1", "S1"]
    assert [at(start, f + "2") for f in "abcdef"] == ["P1", "X1", "P1", "X^", "P1", "X1"]
    assert [at(start, f + "3") for f in "abcdef"] == ["X1", "P^", "X1", "P1", "X1", "P1"]
    # Black's row 2 is rank 11.
    assert [at(start, f + "11") for f in "abcdef"] == ["p1", "x^", "p1", "x1", "p1", "x1"]
    assert [at(start, f + "12") for f in "abcdef"] == ["s^", "s1", "s1", "s1", "s1", "s1"]


def test_R4_double_board_towers_of_a_row_share_a_parity():
    setup = Setup.parse("Sbe Xdh Pak", DOUBLE)
    assert setup.row_shapes(2)[3] == setup.row_shapes(2)[7] == 1  # cross fields
    with pytest.raises(InvalidSetupError, match="R4"):
        Setup.parse("Sbe Xdg Pak", DOUBLE)
    with pytest.raises(InvalidSetupError, match="R3, R4"):
        Setup.parse("Sb Xd Pa", DOUBLE)  # one tower of each on the double board
    with pytest.raises(InvalidSetupError):
        Setup.parse("Sc Xd", SINGLE)  # plus tower missing
    with pytest.raises(InvalidSetupError, match="file"):
        Setup.parse("Sg Xd Pb", SINGLE)


def test_R4_random_setups_are_always_valid():
    rng = random.Random(4)
    for kind in (SINGLE, DOUBLE):
        for _ in range(200):
            setup = Setup.random(kind, rng)
            assert Setup.parse(setup.text(), kind) == setup


def test_R5_double_board_towers_never_side_by_side():
    with pytest.raises(InvalidSetupError, match="R5"):
        Setup.parse("Sbc Xdh Pak", DOUBLE)
    assert Setup.parse("Sbd Xdh Pak", DOUBLE).text() == "Sbd Xdh Pak"


def test_R6_higher_roll_starts_and_ties_are_rolled_again():
    assert Dice.parse("4-4 2-5").first == BLACK
    assert Dice.parse("6-1").first == WHITE
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="3-3 1-1 2-5")
    assert game.position.turn == BLACK
    for bad, why in [("4-4", "tie"), ("2-5 3-3", "decided"), ("7-1", "1 to 6"), ("", "no dice"), ("a-b", "roll")]:
        with pytest.raises(ValueError, match=why):
            Dice.parse(bad)
    rng = random.Random(6)
    for _ in range(100):
        dice = Dice.roll(rng)
        assert Dice.parse(dice.text()) == dice


# Moving and taking ------------------------------------------------------------


def test_R7_plus_moves_orthogonally_and_takes_diagonally():
    pos = position("single", dict(KINGS, c4="P1", c5="x1", d5="x1"))
    assert moves_from(pos, "c4") == ["c4-b4", "c4-c3", "c4-d4", "c4xd5"]


def test_R7_cross_moves_diagonally_and_takes_orthogonally():
    pos = position("single", dict(KINGS, c4="X1", c5="p1", d5="p1"))
    assert moves_from(pos, "c4") == ["c4-b3", "c4-b5", "c4-d3", "c4xc5"]


def test_R7_star_moves_and_takes_in_all_directions_shape_of_the_top_pawn():
    pos = position("single", dict(KINGS, c4="S2", c5="p1", d5="x1"))
    tokens = moves_from(pos, "c4")
    assert "c4xc5" in tokens and "c4xd5" in tokens and "c4-a2" in tokens
    assert len(tokens) == 2 + 12  # two takes, twelve free fields within 2


def test_R8_tower_moves_and_takes_any_distance_nothing_jumps():
    pos = position("single", {"a1": "X^", "e5": "p1", "a11": "p1", "f12": "s^"})
    assert moves_from(pos, "a1") == ["a1-b2", "a1-c3", "a1-d4", "a1xa11"]  # ten fields up
    with pytest.raises(IllegalMoveError, match="e5 is in the way"):
        pos.play("a1-f6")


def test_R8_stack_reaches_its_height_backwards_included():
    pos = position("single", dict(KINGS, c3="P2", c4="S1"))
    assert moves_from(pos, "c3") == ["c3-a3", "c3-b3", "c3-c1", "c3-c2", "c3-d3", "c3-e3"]


def test_R8_under_the_endgame_rule_everything_moves_one_field():
    pos = position("single", dict(KINGS, c3="P2"), rule="50/50")
    assert moves_from(pos, "c3") == ["c3-b3", "c3-c2", "c3-c4", "c3-d3"]
    assert moves_from(pos, "a1") == ["a1-a2", "a1-b1", "a1-b2"]


def test_R9_take_only_the_first_occupied_field_and_only_the_opponent():
    pos = position("single", {"a1": "P^", "b2": "S1", "d4": "x1", "f12": "s^"})
    assert [t for t in moves_from(pos, "a1") if "x" in t] == []  # own pawn in the way
    pos = position("single", {"a1": "P^", "c3": "x1", "d4": "x1", "f12": "s^"})
    assert [t for t in moves_from(pos, "a1") if "x" in t] == ["a1xc3"]


def test_R9_taking_is_never_compulsory_and_there_is_no_passing():
    pos = position("single", dict(KINGS, c4="P1", d5="x1"))
    tokens = moves_from(pos, "c4")
    assert "c4xd5" in tokens and "c4-c5" in tokens
    with pytest.raises(IllegalMoveError, match="R9"):
        pos.play("c4-c4")


# What a take does -------------------------------------------------------------


def test_R10_a_tower_removes_what_it_takes():
    pos = position("single", dict(KINGS, c3="S^", c5="x2"))
    pos.play("c3xc5")
    assert at(pos, "c5") == "S^" and at(pos, "c3") is None
    assert pos.stacks[BLACK] == 0


def test_R10_a_tower_taken_is_removed_and_the_taker_keeps_its_height():
    pos = position("single", dict(KINGS, b3="P2", c4="x^"))
    pos.play("b3xc4")
    assert at(pos, "c4") == "P2" and pos.towers[BLACK] == 1


def test_R10_tower_takes_tower():
    pos = position("single", dict(KINGS, c3="S^", c10="x^"))
    pos.play("c3xc10")
    assert at(pos, "c10") == "S^" and pos.towers[BLACK] == 1


def test_R11_lower_takes_higher_removes_it():
    pos = position("single", dict(KINGS, c3="P1", d4="x3"))
    pos.play("c3xd4")
    assert at(pos, "d4") == "P1"


def test_R12_equal_or_higher_merges_with_the_takers_shape_on_top():
    pos = position("single", dict(KINGS, c3="P1", d4="x1"))
    pos.play("c3xd4")
    assert at(pos, "d4") == "P2"
    pos = position("single", dict(KINGS, c3="S2", c4="p1"))
    pos.play("c3xc4")
    assert at(pos, "c4") == "S3"  # a star needs 4 to promote


def test_R13_promotion_puts_a_spare_on_any_empty_field_of_the_own_zone():
    pos = position("single", dict(KINGS, c4="X2", c5="p1"), spares="020/000")
    tokens = moves_from(pos, "c4")
    takes = [t for t in tokens if "x" in t]
    # Every empty field of rows 1-3 but a1 (the star tower) is a choice.
    assert len(takes) == 17
    assert "c4xc5=X@a2" in takes and "c4xc5=X@f3" in takes
    pos.play("c4xc5=X@e2")
    assert at(pos, "c5") is None and at(pos, "c4") is None
    assert at(pos, "e2") == "X^"
    assert pos.spares[WHITE] == (0, 1, 0)


def test_R13_the_takers_own_and_the_taken_field_may_receive_the_tower():
    full = {f"{f}{r}": "S1" for f in "abcdef" for r in "12"}
    full.update({"a3": "S^", "b3": "S1", "d3": "S1", "e3": "S1", "f3": "S1"})
    pos = position("single", dict(full, c3="P2", b4="x1", f12="s^"), spares="002/000")
    assert moves_from(pos, "c3") == ["c3-c4", "c3-c5", "c3xb4=P@c3"]
    pos = position("single", dict(full, c4="P2", b3="x1", f12="s^"), spares="002/000")
    del full["b3"]
    assert "c4xb3=P@b3" in moves_from(pos, "c4")


def test_R13_star_promotes_at_four():
    pos = position("single", dict(KINGS, c4="S2", c5="p2"), spares="100/000")
    assert all("=S@" in t for t in moves_from(pos, "c4") if "x" in t)
    pos = position("single", dict(KINGS, c4="S1", c5="p2"), spares="100/000")
    assert "c4xc5" in moves_from(pos, "c4")  # lower takes higher: no merge


def test_R14_without_a_spare_the_stack_stays_at_the_promotion_height():
    pos = position("single", dict(KINGS, c4="X2", c5="p2"), spares="100/000")
    pos.play("c4xc5")
    assert at(pos, "c5") == "X3"
    pos = position("single", dict(KINGS, c4="S3", c5="p2"), spares="022/000")
    pos.play("c4xc5")
    assert at(pos, "c5") == "S4"


def test_R14_a_capped_cross_rank_3_moves_three_fields():
    pos = position("single", dict(KINGS, c4="X3"))
    assert moves_from(pos, "c4") == [
        "c4-a2", "c4-a6", "c4-b3", "c4-b5", "c4-d3", "c4-d5", "c4-e2", "c4-e6", "c4-f1", "c4-f7"
    ]


def _full_white_zone(**changes):
    zone = {f"{f}{r}": "P1" for f in "abcdef" for r in "123"}
    zone["a1"] = "S^"
    zone.update(changes)
    return {k: v for k, v in zone.items() if v}


def test_R15_with_no_free_field_the_promoted_tower_waits():
    pieces = dict(_full_white_zone(), c4="X2", c5="p1", f12="s^")
    pos = position("single", pieces, spares="020/000")
    assert [t for t in moves_from(pos, "c4") if "x" in t] == ["c4xc5=X"]
    pos.play("c4xc5=X")
    assert pos.waiting[WHITE] == (1,)
    assert pos.string().split()[3] == "X/-"


def test_R15_a_waiting_tower_is_placed_first_and_may_then_move():
    pieces = dict(_full_white_zone(c2=None), f12="s^")
    pos = position("single", pieces, waiting="X/-")
    tokens = pos.legal_moves()
    assert tokens and all(t.startswith("@c2,") for t in tokens)
    assert "@c2,c2-d3" not in tokens  # d3 is occupied
    pieces = dict(_full_white_zone(c2=None, d3=None), f12="s^")
    pos = position("single", pieces, waiting="X/-")
    assert "@c2,c2-d3" in pos.legal_moves()  # the tower just placed moves
    with pytest.raises(IllegalMoveError, match="R15"):
        pos.play("b3-b4")


def test_R15_several_waiting_towers_oldest_first_each_order_a_token():
    pieces = dict(_full_white_zone(c2=None, e2=None), f12="s^")
    pos = position("single", pieces, waiting="XP/-")
    tokens = pos.legal_moves()
    assert {t.split(",")[0] + "," + t.split(",")[1] for t in tokens} == {"@c2,@e2", "@e2,@c2"}
    pos.play("@e2,@c2,c3-c4")
    assert at(pos, "e2") == "X^" and at(pos, "c2") == "P^"  # oldest (X) first
    # Fewer free fields than waiting towers: only the oldest is placed.
    pos = position("single", dict(_full_white_zone(c2=None), f12="s^"), waiting="PX/-")
    pos.play("@c2,c3-c4")
    assert at(pos, "c2") == "P^" and pos.waiting[WHITE] == (1,)


def test_R15_a_tower_promoted_this_turn_is_placed_even_if_an_older_one_waits():
    pieces = dict(_full_white_zone(c3="X2"), c4="p1", f12="s^")
    pos = position("single", pieces, spares="020/000", waiting="P/-")
    assert "c3xc4=X@c3" in pos.legal_moves()
    pos.play("c3xc4=X@c3")
    assert at(pos, "c3") == "X^" and pos.waiting[WHITE] == (2,)


def test_R15_waiting_towers_do_not_count_for_R19():
    pos = position("single", {"a1": "S^", "b2": "s^"}, turn="b", waiting="X/-")
    pos.play("b2xa1")
    assert pos.outcome() == Outcome(Termination.TOWERS, winner=BLACK)


# Endgame rule and move rule ---------------------------------------------------


def test_R16_endgame_rule_starts_when_a_player_is_down_to_one_lone_tower():
    pos = position("single", {"a1": "S^", "c3": "P1", "f12": "s^", "d4": "x1"})
    assert not pos.endgame
    pos.play("c3xd4")
    assert pos.endgame and pos.moves_left == (50, 50)
    # From then on both sides move one field.
    assert moves_from(pos, "f12") == ["f12-e11", "f12-e12", "f12-f11"]


def test_R16_endgame_rule_stays_on_and_ignores_spares():
    pos = position("single", {"a1": "S^", "b1": "S1", "f12": "s^", "e12": "s1"},
                   spares="122/122", rule="50/50")
    pos.play("b1-b2")
    assert pos.endgame and pos.moves_left == (49, 50)


def test_R16_double_board_move_rule_is_100_each():
    pos = position("double", {"a1": "S^", "c3": "P1", "l12": "s^", "d4": "x1"})
    pos.play("c3xd4")
    assert pos.moves_left == (100, 100)


def test_R17_the_move_rule_draw_when_both_have_used_their_moves():
    pos = position("single", {"a1": "S^", "b1": "S1", "f12": "s^"}, turn="b", rule="0/1")
    assert pos.outcome() is None
    pos.play("f12-f11")
    assert pos.moves_left == (0, 0)
    assert pos.outcome() == Outcome(Termination.MOVE_RULE, winner=None)
    assert str(pos.outcome()) == "1/2-1/2 move-rule"
    assert pos.legal_moves() == []


def test_R17_the_starting_turn_does_not_count_then_the_mover_counts_down():
    pos = position("single", {"a1": "S^", "c3": "P1", "f12": "s^", "d4": "x1"})
    pos.play("c3xd4").play("f12-f11").play("a1-a2")
    assert pos.moves_left == (49, 49)


def test_R18_a_blockade_of_a_lone_tower_is_never_allowed():
    # Black's lone cross tower in the corner a12 moves only to b11 (R7, R16).
    pos = position("single", {"a12": "x^", "c10": "S^", "f1": "S1"}, rule="10/10")
    assert "c10-b11" not in pos.legal_moves()
    assert "c10-c11" in pos.legal_moves()
    with pytest.raises(IllegalMoveError, match="R18"):
        pos.play("c10-b11")


def test_R18_including_the_move_that_starts_the_endgame_rule():
    pos = position("single", {"a12": "x^", "b11": "p1", "c10": "S^", "f1": "S1"})
    assert not pos.endgame
    assert "c10xb11" not in pos.legal_moves()
    with pytest.raises(IllegalMoveError, match="blockade"):
        pos.play("c10xb11")


def test_R18_if_every_move_blockades_the_mover_has_none_and_loses_by_R20():
    pieces = {"a12": "x^", "b11": "X^", "c12": "X1", "a10": "X1", "c10": "P1"}
    pos = position("single", pieces, rule="9/9")
    assert pos.legal_moves() == []
    assert pos.outcome() == Outcome(Termination.NO_MOVES, winner=BLACK)


def test_R18_a_waiting_tower_gives_the_opponent_a_move():
    pieces = {"a12": "x^", "c10": "S^", "f1": "S1"}
    pos = position("single", pieces, rule="10/10", waiting="-/p")
    assert "c10-b11" in pos.legal_moves()


# End of the game --------------------------------------------------------------


def test_R19_no_tower_on_the_board_loses_whatever_spares_are_left():
    pos = position("single", {"a1": "S^", "a11": "s^", "b12": "s1"}, spares="000/122")
    pos.play("a1xa11")
    outcome = pos.outcome()
    assert outcome == Outcome(Termination.TOWERS, winner=WHITE)
    assert str(outcome) == "1-0 towers"
    assert pos.legal_moves() == []
    assert not pos.endgame  # the game is won before R16 could start


def test_R20_no_legal_move_loses():
    pos = position("single", {"a12": "x^", "b11": "S^", "f1": "S1"}, turn="b")
    assert pos.legal_moves() == []
    assert pos.outcome() == Outcome(Termination.NO_MOVES, winner=WHITE)


def test_R23_resignation_loses_and_there_is_no_agreed_or_repeated_draw():
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    assert str(game.resign(BLACK)) == "1-0 resignation"
    with pytest.raises(IllegalMoveError, match="over"):
        game.play("c3-d4")
    with pytest.raises(ValueError, match="R17"):
        Outcome.parse("1/2-1/2", "resignation")
    # The same position ten times over is no draw.
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    for _ in range(10):
        for token in ("c3-d4", "f10-f9", "d4-c3", "f9-f10"):
            game.play(token)
    assert game.outcome() is None


def test_R26_a_forfeit_ends_the_game_and_its_record_and_link_say_so():
    """A game left unfinished or a lost connection between two devices is a
    forfeit (R26), written ``forfeit`` in the Termination tag (NOTATION.md)."""
    from militakiri.link import game_from_link, game_to_link

    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    game.play("c3-d4")
    assert game.end("forfeit", BLACK) == Outcome(Termination.FORFEIT, winner=WHITE)
    assert str(game.outcome()) == "1-0 forfeit"
    with pytest.raises(IllegalMoveError, match="over"):
        game.play("f10-f9")
    record = game.record()
    assert '[Termination "forfeit"]' in record and '[Result "1-0"]' in record
    again = Game.from_record(record)
    assert again.outcome() == game.outcome() and again.tokens == ["c3-d4"]
    assert game_from_link(game_to_link(game)).game.outcome() == game.outcome()
    with pytest.raises(ValueError, match="R17"):
        Outcome.parse("1/2-1/2", "forfeit")  # a forfeit has a loser
    # A record may say forfeit only where the moves do not end the game themselves.
    won = Game.from_position("s^5/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1")
    won.play("a1xa12")
    text = won.record().replace('[Termination "towers"]', '[Termination "forfeit"]')
    with pytest.raises(ValueError, match="towers"):
        Game.from_record(text)


# Digital conventions ----------------------------------------------------------


@pytest.mark.parametrize(
    "token, reason",
    [
        ("c3-c4", "cross pawn moves diagonally"),
        ("d3-d5", "at most 1 field"),
        ("b3xb10", "plus tower takes diagonally"),
        ("d3xd4", "nothing to take"),
        ("e10-e9", "Blue"),
        ("a4-a5", "no piece"),
        ("a1-a2", "own"),
        ("b3-b3", "no passing"),
        ("c1-d3", "not on a straight line"),
    ],
)
def test_R24_illegal_moves_are_refused_with_a_reason(token, reason):
    pos = Position.from_string(NOTATION_START)
    with pytest.raises(IllegalMoveError, match=reason):
        pos.play(token)
    assert pos.string() == NOTATION_START  # nothing changed


def test_R24_promotion_reasons():
    pos = position("single", dict(KINGS, c4="X2", c5="p1"), spares="020/000")
    for token, reason in [
        ("c4xc5", "add '=X@field'"),
        ("c4xc5=P@a2", "written '=X'"),
        ("c4xc5=x@a2", "written '=X'"),
        ("c4xc5=X@a1", "a1 is not"),
        ("c4xc5=X@c6", "c6 is not"),
        ("c4xc5=X", "must be\nplaced|must be placed"),
    ]:
        with pytest.raises(IllegalMoveError, match=reason):
            pos.play(token)


def test_R25_touch_move_the_touched_piece_must_move():
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1", touch_move=True)
    assert not game.touch("a1")  # a piece with no legal move binds nothing
    assert game.touch("c3")
    assert game.legal_moves() == ["c3-b4", "c3-d4"]
    with pytest.raises(IllegalMoveError, match="R25"):
        game.play("d3-d4")
    game.play("c3-d4")
    assert game.touched is None
    # Off by default.
    free = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    assert not free.touch("c3") and len(free.legal_moves()) == 13  # tests/perft.txt's perft(1)
