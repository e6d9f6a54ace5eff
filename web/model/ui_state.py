"""The one UI state of the page, and everything a player can do to it.

Pure Python (no browser): the drawing, the DOM panels and the tests all read
this one object, and it changes only through :meth:`UiState.apply`, given
an intent (web/model/intents.py): every input - click, tap, drag, keyboard -
is a ``Touch`` or a ``MovePiece``; a button, a worker's answer, a timer or
news from the page around the game is another intent. The rules stay in
the engine: legal choices come from :class:`~militakiri.TurnChoices`, set-up
checks from :class:`~militakiri.draft.SetupDraft`, and the reason a move is
refused from :meth:`Position.refusal` (R24).

The game itself is the engine's :class:`~militakiri.Game` (start, set-ups,
dice, time control, names, tokens); this module adds only what a screen
needs for a moment: the selection, the waiting towers placed so far this
turn, a promotion field still to choose, the keyboard cursor, the message.
Its parts: the set-up stage (web/model/setup_stage.py), the turn the
player to move is making (web/model/turn.py), which move the board shows
(web/model/replay.py), the status line's and the board's words
and marks (web/model/status.py); what happened to the game is read off it
by web/model/events.py.

Phases: ``setup`` (placing towers, then the dice), ``playing``, ``over``.
Two views of a game stop board input: a past position (replay, see
web/model/replay.py: the board shows ``replay.shown``, play goes on from the end)
and a game restored with its clocks paused (autosave: Resume restarts them).
So does the computer's turn in a game against it (``settings.computer``):
its set-up and moves come from its worker as ``WorkerAnswer`` intents
(web/model/opponent.py, web/ui/computer.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import time
from itertools import count

from militakiri import (
    Dice,
    Game,
    GameOverError,
    IllegalMoveError,
    MilitakiriError,
    Players,
    Position,
)
from militakiri.board import board_kind
from militakiri.move import Move
from militakiri.pieces import BLACK, SHAPE_NAMES, WHITE
from militakiri.randomness import Random
from militakiri.record import Variation, move_number

from web.i18n.texts import t
from web.model import intents, opponent
from web.model.formatting import player_label, result_texts
from web.model.layout import BoardGeometry
from web.model.premove import Premove
from web.model.profiles import RatedEnd, new_game_id
from web.model.review import GameReview
from web.model.replay import Replay
from web.model.settings import GameSettings
from web.model.setup_stage import SetupStage
from web.model.status import Message, warning
from web.model.turn import Step, TurnInProgress

if TYPE_CHECKING:
    from typing import Any, Callable

    from web.model.intents import Intent
    from web.model.opponent import Request
    from web.model.training import Drill, DrillStep

SETUP, PLAYING, OVER = "setup", "playing", "over"


#: Each game on the page gets the next number (UiState.game_id).
_GAME_IDS = count(1)


def steady_seconds() -> float:
    """A steady clock's seconds where the interpreter has one (CPython's
    time.monotonic), else the wall clock's (MicroPython): the default of
    UiState's ``now``; the page passes performance.now()/1000."""
    monotonic = getattr(time, "monotonic", None)
    return monotonic() if monotonic is not None else time.time()


def today() -> str:
    """Today's date as the game record writes it (``2026.11.25``, local time)."""
    year, month, day = time.localtime()[:3]
    return "%04d.%02d.%02d" % (year, month, day)


class Exploring:
    """A variation being explored: the line set aside (the game, or the
    variation this one branches from: ``outer``), the ply it branches at
    (the position after ``ply`` moves), and what the state had of that line
    (its settings, its review, the board's side)."""

    __slots__ = ("game", "ply", "settings", "review", "flipped", "outer")

    def __init__(self, game: Game, ply: int, settings: GameSettings, review: GameReview | None,
                 flipped: bool, outer: Exploring | None = None) -> None:
        self.game = game
        self.ply = ply
        self.settings = settings
        self.review = review
        self.flipped = flipped
        self.outer = outer


def keep_variation(game: Game, ply: int, line: list[str],
                   inside: dict[int, list[Variation]] | None = None) -> None:
    """Keep ``line``, played from the position after ``ply`` moves, as a
    variation beside move ``ply + 1`` of ``game``: not when it is empty or
    the game's own moves, and in place of one it continues. ``inside``: the
    variations explored within it (nested, NOTATION.md).

    >>> game = Game.from_position("5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1")
    >>> game.play("a1-a2"); game.play("b2xa2")
    >>> keep_variation(game, 0, ["a1xb2"]); keep_variation(game, 0, ["a1xb2", "f12-f11"])
    >>> keep_variation(game, 0, ["a1-a2"]); [v.tokens for v in game.variations[1]]
    [['a1xb2', 'f12-f11']]
    """
    if not line or game.tokens[ply:ply + len(line)] == line:
        return
    kept = game.variations.setdefault(ply + 1, [])
    for i, variation in enumerate(kept):
        if line[:len(variation.tokens)] == variation.tokens or variation.tokens[:len(line)] == line:
            longer = line if len(line) > len(variation.tokens) else variation.tokens
            kept[i] = Variation(longer, variation.annotations, inside or variation.variations)
            return
    kept.append(Variation(line, {}, inside or {}))


