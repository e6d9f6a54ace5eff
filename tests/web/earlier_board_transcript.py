"""The earlier 8-rank board's data through the page's plain Python, written out.

Run by tests/web/test_earlier_board.py under CPython and under the page's
MicroPython (``node tools/mpy_run.mjs tests/web/earlier_board_transcript.py
BUNDLE``), which must write the same text, to the letter. BUNDLE: every file
of tests/fixtures/earlier_board/ as one JSON object (name -> text), made by
the test: MicroPython's file system holds only the repository's Python.
In the subset of Python both share, like the modules it drives.
"""

import sys

from militakiri import Game, Position
from militakiri.board import EARLIER_ROWS

from web.i18n.texts import set_language
from web.model import earlier, jsontext
from web.model.editor import BoardEditor
from web.model.intents import MovePiece, OpenGame, Resume
from web.model.computer_requests import read_memory
from web.model.profiles import Profile
from web.model.rankings import ranking
from web.model.settings import from_query
from web.model.progress import PROGRESS_KEY, Progress
from web.model.puzzles import Puzzle
from web.model.ui_state import UiState
from web.services.autosave import SAVE_KEY, Autosaver, restore, snapshot
from web.services.profiles import ProfileStore
from web.services.share import link_of, open_fragment, prepare
from web.services.storage import MemoryStorage, SafeStorage

#: Just after the old page's last save, before the correspondence deadline.
WALL = 1795848700.0
SLOT = "d3ba8a9751"


def out(*words):
    print(" ".join(str(word) for word in words))


def storage(items):
    memory = MemoryStorage()
    for key in sorted(items):
        memory.items[key] = items[key]
    return SafeStorage(memory)


def rows_of(text):
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def first_move(state):
    destinations = state.destinations()
    origin = sorted(destinations)[0]
    return origin, sorted(destinations[origin])[0]


def notes(kind):
    said = []
    for language in ("en", "nl"):
        set_language(language)
        said.append(str(earlier.board_note(kind)))
    set_language("en")
    return " | ".join(said)


def saves(games):
    out("== saves")
    items = games["localStorage"]
    for key in sorted(items):
        if not key.startswith(SAVE_KEY + "."):
            continue
        restored = restore(items[key], wall_now=WALL)
        game = restored.game
        out("save", key[len(SAVE_KEY) + 1:], game.kind.title, len(game.tokens), game.is_over(), restored.computer,
            restored.rated, game.position.string())
        for language in ("en", "nl"):
            set_language(language)
            out(" ", language, earlier.saved_game_words(game.players.white, game.players.black, game.position.number,
                                                      game.kind, "W"))
        set_language("en")
        out("  note", notes(game.kind))
    saver = Autosaver(storage(items), SAVE_KEY, SLOT)
    opened = saver.load(WALL)
    out("opened", opened.key, "others", sorted(r.key for r in saver.others), "broken", saver.broken)
    out("computer memory", read_memory(items["militakiri.computer"])[2:])


def play_on(games):
    out("== play on")
    memory = storage(games["localStorage"])
    saver = Autosaver(memory, SAVE_KEY, "ae0bc35d68")
    opened = saver.load(WALL)
    saver.adopt(opened)
    state = UiState(wall=lambda: WALL)
    state.apply(OpenGame(opened.game, flipped=opened.flipped, computer=opened.computer, rated=opened.rated))
    saver.prime(state)  # as the page does once the save is open
    origin, target = first_move(state)
    out("move", origin, target, state.apply(MovePiece(origin, target)), state.computer_turn())
    out("update", saver.update(state, 0.0, wall=WALL + 60), saver.key)
    again = restore(memory.get(saver.key), wall_now=WALL + 60)
    out("played on", len(again.game.tokens), again.game.kind.title, again.link[:3], again.computer)
    clocked = restore(games["localStorage"][SAVE_KEY + ".c5508318db"], wall_now=WALL)
    state = UiState(now=lambda: 50.0, wall=lambda: WALL)
    state.apply(OpenGame(clocked.game))
    out("resume", state.paused, state.apply(Resume()))
    origin, target = first_move(state)
    out("clocked", state.apply(MovePiece(origin, target)), len(state.game.tokens),
        jsontext.float_text(state.game.clock.remaining(0, 50.0)))
    again = earlier.rematch(state.settings, state.kind)
    fresh = UiState(again)
    out("rematch", fresh.kind.title, fresh.kind.rows, again.white, again.black)


