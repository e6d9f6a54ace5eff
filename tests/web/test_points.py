"""Points and rank status (R26, R27): the point table, forfeits, the floor
and the Starter's free losses; the statuses in both languages; profiles
that fold their points, old ones read, forged ones refused; the rated
game's end as the embed tells it; and the possible moves by rank status."""

from __future__ import annotations

import json

import pytest

from militakiri.randomness import Random

from web.i18n import texts
from web.model import board_view, points
from web.model.intents import ConfirmUnrate, OpenGame, RandomSetup, RollDice, SetupDone, StartGame, TakeBack, Touch
from web.model.modes import play
from web.model.points import next_status, points_after, rank_status, status_name
from web.model.profiles import Profile, RatedEnd, rate
from web.model.rated_games import ProfileError, RatedGame
from web.model.rating import Glicko
from web.services.embed import rating_message
from web.services.profiles import ProfileStore
from web.services.storage import MemoryStorage, SafeStorage

from . import fakes
from .fakes import reseal
from .test_computer import computer_plays
from .rated_games import WHEN, rated_game, store_with_wins


# The rulings' figures ---------------------------------------------------------------------


def test_points_of_a_game_on_each_board_R26():
    """Single board: win +10, draw +5, loss -5, forfeit -5; double board
    twice that (for a player past Starter)."""
    for board, start, (win, draw, loss) in (("single", 150, (10, 5, -5)), ("double", 300, (20, 10, -10))):
        assert points_after(board, start, "win", "towers") == start + win
        assert points_after(board, start, "draw", "move-rule") == start + draw
        assert points_after(board, start, "loss", "towers") == start + loss
        assert points_after(board, start, "loss", "resignation") == start + loss  # a forfeit
        assert points_after(board, start, "loss", "abandoned") == start + loss


def test_what_is_a_forfeit_R26():
    """R26: a forfeit is a game given up or left unfinished (resigning,
    abandoning, a connection lost: the embedding page's ``forfeit``); a
    flag fallen (R21) or a deadline passed (R22) is a loss by the clock. A
    win by the opponent's resignation is a win."""
    assert [points.game_kind("loss", ended) for ended in ("resignation", "abandoned", "forfeit")] == ["forfeit"] * 3
    assert [points.game_kind("loss", ended) for ended in ("time", "deadline", "towers", "no-moves")] == ["loss"] * 4
    assert points.game_kind("win", "resignation") == "win" and points.game_kind("draw", "move-rule") == "draw"


def test_a_starter_loses_nothing_and_points_never_fall_below_zero_R26():
    for board, beginner in (("single", 100), ("double", 200)):
        for start in (0, 5, beginner - 1):
            for ended in ("towers", "time", "resignation", "abandoned"):
                assert points_after(board, start, "loss", ended) == start  # a Starter's loss costs nothing
        assert points_after(board, beginner, "loss", "towers") == beginner + points.POINTS[board]["loss"]
    # Any run of results: never below 0.
    rng = Random(26)
    for board in ("single", "double"):
        held = 0
        for _ in range(2000):
            held = points_after(board, held, ("win", "draw", "loss")[rng.randrange(3)],
                                ("towers", "resignation", "time")[rng.randrange(3)])
            assert held >= 0


R27_TABLE = [  # (English, Dutch, single, double), as RULINGS.md R27 gives them
    ("Starter", "Starter", 0, 0), ("Beginner", "Beginner", 100, 200), ("Novice", "Beginneling", 200, 400),
    ("Apprentice", "Leerling", 500, 1000), ("Initiate", "Ge\u00efnitieerde", 1000, 2000),
    ("Junior", "Jongere", 2500, 5000), ("Intermediate", "Intermediaire", 5000, 10000),
    ("Senior", "Senior", 10000, 20000), ("Veteran", "Veteraan", 20000, 40000),
    ("Professional", "Professioneel", 30000, 60000), ("Specialist", "Specialist", 40000, 80000),
    ("Expert", "Expert", 50000, 100000), ("Champion", "Kampioen", 60000, 120000),
    ("Elite", "Elite", 70000, 140000), ("Crack", "Crack", 80000, 160000), ("Master", "Meester", 90000, 180000),
    ("Grandmaster", "Grootmeester", 100000, 200000),
]


def test_rank_statuses_their_thresholds_and_names_R27():
    assert len(points.STATUSES) == len(R27_TABLE)
    for (status, single, double), (english, dutch, r_single, r_double) in zip(points.STATUSES, R27_TABLE):
        assert (single, double) == (r_single, r_double)
        assert texts.TEXTS["en"]["rs_" + status] == english and texts.TEXTS["nl"]["rs_" + status] == dutch
        for board, threshold in (("single", single), ("double", double)):
            assert rank_status(board, threshold) == status
            if threshold:
                assert rank_status(board, threshold - 1) != status
                assert next_status(board, threshold - 1) == (status, threshold)
    assert next_status("single", 100000) is None and next_status("double", 10 ** 6) is None
    texts.set_language("nl")
    try:
        assert status_name("novice") == "Beginneling"
    finally:
        texts.set_language("en")


