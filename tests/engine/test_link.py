"""Games as links (militakiri.link) and the corpus of bad links and records."""

import random
import re
from pathlib import Path

import pytest

from militakiri import DOUBLE, SINGLE, Game, InvalidRecordError, Players, Position, TimeControl
from militakiri.textcodec import crc_code, quote
from militakiri.board import EARLIER_DOUBLE, EARLIER_SINGLE
from militakiri.link import InvalidLinkError, game_from_link, game_to_link

from .positions import make, played

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


@pytest.mark.parametrize("kind", [SINGLE, DOUBLE])
@pytest.mark.parametrize("seed", range(4))
def test_link_round_trip(kind, seed):
    game = played(60, kind, seed, players=Players(white="Anna", black="Bram"))
    shared = game_from_link(game_to_link(game)).game
    assert shared.tokens == game.tokens
    assert shared.position.string() == game.position.string()
    assert (shared.players.white, shared.players.black) == ("Anna", "Bram")
    assert shared.setups == game.setups and shared.dice == game.dice


def test_links_written_move_by_move_between_games_and_take_backs_read_back_whole():
    """The writer keeps the last game's move indexes: a link after each move,
    after take-backs and the moves that replace them, and between them the
    link of a game from the same start that went another way, or of another
    game, all read back to the game's own moves."""
    def same_back(game: Game) -> None:
        assert game_from_link(game_to_link(game)).game.tokens == game.tokens

    first = played(40, SINGLE, 1)
    other = played(30, DOUBLE, 3)
    game = Game(first.start, setups=first.setups, dice=first.dice)
    twin = Game(first.start, setups=first.setups, dice=first.dice)
    for token in first.tokens:
        game.play(token)
        same_back(game)
        twin.play(token if len(twin.tokens) < 10 else sorted(twin.legal_moves())[0])
        same_back(twin)
        same_back(other)
    same_back(game)
    game.undo()
    game.undo()
    same_back(game)
    game.play(next(token for token in sorted(game.legal_moves()) if token != first.tokens[-2]))
    same_back(game)
    # The same move from two starts, one more pawn in the second: another index there.
    for start in ("5s^/6/6/6/6/6/6/6/2p13/6/1x^4/S^5 w 000/000 -/- - 1",
                  "5s^/6/6/6/6/6/6/6/2p13/6/1x^4/S^4P1 w 000/000 -/- - 1"):
        game = Game(Position.from_string(start))
        game.play("a1xb2")
        same_back(game)


def test_a_100_move_single_board_game_fits_in_600_characters():
    lengths = []
    for seed in range(20):
        game = played(100, SINGLE, seed, players=Players(white="Anna-Lena van den Berg", black="Bram"))
        if len(game.tokens) == 100:
            lengths.append(len(game_to_link(game)))
    assert lengths and max(lengths) <= 600, lengths
    assert max(lengths) < 200  # what we reach: about 140


def test_names_and_time_control_and_deadline_survive():
    name = "<img src=x onerror=alert(1)> & \"Zoë\" !#%"
    game = played(10, SINGLE, 1, players=Players(white=name, black="Bram"),
                  time_control=TimeControl.parse("c86400"))
    shared = game_from_link(game_to_link(game, deadline=1_790_000_000))
    assert shared.game.players.white == name  # literal text, never markup
    assert shared.game.time_control.text() == "c86400"
    assert shared.deadline == 1_790_000_000


def test_an_outside_end_is_carried():
    game = played(12, SINGLE, 2)
    game.resign(1)
    shared = game_from_link(game_to_link(game)).game
    assert str(shared.outcome()) == "1-0 resignation"


def test_a_game_from_a_position():
    game = Game.from_position(make("single", {"a1": "S^", "c3": "P1", "f12": "s^", "d4": "x1"}))
    game.play("c3xd4")
    link = game_to_link(game)
    assert link.split("!")[:2] == ["4", "p" + quote(game.start.string(), "/^")]
    shared = game_from_link("#" + link).game
    assert shared.kind is SINGLE and shared.position.string() == game.position.string()