def links_records_positions(files):
    out("== links")
    for name, fragment, _url in rows_of(files["links.txt"]):
        shared = open_fragment("#" + fragment)
        if shared.deadline is not None:
            prepare(shared.game, wall_now=WALL, deadline=shared.deadline)
        out(name, shared.game.kind.title, len(shared.game.tokens), shared.computer,
            link_of(shared.game, shared.computer) == fragment)
    out("== records")
    for name in sorted(files):
        if name.startswith("records/"):
            game = Game.from_record(files[name])
            written = game.record()
            again = Game.from_record(written)
            out(name, game.kind.title, len(game.tokens), written.replace('[Ranks "8"]\n', "", 1) == files[name],
                again.tokens == game.tokens and again.kind is game.kind)
    out("== positions")
    for name, text in rows_of(files["positions.txt"]):
        if name == "url":
            settings = from_query("?" + text.split("?", 1)[1])
        else:
            settings = from_query("?position=" + text.replace(" ", "%20"))
        state = UiState(settings)
        again = earlier.rematch(state.settings, state.kind)
        out(name, state.kind.title, state.started, state.computer, len(state.game.legal_moves()),
            "rematch", UiState(again).kind.title, again.position)
        editor = BoardEditor.from_position(Position.from_string(state.position_string()))
        out("  editor", editor.kind.title, editor.problem())


def profiles(games):
    out("== profiles")
    items = games["localStorage"]
    text = items["militakiri.profile.dcb48dfe"]
    anna = Profile.read(text)
    standing = anna.standing("single")
    out("anna", [game.after for game in anna.games], standing.glicko.display(),
        jsontext.float_text(standing.glicko.rating), jsontext.float_text(standing.glicko.deviation),
        standing.history, anna.text() == text)
    found, refused = ProfileStore(storage(items)).all()
    out("rankings", [(row.name, row.display, row.history) for row in ranking(found, None, "single")], refused)


def training(files):
    out("== training")
    text = jsontext.loads(files["storage-training.json"])["localStorage"][PROGRESS_KEY]
    progress = Progress.read(text)
    out("progress", progress.display(), progress.history, sorted(progress.stars.items()), progress.to_retry(),
        jsontext.loads(progress.to_json()) == jsontext.loads(text))
    puzzles = (Puzzle("s12-0001", "single", "x", ("a1-a2",), "tower", 1300),
               Puzzle("d12-0001", "double", "x", ("a1-a2",), "tower", 1400))
    for language in ("en", "nl"):
        set_language(language)
        out(" ", language, earlier.history_note(progress, puzzles))
        out(" ", language, " | ".join(earlier.retry_note(id) for id in earlier.earlier_to_retry(progress, puzzles)))
        out(" ", language, earlier.linked_puzzle_note("s0042"), "|", earlier.linked_puzzle_note("s12-<9>"))
    set_language("en")
    out("new puzzle", progress.puzzle_done(puzzles[0], True), progress.display(), len(progress.history))
    for id in ("s12-0001", "d12-0100", "s0042", "d0100", "s12-", "x0001", "s12-00a1", "s\u00b2001", ""):
        out("id", jsontext.string_text(id), earlier.is_puzzle_id(id), earlier.is_official_puzzle_id(id),
            earlier.is_earlier_puzzle_id(id))


def pruning(games):
    """New games on the official board leave the old saves as they leave
    the same saves of the official board (same times, same ends)."""
    out("== pruning")
    items = games["localStorage"]
    twin = {}
    for key in sorted(items):
        value = items[key]
        if key.startswith(SAVE_KEY + "."):
            game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
            if restore(value, wall_now=WALL).game.is_over():
                game.resign(0)
            value = snapshot(game, now=0, wall=jsontext.loads(value)["saved"])
        twin[key] = value
    for slot in (SLOT, "0123456789"):
        for count in (1, 2, 3):
            old = [key for key in items if key.startswith(SAVE_KEY + ".")]
            kept = [new_games(storage(source), slot, count, old) for source in (items, twin)]
            out("slot", slot, count, " ".join(key[len(SAVE_KEY) + 1:] for key in kept[0][0]), kept[0][1])
            out("pruned same", kept[0] == kept[1])


def new_games(memory, slot, count, old):
    saver = Autosaver(memory, SAVE_KEY, slot)
    saver.load(WALL)
    for number in range(count):
        state = UiState(wall=lambda: WALL)
        state.apply(OpenGame(Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")))
        saver.update(state, 0.0, wall=WALL + 10 * (number + 1))
    saves = [key for key in memory.backend.items if key.startswith(SAVE_KEY)]
    return sorted(key for key in saves if key in old), len(saves)


def main():
    files = jsontext.loads(sys.argv[1], max_chars=None, max_depth=None)
    games = jsontext.loads(files["storage-games.json"])
    out("earlier rows", EARLIER_ROWS)
    saves(games)
    play_on(games)
    links_records_positions(files)
    profiles(games)
    training(files)
    pruning(games)


if __name__ == "__main__":  # a script only: pytest --doctest-modules imports it too
    main()
