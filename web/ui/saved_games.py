"""Saved games: the dialog that lists this device's other saved games, each
with Open and Remove (web/services/autosave.py keeps them and lists them
without replaying their moves; web/ui/session.py opens the tab's own at
start and saves as the game goes on). When the storage is full and only
unfinished games are kept, it opens by itself: the player chooses what to
remove."""

from __future__ import annotations

import js

from web.i18n.texts import t
from web.model.earlier import saved_game_words
from web.model.saved_list import SavedList
from web.ui.dom import by_id, el, on, set_text, show


class SavedGames:
    def __init__(self, app, session) -> None:
        self.app = app
        self.session = session
        #: Which unfinished game's removal is asked about (web/model/saved_list.py).
        self.rows = SavedList()
        session.ask_for_room = self.open
        on(by_id("btn-saved"), "click", lambda e: self.open())
        on(by_id("saved-close"), "click", lambda e: by_id("dlg-saved").close())
        on(by_id("dlg-saved"), "close", lambda e: app.after_dialog())

    def open(self) -> None:
        """The list of the other saved games, each with Open and Remove; a
        save from before the list's own words is read whole now, once."""
        self.session.saver.describe(self.app.state.wall())
        self.rows.open()
        self._fill()
        dialog = by_id("dlg-saved")
        if not dialog.open:
            dialog.showModal()

    def _fill(self) -> None:
        """The rows as the saver lists them; the one asked about holds its
        question; none: the list says so."""
        others = self.session.saver.others
        show(by_id("saved-full"), self.session.full)
        show(by_id("saved-empty"), not others)
        listing = by_id("saved-list")
        listing.replaceChildren()
        for entry in others:
            item = el("li")
            words = el("span")
            when = js.Date.new(float(entry.saved_at) * 1000.0).toLocaleString() if entry.saved_at else "?"
            # One on the earlier 8-rank board says so.
            set_text(words, saved_game_words(entry.white, entry.black, entry.number, entry.kind, str(when)))
            if entry.kind.earlier:
                item.setAttribute("data-earlier", "1")
            if entry.over:
                item.setAttribute("data-over", "1")
            item.append(words)
            if self.rows.asking == entry.key:
                item.setAttribute("data-asking", "1")
                question = el("span", t("saved_remove_question"), "saved-question")
                yes = self._button("saved_remove_yes", "data-remove-yes", lambda e, s=entry: self._answer(s, True))
                keep = self._button("saved_keep", "data-keep", lambda e, s=entry: self._answer(s, False))
                item.append(question, yes, keep)
            else:
                item.append(self._button("open_game", "data-open", lambda e, s=entry: self._open_game(s)),
                            self._button("remove_game", "data-remove", lambda e, s=entry: self._remove_pressed(s)))
            listing.append(item)

    @staticmethod
    def _button(key: str, mark: str, action):
        button = el("button", t(key), type="button", **{mark: "1"})
        on(button, "click", action)
        return button

    def _open_game(self, entry) -> None:
        by_id("dlg-saved").close()
        self.session.open_other(entry)

    def _remove_pressed(self, entry) -> None:
        if self.rows.remove_pressed(entry.key, entry.over):
            self._remove(entry)
        else:
            self._fill()
            focus = js.document.querySelector("#saved-list li[data-asking] button[data-keep]")
            if focus:
                focus.focus()

    def _answer(self, entry, remove: bool) -> None:
        if self.rows.answer(entry.key, remove):
            self._remove(entry)
        else:
            self._fill()

    def _remove(self, entry) -> None:
        if self.session.saver.remove(entry):
            self.session.removed()
        self._fill()
