"""Sounds and spoken moves (browser glue): what a move sounds like and how
a screen reader hears it. The decisions are web/model/announce.py's.

Sounds are made with the Web Audio API (short synthesised tones, nothing
to download): a move, a take, a promotion, the endgame rule beginning, low
time and the end of the game. They stay silent until the player has
clicked or pressed a key (browsers allow audio only then), can be muted
with the Sound button (remembered in localStorage), and an embed is silent
unless its parent page asks with ``?sound=1``.

Every move is also said in the live region ``#announce`` (visually hidden),
in the page's language: "Computer: plus pawn c6 takes d5."

Hooks for tests: ``html[data-sound]`` is ``on`` or ``off``;
``html[data-sound-last]`` names the last sound asked for (heard or not).
"""

from __future__ import annotations

import js

from web.i18n.texts import t
from web.model.announce import announce
from web.services.storage import SafeStorage
from web.ui import guard
from web.ui.dom import by_id, on, set_attr, set_text

SOUND_KEY = "militakiri.sound"

#: Each sound: notes of (frequency Hz, start s, length s, wave, volume).
TONES = {
    "move": [(520, 0, 0.07, "triangle", 0.22)],
    "take": [(300, 0, 0.08, "square", 0.12), (190, 0.05, 0.12, "triangle", 0.25)],
    "promote": [(523, 0, 0.09, "triangle", 0.2), (659, 0.08, 0.09, "triangle", 0.2),
                (784, 0.16, 0.16, "triangle", 0.22)],
    "endgame": [(220, 0, 0.35, "sine", 0.3), (330, 0.02, 0.35, "sine", 0.15)],
    "low_time": [(880, 0, 0.06, "square", 0.1), (880, 0.12, 0.06, "square", 0.1)],
    "end": [(392, 0, 0.3, "triangle", 0.2), (494, 0.05, 0.3, "triangle", 0.18),
            (587, 0.1, 0.4, "triangle", 0.18)],
}


def _local_storage():
    return guard.Storage("localStorage")


class Feedback:
    """Follows the game's events: a sound and the words for each move."""

    def __init__(self, app, embed: bool, query_sound: bool) -> None:
        self.app = app
        self.state = app.state
        self.storage = SafeStorage.from_getter(_local_storage)
        saved = self.storage.get(SOUND_KEY)
        # An embed is silent unless the parent asks (?sound=1); a page sounds
        # unless the player muted it.
        self.enabled = query_sound if embed else saved != "off"
        self._context = None  # made at the first click or key: browsers allow no sound before
        self._unlocked = False
        self._button = by_id("btn-sound")
        self._button.disabled = False
        on(self._button, "click", lambda e: self.toggle())
        for name in ("pointerdown", "keydown"):
            on(js.document, name, lambda e: self._unlock())
        app.events.on(self._on_event, "moved", "over")
        app.relabelled.append(self._relabel)
        #: The move the live region's last line tells: (game id, ply), to say again in another language.
        self._announced: tuple[int, int] | None = None
        app.clocks.on_low = lambda color: self.play(["low_time"])
        self._show()

    def toggle(self) -> None:
        self.enabled = not self.enabled
        self.storage.set(SOUND_KEY, "on" if self.enabled else "off")
        self._show()

    def _show(self) -> None:
        set_attr(js.document.documentElement, "data-sound", "on" if self.enabled else "off")
        # A note, struck through when muted (style.css): the words are its label and title,
        # so the top bar keeps its rows on a phone.
        set_text(self._button, "\u266a")
        label = t("sound_on" if self.enabled else "sound_off")
        set_attr(self._button, "aria-label", label)
        set_attr(self._button, "aria-pressed", "true" if self.enabled else "false")
        set_attr(self._button, "title", f"{label}: {t('sound_title')}")

    def _unlock(self) -> None:
        if self._unlocked:
            return
        self._unlocked = True
        try:
            self._context = guard.new(js.window.AudioContext)
        except guard.BrowserError:  # no Web Audio here: silent
            self._context = None

    def _on_event(self, event) -> None:
        state = self.state
        game = state.game
        if game is None or event.ply < 1 or event.ply > len(game.tokens):
            return
        if event.name == "moved":
            sounds, words = announce(game, event.ply, (state.label(0), state.label(1)))
            self.play(sounds)
            set_text(by_id("announce"), words)
            self._announced = (state.game_id, event.ply)

    def _relabel(self) -> None:
        """The language changed: the button's words and the last move's, in it."""
        self._show()
        state = self.state
        game = state.game
        if self._announced is None or game is None:
            return
        game_id, ply = self._announced
        if game_id == state.game_id and ply <= len(game.tokens):
            set_text(by_id("announce"), announce(game, ply, (state.label(0), state.label(1)))[1])

    def play(self, names: list[str]) -> None:
        if not names:
            return
        set_attr(js.document.documentElement, "data-sound-last", names[-1])
        context = self._context
        if not self.enabled or context is None:
            return
        try:
            if str(context.state) == "suspended":
                context.resume()
            start = float(context.currentTime) + 0.01
            for index, name in enumerate(names):
                for frequency, offset, length, wave, volume in TONES[name]:
                    self._tone(context, start + 0.22 * index + offset, frequency, length, wave, volume)
        except Exception as error:  # a sound never breaks the game
            js.window.console.warn(f"sound: {error!r}")

    @staticmethod
    def _tone(context, at: float, frequency: float, length: float, wave: str, volume: float) -> None:
        oscillator = context.createOscillator()
        gain = context.createGain()
        oscillator.type = wave
        oscillator.frequency.value = frequency
        gain.gain.setValueAtTime(0.0001, at)
        gain.gain.exponentialRampToValueAtTime(volume, at + 0.01)
        gain.gain.exponentialRampToValueAtTime(0.0001, at + length)
        oscillator.connect(gain)
        gain.connect(context.destination)
        oscillator.start(at)
        oscillator.stop(at + length + 0.02)
