"""The page's state at its core: the fields every mode shares, and the
questions every mode asks of them (docs/architecture.md, "The page's
state by its modes").

:class:`Core` holds the game shown (the engine's :class:`~militakiri.Game`)
and what a screen needs of it for a moment: the turn in progress
(web/model/turn.py), the move shown (web/model/replay.py), the board's
side, the cursor, the message. Its one phase answers "is there a game, and
has it started": ``setup`` (modes/setup.py), ``playing`` (modes/play.py),
``over``. The modes (web/model/modes/) are functions over a Core;
:class:`web.model.ui_state.UiState` puts them together. Nothing here changes
the state but the steps the modes share: a new game, a game opened whole,
a turn reset, a flag fallen.
"""

from __future__ import annotations

import time
from itertools import count
from typing import TYPE_CHECKING

from militakiri import Dice, Game, Outcome, Players, Position
from militakiri.board import board_kind
from militakiri.bounded import MAX_PLIES
from militakiri.pieces import BLACK, WHITE
from militakiri.randomness import Random

from web.i18n.texts import t
from web.model.exploring import Exploring
from web.model.formatting import player_label, result_texts, today
from web.model.computer_requests import Worker
from web.model.points import no_points, rank_statuses
from web.model.premove import Premove
from web.model.rated_games import new_game_id
from web.model.remote import Refused
from web.model.replay import Replay
from web.model.review import GameReview
from web.model.settings import GameSettings
from web.model.setup_stage import SetupStage
from web.model.status import Message, warning
from web.model.training import Drill
from web.model.turn import TurnInProgress

if TYPE_CHECKING:
    from typing import Callable

SETUP, PLAYING, OVER = "setup", "playing", "over"

#: Each game on the page gets the next number (Core.game_id).
_GAME_IDS = count(1)


def steady_seconds() -> float:
    """A steady clock's seconds where the interpreter has one (CPython's
    time.monotonic), else the wall clock's (MicroPython): the default of
    the state's ``now``; the page passes performance.now()/1000."""
    monotonic = getattr(time, "monotonic", None)
    return monotonic() if monotonic is not None else time.time()


