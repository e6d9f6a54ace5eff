"""tools/first_stage.py: index.html labelled at build time, every language's
texts for web/boot/first_stage.js, and clear errors for a page it cannot fill."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import first_stage

ROOT = Path(__file__).resolve().parents[2]

TEXTS = first_stage.load_texts(ROOT)
SETTINGS = first_stage.load_settings(ROOT)
LEGEND = first_stage.load_legend(ROOT)


def _built(html: str) -> str:
    """index.html as the build fills it (tools/build.py)."""
    html = first_stage.legend(first_stage.new_game_choices(html, SETTINGS), LEGEND)
    return first_stage.render(html, TEXTS, {"saveKey": first_stage.save_key(ROOT)}, mb=15)


class _Keyed(HTMLParser):
    """Every element with a text key: its key, attributes and text."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[dict] = []
        self._open: list[dict] = []
        self.script: str | None = None
        self._in_script = False

    def handle_starttag(self, tag, attrs) -> None:
        attrs = dict(attrs)
        if tag == "script" and attrs.get("id") == "first-texts":
            self._in_script = True
            self.script = ""
        element = {"tag": tag, "attrs": attrs, "text": ""}
        if any(name.startswith("data-") and name.endswith(("text", "label", "title")) for name in attrs):
            self.elements.append(element)
        self._open.append(element)

    def handle_endtag(self, tag) -> None:
        self._in_script = False
        while self._open and self._open.pop()["tag"] != tag:
            pass

    def handle_data(self, data) -> None:
        if self._in_script:
            self.script += data
        if self._open:
            self._open[-1]["text"] += data


@pytest.fixture(scope="module")
def page() -> _Keyed:
    html = _built((ROOT / "index.html").read_text(encoding="utf-8"))
    parsed = _Keyed()
    parsed.feed(html)
    return parsed


def test_every_keyed_text_is_filled_in_english(page):
    english = TEXTS.TEXTS["en"]
    assert len(page.elements) > 60
    for element in page.elements:
        attrs = element["attrs"]
        key = attrs.get("data-text") or attrs.get("data-first-text")
        if key:
            assert element["text"] == english[key].replace("{mb}", "15"), element
        if "data-label" in attrs:
            assert attrs["aria-label"] == english[attrs["data-label"]], element
        if "data-title" in attrs:
            assert attrs["title"] == english[attrs["data-title"]], element
    status = next(e for e in page.elements if e["attrs"].get("id") == "status")
    assert status["text"] == "Loading the game\u2026"


def test_the_script_gets_every_language_with_every_key(page):
    data = json.loads(page.script)
    assert data["languages"] == {"en": "English", "nl": "Nederlands"}
    keys = {e["attrs"].get(name) for e in page.elements
            for name in ("data-text", "data-first-text", "data-label", "data-title")} - {None}
    assert set(data["texts"]) == {"en", "nl"}
    for code, table in data["texts"].items():
        assert set(table) == keys | set(first_stage.SCRIPT_KEYS), code
        assert all(text and "{" not in text for text in table.values()), code
    assert data["texts"]["nl"]["new_game"] == "Nieuw spel"
    assert "15 MB" in data["texts"]["nl"]["loading_first"]
    assert data["first"] == {"saveKey": "militakiri.saved-game"}


def test_the_new_game_dialog_has_its_choices_before_python(page):
    """Its selects as web/ui/dialogs.py fills them, a new game's defaults chosen."""
    options = {}
    for element in page.elements:
        if element["tag"] == "option" and element["attrs"].get("data-text"):
            options.setdefault(element["attrs"]["data-text"].split("_")[0], []).append(element["attrs"])
    assert [o["value"] for o in options["preset"]] == list(SETTINGS.PRESET_IDS)
    assert [o["value"] for o in options["extra"]] == list(SETTINGS.EXTRAS)
    assert [o["value"] for o in options["level"]] == [str(n) for n in SETTINGS.LEVELS]
    assert [o["value"] for o in options["ng"]] == list(SETTINGS.SIDES)
    default = SETTINGS.GameSettings()
    chosen = {o["value"] for group in options.values() for o in group if "selected" in o}
    assert chosen == {"none", SETTINGS.EXTRAS[0], str(default.level), SETTINGS.SIDES[0]}
    assert SETTINGS.preset_control("none").text() == default.time_control


def test_the_legend_is_in_the_page_before_python(page):
    """Its words keyed as web/model/legend.py has them (filled in English,
    relabelled with the rest), each row with its two pictures: Python never
    builds it."""
    words = [e for e in page.elements if e["attrs"].get("data-text", "").startswith("legend_")]
    assert [e["attrs"]["data-text"] for e in words] == [key for *_, key in LEGEND.ROWS] + [LEGEND.MARKS]
    assert words[0]["text"] == TEXTS.TEXTS["en"]["legend_star"]
    html = _built((ROOT / "index.html").read_text(encoding="utf-8"))
    items = re.search(r'<ul id="legend-list">(.*?)</ul>', html, re.S)[1].split("</li>")
    assert [item.count("<svg") for item in items if item] == [2] * len(LEGEND.ROWS) + [0]


def test_the_texts_come_right_before_the_script_that_reads_them():
    html = _built((ROOT / "index.html").read_text(encoding="utf-8"))
    assert re.search(r'<script id="first-texts" type="application/json">[^<]*</script>\n'
                     + re.escape(first_stage.SCRIPT), html)


class _Texts:
    TEXTS = {"en": {"a": "A </script> & <b>", "b": "B", "loading_first": "L", "loading_chosen": "C"},
             "nl": {"a": "nl A"}}
    LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands"}


def test_texts_are_escaped_and_a_missing_translation_falls_back_to_english():
    html = first_stage.render('<p data-text="a"></p><i data-title="b"></i>' + first_stage.SCRIPT, _Texts)
    assert '<p data-text="a">A &lt;/script&gt; &amp; &lt;b&gt;</p>' in html
    assert '<i data-title="b" title="B"></i>' in html
    data = html.split('type="application/json">')[1].split("</script>")[0]
    assert "</script>" not in data
    assert json.loads(data)["texts"]["nl"] == {"a": "nl A", "b": "B", "loading_first": "L", "loading_chosen": "C"}


@pytest.mark.parametrize("page, message", [
    ('<p data-text="nope"></p>', "lacks: nope"),
    ('<p data-text="a"><b>x</b></p>', "holds markup"),
    ('<i data-title="b" title="x"></i>', "title is filled from data-title"),
    ('<p data-text="a"></p><script src="./other.js"></script>', "no <script src=\"./web/boot/first_stage.js\">"),
])
def test_a_page_it_cannot_fill_is_refused_with_the_reason(page, message):
    if "first_stage.js" not in page and "other.js" not in page:
        page += first_stage.SCRIPT
    with pytest.raises(first_stage.FirstStageError, match=re.escape(message)):
        first_stage.render(page, _Texts)
