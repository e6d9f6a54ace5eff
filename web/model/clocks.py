"""The time a game is played with, as New game offers it (R21, R22).

The full manual's clocks by board, its correspondence times per move, and
beneath them the extras the manual does not have: no clock, and any other
time per player with a Fischer increment or a Bronstein delay.

The manual's times are per player, as the engine's TimeControl counts them
(and the record's TimeControl tag, links, saves and the embed's ``time=``
write them): *Standard* on the single board is ``3600+0``, an hour each.
A choice is named alike on both boards, so the choice made stays chosen
when the board changes: *Standard* is 60 minutes each on the single board,
120 on the double.

>>> choice_control("single", "standard").text(), choice_control("double", "standard").text()
('3600+0', '7200+0')
>>> chosen("double", "14400+0"), chosen("single", "14400+0"), chosen("single", "-")
('long', 'custom', 'none')
>>> custom_time_control(10, 0, "fischer", 5).text()
'600+5'
"""

from __future__ import annotations

import math

from militakiri import InvalidTimeControlError, TimeControl

from web.i18n.texts import t
from web.model.formatting import duration_text
from web.model.shapes import markup_text

#: The full manual's clocks (R21), shortest first; the name of each is the
#: text "tc_name_<name>".
OFFICIAL = ("ultra_fast", "very_fast", "fast", "standard", "long")
#: Their minutes per player, by board (R21).
OFFICIAL_MINUTES = {"single": (10, 20, 30, 60, 120), "double": (20, 40, 60, 120, 240)}
#: Correspondence on both boards (R22): a time per move, named as the clocks
#: are ("corr_fast" is the text "tc_name_fast"), with its hours.
CORRESPONDENCE = ("corr_fast", "corr_standard", "corr_long")
CORRESPONDENCE_HOURS = (24, 48, 72)
#: Beyond the manual, marked as extras (R21): no clock, and another time
#: per player ("custom", with its own fields).
UNOFFICIAL = ("none", "custom")
#: The time menu's groups in order: each group's label is "tc_group_<group>".
GROUPS = (("official", OFFICIAL), ("correspondence", CORRESPONDENCE), ("extras", UNOFFICIAL))
CHOICES = OFFICIAL + CORRESPONDENCE + UNOFFICIAL
#: What another time may add per move (the text "extra_<name>").
EXTRAS = ("none", "fischer", "bronstein")
#: The longest other time a player may have: 12 hours each, as long as
#: the 24-hour game the dialog allowed when it asked for the whole game's length.
MAX_CLOCK_SECONDS = 12 * 3600


class SettingsError(ValueError):
    """A setting the player has to fix; ``key`` names its text in texts.py."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def choice_control(board: str, choice: str) -> TimeControl:
    """The TimeControl of a menu's choice on ``board`` (not ``custom``,
    which :func:`custom_time_control` reads from its fields).

    >>> choice_control("double", "ultra_fast").text(), choice_control("single", "corr_standard").text()
    ('1200+0', 'c172800')
    >>> choice_control("single", "sandglass")
    Traceback (most recent call last):
    ...
    web.model.clocks.SettingsError: err_preset
    """
    if choice in OFFICIAL and board in OFFICIAL_MINUTES:
        return TimeControl.parse(f"{OFFICIAL_MINUTES[board][OFFICIAL.index(choice)] * 60}+0")
    if choice in CORRESPONDENCE:
        return TimeControl.parse(f"c{CORRESPONDENCE_HOURS[CORRESPONDENCE.index(choice)] * 3600}")
    if choice == "none":
        return TimeControl()
    raise SettingsError("err_preset")


def chosen(board: str, time_control: str) -> str:
    """The menu's choice that gives ``time_control`` (its text) on ``board``;
    ``custom`` for any other: a game's time shown again in New game."""
    for choice in CHOICES[:-1]:
        if choice_control(board, choice).text() == time_control:
            return choice
    return "custom"


def choice_label(board: str, choice: str) -> str:
    """A choice as the menu names it on ``board``, in the page's language.

    >>> choice_label("single", "ultra_fast"), choice_label("double", "long"), choice_label("double", "corr_long")
    ('Ultra fast \u2013 10 min each', 'Long \u2013 4 h each', 'Long \u2013 72 h a move')
    """
    if choice in OFFICIAL:
        each = duration_text(choice_control(board, choice).seconds)
        return t("tc_official", name=t("tc_name_" + choice), each=each)
    if choice in CORRESPONDENCE:
        hours = CORRESPONDENCE_HOURS[CORRESPONDENCE.index(choice)]
        return t("tc_official_corr", name=t("tc_name_" + choice[len("corr_"):]), each=t("unit_h", n=hours))
    return t("tc_" + choice)


def time_menu_markup(board: str, choice: str) -> str:
    """The time menu's options for ``board`` as markup, ``choice`` selected:
    the manual's clocks first, then correspondence, then the extras, each
    group labelled. The build writes the single board's into the page
    (tools/prerender.py); New game writes it again for the board chosen and
    in the page's language.

    >>> markup = time_menu_markup("double", "none")
    >>> markup.count("<optgroup"), markup.count("<option"), markup.count(" selected")
    (3, 10, 1)
    >>> print(markup.split("</optgroup>")[2].replace("><", ">\\n<"))
    <optgroup label="Extras (not in the manual)">
    <option value="none" selected>No clock</option>
    <option value="custom">Other time, Fischer or Bronstein\u2026</option>
    """
    parts = []
    for group, choices in GROUPS:
        parts.append(f'<optgroup label="{markup_text(t("tc_group_" + group))}">')
        for name in choices:
            selected = " selected" if name == choice else ""
            parts.append(f'<option value="{name}"{selected}>{markup_text(choice_label(board, name))}</option>')
        parts.append("</optgroup>")
    return "".join(parts)


def custom_time_control(minutes: str | float, seconds: str | float, extra: str, bonus: str | float) -> TimeControl:
    """The TimeControl of another time: ``minutes`` and ``seconds`` for each
    player (as the manual's times are), with an optional Fischer increment
    or Bronstein delay of ``bonus`` seconds per move.

    >>> custom_time_control("0", "10", "bronstein", "3").text()
    '10d3'
    """
    try:
        minutes = float(minutes or 0)
        seconds = float(seconds or 0)
        bonus = float(bonus or 0)
    except (TypeError, ValueError):
        raise SettingsError("err_not_number") from None
    if not all(math.isfinite(x) for x in (minutes, seconds, bonus)):  # inf, nan
        raise SettingsError("err_not_number")
    if minutes < 0 or seconds < 0 or bonus < 0:
        raise SettingsError("err_negative")
    each = minutes * 60 + seconds
    if each > MAX_CLOCK_SECONDS:
        raise SettingsError("err_too_long")
    if each < 1:
        raise SettingsError("err_too_short")
    if extra not in EXTRAS:
        raise SettingsError("err_extra")
    bonus = int(bonus) if extra != "none" else 0
    sign = "d" if extra == "bronstein" else "+"
    try:
        return TimeControl.parse(f"{int(each)}{sign}{bonus}")
    except InvalidTimeControlError:
        raise SettingsError("err_time") from None