def test_only_starters_and_beginners_see_their_possible_moves_R27():
    assert [status for status in points.STATUS_NAMES if points.sees_possible_moves(status)] == ["starter", "beginner"]


# Profiles -----------------------------------------------------------------------------------


def test_a_profile_folds_its_points_from_its_rated_games_R26_R27():
    store = store_with_wins("Anna", 10)
    anna = store.get("Anna")
    standing = anna.standing("single")
    assert (standing.points, standing.rank_status) == (100, "beginner")
    assert [held for _, held in standing.points_history] == list(range(10, 101, 10))
    assert [game.points for game in anna.games] == list(range(10, 101, 10))
    # Her rivals each lost by resigning as Starters: it cost them nothing.
    assert store.get("Rival 1").standing("single").points == 0
    # A loss as a Beginner costs 5; the double board keeps points of its own.
    rated_game(store, "Anna", "Bo", loser=0, seed=40)
    assert store.get("Anna").standing("single").points == 95
    rated_game(store, "Anna", "Bo", board="double", loser=1, seed=41)
    assert store.get("Anna").standing("double").points == 20  # a win on the double board (R26)
    assert Profile.read(store.get("Anna").text()) == store.get("Anna")


def test_rate_says_the_points_before_and_after_and_the_embed_carries_them_R26():
    end = RatedEnd("g1", "double", ("Anna", "Computer, level 5"), 1, 5, 0, "towers")
    after, changes = rate(end, {0: Profile("Anna")}, Glicko(1400, 45), WHEN)
    (change,) = changes
    assert (change.points_before, change.points_after, change.rank_status) == (0, 20, "starter")
    message = rating_message(change, end)
    assert (message["pointsBefore"], message["points"], message["rankStatus"]) == (0, 20, "starter")
    text = json.loads(after[0].text())
    assert text["points"] == {"single": 0, "double": 20}
    assert text["rank_status"] == {"single": "starter", "double": "starter"}
    assert text["games"][0]["points"] == 20



def test_a_profile_of_the_earlier_format_is_read_and_its_points_folded():
    """A profile written before points (format 1: no points anywhere) reads,
    loses nothing, and is written again with the points its games give."""
    anna = store_with_wins("Anna", 3).get("Anna")

    def earlier(data):
        data["format"] = 1
        for name in ("points", "rank_status"):
            del data[name]
        for game in data["games"]:
            del game["points"]
    old = reseal(anna.text(), earlier)
    read = Profile.read(old)
    assert read == anna and read.standing("single").points == 30
    assert json.loads(read.text())["format"] == 2
    # Import over the same profile of format 1 kept on this device: its games are the file's.
    device = MemoryStorage()
    device.items[read.key] = old
    store = ProfileStore(SafeStorage(device))
    assert store.get("Anna") == anna and store.points("Anna", "single") == 30
    assert store.import_text(anna.text()) == anna


def test_forged_points_are_refused_R26():
    anna = store_with_wins("Anna", 3).get("Anna")
    text = anna.text()

    def game_points(data):
        data["games"][1]["points"] = 200
    with pytest.raises(ProfileError, match="its game 2 says it left 200 points, but its games give 20"):
        Profile.read(reseal(text, game_points))

    def board_points(data):
        data["points"]["single"] = 200
    with pytest.raises(ProfileError, match="it says 200 points .* on the single board, but its games give 30"):
        Profile.read(reseal(text, board_points))

    def status(data):
        data["rank_status"]["single"] = "grandmaster"
    with pytest.raises(ProfileError, match="it says 30 points \\(Grandmaster\\) .* give 30 \\(Starter\\)"):
        Profile.read(reseal(text, status))

    def unknown_status(data):
        data["rank_status"]["single"] = "king"
    with pytest.raises(ProfileError, match="rank status"):
        Profile.read(reseal(text, unknown_status))

    def pointless(data):  # format 2 without a game's points
        del data["games"][0]["points"]
    with pytest.raises(ProfileError, match="its game 1 is not a rated game"):
        Profile.read(reseal(text, pointless))

    def negative(data):
        data["games"][0]["points"] = -5
    with pytest.raises(ProfileError, match='"points" is not a number'):
        Profile.read(reseal(text, negative))
    with pytest.raises(ProfileError, match="not a rated game"):  # a game of format 2 in a file of format 1
        Profile.read(reseal(text, lambda data: data.update(format=1)))


def test_a_forfeit_and_a_time_out_cost_a_beginner_the_same_R26():
    store = store_with_wins("Anna", 10)
    anna = store.get("Anna")
    for ended in ("resignation", "time", "abandoned", "deadline"):
        after, _ = anna.rated(RatedGame("z" + ended[:3], "single", WHEN, "Bo", 0, 1500, 300, "loss", ended))
        assert after.standing("single").points == 95, ended


# Possible moves by rank status -----------------------------------------------------------------