def move_label(game: Game, ply: int, first: int | None = None) -> str:
    """``'7.'`` or ``'7…'``: the number the move list gives the game's
    ``ply``-th move (record.move_number), from ``first`` (the start's
    number unless given: UiState.first_move_number)."""
    number, mover = move_number(ply, game.start.number if first is None else first, game.start.turn)
    return f"{number}." if mover == WHITE else f"{number}\u2026"


class UiState:
    """See the module docstring."""

    def __init__(self, settings: GameSettings | None = None, now: Callable[[], float] = steady_seconds,
                 rng: Random | None = None, wall: Callable[[], float] = time.time) -> None:
        #: Seconds from a steady clock; the page passes performance.now()/1000.
        self.now = now
        #: Seconds since 1970: correspondence deadlines are dates (R22); the
        #: page passes Date.now()/1000.
        self.wall = wall
        #: Which move the board shows (replay); the live end by default.
        self.replay = Replay()
        self.rng = rng or Random()
        self.flipped = False
        self.cursor: str | None = None
        self.message: Message | None = None
        self._new_game(settings or GameSettings())

    def apply(self, intent: Intent) -> object:
        """Change the state as ``intent`` asks (web/model/intents.py): the one
        way the page changes it. Returns what the change says, for most
        whether anything changed (a DrillStep for JudgeDrill, the Dice for
        RollDice); a refusal is in the status line (:meth:`status`).

        >>> from web.model.intents import Flip, Touch
        >>> state = UiState()
        >>> state.apply(Flip()), state.flipped
        (None, True)
        >>> state.apply(Touch("a12")), state.status().text()
        (False, "a12 is not in White's set-up zone: towers stand on ranks 1-3")
        """
        return _HANDLERS[type(intent)](self, intent)

    # Starting -----------------------------------------------------------------

    def _new_game(self, settings: GameSettings, random_side: bool = False) -> None:
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
        self.settings = settings
        self.players = players
        self.game = game
        #: This game's identity on the page, from its set-up (or its loading)
        #: to the next game: what saves, answers and messages are about.
        #: Not ``id(game)``: Python reuses the ids of objects gone.
        self.game_id = next(_GAME_IDS)
        self.loaded = False
        self.started = False
        if settings.computer is not None:  # the player's own side at the bottom
            self.flipped = settings.computer == WHITE
        self.dice: Dice | None = None
        if game is not None:
            self.kind = game.kind
            self.setup: SetupStage | None = None
            self._start()
        else:
            self.kind = board_kind(settings.board)
            self.setup = SetupStage(self.kind)
        self.cursor = None
        self.message = None
        #: Why the computer cannot play (its worker did not start), or None.
        self.computer_problem: str | None = None
        self._new_line()
        #: A lesson's task or a puzzle being solved (web/model/training.py):
        #: the page plays the other side's replies (web/ui/training.py), not
        #: the computer, and the game is neither saved nor given a result.
        self.drill: Drill | None = None
        #: A variation being explored (the analysis board), the game aside.
        self.exploring: Exploring | None = None
        #: The game's id while it counts for the players' ratings
        #: (web/model/profiles.py), None when unrated (or no longer: a
        #: take-back, a hint).
        self.rated: str | None = None
        if settings.rated and settings.rated_problem() is None:
            self.rated = new_game_id(self.game_id)

    def _open_game(self, game: Game, flipped: bool | None = None, message: Message | None = None,
                  computer: tuple[int, int] | None = None, rated: str | None = None) -> None:
        """Show ``game`` (read from a link, a record or a save) at its last
        move, its clock as the caller prepared it (web/services/share.py:
        prepare); ``computer``: its color and level, if it plays a side;
        ``rated``: its id, a rated game's own save reopened."""
        self.settings = GameSettings(
            board=game.kind.name, time_control=game.time_control.text(),
            white=game.players.white, black=game.players.black, seed=self.settings.seed,
            touch_move=game.touch_move)
        if computer is not None:
            self.settings.computer, self.settings.level = computer
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
        self._check_time()

    def _result(self) -> tuple[str, str]:
        """The result's title and reason (formatting.result_texts), once over."""
        outcome = self._game.outcome()
        assert outcome is not None, "the game goes on"
        return result_texts(outcome, (self.players.white, self.players.black))

    def _new_line(self) -> None:
        """A new game, or moves taken back: what was shown of the old line of
        moves goes (the step of the replay, a premove, the review, the turn
        being made)."""
        self.replay.reset()
        self.premove = Premove()
        #: The game's review after it (web/model/review.py), once asked for.
        self.review: GameReview | None = None
        self._reset_turn()

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

    def clock_now(self) -> float:
        """The time the game's clock counts in: wall-clock seconds for a
        correspondence game (its deadlines are dates), else the steady clock."""
        game = self.game
        control = game.time_control if game is not None else self.settings.control()
        return self.wall() if control.mode == "correspondence" else self.now()

    def _start(self) -> None:
        self.started = True
        self._game.start_clock(self.clock_now())

    def _reset_turn(self) -> None:
        """A new turn in progress from the next question on (after a move,
        a take-back, a game loaded, a position shown again)."""
        self._in_progress: TurnInProgress | None = None
        #: A hint shown on the board: (moves played when asked, token).
        self.hint: tuple[int, str] | None = None
        #: A drill's hint on the board: (moves played when asked, the field
        #: of the piece the solution moves next).
        self.hint_field: tuple[int, str] | None = None

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

    # Asking -------------------------------------------------------------------

    @property
    def phase(self) -> str:
        if self.game is None or not self.started:
            return SETUP
        return OVER if self.game.is_over() else PLAYING

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
        return self.game is not None and self.started and not self.replay.is_live()

    @property
    def paused(self) -> bool:
        """A restored game whose live clock waits for Resume (autosave)."""
        game = self.game
        if game is None or not self.started or game.clock is None or game.is_over():
            return False
        clock = game.clock
        return clock.running is None and clock.to_move is not None

    def _resume(self) -> bool:
        """Restart the clock of the player to move."""
        if not self.paused:
            return False
        clock = self._game.clock
        assert clock is not None  # only a clock is paused
        clock.resume(self.clock_now())
        self.message = None
        return True

    # The computer opponent -------------------------------------------------------

    @property
    def computer(self) -> int | None:
        """The color the computer plays, None in a game of two players."""
        return self.settings.computer

    def computer_turn(self) -> bool:
        """Whether the computer is to set up or to move now (not while the
        clocks wait for Resume, nor once the game is over)."""
        color = self.computer
        if color is None or self.paused:
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
        """Whether a player (not the computer) is placing a set-up now: the
        Random, Clear and Done buttons show, and the free fields are marked."""
        return self.phase == SETUP and self.setup_color is not None and not self.computer_turn()

    def computer_side(self) -> tuple[int, int] | None:
        """The computer's color and level in this game, or None (a link
        carries them: militakiri.link version 2)."""
        return None if self.computer is None else (self.computer, self.settings.level)

    def _computer_setup(self, text: str) -> bool:
        """The computer's set-up (set-up text, R4) is placed and confirmed."""
        if self.phase != SETUP or self.setup_color != self.computer:
            return False
        self._setup.place_whole(text)
        self.message = None
        return True

    def _computer_move(self, token: str) -> bool:
        """The computer plays ``token`` (its clock stops as a player's would);
        a drill's reply comes this way too."""
        if not self.computer_turn() or self.phase != PLAYING:
            return False
        if self._check_time() is not None:
            return True
        self._reset_turn()
        changed = self._play(token)
        if self.message is not None and self.message.key == "tower_waits":
            self.message = None  # "Your new tower waits" is for the player's own moves
        queued = self.premove.take()
        if changed and queued is not None and self.phase == PLAYING and not self.computer_turn():
            if not self._move_piece(*queued):  # the engine's refusal, named as the premove's
                # The engine's sentence itself: said in the page's language, its rulings in its details.
                refused = self.message
                reason = "" if refused is None else refused.args.get("reason", refused.text())
                self.message = Message("premove_dropped", {"move": "-".join(queued), "reason": reason}, "warn")
        return changed

    def _premove(self, square: str) -> bool:
        """A click while the computer moves: a premove (web/model/premove.py)."""
        piece = self._game.position.board[self.kind.square(square)]
        own = piece is not None and piece.color != self.computer
        if not self.premove.point(square, own):
            return False
        move = self.premove.move
        self.message = (Message("premove_set", {"move": "-".join(move)}) if move is not None
                        else Message("premove_pick", {"square": self.premove.origin})
                        if self.premove.origin is not None else None)
        return True

    def can_hint(self) -> bool:
        """A hint is offered in untimed games, to the player to move (not
        once touch-move has bound them to a piece: it might name another)."""
        return (self.phase == PLAYING and self._game.clock is None and not self.computer_turn()
                and not self.viewing_past() and not self.paused and self.touched() is None)

    def _show_hint(self, token: str) -> bool:
        """Highlight ``token``, the move the strongest level would play."""
        if not self.can_hint():
            return False
        self._reset_turn()
        self.hint = (len(self._game.tokens), token)
        self.message = Message("hint_shown", {"move": token})
        self._unrate("unrated_hint", {"move": token})
        return True

    def _show_ply(self, ply: int) -> bool:
        """Show the position after ``ply`` moves (the end: play on)."""
        if self.game is None or not self.started:
            return False
        if not self.replay.go(self.game, ply):
            return False
        self._reset_turn()
        self.message = None
        return True

    def _step_replay(self, how: str) -> bool:
        """``first``, ``prev``, ``next`` or ``last`` (replay buttons and keys)."""
        if self.game is None or not self.started:
            return False
        shown, total = self.replay.shown(self.game), len(self.game.tokens)
        target = {"first": 0, "prev": shown - 1, "next": shown + 1, "last": total}[how]
        return self._show_ply(target)

    def destinations(self) -> dict[str, dict[str, str]]:
        if self.phase != PLAYING or self.viewing_past() or self.paused or self.computer_turn():
            return {}
        return self._turn().destinations()

    def placing_shape(self) -> int | None:
        """The shape of the waiting tower to place now (R15), if any."""
        if self.phase != PLAYING or self.computer_turn():
            return None
        return self._turn().placing_shape()

    def touched(self) -> str | None:
        """The piece that must move under touch-move (R25), or None."""
        game = self.game
        if game is None or game.touched is None:
            return None
        return game.kind.square_name(game.touched)

    def can_drag(self, square: str) -> bool:
        """Whether a drag may start on ``square`` (a piece that can move now)."""
        return (self.phase == PLAYING and not self.pending and self.placing_shape() is None
                and not self.viewing_past() and not self.paused and square in self.destinations())

    def status(self) -> Message:
        """The status line: the last message, or what to do now."""
        if self.message is not None:
            return self.message
        if self.viewing_past():
            return self._replay_message()
        if self.paused:
            return Message("paused", {"player": self.label(self._game.position.turn)})
        if self.drill is not None and self.drill.status != "solving":  # the training box says more
            if self.drill.status == "weighing":
                return Message("tr_status_weighing")
            mistake = self.drill.mistake
            if self.drill.status == "solved" and mistake is not None and mistake.number == mistake.total:
                return Message("tr_status_solved_last")  # (no next one: back to the game)
            if self.drill.status == "solved":
                return Message("tr_status_solved")
            played = list(self._game.tokens) if self._game is not None else []
            if list(self.drill.solution[:len(played)]) == played:  # the solution, shown from the start
                return Message("tr_status_solution", {}, "warn")
            return Message("tr_status_failed", {}, "warn")
        computer = self.computer
        if computer is not None and self.computer_turn():
            if self.drill is not None:
                return Message("tr_reply", {"player": self.label(computer)})
            if self.computer_problem is not None:
                return Message("computer_failed", {"reason": self.computer_problem}, "warn")
            key = "computer_setting_up" if self.phase == SETUP else "computer_thinking"
            return Message(key, {"player": self.label(computer)})
        phase = self.phase
        if phase == SETUP:
            if self.setup_color is not None:
                return self._setup.prompt(self.label(self.setup_color), alone=self.computer is not None)
            if self.game is None:
                return Message("roll_prompt")
            return Message("start_prompt", {"player": self.label(self.game.position.turn)})
        if phase == OVER:
            title, reason = self._result()
            return Message("over", {"title": title, "reason": reason})
        return self._turn().prompt()

    # Set-up -------------------------------------------------------------------

    def _replay_message(self, level: str = "info") -> Message:
        game = self._game
        shown = self.replay.shown(game)
        if shown == 0:
            return Message("replay_start", {}, level)
        first = self.first_move_number()
        label = move_label(game, shown, first)
        last = move_label(game, len(game.tokens), first)
        return Message("replay_at", {"label": label, "move": self.replay.last_token(game),
                                     "last": f"{last} {game.tokens[-1]}"}, level)

    def _setup_square(self, square: str) -> bool:
        self.message = self._setup.point(square)
        self._count_slip()
        return self.message is None

    def _count_slip(self) -> None:
        """A lesson's stars count the refusals that name a rule (R24), not a
        tap that only says what stands on a field."""
        if self.drill is not None and self.message is not None and self.message.cites_ruling():
            self.drill.mistakes += 1

    def _random_setup(self) -> None:
        if self.player_sets_up():
            self._setup.randomize(self.rng)
            self.message = None

    def _clear_setup(self) -> None:
        if self.player_sets_up():
            self._setup.clear()
            self.message = None

    def _setup_done(self) -> bool:
        """The player placing confirms; Black follows White, then the dice."""
        if not self.player_sets_up():
            return False
        self.message = self._setup.confirm()
        if self.message is not None:
            return False
        self.cursor = None
        return True

    def _roll(self) -> Dice:
        """Roll for who starts (R6; ties rolled again) and make the Game."""
        if self.phase != SETUP or self.setup_color is not None or self.game is not None:
            raise IllegalMoveError("the dice are rolled once, after both set-ups")
        self.dice = Dice.roll(self.rng)
        self.game = Game.new(self.kind, *self._setup.setups(), self.dice, time_control=self.settings.control(),
                             players=self.players, touch_move=self.settings.touch_move)
        self.message = None
        return self.dice

    def _start_game(self) -> None:
        """Close the dice: the first player's clock starts (R21)."""
        if self.game is not None and not self.started:
            self._start()
            self.message = None

    # Playing ------------------------------------------------------------------

    def _touch(self, square: str) -> bool:
        """The player pointed at ``square`` (click, tap, Enter). Returns
        whether anything changed; if not, the status line says why."""
        if not self._on_board(square):
            return False
        self._explore_here(square)
        phase = self.phase
        computer = self.computer
        if computer is not None and self.computer_turn():
            if phase == PLAYING and not self.viewing_past() and self._premove(square):
                return True
            self._warn("computer_busy", player=self.label(computer))
            return False
        if phase == SETUP:
            return self._setup_square(square)
        if self.viewing_past():
            self.message = self._replay_message("warn")
            return False
        if self.paused:
            self._warn("paused_click", player=self.label(self._game.position.turn))
            return False
        if phase == OVER:
            title, reason = self._result()
            self._warn("game_over_click", title=title, reason=reason)
            return False
        if self._check_time() is not None:
            return True
        return self._take(self._turn().point(square))

    def _move_piece(self, origin: str, target: str) -> bool:
        """The one way a move is made: ``origin`` to ``target`` (a click on
        the target, a drop after a drag, Enter on the cursor)."""
        if not self._on_board(origin, target):
            return False
        self._explore_here(origin)
        if (self.phase != PLAYING or self.pending or self.placing_shape() is not None
                or self.viewing_past() or self.paused or self.computer_turn()):
            return self._touch(target)
        if self._check_time() is not None:
            return True
        return self._take(self._turn().move(origin, target))

    def _take(self, step: Step) -> bool:
        """Play what an input completed, or show its refusal."""
        if step.play is not None:
            return self._play(step.play)
        self.message = step.refusal
        self._count_slip()
        return step.refusal is None

    def _play(self, token: str) -> bool:
        game = self._game
        try:
            game.play(token, now=self.clock_now() if game.clock is not None else None)
        except GameOverError:
            self._reset_turn()
            self.message = None
            return True
        except MilitakiriError as error:  # never expected: the token came from the engine
            self._warn("engine_says", reason=str(error))
            return False
        self._reset_turn()
        self.message = None
        if self.settings.turn_board and self.computer is None:
            self.flipped = game.position.turn == BLACK  # the player to move at the bottom
        move = Move.from_token(token, self.kind)
        if move.promotion is not None and move.tower_field is None:
            mover = 1 - self._game.position.turn
            self.message = Message("tower_waits", {"shape": t("shape_" + SHAPE_NAMES[move.promotion]),
                                                   "player": self.label(mover)})
        return True

    def _cancel(self) -> bool:
        """Escape: drop a premove, a promotion not yet placed, or the selection, or the message."""
        if self.premove.clear():
            self.message = None
            return True
        step = self._turn().cancel() if self.phase == PLAYING else None
        if step is not None:
            return self._take(step) or step.refusal is not None
        if self.message is None:
            return False
        self.message = None
        return True

    def _check_time(self) -> object:
        """End the game if the mover's flag has fallen (R21); the outcome."""
        game = self.game
        if game is None or not self.started or game.clock is None:
            return None
        if game.is_over():
            return game.outcome()
        outcome = game.check_time(self.clock_now())
        if outcome is not None:
            self._reset_turn()
            self.message = None
        return outcome

    def practice_position(self) -> str | None:
        """The position to play on from, as a new game (Practice from here):
        the one shown of a game over, of one read from a link or
        a record, or of a replay stepped back; None in a game being played
        at its last move, a set-up, a lesson or a puzzle."""
        game = self.game
        if game is None or not self.started or self.drill is not None:
            return None
        if not (self.phase == OVER or self.loaded or self.viewing_past()):
            return None
        position = self.replay.position(game)
        return None if position.is_over() else position.string()

    # Variations (the analysis board) -------------------------------------------------

    def _explore_here(self, square: str) -> bool:
        """Choosing a piece of the player to move on a past position of a
        game being analysed (over, or read whole) explores a variation: the
        board plays on from there, two players, untimed, the game kept
        aside; Back to the main line keeps the variation beside the move it
        replaces (NOTATION.md). Any other input there is refused as before."""
        game = self.game
        if (game is None or not self.started or self.drill is not None or not self.viewing_past()
                or not (self.phase == OVER or self.loaded or self.exploring is not None)):
            return False  # (within a variation: a variation of it, nested)
        ply = self.replay.shown(game)
        position = game.position_at(ply)
        piece = position.board[self.kind.square(square)]
        if piece is None or piece.color != position.turn or position.is_over():
            return False
        self._explore_from(game, ply)
        return True

    def _explore_from(self, game: Game, ply: int, line: tuple[str, ...] = (),
                      inside: dict[int, list[Variation]] | None = None) -> None:
        """The board plays on from the position after ``ply`` moves of
        ``game`` (``line``: moves already made there, ``inside``: the
        variations within them), the game set aside."""
        self.exploring = Exploring(game, ply, self.settings, self.review, self.flipped, self.exploring)
        self.settings = GameSettings(board=game.kind.name, touch_move=game.touch_move)  # two players, no clock
        self.game = Game.from_position(game.position_at(ply).string(), players=game.players,
                                       touch_move=game.touch_move)
        for token in line:
            self.game.play(token)
        self.game.variations = dict(inside or {})
        self.review = None  # (the game's: back with it)
        self.replay.reset()
        self.premove = Premove()
        self._reset_turn()
        self.message = None

    def _explore_variation(self, beside: int, index: int) -> bool:
        """Go on with a variation kept beside move ``beside`` of the line
        shown (a row of the move list): the board at its end, Back keeps it."""
        game = self.game
        if game is None or not self.started or self.drill is not None:
            return False
        lines = game.variations.get(beside, [])
        if not 0 <= index < len(lines):
            return False
        self._explore_from(game, beside - 1, tuple(lines[index].tokens), lines[index].variations)
        return True

    def _end_variation(self) -> bool:
        """Back to the line it branches from (the main line, or the variation
        it is nested in): the variation explored, if it has moves and is not
        that line's own, is kept beside the move it replaces, with the
        variations within it; the board shows the position it started from."""
        exploring = self.exploring
        if exploring is None:
            return False
        line = list(self._game.tokens)
        main = exploring.game
        keep_variation(main, exploring.ply, line, self._game.variations)
        self.exploring = exploring.outer
        self.game = main
        self.settings = exploring.settings
        self.review = exploring.review
        self.flipped = exploring.flipped
        self.replay.reset()
        self.replay.go(main, exploring.ply)
        self._reset_turn()
        self.message = None
        return True

    @property
    def aside(self) -> bool:
        """Whether the board shows something beside the game itself: a
        lesson's task, a puzzle or a variation being explored. Then nothing
        is saved over the game, no result dialog opens and an embedding
        page hears no moves."""
        return self.drill is not None or self.exploring is not None

    def view_position(self) -> str | None:
        """The position the computer's view may be asked for (the analysis
        board): one being analysed (practice_position), or the
        live one where a hint is offered (an untimed game, the player to
        move). Not while a rated game goes on: the engine's help is a hint,
        which unrates the game (the trial found the view a free hint)."""
        if self.rated is not None and self.game is not None and not self.game.is_over():
            return None
        analysed = self.practice_position()
        if analysed is not None:
            return analysed
        return self.position_string() if self.can_hint() and self.drill is None else None

    def can_take_back(self) -> bool:
        game = self.game
        return (self.started and game is not None and game.clock is None and bool(game.tokens)
                and game.external_outcome is None)

    def _take_back(self) -> bool:
        if not self.can_take_back():
            self._warn("no_take_back")
            return False
        self._game.undo()
        # Against the computer: back to the player's own turn (its reply too).
        while self.computer is not None and self._game.tokens and self.computer_turn():
            self._game.undo()
        self._new_line()
        self.message = None
        self._unrate("unrated_take_back", {})
        return True

    def _unrate(self, why: str, params: dict[str, object]) -> None:
        """A take-back or a hint: the game no longer counts (lichess rates no
        game that had either), and the status line says so."""
        if self.rated is not None:
            self.rated = None
            self.message = Message(why, params)

    def rated_end(self, abandoned: bool = False) -> RatedEnd | None:
        """What the players' ratings count of this rated game: once it is
        over, or, ``abandoned`` (a new game started over it), an unfinished
        game against the computer, lost by the player. None if there is
        nothing to count (a game ended before its first move counts for
        nothing either)."""
        game = self.game
        if self.rated is None or game is None or self.drill is not None or not self.started or not game.tokens:
            return None  # a game ended before its first move is aborted, as on lichess: not rated
        names = (game.players.white, game.players.black)
        if abandoned:
            if self.computer is None or game.is_over():
                return None  # between two people an abandoned game is not rated
            return RatedEnd(self.rated, self.kind.name, names, self.computer, self.settings.level,
                            self.computer, "abandoned")
        outcome = game.outcome()
        if outcome is None:
            return None
        return RatedEnd(self.rated, self.kind.name, names, self.computer, self.settings.level, outcome.winner,
                        outcome.termination.value)

    def can_resign(self) -> bool:
        return self.phase == PLAYING

    def _resign(self, color: int) -> bool:
        if not self.can_resign():
            return False
        self._game.resign(color)
        if self._game.clock is not None:
            self._game.clock.pause(self.clock_now())
        self._reset_turn()
        self.message = None
        return True

    def _flip(self) -> None:
        self.flipped = not self.flipped

    # News from the page around the game (web/ui) ------------------------------
    # What the controllers learn outside a player's move (a save, a worker,
    # the pointer), each the handler of its intent.

    def _say(self, message: Message | None) -> None:
        """What the status line says until the next change: a save that
        failed, a review left out, a bad link, a hint being thought of."""
        self.message = message

    def _unsay(self, key: str) -> None:
        """Drop the status line's message if it is ``key``'s: news that is
        no longer true (the computer has started after all)."""
        if self.message is not None and self.message.key == key:
            self.message = None

    def _computer_failed(self, problem: str) -> None:
        """The computer cannot play, and why (its worker did not start, or it
        answered what the engine refuses): the status line says so."""
        self.computer_problem = problem
        self._unsay("computer_starting")

    def _show_review(self, review: GameReview | None) -> None:
        """The game's review, under way or done (or none). A finished one
        travels in the game's record as its annotations (NOTATION.md)."""
        self.review = review
        if review is not None and review.complete:
            review.game.annotations = review.annotations()

    def _pointer_down(self) -> None:
        """The pointer takes over from the keyboard's cursor."""
        self.cursor = None

    def _play_solution(self, token: str) -> bool:
        """One move of a drill's solution, shown once the drill is over (not
        judged: web/ui/training.py plays the line move by move). Returns
        whether it was played."""
        if self.game is None:
            return False
        try:
            self.game.play(token)
        except MilitakiriError:
            return False
        self.replay.reset()
        self._reset_turn()
        return True

    def _begin_drill(self, drill: Drill) -> None:
        """The game just made is a lesson's task or a puzzle: its solver at
        the bottom, the sides called White and Black (no "Computer": the page
        plays the replies, web/ui/training.py)."""
        self.drill = drill
        self.flipped = drill.solver == BLACK
        self.players = self.players.replace(white=t("white"), black=t("black"))

    # Keyboard -----------------------------------------------------------------

    def _move_cursor(self, dx: int, dy: int, turned: bool = False) -> None:
        """Arrow keys: move the cursor ``dx`` right, ``dy`` down on screen,
        where the board is drawn ``turned`` (ranks across) or not."""
        kind = self.kind
        geometry = BoardGeometry(kind.files, kind.rows, 1, self.flipped, turned)
        if self.cursor is None:
            start = self.selected or self._default_cursor()
            self.cursor = start
            return
        sq = kind.square(self.cursor)
        file, rank = geometry.step(kind.file_of(sq), kind.rank_of(sq), dx, dy)
        self.cursor = kind.square_name(kind.at(file, rank))

    def _default_cursor(self) -> str:
        kind = self.kind
        color = self.turn if self.turn is not None else WHITE
        rank = kind.zone_row(color, 1)
        return kind.square_name(kind.at(kind.files // 2 - 1, rank))

    def _enter(self) -> bool:
        if self.cursor is None:
            self._move_cursor(0, 0)
            return True
        return self._touch(self.cursor)

    # Helpers ------------------------------------------------------------------

    def _warn(self, key: str, **args: object) -> None:
        self.message = warning(key, **args)

    def _on_board(self, *fields: str) -> bool:
        """Whether each of ``fields`` is a field of this board; if not, the
        status line says the engine's why (the page only points at its own
        fields, but an intent is a value anyone can make)."""
        try:
            for field in fields:
                self.kind.square(field)
        except MilitakiriError as error:
            self._warn("engine_says", reason=str(error))
            return False
        return True

    # The computer's worker, and what the device remembers of it -----------------

    def _worker_answer(self, request: Request, value: object) -> bool:
        """The worker's answer to ``request``, used if the state is still
        the one it was made for. A wrong answer (never expected) raises
        MilitakiriError from the engine."""
        if not opponent.fits(self, request):
            return False
        if request.name == "setup":
            return self._computer_setup(str(value))
        if request.name == "move":
            return self._computer_move(str(value))
        if request.name == "hint":
            return self._show_hint(str(value))
        return False

    def _recall_computer(self, text: str | None) -> bool:
        """The computer plays again the side it played before a reload
        (opponent.recalled); returns whether it does."""
        side = opponent.recalled(self, text)
        if side is None:
            return False
        self.settings.computer, self.settings.level = side
        return True

    # Lessons and puzzles ----------------------------------------------------------

    def _judge_drill(self) -> DrillStep | None:
        """The drill judges its game after a move, or its set-up once the
        solver's is done; None while there is nothing to judge."""
        drill = self.drill
        if drill is None or drill.status != "solving":
            return None
        if drill.position is None:  # a set-up task
            setup = self.setup
            if setup is None or setup.color == drill.solver:
                return None
            return drill.setup_done(setup.drafts[drill.solver])
        game = self.game
        if game is None or not game.tokens:
            return None
        return drill.after_move(game.position, list(game.tokens))

    def _weigh_drill_move(self, score: int) -> DrillStep | None:
        """A mistake's drill weighs the player's move by ``score``."""
        drill = self.drill
        if drill is None or drill.status != "weighing":
            return None
        return drill.weigh(score)

    def _drill_hint(self) -> bool:
        """The solver asked for a hint: counted against the stars, and, in a
        drill from a position with the solver to move, the field of the
        solution's next move is marked on the board."""
        drill = self.drill
        if drill is None or drill.status != "solving":
            return False
        drill.hinted()
        game = self.game
        if game is not None and self.started and drill.position is not None \
                and len(game.tokens) < len(drill.solution) and game.position.turn == drill.solver \
                and tuple(game.tokens) == drill.solution[:len(game.tokens)]:  # (on the solution's way)
            ply = len(game.tokens)
            origin = Move.from_token(drill.solution[ply], self.kind).origin
            self.hint_field = (ply, self.kind.square_name(origin))
        return True

    def _give_up(self) -> bool:
        return self.drill is not None and self.drill.give_up()


#: What each intent does: the one place each kind of change happens.
_HANDLERS: dict[type[Intent], Callable[[UiState, Any], object]] = {
    intents.Touch: lambda state, i: state._touch(i.field),
    intents.MovePiece: lambda state, i: state._move_piece(i.origin, i.target),
    intents.Cancel: lambda state, i: state._cancel(),
    intents.PointerDown: lambda state, i: state._pointer_down(),
    intents.MoveCursor: lambda state, i: state._move_cursor(i.dx, i.dy, i.turned),
    intents.Enter: lambda state, i: state._enter(),
    intents.NewGame: lambda state, i: state._new_game(i.settings, i.random_side),
    intents.OpenGame: lambda state, i: state._open_game(i.game, i.flipped, i.message, i.computer, i.rated),
    intents.RandomSetup: lambda state, i: state._random_setup(),
    intents.ClearSetup: lambda state, i: state._clear_setup(),
    intents.SetupDone: lambda state, i: state._setup_done(),
    intents.RollDice: lambda state, i: state._roll(),
    intents.StartGame: lambda state, i: state._start_game(),
    intents.Resume: lambda state, i: state._resume(),
    intents.TakeBack: lambda state, i: state._take_back(),
    intents.Resign: lambda state, i: state._resign(i.color),
    intents.Flip: lambda state, i: state._flip(),
    intents.ShowPly: lambda state, i: state._show_ply(i.ply),
    intents.StepReplay: lambda state, i: state._step_replay(i.how),
    intents.Tick: lambda state, i: state._check_time(),
    intents.WorkerAnswer: lambda state, i: state._worker_answer(i.request, i.value),
    intents.ComputerSetup: lambda state, i: state._computer_setup(i.text),
    intents.ComputerMove: lambda state, i: state._computer_move(i.token),
    intents.ShowHint: lambda state, i: state._show_hint(i.token),
    intents.ComputerFailed: lambda state, i: state._computer_failed(i.problem),
    intents.RecallComputer: lambda state, i: state._recall_computer(i.text),
    intents.Say: lambda state, i: state._say(i.message),
    intents.Unsay: lambda state, i: state._unsay(i.key),
    intents.ShowReview: lambda state, i: state._show_review(i.review),
    intents.BeginDrill: lambda state, i: state._begin_drill(i.drill),
    intents.JudgeDrill: lambda state, i: state._judge_drill(),
    intents.EndVariation: lambda state, i: state._end_variation(),
    intents.ExploreVariation: lambda state, i: state._explore_variation(i.beside, i.index),
    intents.WeighDrillMove: lambda state, i: state._weigh_drill_move(i.score),
    intents.DrillHint: lambda state, i: state._drill_hint(),
    intents.GiveUp: lambda state, i: state._give_up(),
    intents.PlaySolution: lambda state, i: state._play_solution(i.token),
}
