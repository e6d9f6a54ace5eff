"""The page's plain Python (web/i18n, web/model, web/services): no browser
module, doctests, layout, formatting, settings, shapes and texts."""

from __future__ import annotations

import ast
import doctest
import importlib
import re
import string
from pathlib import Path

import pytest

from militakiri import Outcome, Termination, TimeControl

from web.i18n import texts
from web.model import clocks, layout, points, settings
from web.model.formatting import clock_text, player_label, result_texts, time_control_text
from web.model.layout import BoardGeometry, fit_square
from web.model.settings import GameSettings, from_query, has_game_params

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
#: The folders of plain Python: they run (and are tested) without a browser.
PURE = sorted(".".join(path.relative_to(ROOT).with_suffix("").parts)
              for folder in ("i18n", "model", "services") for path in (WEB / folder).rglob("*.py"))


def test_the_plain_folders_hold_the_page_s_model():
    assert {"web.model.ui_state", "web.services.autosave", "web.i18n.texts"} <= set(PURE)


@pytest.mark.parametrize("name", PURE)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.failed == 0


@pytest.mark.parametrize("name", PURE)
def test_plain_modules_import_no_browser_module(name):
    source = (ROOT / (name.replace(".", "/") + ".py")).read_text()
    assert not re.search(r"^\s*(from|import)\s+(pyscript|js|pyodide)\b", source, re.M)


# layout -------------------------------------------------------------------------


@pytest.mark.parametrize("flipped", [False, True])
def test_every_cell_centre_maps_back_to_its_cell(flipped):
    g = BoardGeometry(12, 12, 31, flipped)
    for file in range(12):
        for rank in range(12):
            assert g.cell_at(*g.center(file, rank)) == (file, rank)
    assert g.cell_at(-1, 5) is None and g.cell_at(5, g.height) is None


def test_flipped_board_puts_rank_12_at_the_bottom_and_file_a_right():
    g = BoardGeometry(6, 12, 50, flipped=True)
    assert g.origin(0, 11) == (250, 550)
    assert g.step(0, 11, dx=1, dy=0) == (0, 11)  # right on screen is towards a: clamped


def test_fit_square_phone_and_desktop():
    assert fit_square(6, 12, 374, 600) == 50  # the twelve ranks decide
    assert fit_square(12, 12, 374, 600) == 31  # the twelve files decide
    assert fit_square(6, 12, 900, 520) == 43
    assert fit_square(6, 12, 5000, 5000) == layout.MAX_SQUARE


# formatting --------------------------------------------------------------------


def test_clock_text_never_shows_zero_before_the_flag():
    assert clock_text(0.05) == "0:00.0" and clock_text(0.1) == "0:00.1"
    assert clock_text(10) == "0:10" and clock_text(9.99) == "0:09.9"
    assert clock_text(-3) == "0:00.0"
    assert clock_text(float("inf")) == "-"


def test_time_control_text_names_each_player_s_time_R21():
    assert time_control_text(TimeControl.parse("-")) == "No clock"
    assert time_control_text(TimeControl.parse("300+0")) == "5 min each"
    assert time_control_text(TimeControl.parse("900+10")) == "15 min each, +10 s per move"
    assert time_control_text(TimeControl.parse("5d3")) == "5 s each, 3 s delay per move"


def test_player_labels_and_results():
    assert player_label(0, "") == "Red" and player_label(1, "Bram") == "Bram (Blue)"
    title, reason = result_texts(Outcome(Termination.TOWERS, 0), ("Anna", ""))
    # The ruling's id is for How to play: every result names one there.
    assert title == "Anna (Red) wins" and reason == "Blue has no tower left on the board."
    for termination in Termination:
        winner = None if termination is Termination.MOVE_RULE else 1
        title, reason = result_texts(Outcome(termination, winner), ("", ""))
        assert "(R" not in reason and "{" not in reason + title
        assert len(texts.cited(f"why_{termination.value}", loser="White")) == 1


# settings ----------------------------------------------------------------------


def test_url_parameters():
    s = from_query("?board=double&time=300+5&white=%20Anna%20&position=6%2F6+w&seed=7")
    assert (s.board, s.time_control, s.white, s.black, s.seed) == ("double", "300+5", "Anna", "", 7)
    assert s.position == "6/6 w"
    assert from_query("?time=300%2B5").time_control == "300+5"
    bad = from_query("?board=triple&time=soon&seed=x")
    assert bad == GameSettings()
    assert has_game_params("?position=x") and not has_game_params("?seed=3")
    assert len(from_query("?white=" + "A" * 100).white) == settings.MAX_NAME


# texts -------------------------------------------------------------------------


KEY_CALLS = {"t", "Message", "_warn", "SettingsError"}


def _constants(node) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _constants(node.body) + _constants(node.orelse)
    return []


def _dynamic_keys() -> set[str]:
    keys = {f"shape_{s}" for s in ("star", "cross", "plus")}
    keys |= {f"why_{t.value}" for t in Termination}
    keys |= {f"tc_name_{name}" for name in clocks.OFFICIAL}
    keys |= {f"tc_group_{group}" for group, _ in clocks.GROUPS}
    keys |= {f"tc_{choice}" for choice in clocks.UNOFFICIAL}
    keys |= {f"extra_{e}" for e in clocks.EXTRAS}
    keys |= {f"level_{n}" for n in settings.LEVELS}
    keys |= {f"ng_side_{s}" for s in settings.SIDES}
    keys |= {f"rs_{s}" for s in points.STATUS_NAMES}
    return keys


def _html_keys() -> set[str]:
    html = (ROOT / "index.html").read_text()
    return set(re.findall(r'data-(?:text|label|title)="([a-z0-9_-]+)"', html))


def _asked_keys() -> set[str]:
    """Keys the code asks for: t("k"), Message("k"), key = "k" if ... else "j"."""
    keys = set()
    for path in WEB.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args:
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                if name in KEY_CALLS:
                    keys.update(_constants(node.args[0]))
            elif isinstance(node, ast.Assign) and any(
                    isinstance(target, ast.Name) and target.id == "key" for target in node.targets):
                keys.update(_constants(node.value))
    return keys | _html_keys() | _dynamic_keys()


def _all_literals() -> set[str]:
    """Every string the page's code and index.html hold, but the text tables'
    own keys (a key's definition is no use of it)."""
    found = set()
    for path in WEB.rglob("*.py"):
        tree = ast.parse(path.read_text())
        definitions = {id(key) for node in ast.walk(tree) if isinstance(node, ast.Dict)
                       and path.parent.name == "i18n" for key in node.keys}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in definitions:
                found.add(node.value)
    return found | _html_keys() | _dynamic_keys()


def test_every_text_key_used_by_the_page_exists():
    english = texts.TEXTS["en"]
    missing = sorted(k for k in _asked_keys() if k not in english)
    assert not missing, missing


def test_no_english_key_is_unused():
    used = _all_literals()
    # (KEY_one is the singular t() picks for KEY when n is 1.)
    unused = sorted(k for k in texts.TEXTS["en"] if k not in used and not (k.endswith("_one") and k[:-4] in used))
    assert not unused, unused


def test_every_language_has_the_same_keys_and_placeholders():
    english = texts.TEXTS["en"]

    def fields(template):
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    for code, table in texts.TEXTS.items():
        assert set(table) == set(english), code
        for key, template in table.items():
            assert fields(template) == fields(english[key]), (code, key)


def test_unknown_language_is_refused_and_missing_key_shows_itself():
    with pytest.raises(KeyError):
        texts.set_language("xx")
    assert texts.t("no_such_key") == "no_such_key"
