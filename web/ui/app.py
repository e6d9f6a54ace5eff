"""The page's controller: owns the UiState and brings every view up to date.

After any input, ``refresh()`` writes the test hooks on the board element
(``data-position``, ``data-status``), the status line, the buttons, the
panels and the clocks, and asks the renderer for one frame; all of that
only reads the state. Then it reads what happened to the game
(web/model/events.py) and hands those events to their subscribers
(``App.events``: autosave and the embed's messages in web/ui/session.py,
the computer in web/ui/computer.py), which may change the state and
refresh again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from militakiri import MilitakiriError
from militakiri.randomness import Random
import js
from pyscript.ffi import create_proxy

from web.model import board_view
from web.i18n.texts import language, t
from web.model.events import EventBus, GameEvents
from web.model.layout import BESIDE, LANDSCAPE_QUERY, NARROW, STACKED, Layout, choose_layout
from web.model.settings import GameSettings
from web.model.status import GAME_OVER, Message, describe
from web.model.core import OVER, PLAYING, SETUP
from web.model.formatting import move_label
from web.model.modes import play
from web.model.modes.rated import rated_note
from web.model.ui_state import UiState
from web.services.profiles import ProfileStore
from web.services.storage import SafeStorage
from web.ui import guard
from web.ui.clock_view import ClockView
from web.ui.dialogs import Dialogs
from web.ui.dom import add_rulings, apply_texts, by_id, on, set_attr, set_text, show
from web.ui.draw import Renderer
from web.ui.inputs import BoardInput
from web.ui.panels import EndgameBox, MoveList, PlayerBars, ScrollEdges, fill_help
from web.ui.zoom import TapZoom
from web.model.intents import Cancel, ClearSetup, EndVariation, Flip, NewGame, RandomSetup, Say, SetupDone, TakeBack

if TYPE_CHECKING:
    from typing import Callable


#: Layout constants in CSS pixels (see style.css; the narrow width is
#: layout.NARROW): the side panel's width, the room kept for the status line
#: and the buttons, the least width of the board column (so the player bars
#: have room). style.css repeats them to size the board before Python runs.
#: Stacked, the page keeps 16 px at the sides on a phone and in an embed, else 28.
SIDE_PANEL = 300
STATUS_AND_BUTTONS = 120
EMBED_STATUS_AND_BUTTONS = 84
PLAY_MIN = 440
#: A phone held sideways: smaller margins beside the board, the side panel
#: (the move list, the legend) under the column beside it (style.css).
#: The width of the column beside the board (layout.BESIDE) at its ease:
#: the side panel's (the player bars show a name and the towers beside the
#: clock); and at its least, taken where that leaves fields too small to tap.
BESIDE_SIDE = SIDE_PANEL
BESIDE_LEAST = 230
#: The page's margins and the gap beside the board in that arrangement
#: (style.css's #app: 14 px padding and an 18 px gap; sideways 8 px and 10 px),
#: and above and below it (10 px; sideways 4 px).
BESIDE_GAPS = 46
LANDSCAPE_GAPS = 26
BESIDE_MARGINS = 20
LANDSCAPE_MARGINS = 8
#: Room kept under the last button (CSS px): none, as style.css's first frame keeps none.
BOTTOM_MARGIN = 0
#: The status line's margins (style.css).
STATUS_MARGINS = 10
#: Room to spare under the buttons before the board grows back (CSS px).
SLACK = 16
#: Room kept under a lesson's or a puzzle's box that fills the window's foot
#: (CSS px): its margin in style.css.
TASK_BOX_FOOT = 6
#: A phone upright where that box leaves the board fields too small to tap:
#: the board may take the top bar's room (Layout.past_top_bar). The page
#: then shows both player bars on one row each (28 px) and sizes the board
#: around a box of 8.5rem (style.css's html[data-past-top-bar]); the box
#: still takes all the room the board leaves at the window's foot.
PAST_TOP_BAR_BARS = 2 * 28 + 16
PAST_TOP_BAR_BOX = 136


# The clocks' numbers cross from JavaScript as text: MicroPython 1.28 takes a
# whole JavaScript number of 2**32 or more modulo 2**32 (measured:
# 1795338002546 arrives as 41672818), which Date.now()'s milliseconds are, and
# performance.now()'s too under a browser's set clock; a float's text reads
# back exactly.
_SECONDS = js.Function.new("clock", "return String((clock === 0 ? performance.now() : Date.now()) / 1000);")


def now() -> float:
    """Seconds on the page's steady clock (performance.now)."""
    return float(_SECONDS(0))


