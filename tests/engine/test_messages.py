"""The engine's sentences in English and Dutch (militakiri/messages.py).

English stays exactly what it was (many tests and the command line match
it); every refusal also says itself in Dutch, and an exception keeps its
sentence as ``error.reason``.
"""

from __future__ import annotations

import ast
import random
import re
import string
from pathlib import Path

import pytest

from militakiri import (
    DOUBLE,
    SINGLE,
    Dice,
    Game,
    IllegalMoveError,
    InvalidSetupError,
    MilitakiriError,
    Position,
    Setup,
    SetupDraft,
)
from militakiri import messages
from militakiri.messages import CATALOGUE, LANGUAGES, Join, Text, text

from .positions import position

ROOT = Path(__file__).resolve().parents[2]
KINGS = {"a1": "S^", "f12": "s^"}
#: English words that must never show in a Dutch sentence.
ENGLISH = re.compile(r"\b(the|not|and|your|tower|towers|pawn|rank|field|fields|move|moves|"
                     r"take|takes|White|Black|Red|Blue|cross|star|written|first|waiting|only|set-up|zone)\b")


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_entry_has_every_language_with_the_same_placeholders():
    for key, templates in CATALOGUE.items():
        assert len(templates) == len(LANGUAGES), key
        assert len({frozenset(_fields(t)) for t in templates}) == 1, key


def _engine_sources():
    """The engine's modules, and the page's that raise the engine's errors."""
    for path in sorted((ROOT / "militakiri").rglob("*.py")) + sorted((ROOT / "web").rglob("*.py")):
        yield path, ast.parse(path.read_text())


def test_every_key_asked_for_exists():
    asked = set()
    for _, tree in _engine_sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "text" and node.args:
                first = node.args[0]
                if isinstance(first, ast.JoinedStr):  # f"color_{color}"
                    prefix = first.values[0].value
                    assert any(k.startswith(prefix) for k in CATALOGUE), prefix
                    continue
                for sub in ast.walk(first):
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                        asked.add(sub.value)
    assert asked and asked <= set(CATALOGUE), asked - set(CATALOGUE)


def test_every_entry_is_used():
    literals = set()
    for _, tree in _engine_sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
    built = {f"color_{c}" for c in (0, 1)} | {f"shape_{s}" for s in (0, 1, 2)}
    unused = [k for k in CATALOGUE if k not in literals and k not in built]
    assert not unused, unused


def test_a_text_is_its_english_string():
    why = text("in_the_way", square="e5")
    assert isinstance(why, str) and why == "e5 is in the way: nothing jumps (R8)"
    assert f"{why}" == str(why) == why
    assert why.say("nl") == "e5 staat in de weg: niets springt (R8)"
    assert why.say("xx") == why  # an unknown language falls back to English
    assert messages.say("plain", "nl") == "plain"
    assert Join(["c1"]).say("nl") == "c1" and Join(["a", "b"]).say("en") == "a and b"


def _dutch_ok(reason: Text) -> None:
    dutch = reason.say("nl")
    assert dutch != str(reason) or not re.search("[a-z]{4}", reason), reason
    assert "{" not in dutch and "}" not in dutch, dutch
    assert not ENGLISH.search(dutch), (reason, dutch)
    assert re.findall(r"\(R\d+\)", dutch) == re.findall(r"\(R\d+\)", reason), (reason, dutch)


def _refusal(pos, token) -> Text:
    with pytest.raises(IllegalMoveError) as info:
        pos.play(token)
    reason = info.value.reason
    assert isinstance(reason, Text)
    assert str(info.value) == f"{token!r}: {reason}"  # the English message is unchanged
    _dutch_ok(reason)
    return reason


def test_every_refusal_of_random_games_says_itself_in_dutch():
    rng = random.Random(5)
    seen = set()
    for seed in range(6):
        kind = SINGLE if seed % 3 else DOUBLE
        game = Game.new(kind, Setup.random(kind, rng), Setup.random(kind, rng), Dice.roll(rng))
        names = [kind.square_name(s) for s in kind.squares]
        for _ in range(80):
            pos = game.position
            legal = pos.legal_moves()
            if not legal:
                break
            for _ in range(25):
                a, b = rng.choice(names), rng.choice(names)
                token = f"{a}{rng.choice('-x')}{b}"
                if token in legal:
                    continue
                try:
                    pos.parse_move(token)
                except IllegalMoveError as error:
                    if error.reason is not None and hasattr(error.reason, "key"):
                        _dutch_ok(error.reason)
                        seen.add(error.reason.key)
                except MilitakiriError:
                    pass
            game.play(rng.choice(legal))
    assert {"no_piece", "not_yours", "not_in_line", "direction_move", "write_take"} <= seen, seen


