"""Input from outside: every reader of the engine, fed hostile
text, answers with the project's own error, quickly, with a short message.

Hypothesis draws from strategies a forged link or a damaged save carries:
huge digit runs, digits that are not ASCII ('²', '٣'), lone surrogates,
NUL and other controls, and valid inputs with such pieces spliced in. Each
call must end within 0.5 s and raise nothing but a MilitakiriError, whose
message stays short and free of Python's internals.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from militakiri import (
    SINGLE, Clock, Dice, Game, MilitakiriError, Outcome, Players, Position, Setup, SetupDraft, Termination,
    TimeControl,
    board_kind, game_from_link, game_to_link, start_position,
)
from militakiri.randomness import Random
from militakiri.ai.levels import parse_level
from militakiri.bounded import MAX_NAME_CHARS, clean_name, excerpt, read_int
from militakiri.move import Move
from militakiri.reachable import unreachable
from militakiri.record import read_record

ROOT = Path(__file__).resolve().parents[2]
START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
GAME = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
for _token in ("c3-d4", "f10-f9"):
    GAME.play(_token)
LINK = game_to_link(GAME)
RECORD = GAME.record()
#: The same kinds of input from the earlier 8-rank board (R1), which every
#: reader still reads: its position string, a link of format 1 and a
#: record without the Ranks tag, kept in 8 ranks on purpose.
EARLIER_START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/X1P^X1P1X1P1/"
                 "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
EARLIER_LINK = "1!scdbabf!4425!-!White!Black!-!-!2.Og!FeD3"
EARLIER_RECORD = ('[Event "Casual game"]\n[Board "single"]\n[WhiteSetup "Sc Xd Pb"]\n[BlackSetup "Sa Xb Pf"]\n'
                  '[Dice "4-4 2-5"]\n[Result "*"]\n\n1... f6-f5 2. c3-d4 *\n')
INTERNALS = ("sys.set_int_max_str_digits", "Traceback", "OverflowError", "invalid literal",
             "object has no attribute", "KeyError", "codec can't")

#: Pieces a hostile input is made of.
HOSTILE = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["²", "٣", "\ud800", "\udfff", "\x00", "\x01", "\u202e", "1e400", "-1", "nan",
                     "inf", "0", "00", " ", "!", "/", "+", "^", "%", "%FF", "%ED%A0%80", "#"]),
    st.integers(min_value=1, max_value=6000).map(lambda n: "9" * n),
    st.integers(min_value=1, max_value=12).map(lambda n: "1" + "0" * n),
)


@st.composite
def spliced(draw, valid: str):
    """``valid`` with up to three hostile pieces put in, over or instead of
    some of it (or a hostile text alone)."""
    text = valid
    for _ in range(draw(st.integers(0, 3))):
        piece = draw(HOSTILE)
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 8)))
        text = text[:start] + piece + text[end:]
    return text if draw(st.booleans()) or not text else draw(HOSTILE)


def refuses_well(read, value) -> None:
    """``read(value)`` returns, or raises a short MilitakiriError, in 0.5 s."""
    started = time.perf_counter()
    try:
        read(value)
    except MilitakiriError as error:
        message = str(error)
        assert len(message) <= MilitakiriError.MAX_MESSAGE, message[:100]
        assert not any(word in message for word in INTERNALS), message
    assert time.perf_counter() - started < 0.5, excerpt(value)


#: FUZZ_EXAMPLES=3000 for a longer search than the suite's.
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 150)), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(spliced(START) | spliced(EARLIER_START))
def test_position_strings(text):
    refuses_well(Position.from_string, text)


@FUZZ
@given(spliced("c3-d4"))
def test_move_tokens(text):
    position = Position.from_string(START)
    refuses_well(position.parse_move, text)
    refuses_well(lambda t: Move.from_token(t, SINGLE), text)


@FUZZ
@given(spliced("600+5"))
def test_time_controls(text):
    refuses_well(TimeControl.parse, text)


JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), HOSTILE),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(HOSTILE, children, max_size=3),
    max_leaves=8,
)


@FUZZ
@given(st.one_of(JSON, st.fixed_dictionaries({"control": JSON, "left": JSON, "to_move": JSON}),
                 st.fixed_dictionaries({"control": st.just("600+5"), "left": st.lists(JSON, min_size=2, max_size=2),
                                        "to_move": JSON, "delay_left": JSON})))
def test_saved_clocks(data):
    refuses_well(Clock.from_dict, data)


@FUZZ
@given(spliced(LINK) | spliced(EARLIER_LINK))
def test_links(text):
    refuses_well(game_from_link, text)


@FUZZ
@given(spliced(RECORD) | spliced(EARLIER_RECORD))
def test_records(text):
    refuses_well(read_record, text)
    refuses_well(lambda t: read_record(t, reachable=True), text)


@FUZZ
@given(spliced("Sc Xd Pb"), spliced("5-2 3-3"), spliced("4"))
def test_setups_dice_and_levels(setup, dice, level):
    refuses_well(lambda t: Setup.parse(t, SINGLE), setup)
    refuses_well(Dice.parse, dice)
    refuses_well(parse_level, level)


@FUZZ
@given(st.text(max_size=200) | spliced("Anna"))
def test_one_rule_for_names_reads_back_in_every_format(name):
    clean = clean_name(name)
    assert clean == clean_name(clean) and len(clean) <= MAX_NAME_CHARS
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
    game.players.white = clean or "White"
    assert game_from_link(game_to_link(game)).game.players.white == game.players.white
    assert read_record(game.record()).players.white == game.players.white


# The bad inputs found by a hostile pass, one by one ------------------------------------------------

@pytest.mark.parametrize("read, text, says", [
    (Position.from_string, "1000000000/" + "6/" * 10 + "S^5 w 122/122 -/- - 1", "empty fields"),
    (Position.from_string, "s" * 100_000, "100,000 characters"),
    (Position.from_string, "s^5/" + "6/" * 10 + "S^5 w 122/122 -/- - " + "9" * 5000, "move number"),
    (Position.from_string, "s^5/" + "6/" * 10 + "S^5 w 122/122 -/- - ²", "move number"),
    (Position.from_string, "s^5/" + "6/" * 10 + "S^5 w 122/122 -/- 99999/1 1", "move rule"),
    # A placement of the wrong number of ranks says the two it may have (R1).
    (Position.from_string, "s^5/" + "6/" * 5 + "S^5 w 122/122 -/- - 1", "7 ranks, expected 12 .8 on the earlier board"),
    (Position.from_string, "s^5/" + "6/" * 7 + "S^5 w 122/122 -/- - 1", "9 ranks, expected 12 .8 on the earlier board"),
    (Position.from_string, "s^5/" + "6/" * 11 + "S^5 w 122/122 -/- - 1", "13 ranks, expected 12 .8 on the earlier board"),
    (Position.from_string, "6/" * 1000 + "S^5 w 122/122 -/- - 1", "1001 ranks, expected 12"),
    (TimeControl.parse, "1e400+0", "time control"),
    (TimeControl.parse, "9" * 5000, "time control"),
    (TimeControl.parse, "60+" + "9" * 400, "increment"),
    (parse_level, "²", "not a level"),
    (game_from_link, "1!\ud800", "not valid text"),
    (lambda t: Clock.from_dict({"control": True, "left": [1, 1], "to_move": 0}), "", "text"),
    (lambda t: Clock.from_dict({"control": "600+0", "left": [1e400, 1], "to_move": 0}), "", "clock time"),
    (lambda t: Clock.from_dict({}), "", "lacks control"),
    # A huge token is quoted by an excerpt (quoting it whole took 0.5 s).
    (lambda t: Position.from_string(START).parse_move(t), "x" * 199_000, r"'x{60}…' \(199,000 characters\) is not"),
    (lambda t: Move.from_token(t, SINGLE), "c3-c4" + "=" * 199_000, "199,005 characters"),
    (lambda t: Position.from_string(START).parse_move(t), "@a1," * 50_000 + "c3-d4", "200,005 characters"),
    (lambda t: Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2").play(t), "\u3000" * 99_000 + "c3-" + "9" * 99_000,
     "99,003 characters"),
    (SINGLE.square, "c" * 199_000, "199,000 characters"),
    (read_record, RECORD.replace('[Result "*"]', '[Result "1-0"]\n[Termination "' + "t" * 190_000 + '"]')
     .replace(" *\n", " 1-0\n"), "190,000 characters"),
    # The length of a link is checked before anything is done with its characters.
    (game_from_link, "\u3000" * 9000 + LINK, f"the link has {9000 + len(LINK)} characters"),
])
def test_hostile_bad_inputs_get_a_clear_error(read, text, says):
    started = time.perf_counter()
    with pytest.raises(MilitakiriError, match=says) as caught:
        read(text)
    assert len(str(caught.value)) < 300 and time.perf_counter() - started < 0.5


def test_a_tokens_refusal_quotes_it_whole_up_to_60_characters_then_an_excerpt():
    position = Position.from_string(START)
    for token, says in [
        ("c3", "move token 'c3' has neither '-' (move) nor 'x' (take): write e.g. 'c3-c4' or 'c3xd4'"),
        ("c3-c4=Q", "move token 'c3-c4=Q': a promotion is '=' and a shape letter S, X or P, then '@' and a "
                    "field, e.g. 'd5xd6=X@e2'"),
        ("@a2c3-c4", "move token '@a2c3-c4': waiting towers are written '@field,' before the move, e.g. '@a2,c3-c4'"),
        ("c3-z4", "move token 'c3-z4' is not of the form 'from-to', 'fromxto', 'fromxto=X@field' or '@field,…' "
                  "before the move"),
        (" c3-c5\u3000", "'c3-c5': a cross pawn moves diagonally, not orthogonally (R7)"),
        ("@a1," * 13 + "c3-d4", "'" + "@a1," * 13 + "c3-d4': Red has no waiting tower to place now (R15)"),
        ("@a1," * 13 + "c3-d45", "move token '" + "@a1," * 13 + "c3-d45': 'd45' is not a square of the single "
                                 "board (files a-f, ranks 1-12)"),
        ("x" * 61, "move token '" + "x" * 60 + "…' (61 characters) is not of the form 'from-to', 'fromxto', "
                   "'fromxto=X@field' or '@field,…' before the move"),
    ]:
        with pytest.raises(MilitakiriError) as caught:
            position.parse_move(token)
        assert str(caught.value) == says


def test_read_int_takes_ascii_digits_within_bounds_only():
    assert read_int("007", "x", 0, 100) == 7
    for text in ("²", "٣", "", "-1", "1.0", " 1", "1000", "9" * 5000):
        with pytest.raises(MilitakiriError):
            read_int(text, "x", 0, 999)


@pytest.mark.parametrize("text, problem", [
    ("S^S^S^S^S^S^/" * 11 + "S^S^S^S^S1s^ w 122/122 -/- - 1", "Red has 70 star towers, but a game gives at most 1"),
    ("s^5/" + "6/" * 8 + "X45/6/S^5 w 122/122 -/- - 1", "Red cross rank 4 on a3 is too high"),
    ("s^5/" + "6/" * 8 + "P35/6/S^5 w 122/122 -/- - 1", "would have been promoted"),
    ("s^5/" + "6/" * 10 + "S^5 w 011/122 XPS/- - 1", "towers waiting while 17 fields of the set-up zone are free"),
    ("s^5/" + "6/" * 10 + "S^5 w 322/122 -/- - 1", "Red has 3 spare star towers; a game starts with 1"),
    ("s^5/s4s4s4s4s4s4/s4s4s4s4s4s4/" + "6/" * 8 + "S^5 w 000/000 -/- - 1", "the ranks on the board hold 48 pawns"),
    ("s^5/" + "6/" * 10 + "S^5 w 122/122 -/- - 1502", "it is at move 1,502; a game has at most 3,000 moves"),  # a forged number costs nothing
])
def test_positions_no_game_reaches_are_named(text, problem):
    assert problem in unreachable(Position.from_string(text))


def test_reachable_positions_pass():
    assert unreachable(Position.from_string(START)) is None
    assert unreachable(GAME.position) is None
    assert unreachable(Position.from_string(EARLIER_START)) is None  # the earlier board's start (R1)
    # The zone full but for two fields: a tower may wait (R15).
    waiting = "s^5/1s14/" + "6/" * 7 + "P1P11P1P1P1/P1S11P1P1P1/S^P1P1P1P1P1 w 122/122 P/- - 1"
    assert unreachable(Position.from_string(waiting)) is None


def test_every_turn_of_a_reachable_position_with_waiting_towers_lists_quickly():
    """The worst a link can carry: the most waiting towers (all five spares
    promoted and waiting) with the most free fields the counts allow (two),
    on both boards; listing every turn takes well under 0.1 s (the best of
    five fresh tries: a shared machine's load only ever adds time)."""
    worst = [
        "s^5/" + "6/" * 8 + "P1P11P1P1P1/P1P11P1P1P1/S^P1P1P1P1P1 w 000/122 XXPPS/- - 1",
        "s^11/" + "12/" * 8 + "P1" * 4 + "1" + "P1" * 5 + "1P1/" + "P1" * 12 + "/S^" + "P1" * 11
        + " w 000/244 XXXXPPPPSS/- - 1",
    ]
    for text in worst:
        position = Position.from_string(text)
        assert unreachable(position) is None, unreachable(position)
        assert position.legal_moves()
        assert min(_seconds(lambda text=text: Position.from_string(text).legal_moves()) for _ in range(5)) < 0.1


def _seconds(call) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


# The command line -----------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["replay", "NOT_UTF8"],
    ["replay", "a\x01b"],
    ["legal", "x" * 120_000],
    ["perft", START, "²"],
    ["perft", EARLIER_START, "²"],  # the earlier board's note is written only after a success
    ["play", EARLIER_START, "c3-d4", "f6-f6"],
    ["replay", "EARLIER_BAD"],
    ["arena", "--white", "1", "--black", "2", "--games", "٣"],
    ["start", "--board", "y" * 1000, "--white", "a", "--black", "b"],
    ["play", START, "c3-d4" * 20_000],
])
def test_the_command_line_refuses_in_one_line(args, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe\x00 not text")
    earlier_bad = tmp_path / "earlier.txt"
    earlier_bad.write_text(EARLIER_RECORD.replace("c3-d4", "c3-c4"))
    files = {"NOT_UTF8": str(bad), "EARLIER_BAD": str(earlier_bad)}
    args = [files.get(a, a) for a in args]
    run = subprocess.run([sys.executable, "-m", "militakiri", *args], capture_output=True, cwd=ROOT)
    stderr = run.stderr.decode()
    assert run.returncode == 2 and not run.stdout
    assert stderr.count("\n") == 1 and len(stderr) <= 301 and "Traceback" not in stderr, stderr[:300]


def test_a_file_name_with_a_nul_byte_is_refused_in_one_line(capsys):
    from militakiri.cli import main
    assert main(["replay", "a\x00b"]) == 2
    assert capsys.readouterr().err == "militakiri replay: 'a\\x00b' is not a file name\n"


# Every public entry point answers input of any type with the project's own error.

_GAME = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
_START = Position.from_string("s^5/" + "6/" * 10 + "S^5 w 122/122 -/- - 1")

#: name: a call of one argument into the engine's public surface (militakiri/__init__.py).
ENTRY_POINTS = {
    "board_kind": board_kind,
    "Dice.parse": Dice.parse,
    "Setup.parse": lambda value: Setup.parse(value, SINGLE),
    "Setup.parse board": lambda value: Setup.parse("Sc Xd Pb", value),
    "TimeControl.parse": TimeControl.parse,
    "TimeControl seconds": lambda value: TimeControl("fischer", value, 0),
    "Outcome.parse result": lambda value: Outcome.parse(value, "towers"),
    "Outcome.parse termination": lambda value: Outcome.parse("1-0", value),
    "Position.from_string": Position.from_string,
    "Position.parse_move": _START.parse_move,
    "Move.from_token": lambda value: Move.from_token(value, SINGLE),
    "Move.from_token board": lambda value: Move.from_token("c3-d4", value),
    "Game.new board": lambda value: Game.new(value, "Sc Xd Pb", "Sa Xb Pf", dice="6-1"),
    "Game.new set-up": lambda value: Game.new("single", value, "Sa Xb Pf", dice="6-1"),
    "Game.new dice": lambda value: Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice=value),
    "Game.play": lambda value: Game.from_record(_GAME.record()).play(value),
    "Game.play now": lambda value: Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1",
                                            time_control=TimeControl.parse("60+0")).play("c3-d4", now=value),
    "Game.from_record": Game.from_record,
    "Clock.from_dict": Clock.from_dict,
    "SetupDraft.from_setup": lambda value: SetupDraft.from_setup(value, 0),
    "start_position": lambda value: start_position(SINGLE, value, value, 0),
    "start_position first": lambda value: start_position(SINGLE, Setup.parse("Sc Xd Pb", SINGLE),
                                                         Setup.parse("Sa Xb Pf", SINGLE), value),
    "game_from_link": game_from_link,
    "game_to_link": game_to_link,
    "Game.end": lambda value: Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1").end(value, 0),
    "Game.end loser": lambda value: Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1").end("resignation", value),
    "Termination": Termination,
    "BoardKind.square": SINGLE.square,
    "BoardKind.file_index": SINGLE.file_index,
    "Dice.roll": Dice.roll,
    "Setup.random": lambda value: Setup.random(SINGLE, value),
    "Setup.random board": lambda value: Setup.random(value, Random(1)),
    "SetupDraft.random": lambda value: SetupDraft.random(SINGLE, 0, value),
    "Move.token": Move.from_token("c3-d4", SINGLE).token,
    "Position.is_legal": _START.is_legal,
    "Clock.remaining": lambda value: Clock(TimeControl.parse("60+0")).remaining(value, 0),
}

_ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.binary(max_size=8), st.text(max_size=12),
                      st.lists(st.text(max_size=4), max_size=3), st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
                      st.tuples(st.text(max_size=4)), st.just(object()))


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
@settings(max_examples=60, deadline=None)
@given(value=_ANYTHING)
def test_every_entry_point_answers_anything_with_the_projects_own_error(name, value):
    try:
        ENTRY_POINTS[name](value)
    except MilitakiriError as error:
        assert str(error)  # says why


# And every public method, found rather than listed: each function of
# militakiri.__all__, each method and class method of its classes (on a fresh
# example of each), called with values of any type for its positional
# parameters, answers with the project's own error or not at all.

def _examples() -> dict[str, object]:
    """A fresh, usable example of each public class (methods may change it)."""
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    setup = Setup.parse("Sc Xd Pb", SINGLE)
    return {
        "BoardKind": SINGLE, "Clock": Clock(TimeControl.parse("60+0")), "Dice": Dice.parse("6-1"), "Game": game,
        "Move": Move.from_token("c3-d4", SINGLE), "Outcome": Outcome.parse("1-0", "towers"),
        "Piece": Position.from_string("s^5/" + "6/" * 10 + "S^5 w 122/122 -/- - 1").board[0], "Players": Players(),
        "Position": Position.from_string("s^5/1s14/" + "6/" * 8 + "1S14/S^5 w 122/122 P/- - 1"), "Setup": setup,
        "SetupDraft": SetupDraft.from_setup(setup, 0), "SharedGame": game_from_link(game_to_link(game)),
        "Termination": Termination, "TimeControl": TimeControl.parse("60+0"), "TurnChoices": game.turn_choices(),
    }


