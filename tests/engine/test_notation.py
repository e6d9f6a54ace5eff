"""NOTATION.md: position strings, move tokens and game records."""

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
from militakiri.record import move_rows

from .test_rulings import NOTATION_START

DOUBLE_START = (
    "s1s^s1s1s^s1s1s1s1s1s1s1/p1x1p1x^p1x1p1x^p1x1p1x1/p^x1p1x1p1x1p1x1p1x1p^x1/12/12/"
    "P^X1P1X1P1X1P1X1P1X1P^X1/P1X1P1X^P1X1P1X^P1X1P1X1/S1S^S1S1S^S1S1S1S1S1S1S1 w 244/244 -/- - 1"
)


@pytest.mark.parametrize(
    "text",
    [
        NOTATION_START,
        DOUBLE_START,
        "6/6/6/6/6/6/6/S^5 b 000/000 -/- - 17",
        "s^5/6/2X31P^1/6/6/6/6/S^5 w 012/100 XP/s 50/49 40",
        "x4s3p21s^1/6/6/6/6/6/6/S^5 b 999/000 SSS/xpx 0/0 1",
    ],
)
def test_position_string_round_trip(text):
    assert Position.from_string(text).string() == text
    assert Position.from_string("  " + text + "\n").string() == text


@pytest.mark.parametrize(
    "text, says",
    [
        ("", "0 fields"),
        ("6/6/6/6/6/6/6/6 w 000/000 -/-", "missing: move rule, move number"),
        (NOTATION_START + " extra", "extra: extra"),
        ("6/6/6/6/6/6/6 w 000/000 -/- - 1", "7 ranks"),
        ("6/6/6/6/6/6/6/6/6 w 000/000 -/- - 1", "9 ranks"),
        ("6/6/6/6/6/6/6/5 w 000/000 -/- - 1", "rank 1 .* 5 fields"),
        ("7/7/7/7/7/7/7/7 w 000/000 -/- - 1", "6 \\(single\\) or 12"),
        ("6/6/6/6/6/6/6/S5 w 000/000 -/- - 1", "followed by"),
        ("6/6/6/6/6/6/6/S5^ w 000/000 -/- - 1", "followed by"),
        ("6/6/6/6/6/6/6/Q5 w 000/000 -/- - 1", "'Q' is neither"),
        ("6/6/6/6/6/6/6/05 w 000/000 -/- - 1", "not a count"),
        ("6/6/6/6/6/6/6/S^0S1111 w 000/000 -/- - 1", "not a count"),
        ("6/6/6/6/6/6/6/S^5 x 000/000 -/- - 1", "side to move"),
        ("6/6/6/6/6/6/6/S^5 w 00/000 -/- - 1", "spare towers"),
        ("6/6/6/6/6/6/6/S^5 w 000 -/- - 1", "spare towers"),
        ("6/6/6/6/6/6/6/S^5 w 0a0/000 -/- - 1", "spare towers"),
        ("6/6/6/6/6/6/6/S^5 w 000/000 - - 1", "waiting towers"),
        ("6/6/6/6/6/6/6/S^5 w 000/000 x/- - 1", "White's"),
        ("6/6/6/6/6/6/6/S^5 w 000/000 -/X - 1", "Black's"),
        ("6/6/6/6/6/6/6/S^5 w 000/000 -/q - 1", "Black's"),
        ("6/6/6/6/6/6/6/S^5 w 000/000 /- - 1", "a side with none is written '-'"),  # issue 24: read as -/-
        ("6/6/6/6/6/6/6/S^5 w 000/000 -/ - 1", "a side with none is written '-'"),
        ("6/6/6/6/6/6/6/S^5 w 000/000 / - 1", "a side with none is written '-'"),
        ("6/6/6/6/6/6/6/S^5 w 000/000 -/- 50 1", "move rule"),
        ("6/6/6/6/6/6/6/S^5 w 000/000 -/- 5/x 1", "move rule"),
        ("6/6/6/6/6/6/6/S^5 w 000/000 -/- - 0", "move number"),
        ("6/6/6/6/6/6/6/S^5 w 000/000 -/- - -3", "move number"),
        ("6/6/6/6/6/6/6/S^5 w 000/000 -/- - one", "move number"),
    ],
)
def test_malformed_position_strings_say_what_is_wrong(text, says):
    with pytest.raises(InvalidPositionError, match=says):
        Position.from_string(text)