@pytest.mark.parametrize(
    ("pieces", "fields", "token", "english", "dutch"),
    [
        (KINGS, {}, "a1-a1", "a piece must leave its field; there is no passing (R9)",
         "een stuk moet zijn veld verlaten; passen kan niet (R9)"),
        ({**KINGS, "c3": "X1"}, {}, "c3-c4", "a cross pawn moves diagonally, not orthogonally (R7)",
         "een kruispion beweegt diagonaal, niet recht (R7)"),
        ({**KINGS, "c3": "P1", "c4": "s1"}, {}, "c3xc4", "a plus pawn takes diagonally, not orthogonally (R7)",
         "een pluspion neemt diagonaal, niet recht (R7)"),
        ({**KINGS, "c3": "X2", "c4": "p1"}, {}, "c3-c5", None, None),
        ({**KINGS, "c3": "P1", "c4": "s2"}, {}, "c3-c4",
         "c4 is occupied: a take is written c3xc4", "c4 is bezet: een slag schrijf je c3xc4"),
        ({**KINGS, "c3": "P1"}, {}, "c3xc4", None, None),
        ({**KINGS, "c3": "P1", "c4": "S1"}, {}, "c3xc4", "you cannot take your own star pawn (R9)",
         "je kunt je eigen sterpion niet nemen (R9)"),
        ({**KINGS, "c3": "P1", "c4": "S2"}, {}, "c3-c4", "c4 is occupied by your own star rank 2",
         "op c4 staat je eigen sterrang 2"),
        ({**KINGS, "c3": "P1"}, {}, "c3-c4=X@a2", "only a take can promote (R13)",
         "alleen een slag kan promoveren (R13)"),
        ({**KINGS, "c3": "P1", "d4": "s1"}, {}, "c3xd4=X@a2", None, None),
        ({**KINGS, "d3": "P^", "d5": "x1"}, {}, "d3-d6", "d5 is in the way: nothing jumps (R8)",
         "d5 staat in de weg: niets springt (R8)"),
        ({"a1": "S^", "c10": "S^", "a12": "x^", "f1": "S1"}, {"rule": "10/10"}, "c10-b11",
         "this would leave Blue's lone tower without a move: a blockade is never allowed (R18)",
         "dan kan de laatste toren van Blauw niet meer zetten: een blokkade is nooit toegestaan (R18)"),
        ({"a1": "S^", "c10": "S^", "a12": "x^", "f1": "S1"}, {"rule": "10/10"}, "c10-c12", None, None),
        (KINGS, {}, "@b1,a1-a2", "Red has no waiting tower to place now (R15)",
         "Rood heeft nu geen wachtende toren om te plaatsen (R15)"),
        ({"a1": "S^", "f12": "s^", "b1": "S1"}, {"waiting": "X/-"}, "b1-b2",
         "Red must first place 1 waiting tower(s) on empty fields of Red's set-up zone "
         "(ranks 1-3), written '@field,' before the move (R15)",
         "Rood moet eerst 1 wachtende toren(s) op lege velden van de opstelzone van Rood (rijen 1-3) "
         "plaatsen, geschreven '@veld,' vóór de zet (R15)"),
        ({"a1": "S^", "f12": "s^", "b1": "S1"}, {"waiting": "X/-"}, "@b1,b1-b2",
         "a waiting tower goes on an empty field of Red's set-up zone (ranks 1-3); b1 is not (R15)",
         "een wachtende toren komt op een leeg veld van de opstelzone van Rood (rijen 1-3); "
         "b1 is dat niet (R15)"),
        ({"a1": "S^", "f12": "s^", "b1": "S1"}, {"waiting": "XP/-"}, "@c1,@c1,b1-b2",
         "two waiting towers cannot go on the same field (R15)",
         "twee wachtende torens kunnen niet op hetzelfde veld (R15)"),
        ({**KINGS, "e10": "s1"}, {}, "e10-e9", "e10 holds a Blue star pawn; it is Red's move",
         "op e10 staat een sterpion van Blauw; Rood is aan zet"),
        ({**KINGS, "a4": "S1", "b6": "s1"}, {"rule": "10/10"}, "a4-a6",
         "under the endgame rule every piece moves and takes 1 field only (R16)",
         "onder de eindspelregel beweegt en neemt elk stuk maar 1 veld (R16)"),
    ],
)
def test_refusals_in_both_languages(pieces, fields, token, english, dutch):
    reason = _refusal(position("single", pieces, **fields), token)
    if english is not None:
        assert reason == english
        assert reason.say("nl") == dutch