def rated_state(store: ProfileStore, white: str, black: str, computer: int | None = None, **settings):
    """A rated game of ``white`` and ``black`` (the computer's side named
    by ``computer``, at level 1), set up and started, on ``store``'s profiles."""
    state, _ = fakes.state_for(None, rated=True, seed=5, computer=computer, level=1, points=store.points,
                               white=white, black=black, **settings)
    for _ in range(1 if computer is not None else 2):
        state.apply(RandomSetup())
        state.apply(SetupDone())
    if computer is not None:
        assert computer_plays(state)  # its set-up
    state.apply(RollDice())
    state.apply(StartGame())
    return state


def possible_moves(state) -> list[str]:
    """Select a piece of the player to move that has a move; the dots and rings then drawn."""
    origin = next(iter(sorted(state.destinations())))
    assert state.apply(Touch(origin))
    marks = board_view.marks(state)
    assert ("selected", origin) in [(mark.kind, mark.field) for mark in marks]  # the selection stays
    return [mark.field for mark in marks if mark.kind in ("move", "take")]


def test_a_novice_sees_no_possible_moves_a_beginner_does_R27():
    store = store_with_wins("Nova", 20)  # 200 points: Novice
    store_with_wins("Bea", 10, store=store)  # 100 points: Beginner
    assert store.get("Nova").standing("single").rank_status == "novice"
    state = rated_state(store, "Nova", "Bea")
    assert state.rank_statuses == ["novice", "beginner"]
    if state.game.position.turn == 1:  # Bea first: her move, with the dots and rings
        assert possible_moves(state)
        origin = state.turn_in_progress.selected
        play.play_token(state, next(token for token in sorted(state.game.legal_moves())
                                    if token.startswith(origin)))
    assert state.game.position.turn == 0
    assert possible_moves(state) == []  # Nova's turn: none
    assert state.status().key == "selected_unshown"  # (the status line speaks of no dots either)
    # The tap zoom still keeps the piece's fields in view: hidden dots, not hidden fields.
    selected = state.turn_in_progress.selected
    assert set(board_view.picked_fields(state)) == {selected} | set(state.destinations()[selected])
    token = sorted(state.game.legal_moves())[0]
    assert play.play_token(state, token)
    assert possible_moves(state)  # Bea's: shown
    assert state.status().key == "selected"
    # A refusal still says why (R24): Nova's piece pointed at a field it cannot reach.
    play.play_token(state, sorted(state.game.legal_moves())[0])
    origin, targets = sorted(state.destinations().items())[0]
    assert state.apply(Touch(origin))
    empty = next(field for field in state.kind.names if field not in targets
                 and state.game.position.board[state.kind.square(field)] is None)
    state.apply(Touch(empty))
    assert state.message is not None and state.message.level == "warn", state.message


def test_the_double_board_s_novice_and_unrated_games_by_the_setting_R27():
    store = store_with_wins("Nova", 20, board="double")  # 400 points: Novice on the double board
    assert store.get("Nova").standing("double").rank_status == "novice"
    assert store.get("Nova").standing("single").rank_status == "starter"
    # Against the computer (Black), on the double board: none for her.
    state = rated_state(store, "Nova", "", computer=1, board="double")
    assert state.rank_statuses == ["novice", None]
    if state.computer_turn():
        assert computer_plays(state)
    assert possible_moves(state) == []
    # The same player on the single board, a Starter there: shown.
    assert possible_moves(_at_whites_turn(rated_state(store, "Nova", "Bo")))
    # Unrated: as the setting says, whatever the rank status.
    unrated, _ = fakes.state_for(None, white="Nova", black="Bo", seed=5, board="double", points=store.points)
    assert possible_moves(_started(unrated))
    hidden, _ = fakes.state_for(None, white="Nova", black="Bo", seed=5, show_moves=False, points=store.points)
    assert possible_moves(_started(hidden)) == []
    # A take-back (agreed to) unrates a rated game: then the setting decides.
    state = _at_whites_turn(rated_state(store_with_wins("Nova", 20), "Nova", "Bo"))
    assert possible_moves(state) == []
    play.play_token(state, sorted(state.game.legal_moves())[0])
    state.apply(TakeBack())
    state.apply(ConfirmUnrate(True))
    assert state.rated is None and possible_moves(state)


def _started(state):
    for _ in range(2):
        state.apply(RandomSetup())
        state.apply(SetupDone())
    state.apply(RollDice())
    state.apply(StartGame())
    return state


def _at_whites_turn(state):
    if state.game.position.turn == 1:
        play.play_token(state, sorted(state.game.legal_moves())[0])
    return state


def test_show_possible_moves_is_remembered_like_the_other_settings():
    """Off in New game: the next game, a rematch and a game opened whole keep it."""
    state, _ = fakes.state_for(None, white="Anna", black="Bo", seed=5, show_moves=False)
    assert not state.settings.copy().show_moves and not state.settings.rematch().show_moves
    game = _started(state).game
    state.apply(OpenGame(game))
    assert state.settings.show_moves is False
    assert possible_moves(state) == []
