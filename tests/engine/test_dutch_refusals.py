"""No English in a Dutch page: every sentence the engine can refuse with
says itself in Dutch (militakiri/messages.py), and its Dutch holds none of
the common English words that are no Dutch words.

Three walks: every entry of the catalogue with sample arguments; every
error class of the engine with an input it refuses; and the refusals a
player meets from outside (the corpora of bad links and bad records, bad
position strings, tokens, set-ups, dice and time controls).
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

import militakiri
from militakiri import (
    SINGLE, Clock, Dice, Game, MilitakiriError, Outcome, Position, Setup, SetupDraft, TimeControl,
    game_from_link,
)
from militakiri.ai.levels import parse_level
from militakiri.bounded import read_int
from militakiri.clock import FISCHER
from militakiri.errors import InvalidRecordError
from militakiri.goals import Goal
from militakiri.messages import CATALOGUE, text
from militakiri.reachable import check_reachable

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"

#: Common English words that are not Dutch words. ("is", "of", "in", "was",
#: "had", "die", "hand", "zone", "extra", "link", "letter" and "a" are Dutch
#: words or a file's letter too, and are left out: the list must not be a guess.)
ENGLISH_ONLY = frozenset("""
    the an and or not nor no from to with without by for at on as into than then but so if while until after
    before between this that these those which who whose what when where why how it its has have are were be
    been being does do did can cannot could must may should would will shall need needs only also already
    still again more most least less each every all any some other another same one two three first last
    next your you their line column expected field fields move moves take takes taken piece pieces pawn pawns
    rank ranks row rows file files tower towers board game games player players white black star cross spare
    waiting set-up setup dice roll rolls time clock deadline seconds number whole text characters valid
    damaged changed record variation comment glyph holds says ends end written write left right free full
    empty missing given twice too high long far side shape shapes level promoted promotion
    wrong made newer version format page reload update understood there here
