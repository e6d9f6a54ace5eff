"""NOTATION.md: position strings, move tokens and game records, on the
official 12-rank board (R1, R2); the earlier 8-rank board where a test says so."""

import pytest

from militakiri import (
    BLACK,
    WHITE,
    Game,
    InvalidPositionError,
    InvalidRecordError,
    InvalidTokenError,
    Move,
    Players,
    Position,
    SINGLE,
    TimeControl,
)
from militakiri.board import EARLIER_SINGLE
from militakiri.record import move_rows

#: NOTATION.md's example: White towers on c1, d2 and b3, Black's on a12, b11
#: and f10, six empty neutral ranks between the zones (R1).
NOTATION_START = (
    "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
    "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1"
)
DOUBLE_START = (
    "s1s^s1s1s^s1s1s1s1s1s1s1/p1x1p1x^p1x1p1x^p1x1p1x1/p^x1p1x1p1x1p1x1p1x1p^x1/12/12/12/12/12/12/"
    "P^X1P1X1P1X1P1X1P1X1P^X1/P1X1P1X^P1X1P1X^P1X1P1X1/S1S^S1S1S^S1S1S1S1S1S1S1 w 244/244 -/- - 1"
)
#: The single board's start as the earlier 8-rank board wrote it: kept on
#: purpose, for the games made on it (R1).
EARLIER_START = (
    "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/X1P^X1P1X1P1/"
    "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1"
)
#: Rank 12 down to rank 2, all empty: a test's own rank 1 follows.
EMPTY = "6/6/6/6/6/6/6/6/6/6/6/"


@pytest.mark.parametrize(
    "text",
    [
        NOTATION_START,
        DOUBLE_START,
        EMPTY + "S^5 b 000/000 -/- - 17",
        "s^5/6/2X31P^1/6/6/6/6/6/6/6/6/S^5 w 012/100 XP/s 50/49 40",
        "x4s3p21s^1/6/6/6/6/6/6/6/6/6/6/S^5 b 999/000 SSS/xpx 0/0 1",
    ],
)
def test_position_string_round_trip(text):
    assert Position.from_string(text).kind.rows == 12 and not Position.from_string(text).kind.earlier
    assert Position.from_string(text).string() == text
    assert Position.from_string("  " + text + "\n").string() == text


def test_a_placement_of_12_ranks_is_the_official_board_and_of_8_the_earlier_one_R1():
    """R1: 12 ranks, rank 12 at the top of the string (R2); a string of 8
    ranks, as the earlier board wrote it, is read on that board, never
    moved onto the official one, and written back as it was."""
    official = Position.from_string(NOTATION_START)
    assert official.kind is SINGLE and official.kind.size == 72
    assert official.board[official.kind.square("a12")].symbol == "s^"
    assert official.board[official.kind.square("f10")].symbol == "p^"
    assert [official.board[official.kind.square(f + str(r))] for f in "abcdef" for r in range(4, 10)] == [None] * 36
    earlier = Position.from_string(EARLIER_START)
    assert earlier.kind is EARLIER_SINGLE and earlier.kind.size == 48 and earlier.kind.earlier
    assert earlier.board[earlier.kind.square("a8")].symbol == "s^"
    assert earlier.string() == EARLIER_START


