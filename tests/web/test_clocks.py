"""The time New game offers (web/model/clocks.py): the full manual's clocks
per player on each board (R21), its correspondence times per move (R22),
the extras beneath them, and games started with each."""

from __future__ import annotations

import re

import pytest

from militakiri import Position, TimeControl
from militakiri.randomness import Random

from web.i18n import texts
from web.model import clocks
from web.model.clocks import SettingsError, choice_control, choice_label, chosen, custom_time_control, time_menu_markup
from web.model.core import PLAYING
from web.model.intents import MovePiece, RandomSetup, RollDice, SetupDone, StartGame
from web.model.settings import GameSettings, from_query
from web.model.ui_state import UiState

from .fakes import FakeClock

#: R21, as the full manual gives them: minutes per player, by board.
MANUAL = {
    "single": {"ultra_fast": 10, "very_fast": 20, "fast": 30, "standard": 60, "long": 120},
    "double": {"ultra_fast": 20, "very_fast": 40, "fast": 60, "standard": 120, "long": 240},
}
#: R22, both boards: hours per move.
CORRESPONDENCE = {"corr_fast": 24, "corr_standard": 48, "corr_long": 72}
OFFICIAL = [(board, name, minutes) for board, clocks_ in MANUAL.items() for name, minutes in clocks_.items()]


@pytest.fixture(autouse=True)
def english():
    texts.set_language("en")
    yield
    texts.set_language("en")


def menu(board: str, choice: str = "none") -> list[tuple[str, list[tuple[str, str]]]]:
    """The time menu New game shows for ``board``: (group label, [(value, label)])."""
    markup = time_menu_markup(board, choice)
    return [(label, re.findall(r'<option value="(\w+)"(?: selected)?>([^<]*)</option>', inner))
            for label, inner in re.findall(r'<optgroup label="([^"]*)">(.*?)</optgroup>', markup)]


@pytest.mark.parametrize(("board", "name", "minutes"), OFFICIAL)
def test_each_official_clock_is_its_minutes_per_player_R21(board, name, minutes):
    control = choice_control(board, name)
    assert control.text() == f"{minutes * 60}+0"  # each player's, as the record's TimeControl tag writes it
    assert control.seconds == minutes * 60 and control.mode == "fischer" and control.bonus == 0
    assert chosen(board, control.text()) == name  # a game's time shown again by its name


@pytest.mark.parametrize("board", ["single", "double"])
def test_correspondence_is_24_48_or_72_hours_a_move_on_both_boards_R22(board):
    for name, hours in CORRESPONDENCE.items():
        control = choice_control(board, name)
        assert control.text() == f"c{hours * 3600}" and control.mode == "correspondence"
        assert chosen(board, control.text()) == name


@pytest.mark.parametrize(("board", "name", "minutes"), OFFICIAL)
def test_a_game_started_with_an_official_clock_runs_with_that_time_per_player_R21(board, name, minutes):
    clock = FakeClock()
    settings = GameSettings(board=board, time_control=choice_control(board, name).text(), seed=7)
    state = UiState(settings, now=clock, rng=Random(7))
    for intent in (RandomSetup(), SetupDone(), RandomSetup(), SetupDone(), RollDice(), StartGame()):
        assert state.apply(intent), state.status().text()
    assert state.phase == PLAYING and state.kind.name == board
    game = state.game
    assert game.time_control.text() == f"{minutes * 60}+0"
    each = minutes * 60
    assert [game.clock.remaining(color, clock.t) for color in (0, 1)] == [each, each]
    first = Position.from_string(state.position_string()).turn
    # Only the player to move has a running clock (R21).
    clock.t += 12
    assert game.clock.remaining(first, clock.t) == each - 12
    assert game.clock.remaining(1 - first, clock.t) == each
    token = next(t for t in Position.from_string(state.position_string()).legal_moves() if re.fullmatch(r"\w+-\w+", t))
    assert state.apply(MovePiece(*token.split("-")))
    clock.t += 5
    assert game.clock.remaining(first, clock.t) == each - 12
    assert game.clock.remaining(1 - first, clock.t) == each - 5


