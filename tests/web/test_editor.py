"""The analysis board's editor (web/model/editor.py): what it
sets up is the position string the engine reads, and every refusal is the
engine's."""

from __future__ import annotations

import pytest

from militakiri import InvalidSquareError, Position
from militakiri.pieces import BLACK, CROSS, PLUS, STAR, WHITE, stack, tower

from web.i18n import texts
from web.model.editor import MAX_SPARES, BoardEditor

START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")


def test_a_position_comes_back_as_it_went_in():
    editor = BoardEditor.from_position(Position.from_string(START))
    assert editor.position_string() == START and editor.problem() is None


def test_pieces_put_and_taken_away_and_the_side_to_move():
    editor = BoardEditor.empty("double")
    editor.put("l12", tower(BLACK, PLUS))
    editor.put("a1", tower(WHITE, STAR))
    editor.turn = BLACK
    assert editor.position_string() == "11p^/12/12/12/12/12/12/12/12/12/12/S^11 b 000/000 -/- - 1"
    editor.put("l12", None)
    assert editor.piece_at("l12") is None
    with pytest.raises(InvalidSquareError):
        editor.put("m1", tower(WHITE, STAR))  # not on this board


def test_the_engines_reason_for_a_position_no_game_reaches():
    editor = BoardEditor.empty("single")
    editor.put("a1", tower(WHITE, STAR))
    editor.put("f12", tower(BLACK, STAR))
    assert editor.problem() is None
    editor.put("c5", stack(WHITE, CROSS, 4))
    assert editor.problem() == ("No game can reach this position: the Red cross rank 4 on c5 is too high: "
                                "a cross rank has 3 pawns at most (R13, R14)")
    editor.put("c5", None)
    editor.set_spares(WHITE, STAR, 99)
    assert editor.spares[WHITE][STAR] == MAX_SPARES
    assert "Red has 9 spare star towers; a game starts with 1" in editor.problem()
    editor.clear()
    assert editor.position_string().startswith("6/6/6/6/6/6/6/6/6/6/6/6 ")


def test_waiting_towers_are_set_per_shape_and_checked_by_the_engine():
    editor = BoardEditor.empty("single")
    editor.put("a1", tower(WHITE, STAR))
    editor.put("f12", tower(BLACK, STAR))
    editor.set_waiting(WHITE, PLUS, 1)
    editor.set_waiting(WHITE, CROSS, 1)
    assert editor.waiting[WHITE] == (CROSS, PLUS)
    assert " -/- " not in editor.position_string()
    read = Position.from_string(editor.position_string())
    assert tuple(read.waiting[WHITE]) == (CROSS, PLUS)
    editor.set_waiting(WHITE, PLUS, 0)
    assert editor.waiting[WHITE] == (CROSS,)
    # A tower waits only while the set-up zone is full (R15): the engine says so.
    assert editor.problem() == ("No game can reach this position: Red has towers waiting while 17 fields of the "
                                "set-up zone are free: a tower waits only while the zone is full, and one move frees "
                                "one field at most (R15)")


def test_why_play_from_here_is_off_said_in_a_players_words_in_the_pages_language():
    """Towers beyond the set-up's and the spares' (R3, R13): said as what
    the player counts on the board, never as the engine's arithmetic
    ("the set-up's 1 and 1 promoted make at most 2"), and in Dutch on a
    Dutch page."""
    editor = BoardEditor.empty("single")
    for field in ("a1", "c5", "d5"):
        editor.put(field, tower(WHITE, STAR))
    editor.put("f12", tower(BLACK, STAR))
    editor.set_spares(BLACK, STAR, 1)
    assert editor.problem() == ("No game can reach this position: Red has 3 star towers, but a game gives at most "
                                "2: 1 from the set-up, and one more for each spare star tower used (Red has used "
                                "1 of 1) (R3, R13)")
    texts.set_language("nl")
    try:
        assert editor.problem() == ("Geen partij kan deze stelling bereiken: Rood heeft 3 stertorens, maar een partij "
                                    "geeft er hoogstens 2: 1 uit de opstelling, en één meer voor elke gebruikte "
                                    "reserve-stertoren (Rood gebruikte er 1 van 1) (R3, R13)")
    finally:
        texts.set_language("en")


def test_a_position_the_rules_have_ended_is_not_offered_to_play_on():
    """An empty board, or a player without a tower, said as such (a new
    player's trial started 'Play from here' on an empty board and lost at once)."""
    assert BoardEditor.empty("single").problem().startswith("The game is over here: Red has no tower left")
    editor = BoardEditor.empty("single")
    editor.put("a1", tower(WHITE, STAR))
    assert editor.problem().startswith("The game is over here: Blue has no tower left")


def test_a_field_is_said_in_words_in_the_pages_language():
    """A screen reader hears "a12: Blue star tower", never the notation's
    "a12: s^", in English and in Dutch."""
    editor = BoardEditor.empty("single")
    editor.put("a12", tower(BLACK, STAR))
    editor.put("c3", stack(WHITE, CROSS, 2))
    assert editor.field_words("a12") == "a12: Blue star tower"
    assert "^" not in editor.field_words("c3") and "Red" in editor.field_words("c3")
    texts.set_language("nl")
    try:
        assert editor.field_words("a12").startswith("a12: ") and "Blauw" in editor.field_words("a12")
    finally:
        texts.set_language("en")
