"""Playing against the computer: what to ask its worker and when (its
set-up, its move, a hint), whether an answer still fits the game, and
what the state does with it; the player's premove while it thinks; what
the device remembers of it across a reload.

Pure Python (no browser): web/ui/computer.py sends the requests made here
to the worker (web/services/ai_worker.py runs them) and hands the answers
back as ``WorkerAnswer`` intents. The state knows which color the computer
plays (``settings.computer``, ``settings.level``) and refuses board input
while it is the computer's turn (a click then sets a premove).

Every request carries the ``key`` of the state it was made for; an answer
that comes back after the game moved on (take-back, new game,
resignation, a flag fall) no longer matches and is dropped.

>>> from web.model.settings import GameSettings
>>> from web.model.ui_state import UiState
>>> start = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
...          "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
>>> state = UiState(GameSettings(position=start, computer=0, level=1, seed=3))
>>> request = next_request(state)
>>> request.name, request.args[0] == start, request.args[1]
('move', True, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from militakiri.ai.levels import EARLIER_POSITIONS, SEARCH_LEVELS

from web.model import intents
from web.model.core import PLAYING, SETUP, Core
from web.model.jsontext import dumps
from web.model.modes import play, rated
from web.model.computer_requests import (
    HINT_SECONDS,
    MAX_SECONDS,
    MIN_REPLY_S,
    MIN_SECONDS,
    SEED_LIMIT,
    SETUP_SECONDS,
    SHARE_OF_TIME_LEFT,
    UNTIMED_SECONDS,
    Request,
    read_memory,
)
from web.model.settings import MAX_LEVEL
from web.model.status import COMPUTER_STARTING, HINT_THINKING, TOWER_WAITS, Message

if TYPE_CHECKING:
    from typing import Any, Callable


# What to ask ----------------------------------------------------------------------

def state_key(state: Core) -> tuple[object, ...]:
    """What an answer must still find: the same game at the same move, or
    the same game in its set-up stage (the computer's set-up is one answer
    for the whole stage)."""
    game = state.started_game
    if game is None:
        return ("setup", state.game_id, state.computer)
    return ("game", state.game_id, len(game.tokens), game.position.string(), game.is_over())


def think_seconds(state: Core, color: int, untimed: float = UNTIMED_SECONDS) -> float:
    """How long the strongest level thinks for ``color`` now: ``untimed``
    without a clock, else a fortieth of its time left (plus half its
    increment), never under MIN_SECONDS nor over MAX_SECONDS."""
    game = state.game
    if game is None or game.clock is None:
        return untimed
    control = game.time_control
    if control.mode == "correspondence":
        return MAX_SECONDS
    left = game.clock.remaining(color, state.clock_now())
    seconds = left * SHARE_OF_TIME_LEFT + control.bonus / 2
    return max(MIN_SECONDS, min(MAX_SECONDS, seconds))


def _seed(state: Core) -> int:
    return state.rng.randrange(SEED_LIMIT)


def next_request(state: Core) -> Request | None:
    """What the computer has to do: its set-up (from the start of the set-up
    stage, whoever places now: R4), its move, or nothing."""
    level = state.settings.level
    if state.computer_to_set_up():
        return Request("setup", [state.kind.name, level, _seed(state), SETUP_SECONDS], state_key(state),
                       SETUP_SECONDS)
    if not state.computer_turn():
        return None
    color, game = state.computer, state.game
    assert color is not None and game is not None  # the computer's turn in a game
    seconds = None  # levels 1-3: no search
    if level == MAX_LEVEL:
        seconds = think_seconds(state, color)
    elif level in SEARCH_LEVELS:
        # Its node budget decides (its rating holds where it is reached); the
        # time only caps a slow worker (MicroPython's, before Pyodide is
        # ready) and a short clock.
        seconds = think_seconds(state, color, untimed=MAX_SECONDS)
    position = game.position.string()
    # The search levels steer clear of where the game has been (a cycle decides nothing).
    earlier = [] if seconds is None else [
        before.string() for before in game.position.since_last_take(EARLIER_POSITIONS)]
    return Request("move", [position, level, _seed(state), seconds, earlier], state_key(state), seconds)


def hint_request(state: Core) -> Request | None:
    """A hint for the player to move: the strongest level's move; in a
    rated game only once the player gave up its rating (:func:`want_hint`)."""
    if not state.can_hint() or state.game is None or state.rated is not None:
        return None
    position = state.game.position.string()
    return Request("hint", [position, HINT_SECONDS], state_key(state), HINT_SECONDS)


def fits(state: Core, request: Request) -> bool:
    """Whether the state is still the one ``request`` was made for."""
    return state_key(state) == request.key


def question(state: Core) -> Request | None:
    """What to ask the worker now for the computer's own turn: its set-up or
    its move, once for each state (:func:`state_key`); None if it was asked
    already, there is nothing to ask, the computer cannot play, or the page
    plays a drill's replies itself (web/ui/training.py)."""
    if state.drill is not None or state.worker.problem is not None:
        return None
    asked = state.worker.asked
    if asked is not None and asked.key == state_key(state):
        return None
    return next_request(state)


