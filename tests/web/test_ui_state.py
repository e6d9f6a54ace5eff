"""UiState: the page's state machine, driven as the inputs drive it."""

from __future__ import annotations

import pytest

from militakiri import Game, Position
from militakiri.bounded import MAX_PLIES
from militakiri.randomness import Random

from web.i18n import texts
from web.model import board_view
from web.model.settings import GameSettings
from web.model.core import OVER, PLAYING, SETUP
from web.model.ui_state import UiState

from .fakes import FakeClock, state_for
from web.model.intents import (
    Cancel, ClearSetup, ComputerMove, Enter, Flip, MoveCursor, MovePiece, NewGame, OpenGame, RandomSetup, Resign, RollDice, SetupDone, StartGame, TakeBack, Tick, Touch,
)
from web.model.modes import play

PROMOTION = "s^5/1s14/6/6/6/6/6/2x13/2X23/6/1S14/S^5 w 122/122 -/- - 1"
WAITING = "s^5/1s14/6/6/6/6/6/6/6/P1P11P1P1P1/P1S11P1P1P1/S^P1P1P1P1P1 w 122/122 P/- - 1"  # reachable: the zone is full but for c2 and c3 (R15)


def place(state: UiState, *squares: str) -> None:
    for square in squares:
        assert state.apply(Touch(square)), state.status().text()


def started_single(first_white: bool = True, **kw) -> UiState:
    """A single-board game past its set-ups and dice (``kw``: GameSettings)."""
    state, _ = state_for(**kw)
    place(state, "c1", "d2", "b3")
    assert state.apply(SetupDone())
    place(state, "a12", "b11", "f10")
    assert state.apply(SetupDone())
    seed = next(s for s in range(100)
                if (state_dice_first(s) == 0) == first_white)
    state.rng = Random(seed)
    state.apply(RollDice())
    state.apply(StartGame())
    return state


def state_dice_first(seed: int) -> int:
    from militakiri import Dice
    return Dice.roll(Random(seed)).first


# Set-up ---------------------------------------------------------------------


def test_setup_white_then_black_hidden_then_dice_then_play():
    state, _ = state_for(white="Anna", black="Bram")
    assert state.phase == SETUP and state.turn == 0
    assert "Anna (Red)" in state.status().text() and "rank 1" in state.status().text()
    place(state, "c1", "d2", "b3")
    assert len(board_view.pieces(state)) == 18
    assert state.apply(SetupDone())
    # R4: White's set-up is hidden while Black places.
    assert board_view.hidden_color(state) == 0 and board_view.pieces(state) == {}
    assert "rank 12" in state.status().text()
    place(state, "a12", "b11", "f10")
    assert len(board_view.pieces(state)) == 18
    assert state.apply(SetupDone())
    assert board_view.hidden_color(state) is None and len(board_view.pieces(state)) == 36
    assert state.position_string() == "" and "Roll the dice" in state.status().text()
    assert state.apply(RollDice())
    dice = state.dice
    assert state.phase == SETUP and state.game.dice == dice
    state.apply(StartGame())
    assert state.phase == PLAYING
    expected = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice=dice)
    assert state.position_string() == expected.position.string()
    assert state.game.players.white == "Anna" and state.game.players.black == "Bram"


def test_setup_refusals_are_explained_and_change_nothing():
    state, _ = state_for()
    assert not state.apply(Touch("c5"))
    message = state.status()
    assert message.level == "warn" and "not in Red's set-up zone" in message.text()
    assert board_view.pieces(state) == {}
    # Done before all towers are placed: refused, saying which are missing.
    place(state, "c1")
    assert not state.apply(SetupDone())
    assert "cross and plus towers" in state.status().text()
    assert state.setup_color == 0


def test_single_board_click_on_the_row_moves_the_tower_and_click_takes_it_back():
    state, _ = state_for()
    place(state, "c1", "e1")
    towers = [sq for sq, p in board_view.pieces(state).items() if p.is_tower]
    assert [state.kind.square_name(sq) for sq in towers] == ["e1"]
    place(state, "e1")  # take it back
    assert board_view.pieces(state) == {}


