"""Games that travel and last (browser glue): links in the address bar,
autosave, replay controls and keys, Resume, the notice line and the window
title. The Saved games dialog is web/ui/saved_games.py; embed mode's
messages to the parent window, web/ui/embed_port.py.

The decisions are in pure modules (tested with plain pytest): share.py
(links, clocks of a game read back), autosave.py (what is saved, and when;
the one place that knows the saves' keys), replay.py (which move is
shown), storage.py (localStorage that never throws).

Start-up (:meth:`Session.start`), in this order of preference:

- full page: a game link in the fragment (``#1!s...``) opens, unless it is
  the game already saved (then the save, with its paused clocks, wins);
  the fragment is then cleared from the address bar, so a reload shows the
  saved game as it went on;
- embed mode: this embed's own saved game, else the start link
  (``link=`` or the fragment);
- a URL that starts a game (``position=``, ``board=``: tests, tools,
  puzzles) starts it, unless the saved game is that very game (it started
  from the same position, with the same time control): then the save;
- else the saved game, else the New game dialog.

A bad link or save shows the problem dialog and loads nothing of it; the
saved game is only ever replaced by a game that loaded whole.
"""

from __future__ import annotations

import json

import js
from pyscript.ffi import create_proxy

from militakiri import BLACK, WHITE, InvalidLinkError, MilitakiriError, game_to_link
from militakiri.messages import rulings_cited
from militakiri.bounded import is_digits

from web.services.autosave import SAVE_KEY, Autosaver, Restored, SavedGameError, new_slot
from web.ui import guard
from web.ui.dom import by_id, interval, later, next_frame, on, set_attr, set_text, show, timeout
from web.services.share import (
    current_deadline,
    is_empty_fragment,
    labels,
    open_fragment,
    page_title,
    prepare,
    sentence,
    start_choice,
    time_left_text,
)
from web.i18n.texts import language, t
from web.model import jsontext
from web.model.earlier import board_note
from web.model.review import GameReview
from web.model.status import Message
from web.services.storage import SafeStorage, set_aside
from web.ui.share_dialogs import ShareDialogs, format_deadline
from web.model.intents import ExploreVariation, OpenGame, Resume, Say, ShowPly, ShowReview, StepReplay, Unsay

TICK_MS = 1000
#: While a live clock runs, the save is refreshed this often (ticks), so a
#: crash loses at most a few seconds of the mover's clock.
SAVE_EVERY_TICKS = 5
#: How long a toast stays over the board (ms): long enough to read twice.
TOAST_MS = 6000
REPLAY_KEYS = {"Home": "first", "End": "last", "PageUp": "prev", "PageDown": "next"}
ARROW_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next"}


def _local_storage():
    return guard.Storage("localStorage")  # refused where the browser denies storage


def _session_storage():
    return guard.Storage("sessionStorage")  # per tab, kept across reloads; may be refused too


#: sessionStorage: this tab's save (its slot), and the moves that could not
#: be saved: {"key": ..., "plies": n} (a full localStorage; sessionStorage
#: has a quota of its own).
TAB_SLOT_KEY = "militakiri.tab-slot"
UNSAVED_KEY = "militakiri.unsaved"


