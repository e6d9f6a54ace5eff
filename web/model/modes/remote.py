"""A board whose other side is played by the page that embeds it
(``?embed=1&remote=black``, docs/embed.md): that page (the host) sends the
other side's set-up, the dice, its moves, the clocks' times and an end from
outside; the player here places, moves and resigns only for their own side.

Each message (web/model/remote.py reads it) is judged here against the
game: whose turn, which ply, legal by the engine (R24). One that is taken
changes the state as the player's own input would (a move is played with
its clock, its animation and sound follow from the events); one that is not
changes nothing and leaves the reason in ``state.host_refusal`` for the
board's ``error`` answer. A message that repeats what the board has
already (the same set-up, the same dice, a move of an earlier ply that was
played) is taken and changes nothing: after a reload the host may send the
game again from the start.

What comes early waits: the other set-up until the player's own is done
(R4: both are revealed together), the dice until both set-ups are.

>>> from web.model.settings import GameSettings
>>> from web.model.ui_state import UiState
>>> from web.model.intents import FromHost, RandomSetup, SetupDone
>>> from web.model.remote import HostMessage
>>> state = UiState(GameSettings(remote=1))
>>> state.apply(FromHost(HostMessage("setup", color=1, text="Sa Xb Pf")))
True
>>> state.setup_color, state.remote_setup    # kept: White places first
(0, 'Sa Xb Pf')
>>> state.apply(RandomSetup()), state.apply(SetupDone()), state.setup_color
(True, True, None)
>>> state.apply(FromHost(HostMessage("dice", text="4-4 2-5"))), state.phase, state.turn
(True, 'playing', 1)
>>> state.apply(FromHost(HostMessage("move", text="f10-f9", ply=1))), state.host_refusal.code
(False, 'wrong-ply')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from militakiri import Dice, Game, MilitakiriError, Outcome
from militakiri.outcome import OUTSIDE_ENDS
from militakiri.setup import Setup

from web.model import intents
from web.model.core import SETUP, Core
from web.model.modes import play
from web.model.remote import BAD_MESSAGE, ILLEGAL, NOT_YOUR_TURN, OVER as OVER_CODE, WRONG_PLY, HostMessage, Refused
from web.model.status import TOWER_WAITS, Message, warning

if TYPE_CHECKING:
    from typing import Any, Callable


def _refused(code: str, key: str, **args: object) -> Refused:
    return Refused(code, warning(key, **args))


def _engine(code: str, error: MilitakiriError) -> Refused:
    """The engine's sentence (in the page's language where it has one)."""
    return _refused(code, "engine_says", reason=error.args[0] if error.args else str(error))


def receive(state: Core, message: HostMessage) -> bool:
    """Take ``message`` from the host, or refuse it (``state.host_refusal``).
    Returns whether the state changed."""
    state.host_refusal = None
    try:
        return _TAKE[message.kind](state, message)
    except Refused as refused:
        state.host_refusal = refused
        return False


def _check(state: Core) -> int:
    """The host's color; Refused if this board takes nothing from it now."""
    color = state.remote
    if color is None:
        raise _refused(BAD_MESSAGE, "rm_no_remote")
    if state.aside:
        raise _refused(BAD_MESSAGE, "rm_aside")
    return color


# Set-ups and dice ------------------------------------------------------------------------

def _setup_of(state: Core, color: int) -> str | None:
    """``color``'s set-up as this board knows it (placed, or waiting to be shown)."""
    game = state.game
    if game is not None:
        return None if game.setups is None else game.setups[color].text()
    setup = state.setup
    if setup is not None and setup.confirmed(color):
        return setup.drafts[color].setup().text()
    return state.remote_setup if color == state.remote else None


def take_setup(state: Core, message: HostMessage) -> bool:
    color = _check(state)
    if message.color != color:
        raise _refused(NOT_YOUR_TURN, "rm_setup_here", player=state.label(1 - color))
    try:
        towers = Setup.parse(message.text, state.kind).text()
    except MilitakiriError as error:
        raise _engine(ILLEGAL, error) from None
    known = _setup_of(state, color)
    if known is not None:
        if known != towers:
            raise _refused(ILLEGAL, "rm_setup_again", player=state.label(color), towers=known)
        return False  # said again (a reload): nothing new
    state.remote_setup = towers
    settle(state)
    return True


