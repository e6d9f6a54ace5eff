"""New-game settings: board, time control, names, optional start position.

Pure Python (no browser), so it is tested with plain pytest. The settings
only say how to *start* a game; once it starts, everything lives in the
engine's :class:`~militakiri.Game` (set-ups, dice, time control, names,
tokens), which is what a saved game or a link will carry.

Time (R21): the manual sets the maximum length of the whole game, split into
two equal clocks. The dialog asks for that length; the engine's
TimeControl holds the seconds of *each* player.

>>> custom_time_control(10, 0, "fischer", 5).text()
'300+5'
>>> custom_time_control(0, 10, "none", 0).text()
'5+0'
"""

from __future__ import annotations

from dataclasses import dataclass

from militakiri import InvalidTimeControlError, TimeControl
from militakiri.ai.levels import LEVELS as AI_LEVELS
from militakiri.ai.levels import MAX_LEVEL

from web.model.query import query_params  # urllib.parse costs ~0.1 s at the start (query.py)

#: Preset time controls: (id, TimeControl text per player). Labels in texts.py
#: under "preset_<id>".
PRESETS = (
    ("none", "-"),
    ("g10", "300+0"),
    ("g20", "600+0"),
    ("g30", "900+10"),
    ("g60", "1800+0"),
    # Correspondence (R22): time per move; each move makes a link to send.
    ("corr1", "c86400"),
    ("corr3", "c259200"),
)
PRESET_IDS = tuple(p for p, _ in PRESETS) + ("custom",)
EXTRAS = ("none", "fischer", "bronstein")
#: The computer's colour in a URL (``computer=black``); its levels, weakest
#: first (the level list alone: the page loads the search only in the
#: computer's worker).
COLOR_WORDS = {"white": 0, "black": 1}
LEVELS = tuple(sorted(AI_LEVELS))
#: The side the player takes against the computer (its words: ng_side_<side>).
SIDES = (*COLOR_WORDS, "random")
MAX_NAME = 30
#: Longest game length the dialog accepts: 24 hours.
MAX_GAME_SECONDS = 24 * 3600


@dataclass
class GameSettings:
    """How to start the next game."""

    board: str = "single"
    time_control: str = "-"
    white: str = ""
    black: str = ""
    #: A position string to start from (puzzles, analysis, tests); skips
    #: the set-up and the dice.
    position: str | None = None
    #: Seed of the dice and random set-ups (reproducible tests); None = random.
    seed: int | None = None
    #: The colour the computer plays (0 White, 1 Black), None: two players
    #: on this device; its level 1..4 (militakiri.ai, web/model/opponent.py).
    computer: int | None = None
    level: int = 2
    #: R25 (optional, off by default): a piece a player selects must move.
    touch_move: bool = False

    def control(self) -> TimeControl:
        return TimeControl.parse(self.time_control)


class SettingsError(ValueError):
    """A setting the player has to fix; ``key`` names its text in texts.py."""

    def __init__(self, key: str, **params) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def clean_name(name: str) -> str:
    """A player's name as entered: spaces trimmed, at most MAX_NAME characters."""
    return " ".join(str(name).split())[:MAX_NAME]


def preset_control(preset: str) -> TimeControl:
    for pid, text in PRESETS:
        if pid == preset:
            return TimeControl.parse(text)
    raise SettingsError("err_preset")


def custom_time_control(minutes, seconds, extra: str, bonus) -> TimeControl:
    """The TimeControl of a custom game length (minutes and seconds for the
    whole game, R21) with an optional Fischer increment or Bronstein delay."""
    try:
        minutes = float(minutes or 0)
        seconds = float(seconds or 0)
        bonus = float(bonus or 0)
    except (TypeError, ValueError):
        raise SettingsError("err_not_number") from None
    if minutes < 0 or seconds < 0 or bonus < 0:
        raise SettingsError("err_negative")
    total = minutes * 60 + seconds
    if total > MAX_GAME_SECONDS:
        raise SettingsError("err_too_long")
    each = int(total // 2)
    if each < 1:
        raise SettingsError("err_too_short")
    if extra not in EXTRAS:
        raise SettingsError("err_extra")
    bonus = int(bonus) if extra != "none" else 0
    sign = "d" if extra == "bronstein" else "+"
    try:
        return TimeControl.parse(f"{each}{sign}{bonus}")
    except InvalidTimeControlError:
        raise SettingsError("err_time") from None


def from_query(query: str) -> GameSettings:
    """Settings from a page URL's query string (``?position=...&time=300+5``).

    A ``+`` in a query string means a space, so ``time=300 5`` is read as
    ``300+5`` too (write ``%2B`` to be exact). Unknown or bad values fall
    back to the defaults: a link never stops the page from loading.
    """
    params = query_params(query)
    settings = GameSettings()
    if params.get("board") in ("single", "double"):
        settings.board = params["board"]
    time = params.get("time", "").strip().replace(" ", "+")
    if time:
        try:
            settings.time_control = TimeControl.parse(time).text()
        except InvalidTimeControlError:
            pass
    settings.white = clean_name(params.get("white", ""))
    settings.black = clean_name(params.get("black", ""))
    if params.get("position", "").strip():
        settings.position = params["position"].strip()
    seed = params.get("seed", "")
    if seed.isdigit():
        settings.seed = int(seed)
    settings.touch_move = params.get("touch", "").strip().lower() in ("1", "true", "yes", "on")
    # Against the computer: computer=white|black, level=1..4 or max.
    computer = params.get("computer", "").strip().lower()
    if computer in COLOR_WORDS:
        settings.computer = COLOR_WORDS[computer]
        level = params.get("level", "").strip().lower()
        if level == "max" or (level.isdigit() and 1 <= int(level) <= MAX_LEVEL):
            settings.level = MAX_LEVEL if level == "max" else int(level)
    return settings


def has_game_params(query: str) -> bool:
    """Whether the URL says how to start, so no new-game dialog is needed."""
    params = query_params(query)
    return any(k in params for k in ("position", "board"))
