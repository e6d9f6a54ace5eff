"""The Share, Game record and problem dialogs (browser glue).

Share shows the game's address (this page + ``#`` + the game link) to copy;
Game record exports the record (copy, download) and opens one (paste or a
file); the problem dialog says why a link, a record or a saved game cannot
be opened. Every text from a link, a record or a save is set with
textContent or an input's value: names are shown as text, never markup.
"""

from __future__ import annotations

import json

import js
from pyscript.ffi import create_proxy

from militakiri import Game, MilitakiriError
from militakiri.messages import rulings_cited
from militakiri.record import MAX_RECORD_CHARS

from web.i18n.texts import language, t
from web.model.intents import HoldClock
from web.services.share import (current_deadline, drill_url, labels, link_of, record_filename, record_too_big,
                                share_url)
from web.ui import guard
from web.ui.dom import add_rulings, by_id, later, on, set_attr, set_text, show, value_length

#: The Share dialog's title, link label and note, by what it shares
#: (web/model/training.py's Drill.shared_as, or a game).
SHARE_TEXTS = {
    "game": ("share_title", "share_link_label", "share_note"),
    "task": ("share_task_title", "share_task_label", "share_task_note"),
    "puzzle": ("share_puzzle_title", "share_puzzle_label", "share_puzzle_note"),
    "position": ("share_position_title", "share_position_label", "share_position_note"),
}


def format_deadline(deadline: float) -> str:
    """A deadline as a local date and time, in the page's language."""
    options = js.JSON.parse(json.dumps({"dateStyle": "medium", "timeStyle": "short"}))
    date = js.Date.new(float(deadline) * 1000.0)  # a float: a big int would not cross whole
    try:
        return str(guard.call(date, "toLocaleString", language(), options))
    except guard.BrowserError:  # a language the browser does not know
        return str(date.toString())