def hint_question(state: Core) -> Request | None:
    """What to ask the worker for the Hint button; None if no hint is
    offered now, or one is being thought of for this position."""
    request = hint_request(state)
    asked = state.worker.hint
    if request is None or (asked is not None and asked.key == request.key):
        return None
    return request


def answer_wait(request: Request, asked_at: float, now: float, least: float = MIN_REPLY_S) -> float:
    """How long to hold the answer to ``request``, asked at ``asked_at``
    (seconds, the state's clock), before handing it to the state: a move
    never lands sooner than ``least`` after the player's own, so the player
    sees theirs land first; a set-up or a hint comes at once.

    >>> move = Request("move", [], ("game",), 1.0)
    >>> answer_wait(move, 10.0, 10.1), answer_wait(move, 10.0, 11.0)
    (0.25, 0.0)
    >>> answer_wait(Request("hint", [], ("game",), 1.0), 10.0, 10.1)
    0.0
    """
    if request.name != "move":
        return 0.0
    return round(max(0.0, least - (now - asked_at)), 6)


def thinking(state: Core) -> str:
    """What the worker thinks of now, for the page's indicators: ``setup``
    or ``move`` on the computer's turn, ``hint``, or nothing."""
    if state.computer_turn() and state.worker.problem is None and state.drill is None:
        return "setup" if state.phase == SETUP else "move"
    hint = state.worker.hint
    if hint is not None and fits(state, hint):
        return "hint"
    return ""


# What the device remembers ---------------------------------------------------------

def memory(state: Core) -> str | None:
    """What to remember about a started game against the computer (JSON)."""
    game = state.started_game
    if state.computer is None or game is None:
        return None
    return dumps({"start": game.start.string(), "names": [game.players.white, game.players.black],
                  "computer": state.computer, "level": state.settings.level})


def recalled(state: Core, text: str | None) -> tuple[int, int] | None:
    """The side (color, level) the computer played in this game before a
    reload, as ``text`` (:func:`memory`) remembers it; None if it played no
    side here, or ``text`` is not what :func:`memory` writes. The state
    takes it through the RecallComputer intent."""
    game = state.started_game
    if not text or state.computer is not None or game is None:
        return None
    try:
        start, names, color, level = read_memory(text)
    except ValueError:
        return None
    if start != game.start.string() or names != [game.players.white, game.players.black]:
        return None
    return color, level


# What the state does with the answers ------------------------------------------------

def place_setup(state: Core, text: str) -> bool:
    """The computer's set-up (set-up text, R4) is placed and confirmed."""
    if state.phase != SETUP or state.setup_color != state.computer:
        return False
    state._setup.place_whole(text)
    state.message = None
    return True


