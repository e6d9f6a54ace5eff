"""What the player and the page ask of the game's state, as values.

Every change of the page's state is one of these, given to
:meth:`UiState.apply <web.model.ui_state.UiState.apply>`: a field touched, a
button, a key, a worker's answer, a timer's tick, news from the page around
the game (a save that failed, a review). The controllers (web/ui) turn
clicks, keys, timers and messages into intents and draw what the state then
says; none changes the state another way (tests/web/test_funnel.py). An
intent is a plain value: it can be logged, compared and replayed, as
boardgame.io's actions are.

>>> Touch("c3")
Touch(field='c3')
>>> MovePiece("c3", "d4") == MovePiece("c3", "d4"), Flip() == Flip()
(True, True)
"""

from __future__ import annotations

from militakiri import Game

from web.model.computer_requests import Request
from web.model.remote import HostMessage
from web.model.review import GameReview
from web.model.settings import GameSettings
from web.model.status import Message
from web.model.training import Drill
from web.model.values import Value


class Intent(Value):
    """One thing asked of the state; its fields are its ``__slots__``."""

    __slots__: tuple[str, ...] = ()


# The board: pointer, touch and keyboard ------------------------------------------

class Touch(Intent):
    """The player points at ``field``: a click, a tap, Enter on the cursor."""

    __slots__ = ("field",)

    def __init__(self, field: str) -> None:
        self.field = field


class MovePiece(Intent):
    """The player moves the piece on ``origin`` to ``target`` (a drop after a
    drag, a click on a target): the one way a move is made."""

    __slots__ = ("origin", "target")

    def __init__(self, origin: str, target: str) -> None:
        self.origin = origin
        self.target = target


class Cancel(Intent):
    """Escape: a premove, a promotion not yet placed, the selection or the message goes."""

    __slots__ = ()


class PointerDown(Intent):
    """The pointer takes over from the keyboard's cursor."""

    __slots__ = ()


class MoveCursor(Intent):
    """An arrow key: the cursor ``dx`` right and ``dy`` down on the screen,
    where the board is drawn ``turned`` (ranks across) or not."""

    __slots__ = ("dx", "dy", "turned")

    def __init__(self, dx: int, dy: int, turned: bool = False) -> None:
        self.dx = dx
        self.dy = dy
        self.turned = turned


class Enter(Intent):
    """Enter: the cursor appears, or its field is touched."""

    __slots__ = ()


# Games: new, opened, set up, started --------------------------------------------

class NewGame(Intent):
    """A new game with ``settings`` (its set-up, or straight from a
    position); ``random_side``: the computer's side is drawn."""

    __slots__ = ("settings", "random_side")

    def __init__(self, settings: GameSettings, random_side: bool = False) -> None:
        self.settings = settings
        self.random_side = random_side


class OpenGame(Intent):
    """A whole game read from a link, a record or a save, shown at its last
    move; ``computer``: its color and level, if it plays a side; ``rated``:
    the id of a rated game (its own save reopened)."""

    __slots__ = ("game", "flipped", "message", "computer", "rated")

    def __init__(self, game: Game, flipped: bool | None = None, message: Message | None = None,
                 computer: tuple[int, int] | None = None, rated: str | None = None) -> None:
        self.game = game
        self.flipped = flipped
        self.message = message
        self.computer = computer
        self.rated = rated


class RandomSetup(Intent):
    """Random: the player placing gets a random set-up."""

    __slots__ = ()


class ClearSetup(Intent):
    """Clear: the player placing starts the set-up again."""

    __slots__ = ()


class SetupDone(Intent):
    """Done: the player placing confirms the set-up."""

    __slots__ = ()


class RollDice(Intent):
    """The dice are rolled for who starts (R6), and the game is made."""

    __slots__ = ()


class StartGame(Intent):
    """The dice are closed: the first player's clock starts (R21)."""

    __slots__ = ()


# Playing on -------------------------------------------------------------------------

class Resume(Intent):
    """Resume: the clock of the player to move runs again."""

    __slots__ = ()


class HoldClock(Intent):
    """A dialog over the game opened (``held``) or closed: Share or Game
    record, in a game between two people on one device (modes/play.py)."""

    __slots__ = ("held",)

    def __init__(self, held: bool) -> None:
        self.held = held


class TakeBack(Intent):
    """Take back the last move (against the computer, its reply too); in a
    rated game the player is asked first (:class:`ConfirmUnrate`)."""

    __slots__ = ()


class Resign(Intent):
    """``color`` resigns."""

    __slots__ = ("color",)

    def __init__(self, color: int) -> None:
        self.color = color


class Flip(Intent):
    """The board is turned round."""

    __slots__ = ()


class ShowPly(Intent):
    """The board shows the position after ``ply`` moves (the end: play on)."""

    __slots__ = ("ply",)

    def __init__(self, ply: int) -> None:
        self.ply = ply


class StepReplay(Intent):
    """``first``, ``prev``, ``next`` or ``last``: the replay's buttons and keys."""

    __slots__ = ("how",)

    def __init__(self, how: str) -> None:
        self.how = how


class Tick(Intent):
    """A timer: the game ends if the mover's flag has fallen (R21)."""

    __slots__ = ()


# The computer ---------------------------------------------------------------------

class Asked(Intent):
    """``request`` goes to the computer's worker now (web/model/modes/computer.py:
    ``question``, ``hint_question``): the state remembers it until its answer."""

    __slots__ = ("request",)

    def __init__(self, request: Request) -> None:
        self.request = request


