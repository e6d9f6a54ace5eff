"""Nothing made on the earlier 8-rank board is lost (R1).

Until 2026-11-28 the program played on 8 ranks; the official board has 12
(R1). The games, links, records, positions and saves made before are read
on the board they were made on (kind.earlier, 8 ranks), never moved onto
the official one: they replay to the same moves, are written back the same,
and can be played on. The data is tests/fixtures/earlier_board/, made by the
8-rank build's own page (its README.md says how); these tests look at the
engine's side of it (the page's side: tests/web and tests/browser).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from militakiri import DOUBLE, SINGLE, Game, Position, game_from_link, game_to_link
from militakiri.board import EARLIER_DOUBLE, EARLIER_SINGLE
from militakiri.textcodec import unquote
from militakiri.record import read_record

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "earlier_board"
EARLIER = (EARLIER_SINGLE, EARLIER_DOUBLE)
NOTE = "note: this game is on the earlier 8-rank {} board that came before the official 12 ranks (R1)"


def _table(name: str) -> dict[str, list[str]]:
    """``{name: [the other fields]}`` of a tab-separated fixture, comments left out."""
    rows = {}
    for line in (FIXTURES / name).read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            key, *rest = line.split("\t")
            rows[key] = rest
    return rows


LINKS = {name: fields[0] for name, fields in _table("links.txt").items()}
URLS = {name: fields[1] for name, fields in _table("links.txt").items()}
POSITIONS = {name: fields[0] for name, fields in _table("positions.txt").items() if name != "url"}
POSITION_URL = _table("positions.txt")["url"][0]
RECORDS = {path.name: path.read_text(encoding="utf-8") for path in sorted((FIXTURES / "records").glob("*.txt"))}
#: The same game, shared as a link and exported as a record by the old page.
RECORD_OF_LINK = {
    "game1": "game1-single-clock-unfinished.txt",
    "game2": "game2-double-computer-unfinished.txt",
    "game3-finished-rated": "game3-rated-computer-finished.txt",
    "finished-two-player": "finished-two-player-resigned.txt",
    "correspondence-c86400": "correspondence-position-tag.txt",
}
#: The position the old page showed at the end of a game (positions.txt).
POSITION_OF_LINK = {
    "game1": "game1-single-after-12-moves",
    "game2": "game2-double-after-6-plies",
    "correspondence-c86400": "correspondence-after-c3-d4",
}
FINISHED = {"game3-finished-rated": "0-1 resignation", "finished-two-player": "1-0 resignation"}


def _saved_games() -> dict[str, dict]:
    storage = json.loads((FIXTURES / "storage-games.json").read_text(encoding="utf-8"))["localStorage"]
    return {key: json.loads(value) for key, value in storage.items() if key.startswith("militakiri.saved-game.")}


def assert_on_the_earlier_board(game: Game) -> None:
    """R1: on the 8-rank board it was made on, never on the official one."""
    assert game.kind in EARLIER and game.kind.earlier and game.kind.rows == 8
    assert game.kind is not SINGLE and game.kind is not DOUBLE
    for position in (game.start, game.position):
        assert position.kind is game.kind and len(position.string().split()[0].split("/")) == 8


def assert_plays_on(game: Game) -> None:
    """A legal move of the earlier board is played, and the game stays there."""
    assert not game.is_over()
    moves = game.legal_moves()
    assert moves
    before = len(game.tokens)
    game.play(moves[len(moves) // 2])
    assert len(game.tokens) == before + 1
    assert_on_the_earlier_board(game)


def with_ranks_8(record: str) -> str:
    """An old record as the writer writes it now: the same text with
    ``[Ranks "8"]`` after the Board tag, or after Black with a Position tag
    (NOTATION.md: writers always write Ranks)."""
    lines = record.split("\n")
    after = next(i for i, line in enumerate(lines) if line.startswith("[Board ")) if "[Board " in record else \
        next(i for i, line in enumerate(lines) if line.startswith("[Black "))
    return "\n".join(lines[:after + 1] + ['[Ranks "8"]'] + lines[after + 1:])


def test_the_fixtures_hold_what_their_readme_says():
    assert set(LINKS) == set(RECORD_OF_LINK) and set(RECORDS) == set(RECORD_OF_LINK.values())
    assert len(POSITIONS) == 4 and len(_saved_games()) == 5
    for name, url in URLS.items():
        assert url == "http://localhost:8731/#" + LINKS[name]


# Links -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(LINKS))
def test_R1_every_earlier_link_reads_on_the_earlier_board_and_writes_back_the_same(name):
    link = LINKS[name]
    shared = game_from_link(link)
    game = shared.game
    assert_on_the_earlier_board(game)
    from_address = game_from_link("#" + URLS[name].partition("#")[2])  # as the page's address gives it
    assert from_address.game.tokens == game.tokens and from_address.game.kind is game.kind
    assert (from_address.deadline, from_address.computer) == (shared.deadline, shared.computer)
    assert game_to_link(game, deadline=shared.deadline, computer=shared.computer,
                       clock_left=shared.clock_left) == link
    # The same moves as the record the old page exported of the same game.
    record = Game.from_record(RECORDS[RECORD_OF_LINK[name]])
    assert game.tokens == record.tokens and game.tokens
    assert game.start.string() == record.start.string() and game.kind is record.kind
    assert game.position.string() == record.position.string()
    if name in POSITION_OF_LINK:  # and the position the old page showed
        assert game.position.string() == POSITIONS[POSITION_OF_LINK[name]]


def test_R1_the_links_say_their_boards_players_and_what_they_carry():
    games = {name: game_from_link(link) for name, link in LINKS.items()}
    assert games["game2"].game.kind is EARLIER_DOUBLE and games["game2"].computer == (1, 3)
    assert games["game3-finished-rated"].computer == (1, 2)
    assert {name for name, shared in games.items() if shared.game.kind is EARLIER_SINGLE} == set(LINKS) - {"game2"}
    assert games["game1"].game.time_control.text() == "300+5"
    assert (games["game1"].game.players.white, games["game1"].game.players.black) == ("Anna", "Bram")
    correspondence = games["correspondence-c86400"]
    assert correspondence.game.time_control.text() == "c86400" and correspondence.deadline == 1_795_935_097
    assert correspondence.game.start.string() == POSITIONS["start-single"]
    for name, result in FINISHED.items():
        assert str(games[name].game.outcome()) == result


@pytest.mark.parametrize("name", sorted(set(LINKS) - set(FINISHED)))
def test_R1_an_earlier_link_is_played_on_and_shared_again_in_its_own_format(name):
    """Played on, on the earlier board; its link keeps the earlier format
    (1, or 3 against the computer) and reads back with the new move, on the
    same board. (No clock runs: a link replays untimed, so the
    correspondence game's deadline does not stop a move here.)"""
    shared = game_from_link(LINKS[name])
    game = shared.game
    assert_plays_on(game)
    link = game_to_link(game, deadline=shared.deadline, computer=shared.computer)
    assert link.split("!")[0] == LINKS[name].split("!")[0]
    again = game_from_link(link)
    assert_on_the_earlier_board(again.game)
    assert again.game.tokens == game.tokens and again.computer == shared.computer
    assert again.game.position.string() == game.position.string()


@pytest.mark.parametrize("name", sorted(FINISHED))
def test_R1_a_finished_earlier_link_stays_finished(name):
    game = game_from_link(LINKS[name]).game
    assert_on_the_earlier_board(game)
    assert game.is_over() and game.legal_moves() == [] and str(game.outcome()) == FINISHED[name]


# Records ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_R1_every_earlier_record_reads_on_the_earlier_board_and_writes_back_the_same(name):
    """No Ranks tag: written before the official board, read on 8 ranks.
    Written again it is the same text and a Ranks tag of 8, and that reads
    back as the same game on the same board."""
    text = RECORDS[name]
    game = Game.from_record(text)
    assert_on_the_earlier_board(game)
    assert "[Ranks " not in text
    assert read_record(text, reachable=True).tokens == game.tokens  # as a record from outside is read
    written = game.record()
    assert written == with_ranks_8(text)
    again = Game.from_record(written)
    assert_on_the_earlier_board(again)
    assert again.kind is game.kind and again.tokens == game.tokens and again.record() == written
    assert again.position.string() == game.position.string()


@pytest.mark.parametrize("name", sorted(set(RECORD_OF_LINK) - set(FINISHED)))
def test_R1_an_earlier_record_is_played_on(name):
    game = Game.from_record(RECORDS[RECORD_OF_LINK[name]])
    assert_plays_on(game)
    assert Game.from_record(game.record()).tokens == game.tokens


def test_R1_the_earlier_records_boards_and_ends():
    games = {name: Game.from_record(text) for name, text in RECORDS.items()}
    assert games["game2-double-computer-unfinished.txt"].kind is EARLIER_DOUBLE
    assert games["correspondence-position-tag.txt"].setups is None  # its Position tag, of 8 ranks
    assert games["correspondence-position-tag.txt"].start.string() == POSITIONS["start-single"]
    for name, result in FINISHED.items():
        assert str(games[RECORD_OF_LINK[name]].outcome()) == result


# Positions -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_R1_every_earlier_position_reads_on_the_earlier_board_and_is_played_on(name):
    text = POSITIONS[name]
    position = Position.from_string(text)
    assert position.kind in EARLIER and position.kind.rows == 8
    assert position.string() == text
    game = Game.from_position(text)
    assert_on_the_earlier_board(game)
    assert_plays_on(game)
    assert Game.from_record(game.record()).position.string() == game.position.string()


def test_R1_the_position_of_an_earlier_address_reads_on_the_earlier_board():
    """The ``?position=`` of an address the old page opened (the engine's
    side: the query's value, unquoted as the page unquotes it)."""
    query = POSITION_URL.partition("?")[2]
    values = dict(part.partition("=")[::2] for part in query.split("&"))
    assert (values["computer"], values["level"]) == ("black", "2")
    position = Position.from_string(unquote(values["position"]))
    assert position.kind is EARLIER_SINGLE and position.string() == POSITIONS["start-single"]


# Saved games -----------------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(_saved_games()))
def test_R1_the_link_inside_every_saved_game_reads_on_the_earlier_board(key):
    """A saved game holds its game as a link (web/services/autosave.py):
    each is one of the links the old page shared, read on the earlier board."""
    link = _saved_games()[key]["link"]
    assert link in LINKS.values()
    shared = game_from_link(link)
    assert_on_the_earlier_board(shared.game)
    assert game_to_link(shared.game, deadline=shared.deadline, computer=shared.computer,
                        clock_left=shared.clock_left) == link
    if not shared.game.is_over():
        assert_plays_on(shared.game)


def test_R1_the_computers_remembered_start_reads_on_the_earlier_board():
    storage = json.loads((FIXTURES / "storage-games.json").read_text(encoding="utf-8"))["localStorage"]
    start = json.loads(storage["militakiri.computer"])["start"]
    position = Position.from_string(start)
    assert position.kind is EARLIER_SINGLE and position.string() == start


# The command line ------------------------------------------------------------------------


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "militakiri", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name, board, final", [
    ("game1-single-clock-unfinished.txt", "single", POSITIONS["game1-single-after-12-moves"] + "\n*\n"),
    ("game2-double-computer-unfinished.txt", "double", POSITIONS["game2-double-after-6-plies"] + "\n*\n"),
    ("finished-two-player-resigned.txt", "single", None),
])
def test_R1_the_command_line_replays_an_earlier_record_with_a_note(name, board, final):
    result = cli("replay", str(FIXTURES / "records" / name))
    assert result.returncode == 0
    expected = final or Game.from_record(RECORDS[name]).position.string() + "\n1-0 resignation\n"
    assert result.stdout == expected
    assert result.stderr == "militakiri replay: " + NOTE.format(board) + "\n"
    assert cli("replay", "-", stdin=RECORDS[name]).stdout == expected