def _pixels(length) -> int:
    """A computed length, "168px", in whole CSS pixels (0 if it is none: "auto")."""
    text = str(length)
    return int(float(text[:-2])) if text.endswith("px") else 0


def wall_now() -> float:
    """Seconds since 1970: correspondence deadlines are dates (R22)."""
    return float(_SECONDS(1))


class App:
    def __init__(self, settings: GameSettings) -> None:
        #: Room below the board beyond style.css's (App._keep_controls_in_view).
        self._extra = 0
        #: How the page sets out the board now (App.fit).
        self.layout = Layout(STACKED, False, 0)
        rng = Random(settings.seed)  # None: seeded from the system
        #: The device's profiles (ratings, points: web/ui/rankings.py); the
        #: state asks a rated game's players' points of them (R27).
        self.profiles = ProfileStore(SafeStorage.from_getter(lambda: guard.Storage("localStorage")))
        points = self.profiles.points
        #: What the status line says of a rated game (web/ui/rankings.py tells whether this is an embed).
        self.rated_note: Callable[[], str | None] = lambda: rated_note(self.state, self.profiles.keeps, False)
        try:
            self.state = UiState(settings, now=now, rng=rng, wall=wall_now, points=points)
        except MilitakiriError as error:  # a bad position string in the link
            settings.position = None
            self.state = UiState(settings, now=now, rng=rng, wall=wall_now, points=points)
            self.state.apply(Say(Message("err_position", {"reason": error.text}, "warn")))
        if settings.ignored and self.state.message is None:
            self.state.apply(Say(Message(
                "query_ignored", {"names": ", ".join(f"?{name}=" for name in settings.ignored)}, "warn")))
        if language() != "en":
            apply_texts()  # the build wrote the page in English (tools/prerender.py)
        self.board = by_id("board")
        self.board.setAttribute("aria-roledescription", t("board_role"))
        self.status = by_id("status")
        self.renderer = Renderer(self.board, self.state)
        self.bars = PlayerBars(self.state)
        self.moves = MoveList(self.state)
        self.endgame = EndgameBox(self.state)
        #: The boxes that scroll in the page's own layout: the column beside
        #: the board, a lesson's words under it on a phone (style.css).
        self.scroll_edges = [ScrollEdges(js.document.querySelector("aside.side")),
                             ScrollEdges(js.document.querySelector("#training .tr-words"))]
        self.dialogs = Dialogs(self)
        self.clocks = ClockView(self.state, self.bars, self.refresh)
        self.input = BoardInput(self.board, self.state, self.renderer, self.after_input)
        self.zoom = TapZoom(self)  # small fields on a touch screen: a tap zooms first
        fill_help()
        self._result_shown_for = None
        #: Parts of the page other modules draw from the state (replay buttons,
        #: the computer's indicators), called by every refresh; they only read.
        self.views: list = []
        #: Parts of the page other modules say in words of their own (the
        #: sound button, the last move's words), said again at a language switch.
        self.relabelled: list = []
        #: What happened to the game, for whoever follows it (``events.on``).
        self.events = EventBus()
        #: Called before a new game replaces the one on the board.
        self.before_new_game: list = []
        self._game_events = GameEvents()
        self._wire_buttons()
        self._expose_hook()
        self.fit()

    # Wiring -------------------------------------------------------------------

    def _wire_buttons(self) -> None:
        state = self.state
        actions = {
            "btn-new": lambda: self.dialogs.open_new(),
            "btn-again": lambda: self.dialogs.open_new(),
            "btn-rematch": lambda: self.dialogs.rematch(),
            "btn-practice": lambda: self.dialogs.open_new(practice=state.practice_position()),
            "btn-mainline": lambda: (state.apply(EndVariation()), self.refresh()),
            "btn-flip": lambda: (state.apply(Flip()), self.refresh()),
            "btn-help": lambda: self.dialogs.open_help(),
            "btn-random": lambda: (state.apply(RandomSetup()), self.refresh()),
            "btn-clear": lambda: (state.apply(ClearSetup()), self.refresh()),
            "btn-done": lambda: (state.apply(SetupDone()), self.refresh()),
            "btn-back": lambda: (state.apply(TakeBack()), self.refresh()),
            "btn-resign": lambda: self.dialogs.open_resign(),
        }
        for name, action in actions.items():
            node = by_id(name)
            node.disabled = False
            on(node, "click", lambda e, action=action: action())
        on(js.window, "resize", lambda e: self.fit())
        # Escape anywhere (no dialog open) drops a selection too.
        on(js.document, "keydown", self._global_key)

    def _global_key(self, event) -> None:
        if event.key == "Escape" and not self.dialogs.any_open() and event.target != self.board:
            if self.state.apply(Cancel()):
                self.refresh()

    def _expose_hook(self) -> None:
        """window.militakiri: read-only helpers for tests and tools."""
        hook = js.Object.new()
        # The centre crosses as text, made a plain object in JavaScript: a
        # JavaScript object a Python function returns can be collected by
        # MicroPython's garbage collector before JavaScript reads it (1.28).
        plain = js.Function.new("centre", """return (name) => {
            const [x, y] = String(centre(name)).split(",").map(Number); return {x, y}; };""")
        hook.squareCenter = plain(create_proxy(self._square_center))
        hook.version = "1"
        js.window.militakiri = hook

    def _square_center(self, name):
        kind = self.state.kind
        sq = kind.square(str(name))
        x, y = self.renderer.geometry().center(kind.file_of(sq), kind.rank_of(sq))
        return f"{x},{y}"

    # Life cycle ---------------------------------------------------------------

    def result_seen(self) -> None:
        """The result of the game shown has been seen (a finished game
        restored): no result dialog for it on every reload. An unfinished
        game has no result yet: its end (a resignation before any new
        move too) opens the dialog, with its rating line."""
        game = self.state.game
        if game is not None and game.is_over():
            self._result_shown_for = (self.state.game_id, len(game.tokens))

    def new_game(self, settings: GameSettings, random_side: bool = False) -> None:
        """Start a game from settings (raises MilitakiriError for a bad
        position); ``random_side``: the computer's side is drawn."""
        for leaving in self.before_new_game:  # an unfinished rated game counted (web/ui/rankings.py)
            leaving()
        self.state.apply(NewGame(settings, random_side))
        self._result_shown_for = None
        self.fit()
        self.refresh()
        # Both players' bars in view (a phone was left scrolled down where
        # the last game ended).
        self.scroll_to_top()

    def scroll_to_top(self) -> None:
        """The page from its top; where the board took the top bar's room
        (Layout.past_top_bar), from the board's column: the top bar out of view."""
        js.window.scrollTo(0, self._view_top())

    def _view_top(self) -> int:
        """Where the page's view starts, scrolled as it scrolls itself
        (scroll_to_top), in the page's own coordinates."""
        if not self.layout.past_top_bar:
            return 0
        return int(by_id("play").getBoundingClientRect().top + js.window.scrollY)

    def fit(self) -> None:
        """Size the board to the window (never to its own column, which would
        feed back). The room each arrangement leaves the board is measured
        here; web/model/layout.py's choose_layout takes the one, and the way
        round, with the largest fields. Stacked, the page's margins and the
        rows around the board are taken off, with fixed room for the status
        line and the buttons (the side panel goes under them); beside, the
        column's width and the margins."""
        kind = self.state.kind
        width, height = js.window.innerWidth, js.window.innerHeight
        root = js.document.documentElement
        embed = root.classList.contains("embed")  # ?embed=1: no side panel, a compact bar
        top = js.document.querySelector(".topbar").offsetHeight  # (none in an embed)
        stacked_w = width - (16 if width <= NARROW or embed else 28)
        bars = by_id("bar-white").offsetHeight + by_id("bar-black").offsetHeight + 16
        notice = by_id("notice")  # correspondence deadline, autosave off (web/ui/session.py)
        extra = 0 if notice.hidden else notice.offsetHeight + 6
        past_top_bar = None
        if self.task_box_under():  # a lesson or a puzzle, under the board on a phone (web/ui/training.py)
            past_top_bar = (stacked_w, height - PAST_TOP_BAR_BARS - self._reserve() - extra
                            - PAST_TOP_BAR_BOX - TASK_BOX_FOOT - 16)
            extra += self.task_box_least() + TASK_BOX_FOOT
        stacked_h = max(height - top - bars - self._reserve() - extra - 16, 200)
        sideways = js.window.matchMedia(LANDSCAPE_QUERY).matches  # a phone held sideways: smaller margins
        gaps, margins = (LANDSCAPE_GAPS, LANDSCAPE_MARGINS) if sideways else (BESIDE_GAPS, BESIDE_MARGINS)
        beside_h = height - top - margins
        was_past = self.layout.past_top_bar
        self.layout = choice = choose_layout(kind.files, kind.rows, (stacked_w, stacked_h),
                                             (width - BESIDE_SIDE - gaps, beside_h),
                                             (width - BESIDE_LEAST - gaps, beside_h), past_top_bar)
        set_attr(root, "data-layout", choice.arrangement)
        set_attr(root, "data-past-top-bar", "1" if choice.past_top_bar else None)
        self.renderer.turned = choice.turned
        self.renderer.resize(choice.square)
        if choice.arrangement == STACKED:
            board_w = choice.square * (kind.rows if choice.turned else kind.files)
            by_id("play").style.width = f"{max(board_w, min(stacked_w, PLAY_MIN))}px"
        else:  # the page's grid places the board and its column (style.css)
            by_id("play").style.width = ""
        self._fill_task_box()
        self._mark_scroll_edges()
        self.renderer.request()
        if choice.past_top_bar != was_past:  # the top bar out of view, or back
            self.scroll_to_top()

    def task_box_under(self) -> bool:
        """Whether a lesson's or a puzzle's box is shown under the board (a
        phone; web/ui/training.py places it)."""
        box = by_id("training")
        return not box.hidden and box.parentElement == by_id("play")

    def task_box_least(self) -> int:
        """The height the board is sized around for that box (style.css's
        --task-box, its least height): one height whatever the task says, so
        the board keeps its size from task to task."""
        return _pixels(js.window.getComputedStyle(by_id("training")).minHeight)  # "auto" beside the board

    def _task_box_needs(self) -> int:
        """The box's least height, or what its title, its task, its buttons
        and the least room for its words (style.css) take, if more (a phone
        held sideways has a narrow column)."""
        box = by_id("training")
        words = box.querySelector(".tr-words")
        frame = int(box.offsetHeight) - int(box.clientHeight)  # its border
        # (scrollHeight: all it holds, also where it is too small for it)
        own = int(box.scrollHeight) - int(words.offsetHeight) + _pixels(js.window.getComputedStyle(words).minHeight)
        return max(self.task_box_least(), own + frame)

    def _task_box_grown(self) -> int:
        """How much room beyond what it needs the box under the board took."""
        return max(0, int(by_id("training").offsetHeight) - self._task_box_needs()) if self.task_box_under() else 0

    def _fill_task_box(self) -> None:
        """The box under the board takes the room left at the window's foot,
        below what the player needs in view (the buttons, a player bar):
        the room a lesson's words need, which the board was not sized
        around; and gives it back first when a longer message needs it."""
        box = by_id("training")
        if not self.task_box_under():
            if box.style.height:
                box.style.height = ""
            return
        below = [box, by_id("bar-white")]
        controls = by_id("controls")
        if controls.querySelector(":scope > :not([hidden])"):  # (JS null is falsy)
            below.append(controls)  # (empty, it takes no room under the box: style.css)
        scrolled = js.window.scrollY
        bottom = max(node.getBoundingClientRect().bottom + scrolled for node in below)
        height = int(box.getBoundingClientRect().height)
        foot = js.window.innerHeight + self._view_top()
        wanted = max(self._task_box_needs(), int(height + foot - TASK_BOX_FOOT - bottom))
        if wanted != height:
            box.style.height = f"{wanted}px"

    def _mark_scroll_edges(self) -> None:
        for edges in self.scroll_edges:
            edges.update()

    def _reserve(self) -> int:
        """The room below the board: the room the page keeps before Python
        runs (style.css), so that a first frame that fits never moves, and
        what the buttons needed beyond it (_overflow)."""
        embed = js.document.documentElement.classList.contains("embed")
        return (EMBED_STATUS_AND_BUTTONS if embed else STATUS_AND_BUTTONS) + self._extra

    def _overflow(self) -> int:
        """How far the last button reaches below the window (negative: room left)."""
        bottom = by_id("controls").getBoundingClientRect().bottom + js.window.scrollY
        return int(bottom + BOTTOM_MARGIN - js.window.innerHeight - self._view_top())

    def _keep_controls_in_view(self) -> None:
        """A second row of buttons or a longer message pushed a needed control
        below the fold: the board gives up that much (and takes it back when
        there is room again, with some to spare, so it never see-saws)."""
        self._fill_task_box()  # (before the buttons are measured: it gives back room first)
        if self.layout.arrangement == BESIDE:  # the board takes the window's height beside them
            return
        overflow = self._overflow() - self._task_box_grown()  # as if the box had only the room it was given
        if overflow > 0:
            # All the status line and the buttons take beyond style.css's room
            # (the board may not have been the one short of height).
            embed = js.document.documentElement.classList.contains("embed")
            least = EMBED_STATUS_AND_BUTTONS if embed else STATUS_AND_BUTTONS
            content = by_id("status").offsetHeight + by_id("controls").offsetHeight + STATUS_MARGINS
            self._extra = max(self._extra + overflow, int(content) - least)
        elif self._extra and overflow < -SLACK:
            self._extra = max(0, self._extra + overflow + SLACK // 2)
        else:
            return
        self.fit()

    def after_input(self, changed) -> None:
        self.refresh()

    def after_dialog(self) -> None:
        self.refresh()

    def relabel(self) -> None:
        """Show every text again, in the language just chosen (web/ui/language.py)."""
        apply_texts()
        self.board.setAttribute("aria-roledescription", t("board_role"))
        fill_help()
        self.dialogs.relabel()
        self.bars.invalidate()  # their texts were in the old language
        self.endgame.invalidate()
        for again in self.relabelled:
            again()
        self.refresh()

    # Refresh ------------------------------------------------------------------

    def refresh(self) -> None:
        state = self.state
        phase = state.phase
        set_attr(self.board, "data-position", state.position_string())
        set_attr(self.board, "data-status", phase)
        set_attr(self.board, "data-turn", "" if state.turn is None else ("white", "black")[state.turn])
        message = state.status()
        text = message.text()
        note = self.rated_note()  # said all game long (a trial found no sign of it)
        if note is not None:
            text = f"{text} {t(note)}"
        set_text(self.status, text)
        add_rulings(self.status, message.rulings())  # a refusal's details
        self.status.classList.toggle("warn", message.level == "warn")
        self.status.classList.toggle("over", message.key == GAME_OVER)  # (not a drill failed at the end)
        self._aria(text)

        in_setup = state.player_sets_up()
        show(by_id("btn-random"), in_setup)
        show(by_id("btn-clear"), in_setup)
        show(by_id("btn-done"), in_setup)
        if in_setup:
            by_id("btn-done").disabled = not state.setup.draft.is_complete()
        playing = phase == PLAYING
        game_of_own = state.drill is None  # a lesson or a puzzle has its own buttons (web/ui/training.py)
        show(by_id("btn-back"), (playing or phase == OVER) and game_of_own)
        by_id("btn-back").disabled = not play.can_take_back(state)
        show(by_id("btn-resign"), playing and game_of_own)
        # (The embedding page that plays a side starts the next game.)
        show(by_id("btn-again"), phase == OVER and game_of_own and state.remote is None)
        show(by_id("btn-rematch"), phase == OVER and game_of_own and state.remote is None)
        show(by_id("btn-practice"), state.practice_position() is not None and state.exploring is None)
        exploring = state.exploring
        show(by_id("btn-mainline"), exploring is not None)
        note = by_id("variation-note")
        show(note, exploring is not None)
        if exploring is not None:
            # One level up (the main line, or the variation it is nested in),
            # and what the move list shows now.
            back = "mainline" if exploring.outer is None else "variation_back"
            set_attr(by_id("btn-mainline"), "data-text", back)
            set_text(by_id("btn-mainline"), t(back))
            replaced = f"{move_label(exploring.game, exploring.ply + 1)} {exploring.game.tokens[exploring.ply]}"
            set_text(note, t("variation_note", move=replaced))
        show(by_id("replay"), state.started_game is not None  # no moves in a set-up
             and state.drill is None)

        self.bars.update()
        self.moves.update()
        self.endgame.update()
        self.clocks.update()
        self.renderer.request()

        if phase == SETUP and state.setup_color is None and not state.started \
                and state.drill is None and state.remote is None and not self.dialogs.any_open():
            self.dialogs.open_dice()
        game = state.game
        if phase == OVER and not state.aside \
                and self._result_shown_for != (state.game_id, len(game.tokens)):
            self._result_shown_for = (state.game_id, len(game.tokens))
            if not self.dialogs.any_open():
                self.dialogs.open_result()
        for view in self.views:
            view()
        self.events.emit(self._game_events.update(state))
        # Last, once every change is made: they read the layout.
        self._keep_controls_in_view()
        self._mark_scroll_edges()

    def _aria(self, status: str) -> None:
        state = self.state
        cursor = state.cursor
        if cursor is None:
            where = t("cursor_none")
        else:
            piece = board_view.pieces(state).get(state.kind.square(cursor))
            if piece is None:
                where = t("cursor_empty", square=cursor)
            else:
                where = t("cursor_on", square=cursor, what=describe(piece))
        set_attr(self.board, "aria-label", t("board_label") + ". " + t("board_aria", status=status, cursor=where))