def test_double_board_side_by_side_refused_R5():
    state, _ = state_for(board="double")
    place(state, "c1")
    assert not state.apply(Touch("d1"))
    assert state.status().rulings() == ["R5"] and "next to your star tower on c1" in state.status().text()
    ghosts = {m.field for m in board_view.marks(state) if m.kind == "ghost"}
    assert "d1" not in ghosts and "b1" not in ghosts and "e1" in ghosts


def test_double_board_prompt_says_a_plus_tower_needs_a_plus_field_R4():
    """Rows 2 and 3 alternate cross and plus fields; each tower stands on a
    field of its own shape (R4): the prompt says so before a refusal does,
    and Black's refusal names the rank as the board labels it (R2: Black's
    third row is rank 10) beside the row as the player sees it."""
    state, _ = state_for(board="double")
    prompt = state.status().text()
    assert "two plus towers on plus fields of rank 3" in prompt and "cross towers on cross fields of rank 2" in prompt
    place(state, "a1", "d1", "b2", "f2", "b3")
    assert not state.apply(Touch("e3"))
    assert "rank 3 (your third row)" in state.status().text() and "e3 is a cross field" in state.status().text()
    state.apply(RandomSetup())
    assert state.apply(SetupDone())
    assert "plus towers on plus fields of rank 10" in state.status().text()
    place(state, "a12", "d12", "b11", "f11", "b10")
    assert not state.apply(Touch("e10"))
    said = state.status().text()
    assert "rank 10 (your third row) alternates cross and plus fields" in said, said
    assert "row 3" not in said
    texts.set_language("nl")
    try:
        said = state.status().text()
        assert "rij 10 (je derde rij) wisselt kruis- en plusvelden af" in said, said
        state.apply(ClearSetup())
        assert "twee plustorens op plusvelden van rij 10" in state.status().text()
    finally:
        texts.set_language("en")


def test_random_setup_and_clear():
    state, _ = state_for()
    state.apply(RandomSetup())
    assert state.setup.drafts[0].is_complete() and len(board_view.pieces(state)) == 18
    state.apply(ClearSetup())
    assert board_view.pieces(state) == {}


def test_a_complete_set_up_says_what_follows_it():
    """Between two people Black places after White's Done (R4); against the
    computer no one does (a trial read "then Black places" against it)."""
    state, _ = state_for()
    state.apply(RandomSetup())
    assert state.status().key == "setup_done_next" and "then Blue places" in state.status().text()
    state, _ = state_for(computer=1, level=1)
    state.apply(RandomSetup())
    assert state.status().key == "setup_done_last" and "reveal both set-ups" in state.status().text()


def test_position_parameter_starts_playing_at_once():
    state, _ = state_for(PROMOTION)
    assert state.phase == PLAYING and state.position_string() == PROMOTION


# Playing --------------------------------------------------------------------


def test_select_shows_moves_and_takes_then_click_plays():
    state = started_single()
    assert state.apply(Touch("b3"))  # White plus tower: up to the end of the six neutral rows (R1, R8)
    marks = {(m.kind, m.field) for m in board_view.marks(state)}
    assert ("selected", "b3") in marks and ("move", "b4") in marks and ("move", "b9") in marks
    assert not [m for m in board_view.marks(state) if m.kind == "take"]  # nothing in reach yet
    before = state.position_string()
    assert state.apply(Touch("b9"))
    assert state.position_string() != before
    assert state.game.tokens == ["b3-b9"]
    assert {m.field for m in board_view.marks(state) if m.kind == "last"} == {"b3", "b9"}
    assert state.apply(MovePiece("e10", "f9"))
    assert state.apply(Touch("b9"))  # at Black's set-up zone: it takes diagonally (R7)
    marks = {(m.kind, m.field) for m in board_view.marks(state)}
    assert ("take", "a10") in marks and ("take", "c10") in marks and ("move", "b8") in marks
    assert state.apply(Touch("c10")) and state.game.tokens == ["b3-b9", "e10-f9", "b9xc10"]