@pytest.mark.parametrize("kind", [SINGLE, DOUBLE])
def test_a_link_is_format_4_on_the_official_board_with_the_computers_fields_empty_between_people(kind):
    """R1: format 4 is the official 12-rank board, and always has 12 fields;
    a game between two people writes the computer's two as '-'."""
    game = played(8, kind, 5, players=Players(white="Anna", black="Bram"))
    link = game_to_link(game)
    fields = link.split("!")
    assert fields[0] == "4" and len(fields) == 12 and fields[8:10] == ["-", "-"]
    shared = game_from_link(link)
    assert shared.game.kind is kind and shared.computer is None and shared.clock_left is None
    assert shared.game.tokens == game.tokens
    timed = game_from_link(game_to_link(game, clock_left=(61.5, 30)))  # a clock between people
    assert timed.computer is None and timed.clock_left == (61.5, 30.0)


def test_version_1_links_keep_opening_on_the_earlier_board_R1():
    """Made by version 1 of the format, on the earlier 8-rank board: it opens
    in every later version, on that board (R1), never moved onto the
    official one, and is written again as it was, to be shared again."""
    link = "1!scdbabf!4425!-!White!Black!-!-!2.Og!FeD3"
    game = game_from_link(link).game
    assert game.kind is EARLIER_SINGLE and game.tokens == ["f6-f5", "c3-d4"]
    assert game_to_link(game) == link
    game.play("f5-f4")  # played on, on the board it was made on
    again = game_from_link(game_to_link(game))
    assert game_to_link(game).startswith("1!") and again.game.kind is EARLIER_SINGLE
    assert again.game.tokens == ["f6-f5", "c3-d4", "f5-f4"]


@pytest.mark.parametrize("kind", [EARLIER_SINGLE, EARLIER_DOUBLE])
def test_a_game_on_the_earlier_board_keeps_its_earlier_format_R1(kind):
    """The writer keeps a game of the earlier board in format 1 between
    people and 3 against the computer (the formats that board was shared
    in), so it is read back on the same board."""
    game = played(10, kind, 3)
    between_people = game_to_link(game)
    against_computer = game_to_link(game, computer=(1, 5), clock_left=(12.5, 40))
    assert between_people.startswith("1!") and len(between_people.split("!")) == 10
    assert against_computer.startswith("3!") and against_computer.split("!")[8:10] == ["b5", "3h.b4"]
    for link in (between_people, against_computer):
        shared = game_from_link(link)
        assert shared.game.kind is kind and shared.game.tokens == game.tokens
    assert game_from_link(against_computer).computer == (1, 5)


@pytest.mark.parametrize("version, rows, says", [
    ("4", 8, "start position has 8 ranks; a link of format 4 is on a board of 12"),
    ("3", 12, "start position has 12 ranks; a link of format 3 is on a board of 8"),
    ("2", 12, "start position has 12 ranks; a link of format 2 is on a board of 8"),
    ("1", 12, "start position has 12 ranks; a link of format 1 is on a board of 8"),
])
def test_a_start_position_of_the_other_board_than_the_links_format_is_refused_R1(version, rows, says):
    start = make("single", {"a1": "S^", "f%d" % rows: "s^"}, rows=rows)
    opponent = [] if version == "1" else (["b2", "-"] if version != "4" else ["-", "-"])
    body = "!".join([version, "p" + quote(start, "/^"), "-", "-", "Anna", "Bram", "-", "-",
                     *opponent, "0."])
    with pytest.raises(InvalidLinkError, match=says):
        game_from_link(body + "!" + crc_code(body))


def test_a_link_from_a_newer_format_is_refused_politely():
    body = game_to_link(played(4)).rpartition("!")[0].replace("4!", "5!", 1)
    with pytest.raises(InvalidLinkError, match=r"made by a newer version of Militakiri \(format 5; "
                                               r"this page reads up to 4\): reload the page to update it"):
        game_from_link(body + "!" + crc_code(body))


