"""The page as the build writes it: readable before any script runs.

The page's Python (MicroPython) starts in about a second, and until then the
page is whatever index.html paints; so the build writes in what does not
depend on the visitor:

- every ``data-text`` / ``data-label`` / ``data-title`` element's English
  text from web/i18n/texts.py (web/ui/language.py relabels the page once
  Python runs, in the player's language);
- the New game dialog's choices (``new_game_choices``, from web/model/settings.py
  and web/model/clocks.py: the time menu of a new game's board, in English);
- the legend beside the board (``legend``, from web/model/legend.py);
- web/style.css gives the board its size before the canvas is drawn.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from tools import page_module

#: An element whose text is a key, with nothing but text inside it.
_TEXT_ELEMENT = re.compile(r'(<(\w+)\b[^>]*?\sdata-text="(\w+)"[^>]*>)([^<]*)(</\2>)')
_ANY_TEXT = re.compile(r'\sdata-text="')
_ATTRIBUTE = {"label": "aria-label", "title": "title"}
_KEYED_ATTRIBUTE = re.compile(r'<\w+\b[^>]*?\sdata-(label|title)="(\w+)"[^>]*>')
_KEY = re.compile(r'\sdata-(?:text|label|title)="(\w+)"')


class PrerenderError(ValueError):
    """index.html names a text that web/i18n/texts.py lacks, or wraps one in markup."""


def load_texts(root: Path):
    """web/i18n/texts.py (with its Dutch table) of the tree at ``root``."""
    return page_module(root, "web.i18n.texts")


def load_legend(root: Path):
    """web/model/legend.py of the tree at ``root``."""
    return page_module(root, "web.model.legend")


def load_settings(root: Path):
    """web/model/settings.py of the tree at ``root``: the New game dialog's choices."""
    return page_module(root, "web.model.settings")


def load_clocks(root: Path):
    """web/model/clocks.py of the tree at ``root``: the New game dialog's time menu."""
    return page_module(root, "web.model.clocks")


def new_game_choices(page: str, settings, clocks) -> str:
    """``page`` with the New game dialog's selects filled and the defaults
    of a new game (``settings.GameSettings()``, as web/ui/dialogs.py
    ``open_new`` shows them) selected: each option keyed to its text (filled
    by ``render``; a language switch relabels them), the time menu as
    web/model/clocks.py writes it for the default board (New game writes it
    again for the board chosen, in the page's language).

    >>> class S:
    ...     LEVELS, SIDES = (1, 2), ("white", "random")
    ...     class GameSettings:
    ...         board, time_control, level = "single", "-", 2
    >>> class C:
    ...     EXTRAS = ("none",)
    ...     chosen = staticmethod(lambda board, text: "none")
    ...     time_menu_markup = staticmethod(lambda board, choice: f'<option value="{choice}" selected>{board}</option>')
    >>> print(new_game_choices('<select id="ng-level"></select><select id="ng-time"></select>', S, C)
    ...       .replace("><", ">\\n<"))
    <select id="ng-level">
    <option value="1" data-text="level_1">
    </option>
    <option value="2" data-text="level_2" selected>
    </option>
    </select>
    <select id="ng-time">
    <option value="none" selected>single</option>
    </select>
    """
    default = settings.GameSettings()
    keyed = {
        "ng-extra": ([(name, f"extra_{name}") for name in clocks.EXTRAS], clocks.EXTRAS[0]),
        "ng-level": ([(str(n), f"level_{n}") for n in settings.LEVELS], str(default.level)),
        "ng-side": ([(name, f"ng_side_{name}") for name in settings.SIDES], settings.SIDES[0]),
    }
    menus = {name: "".join(f'<option value="{value}" data-text="{key}"{" selected" * (value == chosen)}></option>'
                           for value, key in options)
             for name, (options, chosen) in keyed.items()}
    menus["ng-time"] = clocks.time_menu_markup(default.board, clocks.chosen(default.board, default.time_control))
    for name, inner in menus.items():
        empty = re.compile(rf'(<select\b[^>]*\sid="{name}"[^>]*>)\s*(</select>)')
        page, count = empty.subn(lambda m: m.group(1) + inner + m.group(2), page)  # noqa: B023 (called here)
        if count > 1:
            raise PrerenderError(f'index.html: more than one <select id="{name}">')
    return page


def legend(page: str, legend_module) -> str:
    """``page`` with the legend's empty list (``<ul id="legend-list">``) filled
    by web/model/legend.py: Python never builds it.

    >>> class L:
    ...     def legend_html():
    ...         return '<li><span data-text="legend_marks"></span></li>'
    >>> legend('<ul id="legend-list"></ul>', L)
    '<ul id="legend-list"><li><span data-text="legend_marks"></span></li></ul>'
    """
    page, count = re.subn(r'(<ul\b[^>]*\sid="legend-list"[^>]*>)\s*(</ul>)',
                          lambda m: m.group(1) + legend_module.legend_html() + m.group(2), page)
    if count != 1:
        raise PrerenderError('index.html needs exactly one empty <ul id="legend-list">')
    return page


def render(page: str, texts) -> str:
    """``page`` with its keyed texts filled in English, as the page's t()
    says them (the rulings' ids only in How to play's).

    >>> class T:
    ...     TEXTS = {"en": {"hi": "Hello (R6)", "help_x": "Rules (R6)"}, "nl": {"hi": "Hallo"}}
    ...     as_read = staticmethod(lambda key, s: s if key.startswith("help_") else s.replace(" (R6)", ""))
    >>> render('<p data-text="hi"></p><b data-label="hi"></b><i data-text="help_x"></i>', T)
    '<p data-text="hi">Hello</p><b data-label="hi" aria-label="Hello"></b><i data-text="help_x">Rules (R6)</i>'
    """
    keys = sorted(set(_KEY.findall(page)))
    english = {key: texts.as_read(key, value) for key, value in texts.TEXTS["en"].items()}
    missing = [key for key in keys if key not in english]
    if missing:
        raise PrerenderError(f"index.html names texts that web/i18n/texts.py lacks: {', '.join(missing)}")
    filled, count = _TEXT_ELEMENT.subn(
        lambda m: m.group(1) + html.escape(english[m.group(3)], quote=False) + m.group(5), page)
    if count != len(_ANY_TEXT.findall(page)):
        raise PrerenderError("index.html: a data-text element holds markup; only plain text can be filled")

    def attributes(match: re.Match) -> str:
        tag = match.group(0)
        for kind, key in re.findall(r'\sdata-(label|title)="(\w+)"', tag):
            name = _ATTRIBUTE[kind]
            if re.search(rf'\s{name}="', tag):
                raise PrerenderError(f"index.html: {name} is filled from data-{kind}, do not write it: {tag}")
            tag = tag[:-1].rstrip("/").rstrip() + f' {name}="{html.escape(english[key])}">'
        return tag

    return _KEYED_ATTRIBUTE.sub(attributes, filled)


def page(text: str, root: Path) -> str:
    """index.html of the tree at ``root``, its choices, legend and words written in."""
    text = new_game_choices(text, load_settings(root), load_clocks(root))
    text = legend(text, load_legend(root))
    return render(text, load_texts(root))
