"""The engine's sentences for players, in English and Dutch (the manual's languages).

Explanations of refused moves (:mod:`~militakiri.explain`, R24) and of
refused set-up fields (:mod:`~militakiri.draft`) are made with
:func:`text`. What comes back is a :class:`Text`: it *is* the English
sentence (a ``str``, so printing, comparing and the command line are exactly
as before) and it can also say itself in another language:

>>> from militakiri.pieces import WHITE
>>> why = text("no_piece", square="c4")
>>> why
'there is no piece on c4'
>>> why.say("nl")
'er staat geen stuk op c4'
>>> text("not_yours", square="b5", piece=piece_word(1, 1, 1), player=color_word(WHITE)).say("nl")
'op b5 staat een kruispion van Blauw; Rood is aan zet'

Arguments are plain values (squares, numbers, notation), other Texts (words
such as a color or a piece, said in the same language) or :class:`Join`
(a list said as "a, b and c" in each language). Exceptions raised with such
a sentence keep it as ``error.reason``.

Every key has a template per language in :data:`CATALOGUE` with the same
placeholders (a test checks). Add a language by adding its code to
:data:`LANGUAGES` and a template to every entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Iterable

LANGUAGES = ("en", "nl")

#: key -> (English, Dutch).
CATALOGUE: dict[str, tuple[str, str]] = {
    # Words ------------------------------------------------------------------
    "color_0": ("Red", "Rood"),
    "color_1": ("Blue", "Blauw"),
    "shape_0": ("star", "ster"),
    "shape_1": ("cross", "kruis"),
    "shape_2": ("plus", "plus"),
    "tower_of": ("{shape} tower", "{shape}toren"),
    "towers_of": ("{shape} towers", "{shape}torens"),
    "pawn_of": ("{shape} pawn", "{shape}pion"),
    "rank_of": ("{shape} rank {height}", "{shape}rang {height}"),
    "owned": ("{color} {piece}", "{piece} van {color}"),
    "zone": ("{player}'s set-up zone (ranks {first}-{last})",
             "de opstelzone van {player} (rijen {first}-{last})"),
    "orthogonally": ("orthogonally", "recht"),
    "diagonally": ("diagonally", "diagonaal"),
    # Why a move is refused (explain.py, R24) ---------------------------------
    "no_waiting": ("{player} has no waiting tower to place now (R15)",
                   "{player} heeft nu geen wachtende toren om te plaatsen (R15)"),
    "must_place_waiting": (
        "{player} must first place {n} waiting tower(s) on empty fields of {zone}, "
        "written '@field,' before the move (R15)",
        "{player} moet eerst {n} wachtende toren(s) op lege velden van {zone} plaatsen, "
        "geschreven '@veld,' vóór de zet (R15)"),
    "same_field_twice": ("two waiting towers cannot go on the same field (R15)",
                         "twee wachtende torens kunnen niet op hetzelfde veld (R15)"),
    "waiting_field": ("a waiting tower goes on an empty field of {zone}; {square} is not (R15)",
                      "een wachtende toren komt op een leeg veld van {zone}; {square} is dat niet (R15)"),
    "no_piece": ("there is no piece on {square}", "er staat geen stuk op {square}"),
    "not_yours": ("{square} holds a {piece}; it is {player}'s move",
                  "op {square} staat een {piece}; {player} is aan zet"),
    "no_passing": ("a piece must leave its field; there is no passing (R9)",
                   "een stuk moet zijn veld verlaten; passen kan niet (R9)"),
    "not_in_line": ("{target} is not on a straight line from {origin}",
                    "{target} ligt niet op een rechte lijn vanaf {origin}"),
    "own_piece_there": ("{target} is occupied by your own {piece}",
                        "op {target} staat je eigen {piece}"),
    "write_take": ("{target} is occupied: a take is written {origin}x{target}",
                   "{target} is bezet: een slag schrijf je {origin}x{target}"),
    "nothing_to_take": ("there is nothing to take on {target}: a move is written {origin}-{target}",
                        "op {target} valt niets te nemen: een zet schrijf je {origin}-{target}"),
    "take_own": ("you cannot take your own {piece} (R9)",
                 "je kunt je eigen {piece} niet nemen (R9)"),
    "direction_move": ("a {piece} moves {right}, not {wrong} (R7)",
                       "een {piece} beweegt {right}, niet {wrong} (R7)"),
    "direction_take": ("a {piece} takes {right}, not {wrong} (R7)",
                       "een {piece} neemt {right}, niet {wrong} (R7)"),
    "endgame_one_field": ("under the endgame rule every piece moves and takes 1 field only (R16)",
                          "onder de eindspelregel beweegt en neemt elk stuk maar 1 veld (R16)"),
    "too_far_one": ("a {piece} moves and takes at most 1 field (R8)",
                    "een {piece} beweegt en neemt hoogstens 1 veld (R8)"),
    "too_far": ("a {piece} moves and takes at most {n} fields (R8)",
                "een {piece} beweegt en neemt hoogstens {n} velden (R8)"),
    "in_the_way": ("{square} is in the way: nothing jumps (R8)",
                   "{square} staat in de weg: niets springt (R8)"),
    "only_take_promotes": ("only a take can promote (R13)",
                           "alleen een slag kan promoveren (R13)"),
    "blockade": ("this would leave {player}'s lone tower without a move: a blockade is never allowed (R18)",
                 "dan kan de laatste toren van {player} niet meer zetten: een blokkade is nooit toegestaan (R18)"),
    "not_allowed": ("that move is not allowed here", "die zet is hier niet toegestaan"),
    "no_promotion": ("this take does not promote; leave off the '=' part (R13)",
                     "deze slag promoveert niet; laat het '='-deel weg (R13)"),
    "promote_add_field": (
        "this take promotes to a {tower}: add '={letter}@field' with an empty field of {zone} (R13)",
        "deze slag promoveert tot een {tower}: voeg '={letter}@veld' toe met een leeg veld van {zone} (R13)"),
    "promote_must_wait": ("this take promotes and the tower must wait: write '={letter}' (R15)",
                          "deze slag promoveert en de toren moet wachten: schrijf '={letter}' (R15)"),
    "promote_written": ("this take promotes to a {tower}, written '={letter}' (R13)",
                        "deze slag promoveert tot een {tower}, geschreven '={letter}' (R13)"),
    "promote_place": ("a field of {zone} is free, so the new tower must be placed: add '@field' (R13)",
                      "er is een veld van {zone} vrij, dus de nieuwe toren moet geplaatst worden: "
                      "voeg '@veld' toe (R13)"),
    "promote_no_field": ("no field of {zone} is free: the tower waits, write '={letter}' (R15)",
                         "geen veld van {zone} is vrij: de toren wacht, schrijf '={letter}' (R15)"),
    "promote_bad_field": ("the new tower goes on an empty field of {zone}; {square} is not (R13)",
                          "de nieuwe toren komt op een leeg veld van {zone}; {square} is dat niet (R13)"),
    # Why a set-up field is refused (draft.py, R3-R5) -------------------------
    "outside_zone": ("{square} is not in {player}'s set-up zone: towers stand on ranks {rows} (R4)",
                     "{square} ligt niet in de opstelzone van {player}: torens staan op de rijen {rows} (R4)"),
    "tower_already_there": ("your {tower} already stands on {square}",
                            "je {tower} staat al op {square}"),
    "one_tower_placed": ("you have one {tower} and it stands on {placed} (R3)",
                         "je hebt één {tower} en die staat op {placed} (R3)"),
    "both_towers_placed": ("both your {towers} stand on {placed} already (R3)",
                           "je beide {towers} staan al op {placed} (R3)"),
    "side_by_side": ("{square} is next to your {tower} on {other}: no two towers may stand "
                     "side by side at the start (R5)",
                     "{square} ligt naast je {tower} op {other}: bij de beginopstelling mogen "
                     "geen twee torens naast elkaar staan (R5)"),
    "alternate": ("row {row} alternates cross and plus fields and each {tower} stands on a "
                  "{shape} field: with your {tower} on {other}, {square} is a {other_shape} field (R4)",
                  "rij {row} wisselt kruis- en plusvelden af en elke {tower} staat op een "
                  "{shape}veld: met je {tower} op {other} is {square} een {other_shape}veld (R4)"),
    "still_to_place_one": ("{player} still has to place the {shapes} tower (R4)",
                           "{player} moet nog de {shapes}toren plaatsen (R4)"),
    "still_to_place": ("{player} still has to place the {shapes} towers (R4)",
                       "{player} moet nog torens plaatsen: {shapes} (R4)"),
    "nothing_to_remove": ("there is no tower of yours on {square} to take back",
                          "op {square} staat geen toren van jou om terug te nemen"),
    # Why a task failed (goals.py) --------------------------------------------
    "goal_lost": ("the game is lost: the task failed (R19, R20)",
                  "de partij is verloren: de opdracht is mislukt (R19, R20)"),
    "goal_drawn": ("the game ended in a draw before the task was done (R17)",
                   "de partij eindigde in gelijkspel voordat de opdracht klaar was (R17)"),
    "goal_over": ("the game is over before the task was done",
                  "de partij is voorbij voordat de opdracht klaar was"),
    "goal_taken": ("one of your towers was taken",
                   "een van je torens werd genomen"),
    "goal_not_the_line": ("that is not the puzzle's move",
                          "dat is niet de zet van de puzzel"),
    "goal_not_in_one": ("that move is legal, but it does not do the task: look at the position again",
                        "die zet mag, maar doet de opdracht niet: kijk nog eens naar de stelling"),
    "goal_out_of_moves": ("the task is not done within {n} of your moves",
                          "de opdracht is niet gelukt binnen {n} zetten van jou"),
    "goal_other_move": ("that move is legal, but this task asks for another one",
                        "die zet mag, maar deze opdracht vraagt een andere"),
    "mistake_again": ("{move} is the move played in the game: find another",
                      "{move} is de zet uit de partij: zoek een andere"),
    "mistake_weighed": ("{move} keeps {kept} % winning chances; the best move keeps {best} %",
                        "{move} houdt {kept} % winstkansen; de beste zet houdt {best} %"),
    # What a review says of a marked move (ai/review.py) -----------------------
    "review_last_tower": ("{move} lost {player}'s last tower: {reply} follows.",
                          "{move} kostte de laatste toren van {player}: {reply} volgt."),
    "review_lost_game": ("{move} lost the game: {reply} follows.",
                         "{move} verloor de partij: {reply} volgt."),
    "review_lost_piece": ("{move} lost a {piece}: {reply} follows.",
                          "{move} kostte een {piece}: {reply} volgt."),
    "review_chances": ("After {move}, {player}'s winning chances fell from {before} % to {after} %.",
                       "Na {move} zakten de winstkansen van {player} van {before} % naar {after} %."),
    "review_turning": ("The turning point. {said}", "Het keerpunt. {said}"),
    "review_with_better": ("{said} {better}", "{said} {better}"),
    "review_better": ("Better was {best}.", "Beter was {best}."),
    "review_better_wins": ("Better was {best}, which wins.", "Beter was {best}, dat wint."),
    "review_better_takes": ("Better was {best}, which takes a {piece}.",
                            "Beter was {best}, dat een {piece} slaat."),
}

_INDEX = {code: i for i, code in enumerate(LANGUAGES)}


class Join:
    """A list said the way each language lists things.

    >>> Join(["star", "cross"]).say("en"), Join(["a", "b", "c"]).say("nl")
    ('star and cross', 'a, b en c')
    """

    def __init__(self, items: Iterable[object]) -> None:
        self.items = list(items)

    def say(self, lang: str = "en") -> str:
        words = [str(_say(item, lang)) for item in self.items]
        if lang == "en":  # the engine's English: "a and b and c"
            return " and ".join(words)
        if len(words) < 2:
            return "".join(words)
        return ", ".join(words[:-1]) + " en " + words[-1]


class Text(str):
    """An English sentence (this string) that can also say itself in ``lang``."""

    key: str
    args: dict[str, object]

    def say(self, lang: str = "en") -> str:
        return render(self.key, self.args, lang)


def _say(value: object, lang: str) -> object:
    say = getattr(value, "say", None)
    return say(lang) if say is not None else value


def render(key: str, args: dict[str, object], lang: str = "en") -> str:
    """The sentence ``key`` with ``args`` in ``lang`` (English for an unknown code)."""
    template = CATALOGUE[key][_INDEX.get(lang, 0)]
    return template.format(**{name: _say(value, lang) for name, value in args.items()})


def _ruling_group(sentence: str, start: int) -> int:
    """The end (after ``)``) of a ``(R12)`` or ``(R15, R16)`` at ``start``, else -1."""
    at = start + 1
    while True:
        if sentence[at:at + 1] != "R":
            return -1
        at += 1
        digits = at
        while sentence[at:at + 1].isdigit():
            at += 1
        if at == digits:
            return -1
        if sentence[at:at + 1] == ")":
            return at + 1
        if sentence[at:at + 2] != ", ":
            return -1
        at += 2


def rulings_cited(sentence: str) -> list[str]:
    """The ruling ids ``sentence`` cites in parentheses, in order.

    >>> rulings_cited("first place it (R15); then (R16, R17). Not (R) nor (Rx)")
    ['R15', 'R16', 'R17']
    """
    found: list[str] = []
    at = sentence.find("(R")
    while at >= 0:
        end = _ruling_group(sentence, at)
        if end > 0:
            found += sentence[at + 1:end - 1].split(", ")
        at = sentence.find("(R", at + 1)
    return found


def without_rulings(sentence: str) -> str:
    """``sentence`` without the ruling ids it cites: what a player reads in
    the page's messages. The ids stay in the rules, in How to
    play and in a refusal's details; the command line keeps them.

    >>> without_rulings("there is no passing (R9)"), without_rulings("Won (R19). Next (R15, R16): go")
    ('there is no passing', 'Won. Next: go')
    """
    if "(R" not in sentence:
        return sentence
    parts = []
    done = 0
    at = sentence.find("(R")
    while at >= 0:
        end = _ruling_group(sentence, at)
        if end > 0:
            cut = at - 1 if at > 0 and sentence[at - 1] == " " else at  # with the space before it
            parts.append(sentence[done:cut])
            done = end
        at = sentence.find("(R", at + 1)
    parts.append(sentence[done:])
    return "".join(parts)


def text(key: str, **args: object) -> Text:
    """The sentence ``key``: English as a string, other languages by ``.say(lang)``."""
    result = Text(render(key, args))
    result.key = key
    result.args = args
    return result


def say(message: object, lang: str) -> object:
    """``message`` in ``lang`` if it knows how (a Text), else unchanged."""
    return _say(message, lang)


# Words --------------------------------------------------------------------------


def color_word(color: int) -> Text:
    return text(f"color_{color}")


def shape_word(shape: int) -> Text:
    return text(f"shape_{shape}")


def tower_word(shape: int) -> Text:
    """``'cross tower'``."""
    return text("tower_of", shape=shape_word(shape))


def towers_word(shape: int) -> Text:
    return text("towers_of", shape=shape_word(shape))


def piece_word(color: int | None, shape: int, height: int) -> Text:
    """``'cross pawn'`` (color None), ``'Red cross rank 2'``; height 0 is a tower."""
    if height == 0:
        bare = tower_word(shape)
    elif height == 1:
        bare = text("pawn_of", shape=shape_word(shape))
    else:
        bare = text("rank_of", shape=shape_word(shape), height=height)
    if color is None:
        return bare
    return text("owned", color=color_word(color), piece=bare)
