"""Languages of the page: the choice, the Dutch table, engine sentences in Dutch."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from militakiri import SINGLE, SetupDraft
from militakiri.messages import text

from web.i18n import texts
from web.i18n.texts import TEXTS, choose_language, t
from web.model.query import query_params
from web.model.status import warning

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def dutch():
    texts.set_language("nl")
    yield
    texts.set_language("en")


@pytest.mark.parametrize(
    ("query", "stored", "preferred", "expected"),
    [
        ("", None, [], "en"),
        ("", None, ["nl-NL", "en-US"], "nl"),
        ("", None, ["nl-BE"], "nl"),
        ("", None, ["fr-FR", "NL"], "nl"),
        ("", None, ["de", "fr"], "en"),
        ("", None, ["en-GB", "nl"], "en"),
        ("", "en", ["nl-NL"], "en"),  # the player's earlier choice beats the browser
        ("", "nl", ["en-US"], "nl"),
        ("", "xx", ["nl"], "nl"),  # a stored value we do not know is ignored
        ("?lang=nl", "en", ["en"], "nl"),  # a link that names the language beats both
        ("?board=double&lang=EN", "nl", ["nl"], "en"),
        ("?lang=klingon", None, ["nl_BE"], "nl"),
        (None, None, None, "en"),
        ("?lang=%E3%80%80nl%C2%A0", "en", [], "nl"),  # white space beyond ASCII stripped in every interpreter
    ],
)
def test_choose_language(query, stored, preferred, expected):
    assert choose_language(query_params(query).get("lang"), stored, preferred) == expected


def test_the_first_stage_is_gone_from_the_texts():
    """web/boot/first_stage.js (the language switch and New game before
    Python) was removed: choose_language has no choice of its to take, and
    the texts only it showed are gone; "loading" stays (index.html's status)."""
    with pytest.raises(TypeError):
        choose_language("nl", None, [], chosen="en")  # type: ignore[call-arg]
    for table in TEXTS.values():
        assert not {"loading_first", "loading_chosen", "loading_progress", "setup_early_done"} & set(table)
        assert "loading" in table


def test_every_language_has_a_name_in_itself():
    assert set(texts.LANGUAGE_NAMES) == set(TEXTS) == {"en", "nl"}


def test_dutch_texts_are_dutch(dutch):
    """No English sentence slipped into the Dutch table (keys whose text is
    the same in both languages are names, symbols and placeholders only)."""
    # (R27's rank statuses are the manual's names: Starter, Senior, Expert... in both.)
    same = {k for k, v in TEXTS["nl"].items() if v == TEXTS["en"][k] and not k.startswith("rs_")}
    for key in same:
        words = re.sub(r"\{[^}]*\}|\(R\d+\)", "", TEXTS["en"][key])
        assert not re.search(r"[A-Za-z]{3}", words) or key in {"title", "shape_plus", "board_aria", "unit_min",
                                                                    "count_blunders", "count_blunders_one", "mark_blunder"}, key
    assert t("to_move", player="Anna (Rood)") == "Anna (Rood) is aan zet: kies een stuk."
    assert t("piece_rank", side=t("black"), shape=t("shape_cross"), height=2) == "kruisrang 2 van Blauw"


def test_one_is_said_in_the_singular_in_both_languages(dutch):
    """From a new player's trial: "1 fouten" (one mistake said in the plural)."""
    assert [t("count_mistakes", n=n) for n in (0, 1, 2)] == ["0 fouten", "1 fout", "2 fouten"]
    assert t("count_inaccuracies", n=1) == "1 onnauwkeurigheid" and t("share_length", n=1) == "1 teken"
    assert t("count_mistakes", n=True) == "True fouten"  # (a bool is not a count)
    texts.set_language("en")
    try:
        assert [t("count_blunders", n=n) for n in (1, 3)] == ["1 blunder", "3 blunders"]
    finally:
        texts.set_language("nl")


def test_an_engine_sentence_is_shown_in_the_page_language(dutch):
    draft = SetupDraft(SINGLE, 0)
    draft.place("c1")
    problem = draft.problem("e1")
    assert t("engine_says", reason=problem) == "je hebt één stertoren en die staat op c1"  # the id: in its details
    assert texts.cited("engine_says", reason=problem) == ["R3"]
    texts.set_language("en")
    assert t("engine_says", reason=problem) == "you have one star tower and it stands on c1"
    assert t("illegal_move", reason="plain words") == "Not allowed: plain words"


def test_rule_ids_are_for_how_to_play_and_a_refusals_details_not_every_sentence():
    """From a new player's trial: no text a player reads names a ruling's id
    but How to play; a refusal keeps them as its details (Message.rulings)."""
    import string

    from web.model.lessons import read_lessons

    for code in ("en", "nl"):
        texts.set_language(code)
        for key, template in texts.TEXTS[code].items():
            names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
            said = t(key, **{name: "x (R9)" for name in names})
            assert ("(R" in said) == (key.startswith("help_") and "(R" in template + said), (code, key, said)
        lessons = read_lessons((ROOT / "web" / "data" / "lessons.json").read_text(encoding="utf-8"))
        for lesson in lessons:
            assert "(R" not in lesson.text("intro", code)
            for task in lesson.tasks:
                for name in ("prompt", "hint", "success"):
                    assert "(R" not in task.text(name, code), (task.id, name)
    texts.set_language("en")
    assert warning("illegal_move", reason=text("blockade", player="White")).rulings() == ["R18"]
    # The page as the build writes it, before Python runs (the dice dialog said "(R6)").
    from tools import prerender
    written = prerender.page((ROOT / "index.html").read_text(encoding="utf-8"), ROOT)
    assert "(R" not in written


#: The sides' old names, in both languages: the page names the sides by their
#: colors, Red and Blue (R28); only the notation's tags keep them.
OLD_SIDE_NAMES = re.compile(r"\b(white|black|wit|witte|zwart|zwarte)\b", re.IGNORECASE)
#: A notation tag quoted (NOTATION.md's ``[White "Anna"]``), where the old
#: name stays, a text's placeholders (``{white}``: a name filled in), and
#: the embed protocol's words quoted or as a URL option's value
#: (``"white"``, ``remote=black``: docs/embed.md keeps them).
TAG = re.compile(r'\[(White|Black)(Setup)? "|\{[^}]*\}|"(white|black)"|=(white|black)\b')


def _page_words() -> dict[str, str]:
    """Every text the page shows, by where it comes from: the page's table
    in both languages, the engine's sentences, the lessons, How to play
    (its words, and its pictures' names for screen readers)."""
    import json

    from militakiri.messages import CATALOGUE

    words = {f"texts[{lang}].{key}": value for lang, table in TEXTS.items() for key, value in table.items()}
    words.update({f"engine.{key}[{i}]": value for key, pair in CATALOGUE.items() for i, value in enumerate(pair)})

    def strings(value, where):
        if isinstance(value, str):
            yield where, value
        elif isinstance(value, dict):
            for key, item in value.items():
                yield from strings(item, f"{where}.{key}")
        elif isinstance(value, list):
            for i, item in enumerate(value):
                yield from strings(item, f"{where}[{i}]")

    lessons = json.loads((ROOT / "web" / "data" / "lessons.json").read_text(encoding="utf-8"))
    words.update((where, value) for where, value in strings(lessons, "lessons")
                 if " " in value)  # sentences, not ids, positions or tokens
    for page in ("en", "nl"):
        html = (ROOT / "rules" / f"{page}.html").read_text(encoding="utf-8")
        words[f"rules/{page}.html alt"] = " ".join(re.findall(r'\bdata-alt="([^"]*)"', html))
        words[f"rules/{page}.html"] = re.sub(r"<[^>]*>", " ", html)
    return words


def test_the_page_names_the_sides_red_and_blue_R28():
    """R28: the sides are Red and Blue (Rood, Blauw) wherever the page
    names them, in both languages; White and Black (Wit, Zwart) only in a
    notation tag quoted."""
    words = _page_words()
    assert words["texts[en].white"] == "Red" and words["texts[nl].black"] == "Blauw"
    left = {where: OLD_SIDE_NAMES.findall(TAG.sub("", value)) for where, value in words.items()}
    assert {where: found for where, found in left.items() if found} == {}
    # (the check finds an old name where one is left)
    assert OLD_SIDE_NAMES.findall(TAG.sub("", 'Anna speelt Zwart; [White "Anna"] {black}')) == ["Zwart"]


def test_the_computers_name_follows_the_language_switched_mid_game(dutch):
    """From a new player's trial: a game against the computer begun in English,
    then Nederlands: the status said "Computer, level 3 (Blauw) wint" and the
    bar "Computer, level 3". Its stored name (the record's) stays as it was;
    what the page shows of it is in the page's language, both ways."""
    from web.model.formatting import bar_name, player_label
    from web.model.settings import GameSettings
    from web.model.ui_state import UiState

    texts.set_language("en")
    state = UiState(GameSettings(computer=1, level=3))
    assert state.players.black == "Computer, level 3"
    texts.set_language("nl")
    assert state.label(1) == "Computer, niveau 3 (Blauw)"
    assert bar_name(1, state.players.black, 3) == t("computer_short", level=3)
    assert state.players.black == "Computer, level 3"  # (the record keeps it)
    texts.set_language("en")
    assert player_label(1, "Computer, niveau 4") == "Computer, level 4 (Blue)"
    assert bar_name(1, "Computer, niveau 4") == "Computer, level 4"
    assert player_label(0, "Anna") == "Anna (Red)"
