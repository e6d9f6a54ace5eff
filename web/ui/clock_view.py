"""The two clocks on screen (R21).

Times are never counted in ticks: each tick asks the engine's Clock for
``remaining(color, now)`` with ``now`` from performance.now(), so a clock
is right after the tab slept in the background. Each tick also asks the
game whether the mover's flag has fallen; if so the game ends at once.
"""

from __future__ import annotations

import js
from pyscript.ffi import create_proxy

from web.i18n.texts import t
from web.model.formatting import TENTHS_BELOW, clock_text
from web.model.core import OVER, PLAYING
from web.ui.dom import interval, on, set_attr, set_text
from web.model.intents import Tick

TICK_MS = 100


#: Below this many seconds left, the low-time sound (once per player and game).
LOW_SECONDS = 10


class ClockView:
    def __init__(self, state, bars, on_over) -> None:
        self.state = state
        self.bars = bars
        self.on_over = on_over
        #: Called with a color when its running clock first drops under
        #: LOW_SECONDS in a game (web/ui/feedback.py's sound).
        self.on_low = None
        self._low_said: set = set()
        self._tick = create_proxy(self.tick)
        interval(self._tick, TICK_MS)
        on(js.document, "visibilitychange", lambda _event: self.tick())

    def tick(self, *_args) -> None:
        state = self.state
        game = state.started_game
        if game is None or game.clock is None:
            return  # no clock runs: refresh() shows the time a game will have
        was_playing = state.phase == PLAYING
        state.apply(Tick())
        self.update()
        if was_playing and state.phase == OVER:
            self.on_over()

    def update(self) -> None:
        state = self.state
        game = state.game
        timed = game is not None and game.clock is not None
        if game is None and not timed:
            timed = state.settings.control().timed
        for color in (0, 1):
            node = self.bars.clock(color)
            node.hidden = not timed
            if not timed:
                continue
            if state.started_game is None:
                seconds = state.settings.control().seconds
                running = False
            else:
                clock = game.clock
                now = state.clock_now()
                seconds = clock.remaining(color, now)
                running = clock.running == color and state.phase == PLAYING
            text = clock_text(seconds)
            set_text(node, text)
            node.classList.toggle("running", bool(running))
            node.classList.toggle("low", bool(running and seconds < TENTHS_BELOW))
            if running and seconds < LOW_SECONDS and (state.game_id, color) not in self._low_said:
                self._low_said.add((state.game_id, color))
                if self.on_low is not None:
                    self.on_low(color)
            node.classList.toggle("flagged", bool(seconds <= 0))
            # Correspondence: hours to a deadline (R22), a longer reading.
            node.classList.toggle("corr", game is not None and game.time_control.mode == "correspondence")
            set_attr(node, "aria-label", t("clock_label", player=state.label(color)) + ": " + text)