def test_illegal_click_changes_nothing_and_says_why():
    state = started_single()
    before = state.position_string()
    state.apply(Touch("c3"))  # cross pawn
    assert not state.apply(Touch("c5"))
    assert state.position_string() == before
    text = state.status().text()
    assert state.status().level == "warn"
    assert text.startswith("Not allowed: ") and "(R" not in text and state.status().rulings() == ["R7"]
    assert state.selected == "c3"  # still selected: try again
    state.apply(Cancel())
    assert not state.apply(Touch("a12"))
    assert "it is Red's move" in state.status().text()
    assert not state.apply(Touch("c4"))
    assert "no piece on c4" in state.status().text()
    assert not state.apply(Touch("a1"))
    assert "no legal move" in state.status().text()


def test_user_move_from_a_drag_plays_or_explains():
    state = started_single()
    assert play.can_drag(state, "b3") and not play.can_drag(state, "a12") and not play.can_drag(state, "c4")
    assert not state.apply(MovePiece("b3", "c4"))
    assert state.status().rulings() == ["R7"] and state.game.tokens == []
    assert state.apply(MovePiece("b3", "b4"))
    assert state.game.tokens == ["b3-b4"]


def test_promotion_field_chosen_by_click_and_cancel():
    state, _ = state_for(PROMOTION)
    state.apply(Touch("c4"))
    assert state.apply(Touch("c5"))
    assert state.pending is not None and state.game.tokens == []
    ghosts = {m.field for m in board_view.marks(state) if m.kind == "ghost"}
    assert ghosts == set(state.pending) and "e2" in ghosts
    # The merged stack has left the board in the preview (R13).
    assert state.kind.square("c5") not in board_view.pieces(state)
    assert "new cross tower" in state.status().text()
    assert not state.apply(Touch("c6"))  # not a field for the tower
    assert state.status().level == "warn"
    state.apply(Cancel())
    assert state.pending is None and state.selected == "c4"
    state.apply(Touch("c5"))
    assert state.apply(Touch("e2"))
    assert state.game.tokens == ["c4xc5=X@e2"]
    assert state.position_string() == Position.from_string(PROMOTION).play("c4xc5=X@e2").string()


def test_waiting_tower_placed_first_then_moved_R15():
    state, _ = state_for(WAITING)
    assert state.placing_shape() == 2
    assert "waiting plus tower" in state.status().text()
    assert not state.apply(Touch("a1"))  # a piece: first the waiting tower
    assert state.status().rulings() == ["R15"] and "(R15)" not in state.status().text()
    assert not state.apply(Touch("c5"))  # not in the zone
    assert state.apply(Touch("c2"))
    assert state.placing_shape() is None
    assert board_view.pieces(state)[state.kind.square("c2")].symbol == "P^"
    assert state.apply(Touch("c2")) and state.apply(Touch("c6"))
    assert state.game.tokens == ["@c2,c2-c6"]


def test_touch_move_binds_the_selected_piece_R25():
    state = started_single(touch_move=True)
    assert state.game.touch_move
    assert state.apply(Touch("b3"))  # the plus tower: touched
    assert state.touched() == "b3" and "must move (touch-move, R25)" in state.status().text()
    for refused in ("b3", "c3", "a1"):  # let go, another piece, a piece that cannot move
        assert not state.apply(Touch(refused))
        assert state.status().text() == "Touch-move: you touched the piece on b3, so that piece must move."
        assert state.status().rulings() == ["R25"]
        assert state.selected == "b3"
    assert state.apply(Cancel()) and state.selected == "b3"  # Escape does not let go either
    assert not state.apply(MovePiece("c3", "d4"))  # nor a drag of another piece
    assert not state.can_hint()
    assert not state.apply(Touch("c4"))  # a field b3 cannot reach: why, as always
    assert state.status().rulings() and state.selected == "b3"
    assert state.apply(Touch("b5"))
    assert state.game.tokens == ["b3-b5"] and state.touched() is None
    # Black: a drag touches too; an illegal drop keeps that piece bound.
    assert not state.apply(MovePiece("f10", "e9"))  # the plus tower moves straight
    assert state.touched() == "f10"
    assert not state.apply(Touch("e10"))
    assert "touched the piece on f10" in state.status().text()


def test_touch_move_is_off_by_default_R25():
    state = started_single()
    assert not state.game.touch_move
    assert state.apply(Touch("b3")) and state.apply(Touch("c3"))  # choose again freely
    assert state.apply(Cancel()) and state.selected is None


