"""What an embedded board tells the page around it (docs/embed.md).

With ``?embed``, the page posts ``ready`` once it can be played, then a
message for each thing that happens to the game (web/services/embed.py
writes them: a move, the end, a new game), to ``window.parent``. Nothing is
posted before ``ready``, nor about a lesson or a puzzle (they are not the
embedded game). Nothing secret is sent, so any origin may listen.
"""

from __future__ import annotations

import json

import js

from web.services.embed import messages_for, rating_message, ready_message
from web.ui import guard


class EmbedPort:
    def __init__(self, app, embed: bool) -> None:
        self.state = app.state
        self.embed = embed
        self._announced = False  # nothing is posted before "ready"
        if embed:
            app.events.on(self._on_event)

    def ready(self) -> None:
        """The page can be played: say so, with the game as it is."""
        if self.embed:
            self._announced = True
            self._post(ready_message(self.state))

    def _on_event(self, event) -> None:
        if self._announced and not self.state.aside:  # (the game's own moves)
            for message in messages_for(event, self.state):
                self._post(message)

    def post_rating(self, change, end) -> None:
        """A rated game changed a player's rating (web/ui/rankings.py)."""
        if self.embed and self._announced:
            self._post(rating_message(change, end))

    def _post(self, message: dict) -> None:
        """postMessage to the parent window (any origin: nothing secret is sent)."""
        try:
            guard.call(js.window.parent, "postMessage", js.JSON.parse(json.dumps(message)), "*")
        except guard.BrowserError as error:
            js.window.console.error(f"postMessage: {error}")
