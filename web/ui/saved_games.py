"""Saved games: the dialog that lists this device's other saved games, each
with Open (web/services/autosave.py keeps them; web/ui/session.py opens the
tab's own at start and saves as the game goes on)."""

from __future__ import annotations

import js

from web.i18n.texts import t
from web.model.earlier import saved_game_words
from web.ui.dom import by_id, on, set_text


class SavedGames:
    def __init__(self, app, session) -> None:
        self.app = app
        self.session = session
        on(by_id("btn-saved"), "click", lambda e: self.open())
        on(by_id("saved-close"), "click", lambda e: by_id("dlg-saved").close())
        on(by_id("dlg-saved"), "close", lambda e: app.after_dialog())

    def open(self) -> None:
        """The list of the other saved games, each with Open."""
        listing = by_id("saved-list")
        listing.replaceChildren()
        for restored in self.session.saver.others:
            game = restored.game
            item = js.document.createElement("li")
            words = js.document.createElement("span")
            when = js.Date.new(float(restored.saved_at) * 1000.0).toLocaleString() if restored.saved_at else "?"
            set_text(words, saved_game_words(game, str(when)))  # one on the earlier 8-rank board says so
            if game.kind.earlier:
                item.setAttribute("data-earlier", "1")
            button = js.document.createElement("button")
            button.type = "button"
            set_text(button, t("open_game"))
            on(button, "click", lambda e, r=restored: self._open_game(r))
            item.append(words, button)
            listing.append(item)
        dialog = by_id("dlg-saved")
        if not dialog.open:
            dialog.showModal()

    def _open_game(self, restored) -> None:
        by_id("dlg-saved").close()
        self.session.open_other(restored)