def test_R1_the_command_line_plays_on_an_earlier_position_with_a_note():
    start = POSITIONS["start-single"]
    played = cli("play", start, "c3-d4")
    assert played.returncode == 0
    assert played.stdout == POSITIONS["correspondence-after-c3-d4"] + "\n"  # as the old page showed it
    assert played.stderr == "militakiri play: " + NOTE.format("single") + "\n"
    legal = cli("legal", start)
    moves = legal.stdout.splitlines()
    # The earlier board's two neutral ranks: the plus tower on b3 reaches Black's zone.
    assert legal.returncode == 0 and len(moves) == 10 and "b3xe6" in moves
    assert legal.stderr == "militakiri legal: " + NOTE.format("single") + "\n"
    for command in (("outcome", start), ("perft", start, "1")):
        result = cli(*command)
        assert result.returncode == 0 and result.stderr == f"militakiri {command[0]}: " + NOTE.format("single") + "\n"
    assert cli("perft", start, "1").stdout == "10\n"


def test_R1_a_refusal_on_the_earlier_board_is_one_line_that_names_it():
    """The note comes only after a success; a refusal stays one line, and
    a square of the official board is named as none of the earlier one."""
    result = cli("play", POSITIONS["start-single"], "f10-f9")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == ("militakiri play: move token 'f10-f9': 'f10' is not a square of the earlier "
                             "8-rank single board (files a-f, ranks 1-8)\n")