class ShareDialogs:
    def __init__(self, session) -> None:
        self.session = session
        self.app = session.app
        self.state = session.state
        self.share = by_id("dlg-share")
        self.record = by_id("dlg-record")
        self.problem_dialog = by_id("dlg-problem")
        self._after_problem = None
        self._wire()

    def _wire(self) -> None:
        on(by_id("share-close"), "click", lambda e: self.share.close())
        on(by_id("share-copy"), "click",
                 lambda e: copy_text(by_id("share-url"), by_id("share-copied")))
        on(by_id("record-close"), "click", lambda e: self.record.close())
        on(by_id("record-copy"), "click",
                 lambda e: copy_text(by_id("record-text"), by_id("record-copied")))
        on(by_id("record-download"), "click", lambda e: self._download())
        on(by_id("record-open"), "click", lambda e: self._open_record())
        on(by_id("record-file"), "change", lambda e: self._file_chosen())
        on(by_id("problem-close"), "click", lambda e: self.problem_dialog.close())
        on(by_id("problem-new"), "click", lambda e: self._problem_new())
        on(self.problem_dialog, "close", lambda e: self._problem_closed())
        for dialog in (self.share, self.record):
            on(dialog, "close", lambda e: self._closed())

    def _hold_clock(self) -> None:
        """Share or Game record opened: a game between two people here holds
        its clock while the dialog is open (modes/play.py: hold_clock)."""
        if self.state.apply(HoldClock(True)):
            self.app.refresh()

    def _closed(self) -> None:
        self.state.apply(HoldClock(False))  # (the clock runs again, if the dialog held it)
        self.app.after_dialog()

    def close_all(self) -> None:
        self._after_problem = None
        for dialog in list(js.document.querySelectorAll("dialog[open]")):
            dialog.close()

    # Share ----------------------------------------------------------------------------

    def open_share(self) -> None:
        state = self.state
        game = state.started_game
        if game is None:
            return
        self._hold_clock()
        drill = state.drill
        option = None if drill is None else drill.address()
        href = str(js.window.location.href)
        if option is not None:  # a lesson's task or a puzzle: its own address, from its start
            url = drill_url(href, option)
        else:
            # The link carries the clocks' times left now (militakiri.link's time-left
            # field); a mistake's position goes as a game between people (the page's
            # replies there are no computer's).
            url = share_url(href, link_of(game, state.computer_side() if drill is None else None, state.clock_now()))
        keys = SHARE_TEXTS[drill.shared_as() if drill is not None else "game"]
        for node_id, key in zip(("share-title", "share-label", "share-note"), keys):
            set_attr(by_id(node_id), "data-text", key)  # (a language switch says it again)
            set_text(by_id(node_id), t(key))
        by_id("share-url").value = url
        set_text(by_id("share-length"), t("share_length", n=len(url)))
        set_text(by_id("share-copied"), "")
        deadline = current_deadline(game)
        note = by_id("share-corr")
        if deadline is not None:
            player = labels(game)[game.position.turn]
            set_text(note, t("share_corr", player=player, deadline=format_deadline(deadline)))
        show(note, deadline is not None)
        if not self.share.open:
            self.share.showModal()
        by_id("share-copy").focus()

    # Records --------------------------------------------------------------------------

    def open_record(self) -> None:
        state = self.state
        self._hold_clock()
        game = state.started_game
        text_box = by_id("record-text")
        text_box.value = game.record() if game is not None else ""
        set_text(by_id("record-copied"), "" if game is not None else t("record_none"))
        by_id("record-copy").disabled = game is None
        by_id("record-download").disabled = game is None
        by_id("record-paste").value = ""
        by_id("record-file").value = ""
        set_text(by_id("record-error"), "")
        if not self.record.open:
            self.record.showModal()
        text_box.scrollTop = 0  # the record's first lines, once laid out

    def _download(self) -> None:
        game = self.state.game
        if game is None:
            return
        options = js.JSON.parse(json.dumps({"type": "text/plain;charset=utf-8"}))
        blob = js.window.Blob.new(js.Array.of(game.record()), options)
        url = js.window.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href = url
        link.download = record_filename(game)
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        later(2000, lambda: js.window.URL.revokeObjectURL(url))

    def _file_chosen(self) -> None:
        files = by_id("record-file").files
        if not files or files.length == 0:
            return
        file = files.item(0)
        if record_too_big(int(file.size)):
            set_text(by_id("record-error"), t("record_too_big", n=int(file.size)))
            by_id("record-file").value = ""
            return

        def read(text) -> None:
            by_id("record-paste").value = str(text)
            self._open_record()

        def failed(*_args) -> None:
            set_text(by_id("record-error"), t("record_file_error"))

        file.text().then(create_proxy(read), create_proxy(failed))

    def _open_record(self) -> None:
        error_box = by_id("record-error")
        length = value_length(by_id("record-paste"))  # measured in the browser (UTF-16: at most 2 a character)
        if length > 2 * MAX_RECORD_CHARS:  # not brought into Python, whose memory it would not fit
            set_text(error_box, t("record_paste_too_long", n=f"{length:,}", most=f"{MAX_RECORD_CHARS:,}"))
            return
        text = str(by_id("record-paste").value or "")
        if not text.strip():
            set_text(error_box, t("record_empty"))
            return
        try:
            game = Game.from_record(text, reachable=True)
        except MilitakiriError as error:
            set_text(error_box, t("record_bad", reason=error.text))
            add_rulings(error_box, rulings_cited(str(error)))
            return
        except Exception as error:  # never half-load, whatever went wrong
            js.window.console.error(f"record import: {error!r}")
            set_text(error_box, t("record_bad", reason=error.__class__.__name__))
            return
        set_text(error_box, "")
        self.record.close()
        self.session.load_game(game, "record_opened")

    # Problems -------------------------------------------------------------------------

    def problem(self, title_key: str, text: str, offer_new: bool = False, then=None,
                rulings: list[str] | None = None) -> None:
        """Say why something could not be opened (``rulings``: those it
        broke, its details); nothing was changed."""
        set_text(by_id("problem-title"), t(title_key))
        set_text(by_id("problem-text"), text)
        add_rulings(by_id("problem-text"), rulings or [])
        show(by_id("problem-new"), offer_new)
        self._after_problem = then
        if not self.problem_dialog.open:
            self.problem_dialog.showModal()
        by_id("problem-close").focus()

    def _problem_new(self) -> None:
        self._after_problem = self.app.dialogs.open_new
        self.problem_dialog.close()

    def _problem_closed(self) -> None:
        then, self._after_problem = self._after_problem, None
        self.app.after_dialog()
        if then is not None:
            then()


def copy_text(node, status) -> None:
    """Copy a textarea's text: the Clipboard API, else select + execCommand."""
    text = str(node.value)

    def done(*_args) -> None:
        set_text(status, t("copied"))

    def by_hand(*_args) -> None:
        try:
            node.focus()
            node.select()
            ok = bool(js.document.execCommand("copy"))
        except Exception:
            ok = False
        set_text(status, t("copied") if ok else t("copy_failed"))

    try:
        js.window.navigator.clipboard.writeText(text).then(create_proxy(done), create_proxy(by_hand))
    except Exception:  # no Clipboard API here (an insecure context, an old browser)
        by_hand()
