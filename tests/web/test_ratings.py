"""Ratings: Glicko-2 as lichess keeps it, the profiles that fold
their rated games, which games count, and refusals of tampered profiles."""

from __future__ import annotations

import json

import pytest

from militakiri.ai.levels import MAX_LEVEL
from militakiri.randomness import Random

from web.model import rating
from web.model.intents import (ConfirmUnrate, NewGame, RandomSetup, Resign, RollDice, SetupDone, ShowHint, StartGame,
                                TakeBack, Tick, WantHint)
from web.model.jsontext import check_code, dumps
from web.model.profiles import Profile, RatedEnd, legacy_keys, profile_key, rate
from web.model.rated_games import MAX_GAMES, ProfileError, RatedGame, is_game_id, new_game_id
from web.model.rating import NEW, Glicko
from web.model.settings import GameSettings
from web.model.modes import play
from web.services.autosave import restore, snapshot
from web.services.profiles import ProfileStore
from web.services.storage import MemoryStorage, SafeStorage

from . import fakes
from .fakes import reseal
from .test_computer import computer_plays

WHEN = 1_800_000_000


# Glicko-2 ---------------------------------------------------------------------------


def test_glickmans_worked_example():
    """The paper's example: 1500/200 after three games is 1464.06/151.52
    (the paper rounds; the exact figure is 1464.0507)."""
    player = Glicko(1500, 200, 0.06)
    after = player.after([(Glicko(1400, 30), 1), (Glicko(1550, 100), 0), (Glicko(1700, 300), 0)],
                         tau=0.5, bounded=False)
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_lichess_bounds():
    """lila modules/rating: start 1500, deviation 500 and volatility 0.09;
    the deviation kept within 45-500; provisional while it is 110 or more;
    at most 700 points a game; the volatility at most 0.1."""
    assert (NEW.rating, NEW.deviation, NEW.volatility) == (1500, 500, 0.09)
    assert NEW.provisional and NEW.display() == "1500?"
    # A settled player's deviation never drops below 45 (Glicko-2 would take it to 44.6 here).
    settled = Glicko(1500, 45, 0.0001)
    assert settled.after([(Glicko(1500, 45), 0.5)], bounded=False).deviation < 45
    assert settled.after([(Glicko(1500, 45), 0.5)]).deviation == rating.MIN_DEVIATION
    assert not settled.provisional
    assert Glicko(1800, 109.9).display() == "1800" and Glicko(1800, 110).display() == "1800?"
    # A new player beating a far stronger one moves at most 700 points.
    upset = NEW.after([(Glicko(3000, 45), 1)])
    assert upset.rating - NEW.rating == rating.MAX_RATING_DELTA
    # The deviation never passes 500, nor the volatility 0.1, nor the rating goes under 600.
    wild = Glicko(650, 500, 0.1).after([(Glicko(400, 500), 0)])
    assert wild.deviation <= 500 and wild.volatility <= 0.1 and wild.rating >= rating.MIN_RATING


# Profiles ---------------------------------------------------------------------------


def played(profile: Profile, results: str, level_rating: int = 1400) -> Profile:
    for number, result in enumerate(results):
        word = {"w": "win", "d": "draw", "l": "loss"}[result]
        profile, _ = profile.rated(RatedGame(f"g{number}", "single", WHEN + number, "Computer, level 5", 5,
                                             level_rating, 60, word, "towers"))
    return profile


def test_a_profile_is_the_fold_of_its_games():
    anna = played(Profile("Anna"), "wwldw")
    standing = anna.standing("single")
    assert (standing.games, standing.wins, standing.draws, standing.losses) == (5, 3, 1, 1)
    assert [rating for _, rating in standing.history] == [game.after for game in anna.games]
    assert standing.best_win is not None and standing.best_win.opponent_rating == 1400
    assert anna.standing("double").games == 0 and anna.glicko("double") == NEW
    assert Profile.read(anna.text()) == anna


def test_a_game_is_rated_once():
    anna = played(Profile("Anna"), "w")
    with pytest.raises(ProfileError, match="rated already"):
        anna.rated(anna.games[0])