def play_move(state: Core, token: str) -> bool:
    """The computer plays ``token`` (its clock stops as a player's would);
    a drill's reply comes this way too. Then the player's premove, if one
    waits, is played or dropped with the engine's reason."""
    if not state.computer_turn() or state.phase != PLAYING:
        return False
    if state._check_time() is not None:
        return True
    state._reset_turn()
    changed = play.play_token(state, token)
    if state.message is not None and state.message.key == TOWER_WAITS:
        state.message = None  # "Your new tower waits" is for the player's own moves
    queued = state.premove.take()
    if changed and queued is not None and state.phase == PLAYING and not state.computer_turn():
        if not play.move_piece(state, *queued):  # the engine's refusal, named as the premove's
            # The engine's sentence itself: said in the page's language, its rulings in its details.
            refused = state.message
            reason = "" if refused is None else refused.args.get("reason", refused.text())
            state.message = Message("premove_dropped", {"move": "-".join(queued), "reason": reason}, "warn")
    return changed


def drill_reply(state: Core, token: str, game_id: int) -> bool:
    """A drill's reply, played as the computer's move while the drill of
    game ``game_id`` is still being solved (the page plays it a moment
    after the solver's move, which may have ended the drill, or the player
    may have gone elsewhere)."""
    drill = state.drill
    if state.game_id != game_id or drill is None or drill.status != "solving":
        return False
    return play_move(state, token)


def touch(state: Core, field: str) -> bool:
    """A field touched while the computer sets up or moves: a premove
    (web/model/premove.py) while it moves, else the reason to wait."""
    if state.phase == PLAYING and not state.viewing_past() and premove(state, field):
        return True
    computer = state.computer
    assert computer is not None  # (the computer's turn)
    state._warn("computer_busy", player=state.label(computer))
    return False


def premove(state: Core, field: str) -> bool:
    piece = state._game.position.board[state.kind.square(field)]
    own = piece is not None and piece.color != state.computer
    if not state.premove.point(field, own):
        return False
    move = state.premove.move
    state.message = (Message("premove_set", {"move": "-".join(move)}) if move is not None
                     else Message("premove_pick", {"square": state.premove.origin})
                     if state.premove.origin is not None else None)
    return True


def want_hint(state: Core) -> bool:
    """The Hint button. A hint unrates a rated game (lichess rates no game
    that had one): there the player is asked first, and the computer is
    asked nothing until they answer (modes/play.py: confirm_unrate).
    Returns whether the question was put."""
    return state.can_hint() and rated.ask_first(state, rated.HINT)


def show_hint(state: Core, token: str) -> bool:
    """Highlight ``token``, the move the strongest level would play (never
    in a game still rated: :func:`want_hint`)."""
    if not state.can_hint() or state.rated is not None:
        return False
    state._reset_turn()
    state.hint = (len(state._game.tokens), token)
    state.message = Message("hint_shown", {"move": token})
    return True


def asked(state: Core, request: Request) -> bool:
    """``request`` went to the worker: remembered until its answer (a hint
    is said to be thought of)."""
    worker = state.worker
    if request.name == "hint":
        worker.hint = request
        state.message = Message(HINT_THINKING)
    else:
        worker.asked, worker.answer = request, None
    return True


def answer(state: Core, request: Request, value: object) -> bool:
    """The worker's answer to ``request``, used if the state is still the
    one it was made for: a hint shown; the computer's set-up or move played
    on its turn, or kept until then. A wrong answer (never expected) raises
    MilitakiriError from the engine."""
    worker = state.worker
    if request.name == "hint":
        if worker.hint is request:
            worker.hint = None
        return fits(state, request) and show_hint(state, str(value))
    worker.asked, worker.answer = request, value  # (the one asked, or one asked another way: a test's)
    return play_answer(state)


