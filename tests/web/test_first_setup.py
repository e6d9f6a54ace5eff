"""The set-up before Python (issue 11; tools/first_setup.py,
web/boot/early_setup.js, web/ui/early_setup.py).

The script answers clicks from a table the build made with the engine. Here
that table is checked against the page's set-up stage for every set-up a
player can hold on the single board, every field clicked, both colours: the
fields a click leaves placed, the refusal (in every language), what the
board shows, and where the ghosts are. ``table_point`` is the script's
``point`` written again as the oracle's other side; tests/browser/
test_early_setup.py drives the script itself."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest

from militakiri import SINGLE
from tools import first_setup
from web.i18n import texts
from web.model.settings import GameSettings
from web.model.setup_stage import SetupStage, read_placed
from web.model.ui_state import UiState

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def table() -> dict:
    return first_setup.table(ROOT)


def table_point(colour: dict, placed: dict[int, str], field: str) -> tuple[dict[int, str], dict | None]:
    """What web/boot/early_setup.js point() makes of a click."""
    placed = dict(placed)
    row = colour["row"].get(field)
    if row and placed.get(row) == field:
        del placed[row]
        return placed, None
    if row:
        placed.pop(row, None)
    refusal = colour["refusals"].get(field)
    if refusal is None:
        placed[row] = field
    return placed, refusal


def stage_with(color: int, placed: dict[int, str]) -> SetupStage:
    stage = SetupStage(SINGLE)
    stage.color = color
    for field in placed.values():
        stage.draft.place(field)
    return stage


@pytest.mark.parametrize("color", [0, 1])
def test_the_table_answers_every_click_as_the_set_up_stage_does(table, color):
    colour = table["colours"][color]
    names = [SINGLE.square_name(sq) for sq in range(SINGLE.files * SINGLE.rows)]
    by_row = {row: sorted(f for f, r in colour["row"].items() if r == row) for row in (1, 2, 3)}
    assert [len(fields) for fields in by_row.values()] == [6, 6, 6]
    checked = 0
    for choice in product(*[[None, *by_row[row]] for row in (1, 2, 3)]):
        placed = {row: field for row, field in zip((1, 2, 3), choice) if field}
        for field in names:
            stage = stage_with(color, placed)
            message = stage.point(field)
            after, refusal = table_point(colour, placed, field)
            assert sorted(after.values()) == sorted(stage.draft.tower_squares()), (placed, field)
            if message is None:
                assert refusal is None, (placed, field)
            else:
                for code in texts.TEXTS:
                    texts.set_language(code)
                    assert refusal[code] == message.text(), (placed, field, code)
                texts.set_language("en")
            # What the board shows: the towers and the pawns of their rows (R4) ...
            shown = {}
            for tower_field in after.values():
                shown.update(colour["shows"][tower_field])
            assert shown == {SINGLE.square_name(sq): first_setup.sprite_name(piece)
                             for sq, piece in stage.draft.pieces().items()}
            # ... and the ghosts: where each row without a tower may take it.
            ghosts = sorted(g for row in (1, 2, 3) if row not in after for g in colour["ghosts"][str(row)])
            assert ghosts == sorted(mark.square for mark in stage.ghosts())
            checked += 1
    assert checked == 7 ** 3 * 48


def test_the_texts_are_the_stage_s_prompts_with_the_player_left_to_fill(table):
    white, black = table["colours"]
    stage = SetupStage(SINGLE)
    texts.set_language("nl")
    try:
        assert white["prompt"]["nl"] == stage.prompt("{player}").text()
    finally:
        texts.set_language("en")
    assert "{player}" in black["complete"]["en"] and "rank 8" in black["prompt"]["en"]
    assert set(table["sprites"]) == {f"{kind}{color}{shape}" for kind in "tp" for color in "01" for shape in "sxp"}
    assert all(url.startswith("data:image/svg+xml,%3Csvg") and "#" not in url for url in table["sprites"].values())


def test_a_placed_set_up_is_read_with_care():
    assert read_placed('[{"colour": 0, "fields": ["c1", "d2", "b3"], "done": true}]') == [(0, ["c1", "d2", "b3"], True)]
    for text in ('[{"colour": "0", "fields": []}]', '[{"colour": 0, "fields": "c1"}]', '[{"colour": 0}]',
                 '[{"colour": 0, "fields": ["c1", "d2", "b3", "e1"]}]', '[{"colour": 0, "fields": [1]}]',
                 '[{"colour": 0, "fields": ["' + "x" * 5000 + '"]}]', "", "null", "[]", "{}", "[1]",
                 '[{"colour": 0, "fields": []}, {"colour": 0, "fields": []}]',
                 '[' + ', '.join(['{"colour": 0, "fields": []}'] * 3) + ']'):
        assert read_placed(text) is None, text
    assert read_placed('[{"colour": 1, "fields": [], "done": "yes"}]') == [(1, [], False)]


def test_the_page_places_it_through_the_engine_when_that_colour_places():
    state = UiState(GameSettings())
    assert not state.place_setup(1, ["c8"], False)  # White places first: nothing changes
    assert state.setup.draft.tower_squares() == []
    assert state.place_setup(0, ["c1", "d2", "b3"], True)
    assert state.setup_color == 1  # done: Black places
    assert state.setup.drafts[0].setup().text() == "Sc Xd Pb"


def test_a_field_the_engine_refuses_stops_the_placing_and_says_why():
    state = UiState(GameSettings())
    assert state.place_setup(0, ["c1", "c5", "b3"], True)  # forged: c5 is outside the zone
    assert state.setup_color == 0 and state.setup.draft.tower_squares() == ["c1"]
    assert "c5 is not in White's set-up zone" in state.status().text()


def test_the_build_refuses_a_table_that_would_depend_on_other_rows(monkeypatch):
    """If a rule made one row's answer depend on another row, the script's
    lookups would lie: the build stops instead (say R5 on the single board)."""
    from militakiri.draft import SetupDraft

    problem = SetupDraft.problem

    def coupled(self, square):
        if square == "a2" and "c1" in self.tower_squares():
            return problem(self, "a5")  # any refusal
        return problem(self, square)

    monkeypatch.setattr(SetupDraft, "problem", coupled)
    with pytest.raises(first_setup.FirstSetupError, match="a2"):
        first_setup.table(ROOT)