class Core:
    """See the module docstring."""

    def __init__(self, settings: GameSettings | None = None, now: Callable[[], float] = steady_seconds,
                 rng: Random | None = None, wall: Callable[[], float] = time.time,
                 points: Callable[[str, str], int | None] = no_points) -> None:
        #: Seconds from a steady clock; the page passes performance.now()/1000.
        self.now = now
        #: Seconds since 1970: correspondence deadlines are dates (R22); the
        #: page passes Date.now()/1000.
        self.wall = wall
        #: ``points(name, board)``: a profile's points on a board (R26), None
        #: where it has none that reads; the page passes its profiles'
        #: (web/services/profiles.py ProfileStore.points).
        self.points = points
        #: Which move the board shows (replay); the live end by default.
        self.replay = Replay()
        self.rng = rng or Random()
        self.flipped = False
        self.cursor: str | None = None
        self.message: Message | None = None
        #: What the computer's worker was asked and why it cannot play (modes/computer.py).
        self.worker = Worker()
        #: Why the last message from the embedding page was not taken, for
        #: the board's ``error`` answer (modes/remote.py); None if it was.
        self.host_refusal: Refused | None = None
        #: A lesson's task or a puzzle being solved (modes/drills.py): the
        #: page plays the other side's replies (web/ui/training.py), not the
        #: computer, and the game is neither saved nor given a result.
        self.drill: Drill | None = None
        #: The settings and board's turn of the player's own game before a
        #: drill: what New game offers during it (offered_settings), the
        #: board turned back after it (a drill's are its own).
        self.settings = settings or GameSettings()
        self.own: tuple[GameSettings, bool] = (self.settings, False)
        self._new_game(self.settings)

    # A game begins ------------------------------------------------------------------

    def _new_game(self, settings: GameSettings, random_side: bool = False) -> bool:
        """Begin a new game: the set-up, or straight from a position string;
        ``random_side``: the computer's side drawn with the state's dice.

        Raises MilitakiriError (with the engine's words) for a bad position
        string or time control; the current game is then kept.
        """
        if random_side and settings.computer is not None:
            settings = settings.copy()
            settings.computer = self.rng.randrange(2)
        control = settings.control()
        names = [settings.white or t("white"), settings.black or t("black")]
        if settings.computer is not None:
            names[settings.computer] = t("computer_name", level=settings.level)
        players = Players(white=names[WHITE], black=names[BLACK], date=today())
        game = None
        if settings.position:
            game = Game.from_position(settings.position, reachable=True, time_control=control, players=players,
                                      touch_move=settings.touch_move)
        if settings.seed is not None:
            self.rng = Random(settings.seed)
        self._leave_drill()
        self.settings = settings
        self.players = players
        self.game = game
        #: This game's identity on the page, from its set-up (or its loading)
        #: to the next game: what saves, answers and messages are about.
        #: Not ``id(game)``: Python reuses the ids of objects gone.
        self.game_id = next(_GAME_IDS)
        self.loaded = False
        self.started = False
        elsewhere = settings.computer if settings.computer is not None else settings.remote
        if elsewhere is not None:  # the player's own side at the bottom
            self.flipped = elsewhere == WHITE
        self.dice: Dice | None = None
        if game is not None:
            self.kind = game.kind
            self.setup: SetupStage | None = None
            self._start()
        else:
            self.kind = board_kind(settings.board)
            # The player here places first when the embedding page plays the other side.
            self.setup = SetupStage(self.kind, WHITE if settings.remote is None else 1 - settings.remote)
        self.cursor = None
        self.message = None
        self.worker.problem = None  # (a new game asks the computer again)
        self._expect_remote()
        self._new_line()
        self.drill = None
        #: A variation being explored (modes/analysis.py), the game aside.
        self.exploring: Exploring | None = None
        #: The game's id while it counts for the players' ratings
        #: (modes/rated.py), None when unrated (or no longer: a take-back, a hint).
        self.rated: str | None = None
        if settings.rated and settings.rated_problem() is None:
            self.rated = new_game_id(self.game_id)
        self._read_rank_statuses()
        return True

    def _open_game(self, game: Game, flipped: bool | None = None, message: Message | None = None,
                   computer: tuple[int, int] | None = None, rated: str | None = None) -> bool:
        """Show ``game`` (read from a link, a record or a save) at its last
        move, its clock as the caller prepared it (web/services/share.py:
        prepare); ``computer``: its color and level, if it plays a side;
        ``rated``: its id, a rated game's own save reopened."""
        self._leave_drill()
        remote = self.settings.remote  # (the address's: every game of this board plays that side so)
        self.settings = GameSettings(
            board=game.kind.name, time_control=game.time_control.text(),
            white=game.players.white, black=game.players.black, seed=self.settings.seed,
            touch_move=game.touch_move, show_moves=self.settings.show_moves)
        if computer is not None:
            self.settings.computer, self.settings.level = computer
        else:
            self.settings.remote = remote
        self._expect_remote()
        self.players = game.players
        self.game = game
        self.game_id = next(_GAME_IDS)
        #: Read whole from a link, a record or a save (it may be analysed
        #: before its end: web/ui/reviewer.py).
        self.loaded = True
        self.kind = game.kind
        self.setup = None
        self.dice = game.dice
        self.started = True
        if flipped is not None:
            self.flipped = flipped
        self.cursor = None
        self.message = message
        self._new_line()
        self.drill = None
        self.exploring = None
        self.rated = rated
        self.settings.rated = rated is not None
        self._read_rank_statuses()
        self._check_time()
        self._stop_at_move_limit()
        return True

    def _leave_drill(self) -> None:
        """A game replaces the one shown: the player's own is remembered; a
        drill's turn of the board goes with it (its solver was at the bottom)."""
        if self.drill is None:
            self.own = (self.settings, self.flipped)
        else:
            self.flipped = self.own[1]

    def offered_settings(self) -> GameSettings:
        """What New game offers: the game's settings, or during a drill
        those of the player's own game before it."""
        return self.settings if self.drill is None else self.own[0]

    def _read_rank_statuses(self) -> None:
        """Each player's rank status as the rated game begins (R27): what
        the game shows them (modes/rated.py); None for the computer, in an
        unrated game, or where a profile does not read."""
        names = (self.players.white, self.players.black) if self.rated is not None else (None, None)
        self.rank_statuses = rank_statuses(self.kind.name, names, self.settings.computer, self.points)

    def _expect_remote(self) -> None:
        """Nothing has come yet from the embedding page for this game
        (web/model/modes/remote.py keeps what comes early)."""
        #: The other side's set-up (set-up text) and the dice, come before
        #: their time: the set-up is shown once the player's own is done (R4).
        self.remote_setup: str | None = None
        self.remote_dice: Dice | None = None

    def _start(self) -> None:
        self.started = True
        self._game.start_clock(self.clock_now())

    def _new_line(self) -> None:
        """A new game, or moves taken back: what was shown of the old line of
        moves goes (the step of the replay, a premove, the review, the turn
        being made)."""
        self.replay.reset()
        self.premove = Premove()
        #: The game's review after it (web/model/review.py), once asked for.
        self.review: GameReview | None = None
        #: The clock held while a dialog is over the game (modes/play.py: hold_clock).
        self.clock_held = False
        self._reset_turn()

    def _reset_turn(self) -> None:
        """A new turn in progress from the next question on (after a move,
        a take-back, a game loaded, a position shown again)."""
        self._in_progress: TurnInProgress | None = None
        #: A hint shown on the board: (moves played when asked, token).
        self.hint: tuple[int, str] | None = None
        #: What the player asked for in a rated game that unrates it (a hint
        #: or a take-back, modes/rated.py: ask_first), put to them as a
        #: question first; until they answer, or the turn changes.
        self.unrate_asked: str | None = None
        #: A drill's hint on the board: (moves played when asked, the field
        #: of the piece the solution moves next).
        self.hint_field: tuple[int, str] | None = None

    def _check_time(self) -> Outcome | None:
        """End the game if the mover's flag has fallen (R21); the outcome.
        At the move limit no flag falls: the player to move cannot move."""
        game = self.started_game
        if game is None or game.clock is None or self.at_move_limit():
            return None
        if game.is_over():
            return game.outcome()
        outcome = game.check_time(self.clock_now())
        if outcome is not None:
            self._reset_turn()
            self.message = None
        return outcome

    def _stop_at_move_limit(self) -> None:
        """At the move limit the clocks stop: nobody may lose on time (R21)
        for a move the page cannot take (a correspondence deadline is not
        checked there: :meth:`_check_time`)."""
        game = self.started_game
        if self.at_move_limit() and game is not None and game.clock is not None:
            game.clock.pause(self.clock_now())

    def _warn(self, key: str, **args: object) -> None:
        self.message = warning(key, **args)

    # The game, its phase and its turn -----------------------------------------------

    @property
    def _game(self) -> Game:
        """The game, where there is one: after the dice, or opened whole."""
        game = self.game
        assert game is not None, "no game yet"
        return game

    @property
    def _setup(self) -> SetupStage:
        """The set-ups, while they are made."""
        setup = self.setup
        assert setup is not None, "no set-up under way"
        return setup

    @property
    def started_game(self) -> Game | None:
        """The game once it has started (played from its set-up, or opened
        whole), else None: there are moves to show, replay and keep."""
        return self.game if self.started else None

    @property
    def phase(self) -> str:
        if self.started_game is None:
            return SETUP
        return OVER if self._game.is_over() else PLAYING

    def clock_now(self) -> float:
        """The time the game's clock counts in: wall-clock seconds for a
        correspondence game (its deadlines are dates), else the steady clock."""
        game = self.game
        control = game.time_control if game is not None else self.settings.control()
        return self.wall() if control.mode == "correspondence" else self.now()

    def result(self) -> tuple[str, str]:
        """The result's title and reason (formatting.result_texts), once over."""
        outcome = self._game.outcome()
        assert outcome is not None, "the game goes on"
        return result_texts(outcome, (self.players.white, self.players.black))

    @property
    def turn_in_progress(self) -> TurnInProgress:
        """The turn the player to move is making (the piece selected, the
        waiting towers placed): what the board view draws of it."""
        return self._turn()

    def _turn(self) -> TurnInProgress:
        """The turn the player to move is making (web/model/turn.py)."""
        if self._in_progress is None or self._in_progress.game is not self.game:
            self._in_progress = TurnInProgress(self._game, self.label)
        return self._in_progress

    @property
    def selected(self) -> str | None:
        """The piece selected, while a game is played."""
        return self._turn().selected if self.phase == PLAYING else None

    @property
    def pending(self) -> dict[str, str] | None:
        """A promoting take's possible tower fields (R13), ``{field: token}``."""
        return self._turn().pending if self.phase == PLAYING else None

    @property
    def setup_color(self) -> int | None:
        """Whose set-up is being placed (R4); None once both are done."""
        return self.setup.color if self.setup is not None else None

    @property
    def turn(self) -> int | None:
        if self.phase == SETUP:
            return self.setup_color
        return self._game.position.turn

    def label(self, color: int) -> str:
        names = (self.players.white, self.players.black)
        return player_label(color, names[color])

    def position_string(self) -> str:
        """The position shown (``data-position``): empty during the set-up."""
        return self.shown_position().string() if self.game is not None else ""

    def shown_position(self) -> Position:
        """The position on the board: the live one, or a past one (replay)."""
        return self.replay.position(self._game)

    def first_move_number(self) -> int:
        """The number the move list and the replay give the game's first
        move: its start's, but 1 in a lesson or a puzzle (a position cut
        from a game; the learner's first move is move 1)."""
        game = self.game
        if self.drill is not None or game is None:
            return 1
        return game.start.number

    def viewing_past(self) -> bool:
        """Whether the board shows an earlier position (read-only)."""
        return self.started_game is not None and not self.replay.is_live()

    def at_move_limit(self) -> bool:
        """Whether the game goes on with ``MAX_PLIES`` moves played, the most
        a game holds (so that its record, link and save read back): no move
        can be added. No rule ends it then but a resignation (R23: no draw
        by agreement; R17's is the only draw), which the status line says."""
        game = self.started_game
        return game is not None and not game.is_over() and len(game.tokens) >= MAX_PLIES

    @property
    def paused(self) -> bool:
        """A restored game whose live clock waits for Resume (autosave); not
        one at the move limit, whose clocks stay stopped."""
        game = self.started_game
        if game is None or game.clock is None or game.is_over() or self.at_move_limit():
            return False
        clock = game.clock
        return clock.running is None and clock.to_move is not None

    def touched(self) -> str | None:
        """The piece that must move under touch-move (R25), or None."""
        game = self.game
        if game is None or game.touched is None:
            return None
        return game.kind.square_name(game.touched)

    @property
    def aside(self) -> bool:
        """Whether the board shows something beside the game itself: a
        lesson's task, a puzzle or a variation being explored. Then nothing
        is saved over the game, no result dialog opens and an embedding
        page hears no moves."""
        return self.drill is not None or self.exploring is not None

    # Who plays ----------------------------------------------------------------------

    @property
    def computer(self) -> int | None:
        """The color the computer plays, None in a game of two players."""
        return self.settings.computer

    def computer_turn(self) -> bool:
        """Whether the computer is to set up or to move now (not while the
        clocks wait for Resume, nor once the game is over)."""
        color = self.computer
        if color is None or self.paused or self.at_move_limit():
            return False
        phase = self.phase
        if phase == SETUP:
            return self.setup_color == color
        return phase == PLAYING and self._game.position.turn == color

    def computer_to_set_up(self) -> bool:
        """Whether the computer's set-up is still to be made, now or after the
        player's: both set up at once (R4), so it is asked for at the start
        of the set-up stage and placed when its turn comes."""
        return (self.computer is not None and self.phase == SETUP and self.setup is not None
                and not self.setup.confirmed(self.computer))

    def player_sets_up(self) -> bool:
        """Whether a player here (not the computer, not the embedding page)
        is placing a set-up now: the Random, Clear and Done buttons show,
        and the free fields are marked."""
        return self.phase == SETUP and self.setup_color is not None and not self.others_turn()

    @property
    def remote(self) -> int | None:
        """The color the embedding page plays (web/model/remote.py), None if
        both sides are played on this board."""
        return self.settings.remote

    @property
    def elsewhere(self) -> int | None:
        """The color not played by a person at this board: the computer's or
        the embedding page's, or None."""
        return self.computer if self.computer is not None else self.remote

    def remote_turn(self) -> bool:
        """Whether the embedding page is to set up, to roll or to move now:
        its set-up, the dice or its move is awaited."""
        color = self.remote
        if color is None:
            return False
        phase = self.phase
        if phase == SETUP:
            return self.setup_color is None or self.setup_color == color
        return phase == PLAYING and self._game.position.turn == color

    def others_turn(self) -> bool:
        """Whether the side to set up or move now is not played here (the
        computer's turn, the embedding page's): the board takes no move."""
        return self.computer_turn() or self.remote_turn()

    def computer_side(self) -> tuple[int, int] | None:
        """The computer's color and level in this game, or None (a link
        carries them: militakiri.link version 2)."""
        return None if self.computer is None else (self.computer, self.settings.level)

    # What the player may do now -----------------------------------------------------

    def can_hint(self) -> bool:
        """A hint is offered in untimed games, to the player to move (not
        once touch-move has bound them to a piece: it might name another)."""
        return (self.phase == PLAYING and self._game.clock is None and not self.others_turn()
                and not self.viewing_past() and not self.paused and self.touched() is None
                and not self.at_move_limit())

    def destinations(self) -> dict[str, dict[str, str]]:
        if (self.phase != PLAYING or self.viewing_past() or self.paused or self.others_turn()
                or self.at_move_limit()):
            return {}
        return self._turn().destinations()

    def placing_shape(self) -> int | None:
        """The shape of the waiting tower to place now (R15), if any."""
        if self.phase != PLAYING or self.others_turn() or self.at_move_limit():
            return None
        return self._turn().placing_shape()
