"""web/model/events.py: what happened to the game, read off the state; the
bus that hands it to autosave, the embed's messages and the computer."""

from __future__ import annotations

import pytest

from militakiri import Game

from web.model.events import Event, EventBus, GameEvents

from .test_ui_state import place, started_single
from .fakes import state_for
from web.model.intents import (
    Flip, NewGame, OpenGame, RandomSetup, Resign, RollDice, SetupDone, StartGame, TakeBack, Touch,
)

# Each side keeps one tower on the single board: a take ends it (R19).
LAST_TOWERS = "5s^/6/6/6/6/6/6/6/6/6/1S^4/6 w 000/000 -/- - 1"


def names(events: GameEvents, state) -> list[str]:
    return [event.name for event in events.update(state)]


def test_a_game_from_its_set_up_to_its_end():
    state, _ = state_for()
    events = GameEvents()
    assert events.update(state) == []  # the first read is the baseline
    place(state, "c1", "d2", "b3")
    assert names(events, state) == []  # a tower placed: nothing a follower needs
    assert state.apply(SetupDone())
    assert names(events, state) == ["set_up"]
    state.apply(RandomSetup())
    assert state.apply(SetupDone())
    state.apply(RollDice())
    assert names(events, state) == ["set_up"]
    state.apply(StartGame())
    assert names(events, state) == ["started"]
    token_count = len(state.game.tokens)
    move = state.game.legal_moves()[0]
    state.game.play(move)
    (moved,) = events.update(state)
    assert moved == Event("moved", token_count + 1, move)


def test_moves_taken_back_and_an_end():
    state, _ = state_for(position=LAST_TOWERS)
    events = GameEvents()
    events.update(state)
    state.game.play("b2-b3")
    state.game.play("f12-f11")
    assert names(events, state) == ["moved", "moved"]
    state.apply(TakeBack())
    state.apply(TakeBack())
    assert [(e.name, e.ply) for e in events.update(state)] == [("took_back", 0)]
    state.apply(Resign(1))
    assert names(events, state) == ["over"]


def test_a_game_loaded_whole_brings_no_news_of_its_moves_or_end():
    state = started_single()
    events = GameEvents()
    events.update(state)
    game = Game.from_position(LAST_TOWERS)
    game.play("b2-b3")
    game.resign(0)
    state.apply(OpenGame(game))
    assert [(e.name, e.ply, e.loaded) for e in events.update(state)] == [
        ("new_game", 1, True), ("started", 1, False)]
    state.apply(NewGame(state.settings))
    assert [(e.name, e.loaded) for e in events.update(state)] == [("new_game", False)]


def test_what_else_a_save_keeps_is_a_change():
    state, _ = state_for(position=LAST_TOWERS, touch_move=True)
    events = GameEvents()
    events.update(state)
    state.apply(Flip())
    assert names(events, state) == ["changed"]
    assert state.apply(Touch("b2"))  # touch-move (R25): the piece is touched
    assert names(events, state) == ["changed"]
    assert names(events, state) == []


def test_the_bus_hands_out_events_in_order_and_one_at_a_time():
    bus = EventBus()
    heard = []

    def first(event):
        heard.append(("first", event.name))
        if event.name == "moved":  # a subscriber that causes another event
            bus.emit([Event("over")])

    bus.on(first)
    bus.on(lambda event: heard.append(("moves only", event.name)), "moved")
    bus.emit([Event("moved", 1, "a1-a2"), Event("changed")])
    assert heard == [("first", "moved"), ("moves only", "moved"), ("first", "changed"), ("first", "over")]
    with pytest.raises(ValueError, match="no such event: moves"):
        bus.on(first, "moves")