@pytest.mark.parametrize("text, reason", [
    ("", "not a Militakiri profile"),
    ("[" * 200, "not a Militakiri profile"),
    ('{"kind": "militakiri-profile", "format": 9, "name": "A", "games": []}', "newer version"),
    ('{"format": 1, "name": "A", "games": []}', "not a Militakiri profile"),
    ('{"kind": "militakiri-profile", "format": 1, "name": "A", "games": [], "check": "AAAA"}', "check code"),
    (None, "not text"),
])
def test_what_is_not_a_profile_is_refused(text, reason):
    with pytest.raises(ProfileError, match=reason):
        Profile.read(text)


def test_a_tampered_profile_is_refused_even_resealed():
    """Storage edited by hand: a changed result is found by the check code,
    and, with the check code made again, by the ratings the games left."""
    anna = played(Profile("Anna"), "lll")
    text = anna.text()
    with pytest.raises(ProfileError, match="check code"):
        Profile.read(text.replace('"loss"', '"win"', 1))

    def won(data):
        data["games"][0]["result"] = "win"
    with pytest.raises(ProfileError, match="its game 1 says it left a rating of .* it was changed outside the game"):
        Profile.read(reseal(text, won))

    def bad(data):
        data["games"][1]["opponent_rating"] = "1400"
    with pytest.raises(ProfileError, match='its game 2: "opponent_rating" is not a number'):
        Profile.read(reseal(text, bad))

    def nameless(data):
        data["name"] = "  "
    with pytest.raises(ProfileError, match="its name is not a player's name"):
        Profile.read(reseal(text, nameless))

    def many(data):
        data["games"] = data["games"] * (MAX_GAMES // 2)
    with pytest.raises(ProfileError, match="at most 5000"):
        Profile.read(reseal(text, many))


def test_rating_two_people_and_the_computer():
    end = RatedEnd("x1", "double", ("Anna", "Bo"), None, 0, None, "move-rule")
    after, changes = rate(end, {0: played(Profile("Anna"), "wwww"), 1: Profile("Bo")}, None, WHEN)
    assert {change.name for change in changes} == {"Anna", "Bo"}
    anna_game = after[0].games[-1]
    assert (anna_game.board, anna_game.opponent, anna_game.level, anna_game.result) == ("double", "Bo", 0, "draw")
    assert after[1].games[-1].opponent_rating == 1500  # Anna's double-board rating: new there
    end = RatedEnd("g2", "single", ("Computer, level 3", "Anna"), 0, 3, 0, "resignation")
    after, changes = rate(end, {1: Profile("Anna")}, Glicko(1100, 45), WHEN)
    assert list(after) == [1] and changes[0].difference < 0
    assert after[1].games[-1].to_dict() == {
        "game": "g2", "board": "single", "when": WHEN, "opponent": "Computer, level 3", "level": 3,
        "opponent_rating": 1100, "opponent_deviation": 45, "result": "loss", "ended": "resignation",
        "after": round(changes[0].after.rating), "points": 0}  # a Starter's forfeit costs nothing (R26)


def test_names_in_any_case_are_one_profile_and_game_ids_are_short():
    assert profile_key("zoë") == profile_key("Zoë") != profile_key("Zoe")
    assert is_game_id(new_game_id(7)) and not is_game_id("G1") and not is_game_id("x" * 33)


# The store --------------------------------------------------------------------------


def test_a_damaged_profile_is_listed_refused_and_never_written_over():
    storage = SafeStorage(MemoryStorage())
    store = ProfileStore(storage)
    storage.set(profile_key("Anna"), '{"kind": "militakiri-profile"')
    profiles, refused = store.all()
    assert profiles == [] and refused[0][0] == profile_key("Anna") and "not JSON" in refused[0][1]
    end = RatedEnd("g1", "single", ("Anna", "Computer, level 2"), 1, 2, 0, "towers")
    outcome = store.rate(end, Glicko(1000, 45), WHEN)
    assert outcome.changes == [] and "Anna's profile cannot be read" in outcome.problems[0]
    assert storage.get(profile_key("Anna")) == '{"kind": "militakiri-profile"'


def test_storage_that_refuses_a_write_is_said():
    class Full(MemoryStorage):
        def setItem(self, key, value):
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
    store = ProfileStore(SafeStorage(Full()))
    outcome = store.rate(RatedEnd("g1", "single", ("Anna", "Computer, level 2"), 1, 2, 0, "towers"),
                         Glicko(1000, 45), WHEN)
    assert outcome.changes == []  # nothing changed on the device
    assert outcome.problems == ["the browser refused to keep Anna's new rating (QuotaExceededError: the quota has "
                                "been exceeded)"]


def test_import_adds_updates_and_refuses():
    storage = SafeStorage(MemoryStorage())
    store = ProfileStore(storage)
    older, newer = played(Profile("Anna"), "ww"), played(Profile("Anna"), "wwl")
    assert store.import_text(older.text()) == older
    assert store.import_text(newer.text()) == newer  # the same profile, later: it updates
    with pytest.raises(ProfileError, match="another profile named Anna"):
        store.import_text(played(Profile("Anna"), "l").text())
    assert store.get("Anna") == newer  # the working profile stays
    with pytest.raises(ProfileError, match="check code"):
        store.import_text(newer.text().replace('"win"', '"loss"'))
    assert store.get("Anna") == newer
    # A damaged one here is kept aside, then the file is taken.
    storage.set(profile_key("Bo"), "garbage")
    assert store.import_text(Profile("Bo").text()).name == "Bo"
    assert storage.get(profile_key("Bo") + ".unreadable") == "garbage"


# Which games count ---------------------------------------------------------------


def two_players_started(**settings):
    state, clock = fakes.state_for(None, white="Anna", black="Bo", rated=True, seed=5, **settings)
    for _ in range(2):
        state.apply(RandomSetup())
        state.apply(SetupDone())
    state.apply(RollDice())
    state.apply(StartGame())
    return state, clock


def play_some(state, plies):
    rng = Random(3)
    for _ in range(plies):
        assert play.play_token(state, rng.choice(sorted(state.game.legal_moves())))


def test_a_rated_two_player_game_ends_by_resignation():
    state, _ = two_players_started()
    assert state.rated is not None
    state.apply(Resign(state.game.position.turn))
    assert state.rated_end() is None  # resigned before any move: aborted, not rated
    state, _ = two_players_started()
    play_some(state, 3)
    assert state.rated_end() is None  # not over yet
    loser = state.game.position.turn
    assert state.apply(Resign(loser))
    end = state.rated_end()
    assert (end.ended, end.winner, end.computer, end.names) == ("resignation", 1 - loser, None, ("Anna", "Bo"))


def test_a_rated_game_lost_on_time_is_rated_R21():
    state, clock = two_players_started(time_control="5+0")
    play_some(state, 3)
    loser = state.game.position.turn
    clock.t += 6
    assert state.apply(Tick())
    end = state.rated_end()
    assert (end.ended, end.winner, end.names) == ("time", 1 - loser, ("Anna", "Bo"))


def test_a_rated_game_the_rules_end_is_rated():
    state, _ = two_players_started()
    rng = Random(3)
    while not state.game.is_over():
        assert state.rated_end() is None
        assert play.play_token(state, rng.choice(sorted(state.game.legal_moves())))
    end = state.rated_end()
    outcome = state.game.outcome()
    assert (end.ended, end.winner) == (outcome.termination, outcome.winner)
    assert end.ended in ("towers", "no-moves", "move-rule")


def test_between_two_people_an_abandoned_game_is_not_rated():
    state, _ = two_players_started()
    play_some(state, 2)
    assert state.rated_end(abandoned=True) is None


def test_against_the_computer_an_abandoned_game_is_lost_once_a_move_is_played():
    state, _ = fakes.state_for(None, white="Anna", computer=1, level=2, rated=True, seed=5)
    assert state.rated is not None
    state.apply(RandomSetup())
    state.apply(SetupDone())
    assert computer_plays(state)
    state.apply(RollDice())
    state.apply(StartGame())
    assert state.rated_end(abandoned=True) is None  # before the first move: aborted, not rated
    if state.computer_turn():
        assert computer_plays(state)
    else:
        play.play_token(state, sorted(state.game.legal_moves())[0])
    end = state.rated_end(abandoned=True)
    assert (end.ended, end.winner, end.computer, end.level) == ("abandoned", 1, 1, 2)


def test_a_take_back_in_a_rated_game_is_asked_first_and_declined_keeps_it_rated():
    """A take-back unrates a rated game: the player is asked before it (the
    same question a hint puts), not told after it. Declined, the game stays
    rated with its moves; accepted, the move is taken back and the game unrated."""
    from web.model.modes import rated as rated_mode

    state, _ = two_players_started()
    play_some(state, 2)
    rated, tokens = state.rated, list(state.game.tokens)
    assert rated is not None
    assert state.apply(TakeBack()) and rated_mode.question(state)["title"] == "take_back_confirm_title"
    assert state.rated == rated and state.game.tokens == tokens  # nothing taken back yet
    assert not state.apply(TakeBack())  # (asked once)
    assert state.apply(ConfirmUnrate(False))
    assert rated_mode.question(state) is None
    assert state.rated == rated and state.game.tokens == tokens
    assert state.status().key == "take_back_declined_rated"
    assert state.apply(TakeBack()) and state.apply(ConfirmUnrate(True))
    assert state.rated is None and state.game.tokens == tokens[:-1]
    assert state.status().key == "unrated_take_back"
    assert state.apply(TakeBack()) and state.game.tokens == tokens[:-2]  # unrated now: at once


def test_a_hint_in_a_rated_game_is_asked_for_first_and_declined_keeps_it_rated():
    """A hint unrates a rated game: the player is asked before it, not told
    after it. Declined, the game stays rated and the computer is asked
    nothing; accepted, it is unrated, then the hint comes."""
    from web.model.modes import computer

    state, _ = two_players_started()
    play_some(state, 2)
    rated = state.rated
    token = sorted(state.game.legal_moves())[0]
    assert rated is not None
    assert computer.hint_question(state) is None  # not before the player agreed
    assert not state.apply(ShowHint(token)) and state.hint is None and state.rated == rated
    assert not state.apply(ConfirmUnrate(True))  # (no question put: nothing to answer)
    assert state.apply(WantHint()) and state.rated == rated
    assert not state.apply(WantHint())  # (asked once)
    assert state.apply(ConfirmUnrate(False))
    assert state.rated == rated and state.status().key == "hint_declined_rated"
    assert computer.hint_question(state) is None
    assert state.apply(WantHint()) and state.apply(ConfirmUnrate(True))
    assert state.rated is None and state.status().key == "unrated_for_hint"
    assert computer.hint_question(state) is not None
    assert state.apply(ShowHint(token)) and state.hint is not None
    assert not state.apply(WantHint())  # unrated now: the hint is asked for at once


def test_what_cannot_be_rated_starts_unrated():
    for settings in (dict(white="Anna", black="anna"), dict(white="Anna", black=""),
                     dict(white="Anna", black="Bo", position="5s^/6/6/6/6/6/6/6/2p13/6/1x^4/S^5 w 000/000 -/- - 1")):
        state, _ = fakes.state_for(settings.pop("position", None), rated=True, **settings)
        assert state.rated is None
    state, _ = fakes.state_for(None, white="Anna", black="Bo")
    assert state.rated is None  # unrated is the default


def test_a_rated_games_save_keeps_it_rated():
    state, _ = two_players_started()
    play_some(state, 2)
    text = snapshot(state.game, now=0, rated=state.rated)
    assert restore(text, wall_now=0).rated == state.rated
    forged = json.loads(text)
    forged.pop("check")
    forged["rated"] = "NOT AN ID"
    forged["check"] = check_code(forged)
    with pytest.raises(Exception, match="rated game's id"):
        restore(dumps(forged, compact=True), wall_now=0)


def test_each_new_rated_game_has_its_own_id():
    state, _ = two_players_started()
    first = state.rated
    state.apply(NewGame(GameSettings(white="Anna", black="Bo", rated=True)))
    assert state.rated is not None and state.rated != first
    assert MAX_LEVEL == 8 and GameSettings().level == 3  # the ladder's top; "easy" by default


def test_a_hint_is_saved_at_once_and_a_game_left_for_another_is_kept_unrated():
    """From a new player's trial: the save kept "rated" after a hint (no move,
    no save; now the game is unrated as the player agrees to a hint), and a game counted as lost came back rated from Saved games."""
    from web.model.events import GameEvents  # noqa: PLC0415
    from web.services.autosave import Autosaver  # noqa: PLC0415

    backend = MemoryStorage()
    saver = Autosaver(SafeStorage(backend), slot="tab")
    state, clock = two_players_started()
    play_some(state, 2)
    assert saver.update(state, clock()) == "saved"
    key = saver.key
    assert restore(backend.items[key], wall_now=0).rated == state.rated
    events = GameEvents()
    events.update(state)
    assert state.apply(WantHint()) and state.apply(ConfirmUnrate(True))  # (unrated for the hint to come)
    assert [event.name for event in events.update(state)] == ["changed"]  # the page saves on it
    assert saver.update(state, clock()) == "saved"
    assert restore(backend.items[key], wall_now=0).rated is None
    # A rated game left unfinished for a new one stays among the saved games, unrated.
    state, clock = two_players_started()
    play_some(state, 2)
    saver.update(state, clock())
    key = saver.key
    state.apply(NewGame(GameSettings(white="Anna", black="Bo")))
    saver.update(state, clock())
    assert key in backend.items and restore(backend.items[key], wall_now=0).rated is None


def test_no_computers_view_while_a_rated_game_goes_on():
    state, _ = two_players_started()
    play_some(state, 2)
    assert state.can_hint() and state.view_position() is None  # a hint, which unrates; no free view
    state.apply(Resign(0))
    assert state.view_position() is not None


def test_a_refusal_is_said_in_the_page_s_language():
    """A profile's refusal is a text key with its values, said in the language
    shown (a Dutch page said English reasons inside Dutch sentences)."""
    from web.i18n import texts

    text = Profile("Anna").text()
    with pytest.raises(ProfileError) as info:
        Profile.read(text.replace('"check":"', '"check":"x'))
    assert info.value.key == "pf_check" and "check code does not match" in str(info.value)
    texts.set_language("nl")
    try:
        assert str(info.value) == "het is buiten het spel veranderd of afgebroken (de controlecode klopt niet)"
        assert texts.t("rating_not_kept", reason=info.value).startswith("Geen rating: het is buiten het spel")
    finally:
        texts.set_language("en")


# What the page reads from outside and keeps -----------------------------------------


def test_two_names_that_shared_a_key_of_before_are_two_profiles():
    # Both names hashed to one 32-bit key of before: one player's games went into the other's rating.
    assert legacy_keys("Anna 17098") == legacy_keys("Bram 21842")
    storage = SafeStorage(MemoryStorage())
    store = ProfileStore(storage)
    anna = played(Profile("Anna 17098"), "ww")
    storage.set(legacy_keys("Anna 17098")[0], anna.text())  # kept there by a page of before
    assert store.get("Bram 21842") == Profile("Bram 21842")  # Anna's profile is not Bram's
    assert store.get("anna 17098") == anna  # found by its name
    # Bram's file is imported beside Anna's profile, not refused as hers.
    elsewhere = MemoryStorage()
    elsewhere.items = dict(storage.backend.items)
    bram = played(Profile("Bram 21842"), "l")
    assert ProfileStore(SafeStorage(elsewhere)).import_text(bram.text()) == bram
    assert elsewhere.items[legacy_keys("Anna 17098")[0]] == anna.text()
    end = RatedEnd("g9", "single", ("Bram 21842", "Computer, level 2"), 1, 2, 0, "towers")
    assert [change.name for change in store.rate(end, Glicko(1000, 45), WHEN).changes] == ["Bram 21842"]
    assert [game.game for game in store.get("Bram 21842").games] == ["g9"]
    assert store.get("Anna 17098") == anna and storage.get(legacy_keys("Anna 17098")[0]) == anna.text()
    # Anna's next game moves her profile to its own key.
    end = RatedEnd("g10", "single", ("Anna 17098", "Computer, level 2"), 1, 2, 0, "towers")
    store.rate(end, Glicko(1000, 45), WHEN + 9)
    assert storage.get(legacy_keys("Anna 17098")[0]) is None
    assert [game.game for game in store.get("Anna 17098").games] == ["g0", "g1", "g10"]
    profiles, refused = store.all()
    assert sorted(profile.name for profile in profiles) == ["Anna 17098", "Bram 21842"] and refused == []


def test_names_are_folded_as_cpython_folds_them():
    import unicodedata

    from web.model.names import fold

    # Every Latin letter the table covers, capital and small, composed and decomposed (NFD).
    for code in range(0xC0, 0x250):
        char = chr(code)
        for text in {char, char.upper(), char.lower(), unicodedata.normalize("NFD", char),
                     unicodedata.normalize("NFD", char.upper())}:
            if any(not (ord(part) < 0x80 or 0xC0 <= ord(part) < 0x250 or 0x300 <= ord(part) < 0x370)
                   for part in text):
                continue  # (a capital outside the Latin letters covered: Ȿ of ȿ)
            name = f"Zo{text}X"
            assert fold(name) == unicodedata.normalize("NFC", name.casefold()), (hex(code), text)
    assert fold("ÉLODIE") == fold("élodie") and fold("Zo\u00eb") == fold("Zoe\u0308")
    # The page's MicroPython lowers ASCII letters only: the table, not str.lower, folds the rest.
    assert profile_key("ÉLODIE") == profile_key("élodie") and profile_key("Zo\u00eb") == profile_key("ZOE\u0308")


def test_a_name_in_another_case_or_spelling_of_its_accent_is_one_profile():
    storage = SafeStorage(MemoryStorage())
    store = ProfileStore(storage)
    for number, name in enumerate(("élodie", "ÉLODIE", "Zo\u00eb", "Zoe\u0308")):
        store.rate(RatedEnd(f"g{number}", "single", (name, "Computer, level 2"), 1, 2, 0, "towers"),
                   Glicko(1000, 45), WHEN + number)
    profiles, _ = store.all()
    assert sorted((profile.name, len(profile.games)) for profile in profiles) == [("Zo\u00eb", 2), ("élodie", 2)]
    # Kept by a page of before under a key of its own spelling, in MicroPython or Pyodide: found still.
    old = played(Profile("ÉLODIE"), "w")
    for key in legacy_keys("ÉLODIE"):
        other = SafeStorage(MemoryStorage())
        other.set(key, old.text())
        assert ProfileStore(other).get("Élodie") == old


def test_the_games_past_the_limit_fold_into_a_start_and_the_profile_reads(monkeypatch):
    from web.model import profiles

    monkeypatch.setattr(profiles, "MAX_GAMES", 10)
    whole = Profile("Anna")
    for number in range(14):  # the rating and points that 14 games give, none dropped
        whole.games.append(RatedGame(f"g{number}", "single", WHEN + number, "X", 0, 1300 + 40 * number, 60,
                                     ("win", "draw", "loss")[number % 3], "towers"))
    anna = Profile("Anna")
    for game in whole.games:
        anna, change = anna.rated(game)
    assert len(anna.games) == 10 and anna.games[0].game == "g4"
    again = Profile.read(anna.text())  # game 11 left it readable: the kept games fold from the start
    assert again == anna and json.loads(anna.text())["format"] == 3
    folded = whole.standing("single")
    kept = again.standing("single")
    assert (kept.glicko, kept.points, kept.games, kept.wins, kept.draws, kept.losses) == (
        folded.glicko, folded.points, 14, 5, 5, 4)
    assert again.rated(RatedGame("g99", "single", WHEN + 99, "X", 0, 1500, 60, "win", "towers"))[0].games[-1].after
    # Rankings plots it from its start: the rating and points the dropped games left.
    from web.model.rankings import ranking
    row = ranking([again], None, "single")[0]
    assert (row.history[0], row.points_history[0], row.games) == (
        round(again.start["single"].glicko.rating), again.start["single"].points, 14)
    # Its file, later, imported over this profile of before the limit: the same player's, taken.
    store = ProfileStore(SafeStorage(MemoryStorage()))
    earlier = Profile("Anna")
    for game in whole.games[:9]:
        earlier, _ = earlier.rated(game)
    store.put(earlier)
    assert store.import_text(anna.text()) == anna
    # The start is checked like the rest: a forged one is refused with the reason.
    body = json.loads(anna.text())
    del body["check"]
    body["start"]["single"]["points"] = -5
    body["check"] = check_code(body)
    with pytest.raises(ProfileError, match="starting point"):
        Profile.read(dumps(body))
    body["start"]["single"]["points"] = anna.start["single"].points + 10  # then the history says otherwise
    del body["check"]
    body["check"] = check_code(body)
    with pytest.raises(ProfileError, match="games give"):
        Profile.read(dumps(body))


def test_a_profile_with_one_game_twice_is_refused():
    body = json.loads(played(Profile("Anna"), "ww").text())
    del body["check"]
    body["games"][1]["game"] = body["games"][0]["game"]  # the same game, counted on top of itself
    body["check"] = check_code(body)
    with pytest.raises(ProfileError, match="its game 2 is its game 1 again"):
        Profile.read(dumps(body))


def test_big_and_deep_files_are_refused_before_they_are_read(monkeypatch):
    from web.model import profiles

    def never(*args, **kwargs):
        raise AssertionError("read into objects")

    monkeypatch.setattr(profiles, "loads", never)
    game = '{"after":1500,"board":"single","ended":"towers","game":"g","level":0,"opponent":"X",' \
           '"opponent_deviation":60,"opponent_rating":1500,"points":0,"result":"win","when":1}'
    many = '{"format":2,"games":[' + ",".join([game] * (2 * MAX_GAMES)) + ']}'
    with pytest.raises(ProfileError, match="at most 5000"):
        Profile.read(many)  # twice the games allowed, within the characters allowed
    with pytest.raises(ProfileError, match="far more than a profile holds"):
        Profile.read("x" * 50_000_000)
    monkeypatch.undo()
    with pytest.raises(ProfileError, match="not JSON"):
        Profile.read("[" * 1_900_000)


def test_importing_over_a_damaged_profile_keeps_every_damaged_copy():
    storage = SafeStorage(MemoryStorage())
    store = ProfileStore(storage)
    key = profile_key("Bo")
    storage.set(key, "first damage")
    store.import_text(played(Profile("Bo"), "w").text())
    storage.set(key, "second damage")
    store.import_text(played(Profile("Bo"), "w").text())
    assert (storage.get(key + ".unreadable"), storage.get(key + ".unreadable.2")) == ("first damage", "second damage")
    assert [profile.name for profile in store.all()[0]] == ["Bo"] and store.all()[1] == []


def test_two_tabs_ending_rated_games_of_one_profile_at_once_both_count():
    shared = MemoryStorage()
    here = ProfileStore(SafeStorage(shared))
    before = played(Profile("Anna"), "w")
    here.put(before)
    # The other tab read the profile before this one wrote: its copy has not this tab's game.
    stale = MemoryStorage()
    stale.items = dict(shared.items)
    other = ProfileStore(SafeStorage(stale))
    here.rate(RatedEnd("mine", "single", ("Anna", "Computer, level 2"), 1, 2, 0, "towers"), Glicko(1000, 45), WHEN + 5)
    other.rate(RatedEnd("theirs", "single", ("Anna", "Computer, level 3"), 1, 3, 1, "towers"), Glicko(1100, 45),
               WHEN + 6)
    shared.items[profile_key("Anna")] = stale.items[profile_key("Anna")]  # the other tab wrote last
    assert here.recount(profile_key("Anna")) == [("rating_other_tab", {"name": "Anna"})]
    assert [game.game for game in here.get("Anna").games] == ["g0", "theirs", "mine"]
    assert here.recount(profile_key("Anna")) == []  # counted once


def test_a_page_that_cannot_keep_a_profile_rates_from_a_new_one_for_the_site():
    from web.model.modes.rated import rated_note
    from web.services.embed import rating_message

    store = ProfileStore(SafeStorage.from_getter(lambda: MemoryStorage(fail=True)._check()))
    assert not store.keeps
    end = RatedEnd("g1", "single", ("Anna", "Computer, level 5"), 1, 5, 0, "towers")
    outcome = store.rate(end, Glicko(1402, 60), WHEN)
    assert not outcome.kept and outcome.problems == []
    assert [(change.name, change.before.display(), change.after.display()) for change in outcome.changes] == [
        ("Anna", "1500?", "1681?")]
    assert rating_message(outcome.changes[0], end, outcome.kept)["kept"] is False
    # Said before the game starts, from its set-up on.
    state, _ = fakes.state_for(None, white="Anna", black="Bo", rated=True, seed=5)
    assert rated_note(state, True, True) is None and rated_note(state, False, True) == "status_rated_site"
    assert rated_note(state, False, False) == "status_rated_not_kept"