def test_touch_move_from_a_position_and_undone_by_take_back_R25():
    state, _ = state_for(PROMOTION, touch_move=True)
    assert state.game.touch_move
    assert state.apply(Touch("b2"))
    assert state.touched() == "b2"
    assert state.apply(Touch("b3"))
    assert state.game.tokens == ["b2-b3"]
    assert state.apply(Touch("b11")) and state.touched() == "b11"
    assert state.apply(TakeBack()) and state.touched() is None and state.selected is None


def test_take_back_only_without_clock():
    state = started_single()
    state.apply(Touch("b3"))
    state.apply(Touch("b4"))
    assert play.can_take_back(state) and state.apply(TakeBack())
    assert state.game.tokens == []
    timed, clock = state_for(PROMOTION, time_control="60+0")
    timed.apply(Touch("b2"))
    timed.apply(Touch("b3"))
    assert not play.can_take_back(timed) and not timed.apply(TakeBack())


def test_flag_fall_ends_the_game_and_refuses_the_move_R21():
    state, clock = state_for(PROMOTION, time_control="5+2")
    state.apply(Touch("b2"))
    clock.t += 1
    assert state.apply(Touch("b3"))
    # White used 1 s and gained 2 (Fischer): 6 s left; Black's clock runs.
    assert state.game.clock.remaining(0, clock.t) == pytest.approx(6)
    clock.t += 5.5
    assert state.apply(Tick())
    assert state.phase == OVER
    outcome = state.game.outcome()
    assert outcome.winner == 0 and outcome.termination == "time"
    assert "Blue ran out of time." in state.status().text() and texts.cited("why_time", loser="Black") == ["R21"]
    assert not state.apply(Touch("b11"))


def test_move_after_flag_is_refused():
    state, clock = state_for(PROMOTION, time_control="5+0")
    clock.t += 6
    state.apply(Touch("b2"))
    assert state.phase == OVER and state.game.tokens == []


def test_resign():
    state = started_single()
    assert state.apply(Resign(0))
    assert state.phase == OVER and state.game.outcome().winner == 1
    assert "resigned." in state.status().text() and texts.cited("why_resignation", loser="White") == ["R23"]


def test_cursor_keys_follow_the_screen_and_enter_selects():
    state = started_single()
    state.apply(MoveCursor(0, 0))
    assert state.cursor == "c1"
    state.apply(MoveCursor(-1, 0))
    state.apply(MoveCursor(0, -1))
    state.apply(MoveCursor(0, -1))
    assert state.cursor == "b3"
    assert state.apply(Enter()) and state.selected == "b3"
    state.apply(Flip())
    state.apply(MoveCursor(0, -1))  # up on a flipped board is towards rank 1
    assert state.cursor == "b2"
    assert ("cursor", "b2") in {(m.kind, m.field) for m in board_view.marks(state)}
    state.apply(MoveCursor(-5, 13))  # clamped to the board
    assert state.cursor == "f12"


def test_cursor_keys_on_a_board_turned_to_fit_the_screen():
    """The page may draw a wide board turned (ranks across, the screen's
    business, App.fit): the keys still follow the screen, told so."""
    state = started_single()
    state.apply(MoveCursor(0, 0))
    assert state.cursor == "c1"
    state.apply(MoveCursor(1, 0, turned=True))  # right on a turned board: up the ranks
    assert state.cursor == "c2"
    state.apply(MoveCursor(0, 1, turned=True))  # down: along the files
    assert state.cursor == "d2"


def test_win_by_towers_reaches_over():
    state = started_single()
    for token in ["b3-b8", "c10-b9", "b8-e8", "f10-f6", "e8xb11", "f6xc3", "b11xa12", "c3xd2", "c1xd2"]:
        move_origin, move_target = token.replace("x", "-").split("-")
        assert state.apply(MovePiece(move_origin, move_target)), state.status().text()
    assert state.phase == OVER
    assert state.game.outcome().termination == "towers"
    assert "no tower left on the board." in state.status().text() and texts.cited("why_towers", loser="B") == ["R19"]