@pytest.mark.parametrize(
    "token",
    ["c3-d4", "c3xd4", "d5xd6=X@e2", "d5xd6=x", "@a2,c3-c4", "@a2,@b1,c3-c4", "@a2,d5xd6=P@a2"],
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
        ("c9-c10", "not a square"),
        ("c3-d4 e5-e6", "not of the form"),
    ],
)
def test_malformed_move_tokens(token, says):
    with pytest.raises(InvalidTokenError, match=says):
        Move.from_token(token, SINGLE)


def _sample_game() -> Game:
    game = Game.new(
        "single", "Sc Xd Pb", "Sa Xb Pf", dice="4-4 2-5",
        time_control=TimeControl.parse("600+5"),
        players=Players(white="Anna", black='Bram "the Bold"', date="2026.11.22"),
    )
    game.clock = None  # the record carries no clock readings
    for token in ["f6-f5", "c3-d4", "f5-f4", "b3-b4"]:
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
    assert "\n\n1... f6-f5 2. c3-d4 f5-f4 3. b3-b4 *\n" in text
    again = Game.from_record(text)
    assert again.tokens == game.tokens
    assert again.players.black == 'Bram "the Bold"'
    assert again.record() == text


def test_record_with_a_position_tag_and_long_games_wrap():
    game = Game.from_position(NOTATION_START)
    for _ in range(30):
        for token in ("c3-d4", "f6-f5", "d4-c3", "f5-f6"):
            game.play(token)
    text = game.record()
    assert '[Position "' in text and "[Board" not in text
    assert max(len(line) for line in text.split("\n\n", 1)[1].splitlines()) <= 80
    assert Game.from_record(text).position.string() == game.position.string()


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
        (GOOD.replace('[Board "single"]\n', ""), 9, "missing tag"),
        (GOOD.replace('"single"', '"triple"'), 5, "not a board"),
        (GOOD.replace('"Sc Xd Pb"', '"Sc Xd"'), 6, "WhiteSetup"),
        (GOOD.replace('"Sa Xb Pf"', '"Sab Xb Pf"'), 7, "BlackSetup"),
        (GOOD.replace('"4-4 2-5"', '"4-4"'), 8, "tie"),
        (GOOD.replace('"600+5"', '"ten minutes"'), 9, "time control"),
        (GOOD.replace("c3-d4", "c3-c4"), 12, "move 2 .*diagonally"),
        (GOOD.replace("c3-d4", "c3?d4"), 12, "neither"),
        (GOOD.replace("2. c3-d4", "3. c3-d4"), 12, "expected 2."),
        (GOOD.replace("1... f6-f5", "1. f6-f5"), 12, "expected 1..."),
        (GOOD.replace("b3-b4 *", "b3-b4 * f4-f3"), 12, "after the result"),
        (GOOD.replace('[Result "*"]', '[Result "1-0"]'), 12, "ends in \\* but the Result tag says 1-0"),
        (GOOD.replace('[Result "*"]', '[Result "1-0"]').replace("b4 *", "b4 1-0"), 10, "Termination"),
        (GOOD.replace('[Result "*"]', '[Result "1-0"]\n[Termination "towers"]').replace("b4 *", "b4 1-0"), 11, "towers"),
        (GOOD.replace('[Result "*"]', '[Result "*"]\n[Termination "time"]'), 11, "still going"),
        (GOOD.replace('[Result "*"]', '[Result "1/2-1/2"]\n[Termination "time"]').replace("b4 *", "b4 1/2-1/2"), 11, "R17"),
        (GOOD.replace('[Board "single"]', '[Board "double"]'), 6, "WhiteSetup"),
        (GOOD.replace('[Dice "4-4 2-5"]', '[Position "6/6 w"]'), 8, "Position|missing"),
        ("x" * 300_000, 1, "at most"),
    ],
)
def test_bad_records_name_line_and_reason(text, line, says):
    with pytest.raises(InvalidRecordError, match=says) as caught:
        Game.from_record(text)
    assert caught.value.line == line, str(caught.value)


def test_record_of_a_finished_game_must_state_its_result():
    from .positions import make

    game = Game.from_position(make("single", {"a1": "S^", "a7": "s^", "b8": "s1"}))
    game.play("a1xa7")
    text = game.record()
    assert '[Result "1-0"]' in text and '[Termination "towers"]' in text
    assert text.rstrip().endswith("1. a1xa7 1-0")
    assert str(Game.from_record(text).outcome()) == "1-0 towers"
    with pytest.raises(InvalidRecordError, match="moves end the game 1-0 towers"):
        Game.from_record(text.replace('[Result "1-0"]', '[Result "*"]').replace("a7 1-0", "a7 *"))