@pytest.mark.parametrize(
    "text, says",
    [
        ("", "expected 6 fields .*found 0"),
        (EMPTY + "6 w 000/000 -/-", "missing: move rule, move number"),
        (NOTATION_START + " extra", "extra: extra"),
        # R1: 12 ranks, or 8 on the earlier board; any other count is refused, saying both.
        ("6/6/6/6/6/6/6 w 000/000 -/- - 1", "placement has 7 ranks, expected 12 .8 on the earlier board"),
        ("6/6/6/6/6/6/6/6/6 w 000/000 -/- - 1", "placement has 9 ranks, expected 12 .8 on the earlier board"),
        ("6/6/6/6/6/6/6/6/6/6/6 w 000/000 -/- - 1", "placement has 11 ranks, expected 12"),
        (EMPTY + "6/6 w 000/000 -/- - 1", "placement has 13 ranks, expected 12 .8 on the earlier board"),
        (EMPTY + "5 w 000/000 -/- - 1", "rank 1 .* 5 fields"),
        ("6/6/6/6/6/6/6/5 w 000/000 -/- - 1", "rank 1 .* 5 fields, expected 6 like rank 8"),  # the earlier board
        ("7/" * 11 + "7 w 000/000 -/- - 1", "rank 12 .* 7 fields; a board has 6 .single. or 12"),
        (EMPTY + "S5 w 000/000 -/- - 1", "followed by"),
        (EMPTY + "S5^ w 000/000 -/- - 1", "followed by"),
        (EMPTY + "Q5 w 000/000 -/- - 1", "'Q' is neither"),
        (EMPTY + "05 w 000/000 -/- - 1", "not a count"),
        (EMPTY + "S^0S1111 w 000/000 -/- - 1", "not a count"),
        (EMPTY + "S^5 x 000/000 -/- - 1", "side to move"),
        (EMPTY + "S^5 w 00/000 -/- - 1", "spare towers"),
        (EMPTY + "S^5 w 000 -/- - 1", "spare towers"),
        (EMPTY + "S^5 w 0a0/000 -/- - 1", "spare towers"),
        (EMPTY + "S^5 w 000/000 - - 1", "waiting towers"),
        (EMPTY + "S^5 w 000/000 x/- - 1", "Red's"),
        (EMPTY + "S^5 w 000/000 -/X - 1", "Blue's"),
        (EMPTY + "S^5 w 000/000 -/q - 1", "Blue's"),
        (EMPTY + "S^5 w 000/000 /- - 1", "a side with none is written '-'"),  # once read as -/-
        (EMPTY + "S^5 w 000/000 -/ - 1", "a side with none is written '-'"),
        (EMPTY + "S^5 w 000/000 / - 1", "a side with none is written '-'"),
        (EMPTY + "S^5 w 000/000 -/- 50 1", "move rule"),
        (EMPTY + "S^5 w 000/000 -/- 5/x 1", "move rule"),
        (EMPTY + "S^5 w 000/000 -/- - 0", "move number"),
        (EMPTY + "S^5 w 000/000 -/- - -3", "move number"),
        (EMPTY + "S^5 w 000/000 -/- - one", "move number"),
    ],
)
def test_malformed_position_strings_say_what_is_wrong(text, says):
    with pytest.raises(InvalidPositionError, match=says):
        Position.from_string(text)


@pytest.mark.parametrize(
    "token",
    ["c3-d4", "c3xd4", "d5xd6=X@e2", "d5xd6=x", "@a2,c3-c4", "@a2,@b1,c3-c4", "@a2,d5xd6=P@a2",
     # Ranks 10-12 have two digits (NOTATION.md's squares).
     "c10-c11", "d11xd12", "f9xf10=x@a12", "@c10,b12xa11=p@f12"],
)
def test_move_token_round_trip(token):
    assert Move.from_token(token, SINGLE).token(SINGLE) == token


@pytest.mark.parametrize(
    "token, says",
    [
        ("", "empty"),
        ("c3", "neither"),
        ("c3-", "not of the form"),
        ("c3_d4", "neither"),
        ("c3xd4=Q@a1", "promotion"),
        ("c3xd4=", "promotion"),
        ("a2,c3-c4", "not of the form"),
        ("@a2c3-c4", "waiting towers"),
        ("g3-g4", "not a square|not of the form"),
        ("c12-c13", "'c13' is not a square of the single board .files a-f, ranks 1-12"),
        ("c3-d4 e5-e6", "not of the form"),
    ],
)
def test_malformed_move_tokens(token, says):
    with pytest.raises(InvalidTokenError, match=says):
        Move.from_token(token, SINGLE)


def test_a_token_of_the_earlier_board_names_its_squares_on_8_ranks_R1():
    """On the earlier 8-rank board (R1) rank 8 is the last: a token from
    the official board is refused there, naming the earlier board."""
    assert Move.from_token("c7-c8", EARLIER_SINGLE).token(EARLIER_SINGLE) == "c7-c8"
    with pytest.raises(InvalidTokenError, match="'c9' is not a square of the earlier 8-rank single board .files a-f, ranks 1-8"):
        Move.from_token("c8-c9", EARLIER_SINGLE)


def _sample_game() -> Game:
    game = Game.new(
        "single", "Sc Xd Pb", "Sa Xb Pf", dice="4-4 2-5",
        time_control=TimeControl.parse("600+5"),
        players=Players(white="Anna", black='Bram "the Bold"', date="2026.11.22"),
    )
    game.clock = None  # the record carries no clock readings
    for token in ["f10-f9", "c3-d4", "f9-f8", "b3-b4"]:
        game.play(token)
    return game