def test_touch_move_from_the_url_R25():
    from web.model.settings import from_query

    assert from_query("?touch=1").touch_move and from_query("?touch=on").touch_move
    assert not from_query("").touch_move and not from_query("?touch=0").touch_move
    state = UiState(from_query("?touch=1&position=" + PROMOTION.replace(" ", "%20").replace("/", "%2F")))
    assert state.game.touch_move


def test_a_game_has_an_identity_of_its_own_from_set_up_to_the_next_game():
    """Saves, the computer's answers and the embed's messages are about
    UiState.game_id, never id(game): Python reuses the ids of objects gone."""
    from web.model.modes import computer as computer_mode
    from web.model.events import GameEvents

    state = started_single()
    first = state.game_id
    key = computer_mode.state_key(state)
    events = GameEvents()
    events.update(state)
    # The same game from the same position once more: another game.
    state.apply(OpenGame(Game.from_position(state.game.position.string())))
    assert state.game_id != first
    assert computer_mode.state_key(state) != key  # an answer for the first game does not fit
    assert [e.name for e in events.update(state)] == ["new_game", "started"]
    # Set-up, dice and start are one game.
    state.apply(NewGame(state.settings))
    during_setup = state.game_id
    place(state, "c1", "d2", "b3")
    assert state.apply(SetupDone())
    state.apply(RandomSetup())
    assert state.apply(SetupDone())
    state.apply(RollDice())
    state.apply(StartGame())
    assert state.game_id == during_setup


START = "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1"


def test_practice_from_here_offers_the_position_shown_of_a_game_not_being_played():
    """Practice from here: a game over, read, or stepped back in;
    never the live end of a game being played, nor a finished position."""
    from web.model.intents import ShowPly
    state, _ = state_for(START)
    assert state.practice_position() is None  # being played, at its last move
    state.apply(MovePiece("c3", "d4"))
    assert state.apply(ShowPly(0))
    assert state.practice_position() == START  # a replay stepped back
    state.apply(ShowPly(1))
    assert state.practice_position() is None
    state.apply(Resign(1))  # Black resigns: over, but the position plays on
    assert state.phase == OVER and state.practice_position() == state.game.position.string()
    lost = Game.from_position("5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1")
    lost.play("a1-a2")
    lost.play("b2xa2")
    state.apply(OpenGame(lost))
    assert state.practice_position() is None  # no move left to play there (R19)
    state.apply(ShowPly(1))
    assert state.practice_position() == lost.position_at(1).string()
    state.apply(NewGame(GameSettings(position=state.practice_position(), computer=1, level=1)))
    assert state.game.start.string() == lost.position_at(1).string() and not state.game.tokens


def test_the_computers_view_is_offered_where_a_position_is_analysed_or_a_hint_is():
    untimed, _ = state_for(START)
    assert untimed.view_position() == START  # a hint's place: an untimed game, the player to move
    timed, _ = state_for(START, time_control="300+0")
    assert timed.view_position() is None  # a clock runs: the players' own thinking
    timed.apply(MovePiece("c3", "d4"))
    from web.model.intents import ShowPly
    timed.apply(ShowPly(0))
    assert timed.view_position() == START  # a past position, stepped back to


