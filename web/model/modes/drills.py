"""Lessons' tasks and puzzles being solved (web/model/training.py's
:class:`Drill`): the game on the board is the drill's, the page plays the
other side's replies (web/ui/training.py), and the drill judges each move,
counts the slips and hints against the stars, and shows its solution once
it is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from militakiri import MilitakiriError
from militakiri.move import Move
from militakiri.pieces import BLACK

from web.i18n.texts import t
from web.model import intents
from web.model.core import Core
from web.model.status import Message
from web.model.training import Drill, DrillStep

if TYPE_CHECKING:
    from typing import Any, Callable

#: How long a drill's reply waits after the solver's move (milliseconds), so
#: the solver sees their own move land before the board answers.
REPLY_MS = 450
#: A solution shown move by move: this long between its moves, slow enough
#: to follow each one.
SOLUTION_MS = 700


def count_slip(state: Core) -> None:
    """A move or a tower refused (R24) costs a star, whether or not the
    engine's sentence names its ruling ("f12 is not on a straight line
    from a1" names none), as the Learn dialog says; the callers count only
    such refusals, not a tap that only says what stands on a field."""
    if state.drill is not None:
        state.drill.mistakes += 1


def begin(state: Core, drill: Drill) -> bool:
    """The game just made is a lesson's task or a puzzle: its solver at
    the bottom, the sides called White and Black (no "Computer": the page
    plays the replies, web/ui/training.py)."""
    state.drill = drill
    state.flipped = drill.solver == BLACK
    state.players = state.players.replace(white=t("white"), black=t("black"))
    return True


def judge(state: Core) -> bool:
    """The drill judges its game after a move, or its set-up once the
    solver's is done (its ``step``); False while there is nothing to judge."""
    drill = state.drill
    if drill is None or drill.status != "solving":
        return False
    step: DrillStep | None = None
    if drill.position is None:  # a set-up task
        setup = state.setup
        if setup is not None and setup.color != drill.solver:
            step = drill.setup_done(setup.drafts[drill.solver])
    elif state.game is not None and state.game.tokens:
        step = drill.after_move(state.game.position, list(state.game.tokens))
    if step is None:
        return False
    drill.step = step
    return True


def weigh(state: Core, score: int) -> bool:
    """A mistake's drill weighs the player's move by ``score`` (its ``step``)."""
    drill = state.drill
    if drill is None or drill.status != "weighing":
        return False
    drill.step = drill.weigh(score)
    return True


def hint(state: Core) -> bool:
    """The solver asked for a hint: counted against the stars, and, in a
    drill from a position with the solver to move, the field of the
    solution's next move is marked on the board."""
    drill = state.drill
    if drill is None or drill.status != "solving":
        return False
    drill.hinted()
    game = state.started_game
    if game is not None and drill.position is not None \
            and len(game.tokens) < len(drill.solution) and game.position.turn == drill.solver \
            and tuple(game.tokens) == drill.solution[:len(game.tokens)]:  # (on the solution's way)
        ply = len(game.tokens)
        origin = Move.from_token(drill.solution[ply], state.kind).origin
        state.hint_field = (ply, state.kind.square_name(origin))
    return True


def give_up(state: Core) -> bool:
    return state.drill is not None and state.drill.give_up()


def play_solution(state: Core, token: str, game_id: int) -> bool:
    """One move of a drill's solution, shown once the drill is over (not
    judged: web/ui/training.py plays the line move by move), while the
    board shows game ``game_id``. Returns whether it was played."""
    if state.game is None or state.game_id != game_id:
        return False
    try:
        state.game.play(token)
    except MilitakiriError:
        return False
    state.replay.reset()
    state._reset_turn()
    return True


def status(state: Core) -> Message | None:
    """A drill no longer being solved says how it ended (the training box
    says more); while it is solved, the other modes speak."""
    drill = state.drill
    if drill is None or drill.status == "solving":
        return None
    if drill.status == "weighing":
        return Message("tr_status_weighing")
    mistake = drill.mistake
    if drill.status == "solved" and mistake is not None and mistake.number == mistake.total:
        return Message("tr_status_solved_last")  # (no next one: back to the game)
    if drill.status == "solved":
        return Message("tr_status_solved")
    played = list(state.game.tokens) if state.game is not None else []
    if list(drill.solution[:len(played)]) == played:  # the solution, shown from the start
        return Message("tr_status_solution", {}, "warn")
    return Message("tr_status_failed", {}, "warn")


HANDLERS: dict[type[intents.Intent], Callable[[Core, Any], bool]] = {
    intents.BeginDrill: lambda state, i: begin(state, i.drill),
    intents.JudgeDrill: lambda state, i: judge(state),
    intents.WeighDrillMove: lambda state, i: weigh(state, i.score),
    intents.DrillHint: lambda state, i: hint(state),
    intents.GiveUp: lambda state, i: give_up(state),
    intents.PlaySolution: lambda state, i: play_solution(state, i.token, i.game_id),
}