def test_move_rows_number_as_the_record_does_from_black_to_move():
    """The page's move list (web/ui/panels.py) and the record number alike."""
    assert move_rows(["a", "b", "c", "d"], 7, BLACK) == [(7, None, "a"), (8, "b", "c"), (9, "d", None)]
    assert move_rows([], 1, WHITE) == []


def test_record_round_trip_and_exact_form():
    game = _sample_game()
    text = game.record()
    assert text.startswith('[Event "Casual game"]\n[Date "2026.11.22"]\n[White "Anna"]\n')
    assert '[Black "Bram \\"the Bold\\""]' in text
    assert '\n[Board "single"]\n[Ranks "12"]\n[WhiteSetup "Sc Xd Pb"]\n' in text  # writers always write Ranks
    assert "\n\n1... f10-f9 2. c3-d4 f9-f8 3. b3-b4 *\n" in text
    again = Game.from_record(text)
    assert again.tokens == game.tokens and again.kind is SINGLE
    assert again.players.black == 'Bram "the Bold"'
    assert again.players.extra == []  # Ranks is the record's own tag, not an extra one
    assert again.record() == text


def test_record_with_a_position_tag_and_long_games_wrap():
    game = Game.from_position(NOTATION_START)
    for _ in range(30):
        for token in ("c3-d4", "f10-f9", "d4-c3", "f9-f10"):
            game.play(token)
    text = game.record()
    assert '[Position "' in text and "[Board" not in text and '[Ranks "12"]' in text
    assert max(len(line) for line in text.split("\n\n", 1)[1].splitlines()) <= 80
    assert Game.from_record(text).position.string() == game.position.string()


def test_a_record_without_ranks_but_a_12_rank_position_tag_is_on_the_official_board_R1():
    """A hand-written record may leave out the Ranks tag: its Position tag's
    12 ranks say the board (R1)."""
    text = '[Event "Puzzle"]\n[Position "%s"]\n\n1. c3-d4 f10-f9 *\n' % NOTATION_START
    game = Game.from_record(text)
    assert game.kind is SINGLE and game.tokens == ["c3-d4", "f10-f9"]
    assert '[Ranks "12"]' in game.record()


def test_a_record_without_ranks_was_written_on_the_earlier_board_and_is_read_there_R1():
    """NOTATION.md: a record with no Ranks tag was written before the
    official board, on 8 ranks, and is read on them (R1); written again it
    says Ranks 8, and reads back on the same earlier board."""
    old = ('[Event "Casual game"]\n[Board "single"]\n[WhiteSetup "Sc Xd Pb"]\n[BlackSetup "Sa Xb Pf"]\n'
           '[Dice "4-4 2-5"]\n[Result "*"]\n\n1... f6-f5 2. c3-d4 *\n')
    game = Game.from_record(old)
    assert game.kind is EARLIER_SINGLE and game.tokens == ["f6-f5", "c3-d4"]
    assert game.position.string() == ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x11/5p^/3X12/X1P^1P1X1P1/"
                                      "P1X1P1X^P1X1/S1S1S^S1S1S1 b 122/122 -/- - 2")
    written = game.record()
    assert '[Board "single"]\n[Ranks "8"]\n[WhiteSetup' in written
    again = Game.from_record(written)
    assert again.kind is EARLIER_SINGLE and again.tokens == game.tokens and again.record() == written
    # The same with a Position tag of 8 ranks, and a Ranks tag that says 8.
    start = Game.from_record('[Position "%s"]\n\n1. c3-d4 *\n' % EARLIER_START)
    assert start.kind is EARLIER_SINGLE and '[Ranks "8"]' in start.record()
    assert Game.from_record(start.record()).kind is EARLIER_SINGLE


def test_record_tolerates_white_space_and_crlf():
    text = _sample_game().record().replace("\n", "\r\n").replace(" 2. ", "   2.  ")
    assert Game.from_record("\n\n" + text).tokens == _sample_game().tokens


GOOD = _sample_game().record()


