"""Refusals of malformed input and the engine's smaller answers, written out:
the same text in every interpreter (run by
tests/micropython/test_refusals_everywhere.py under CPython and MicroPython).

Position strings, move tokens, set-ups, dice, time controls and squares,
good and bad (characters beyond ASCII and white space beyond ASCII among
them: MicroPython's repr, split and strip differ from CPython's, the
engine's messages must not), terminations and outcomes, the quoting
helpers, a clock, set-up drafts, the turn choices of a board UI, a timed
and a touch-move game; every refusal in English and in Dutch. Written in
the subset of Python both share.
"""

from militakiri import (DOUBLE, SINGLE, Clock, Dice, Game, MilitakiriError, Outcome, Position, Setup,
                        SetupDraft, Termination, TimeControl)
from militakiri.board import EARLIER_DOUBLE, EARLIER_SINGLE
from militakiri.bounded import clean_name, excerpt, quote, split_words, strip_space
from militakiri.randomness import Random


def out(*words):
    print(" ".join(str(word) for word in words))


#: Rank 12 down to rank 2 of the official board (R1), all empty.
E = "6/6/6/6/6/6/6/6/6/6/6/"
BAD_POSITIONS = [
    "", E + "S^5", E + "S^5 w 000/000 -/- - 1 extra more",
    "6/6/6/6/6/6/S^5 w 000/000 -/- - 1", E + "S^é4 w 000/000 -/- - 1",
    E + "S^05 w 000/000 -/- - 1", E + "SS5 w 000/000 -/- - 1",
    E + "S^5 x 000/000 -/- - 1", E + "S^5 w 00/000 -/- - 1",
    E + "S^5 w 000/000 é/- - 1", E + "S^5 w 000/000 -/- 51/2 1",
    E + "S^5 w 000/000 -/- - ²", E + "S^5 w 000/000 -/- - 0",
    E + "S^5\u3000w\xa0000/000 -/- - 1", E + "S^5\x1cw 000/000 -/- - 1",
    "7/" + E[2:] + "S^5 w 000/000 -/- - 1", "13/" + E[2:] + "S^5 w 000/000 -/- - 1",
    E + "S^6 w 000/000 -/- - 1", E + "S^5 w 000/000 Xs/- - 1",
    E + "S^5 w 000/000 -/- - 1" + "x" * 100, E + "S^5 w 000/000 -/- 1/é 1",
    E + "\U0001F600 w 000/000 -/- - 1", E + "S^5 w 000/000 -/- - 1\u202e",
    "s^5/6/6/6/6/6/6/6/6/6/X45/S^5 w 122/122 -/- - 1",
    # Neither 12 ranks nor the earlier board's 8 (R1).
    "6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1", E + "6/S^5 w 000/000 -/- - 1", "6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1",
    # The earlier 8-rank board (R1): read on it, and refused there as on the official one.
    "5s^/6/6/6/6/6/6/S^5 w 000/000 -/- - 1", "6/6/6/6/6/6/6/S^6 w 000/000 -/- - 1",
]
BAD_TOKENS = ["", "c3", "c3-", "c3-c4=", "c3xc4=Q", "@a2c3-c4", "@a2,c3-c4", "@a9,c3-c4", "@a13,c3-c4", "c3-z4",
              "c3-c4=X@", "c3-c4=X@a1", "a1-a2", "\u3000c3-c4 ", "é3-c4", "c3-c4\u202e", "c13-c14",
              "a1xf12", "a1-a12", "a1-b2", "b2-b3", "@a1,a1-a2", "a1-a13", "f12-f11"]
BAD_SETUPS = ["", "Sc Xd", "Sc Xd Pb Sa", "Sc Xd Pé", "Qc Xd Pb", "Sc Xd Pz", "Scd Xd Pb", "Sc Xb Pd",
              "Sc\u3000Xd\xa0Pb", "Sa Xb Pf"]
BAD_DICE = ["", "4-4", "4-4 2-5", "7-1", "1-1 2-2 3-1", "4–2", "²-1", "6-1\u3000", "4-2 1-1"]
BAD_CONTROLS = ["-", "600+5", "600d5", "c86400", "600+", "c", "6é0", "9999999999", "600+99999", " 60+2\u3000", "0+1"]


