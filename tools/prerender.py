"""The page's first stage: what it shows before Python runs.

Pyodide takes seconds to start (on a first visit it also downloads ~15 MB),
and all that time the page is whatever index.html paints. So the first paint
should already be the page, in the player's language, not a skeleton:

- this build step fills every ``data-text`` / ``data-label`` / ``data-title``
  element of index.html with its English text from web/i18n/texts.py (so the page
  reads right even before any script runs), and ``data-first-text``
  elements (the loading line, shown only until Python runs) too;
- it adds those keys' texts in every language as JSON
  (``<script id="first-texts" type="application/json">``), plus the
  language names;
- web/boot/first_stage.js, a small classic script at the end of the body, picks
  the language as web/texts.choose_language does, relabels the page, says
  what is loading, and lets the language switch work before Python;
- on a first visit the New game dialog works before Python too: this step
  writes its choices (``new_game_choices``, from web/model/settings.py) into the
  selects, the script opens the dialog and hands what the player chose to
  web/ui/dialogs.py once Python is ready (``html[data-new-game]``).
- the legend beside the board (``legend``, from web/model/legend.py): its
  pictures, and its words as keyed texts like the rest;
- web/style.css gives the board its size and squares before the canvas is
  drawn (the same sizing as web/ui/app.py ``App.fit``).

Once Python runs, web/ui/language.py and web/ui/dom.py own all of it.
"""

from __future__ import annotations

import ast
import html
import json
import re
from pathlib import Path

from tools import page_module

#: An element whose text is a key, with nothing but text inside it.
_TEXT_ELEMENT = re.compile(r'(<(\w+)\b[^>]*?\sdata-(?:first-)?text="(\w+)"[^>]*>)([^<]*)(</\2>)')
_ANY_TEXT = re.compile(r'\sdata-(?:first-)?text="')
_ATTRIBUTE = {"label": "aria-label", "title": "title"}
_KEYED_ATTRIBUTE = re.compile(r'<\w+\b[^>]*?\sdata-(label|title)="(\w+)"[^>]*>')
#: The script that reads the texts; they go right before it.
SCRIPT = '<script src="./web/boot/first_stage.js"></script>'
#: Texts the script chooses itself (the loading line on a first visit).
SCRIPT_KEYS = ("loading_first", "loading_chosen")
_KEY = re.compile(r'\sdata-(?:first-text|text|label|title)="(\w+)"')


class FirstStageError(ValueError):
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


def save_key(root: Path) -> str:
    """web/services/autosave.py's SAVE_KEY (a saved game there: no first
    visit), read from its source: the module itself imports half of the page."""
    tree = ast.parse((root / "web" / "services" / "autosave.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["SAVE_KEY"]:
            return ast.literal_eval(node.value)
    raise FirstStageError("web/services/autosave.py has no SAVE_KEY")


def new_game_choices(page: str, settings) -> str:
    """``page`` with the New game dialog's selects filled, each option keyed
    to its text (filled by ``render``) and the defaults of a new game
    (``settings.GameSettings()``, as web/ui/dialogs.py ``open_new`` shows them)
    selected. Python keeps them: a language switch relabels their keyed texts.

    >>> class S:
    ...     PRESETS, EXTRAS, LEVELS, SIDES = (("none", "-"),), ("none",), (1, 2), ("white", "random")
    ...     class GameSettings:
    ...         time_control, level = "-", 2
    >>> new_game_choices('<select id="ng-level"></select>', S)
    '<select id="ng-level"><option value="1" data-text="level_1"></option><option value="2" data-text="level_2" selected></option></select>'
    """
    default = settings.GameSettings()
    preset = next((pid for pid, text in settings.PRESETS if text == default.time_control), "custom")
    choices = {
        "ng-time": ([(pid, f"preset_{pid}") for pid, _ in settings.PRESETS] + [("custom", "preset_custom")], preset),
        "ng-extra": ([(name, f"extra_{name}") for name in settings.EXTRAS], settings.EXTRAS[0]),
        "ng-level": ([(str(n), f"level_{n}") for n in settings.LEVELS], str(default.level)),
        "ng-side": ([(name, f"ng_side_{name}") for name in settings.SIDES], settings.SIDES[0]),
    }
    for name, (options, chosen) in choices.items():
        empty = re.compile(rf'(<select\b[^>]*\sid="{name}"[^>]*>)\s*(</select>)')
        inner = "".join(f'<option value="{value}" data-text="{key}"{" selected" if value == chosen else ""}></option>'
                        for value, key in options)
        page, count = empty.subn(lambda m: m.group(1) + inner + m.group(2), page)
        if count > 1:
            raise FirstStageError(f'index.html: more than one <select id="{name}">')
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
        raise FirstStageError('index.html needs exactly one empty <ul id="legend-list">')
    return page


def render(page: str, texts, facts: dict | None = None, **values) -> str:
    """``page`` with its keyed texts filled in English and the JSON added.

    ``facts`` go into the JSON as they are (``first``: what first_stage.js
    needs to know of the page, such as the saved game's storage key);
    ``values`` fill placeholders of the first-stage texts (``{mb}``).

    >>> class T:
    ...     TEXTS = {"en": {"hi": "Hello {who}", "loading_first": "...", "loading_chosen": "..."}, "nl": {"hi": "Hallo {who}"}}
    ...     LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands"}
    >>> out = render('<p data-text="hi"></p>' + SCRIPT, T, who="you")
    >>> out.split("<script")[0]
    '<p data-text="hi">Hello you</p>'
    """
    keys = sorted(set(_KEY.findall(page)) | set(SCRIPT_KEYS))
    english = texts.TEXTS["en"]
    missing = [key for key in keys if key not in english]
    if missing:
        raise FirstStageError(f"index.html names texts that web/i18n/texts.py lacks: {', '.join(missing)}")

    def fill(text: str) -> str:
        for name, value in values.items():
            text = text.replace("{" + name + "}", str(value))
        return text

    tables = {code: {key: fill(table.get(key, english[key])) for key in keys} for code, table in texts.TEXTS.items()}
    en = tables["en"]

    filled, count = _TEXT_ELEMENT.subn(lambda m: m.group(1) + html.escape(en[m.group(3)], quote=False) + m.group(5),
                                       page)
    if count != len(_ANY_TEXT.findall(page)):
        raise FirstStageError("index.html: a data-text element holds markup; only plain text can be filled")

    def attributes(match: re.Match) -> str:
        tag = match.group(0)
        for kind, key in re.findall(r'\sdata-(label|title)="(\w+)"', tag):
            name = _ATTRIBUTE[kind]
            if re.search(rf'\s{name}="', tag):
                raise FirstStageError(f"index.html: {name} is filled from data-{kind}, do not write it: {tag}")
            tag = tag[:-1].rstrip("/").rstrip() + f' {name}="{html.escape(en[key])}">'
        return tag

    filled = _KEYED_ATTRIBUTE.sub(attributes, filled)
    data = json.dumps({"languages": texts.LANGUAGE_NAMES, "texts": tables, "first": facts or {}},
                      ensure_ascii=False, sort_keys=True)
    data = data.replace("</", "<\\/")  # a "</" would end the script early
    block = f'<script id="first-texts" type="application/json">{data}</script>\n'
    if SCRIPT not in filled:
        raise FirstStageError(f"index.html: no {SCRIPT}")
    return filled.replace(SCRIPT, block + SCRIPT, 1)