def bad_links():
    for line in (CORPUS / "bad_links.tsv").read_text().splitlines():
        if line.startswith("#"):
            continue
        link, says, what = line.split("\t")
        yield pytest.param(link, says, id=what)


def test_the_bad_link_corpus_has_at_least_50_entries():
    assert len(list(bad_links())) >= 50


@pytest.mark.parametrize("link, says", list(bad_links()))
def test_bad_links_are_refused_with_a_clear_message(link, says):
    with pytest.raises(InvalidLinkError) as caught:
        game_from_link(link)
    message = str(caught.value)
    assert re.search(says, message), message
    assert "Traceback" not in message and len(message) < 300


def bad_records():
    text = (CORPUS / "bad_records.txt").read_text()
    for chunk in re.split(r"^%%% ", text, flags=re.M)[1:]:
        header, _, record = chunk.partition("\n")
        says, what = (part.strip() for part in header.split("|", 1))
        yield pytest.param(record, says, id=what)
    yield pytest.param("x" * 300_000, "at most", id="oversized")


def test_the_bad_record_corpus_has_at_least_25_entries():
    assert len(list(bad_records())) >= 25


@pytest.mark.parametrize("record, says", list(bad_records()))
def test_bad_records_are_refused_with_line_column_and_reason(record, says):
    with pytest.raises(InvalidRecordError) as caught:
        Game.from_record(record)
    assert re.search(says, str(caught.value)), str(caught.value)
    assert caught.value.line >= 1 and caught.value.column >= 1


def test_random_damage_never_crashes_and_never_half_loads():
    good = game_to_link(played(40, SINGLE, 3))
    rng = random.Random(9)
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCXYZ!.-_%"
    for _ in range(300):
        chars = list(good)
        for _ in range(rng.randint(1, 3)):
            chars[rng.randrange(len(chars))] = rng.choice(alphabet)
        damaged = "".join(chars)
        if damaged == good:
            continue
        try:
            game_from_link(damaged)
        except InvalidLinkError:
            continue
        raise AssertionError(f"damaged link accepted: {damaged}")


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_a_link_carries_the_computers_side_and_level(level):
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    shared = game_from_link(game_to_link(game, computer=(1, level)))
    assert shared.computer == (1, level)


@pytest.mark.parametrize("level", ["0", "9", "x"])
def test_a_link_naming_a_level_that_does_not_exist_is_refused(level):
    """A forged link: a version-2 link naming a level it does not have opened a game in which the
    computer never moved."""
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    body = game_to_link(game, computer=(1, 4)).rpartition("!")[0]
    forged_body = body.replace("!b4!", f"!b{level}!")
    assert forged_body != body
    forged = forged_body + "!" + crc_code(forged_body)  # resealed: only the level is wrong
    with pytest.raises(InvalidLinkError, match="not a side and a level 1-8"):
        game_from_link(forged)


def test_a_version_2_link_names_the_four_levels_of_before():
    """The computer's ladder renumbered its levels: a link shared against the old
    level 4 (the strongest) goes on against the strongest, level 8; one
    written now says the ladder's level (version 3 on the earlier 8-rank
    board, where versions 2 and 3 were made; 4 on the official board, R1)."""
    official = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    assert game_to_link(official, computer=(1, 4)).startswith("4!")
    game = Game.new(EARLIER_SINGLE, "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    now = game_to_link(game, computer=(1, 4))
    assert now.startswith("3!") and game_from_link(now).computer == (1, 4)
    assert game_from_link(now).game.kind is EARLIER_SINGLE
    for old, ladder in ((1, 1), (2, 3), (3, 6), (4, 8)):
        body = now.rpartition("!")[0].replace("3!", "2!", 1).replace("!b4!", f"!b{old}!")
        version_2 = body + "!" + crc_code(body)
        assert game_from_link(version_2).computer == (1, ladder)
    body = now.rpartition("!")[0].replace("3!", "2!", 1).replace("!b4!", "!b5!")
    with pytest.raises(InvalidLinkError, match="level 1-4"):
        game_from_link(body + "!" + crc_code(body))