def test_a_move_from_a_past_position_of_a_game_over_explores_a_variation_kept_beside_its_move():
    """The analysis board: the board plays on from the position
    shown, two players, and Back to the main line keeps the line in the
    game's record as a NOTATION.md variation."""
    from web.model.intents import EndVariation, ShowPly
    lost = Game.from_position("5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1")
    lost.play("a1-a2")
    lost.play("b2xa2")
    state, _ = state_for()
    state.apply(OpenGame(lost, computer=(1, 4)))
    assert not state.apply(MovePiece("a2", "a3"))  # the end of a game over: nothing to play
    assert state.apply(ShowPly(0))
    assert state.apply(MovePiece("a1", "b2"))  # a1xb2, the better move: a variation begins
    assert state.exploring is not None and state.game is not lost and state.game.tokens == ["a1xb2"]
    assert state.computer is None and not state.computer_turn()  # two players, whoever the game had
    assert state.apply(MovePiece("f12", "f11"))
    assert lost.tokens == ["a1-a2", "b2xa2"] and not lost.variations  # the game waits, untouched
    assert state.apply(EndVariation())
    assert state.game is lost and state.exploring is None and state.computer == 1
    assert state.replay.shown(lost) == 0
    assert "1. a1-a2 (1. a1xb2 f12-f11) 1... b2xa2 0-1" in lost.record()
    state.apply(ShowPly(0))
    state.apply(MovePiece("a1", "b2"))  # the same line again: kept once
    state.apply(EndVariation())
    assert [v.tokens for v in lost.variations[1]] == [["a1xb2", "f12-f11"]]
    # Its row in the move list: on with it, from its end; it grows in place.
    from web.model.intents import ExploreVariation
    assert not state.apply(ExploreVariation(2, 0))
    assert state.apply(ExploreVariation(1, 0)) and state.game.tokens == ["a1xb2", "f12-f11"]
    assert state.apply(MovePiece("b2", "c3"))
    assert state.apply(EndVariation())
    assert [v.tokens for v in lost.variations[1]] == [["a1xb2", "f12-f11", "b2-c3"]]
    # A variation within it (a move tree, NOTATION.md's nested variations).
    assert state.apply(ExploreVariation(1, 0))
    assert state.apply(ShowPly(1)) and state.apply(MovePiece("f12", "e12"))  # in place of f12-f11
    assert state.exploring.outer is not None and state.game.tokens == ["f12-e12"]
    assert state.apply(EndVariation())  # back to the variation, which keeps it
    assert state.exploring is not None and state.game.variations[2][0].tokens == ["f12-e12"]
    assert state.apply(EndVariation())  # back to the game
    assert "1. a1-a2 (1. a1xb2 f12-f11 (1... f12-e12) 2. b2-c3) 1... b2xa2 0-1" in lost.record()
    assert Game.from_record(lost.record()).variations == lost.variations


CYCLE = ("c3-d4", "c10-d9", "d4-c3", "d9-c10")  # from START: nothing taken, the game never ends


@pytest.mark.parametrize("time_control, computer", [("-", None), ("300+5", None), ("-", 1), ("c86400", None)])
def test_a_game_at_the_move_limit_says_so_stops_its_clocks_and_ends_by_resignation_R23(time_control, computer):
    """A bug fixed: a game that reached MAX_PLIES moves could neither go on
    (each move refused by the engine, the computer asked again and again)
    nor end (its clock ran on for a move nobody could make). No rule ends
    it but a resignation (R23: no draw by agreement; R17 is the only draw):
    the status line says so, the clocks stop, and Resign ends it."""
    clock = FakeClock()
    state = UiState(GameSettings(position=START, time_control=time_control, computer=computer), now=clock,
                    rng=Random(1), wall=clock)
    game = state.game
    assert state.phase == PLAYING and game is not None
    for ply in range(MAX_PLIES - 1):  # (played on the engine: quick)
        clock.t += 0.01
        game.play(CYCLE[ply % 4], now=state.clock_now() if game.clock is not None else None)
    if computer is None:  # the last move as a player makes it
        origin, target = CYCLE[(MAX_PLIES - 1) % 4].split("-")
        assert state.apply(MovePiece(origin, target))
    else:  # the computer's
        assert state.apply(ComputerMove(CYCLE[(MAX_PLIES - 1) % 4]))
    assert len(game.tokens) == MAX_PLIES and state.at_move_limit() and state.phase == PLAYING
    said = state.status()
    assert said.key == "move_limit" and "resigns" in said.text() and "R23" in said.rulings()
    assert state.destinations() == {} and not state.computer_turn() and not state.can_hint()
    assert not state.paused  # stopped, not waiting for Resume
    assert not state.apply(Touch("d4")) and state.status().key == "move_limit"
    if game.clock is not None:
        assert game.clock.running is None or time_control.startswith("c")
        clock.t += 10 ** 7  # far past any clock and deadline: no flag falls (R21, R22)
        state.apply(Tick())
        assert not game.is_over()
    assert state.apply(Resign(0 if computer != 0 else 1))  # R23
    assert state.phase == OVER and game.outcome().termination == "resignation"
