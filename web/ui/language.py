"""The page's language in the browser: chosen at start, switched on the page.

At start (:func:`start`, before the App is built): ``?lang=`` in the URL,
else the player's earlier choice kept in localStorage, else the browser's
``navigator.languages``, else English (:func:`texts.choose_language`). The
page is written in English by the build; another language relabels it.
The switch in the top bar (``<select id="lang">``) changes every text at
once, game and dialogs included (``App.relabel``), points the Rules links
at the rules page in that language and remembers the choice where the
browser allows storage: in a cross-site iframe it does not, and every
access here is guarded (web/services/storage.py), so the switch still works, for
this visit.
"""

from __future__ import annotations

import js

from web.i18n import texts
from web.model.layout import NARROW_QUERY
from web.model.query import query_params
from web.services.storage import SafeStorage
from web.ui import guard
from web.ui.dom import by_id, clear, el, on

STORAGE_KEY = "militakiri.language"


def _storage() -> SafeStorage:
    return SafeStorage.from_getter(lambda: guard.Storage("localStorage"))


def _preferred() -> list[str]:
    try:
        languages = js.window.navigator.languages
        if languages:
            return [str(code) for code in languages]
        return [str(js.window.navigator.language or "")]
    except Exception:  # no navigator.languages: English
        return []


def start(query: str) -> str:
    """Choose and set the page's language; returns its code."""
    asked = query_params(query).get("lang")
    code = texts.choose_language(asked, _storage().get(STORAGE_KEY), _preferred())
    _apply(code)
    return code


def _apply(code: str) -> None:
    texts.set_language(code)
    js.document.documentElement.setAttribute("lang", code)
    for link in js.document.querySelectorAll("a[data-rules]"):
        link.setAttribute("href", f"./rules/{code}.html")


def switch(code: str, app) -> None:
    """Show the page in ``code`` now and remember the choice (if allowed)."""
    if code not in texts.TEXTS or code == texts.language():
        return
    _apply(code)
    _storage().set(STORAGE_KEY, code)
    app.relabel()


def wire(app) -> None:
    """Fill the language switch and listen to it."""
    select = by_id("lang")
    if select is None:
        return
    clear(select)
    # A phone's top bar has no room for "Nederlands": the codes there.
    narrow = bool(js.window.matchMedia(NARROW_QUERY).matches)
    for code, name in sorted(texts.LANGUAGE_NAMES.items()):
        select.appendChild(el("option", code.upper() if narrow else name, value=code, lang=code, title=name))
    select.value = texts.language()
    on(select, "change", lambda event: switch(str(select.value), app))
    select.disabled = False
