"""Dialogs: new game, dice (R6), resign (R23), result, help."""

from __future__ import annotations

import js

from militakiri import MilitakiriError

from web.model.earlier import rematch
from web.model.formatting import result_texts, time_control_text
from web.model.shapes import markup_text
from web.ui.dom import by_id, clear, el, on, set_attr, set_text, show
from web.ui.panels import fill_help
from web.model.clocks import SettingsError, choice_control, chosen, custom_time_control, time_menu_markup
from web.model.settings import COLOR_WORDS, LEVELS, SIDES, GameSettings, clean_name
from web.i18n.texts import t
from web.model.intents import Resign, RollDice, StartGame

# Which pips of a 3x3 grid are on, per die face.
PIPS = {1: {4}, 2: {0, 8}, 3: {0, 4, 8}, 4: {0, 2, 6, 8}, 5: {0, 2, 4, 6, 8}, 6: {0, 2, 3, 5, 6, 8}}




def die_markup(value: int, color: int) -> str:
    """A die showing ``value``: nine cells, the pips lit. Markup, written in
    one step (a die of elements made one by one was some 30 calls into the
    browser, a phone's tap's worth)."""
    cells = "".join('<i class="on"></i>' if i in PIPS[value] else "<i></i>" for i in range(9))
    return (f'<span class="{"die black" if color else "die"}" role="img" '
            f'aria-label="{markup_text(t("die_label", n=value))}">{cells}</span>')