def take_dice(state: Core, message: HostMessage) -> bool:
    _check(state)
    try:
        dice = Dice.parse(message.text)
    except MilitakiriError as error:
        raise _engine(ILLEGAL, error) from None
    known = state.game.dice if state.game is not None else state.remote_dice
    if known is not None or state.game is not None:
        if known != dice:
            raise _refused(ILLEGAL, "rm_dice_again", rolls="-" if known is None else known.text())
        return False
    state.remote_dice = dice
    settle(state)
    return True


def settle(state: Core) -> bool:
    """What came early takes its place once its time has come: the host's
    set-up once the player's own is done (R4), then the dice (R6), which
    start the game and its clock (R21). Returns whether anything changed."""
    if state.remote is None or state.phase != SETUP or state.setup is None:
        return False
    changed = False
    if state.setup_color == state.remote and state.remote_setup is not None:
        state.setup.place_whole(state.remote_setup)
        changed = True
    dice = state.remote_dice
    if state.setup_color is None and state.game is None and dice is not None:
        settings = state.settings
        state.dice = dice
        state.game = Game.new(state.kind, *state.setup.setups(), dice, time_control=settings.control(),
                              players=state.players, touch_move=settings.touch_move)
        state._start()
        state.message = Message("rm_dice", {"rolls": dice.text(), "player": state.label(dice.first)})
        changed = True
    return changed


# Moves, clocks and the end ---------------------------------------------------------------

def take_move(state: Core, message: HostMessage) -> bool:
    color = _check(state)
    game = state.started_game
    ply = message.ply
    assert ply is not None  # (read so: web/model/remote.py)
    if game is None:
        raise _refused(WRONG_PLY, "rm_not_started")
    played = len(game.tokens)
    if ply < played:
        if game.tokens[ply] != message.text:
            raise _refused(WRONG_PLY, "rm_ply_played", ply=ply, token=game.tokens[ply], n=played)
        return False  # played already (said again after a reload)
    _not_over(state, game)
    if ply > played:
        raise _refused(WRONG_PLY, "rm_ply_ahead", ply=ply, n=played)
    if game.position.turn != color:
        raise _refused(NOT_YOUR_TURN, "rm_not_theirs", player=state.label(game.position.turn))
    try:
        game.position.parse_move(message.text)
    except MilitakiriError as error:
        raise _engine(ILLEGAL, error) from None
    state.replay.reset()  # (the player may have stepped back: the move is seen)
    state._reset_turn()
    changed = play.play_token(state, message.text)
    if state.message is not None and state.message.key == TOWER_WAITS:
        state.message = None  # "Your new tower waits" is for the player's own moves
    return changed


def _not_over(state: Core, game: Game) -> None:
    """Refused(OVER) once the game has ended (a flag fallen on this board's clock too)."""
    outcome = state._check_time() if game.clock is not None else game.outcome()
    if outcome is not None:
        raise _refused(OVER_CODE, "rm_over", result=str(outcome))


def take_clock(state: Core, message: HostMessage) -> bool:
    _check(state)
    game = state.started_game
    if game is None:
        raise _refused(WRONG_PLY, "rm_not_started")
    if game.clock is None or game.time_control.mode == "correspondence":
        raise _refused(BAD_MESSAGE, "rm_no_clock")
    if game.is_over():
        raise _refused(OVER_CODE, "rm_over", result=str(game.outcome()))
    left = message.left
    assert left is not None  # (read so)
    game.clock.set_left(left[0], left[1], state.clock_now())
    state._check_time()  # (a time of 0: the flag falls now)
    return True


def take_end(state: Core, message: HostMessage) -> bool:
    _check(state)
    try:
        outcome = Outcome.parse(message.text, message.word)
    except MilitakiriError as error:
        raise _engine(BAD_MESSAGE, error) from None
    if outcome.termination not in OUTSIDE_ENDS:
        raise _refused(BAD_MESSAGE, "rm_end_rules", termination=message.word)
    game = state.started_game
    if game is None:
        raise _refused(WRONG_PLY, "rm_not_started")
    if game.is_over():
        if game.outcome() == outcome:
            return False  # said again
        raise _refused(OVER_CODE, "rm_over", result=str(game.outcome()))
    winner = outcome.winner
    assert winner is not None  # (an end from outside has a loser)
    game.end(outcome.termination, 1 - winner)
    if game.clock is not None:
        game.clock.pause(state.clock_now())
    state._reset_turn()
    state.message = None
    return True