""".split())

_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def english_words(dutch: str) -> list[str]:
    """The English words in ``dutch``, outside what is notation: quoted
    excerpts ('…', "…"), a tag pair ([White "Anna"]) or tags' names (tag
    Board, tag(s) Board, Dice), code names (Move.from_token, SINGLE) and fields (a1)."""
    said = re.sub(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]|\btag(?:\(s\))? \w+(?:, \w+)*", " ", dutch)
    said = re.sub(r"\b[\w.]*[._][\w.]+\b|\b[A-Z]{2,}\b", " ", said)
    return [word for word in _WORD.findall(said) if word.lower() in ENGLISH_ONLY]


def test_the_word_list_finds_english_and_leaves_dutch_and_notation_alone():
    assert english_words("line 12, column 55: move 8: d5 is not on a straight line from c7") == \
        ["line", "column", "move", "not", "on", "line", "from"]
    assert english_words("standnotatie 'abc': heeft 1 delen, verwacht 6 (stukken, aan zet)") == []
    assert english_words("regel 3: [White \"Anna\"] in een variant; 'c3-c4' of Move.from_token (SINGLE)") == []
    assert english_words("has 1 fields, expected 6") == ["has", "fields", "expected"]


def _placeholders(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def test_every_entry_of_the_catalogue_is_dutch_with_sample_arguments():
    """Each sentence on its own: an argument that is a sentence itself
    (a color, a piece, a nested reason) is an entry of its own here."""
    found = {}
    for key, (english, dutch) in CATALOGUE.items():
        sample = {name: "7" for name in _placeholders(english)}
        words = english_words(dutch.format(**sample))
        if words:
            found[key] = words
    assert not found, found


def _refusal(make) -> MilitakiriError:
    with pytest.raises(MilitakiriError) as caught:
        make()
    return caught.value


def _dutch(error: MilitakiriError) -> str:
    """``error`` in Dutch, checked: other than its English, with no English word."""
    dutch = error.say("nl")
    assert dutch != str(error) or not _WORD.search(dutch), dutch
    assert not english_words(dutch), (str(error), dutch, english_words(dutch))
    return dutch


#: An input each error class of the engine refuses.
SAMPLES = {
    "MilitakiriError": lambda: read_int("x", text("n_glyph"), 0, 255),
    "InvalidSquareError": lambda: SINGLE.square("z9"),
    "InvalidPlyError": lambda: Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2").position_at(9),
    "InvalidPositionError": lambda: Position.from_string("abc"),
    "InvalidSetupError": lambda: Setup.parse("Sc Xd", SINGLE),
    "InvalidDiceError": lambda: Dice.parse("4-4"),
    "InvalidTokenError": lambda: Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2").play("c3"),
    "IllegalMoveError": lambda: Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2").play("c3-c5"),
    "GameOverError": lambda: Game.from_record(_resigned()).play("c3-d4"),
    "InvalidGoalError": lambda: Goal.from_json({"kind": "fly"}),
    "InvalidOutcomeError": lambda: Outcome.parse("1-0", "move-rule"),
    "InvalidTimeControlError": lambda: TimeControl.parse("600+"),
    "ClockError": lambda: Clock(TimeControl(FISCHER, 60)).moved(1.0),
    "InvalidRecordError": lambda: Game.from_record('[Board "single"]\n[Board "double"]\n'),
    "InvalidLinkError": lambda: game_from_link("hello"),
    "LevelError": lambda: parse_level("9"),
}


def _resigned() -> str:
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
    game.end("resignation", 1)
    return game.record()


def _engine_error_classes() -> set[str]:
    import militakiri.ai.levels  # noqa: F401 (its LevelError)
    import militakiri.link  # noqa: F401
    found, todo = set(), [MilitakiriError]
    while todo:
        cls = todo.pop()
        if cls.__module__.startswith("militakiri"):
            found.add(cls.__name__)
        todo += cls.__subclasses__()
    return found


def test_every_error_class_of_the_engine_refuses_in_dutch():
    assert set(SAMPLES) == _engine_error_classes()  # a new class needs a sample here
    for name, make in SAMPLES.items():
        error = _refusal(make)
        assert type(error).__name__ == name, (name, error)
        _dutch(error)


def test_a_record_error_says_its_line_and_column_in_dutch():
    error = _refusal(lambda: Game.from_record(
        '[Board "single"]\n[Ranks "12"]\n[WhiteSetup "Sc Xd Pb"]\n[BlackSetup "Sa Xb Pf"]\n'
        '[Dice "5-2"]\n\n1. c3-d4 f10-f9 2. d4-f5 *\n'))
    assert isinstance(error, InvalidRecordError)
    assert str(error) == "line 7, column 20: move 3 ('d4-f5'): 'd4-f5': f5 is not on a straight line from d4"
    assert error.say("nl") == ("regel 7, kolom 20: zet 3 ('d4-f5'): 'd4-f5': f5 ligt niet op een rechte lijn "
                               "vanaf d4")


def test_a_bad_position_string_says_what_is_wrong_in_dutch():
    error = _refusal(lambda: Position.from_string("abc"))
    assert str(error).startswith("position string 'abc': expected 6 fields (placement, side to move")
    assert error.say("nl").startswith("standnotatie 'abc': verwacht 6 delen (stukken, aan zet, ")
    assert error.say("nl").split("; ")[0].endswith("gevonden: 1")  # never "heeft 1 delen"
    assert "ontbreekt: aan zet, reservetorens, wachtende torens, zettenregel, zetnummer" in error.say("nl")


def _bad_links():
    for line in (CORPUS / "bad_links.tsv").read_text().splitlines():
        if not line.startswith("#"):
            yield line.split("\t")[0]


def _bad_records():
    for chunk in re.split(r"^%%% ", (CORPUS / "bad_records.txt").read_text(), flags=re.M)[1:]:
        yield chunk.partition("\n")[2]


E = "6/6/6/6/6/6/6/6/6/6/6/"
BAD_INPUTS = [
    *(lambda p=p: Position.from_string(p) for p in (
        "", E + "S^5", E + "S^5 w 000/000 -/- - 1 extra", E + "S^é4 w 000/000 -/- - 1",
        E + "S^05 w 000/000 -/- - 1", E + "SS5 w 000/000 -/- - 1", E + "S^5 x 000/000 -/- - 1",
        E + "S^5 w 00/000 -/- - 1", E + "S^5 w 000/000 é/- - 1", E + "S^5 w 000/000 -/- 51/2 1",
        E + "S^5 w 000/000 -/- - 0", E + "S^6 w 000/000 -/- - 1", E + "S^5 w 000/000 Xs/- - 1",
        E + "S^5 w 000/000 -/ - 1", "7/" + E[2:] + "S^5 w 000/000 -/- - 1")),
    *(lambda p=p: check_reachable(Position.from_string(p)) for p in (
        "s^5/6/6/6/6/6/6/6/6/6/X45/S^5 w 122/122 -/- - 1", "s^5/6/6/6/6/6/6/6/6/6/P35/S^5 w 122/122 -/- - 1",
        "s^5/" + "6/" * 10 + "S^5 w 011/122 XPS/- - 1", "s^5/" + "6/" * 10 + "S^5 w 322/122 -/- - 1",
        "S^S^S^S^S^S^/" * 11 + "S^S^S^S^S1s^ w 122/122 -/- - 1", "s^5/" + "6/" * 10 + "S^5 w 122/122 -/- - 1502",
        "s^5/s4s4s4s4s4s4/s4s4s4s4s4s4/" + "6/" * 8 + "S^5 w 000/000 -/- - 1")),
    *(lambda t=t: Position.from_string("5s^/" + E[2:] + "S^5 w 000/000 -/- - 1").play(t) for t in (
        "", "c3", "c3-", "c3-c4=", "c3xc4=Q", "@a2c3-c4", "c3-z4", "c3-c4=X@", "a1xf12", "c13-c14")),
    *(lambda s=s: Setup.parse(s, SINGLE) for s in ("", "Sc Xd", "Sc Xd Pb Sa", "Qc Xd Pb", "Scd Xd Pb", "Sa Xb Pf P")),
    *(lambda d=d: Dice.parse(d) for d in ("", "4-4", "7-1", "1-1 2-1 3-1", "4–2")),
    *(lambda c=c: TimeControl.parse(c) for c in ("600+", "c", "6é0", "9999999999", "600+99999", "0+1")),
    *(lambda link=link: game_from_link(link) for link in _bad_links()),
    *(lambda record=record: Game.from_record(record, reachable=True) for record in _bad_records()),
]


def test_every_refusal_a_player_meets_from_outside_is_dutch():
    seen = set()
    for make in BAD_INPUTS:
        error = _refusal(make)
        _dutch(error)
        seen.add(type(error).__name__)
    assert {"InvalidPositionError", "InvalidTokenError", "IllegalMoveError", "InvalidSetupError",
            "InvalidDiceError", "InvalidTimeControlError", "InvalidLinkError", "InvalidRecordError"} <= seen


def test_a_set_up_refusal_names_the_rank_as_labelled_and_the_row_as_seen_R2_R4():
    """Black's third row is rank 10 (R2: Black's row 1 = rank 12): the
    refusal says both, not "row 3" alone, which reads as rank 3."""
    draft = SetupDraft(militakiri.DOUBLE, 1)
    draft.place("b11")
    problem = draft.problem("e11")
    assert problem == ("rank 11 (your second row) alternates cross and plus fields, and each cross tower "
                       "stands on a cross field: with your cross tower on b11, e11 is a plus field (R4)")
    assert problem.say("nl") == ("rij 11 (je tweede rij) wisselt kruis- en plusvelden af, en elke kruistoren "
                                 "staat op een kruisveld: met je kruistoren op b11 is e11 een plusveld (R4)")
    assert not english_words(problem.say("nl"))