class Dialogs:
    def __init__(self, app) -> None:
        self.app = app
        self.new = by_id("dlg-new")
        self.dice = by_id("dlg-dice")
        self.resign = by_id("dlg-resign")
        self.result = by_id("dlg-result")
        self.help = by_id("dlg-help")
        #: Called as New game opens, to fill in what others keep.
        self.on_open_new: list = []
        self._wire()

    # New game -----------------------------------------------------------------

    def relabel(self) -> None:
        """After a language switch: the choices' texts are keyed (the build
        wrote them, tools/prerender.py) and relabelled with the page's; the
        time menu is written again in the page's language."""
        self._time_menu()
        for filled in self.on_open_new:  # (the levels' labels carry their ratings)
            filled()

    def _wire(self) -> None:
        on(by_id("form-new"), "submit", self._submit_new)
        on(by_id("ng-cancel"), "click", lambda e: self.new.close())
        on(by_id("ng-time"), "change", lambda e: self._custom_changed())
        for name in ("ng-single", "ng-double"):  # each board its own clocks (R21)
            on(by_id(name), "change", lambda e: self._time_menu())
        for name in ("ng-human", "ng-computer", "ng-side"):
            on(by_id(name), "change", lambda e: self._opponent_changed())
        for name in ("ng-min", "ng-sec", "ng-extra", "ng-bonus"):
            on(by_id(name), "input", lambda e: self._custom_changed())
        on(by_id("dice-roll"), "click", lambda e: self._roll())
        on(by_id("dice-start"), "click", lambda e: self._start())
        # The dice must be rolled: Escape does not close that dialog.
        on(self.dice, "cancel", lambda e: e.preventDefault())
        on(by_id("resign-white"), "click", lambda e: self._resign(0))
        on(by_id("resign-black"), "click", lambda e: self._resign(1))
        on(by_id("resign-cancel"), "click", lambda e: self.resign.close())
        on(by_id("result-close"), "click", lambda e: self.result.close())
        on(by_id("result-new"), "click", lambda e: (self.result.close(), self.open_new()))
        on(by_id("result-rematch"), "click", lambda e: (self.result.close(), self.rematch()))
        on(by_id("help-close"), "click", lambda e: self.help.close())
        for dialog in (self.new, self.resign, self.result, self.help, self.dice):
            on(dialog, "close", lambda e: self.app.after_dialog())

    def open_new(self, settings: GameSettings | None = None, practice: str | None = None) -> None:
        """New game, with ``settings`` chosen (else the last game's); with
        ``practice``, a position to play on from (Practice from here): the
        same dialog, titled so, the position filled in and shown."""
        title = by_id("ng-title")
        set_attr(title, "data-text", "ng_practice_title" if practice else "ng_title")
        set_text(title, t("ng_practice_title" if practice else "ng_title"))
        if self.new.open:  # the player is choosing: keep it
            self._opponent_changed()
            self._custom_changed()
            return
        settings = settings or self.app.state.offered_settings()  # (not a puzzle's own)
        by_id("ng-double" if settings.board == "double" else "ng-single").checked = True
        choice = chosen(settings.board, settings.time_control)
        by_id("ng-time").value = choice
        if choice == "custom":
            control = settings.control()
            each = int(control.seconds)
            by_id("ng-min").value = str(each // 60)
            by_id("ng-sec").value = str(each % 60)
            by_id("ng-extra").value = {"bronstein": "bronstein"}.get(
                control.mode, "fischer" if control.bonus else "none")
            by_id("ng-bonus").value = f"{control.bonus:g}"
        by_id("ng-white").value = settings.white
        by_id("ng-black").value = settings.black
        by_id("ng-touch").checked = settings.touch_move
        by_id("ng-rated").checked = settings.rated and not practice
        by_id("ng-moves").checked = settings.show_moves
        by_id("ng-turn").checked = settings.turn_board
        by_id("ng-computer" if settings.computer is not None else "ng-human").checked = True
        by_id("ng-level").value = str(settings.level)
        if settings.computer is not None:
            by_id("ng-side").value = SIDES[1 - settings.computer]
        self._opponent_changed()
        by_id("ng-position").value = practice or ""
        by_id("ng-more").open = practice is not None
        if practice is not None:  # the board the position stands on
            board = "ng-double" if self.app.state.kind.name == "double" else "ng-single"
            by_id(board).checked = True
        set_text(by_id("ng-error"), "")
        self._time_menu()
        for filled in self.on_open_new:  # the profiles and the levels' ratings (web/ui/rankings.py)
            filled()
        if not self.new.open:
            self.new.showModal()

    def _board(self) -> str:
        return "double" if by_id("ng-double").checked else "single"

    def _time_menu(self) -> None:
        """The time menu for the board chosen, in the page's language. A
        choice keeps its name on the other board (Standard stays Standard:
        60 minutes each on the single board, 120 on the double, R21)."""
        menu = by_id("ng-time")
        menu.innerHTML = time_menu_markup(self._board(), str(menu.value or "none"))  # the page's own words
        self._custom_changed()

    def _custom_changed(self) -> None:
        custom = by_id("ng-time").value == "custom"
        show(by_id("ng-custom"), custom)
        show(by_id("ng-bonus").parentElement, by_id("ng-extra").value != "none")
        note = ""
        if custom:
            try:
                note = time_control_text(self._custom())
            except SettingsError as error:
                note = t(error.key, **error.params)
        set_text(by_id("ng-each"), note)

    def _opponent_changed(self) -> None:
        computer = bool(by_id("ng-computer").checked)
        show(by_id("ng-computer-options"), computer)
        # The computer names itself: the player's own name field only.
        side = by_id("ng-side").value
        show(by_id("ng-white").parentElement, not computer or side != "black")
        show(by_id("ng-black").parentElement, not computer or side != "white")
        show(by_id("ng-turn-choice"), not computer)  # turning the board is for two players here

    def _custom(self):
        return custom_time_control(by_id("ng-min").value, by_id("ng-sec").value,
                                   by_id("ng-extra").value, by_id("ng-bonus").value)

    def _submit_new(self, event) -> None:
        event.preventDefault()
        self.start_chosen()

    def start_chosen(self) -> bool:
        """Start the game the dialog's fields describe; if they need fixing,
        the dialog (opened if need be) says why and keeps them. True if it started."""
        board = self._board()
        try:
            choice = by_id("ng-time").value
            control = self._custom() if choice == "custom" else choice_control(board, choice)
        except SettingsError as error:
            self._refuse(t(error.key, **error.params))
            return False
        settings = GameSettings(
            board=board,
            time_control=control.text(),
            white=clean_name(by_id("ng-white").value),
            black=clean_name(by_id("ng-black").value),
            position=by_id("ng-position").value.strip() or None,
            seed=self.app.state.settings.seed,
            touch_move=bool(by_id("ng-touch").checked),
            turn_board=bool(by_id("ng-turn").checked),
            rated=bool(by_id("ng-rated").checked),
            show_moves=bool(by_id("ng-moves").checked),
        )
        random_side = False
        if by_id("ng-computer").checked:
            side = by_id("ng-side").value
            random_side = side not in COLOR_WORDS  # drawn by the state, with the game's seed
            settings.computer = 1 - COLOR_WORDS.get(side, 0)
            settings.level = int(by_id("ng-level").value or LEVELS[0])
        problem = settings.rated_problem()
        if problem is not None:
            self._refuse(t(problem))
            return False
        try:
            self.app.new_game(settings, random_side)
        except MilitakiriError as error:
            self._refuse(t("err_position", reason=error.text))
            return False
        set_text(by_id("ng-error"), "")
        self.new.close()
        return True

    def rematch(self) -> None:
        """The same settings, colors swapped, in one click."""
        state = self.app.state
        self.app.new_game(rematch(state.settings, state.kind))  # on the official board, after an earlier one's game too

    def _refuse(self, reason: str) -> None:
        set_text(by_id("ng-error"), reason)
        if not self.new.open:
            self._opponent_changed()
            self._custom_changed()
            self.new.showModal()

    # Dice ---------------------------------------------------------------------

    def open_dice(self) -> None:
        clear(by_id("dice-rolls"))
        show(by_id("dice-roll"), True)
        show(by_id("dice-start"), False)
        if not self.dice.open:
            self.dice.showModal()
        by_id("dice-roll").focus()

    def _roll(self) -> None:
        state = self.app.state
        state.apply(RollDice())
        dice = state.dice
        rolls = by_id("dice-rolls")
        clear(rolls)
        for w, b in dice.rolls:
            item = el("li")
            # Each player's name and die together: a narrow screen wraps
            # between the two sides, never between a name and its die.
            for color, roll in ((0, w), (1, b)):
                side = el("span", cls="side")
                side.appendChild(el("span", state.label(color), cls="side-name"))
                side.insertAdjacentHTML("beforeend", die_markup(roll, color))
                item.appendChild(side)
            verdict = t("dice_tie") if w == b else t("dice_first", player=state.label(dice.first))
            item.appendChild(el("span", verdict, cls="verdict"))
            rolls.appendChild(item)
        show(by_id("dice-roll"), False)
        show(by_id("dice-start"), True)
        by_id("dice-start").focus()
        self.app.refresh()

    def _start(self) -> None:
        self.dice.close()
        self.app.state.apply(StartGame())
        self.app.refresh()

    # Resign -------------------------------------------------------------------

    def open_resign(self) -> None:
        state = self.app.state
        set_text(by_id("resign-white"), t("resign_as", player=state.label(0)))
        set_text(by_id("resign-black"), t("resign_as", player=state.label(1)))
        # Against the computer, or the embedding page's side, only the player here resigns.
        show(by_id("resign-white"), state.elsewhere != 0)
        show(by_id("resign-black"), state.elsewhere != 1)
        if not self.resign.open:
            self.resign.showModal()
        by_id("resign-cancel").focus()

    def _resign(self, color: int) -> None:
        self.resign.close()
        self.app.state.apply(Resign(color))
        self.app.refresh()

    # Result -------------------------------------------------------------------

    def open_result(self) -> None:
        state = self.app.state
        game = state.game
        title, reason = result_texts(game.outcome(), (state.players.white, state.players.black))
        set_text(by_id("result-title"), title)
        set_text(by_id("result-reason"), reason)
        set_text(by_id("result-record"), game.record())
        show(by_id("result-rating"), False)  # a rated game's change follows (web/ui/rankings.py)
        # The embedding page that plays a side starts the next game.
        for name in ("result-new", "result-rematch"):
            show(by_id(name), state.remote is None)
        if not self.result.open:
            self.result.showModal()
        by_id("result-new" if state.remote is None else "result-close").focus()

    # Help ---------------------------------------------------------------------

    def open_help(self) -> None:
        fill_help(self.app.state.computer is not None)  # who plays on this device, now
        if not self.help.open:
            self.help.showModal()

    def any_open(self) -> bool:
        # Every <dialog> of the page (the share, record and problem dialogs too).
        return bool(js.document.querySelector("dialog[open]"))  # JS null is falsy

