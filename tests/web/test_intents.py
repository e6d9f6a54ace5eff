"""Any sequence of intents leaves a state the page can draw (every intent goes through UiState.apply).

Hypothesis plays a player who taps anywhere, presses every button and key
in any order and lets time pass, on a game with or without a clock, against
the computer or not: UiState.apply refuses with a message (the status line),
never with an exception, and what the page reads after each intent (status,
board view, events, the position) is always there. RollDice out of its turn
is the one refusal by exception (IllegalMoveError), as documented.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from militakiri import IllegalMoveError
from web.model import board_view
from web.model.events import GameEvents
from web.model.intents import (
    Cancel, ClearSetup, ComputerFailed, Enter, Flip, HoldClock, MoveCursor, MovePiece, PointerDown, RandomSetup,
    Resign, Resume, RollDice, Say, SetupDone, ShowPly, StartGame, StepReplay, TakeBack, Tick, Touch, Unsay,
)
from web.model.modes import play

from .fakes import state_for

FIELDS = [f + str(r) for f in "abcdefghijkl" for r in range(1, 13)] + ["", "z9", "c33", "a13"]
SIMPLE = [Cancel(), ClearSetup(), Enter(), Flip(), PointerDown(), RandomSetup(), Resume(), RollDice(), SetupDone(),
          StartGame(), TakeBack(), Tick(), Say(None), Unsay("computer_starting"), ComputerFailed("no worker"),
          HoldClock(True), HoldClock(False)]


def intents(state):
    """One intent: often a legal move of the position (so games go on), else anything."""
    destinations = state.destinations()
    legal = [MovePiece(origin, target) for origin, targets in sorted(destinations.items()) for target in sorted(targets)]
    anything = st.one_of(
        st.sampled_from(SIMPLE),
        st.builds(Touch, st.sampled_from(FIELDS)),
        st.builds(MovePiece, st.sampled_from(FIELDS), st.sampled_from(FIELDS)),
        st.builds(MoveCursor, st.integers(-1, 1), st.integers(-1, 1), st.booleans()),
        st.builds(Resign, st.sampled_from([0, 1])),
        st.builds(ShowPly, st.integers(-3, 200)),
        st.builds(StepReplay, st.sampled_from(["first", "prev", "next", "last"])),
    )
    return st.one_of(st.sampled_from(legal), anything) if legal else anything


def readable(state, events) -> None:
    """What the page reads after each intent."""
    assert state.status().text()
    state.position_string()
    board_view.marks(state)
    board_view.pieces(state)
    events.update(state)
    play.can_take_back(state), state.can_hint(), state.computer_turn(), state.viewing_past()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), board=st.sampled_from(["single", "double"]), control=st.sampled_from(["-", "60+0", "c86400"]),
       computer=st.sampled_from([None, 0, 1]))
def test_any_sequence_of_intents_leaves_a_state_the_page_can_draw(data, board, control, computer):
    state, clock = state_for(board=board, time_control=control, computer=computer)
    events = GameEvents()
    events.update(state)
    # Set up and start most games, so that the moves have a game to go to.
    if data.draw(st.booleans()):
        for intent in (RandomSetup(), SetupDone(), RandomSetup(), SetupDone()):
            state.apply(intent)
        if state.game is None and state.setup_color is None:
            state.apply(RollDice())
            state.apply(StartGame())
    for _ in range(data.draw(st.integers(5, 40))):
        intent = data.draw(intents(state))
        clock.t += data.draw(st.sampled_from([0, 0, 0.5, 30, 100]))
        try:
            assert type(state.apply(intent)) is bool, intent  # one answer: whether anything changed
        except IllegalMoveError as error:
            assert isinstance(intent, RollDice), (intent, error)
        readable(state, events)


def test_a_field_off_the_board_is_refused_with_the_engines_words():
    """Found by the test above: a Touch of g1 on the single board raised."""
    state, _ = state_for(board="single")
    assert state.apply(Touch("g1")) is False and state.apply(MovePiece("a1", "a13")) is False
    assert state.status().text() == "'a13' is not a square of the single board (files a-f, ranks 1-12)"