@pytest.mark.parametrize(
    "text, line, says",
    [
        ("", 1, "tag pairs"),
        ("1. c3-d4 *", 1, "tag pairs"),
        (GOOD.replace('[White "Anna"]', '[White Anna]'), 3, "not a tag pair"),
        (GOOD.replace('[White "Anna"]', '[White "Anna"'), 3, "not a tag pair"),
        (GOOD.replace('[Date "2026.11.22"]', '[White "X"]'), 3, "twice"),
        (GOOD.replace('[Board "single"]\n', ""), 10, "missing tag"),
        (GOOD.replace('"single"', '"triple"'), 5, "not a board"),
        (GOOD.replace('"Sc Xd Pb"', '"Sc Xd"'), 7, "WhiteSetup"),
        (GOOD.replace('"Sa Xb Pf"', '"Sab Xb Pf"'), 8, "BlackSetup"),
        (GOOD.replace('"4-4 2-5"', '"4-4"'), 9, "tie"),
        (GOOD.replace('"600+5"', '"ten minutes"'), 10, "time control"),
        (GOOD.replace("c3-d4", "c3-c4"), 13, "move 2 .*diagonally"),
        (GOOD.replace("c3-d4", "c3?d4"), 13, "neither"),
        (GOOD.replace("2. c3-d4", "3. c3-d4"), 13, "expected 2."),
        (GOOD.replace("1... f10-f9", "1. f10-f9"), 13, "expected 1..."),
        (GOOD.replace("b3-b4 *", "b3-b4 * f8-f7"), 13, "after the result"),
        (GOOD.replace('[Result "*"]', '[Result "1-0"]'), 13, "ends in \\* but the Result tag says 1-0"),
        (GOOD.replace('[Result "*"]', '[Result "1-0"]').replace("b4 *", "b4 1-0"), 11, "Termination"),
        (GOOD.replace('[Result "*"]', '[Result "1-0"]\n[Termination "towers"]').replace("b4 *", "b4 1-0"), 12, "towers"),
        (GOOD.replace('[Result "*"]', '[Result "*"]\n[Termination "time"]'), 12, "still going"),
        (GOOD.replace('[Result "*"]', '[Result "1/2-1/2"]\n[Termination "time"]').replace("b4 *", "b4 1/2-1/2"), 12, "R17"),
        (GOOD.replace('[Board "single"]', '[Board "double"]'), 7, "WhiteSetup"),
        (GOOD.replace('[Dice "4-4 2-5"]', '[Position "6/6 w"]'), 9, "Position|missing"),
        # The Ranks tag (R1): 12, or 8 for the earlier board, and nothing else.
        (GOOD.replace('[Ranks "12"]', '[Ranks "9"]'), 6, "tag Ranks: '9' is not a board's ranks: 12 .or 8, the earlier board"),
        (GOOD.replace('[Ranks "12"]', '[Ranks "twelve"]'), 6, "tag Ranks: 'twelve' is not a board's ranks"),
        (GOOD.replace('[Ranks "12"]', '[Ranks ""]'), 6, "tag Ranks: '' is not a board's ranks"),
        # A Ranks tag that says 8 on a game of the official board: read on the earlier board, where f10 is none.
        (GOOD.replace('[Ranks "12"]', '[Ranks "8"]'), 13, "'f10' is not a square of the earlier 8-rank single board"),
        # No Ranks tag: written before, on the earlier board (R1), where the official board's moves are not.
        (GOOD.replace('[Ranks "12"]\n', ""), 12, "move 1 .*'f10' is not a square of the earlier 8-rank single board"),
        # A Ranks tag that contradicts its Position tag, either way.
        ('[Ranks "12"]\n[Position "%s"]\n\n*\n' % EARLIER_START, 1,
         "tag Ranks: says 12 ranks, but the Position tag's board has 8"),
        ('[Event "Casual game"]\n[Ranks "8"]\n[Position "%s"]\n\n*\n' % NOTATION_START, 2,
         "tag Ranks: says 8 ranks, but the Position tag's board has 12"),
        ("x" * 300_000, 1, "at most"),
    ],
)
def test_bad_records_name_line_and_reason(text, line, says):
    with pytest.raises(InvalidRecordError, match=says) as caught:
        Game.from_record(text)
    assert caught.value.line == line, str(caught.value)


def test_record_of_a_finished_game_must_state_its_result():
    from .positions import make

    game = Game.from_position(make("single", {"a1": "S^", "a11": "s^", "b12": "s1"}))
    game.play("a1xa11")  # across the six neutral ranks (R1): a tower's reach has no limit (R8)
    text = game.record()
    assert '[Result "1-0"]' in text and '[Termination "towers"]' in text
    assert text.rstrip().endswith("1. a1xa11 1-0")
    assert str(Game.from_record(text).outcome()) == "1-0 towers"
    with pytest.raises(InvalidRecordError, match="moves end the game 1-0 towers"):
        Game.from_record(text.replace('[Result "1-0"]', '[Result "*"]').replace("a11 1-0", "a11 *"))
