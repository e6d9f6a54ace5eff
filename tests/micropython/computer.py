"""The computer, the Learn section's goals, records and links, written out:
the same text in every interpreter.

Run by tests/micropython/test_computer_everywhere.py under CPython and
MicroPython (``python computer.py BAD_LINKS BAD_RECORDS``, the texts of
tests/corpus/bad_links.tsv and bad_records.txt); written in the subset of
Python both share. What it writes: the move each level (1 to 4) chooses
from seeded positions with a node or depth budget (never the clock), the
set-ups the levels choose, a review, a puzzle; goals read from JSON and
judged move by move; records with comments and glyphs, and links with the
computer's side and clock, written and read back; and the refusal of every
bad link and record of the corpus, with its line and column.
"""

import sys

from militakiri import DOUBLE, SINGLE, Dice, Game, Players, Position, Setup
from militakiri.ai import puzzles
from militakiri.ai.play import analyse, choose_setup, choose_token, review_game
from militakiri.ai.search import candidate_turns
from militakiri.ai.zobrist import zobrist
from militakiri.errors import MilitakiriError
from militakiri.goals import Goal, judge
from militakiri.link import InvalidLinkError, game_from_link, game_to_link
from militakiri.randomness import Random
from militakiri.record import Annotation, read_record

NAMES = ("Anna", 'Zoë & "Bram" !#%', "中文 名字", "a%20b", "😀 e", "x\u3000y", "~_.-")
#: Positions where turns multiply (two waiting towers, R15), the endgame
#: rule is on (R16), a promotion has a choice of fields (R13), and a puzzle.
#: On the official 12-rank board (R1).
POSITIONS = (
    "5s^/6/6/6/6/6/6/6/2p13/6/1x^4/S^5 w 000/000 -/- - 1",
    "5s^/4x11/6/6/6/6/6/6/6/P1P1P1P1P1P1/P1P11P11P1/S^P1P1P1P1P1 w 000/000 XP/s - 1",
    "s^s1s1s1s1s1/p12x1p1x1/6/p1p^4/6/6/6/6/6/P^X1P1x1P1x^/P1X1P1X1P1X^/S1S^S1S1S1S1 b 102/122 X/- - 10",
    "6/6/6/4S^1/1P24/6/6/6/6/6/6/1p^4 b 012/010 -/- 50/50 151",
    "5s^/6/4P21/2p1x22/2X23/6/6/6/6/6/6/S^5 w 122/122 -/- - 1",
)


#: Black is ahead (tests/engine/test_ai.py): it would play a4-a9.
AHEAD = ("s1s^1s1s1s1/p1x1p1s1p1x1/x1p11p1x11/6/6/6/6/6/p^1X^3/3P11X1/1P1X11X1P1/S1S1S1S^S1S1"
         " b 122/122 -/- - 12")


def out(*words):
    print(" ".join(str(word) for word in words))


def played(seed, plies, names=("White", "Black")):
    rng = Random(seed)
    kind = SINGLE if seed % 2 == 0 else DOUBLE
    game = Game.new(kind, Setup.random(kind, rng), Setup.random(kind, rng), Dice.roll(rng),
                    players=Players(white=names[0], black=names[1]))
    for _ in range(plies):
        moves = sorted(game.legal_moves())
        if not moves:
            break
        game.play(rng.choice(moves))
    return game, rng


def computer():
    starts = [played(seed, 6 + 3 * seed)[0].position.string() for seed in range(4)]
    for text in starts + list(POSITIONS):
        position = Position.from_string(text)
        out("position", text, "turns", len(candidate_turns(position)), "key", zobrist(position))
        for level in (1, 2, 3, 4):
            budget = {"nodes": 800, "depth": 3} if level == 4 else {"nodes": 300}
            out("  level", level, [choose_token(text, level, seed, seconds=None, **budget)
                                   for seed in range(2)])
        if position.kind.name == "single" or text in POSITIONS:
            # (The search is the levels' own: on a random double board, a
            # second in MicroPython for nothing the levels' choices leave out.)
            found = analyse(text, depth=2, seed=1)
            out("  analyse", found["token"], found["score"], found["depth"], found["nodes"], found["pv"])
        out("  puzzle", puzzles.find(position))
    for level in (1, 2, 3):
        out("setup", level, choose_setup("single", level, level).text())
    # Back where Black, ahead, was before it went a4-a9: the search steers clear.
    back = Position.from_string(AHEAD).play("a4-a9").play("a1-a2").play("a9-a4").play("a2-a1")
    out("cycle", [p.string() for p in back.since_last_take()], choose_token(back, 5, 1, seconds=None, depth=3),
        choose_token(back.string(), 5, 1, seconds=None, depth=3))
    game = Game.from_position("5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1")
    game.play("a1-a2")
    out("review", [(r.token, r.best, r.mark, r.eval) for r in review_game(game, depth=2)])


