"""What an embedded board tells the page around it, and, where that page
plays one side (``remote=``), what it hears from it (docs/embed.md).

With ``?embed``, the page posts ``ready`` once it can be played, then a
message for each thing that happens to the game (web/services/embed.py
writes them: a move, the end, a new game, the player's set-up), to
``window.parent``. Nothing is posted before ``ready``, nor about a lesson
or a puzzle (they are not the embedded game). Nothing secret is sent, so
any origin may listen.

With ``remote=``, it listens to ``message`` events from ``window.parent``
only (any other window's are ignored), hands each one as JSON text to
web/model/remote.py to read and to the state as a ``FromHost`` intent
(web/model/modes/remote.py judges it), and answers a refusal with
``error``. Nothing of a message is run or inserted as markup.
"""

from __future__ import annotations

import json

import js
from pyscript.ffi import create_proxy

from web.model.intents import FromHost, Tick
from web.model.remote import MAX_MESSAGE_CHARS, Refused, read_host_message
from web.services.embed import error_message, messages_for, rating_message, ready_message, setup_message
from web.ui import guard

#: A message event as JSON text, if it comes from the parent window (null
#: otherwise); a value JSON cannot write (a cycle, a BigInt) becomes text
#: that is not JSON, and a longer one is cut (web/model/remote.py refuses both).
_FROM_PARENT = js.Function.new("most", """return (event) => {
    if (window.parent === window || event.source !== window.parent) return null;
    let text;
    try { text = JSON.stringify(event.data); } catch (error) { return "not JSON: " + String(error).slice(0, 80); }
    if (text === undefined) return "null";
    return text.length > most ? text.slice(0, most + 1) : text;
};""")(MAX_MESSAGE_CHARS)


class EmbedPort:
    def __init__(self, app, embed: bool) -> None:
        self.app = app
        self.state = app.state
        self.embed = embed
        self._announced = False  # nothing is posted before "ready"
        #: (game id, the player's set-up done) at the last event: ``setup`` is posted when it becomes done.
        self._setup_seen: tuple[int, bool] | None = None
        if embed:
            app.events.on(self._on_event)

    def ready(self) -> None:
        """The page can be played: say so, with the game as it is; from now
        on the parent's messages are heard (before, the saved game was not
        yet on the board)."""
        if self.embed:
            if self.state.remote is not None:
                self._listener = create_proxy(self._on_message)
                js.window.addEventListener("message", self._listener)
            self._announced = True
            self._setup_seen = (self.state.game_id, setup_message(self.state) is not None)
            self._post(ready_message(self.state))

    def _on_event(self, event) -> None:
        if not self._announced or self.state.aside:  # (the game's own moves)
            return
        self._post_setup()
        for message in messages_for(event, self.state):
            self._post(message)

    def _post_setup(self) -> None:
        """The player's set-up, once, when it is done (not a game loaded whole: its set-ups are not news)."""
        state = self.state
        found = setup_message(state)
        seen, self._setup_seen = self._setup_seen, (state.game_id, found is not None)
        if found is not None and seen == (state.game_id, False):
            self._post(found)

    def _on_message(self, event) -> None:
        text = _FROM_PARENT(event)
        if text is None:
            return  # another window's message
        state = self.state
        try:
            message = read_host_message(str(text))
        except Refused as refused:
            self._post(error_message(refused, state))
            return
        if message is None:
            return  # not for the board (another script's message to the frame)
        state.apply(Tick())  # a flag fallen on this board's clock ends the game first
        state.apply(FromHost(message))
        refused = state.host_refusal
        self.app.refresh()  # (its events post what changed: the move, the start, the end)
        if refused is not None:
            self._post(error_message(refused, state))

    def post_rating(self, change, end, kept: bool = True) -> None:
        """A rated game changed a player's rating (web/ui/rankings.py);
        ``kept`` False: worked out from a new profile, not kept here."""
        if self.embed and self._announced:
            self._post(rating_message(change, end, kept))

    def _post(self, message: dict) -> None:
        """postMessage to the parent window (any origin: nothing secret is sent)."""
        try:
            guard.call(js.window.parent, "postMessage", js.JSON.parse(json.dumps(message)), "*")
        except guard.BrowserError as error:
            js.window.console.error(f"postMessage: {error}")
