"""Playing: the player to move makes their turn on the board (web/model/turn.py
asks the engine what each touch means), takes it back, resigns, or
resumes a game whose clocks wait; a fallen flag ends the game (R21).

A turn is made of touches and moves: a field touched selects, moves to a
target, places a waiting tower or chooses a promotion field (R13, R15);
what is refused says why (R24).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from militakiri import GameOverError, MilitakiriError
from militakiri.bounded import MAX_PLIES
from militakiri.move import Move
from militakiri.pieces import BLACK, SHAPE_NAMES

from web.i18n.texts import t
from web.model import intents
from web.model.core import OVER, PLAYING, Core
from web.model.modes import analysis, drills, rated
from web.model.status import GAME_OVER, TOWER_WAITS, Message
from web.model.turn import Step

if TYPE_CHECKING:
    from typing import Any, Callable


def touch(state: Core, field: str) -> bool:
    """The player to move pointed at ``field`` (click, tap, Enter). Returns
    whether anything changed; if not, the status line says why."""
    if state.viewing_past():
        state.message = analysis.replay_message(state, "warn")
        return False
    if state.paused:
        state._warn("paused_click", player=state.label(state._game.position.turn))
        return False
    if state.phase == OVER:
        title, reason = state.result()
        state._warn("game_over_click", title=title, reason=reason)
        return False
    if state.at_move_limit():
        state.message = move_limit_message()
        return False
    if state._check_time() is not None:
        return True
    return take(state, state._turn().point(field))


def move_piece(state: Core, origin: str, target: str) -> bool:
    """The piece on ``origin`` to ``target``, when a move can be made now;
    else the target is touched (and says why not)."""
    if (state.phase != PLAYING or state.pending or state.placing_shape() is not None
            or state.viewing_past() or state.paused or state.at_move_limit()):
        return touch(state, target)
    if state._check_time() is not None:
        return True
    return take(state, state._turn().move(origin, target))


def take(state: Core, step: Step) -> bool:
    """Play what an input completed, or show its refusal."""
    if step.play is not None:
        return play_token(state, step.play)
    state.message = step.refusal
    if step.slip:
        drills.count_slip(state)
    return step.refusal is None


def play_token(state: Core, token: str) -> bool:
    """Play ``token`` (a whole turn, NOTATION.md) for the side to move."""
    game = state._game
    try:
        game.play(token, now=state.clock_now() if game.clock is not None else None)
    except GameOverError:
        state._reset_turn()
        state.message = None
        return True
    except MilitakiriError as error:  # never expected: the token came from the engine
        state._warn("engine_says", reason=error.text)
        return False
    state._reset_turn()
    state.message = None
    state._stop_at_move_limit()
    if state.settings.turn_board and state.elsewhere is None:
        state.flipped = game.position.turn == BLACK  # the player to move at the bottom
    move = Move.from_token(token, state.kind)
    if move.promotion is not None and move.tower_field is None:
        mover = 1 - game.position.turn
        state.message = Message(TOWER_WAITS, {"shape": t("shape_" + SHAPE_NAMES[move.promotion]),
                                                "player": state.label(mover)})
    return True


def cancel(state: Core) -> bool:
    """Escape in a turn: a promotion not yet placed, or the selection, or the message goes."""
    step = state._turn().cancel() if state.phase == PLAYING else None
    if step is not None:
        return take(state, step) or step.refusal is not None
    if state.message is None:
        return False
    state.message = None
    return True


def take_back(state: Core) -> bool:
    """Take back the last move (against the computer its reply too); in a
    rated game only once the player agreed to unrate it (:func:`confirm_unrate`)."""
    if not can_take_back(state):
        state._warn("no_take_back")
        return False
    if state.rated is not None:
        return rated.ask_first(state, rated.TAKE_BACK)
    return _take_back(state)


def _take_back(state: Core) -> bool:
    state._game.undo()
    # Against the computer: back to the player's own turn (its reply too).
    while state.computer is not None and state._game.tokens and state.computer_turn():
        state._game.undo()
    state._new_line()
    state.message = None
    return True


def confirm_unrate(state: Core, accept: bool) -> bool:
    """The player's answer to the question a hint or a take-back puts in a
    rated game (rated.ask_first): accepted, the game is unrated and the
    take-back done (the page then asks for the hint); declined, the game
    stays rated and nothing is done."""
    action = state.unrate_asked
    if action is None:
        return False  # (asked about another turn: the answer comes too late)
    state.unrate_asked = None
    if not accept:
        state.message = Message(rated.QUESTIONS[action]["declined"])
        return True
    if action == rated.TAKE_BACK:
        if not can_take_back(state):
            return False
        _take_back(state)
        rated.unrate(state, "unrated_take_back", {})
        return True
    rated.unrate(state, "unrated_for_hint", {})
    return True


def resign(state: Core, color: int) -> bool:
    if not state.phase == PLAYING:
        return False
    game = state._game
    game.resign(color)
    if game.clock is not None:
        game.clock.pause(state.clock_now())
    state._reset_turn()
    state.message = None
    return True


def resume(state: Core) -> bool:
    """Restart the clock of the player to move (a restored game's)."""
    if not state.paused:
        return False
    clock = state._game.clock
    assert clock is not None  # only a clock is paused
    clock.resume(state.clock_now())
    state.message = None
    return True


def hold_clock(state: Core, held: bool) -> bool:
    """Share or Game record opened (``held``) or closed over a live game
    between two people on one device: its clock stops while the dialog is
    open (both players look at the dialog, neither at the board), and runs
    again when it closes. Against the computer it runs on (the computer
    may be thinking), as a correspondence deadline does (a fixed moment).
    Returns whether the clock changed."""
    game = state.started_game
    if game is None or game.clock is None:
        return False
    clock = game.clock
    if held:
        if (state.clock_held or state.computer is not None or state.phase != PLAYING or clock.running is None
                or game.time_control.mode == "correspondence"):
            return False
        clock.pause(state.clock_now())
        state.clock_held = True
        return True
    if not state.clock_held:
        return False  # (paused by a reload: Resume is the player's)
    state.clock_held = False
    if state.phase == PLAYING and state.paused:
        clock.resume(state.clock_now())
    return True


def paused_status(state: Core) -> Message | None:
    """A restored game's clocks wait for Resume."""
    if not state.paused:
        return None
    return Message("paused", {"player": state.label(state._game.position.turn)})


def status(state: Core) -> Message | None:
    """The game's end, or what the player to move does next."""
    phase = state.phase
    if phase == OVER:
        title, reason = state.result()
        return Message(GAME_OVER, {"title": title, "reason": reason})
    if state.at_move_limit():
        return move_limit_message()
    if phase == PLAYING:
        return state._turn().prompt(rated.shows_possible_moves(state, state._game.position.turn))
    return None


def move_limit_message() -> Message:
    """What the page says of a game at the move limit (Core.at_move_limit)."""
    return Message("move_limit", {"n": MAX_PLIES}, "warn")


def can_drag(state: Core, field: str) -> bool:
    """Whether a drag may start on ``field`` (a piece that can move now)."""
    return (state.phase == PLAYING and not state.pending and state.placing_shape() is None
            and not state.viewing_past() and not state.paused and field in state.destinations())


def can_take_back(state: Core) -> bool:
    """Whether Take back is offered: an untimed game with a move, not ended
    from outside, and not one two boards play (they must agree)."""
    game = state.started_game
    return (game is not None and game.clock is None and bool(game.tokens)
            and game.external_outcome is None and state.remote is None)


HANDLERS: dict[type[intents.Intent], Callable[[Core, Any], bool]] = {
    intents.TakeBack: lambda state, i: take_back(state),
    intents.ConfirmUnrate: lambda state, i: confirm_unrate(state, i.accept),
    intents.Resign: lambda state, i: resign(state, i.color),
    intents.Resume: lambda state, i: resume(state),
    intents.HoldClock: lambda state, i: hold_clock(state, i.held),
    intents.Tick: lambda state, i: state._check_time() is not None,
}