def test_promotion_refusals_in_both_languages():
    pos = position("single", {**KINGS, "c4": "X2", "c5": "p1"}, spares="020/000")
    cases = {
        "c4xc5": "deze slag promoveert tot een kruistoren: voeg '=X@veld' toe met een leeg veld van "
                 "de opstelzone van Rood (rijen 1-3) (R13)",
        "c4xc5=P@a2": "deze slag promoveert tot een kruistoren, geschreven '=X' (R13)",
        "c4xc5=X@c6": "de nieuwe toren komt op een leeg veld van de opstelzone van Rood (rijen 1-3); "
                      "c6 is dat niet (R13)",
        "c4xc5=X": "er is een veld van de opstelzone van Rood (rijen 1-3) vrij, dus de nieuwe toren "
                   "moet geplaatst worden: voeg '@veld' toe (R13)",
    }
    for token, dutch in cases.items():
        assert _refusal(pos, token).say("nl") == dutch
    full = {f"{f}{r}": "P1" for f in "abcdef" for r in "123"}
    full["a1"] = "S^"
    pos = position("single", {**full, "c4": "X2", "c5": "p1", "f12": "s^"}, spares="020/000")
    assert _refusal(pos, "c4xc5").say("nl") == \
        "deze slag promoveert en de toren moet wachten: schrijf '=X' (R15)"
    assert _refusal(pos, "c4xc5=X@c6").say("nl") == \
        "geen veld van de opstelzone van Rood (rijen 1-3) is vrij: de toren wacht, schrijf '=X' (R15)"


def test_black_zone_is_named_by_its_own_boards_ranks_R2():
    """Blue's set-up zone is ranks 10-12 (R2); a game on the earlier
    8-rank board (on purpose 8-rank data, R1) names its zone 6-8."""
    pos = position("single", {"a1": "S^", "f12": "s^", "e12": "s1"}, turn="b", waiting="-/x")
    reason = _refusal(pos, "e12-e11")
    assert reason == ("Blue must first place 1 waiting tower(s) on empty fields of Blue's set-up zone "
                      "(ranks 10-12), written '@field,' before the move (R15)")
    assert "(rijen 10-12)" in reason.say("nl")
    earlier = Position.from_string("4s1s^/6/6/6/6/6/6/S^5 b 000/000 -/x - 1")
    assert earlier.kind.earlier
    reason = _refusal(earlier, "e8-e7")
    assert "(ranks 6-8)" in reason and "(rijen 6-8)" in reason.say("nl")
    promoting = position("single", {"a1": "S^", "f12": "s^", "c5": "x2", "c4": "P1"}, turn="b", spares="000/020")
    assert "Blue's set-up zone (ranks 10-12)" in _refusal(promoting, "c5xc4")


def _draft_problem(draft, square) -> Text:
    problem = draft.problem(square)
    assert isinstance(problem, Text)
    _dutch_ok(problem)
    with pytest.raises(InvalidSetupError) as info:
        draft.place(square)
    assert info.value.reason == problem and str(info.value) == problem
    return problem


def test_set_up_refusals_in_both_languages_R3_R4_R5():
    single = SetupDraft(SINGLE, 0)
    single.place("c1")
    single.place("d2")
    assert _draft_problem(single, "c4").say("nl") == \
        "c4 ligt niet in de opstelzone van Rood: torens staan op de rijen 1-3 (R4)"
    assert _draft_problem(single, "c1").say("nl") == "je stertoren staat al op c1"
    assert _draft_problem(single, "e1").say("nl") == "je hebt één stertoren en die staat op c1 (R3)"
    black = SetupDraft(SINGLE, 1)
    assert _draft_problem(black, "a1").say("nl") == \
        "a1 ligt niet in de opstelzone van Blauw: torens staan op de rijen 12-10 (R4)"

    double = SetupDraft(DOUBLE, 0)
    double.place("b2")
    assert _draft_problem(double, "c2").say("nl") == \
        "c2 ligt naast je kruistoren op b2: bij de beginopstelling mogen geen twee torens naast elkaar staan (R5)"
    assert _draft_problem(double, "e2").say("nl") == (
        "rij 2 (je tweede rij) wisselt kruis- en plusvelden af, en elke kruistoren staat op een kruisveld: "
        "met je kruistoren op b2 is e2 een plusveld (R4)")
    double.place("f2")
    assert _draft_problem(double, "h2").say("nl") == "je beide kruistorens staan al op b2 en f2 (R3)"
    assert double.problem("h2") == "both your cross towers stand on b2 and f2 already (R3)"

    with pytest.raises(InvalidSetupError) as info:
        double.setup()
    assert str(info.value) == "Red still has to place the star and plus towers (R4)"
    assert info.value.reason.say("nl") == "Rood moet nog torens plaatsen: ster en plus (R4)"
    with pytest.raises(InvalidSetupError) as info:
        single.setup()
    assert str(info.value) == "Red still has to place the plus tower (R4)"
    assert info.value.reason.say("nl") == "Rood moet nog de plustoren plaatsen (R4)"
    with pytest.raises(InvalidSetupError) as info:
        single.remove("a3")
    assert info.value.reason.say("nl") == "op a3 staat geen toren van jou om terug te nemen"


def test_doctests():
    import doctest

    assert doctest.testmod(messages).failed == 0