def parse_errors():
    for text in BAD_POSITIONS:
        try:
            out("position", quote(text), Position.from_string(text).string())
        except MilitakiriError as error:
            out("position", quote(text), type(error).__name__, error, "|", error.say("nl"))
    official = Position.from_string("5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1")
    earlier = Position.from_string("5s^/6/6/6/6/6/6/S^5 w 000/000 -/- - 1")  # the earlier board (R1)
    for pos in (official, earlier):
        for token in BAD_TOKENS + ["a1-a8", "a1xf8"]:
            try:
                out("token", pos.kind.title, quote(token), pos.parse_move(token).token(pos.kind))
            except MilitakiriError as error:
                out("token", pos.kind.title, quote(token), type(error).__name__, error, "|", error.say("nl"))
    for text in BAD_SETUPS:
        for kind in (SINGLE, DOUBLE):
            try:
                out("setup", quote(text), Setup.parse(text, kind))
            except MilitakiriError as error:
                out("setup", quote(text), type(error).__name__, error, "|", error.say("nl"))
    for text in BAD_DICE:
        try:
            out("dice", quote(text), Dice.parse(text), Dice.parse(text).first)
        except MilitakiriError as error:
            out("dice", quote(text), type(error).__name__, error, "|", error.say("nl"))
    for text in BAD_CONTROLS:
        try:
            control = TimeControl.parse(text)
            out("control", quote(text), control, control.timed)
        except MilitakiriError as error:
            out("control", quote(text), type(error).__name__, error, "|", error.say("nl"))
    for name in ("c3", "m1", "é", "a0", "a10", "a9", "a12", "a13", "l12"):
        for kind in (SINGLE, DOUBLE, EARLIER_SINGLE, EARLIER_DOUBLE):
            try:
                out("square", kind.square(name))
            except MilitakiriError as error:
                out("square", type(error).__name__, error, "|", error.say("nl"))


def misc():
    out("terminations", [t.value for t in Termination], len(Termination), Termination("time") is Termination.TIME)
    for result, termination in (("1-0", "towers"), ("1/2-1/2", "move-rule"), ("0-1", "time"), ("2-0", "x"),
                                ("1-0", "é"), ("1/2-1/2", "time"), ("1-0", "move-rule")):
        try:
            o = Outcome.parse(result, termination)
            out("outcome", o, repr(o), o == Outcome(termination, o.winner), o.termination.value)
        except ValueError as error:
            out("outcome", type(error).__name__, error, "|", error.say("nl"))
    for text in ["abc", "it's", 'a"b', "a'\"b", "é²日本😀", "\x00\x1f\x7f\x80\xa0\xad\u200b\u202e\u2028\ufeff\ufffe\U000e0001\U0010ffff",
                 "tab\tnl\nback\\", chr(0x378), chr(0x13439), "\u0300x", "\ud7ff\ue000\uf8ff\uf900"]:
        words = " ".join(quote(word) for word in split_words(text + " a\u3000b"))
        out("quote", quote(text), excerpt(text * 20), words, quote(strip_space("\u2003" + text + "\x85")))
    out("clean", quote(clean_name("  Anna\x01  de\u202e Vries\u3000 Jr ")))
    clock = Clock(TimeControl.parse("60+2"))
    clock.start(first=0, now=100.0)
    clock.moved(now=110.25)
    out("clock", clock.remaining(0, 115.5), clock.remaining(1, 115.5), clock.to_dict(120.0)["left"])
    for kind in (SINGLE, DOUBLE):
        for color in (0, 1):
            rng = Random(kind.name + str(color))
            draft = SetupDraft(kind, color)
            names = [kind.square_name(sq) for sq in kind.zone[color]] + ["c4", "a5"]
            for _ in range(12):
                name = rng.choice(names)
                problem = draft.problem(name)
                if problem is None:
                    draft.place(name)
                    out("draft place", name)
                else:
                    out("draft", name, problem, "|", problem.say("nl"))
            try:
                out("draft setup", draft.setup().text())
            except MilitakiriError as error:
                out("draft", error, "|", error.reason.say("nl"))
            out("draft pieces", sorted((sq, p.symbol) for sq, p in draft.pieces().items()))
            out("draft random", SetupDraft.random(kind, color, rng), draft.free_fields())
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
    choices = game.turn_choices()
    out("choices", sorted((o, sorted(t.items())) for o, t in choices.destinations().items()))
    pos = Position.from_string("s^5/1s14/6/6/6/6/6/6/6/6/1S14/S^5 w 122/122 P/- - 1")
    game = Game.from_position(pos.string())
    choices = game.turn_choices()
    out("staged", choices.placements_needed(), choices.placement_fields(), choices.token(("c1",), "a1", "a2"), len(choices.tokens))
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2", time_control=TimeControl.parse("60+2"))
    game.start_clock(0.0)
    game.play("c3-d4", now=1.5)
    out("timed", game.check_time(100.0), game.outcome(), sorted(game.clock.to_dict(100.0).items()))
    try:
        game.play("c3-d4", now=101.0)
    except MilitakiriError as error:
        out("timed", type(error).__name__, error)
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2", touch_move=True)
    out("touch", game.touch("b3"), game.legal_moves())
    try:
        game.play("c3-d4")
    except MilitakiriError as error:
        out("touch", type(error).__name__, error)
    out("resign", game.resign(0), game.is_over())


if __name__ == "__main__":
    parse_errors()
    misc()
