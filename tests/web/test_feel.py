"""The pure side of the board's feel and flow: which pieces an animation
moves and fades, the sounds and words of a move, the board turning in
hot-seat play, and a rematch."""

from __future__ import annotations

from militakiri import Game
from militakiri.board import SINGLE
from militakiri.move import Move
from militakiri.pieces import piece_from_symbol as piece

from web.model import board_view
from web.model.animation import Sprite, keyframes, plan
from web.model.announce import announce
from web.model.settings import GameSettings

from .fakes import state_for
from web.model.intents import Cancel, ComputerMove, MovePiece, Touch

START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
sq = SINGLE.square


def board(game: Game, ply: int) -> dict:
    return {s: p for s, p in enumerate(game.position_at(ply).board) if p is not None}


def test_a_take_slides_the_taker_and_fades_the_taken_R12():
    game = Game.from_position("5s^/6/6/6/6/6/6/6/6/2x13/2X13/S^5 w 000/000 -/- - 1")
    game.play("c2xc3")
    sprites, covered = plan(board(game, 0), board(game, 1), Move.from_token("c2xc3", SINGLE))
    assert sprites == [Sprite(piece("x1"), sq("c3"), sq("c3"), "out"),
                       Sprite(piece("X1"), sq("c2"), sq("c3"), "none")]
    assert covered == {sq("c2"), sq("c3")}


def test_a_promotion_fades_the_stack_and_brings_the_tower_R13():
    game = Game.from_position("s^5/6/6/6/6/6/6/6/6/2x23/2X23/S^5 w 122/122 -/- - 1")
    token = next(t for t in game.legal_moves() if t.startswith("c2xc3="))
    game.play(token)
    move = Move.from_token(token, SINGLE)
    sprites, covered = plan(board(game, 0), board(game, 1), move)
    kinds = {(s.piece.symbol, s.fade) for s in sprites}
    assert ("X2", "out") in kinds and ("x2", "out") in kinds and ("X^", "in") in kinds
    assert move.tower_field in covered
    mover = sprites[-1]
    frames = keyframes(mover, (0, 0), (50, 0))
    assert frames[0]["opacity"] == 1 and frames[-1]["opacity"] == 0


def test_sounds_and_words_of_a_placement_R15():
    waiting = "s^5/1s14/6/6/6/6/6/6/6/P1P11P1P1P1/P1S11P1P1P1/S^P1P1P1P1P1 w 122/122 P/- - 1"
    game = Game.from_position(waiting)
    game.play("@c2,c2-c6")
    assert announce(game, 1, ("Anna", "Bram")) == (
        ["move"], "Anna: places its waiting tower on c2, plus tower c2 to c6.")


def test_the_board_turns_to_the_player_to_move_in_hot_seat_play():
    state, _ = state_for(START, turn_board=True)
    assert not state.flipped
    assert state.apply(MovePiece("c3", "d4")) and state.flipped
    assert state.apply(MovePiece("a10", "b9")) and not state.flipped
    computer, _ = state_for(START, turn_board=True, computer=1)
    assert computer.apply(MovePiece("c3", "d4")) and not computer.flipped  # against the computer: never


def test_a_rematch_swaps_the_colors():
    settings = GameSettings(white="Anna", black="Bram", time_control="300+5", touch_move=True)
    again = settings.rematch()
    assert (again.white, again.black, again.time_control, again.touch_move) == ("Bram", "Anna", "300+5", True)
    assert GameSettings(computer=1).rematch().computer == 0


def test_a_premove_is_played_as_soon_as_the_computer_has_moved():
    state, _ = state_for(START, computer=1)
    assert state.apply(MovePiece("c3", "d4"))
    assert state.computer_turn()
    assert state.apply(Touch("b3")) and state.status().key == "premove_pick"   # the plus tower
    assert state.apply(Touch("b4")) and state.status().key == "premove_set"
    assert [m.field for m in board_view.marks(state) if m.kind == "premove"] == ["b3", "b4"]
    assert state.apply(ComputerMove("a10-b9"))
    assert state.game.tokens == ["c3-d4", "a10-b9", "b3-b4"] and state.computer_turn()
    assert not [m for m in board_view.marks(state) if m.kind == "premove"]


def test_a_premove_no_longer_allowed_is_dropped_with_the_engines_reason():
    state, _ = state_for(START, computer=1)
    assert state.apply(MovePiece("c3", "d4"))
    assert state.apply(Touch("d4")) and state.apply(Touch("d5"))   # a cross pawn moving straight
    assert state.apply(ComputerMove("a10-b9"))
    assert state.game.tokens == ["c3-d4", "a10-b9"] and not state.computer_turn()
    status = state.status()
    assert status.key == "premove_dropped" and "d4-d5" in status.text() and status.rulings() == ["R7"]


def test_escape_and_a_second_click_drop_a_premove():
    state, _ = state_for(START, computer=1)
    assert state.apply(MovePiece("c3", "d4"))
    assert state.apply(Touch("b3")) and state.apply(Touch("b3")) and state.premove.fields() == []
    assert state.apply(Touch("b3")) and state.apply(Touch("b4")) and state.apply(Cancel())
    assert state.premove.move is None
    assert not state.apply(Touch("a10"))  # the computer's piece: no premove


def test_a_ghost_tower_is_not_drawn_over_a_pawn_that_fills_its_field():
    """From a new player's trial: on the double board, the outlines of the
    towers that may still be placed were drawn over the pawns filled in."""
    from web.model import board_view
    from web.model.intents import Touch

    state, _ = state_for(board="double")
    for field in ("a1", "e1", "b2"):
        assert state.apply(Touch(field))
    shown = board_view.pieces(state)
    ghosts = [mark for mark in board_view.marks(state) if mark.kind == "ghost"]
    over_pawns = [mark for mark in ghosts if state.kind.square(mark.field) in shown]
    assert over_pawns and all(mark.piece is None for mark in over_pawns)
    assert any(mark.piece is not None for mark in ghosts)  # free fields keep their outline