def _public_methods() -> list[str]:
    import inspect

    import militakiri
    names = []
    examples = _examples()
    for name in militakiri.__all__:
        thing = getattr(militakiri, name)
        if inspect.isclass(thing) and issubclass(thing, BaseException) or not callable(thing) and name not in examples:
            continue
        if not inspect.isclass(thing) and name not in examples:
            names.append(name)  # a function
            continue
        assert name in examples, f"{name}: a public class with no example here"
        kind = type(examples[name])
        for attr in sorted(dir(kind)):
            if not attr.startswith("_") and not isinstance(inspect.getattr_static(kind, attr), property) \
                    and callable(getattr(examples[name], attr)) and not inspect.isclass(getattr(examples[name], attr)):
                names.append(f"{name}.{attr}")
    return names


PUBLIC_METHODS = _public_methods()


def _method(name: str):
    """The function called ``name`` (on a fresh example), and how many
    positional parameters it needs and takes."""
    import inspect

    import militakiri
    owner, _, attr = name.partition(".")
    function = getattr(_examples()[owner], attr) if attr else getattr(militakiri, owner)
    positional = [p for p in inspect.signature(function).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return function, sum(p.default is p.empty for p in positional), len(positional)


def test_the_sweep_finds_the_public_surface():
    assert len(PUBLIC_METHODS) > 80
    for name in ("Position.refusal", "Position.preview", "BoardKind.square_name", "Setup.row_shapes",
                 "SetupDraft.tower_squares", "TurnChoices.tower_fields", "Game.position_at", "game_from_link"):
        assert name in PUBLIC_METHODS


@pytest.mark.parametrize("name", PUBLIC_METHODS)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_public_method_answers_anything_with_the_projects_own_error(name, data):
    function, needed, takes = _method(name)
    values = data.draw(st.lists(_ANYTHING, min_size=needed, max_size=takes))
    try:
        function(*values)
    except MilitakiriError as error:
        assert str(error)


def test_the_last_move_number_a_game_reaches_is_a_start_whose_game_reads_back():
    """Found by hostile input: a start at move 1,000,000 was taken,
    and after Black's move the position read no more. Now a start is at most
    the move a game of MAX_PLIES reaches, and what it leads to reads back."""
    start = START.replace(" - 1", " - 1501")
    game = Game.from_position(start, reachable=True)
    game.play("c3-d4")
    game.play("f10-f9")
    assert game.position.number == 1502
    assert Position.from_string(game.position.string()).string() == game.position.string()
    with pytest.raises(MilitakiriError, match="reaches move 1,501 at most"):
        Game.from_position(start.replace("- 1501", "- 1502"), reachable=True)
