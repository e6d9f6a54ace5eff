"""tools/prerender.py: index.html labelled in English at build time, with the
New game dialog's choices and the legend, and clear errors for a page it
cannot fill."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import prerender

ROOT = Path(__file__).resolve().parents[2]

TEXTS = prerender.load_texts(ROOT)
SETTINGS = prerender.load_settings(ROOT)
CLOCKS = prerender.load_clocks(ROOT)
LEGEND = prerender.load_legend(ROOT)


def _built(html: str) -> str:
    """index.html as the build fills it (tools/build.py)."""
    return prerender.page(html, ROOT)


class _Keyed(HTMLParser):
    """Every element with a text key: its key, attributes and text."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[dict] = []
        self._open: list[dict] = []

    def handle_starttag(self, tag, attrs) -> None:
        attrs = dict(attrs)
        element = {"tag": tag, "attrs": attrs, "text": ""}
        if any(name.startswith("data-") and name.endswith(("text", "label", "title")) for name in attrs):
            self.elements.append(element)
        self._open.append(element)

    def handle_endtag(self, tag) -> None:
        while self._open and self._open.pop()["tag"] != tag:
            pass

    def handle_data(self, data) -> None:
        if self._open:
            self._open[-1]["text"] += data


@pytest.fixture(scope="module")
def page() -> _Keyed:
    html = _built((ROOT / "index.html").read_text(encoding="utf-8"))
    parsed = _Keyed()
    parsed.feed(html)
    return parsed


def test_every_keyed_text_is_filled_in_english(page):
    texts_module = TEXTS
    texts_module.set_language("en")
    english = {key: texts_module.t(key) for key in texts_module.TEXTS["en"]}  # as the page says them
    assert len(page.elements) > 60
    for element in page.elements:
        attrs = element["attrs"]
        key = attrs.get("data-text")
        if key:
            assert element["text"] == english[key], element
        if "data-label" in attrs:
            assert attrs["aria-label"] == english[attrs["data-label"]], element
        if "data-title" in attrs:
            assert attrs["title"] == english[attrs["data-title"]], element
    status = next(e for e in page.elements if e["attrs"].get("id") == "status")
    assert status["text"] == "Loading the game\u2026"


def test_the_new_game_dialog_has_its_choices_in_the_page(page):
    """Its selects as web/ui/dialogs.py fills them, a new game's defaults chosen."""
    options = {}
    for element in page.elements:
        if element["tag"] == "option" and element["attrs"].get("data-text"):
            options.setdefault(element["attrs"]["data-text"].split("_")[0], []).append(element["attrs"])
    assert [o["value"] for o in options["extra"]] == list(CLOCKS.EXTRAS)
    assert [o["value"] for o in options["level"]] == [str(n) for n in SETTINGS.LEVELS]
    assert [o["value"] for o in options["ng"]] == list(SETTINGS.SIDES)
    default = SETTINGS.GameSettings()
    chosen = {o["value"] for group in options.values() for o in group if "selected" in o}
    assert chosen == {CLOCKS.EXTRAS[0], str(default.level), SETTINGS.SIDES[0]}


def test_the_time_menu_is_in_the_page_with_the_manuals_clocks_first_R21_R22():
    """The default board's (single) time choices in English, grouped as New
    game writes them, a new game's (no clock) chosen."""
    html = _built((ROOT / "index.html").read_text(encoding="utf-8"))
    menu = re.search(r'<select id="ng-time"[^>]*>(.*?)</select>', html, re.S).group(1)
    groups = re.findall(r'<optgroup label="([^"]*)">(.*?)</optgroup>', menu, re.S)
    assert [label for label, _ in groups] == ["The manual's clocks (per player)",
                                              "Correspondence (per move)", "Extras (not in the manual)"]
    options = [re.findall(r'<option value="(\w+)"( selected)?>([^<]*)</option>', inner) for _, inner in groups]
    assert [[text for _, _, text in group] for group in options] == [
        ["Ultra fast \u2013 10 min each", "Very fast \u2013 20 min each", "Fast \u2013 30 min each",
         "Standard \u2013 1 h each", "Long \u2013 2 h each"],
        ["Fast \u2013 24 h a move", "Standard \u2013 48 h a move", "Long \u2013 72 h a move"],
        ["No clock", "Other time, Fischer or Bronstein\u2026"]]
    assert [value for group in options for value, _, _ in group] == list(CLOCKS.CHOICES)
    assert [value for group in options for value, selected, _ in group if selected] == ["none"]
    assert CLOCKS.choice_control("single", "none").text() == SETTINGS.GameSettings().time_control


def test_the_legend_is_in_the_page(page):
    """Its words keyed as web/model/legend.py has them (filled in English,
    relabelled with the rest), each row with its two pictures: Python never
    builds it."""
    words = [e for e in page.elements if e["attrs"].get("data-text", "").startswith("legend_")]
    assert [e["attrs"]["data-text"] for e in words] == [key for *_, key in LEGEND.ROWS] + [LEGEND.MARKS]
    assert words[0]["text"] == TEXTS.TEXTS["en"]["legend_star"]
    html = _built((ROOT / "index.html").read_text(encoding="utf-8"))
    items = re.search(r'<ul id="legend-list">(.*?)</ul>', html, re.S)[1].split("</li>")
    assert [item.count("<svg") for item in items if item] == [2] * len(LEGEND.ROWS) + [0]


class _Texts:
    TEXTS = {"en": {"a": "A </script> & <b>", "b": "B"}, "nl": {"a": "nl A"}}
    as_read = staticmethod(lambda key, sentence: sentence)


def test_texts_are_escaped():
    html = prerender.render('<p data-text="a"></p><i data-title="b"></i>', _Texts)
    assert '<p data-text="a">A &lt;/script&gt; &amp; &lt;b&gt;</p>' in html
    assert '<i data-title="b" title="B"></i>' in html


@pytest.mark.parametrize("page, message", [
    ('<p data-text="nope"></p>', "lacks: nope"),
    ('<p data-text="a"><b>x</b></p>', "holds markup"),
    ('<i data-title="b" title="x"></i>', "title is filled from data-title"),
])
def test_a_page_it_cannot_fill_is_refused_with_the_reason(page, message):
    with pytest.raises(prerender.PrerenderError, match=re.escape(message)):
        prerender.render(page, _Texts)