class Session:
    def __init__(self, app, query: str, options) -> None:
        self.app = app
        self.state = app.state
        self.options = options
        self.embed = options.embed
        self.storage = SafeStorage.from_getter(_local_storage)
        self.tab = SafeStorage.from_getter(_session_storage)
        if self.embed:  # each embedded board (its parameters) keeps its own game
            where = str(query) + str(js.window.location.hash or "")
            self.saver = Autosaver.for_embed(self.storage, where)
        else:  # each game its own save: two tabs keep two games
            slot = self.tab.get(TAB_SLOT_KEY) or new_slot()
            self.tab.set(TAB_SLOT_KEY, slot)
            self.saver = Autosaver(self.storage, SAVE_KEY, slot)
        self.dialogs = ShareDialogs(self)
        #: (id of the game, texts.py key) about a loaded game's clock (link_no_clock, ...).
        self.note: tuple | None = None
        self._ticks = 0
        self._said_unsaved = False  # an embed's game is not kept: said at its first move
        #: texts.py keys of stored data this page could not read (kept aside):
        #: said in the notice line for as long as the page is open.
        self.warnings: list[str] = []
        #: Called when the storage is full and only unfinished games are
        #: kept: the player chooses what to remove (web/ui/saved_games.py).
        self.ask_for_room = None
        #: Whether the last save found the storage full (said until a save goes through).
        self.full = False
        app.views.append(self._update_view)
        app.events.on(self._on_event)
        self._wire()

    # Wiring ---------------------------------------------------------------------------

    def _wire(self) -> None:
        for name, how in (("btn-first", "first"), ("btn-prev", "prev"), ("btn-next", "next"),
                          ("btn-last", "last")):
            on(by_id(name), "click", lambda e, how=how: self.step(how))
        on(by_id("btn-resume"), "click", lambda e: self.resume())
        on(by_id("btn-share"), "click", lambda e: self.dialogs.open_share())
        on(by_id("btn-record"), "click", lambda e: self.dialogs.open_record())
        on(by_id("result-share"), "click",
                 lambda e: (self.app.dialogs.result.close(), self.dialogs.open_share()))
        for name in ("btn-share", "btn-record"):
            by_id(name).disabled = False
        on(by_id("moves"), "click", self._move_clicked)
        on(js.document, "keydown", self._key)
        on(js.window, "hashchange", lambda e: self._hash_changed())
        on(js.document, "visibilitychange",
                 lambda e: self.save(force=True) if js.document.visibilityState == "hidden" else None)
        on(js.window, "pagehide", lambda e: self.save(force=True))
        self._tick_proxy = create_proxy(lambda *a: self._tick())
        interval(self._tick_proxy, TICK_MS)
        self._save_soon = False
        #: The game (UiState.game_id) told that its review was left out of its save.
        self._review_left_out = None
        self._saved_proxy = create_proxy(lambda *a: self._deferred_save())
        self._frame_proxy = create_proxy(lambda *a: timeout(self._saved_proxy, 0))

    # Start-up -------------------------------------------------------------------------

    def reopen_saved(self) -> bool:
        """Back to this tab's saved game, if it has one (after a lesson or a
        puzzle: nothing else of the address is read again); returns whether
        one was opened."""
        saved = self.saver.load(self.state.wall())
        self._remember_slot()
        if saved is not None:
            self._open_saved(saved)
        self.saver.prime(self.state)
        return saved is not None

    def _open_saved(self, saved: Restored) -> None:
        self.saver.adopt(saved)
        self._remember_slot()
        self._load_restored(saved)
        self._say_if_stale(saved)

    def start(self, has_game_params: bool, ask_new_game: bool = True) -> None:
        """Open what the address or the save holds; see the module doc.
        With nothing to open, the New game dialog, if ``ask_new_game``."""
        problems = []
        saved = self.saver.load(self.state.wall())
        self._remember_slot()
        for _key, reason in self.saver.broken[:1]:
            problems.append(("problem_saved_title", t("saved_bad", reason=sentence(reason)), True,
                             rulings_cited(reason)))
        source = self.options.link or str(js.window.location.hash or "")
        shared = None
        if not is_empty_fragment(source):
            try:
                shared = open_fragment(source)
            except InvalidLinkError as error:
                problems.insert(0, ("problem_link_title", t("link_bad", reason=sentence(error.say(language()))), False,
                                    rulings_cited(str(error))))
            if not self.embed:
                self._clear_hash()
        choice = start_choice(
            embed=self.embed, saved=saved is not None, link=shared is not None,
            link_is_saved=(saved is not None and shared is not None
                           and saved.link == game_to_link(shared.game, shared.deadline)),
            url_starts_game=has_game_params,
            url_game_is_saved=saved is not None and self._same_start(saved.game))
        if choice == "saved":
            self._open_saved(saved)
        elif choice == "link":  # an embed's start link is how the board begins: no message
            self._load_shared(shared, None if self.embed else "link_opened")
        loaded = choice is not None
        self.saver.prime(self.state)
        if choice == "link" and not self.embed:  # its fragment is gone: the save is where it lives now
            self.save(force=True)
        new_game = ask_new_game and not loaded and not has_game_params and not self.embed
        if problems:
            title = problems[0][0]
            text = " ".join(p[1] for p in problems)
            offer_new = any(p[2] for p in problems) and not new_game
            self.dialogs.problem(title, text, offer_new, then=self.app.dialogs.open_new if new_game else None,
                                 rulings=[ruling for p in problems for ruling in p[3]])
        elif new_game:
            self.app.dialogs.open_new()

    def _same_start(self, game) -> bool:
        """Whether the URL's ``position=`` game is ``game`` (a reload)."""
        settings = self.state.settings
        return (settings.position is not None and self.state.game is not None
                and game.start.string() == self.state.game.start.string()
                and game.time_control == self.state.game.time_control)

    def warn(self, key: str) -> None:
        """Say ``key`` (texts.py) in the notice line from now on: stored data
        the page could not read and has kept aside (web/ui/training.py)."""
        if key not in self.warnings:
            self.warnings.append(key)

    # Loading games --------------------------------------------------------------------

    def load_game(self, game, message_key: str | None, deadline: float | None = None,
                  computer: tuple[int, int] | None = None, clock_left=None) -> None:
        """A game read whole from a link or a record becomes the game; with
        ``computer`` (color, level) the computer goes on playing its side.
        The board turns to the player against the computer, else to
        whoever is to move."""
        try:
            prepared = prepare(game, wall_now=self.state.wall(), deadline=deadline, clock_left=clock_left)
        except MilitakiriError:  # times that do not fit the time control: untimed, as any link
            prepared = prepare(game, wall_now=self.state.wall(), deadline=deadline)
        if computer is not None:
            flipped = computer[0] == WHITE
        else:
            flipped = None if game.is_over() else game.position.turn == BLACK
        message = Message(message_key, {"n": len(game.tokens)}) if message_key and game.tokens else None
        self._load(game, flipped, prepared.note, message, computer=computer)
        if game.annotations:  # a record with a review in it (NOTATION.md's comments)
            self.state.apply(ShowReview(GameReview.from_annotations(game)))
            self.app.refresh()

    def _load_shared(self, shared, message_key: str | None = "link_opened") -> None:
        self.load_game(shared.game, message_key, shared.deadline, shared.computer, shared.clock_left)

    def _load_restored(self, restored) -> None:
        self._load(restored.game, restored.flipped, restored.note, None, result_seen=True,
                   computer=restored.computer, rated=restored.rated)
        if restored.review is not None:  # a finished review comes back with its game
            review = GameReview.from_saved(self.state.game, restored.review)
            if review is not None:
                self.state.apply(ShowReview(review))
                self.app.refresh()

    def _load(self, game, flipped, note, message, result_seen: bool = False, computer=None, rated=None) -> None:
        self.dialogs.close_all()
        self.state.apply(OpenGame(game, flipped=flipped, message=message, computer=computer, rated=rated))
        self.note = (self.state.game_id, note) if note else None
        if result_seen:  # a finished game restored: no result dialog on every reload
            self.app.result_seen()
        self.app.refresh()
        self.app.fit()  # after the refresh: the board kind and the notice are known

    def _hash_changed(self) -> None:
        fragment = str(js.window.location.hash or "")
        if is_empty_fragment(fragment):
            return
        try:
            shared = open_fragment(fragment)
        except InvalidLinkError as error:
            self.dialogs.problem("problem_link_title", t("link_bad", reason=sentence(error.say(language()))),
                                 rulings=rulings_cited(str(error)))
        else:
            self._load_shared(shared)
        if not self.embed:
            self._clear_hash()

    def _clear_hash(self) -> None:
        location = js.window.location
        guard.call(js.window.history, "replaceState", js.window.history.state, "",
                   str(location.pathname) + str(location.search))

    # What happens to the game ---------------------------------------------------------

    def _on_event(self, event) -> None:
        if event.name == "moved":  # the page has settled: web/boot/offline.js may fetch the rest now
            set_attr(js.document.documentElement, "data-moved", "1")
        if self.state.aside:
            return  # a lesson, a puzzle or a variation: the saved game stays the player's own
        # Saving writes the game link (tens of ms for a long game in Pyodide):
        # just after the next frame is painted, so a move shows at once.
        if not self._save_soon:
            self._save_soon = True
            next_frame(self._frame_proxy)
        if event.name == "moved":
            self._after_move()
            if self.embed and not self.storage.available and not self._said_unsaved:
                self._said_unsaved = True
                self._toast(t("autosave_off_embed"))

    def _toast(self, text: str) -> None:
        """``text`` over the foot of the board for a few seconds: said once,
        taking no room (an embed's notice line took 40 px of a 620 px frame
        for as long as it was open)."""
        toast = js.document.createElement("p")
        toast.className = "toast"
        toast.setAttribute("role", "status")
        set_text(toast, text)
        by_id("board-wrap").append(toast)
        later(TOAST_MS, toast.remove)

    def _deferred_save(self) -> None:
        self._save_soon = False
        self.save()

    def save(self, force: bool = False) -> None:
        if self.state.aside:
            return  # a lesson, a puzzle or a variation: the saved game stays the player's own
        listed = len(self.saver.others)
        try:
            done = self.saver.update(self.state, self.state.clock_now(), force=force, wall=self.state.wall())
        except Exception as error:  # autosave never breaks the game
            js.window.console.error(f"autosave: {error!r}")
            return
        self._remember_slot()
        if len(self.saver.others) != listed:  # a game left for this one: Saved games shows it
            self._update_notice()
        if done in ("failed", "full"):  # said now, in the move that could not be saved
            game = self.state.game
            self.tab.set(UNSAVED_KEY, json.dumps({"key": self.saver.key, "plies": len(game.tokens)}))
            self.state.apply(Say(Message("autosave_full" if done == "full" else "autosave_failed", {}, "warn")))
            self.app.refresh()
            was_full, self.full = self.full, done == "full"
            if self.full and not was_full and self.ask_for_room is not None:
                self.ask_for_room()  # once: the player chooses what to remove
        elif done in ("saved", "saved without review"):
            if self.full:  # room was made: the game is kept again
                self.full = False
                self.state.apply(Unsay("autosave_full"))
                self.app.refresh()
            self.tab.remove(UNSAVED_KEY)
            if self.saver.removed:  # finished games let go for room: said, with how many
                self.state.apply(Say(Message("saved_finished_removed", {"n": len(self.saver.removed)}, "warn")))
                self.app.refresh()
            if done == "saved without review" and self._review_left_out != self.state.game_id:
                self._review_left_out = self.state.game_id  # said once a game
                self.state.apply(Say(Message("autosave_no_review", {}, "warn")))
                self.app.refresh()

    def _remember_slot(self) -> None:
        """This tab's save is the one it plays now (after a reload too)."""
        if not self.embed:
            slot = self.saver.slot
            if self.tab.get(TAB_SLOT_KEY) != slot and slot:
                self.tab.set(TAB_SLOT_KEY, slot)

    def _say_if_stale(self, restored) -> None:
        """After a reload, the save is older than the game was: say so."""
        text = self.tab.get(UNSAVED_KEY) or "null"
        try:
            unsaved = jsontext.loads(text, max_chars=1000)  # the page writes a key and a number
            stale = (isinstance(unsaved, dict) and unsaved.get("key") == restored.key
                     and isinstance(unsaved.get("plies"), int) and unsaved["plies"] > len(restored.game.tokens))
        except ValueError as error:
            # The tab's own note, nothing of the player's: kept aside, not said.
            js.window.console.warn(f"militakiri: the tab's note of an unsaved move is unreadable ({error}); kept aside")
            set_aside(self.tab, UNSAVED_KEY)
            stale = False
        if stale:
            self.state.apply(Say(Message("autosave_stale", {"n": len(restored.game.tokens)}, "warn")))

    # Saved games (the dialog: web/ui/saved_games.py) ---------------------------------------

    def open_other(self, entry) -> None:
        """Save this game, then open ``entry``, another saved game, in this
        tab; one that does not read says why and changes nothing."""
        self.save(force=True)
        try:
            restored = self.saver.open_other(entry, self.state.wall())
        except SavedGameError as error:
            self.dialogs.problem("problem_saved_title", t("saved_bad", reason=sentence(str(error))),
                                 rulings=rulings_cited(str(error)))
            return
        self._remember_slot()
        self._load_restored(restored)
        self.saver.prime(self.state)
        self.app.refresh()

    def removed(self) -> None:
        """The player removed a saved game (Saved games): the notice counts
        the others, and a save the full storage refused is tried again."""
        self._update_notice()
        if self.full:
            self.save(force=True)

    def _after_move(self) -> None:
        """Correspondence: each move makes a link to send (R22)."""
        game = self.state.game
        if self.embed or game.time_control.mode != "correspondence":
            return
        if not self.app.dialogs.any_open():
            self.dialogs.open_share()

    def _update_view(self) -> None:
        state = self.state
        game = state.started_game
        total = len(game.tokens) if game is not None else 0
        shown = state.replay.shown(game) if game is not None else 0
        by_id("btn-first").disabled = by_id("btn-prev").disabled = shown == 0
        by_id("btn-next").disabled = by_id("btn-last").disabled = shown >= total
        show(by_id("btn-resume"), state.paused)
        by_id("btn-share").disabled = game is None
        board = self.app.board
        set_attr(board, "data-ply", str(shown))
        set_attr(board, "data-plies", str(total))
        set_attr(board, "data-ranks", str(state.kind.rows))  # 8: a game on the earlier board (web/model/earlier.py)
        title = page_title(game, t("title"))
        if str(js.document.title) != title:
            js.document.title = title
        self._update_notice()

    def _update_notice(self) -> None:
        state = self.state
        game = state.started_game
        parts = []
        if game is not None:
            deadline = current_deadline(game)
            if deadline is not None and not state.at_move_limit():  # (no move to make: no deadline)
                player = labels(game)[game.position.turn]
                left = time_left_text(deadline - state.wall())
                parts.append(t("corr_due", player=player, deadline=format_deadline(deadline), left=left))
            if self.note is not None and self.note[0] == state.game_id and not game.is_over():
                parts.append(t(self.note[1]))
            earlier = board_note(game.kind)  # a game from before the official board, on its own board
            if earlier is not None:
                parts.append(earlier)
        parts += [t(key) for key in self.warnings]
        if not self.storage.available and not self.embed:  # (an embed says it once: _toast)
            parts.append(t("autosave_off"))
        others = len(self.saver.others)
        if others:
            parts.append(t("saved_others", n=others))
        show(by_id("btn-saved"), bool(others))
        node = by_id("notice")
        was = (bool(node.hidden), str(node.textContent))
        set_text(node, " ".join(parts))
        show(node, bool(parts))
        if was != (bool(node.hidden), str(node.textContent)):
            self.app.fit()  # the notice takes room below the board (cheap at the same size)

    def _tick(self) -> None:
        self._ticks += 1
        game = self.state.started_game
        if game is None or game.clock is None:
            return
        if current_deadline(game) is not None:
            self._update_notice()
        running = game.clock.running is not None and not game.is_over()
        if running and self._ticks % SAVE_EVERY_TICKS == 0:
            self.save(force=True)

    # Replay and Resume --------------------------------------------------------------------

    def step(self, how: str) -> None:
        if self.state.apply(StepReplay(how)):
            self.app.refresh()

    def resume(self) -> None:
        if self.state.apply(Resume()):
            self.app.refresh()
            self.app.board.focus()

    def _move_clicked(self, event) -> None:
        line = event.target.closest("[data-beside]") if hasattr(event.target, "closest") else None
        if line:  # a variation's row: go on with it on the board
            beside, index = str(line.getAttribute("data-beside")), str(line.getAttribute("data-line"))
            if is_digits(beside) and is_digits(index) and self.state.apply(
                    ExploreVariation(int(beside), int(index))):
                self.app.refresh()
            return
        target = event.target.closest("[data-ply]") if hasattr(event.target, "closest") else None
        if not target:  # None or JS null
            return
        try:
            ply = int(str(target.getAttribute("data-ply")))
        except ValueError:
            return
        if self.state.apply(ShowPly(ply)):
            self.app.refresh()

    def _key(self, event) -> None:
        """Home/End/PageUp/PageDown step through the game everywhere; Left and
        Right too, except on the board, where the arrows move its cursor."""
        if event.defaultPrevented or event.altKey or event.ctrlKey or event.metaKey:
            return
        if self.app.dialogs.any_open():
            return
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").upper()
        if tag in ("INPUT", "TEXTAREA", "SELECT") or getattr(target, "isContentEditable", False):
            return
        how = REPLAY_KEYS.get(event.key)
        if how is None and tag != "CANVAS":
            how = ARROW_KEYS.get(event.key)
        if how is None or self.state.started_game is None:
            return
        event.preventDefault()
        self.step(how)