def goals():
    specs = [{"kind": "take", "what": "pawns", "moves": 1}, {"kind": "reach", "square": "d5"},
             {"kind": "reach", "square": "z9"}, {"kind": "nope"}, {"kind": "win", "extra": 1},
             {"kind": "stack", "rank": 9}, {"kind": "play", "tokens": [" a1-a2\u3000"]},
             {"kind": "tower", "moves": 2}, {"kind": "take", "what": "all", "count": 2},
             {"kind": "play", "tokens": []}, {"kind": "promote"}, {"kind": "draw"},
             {"kind": "endgame"}, {"kind": "reach", "square": "a2", "rank": 1}, [1]]
    start = Position.from_string("5s^/6/6/6/6/6/6/2s13/1P14/6/6/S^5 w 000/000 -/- - 1")
    for index, spec in enumerate(specs):
        try:
            goal = Goal.from_json(spec)
        except MilitakiriError as error:
            out("goal refused", error)
            continue
        out("goal", goal, sorted(goal.to_json().items()))
        for token in ("b4xc5", "b4-b5", "a1-a2"):
            out("  after", token, judge(goal, start, start.copy().play(token), 0, 1))
        rng = Random(index)
        now = start.copy()
        moves = 0
        for _ in range(4):
            legal = sorted(now.legal_moves())
            if not legal:
                break
            token = rng.choice(legal)
            if now.turn == 0:
                moves += 1
            now.play(token)
            verdict = judge(goal, start, now, 0, moves)
            message = verdict.message()
            out("  ", token, verdict, message.say("nl") if message else "-")


def records_and_links():
    for seed in range(6):
        game, rng = played(seed, 15 + 9 * seed, (NAMES[seed % 7], NAMES[(3 * seed + 1) % 7]))
        game.annotations = {ply: Annotation("c%d é {x" % ply, (2, 4) if ply else ())
                            for ply in range(0, len(game.tokens) + 1, 4)}
        text = game.record()
        back = read_record(text)
        notes = " ".join("%d:%s:%s" % (ply, back.annotations[ply].comment, back.annotations[ply].nags)
                         for ply in sorted(back.annotations))
        out("record", seed, len(text), back.tokens == game.tokens, back.position.string(), notes,
            back.players.white, back.players.black)
        link = game_to_link(game, computer=(seed % 2, 1 + seed % 4) if seed % 3 else None,
                            clock_left=(seed * 10.5, 33.25) if seed % 3 == 1 else None)
        shared = game_from_link(link)
        out("link", link, shared.game.tokens == game.tokens, shared.game.players.white,
            shared.computer, shared.clock_left)
        for _ in range(8):
            damaged = list(link)
            for _ in range(rng.randint(1, 3)):
                damaged[rng.randrange(len(damaged))] = rng.choice("0123456789abcxyzABXZ!.-_%é")
            try:
                out("  damaged, read", game_from_link("".join(damaged)).game.tokens == game.tokens)
            except InvalidLinkError as error:
                out("  damaged", error)


def corpus(bad_links, bad_records):
    for line in bad_links.splitlines():
        if line and not line.startswith("#"):
            try:
                out("bad link read", game_from_link(line.split("\t")[0]).game.tokens)
            except InvalidLinkError as error:
                out("bad link", error)
    for chunk in ("\n" + bad_records).split("\n%%% ")[1:]:
        try:
            out("bad record read", read_record(chunk.partition("\n")[2]).tokens)
        except MilitakiriError as error:
            out("bad record", error)


def main(argv):
    computer()
    goals()
    records_and_links()
    corpus(argv[1], argv[2])


if __name__ == "__main__":
    main(sys.argv)
