"""Nothing a player made on the earlier 8-rank board is lost (docs/earlier-board.md).

Every test here reads the real data of tests/fixtures/earlier_board/ (made
by the 8-rank build's page in Chromium; its README.md says how): saved
games, share links, records, ``?position=`` bookmarks, a profile with a
rated game, puzzle progress and lesson stars. These tests keep 8-rank data
on purpose: it is the players' own, and it is read on the board it was
played on (R1: the official board has 12 ranks; the earlier one is kept for
old games), never moved onto the official one.

The last test runs tests/web/earlier_board_transcript.py in CPython and in
the page's MicroPython and wants the same text, to the letter.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from militakiri import Game, Position, game_from_link
from militakiri.board import EARLIER_DOUBLE, EARLIER_ROWS, EARLIER_SINGLE, ROWS, SINGLE

from web.i18n.texts import set_language
from web.model import earlier
from web.model.earlier import (board_note, earlier_to_retry, history_note, is_earlier_puzzle_id,
                               is_official_puzzle_id, is_puzzle_id, linked_puzzle_note, puzzle_board,
                               saved_game_words)
from web.model.editor import BoardEditor
from web.model.intents import MovePiece, OpenGame, Resume
from web.model.lessons import find_task, read_lessons
from web.model.computer_requests import read_memory
from web.model.profiles import Profile, RatedEnd, legacy_keys, profile_key
from web.model.rankings import ranking
from web.model.rating import Glicko
from web.model.settings import from_query
from web.model.progress import PROGRESS_KEY, Progress
from web.model.puzzles import Puzzle, read_puzzles
from web.model.core import PLAYING
from web.model.ui_state import UiState
from web.services.autosave import MAX_KEPT, SAVE_KEY, Autosaver, restore, snapshot
from web.services.profiles import ProfileStore
from web.services.share import link_of, open_fragment, prepare
from web.services.storage import MemoryStorage, SafeStorage

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "earlier_board"
TRANSCRIPT = ROOT / "tests" / "web" / "earlier_board_transcript.py"
RUNNER = ROOT / "tools" / "mpy_run.mjs"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"

#: Just after the old page made the data (its last save), before the
#: correspondence game's deadline (2026-11-29 ~06:51 UTC: links.txt).
WALL = 1795848700.0
GAMES = json.loads((FIXTURES / "storage-games.json").read_text())
TRAINING = json.loads((FIXTURES / "storage-training.json").read_text())
#: Each saved game of storage-games.json, as its README.md describes it:
#: (board, plies, finished, the computer's color and level, rated game id).
SAVES = {
    "militakiri.saved-game.c5508318db": (EARLIER_SINGLE, 12, False, None, None),
    "militakiri.saved-game.ae0bc35d68": (EARLIER_DOUBLE, 6, False, (1, 3), None),
    "militakiri.saved-game.d3ba8a9751": (EARLIER_SINGLE, 4, True, (1, 2), "mx01xf4z04"),
    "militakiri.saved-game.e5b9942871": (EARLIER_SINGLE, 6, True, None, None),
    "militakiri.saved-game.b72e64a334": (EARLIER_SINGLE, 1, False, None, None),
}
NOTE_EN = "Played on the earlier 8-rank board, before the official 12-rank board."
NOTE_NL = "Gespeeld op het eerdere bord met 8 rijen, van v\u00f3\u00f3r het offici\u00eble bord met 12 rijen."


def table(name: str) -> list[list[str]]:
    """The rows of links.txt or positions.txt (tab-separated, # comments)."""
    lines = (FIXTURES / name).read_text().splitlines()
    return [line.split("\t") for line in lines if line and not line.startswith("#")]


LINKS = {row[0]: row[1] for row in table("links.txt")}
POSITIONS = {row[0]: row[1] for row in table("positions.txt")}
RECORDS = sorted((FIXTURES / "records").glob("*.txt"))


def storage(dump: dict) -> SafeStorage:
    """A localStorage holding ``dump``'s, as the old page left it."""
    memory = MemoryStorage()
    memory.items.update(dump["localStorage"])
    return SafeStorage(memory)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def first_move(state: UiState) -> tuple[str, str]:
    destinations = state.destinations()
    origin = sorted(destinations)[0]
    return origin, sorted(destinations[origin])[0]


# Saved games ---------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(SAVES))
def test_every_saved_game_reads_back_on_the_board_it_was_played_on(key):
    kind, plies, over, computer, rated = SAVES[key]
    restored = restore(GAMES["localStorage"][key], wall_now=WALL)
    assert restored.game.kind is kind and kind.earlier and kind.rows == EARLIER_ROWS
    assert len(restored.game.tokens) == plies and restored.game.is_over() == over
    assert restored.computer == computer and restored.rated == rated
    assert board_note(restored.game.kind) == NOTE_EN


def test_saved_games_lists_every_earlier_game_marked_in_both_languages():
    """The tab that played game 3 (sessionStorage's slot) opens it after a
    reload; Saved games lists the four others, each on the earlier board."""
    slot = GAMES["sessionStorage"]["militakiri.tab-slot"]
    saver = Autosaver(storage(GAMES), SAVE_KEY, slot)
    opened = saver.load(WALL)
    assert opened is not None and opened.key == f"{SAVE_KEY}.{slot}" and not saver.broken
    saver.adopt(opened)  # as the page opens it (web/ui/session.py)
    assert sorted(r.key for r in saver.others) == sorted(set(SAVES) - {opened.key})
    assert all(r.kind is None for r in saver.others)  # saved before the list's words were kept: not read yet
    saver.describe(WALL)  # Saved games shown: read whole, once
    for entry in saver.others:
        game = restore(GAMES["localStorage"][entry.key], wall_now=WALL).game
        assert (entry.kind, entry.white, entry.number, entry.over) == (
            game.kind, game.players.white, game.position.number, game.is_over())
        words = saved_game_words(entry.white, entry.black, entry.number, entry.kind, "28-11-2026")
        assert words.endswith(" \u00b7 on the earlier 8-rank board"), words
        assert words.startswith(f"{entry.white} \u2013 {entry.black}, at move ")
    set_language("nl")
    assert all(saved_game_words(r.white, r.black, r.number, r.kind, "x").endswith(
        " \u00b7 op het eerdere bord met 8 rijen") for r in saver.others)
    assert board_note(opened.game.kind) == NOTE_NL


def test_a_new_tab_opens_the_newest_and_lists_the_other_four():
    saver = Autosaver(storage(GAMES), SAVE_KEY, "0123456789")
    opened = saver.load(WALL)
    assert opened is not None and opened.key == "militakiri.saved-game.b72e64a334"  # saved last
    saver.adopt(opened)
    saver.describe(WALL)
    assert len(saver.others) == 4 and all(r.kind.earlier for r in saver.others)


def test_an_official_game_s_row_has_no_mark():
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
    assert saved_game_words("White", "Black", 1, game.kind, "now") == "White \u2013 Black, at move 1, saved now"
    assert board_note(game.kind) is None and game.kind is SINGLE


def test_an_earlier_game_is_played_on_and_saved_on_its_board():
    """Game 2 (the double board against the computer at level 3): opened, a
    move played, saved, and read back: still on the earlier board, in the
    link format of the earlier board (3), the computer still playing."""
    memory = storage(GAMES)
    saver = Autosaver(memory, SAVE_KEY, "ae0bc35d68")
    opened = saver.load(WALL)
    assert opened is not None and opened.game.kind is EARLIER_DOUBLE
    saver.adopt(opened)
    state = UiState(wall=lambda: WALL)
    state.apply(OpenGame(opened.game, flipped=opened.flipped, computer=opened.computer, rated=opened.rated))
    saver.prime(state)  # as the page does once the save is open (web/ui/session.py)
    assert state.kind is EARLIER_DOUBLE and state.phase == PLAYING and not state.computer_turn()
    origin, target = first_move(state)
    assert state.apply(MovePiece(origin, target))
    assert len(state.game.tokens) == 7 and state.computer_turn()
    assert saver.update(state, 0.0, wall=WALL + 60) == "saved"
    assert saver.key == "militakiri.saved-game.ae0bc35d68"  # its own save, not a new one
    again = restore(memory.get(saver.key), wall_now=WALL + 60)
    assert again.game.kind is EARLIER_DOUBLE and again.game.tokens == state.game.tokens
    assert again.link.startswith("3!d") and again.computer == (1, 3)


def test_the_clocked_game_goes_on_after_resume():
    """Game 1 (300+5): its live clock comes back paused; Resume, a move."""
    restored = restore(GAMES["localStorage"]["militakiri.saved-game.c5508318db"], wall_now=WALL)
    state = UiState(now=lambda: 50.0, wall=lambda: WALL)
    state.apply(OpenGame(restored.game, flipped=restored.flipped))
    assert state.paused and state.apply(Resume())
    origin, target = first_move(state)
    assert state.apply(MovePiece(origin, target)) and len(state.game.tokens) == 13
    assert state.game.kind is EARLIER_SINGLE and round(state.game.clock.remaining(0, 50.0)) == 319  # 314.5 + 5


# New games and rematches ---------------------------------------------------------------


def test_a_new_game_or_a_rematch_after_an_earlier_game_is_on_the_official_board():
    restored = restore(GAMES["localStorage"]["militakiri.saved-game.d3ba8a9751"], wall_now=WALL)
    state = UiState(wall=lambda: WALL)
    state.apply(OpenGame(restored.game, computer=restored.computer, rated=restored.rated))
    assert state.kind is EARLIER_SINGLE and state.game.is_over()
    again = earlier.rematch(state.settings, state.kind)
    assert (again.white, again.black, again.computer, again.level) == ("Computer, level 2", "Anna", 0, 2)
    rematch = UiState(again)
    assert rematch.kind is SINGLE and rematch.kind.rows == ROWS and rematch.setup is not None
    assert UiState(state.settings).kind is SINGLE  # New game with the last game's settings


def test_a_rematch_of_an_earlier_position_starts_from_a_set_up_on_the_official_board():
    """positions.txt's ``?position=<start>&computer=black&level=2``: on the
    earlier board; its rematch does not start from that position again."""
    query = "?" + POSITIONS["url"].split("?", 1)[1]
    settings = from_query(query)
    state = UiState(settings)
    assert state.kind is EARLIER_SINGLE and state.started and state.computer == 1 and state.settings.level == 2
    assert board_note(state.kind) == NOTE_EN
    again = earlier.rematch(state.settings, state.kind)
    assert again.position is None and again.computer == 0
    assert UiState(again).kind is SINGLE
    official = UiState(from_query("?position=" + Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
                                  .position.string()))
    assert earlier.rematch(official.settings, official.kind).position == official.settings.position


def test_the_analysis_board_edits_an_earlier_position_on_its_own_board():
    position = Position.from_string(POSITIONS["game1-single-after-12-moves"])
    editor = BoardEditor.from_position(position)
    assert editor.kind is EARLIER_SINGLE and editor.problem() is None
    assert editor.position_string().split(" ")[0] == POSITIONS["game1-single-after-12-moves"].split(" ")[0]
    assert BoardEditor.empty("single").kind is SINGLE


# Links, records, positions ----------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(LINKS))
def test_every_link_opens_on_the_earlier_board_and_is_shared_again_as_it_was(name):
    fragment = LINKS[name]
    shared = open_fragment("#" + fragment)
    assert shared.game.kind.earlier and board_note(shared.game.kind) == NOTE_EN
    assert shared.game.kind is (EARLIER_DOUBLE if name == "game2" else EARLIER_SINGLE)
    # Shared again (the Share dialog: link_of), it is the same link.
    if name == "correspondence-c86400":  # its deadline, as the page gives it a clock
        prepare(shared.game, wall_now=WALL, deadline=shared.deadline)
    assert link_of(shared.game, shared.computer) == fragment


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_every_record_opens_on_the_earlier_board_and_writes_its_ranks(path):
    text = path.read_text()
    game = Game.from_record(text)
    assert game.kind.earlier and board_note(game.kind) == NOTE_EN
    written = game.record()
    # The same record, now saying its board's ranks (a record without them is an earlier one).
    assert written.replace('[Ranks "8"]\n', "", 1) == text and '[Ranks "8"]' in written
    again = Game.from_record(written)
    assert again.kind is game.kind and again.tokens == game.tokens


@pytest.mark.parametrize("name", sorted(set(POSITIONS) - {"url"}))
def test_every_position_opens_on_the_earlier_board(name):
    settings = from_query("?position=" + POSITIONS[name].replace(" ", "%20"))
    state = UiState(settings)
    kind = EARLIER_DOUBLE if name.startswith("game2") else EARLIER_SINGLE
    assert state.kind is kind and state.started and state.position_string() == POSITIONS[name]
    assert board_note(state.kind) == NOTE_EN


def test_links_and_records_of_the_same_game_agree():
    record = Game.from_record((FIXTURES / "records" / "game1-single-clock-unfinished.txt").read_text())
    link = game_from_link(LINKS["game1"]).game
    assert record.tokens == link.tokens and record.position.string() == POSITIONS["game1-single-after-12-moves"]


# Profiles and Rankings ------------------------------------------------------------------


def test_anna_s_profile_is_read_and_folded_again_as_the_old_page_left_it():
    text = GAMES["localStorage"]["militakiri.profile.dcb48dfe"]
    # Kept under a hash of the name then; found there by its name now (web/services/profiles.py).
    assert legacy_keys("Anna")[0] == "militakiri.profile.dcb48dfe" != profile_key("Anna")
    assert (FIXTURES / "profile-anna.json").read_text().strip() == text  # the export is the same text
    anna = Profile.read(text)
    assert [game.after for game in anna.games] == [800]  # what the old page folded and kept
    standing = anna.standing("single")
    assert round(standing.glicko.rating) == 800 and standing.glicko.display() == "800?"
    assert (standing.games, standing.losses, standing.history) == (1, 1, [(1795848680, 800)])
    # A profile of format 1, before points (R26): read, its points folded
    # from its games (a Starter's forfeit costs nothing), written again as
    # format 2 with every figure it had.
    assert (standing.points, standing.rank_status, anna.games[0].points) == (0, "starter", 0)
    again = json.loads(anna.text())
    assert again["format"] == 2 and again["points"] == {"single": 0, "double": 0}
    old_game = json.loads(text)["games"][0]
    assert {key: again["games"][0][key] for key in old_game} == old_game
    assert Profile.read(anna.text()) == anna
    profiles, refused = ProfileStore(storage(GAMES)).all()
    assert [p.name for p in profiles] == ["Anna"] and not refused
    rows = ranking(profiles, None, "single")
    assert [(row.name, row.display, row.history) for row in rows] == [("Anna", "800?", [1500, 800])]


def test_anna_s_next_rated_game_on_the_official_board_counts_on_top_of_her_rating():
    store = ProfileStore(storage(GAMES))
    end = RatedEnd("nextgame01", "single", ("Anna", "Computer, level 2"), 1, 2, 0, "towers")
    outcome = store.rate(end, Glicko(1006, 45), when=1795900000)
    assert [(c.name, c.before.display()) for c in outcome.changes] == [("Anna", "800?")]
    assert len(store.get("Anna").games) == 2 and store.get("Anna").games[0].after == 800


def test_anna_s_exported_profile_imports_on_another_device():
    store = ProfileStore(SafeStorage(MemoryStorage()))
    anna = store.import_text((FIXTURES / "profile-anna.json").read_text().strip())
    assert anna.standing("single").glicko.display() == "800?"


# Puzzles and lessons ------------------------------------------------------------------------


def stand_in_puzzles() -> tuple[Puzzle, ...]:
    """Puzzles of the official board, with its ids (a stand-in for the
    regenerated web/data/puzzles.json: only their ids matter here)."""
    return (Puzzle("s12-0001", "single", "x", ("a1-a2",), "tower", 1300),
            Puzzle("d12-0001", "double", "x", ("a1-a2",), "tower", 1400))


def test_puzzle_progress_keeps_its_rating_history_and_old_puzzles():
    text = TRAINING["localStorage"][PROGRESS_KEY]
    progress = Progress.read(text)
    assert not progress.unread and progress.rating == 1348 and progress.display() == "1348?"
    assert progress.history == [("s0001", True, 1547), ("s0185", False, 1348)]
    assert progress.puzzles == {"s0001": True, "s0185": False} and progress.to_retry() == ["s0185"]
    assert progress.stars == {"plus/1": 3, "plus/2": 3}
    assert json.loads(progress.to_json()) == json.loads(text)  # written back: nothing dropped
    puzzles = stand_in_puzzles()
    assert history_note(progress, puzzles) == ("From the earlier 8-rank board, still in your puzzle rating: "
                                               "s0001 solved, s0185 failed.")
    assert earlier_to_retry(progress, puzzles) == ["s0185"]
    assert earlier.retry_note("s0185") == "Puzzle s0185 \u00b7 from the earlier 8-rank board, no longer offered"
    set_language("nl")
    assert history_note(progress, puzzles) == ("Van het eerdere bord met 8 rijen, nog in je puzzelrating: "
                                               "s0001 opgelost, s0185 mislukt.")


def test_a_new_puzzle_counts_on_top_of_the_kept_rating():
    progress = Progress.read(TRAINING["localStorage"][PROGRESS_KEY])
    change = progress.puzzle_done(stand_in_puzzles()[0], True)
    assert change is not None and change > 0 and progress.history[:2] == [("s0001", True, 1547),
                                                                           ("s0185", False, 1348)]
    assert len(progress.history) == 3 and set(progress.puzzles) == {"s0001", "s0185", "s12-0001"}
    again = Progress.read(progress.to_json())
    assert again == progress and earlier_to_retry(again, stand_in_puzzles()) == ["s0185"]


def test_puzzle_ids_of_both_boards():
    assert all(is_official_puzzle_id(id) and is_puzzle_id(id) for id in ("s12-0001", "d12-0100", "s12-0300"))
    assert all(is_earlier_puzzle_id(id) and not is_official_puzzle_id(id) for id in ("s0001", "s0185", "d0100"))
    for bad in ("", "s", "x0001", "s12-", "s12-00x1", "s12_0001", "S0001", "s\u00b2001", "s0001 ", None, 1):
        assert not is_puzzle_id(bad), bad
    assert (puzzle_board("s0042"), puzzle_board("d0042"), puzzle_board("d12-0042")) == ("single", "double", "double")


def test_an_old_puzzle_link_says_so_in_both_languages():
    assert linked_puzzle_note("s0042") == ("Puzzle s0042 was on the earlier 8-rank board and is no longer "
                                           "offered: here is one on the official 12-rank board.")
    assert linked_puzzle_note("s12-9999") == "There is no puzzle 's12-9999': here is another one."
    set_language("nl")
    assert linked_puzzle_note("d0007") == ("Puzzel d0007 stond op het eerdere bord met 8 rijen en wordt niet meer "
                                           "aangeboden: hier is er een op het offici\u00eble bord met 12 rijen.")


def test_the_shipped_puzzles_ids_say_their_board():
    """Every shipped puzzle has an id of the form of the board it is on: the
    official board's ``s12-0001``, the earlier board's ``s0001`` (so an
    old id in a player's progress never names a new puzzle)."""
    puzzles = read_puzzles((ROOT / "web" / "data" / "puzzles.json").read_text())
    for puzzle in puzzles:
        kind = Position.from_string(puzzle.position).kind
        assert is_puzzle_id(puzzle.id) and puzzle_board(puzzle.id) == puzzle.board, puzzle.id
        assert is_official_puzzle_id(puzzle.id) == (not kind.earlier), puzzle.id


def test_lesson_stars_still_name_their_tasks():
    """Stars are kept by task id (``plus/1``): the lessons keep their ids."""
    lessons = read_lessons((ROOT / "web" / "data" / "lessons.json").read_text(), check_positions=False)
    stars = Progress.read(TRAINING["localStorage"][PROGRESS_KEY]).stars
    for task_id in stars:
        assert find_task(lessons, task_id) is not None, task_id


# Nothing deleted ----------------------------------------------------------------------------


def test_reading_everything_changes_nothing_in_storage():
    """The page's start reads every saved game, the profiles, the progress
    and the computer's memory: not one stored value changes or goes."""
    memory = storage(GAMES)
    before = dict(memory.backend.items)
    saver = Autosaver(memory, SAVE_KEY, "0123456789")
    saver.load(WALL)
    saver.saved_games()
    saver.describe(WALL)
    ProfileStore(memory).all()
    assert read_memory(memory.get("militakiri.computer"))[2:] == (1, 2)
    assert memory.backend.items == before
    training = storage(TRAINING)
    progress = Progress.read(training.get(PROGRESS_KEY))
    training.set(PROGRESS_KEY, progress.to_json())  # as the page writes it after a try
    assert json.loads(training.get(PROGRESS_KEY)) == json.loads(TRAINING["localStorage"][PROGRESS_KEY])


def official_twin(text: str) -> str:
    """A save like ``text`` (the same time, finished or not) of a game on the
    official board: what the same player's save would be after the change."""
    data = json.loads(text)
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
    if restore(text, wall_now=WALL).game.is_over():
        game.resign(0)
    return snapshot(game, now=0, wall=data["saved"])


def new_games(memory: SafeStorage, slot: str, count: int) -> tuple[list[str], int]:
    """``count`` new games on the official board in the tab of ``slot``, each
    left unfinished for the next: the old saves left, and how many saves
    there are (the new games' keys are drawn at random)."""
    saver = Autosaver(memory, SAVE_KEY, slot)
    saver.load(WALL)
    for number in range(count):
        state = UiState(wall=lambda: WALL)
        state.apply(OpenGame(Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")))
        assert saver.update(state, 0.0, wall=WALL + 10 * (number + 1)) == "saved"
    saves = [key for key in memory.backend.items if key.startswith(SAVE_KEY)]
    return sorted(key for key in saves if key in SAVES), len(saves)


@pytest.mark.parametrize("slot", ["d3ba8a9751", "0123456789"])
def test_old_saves_are_kept_exactly_as_an_official_board_s_would_be(slot):
    """New games on the official board leave the earlier board's saves as
    they would leave saves of the official board in their place: a finished
    game left for a new one goes, as before, and the oldest saves go only
    beyond MAX_KEPT, oldest first; never to make room for the new format."""
    twin = {"localStorage": {key: official_twin(value) if key in SAVES else value
                             for key, value in GAMES["localStorage"].items()}}
    for count in range(1, 4):
        kept, saves = new_games(storage(GAMES), slot, count)
        assert (kept, saves) == new_games(storage(twin), slot, count) and saves <= MAX_KEPT
    # The first new game of a fresh tab keeps all five (5 + 1 = MAX_KEPT).
    assert new_games(storage(GAMES), "0123456789", 1) == (sorted(SAVES), MAX_KEPT)
    # The tab of game 3 (finished) leaves it, as it always did; the other four stay.
    assert new_games(storage(GAMES), "d3ba8a9751", 1) == (sorted(set(SAVES) - {"militakiri.saved-game.d3ba8a9751"}), 5)


# The same in the page's MicroPython ---------------------------------------------------------


def fixture_bundle() -> str:
    """Every fixture file as one JSON argument (MicroPython's file system
    holds only the repository's Python and JSON)."""
    files = {path.relative_to(FIXTURES).as_posix(): path.read_text()
             for path in sorted(FIXTURES.rglob("*")) if path.is_file() and path.suffix in (".json", ".txt")}
    return json.dumps(files, sort_keys=True)


@pytest.fixture(scope="module")
def cpython_lines() -> list[str]:
    done = subprocess.run([sys.executable, str(TRANSCRIPT), fixture_bundle()], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT)}, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


def test_the_transcript_says_what_it_should(cpython_lines):
    text = "\n".join(cpython_lines)
    assert sum(line.startswith("save ") for line in cpython_lines) == len(SAVES)
    assert text.count("earlier 8-rank") >= 20 and NOTE_NL in text and "1348?" in text and "800?" in text
    assert "played on 7 earlier 8-rank double board 3!d" in text
    assert "rematch single board 12" in text and "pruned same True" in text


def test_micropython_says_the_same(cpython_lines):
    node = shutil.which("node")
    if node is None or not MICROPYTHON.is_file():
        pytest.fail("node and node_modules/@micropython are needed (npm ci)")
    done = subprocess.run([node, str(RUNNER), str(TRANSCRIPT), fixture_bundle()], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    got = done.stdout.splitlines()
    for number, (want, have) in enumerate(zip(cpython_lines, got), 1):
        assert want == have, f"line {number}:\n  CPython:     {want}\n  MicroPython: {have}"
    assert len(got) == len(cpython_lines)