def play_answer(state: Core) -> bool:
    """The answer kept for the computer's turn, played once the turn has
    come; dropped once the game has moved past the question."""
    worker = state.worker
    request, value = worker.asked, worker.answer
    if request is None or value is None:
        return False
    if not fits(state, request):
        worker.asked = worker.answer = None
        return False
    if not state.computer_turn():
        return False
    worker.asked = worker.answer = None
    if request.name == "setup":
        return place_setup(state, str(value))
    return play_move(state, str(value))


def worker_failed(state: Core, request: Request, problem: str | None) -> bool:
    """The worker could not answer ``request``: said if the game is still
    the one it was asked about (``problem`` None: a fault of the page's
    own, logged by the page, not said)."""
    worker = state.worker
    if request.name == "hint":
        if worker.hint is not request:
            return False
        worker.hint = None
        if problem is None or not fits(state, request):
            return False
        state.message = _hint_failed(problem)
        return True
    if worker.asked is request:
        worker.asked = worker.answer = None
    if problem is None or not fits(state, request):
        return False
    failed(state, problem)
    return True


def failed(state: Core, problem: str) -> bool:
    """The computer cannot play, and why (its worker did not start, or it
    answered what the engine refuses): the status line says so, and a hint
    being thought of will not come."""
    state.worker.problem = problem
    message = state.message
    if message is not None and message.key == COMPUTER_STARTING:
        state.message = None
    if state.worker.hint is not None:
        state.worker.hint = None
        if message is not None and message.key == HINT_THINKING:
            state.message = _hint_failed(problem)
    return True


def _hint_failed(problem: str) -> Message:
    return Message("hint_failed", {"reason": problem}, "warn")


def worker_starting(state: Core) -> bool:
    """The worker is still loading while the computer's turn waits for it:
    the status line says so (unless it says something else)."""
    worker = state.worker
    computer = state.computer
    if (computer is None or worker.asked is None or worker.answer is not None or not state.computer_turn()
            or state.message is not None):
        return False
    state.message = Message(COMPUTER_STARTING, {"player": state.label(computer)})
    return True


def recall(state: Core, text: str | None) -> bool:
    """The computer plays again the side it played before a reload
    (:func:`recalled`); returns whether it does."""
    side = recalled(state, text)
    if side is None:
        return False
    state.settings.computer, state.settings.level = side
    return True


def status(state: Core) -> Message | None:
    """The computer's turn: it thinks, sets up, or cannot play (a drill's
    replies are the page's)."""
    computer = state.computer
    if computer is None or not state.computer_turn():
        return None
    if state.drill is not None:
        return Message("tr_reply", {"player": state.label(computer)})
    if state.worker.problem is not None:
        return Message("computer_failed", {"reason": state.worker.problem}, "warn")
    key = "computer_setting_up" if state.phase == SETUP else "computer_thinking"
    return Message(key, {"player": state.label(computer)})


HANDLERS: dict[type[intents.Intent], Callable[[Core, Any], bool]] = {
    intents.Asked: lambda state, i: asked(state, i.request),
    intents.WorkerAnswer: lambda state, i: answer(state, i.request, i.value),
    intents.WorkerFailed: lambda state, i: worker_failed(state, i.request, i.problem),
    intents.PlayHeldAnswer: lambda state, i: play_answer(state),
    intents.WorkerStarting: lambda state, i: worker_starting(state),
    intents.ComputerSetup: lambda state, i: place_setup(state, i.text),
    intents.ComputerMove: lambda state, i: play_move(state, i.token),
    intents.DrillReply: lambda state, i: drill_reply(state, i.token, i.game_id),
    intents.ShowHint: lambda state, i: show_hint(state, i.token),
    intents.WantHint: lambda state, i: want_hint(state),
    intents.ComputerFailed: lambda state, i: failed(state, i.problem),
    intents.RecallComputer: lambda state, i: recall(state, i.text),
}