# A game sent whole ------------------------------------------------------------------------

def take_resume(state: Core, message: HostMessage) -> bool:
    """The game so far, sent whole (after a reload on a device that keeps
    nothing, a lost connection): this board catches up with it, if what it
    has already is its start."""
    color = _check(state)
    setups, moves = message.setups, message.moves
    assert setups is not None and moves is not None  # (read so)
    settings = state.settings
    try:
        both = (Setup.parse(setups[0], state.kind), Setup.parse(setups[1], state.kind))
        dice = Dice.parse(message.text)
        sent = Game.new(state.kind, *both, dice, time_control=settings.control(), players=state.players,
                        touch_move=settings.touch_move)
    except MilitakiriError as error:
        raise _engine(ILLEGAL, error) from None
    now = state.clock_now()
    sent.start_clock(now)
    for ply, token in enumerate(moves):
        try:
            sent.play(token, now=now if sent.clock is not None else None)
        except MilitakiriError as error:
            raise _refused(ILLEGAL, "rm_resume_move", ply=ply + 1,
                           reason=error.args[0] if error.args else str(error)) from None
    game = state.started_game
    if game is not None:
        return _catch_up(state, game, sent, message.left)
    for side in (0, 1):
        known = _setup_of(state, side)
        if known is not None and known != both[side].text():
            raise _refused(WRONG_PLY, "rm_resume_setup", player=state.label(side), towers=known)
    if state.remote_dice is not None and state.remote_dice != dice:
        raise _refused(WRONG_PLY, "rm_resume_dice", rolls=state.remote_dice.text())
    state._open_game(sent, rated=state.rated)
    state.settings.remote = color
    if message.left is not None and sent.clock is not None and sent.time_control.mode != "correspondence":
        sent.clock.set_left(message.left[0], message.left[1], now)
    return True


def _catch_up(state: Core, game: Game, sent: Game, left: tuple[float, float] | None) -> bool:
    """The game here goes on with the moves ``sent`` has beyond it."""
    if game.setups != sent.setups or game.dice != sent.dice or sent.tokens[:len(game.tokens)] != game.tokens:
        raise _refused(WRONG_PLY, "rm_resume_other", n=len(game.tokens))
    missing = sent.tokens[len(game.tokens):]
    if missing:
        _not_over(state, game)
    now = state.clock_now()
    for token in missing:
        game.play(token, now=now if game.clock is not None else None)
    if missing:
        state.replay.reset()
        state._reset_turn()
        state.message = None
    if left is not None and game.clock is not None and game.time_control.mode != "correspondence" \
            and not game.is_over():
        game.clock.set_left(left[0], left[1], now)
        return True
    return bool(missing)


# The player's side ---------------------------------------------------------------------

def touch(state: Core, field: str) -> bool:
    """A field touched while the host's side is to set up, roll or move:
    what the board waits for, as a refusal."""
    waiting = status(state)
    if waiting is not None:
        state.message = warning(waiting.key, **waiting.args)
    return False


def status(state: Core) -> Message | None:
    """What the board waits for from the host."""
    color = state.remote
    if color is None or not state.remote_turn():
        return None
    if state.phase == SETUP:
        if state.setup_color == color:
            return Message("rm_waiting_setup", {"player": state.label(color)})
        return Message("rm_waiting_dice")
    return Message("rm_waiting_move", {"player": state.label(color)})


_TAKE: dict[str, Callable[[Core, HostMessage], bool]] = {
    "setup": take_setup, "dice": take_dice, "move": take_move, "clock": take_clock, "end": take_end,
    "resume": take_resume,
}

HANDLERS: dict[type[intents.Intent], Callable[[Core, Any], bool]] = {
    intents.FromHost: lambda state, i: receive(state, i.message),
}
