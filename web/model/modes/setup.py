"""The set-up: each player places their towers (R3-R5), the dice decide who
starts (R6), and the first player's clock starts (R21).

The set-ups themselves are web/model/setup_stage.py's; this module is what
the buttons and the board's fields do to them while the phase is ``setup``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from militakiri import Dice, Game, IllegalMoveError
from militakiri.messages import text

from web.model import intents
from web.model.core import SETUP, Core
from web.model.modes import drills, remote
from web.model.status import Message

if TYPE_CHECKING:
    from typing import Any, Callable


def point(state: Core, field: str) -> bool:
    """A field touched while a set-up is placed: a tower put or lifted, or
    the reason it cannot be (the status line)."""
    placing = state._setup.draft is not None
    state.message = state._setup.point(field)
    if placing and state.message is not None:  # the engine refused a tower there (R4, R5)
        drills.count_slip(state)
    return state.message is None


def random_setup(state: Core) -> bool:
    if not state.player_sets_up():
        return False
    state._setup.randomize(state.rng)
    state.message = None
    return True


def clear_setup(state: Core) -> bool:
    if not state.player_sets_up():
        return False
    state._setup.clear()
    state.message = None
    return True


def setup_done(state: Core) -> bool:
    """The player placing confirms; Black follows White, then the dice."""
    if not state.player_sets_up():
        return False
    state.message = state._setup.confirm()
    if state.message is not None:
        return False
    state.cursor = None
    remote.settle(state)  # the embedding page's set-up, sent already, is shown now (R4)
    return True


def roll(state: Core) -> bool:
    """Roll for who starts (R6; ties rolled again: ``state.dice``) and make the Game."""
    if state.phase != SETUP or state.setup_color is not None or state.game is not None:
        raise IllegalMoveError(text("dice_once"))
    state.dice = Dice.roll(state.rng)
    settings = state.settings
    state.game = Game.new(state.kind, *state._setup.setups(), state.dice, time_control=settings.control(),
                          players=state.players, touch_move=settings.touch_move)
    state.message = None
    return True


def start_game(state: Core) -> bool:
    """Close the dice: the first player's clock starts (R21)."""
    if state.game is None or state.started:
        return False
    state._start()
    state.message = None
    return True


def status(state: Core) -> Message | None:
    """What to do in the set-up: place, roll, or start."""
    if state.phase != SETUP:
        return None
    if state.setup_color is not None:
        return state._setup.prompt(state.label(state.setup_color), alone=state.elsewhere is not None)
    if state.game is None:
        return Message("roll_prompt")
    return Message("start_prompt", {"player": state.label(state.game.position.turn)})


HANDLERS: dict[type[intents.Intent], Callable[[Core, Any], bool]] = {
    intents.RandomSetup: lambda state, i: random_setup(state),
    intents.ClearSetup: lambda state, i: clear_setup(state),
    intents.SetupDone: lambda state, i: setup_done(state),
    intents.RollDice: lambda state, i: roll(state),
    intents.StartGame: lambda state, i: start_game(state),
}