def test_the_menu_offers_the_boards_clocks_then_correspondence_then_the_extras_R21_R22():
    single, double = menu("single"), menu("double")
    assert [label for label, _ in single] == ["The manual's clocks (per player)",
                                              "Correspondence (per move)", "Extras (not in the manual)"]
    assert single[0][1] == [("ultra_fast", "Ultra fast \u2013 10 min each"), ("very_fast", "Very fast \u2013 20 min each"),
                            ("fast", "Fast \u2013 30 min each"), ("standard", "Standard \u2013 1 h each"),
                            ("long", "Long \u2013 2 h each")]
    assert double[0][1] == [("ultra_fast", "Ultra fast \u2013 20 min each"), ("very_fast", "Very fast \u2013 40 min each"),
                            ("fast", "Fast \u2013 1 h each"), ("standard", "Standard \u2013 2 h each"),
                            ("long", "Long \u2013 4 h each")]
    for board in (single, double):
        assert board[1][1] == [("corr_fast", "Fast \u2013 24 h a move"), ("corr_standard", "Standard \u2013 48 h a move"),
                               ("corr_long", "Long \u2013 72 h a move")]
        # The extras stay, marked as such, under the official ones: no
        # clock, and other times with a Fischer increment or a Bronstein delay.
        assert board[2][1] == [("none", "No clock"), ("custom", "Other time, Fischer or Bronstein\u2026")]
    # The same values on both boards, in the same order: a choice made keeps
    # its name when the board changes (Standard: 60 min each, then 120).
    assert [v for _, group in single for v, _ in group] == [v for _, group in double for v, _ in group]
    assert [v for _, group in single for v, _ in group] == list(clocks.CHOICES)


def test_the_menu_in_dutch_uses_the_manuals_dutch_names_R21():
    texts.set_language("nl")
    labels = [label for _, group in menu("double") for _, label in group]
    assert labels == ["Ultra snel \u2013 20 min per speler", "Zeer snel \u2013 40 min per speler",
                      "Snel \u2013 1 u per speler", "Standaard \u2013 2 u per speler", "Lang \u2013 4 u per speler",
                      "Snel \u2013 24 u per zet", "Standaard \u2013 48 u per zet", "Lang \u2013 72 u per zet",
                      "Geen klok", "Andere tijd, Fischer of Bronstein\u2026"]
    assert [label for label, _ in menu("single")][2] == "Extra's (niet in de handleiding)"
    assert choice_label("single", "ultra_fast") == "Ultra snel \u2013 10 min per speler"


@pytest.mark.parametrize("board", ["single", "double"])
def test_the_menu_has_the_choice_made_selected(board):
    for choice in clocks.CHOICES:
        markup = time_menu_markup(board, choice)
        assert markup.count(" selected") == 1 and f'<option value="{choice}" selected>' in markup


def test_no_text_speaks_of_a_game_length_split_in_two_R21():
    for code in ("en", "nl"):
        for key, text in texts.TEXTS[code].items():
            assert not re.search(r"split|maximum length|verdeeld over|maximale duur", text, re.I), (code, key)


def test_other_times_are_per_player_with_the_extras_per_move_R21():
    assert custom_time_control(10, 0, "none", 7).text() == "600+0"
    assert custom_time_control("0", "10", "fischer", "1").text() == "10+1"
    assert custom_time_control(20, 0, "bronstein", 3).text() == "1200d3"
    assert custom_time_control(720, 0, "none", 0).text() == "43200+0"  # 12 hours each, the most
    for args, key in [((0, 0.5, "none", 0), "err_too_short"), ((-1, 0, "none", 0), "err_negative"),
                      (("x", 0, "none", 0), "err_not_number"), (("inf", 0, "none", 0), "err_not_number"),
                      ((720, 1, "none", 0), "err_too_long"), ((5, 0, "sandglass", 0), "err_extra")]:
        with pytest.raises(SettingsError) as info:
            custom_time_control(*args)
        assert info.value.key == key and texts.t(key) != key
    with pytest.raises(SettingsError) as info:
        choice_control("single", "custom")  # its fields say its time
    assert info.value.key == "err_preset"


@pytest.mark.parametrize("text", ["300+0", "900+10", "600d3", "5+1", "1500+0"])
def test_an_earlier_games_time_shows_as_another_time_with_the_same_seconds_each(text):
    """A link, save or record of before (5 minutes each, say) keeps its time:
    New game shows it as another time, its fields per player, and starting
    from them gives the same TimeControl back."""
    control = TimeControl.parse(text)
    assert chosen("single", text) == chosen("double", text) == "custom"
    minutes, seconds = divmod(int(control.seconds), 60)
    extra = "bronstein" if control.mode == "bronstein" else "fischer" if control.bonus else "none"
    assert custom_time_control(minutes, seconds, extra, control.bonus).text() == text


def test_the_embeds_time_keeps_its_format():
    """``time=`` is the record's TimeControl, per player, as before."""
    for text in ("-", "300+5", "300d5", "c86400", "600+0"):
        assert from_query("?time=" + text.replace("+", "%2B")).time_control == text
    assert from_query("?board=double&time=14400%2B0").time_control == choice_control("double", "long").text()
