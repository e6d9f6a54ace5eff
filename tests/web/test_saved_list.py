"""Saved games' list: an unfinished game is asked about before Remove
removes it (a new player's trial lost one with a click, no undo)."""

from __future__ import annotations

from web.model.saved_list import SavedList


def test_an_unfinished_game_is_asked_about_before_it_is_removed():
    rows = SavedList()
    assert not rows.remove_pressed("slot1", over=False) and rows.asking == "slot1"
    assert not rows.answer("slot1", remove=False) and rows.asking is None  # kept
    assert not rows.answer("slot1", remove=True)  # (no question stands: nothing goes)
    rows.remove_pressed("slot1", over=False)
    assert not rows.remove_pressed("slot2", over=False) and rows.asking == "slot2"  # one question at a time
    assert not rows.answer("slot1", remove=True)
    assert rows.answer("slot2", remove=True) and rows.asking is None


def test_a_finished_game_goes_at_once_and_a_fresh_list_asks_nothing():
    rows = SavedList()
    rows.remove_pressed("slot1", over=False)
    assert rows.remove_pressed("slot2", over=True) and rows.asking is None
    rows.remove_pressed("slot1", over=False)
    rows.open()
    assert rows.asking is None and not rows.answer("slot1", remove=True)