class WorkerAnswer(Intent):
    """The computer's worker answers ``request`` (web/model/modes/computer.py) with
    ``value``: a set-up, a move or a hint, used if the game is still the
    one it was asked about; the computer's set-up waits for its turn."""

    __slots__ = ("request", "value")

    def __init__(self, request: Request, value: object) -> None:
        self.request = request
        self.value = value


class ComputerSetup(Intent):
    """The computer's set-up (set-up text, R4), placed and confirmed."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class ComputerMove(Intent):
    """The side the page plays moves ``token``: the computer's move, or a
    lesson's reply (its clock stops as a player's would)."""

    __slots__ = ("token",)

    def __init__(self, token: str) -> None:
        self.token = token


class WantHint(Intent):
    """The player pressed Hint. In a rated game a hint unrates it: the page
    asks first (modes/computer.py), and asks the computer only once the
    player gave up the rating (:class:`ConfirmUnrate`)."""

    __slots__ = ()


class ConfirmUnrate(Intent):
    """The player's answer to the question a hint or a take-back puts in a
    rated game: ``accept`` gives up the game's rating for it; declined, the
    game stays rated and nothing is done."""

    __slots__ = ("accept",)

    def __init__(self, accept: bool) -> None:
        self.accept = accept


class ShowHint(Intent):
    """The board shows ``token``, the move the strongest level would play."""

    __slots__ = ("token",)

    def __init__(self, token: str) -> None:
        self.token = token


class WorkerFailed(Intent):
    """The worker could not answer ``request``, and why (None: a fault of the
    page's own, logged, not said)."""

    __slots__ = ("request", "problem")

    def __init__(self, request: Request, problem: str | None) -> None:
        self.request = request
        self.problem = problem


class PlayHeldAnswer(Intent):
    """The game changed: the computer's answer that waited for its turn is
    played now if its turn has come (dropped if the game moved past it)."""

    __slots__ = ()


class WorkerStarting(Intent):
    """The computer's worker is still loading: the status line says so
    while the computer's turn waits for it."""

    __slots__ = ()


class ComputerFailed(Intent):
    """The computer cannot play, and why (its worker did not start)."""

    __slots__ = ("problem",)

    def __init__(self, problem: str) -> None:
        self.problem = problem


class RecallComputer(Intent):
    """What the device remembers of the computer's side (``militakiri.computer``,
    web/model/modes/computer.py): it plays that side again in the game read back."""

    __slots__ = ("text",)

    def __init__(self, text: str | None) -> None:
        self.text = text


# News from the page around the game -----------------------------------------------

class Say(Intent):
    """The status line says ``message`` until the next change (a save that
    failed, a review left out, a bad link)."""

    __slots__ = ("message",)

    def __init__(self, message: Message | None) -> None:
        self.message = message


class Unsay(Intent):
    """The status line's message goes if it is ``key``'s (news no longer true)."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key


class ShowReview(Intent):
    """The game's review, under way or done (or None)."""

    __slots__ = ("review",)

    def __init__(self, review: GameReview | None) -> None:
        self.review = review


# Lessons and puzzles (web/model/training.py) --------------------------------------

class BeginDrill(Intent):
    """The game just made is ``drill``: a lesson's task or a puzzle."""

    __slots__ = ("drill",)

    def __init__(self, drill: Drill) -> None:
        self.drill = drill


class WeighDrillMove(Intent):
    """The engine's ``score`` after the player's move in a Learn from your
    mistakes drill (for the side to move there): the drill judges the move;
    ``apply`` returns its DrillStep."""

    __slots__ = ("score",)

    def __init__(self, score: int) -> None:
        self.score = score


class EndVariation(Intent):
    """Back to the main line from a variation being explored; the variation
    is kept beside the move it replaces."""

    __slots__ = ()


class ExploreVariation(Intent):
    """Go on with the ``index``-th variation beside move ``beside`` (its
    row in the move list was chosen)."""

    __slots__ = ("beside", "index")

    def __init__(self, beside: int, index: int) -> None:
        self.beside = beside
        self.index = index


class JudgeDrill(Intent):
    """The drill's game changed (a move, or the solver's set-up done): the
    drill judges it; ``apply`` returns its DrillStep."""

    __slots__ = ()


class DrillHint(Intent):
    """The solver asked for a hint: counted against the stars."""

    __slots__ = ()


class GiveUp(Intent):
    """The solver asked for the solution: a try still being solved fails."""

    __slots__ = ()


class PlaySolution(Intent):
    """One move of the drill's solution, shown once the drill is over, if
    the board still shows that drill's game (``game_id``: the page shows
    the line move by move, and the player may have gone elsewhere)."""

    __slots__ = ("token", "game_id")

    def __init__(self, token: str, game_id: int) -> None:
        self.token = token
        self.game_id = game_id


class DrillReply(Intent):
    """The page plays the drill's reply ``token`` for the solver's opponent,
    a moment after the solver's move, if the drill of game ``game_id`` is
    still being solved."""

    __slots__ = ("token", "game_id")

    def __init__(self, token: str, game_id: int) -> None:
        self.token = token
        self.game_id = game_id


# The embedding page's side ---------------------------------------------------------

class FromHost(Intent):
    """A message from the page that embeds the board and plays one side
    (web/model/remote.py read it; web/model/modes/remote.py judges it)."""

    __slots__ = ("message",)

    def __init__(self, message: HostMessage) -> None:
        self.message = message
