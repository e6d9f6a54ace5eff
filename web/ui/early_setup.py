"""The set-up the player placed before Python ran, taken over.

On a first visit web/boot/early_setup.js lets the player place their towers
while the runtime loads, from the engine's answers written at build time
(tools/first_setup.py). What they placed waits in ``html[data-setup-early]``
as JSON, one set-up or, between two players, White's and then Black's:
``[{"colour": 0, "fields": ["c1", "d2", "b3"], "done": true}, ...]``.
Here each field is placed again through the engine, as a click would be
(``UiState.place_setup``), once it is that colour's turn to place: at once
for White, after the computer's set-up for a player who chose Black. If the
page's game changes first (a link, another new game), it is dropped.
"""

from __future__ import annotations

import js

from web.model.events import Event
from web.model.setup_stage import read_placed

ATTRIBUTE = "data-setup-early"


class EarlySetup:
    """Holds the early set-ups until their colour places, then places them."""

    def __init__(self, app) -> None:
        self.app = app
        root = js.document.documentElement
        self.pending = read_placed(root.getAttribute(ATTRIBUTE)) or []
        root.removeAttribute(ATTRIBUTE)
        self.game_id = app.state.game_id
        app.events.on(self._on_event, "new_game", "set_up")

    def place(self) -> None:
        """Place what can be placed now: each set-up whose colour is placing."""
        state = self.app.state
        if state.game_id != self.game_id:
            self.pending = []
        placed = False
        while self.pending and state.place_setup(*self.pending[0]):
            self.pending.pop(0)
            placed = True
        if placed:
            self.app.refresh()

    def _on_event(self, event: Event) -> None:
        self.place()
