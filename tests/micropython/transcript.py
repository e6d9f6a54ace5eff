"""Everything the rules decide, written out: the same text in every interpreter.

Run by tests/micropython/test_same_everywhere.py under CPython, MicroPython
and Pyodide (``python transcript.py GAMES PERFT_DEPTH PERFT_TEXT [LINKS
POSITIONS RECORD...]``: the text of tests/perft.txt, then those of
tests/fixtures/earlier_board's links.txt, positions.txt and records); written
in the subset of Python all three share, like the engine itself. CPython's
own suite checks that the rules are right (every ruling by id); equal
transcripts show the other two interpreters play by the same rules: seeded
random set-ups and dice on the official 12-rank board (R1), every position
string and legal move list of seeded random games, refusals with their
reasons, records and links read back, perft counts, and the links, records
and positions made on the earlier 8-rank board read on that board, written
back and played on.
"""

import sys

from militakiri import DOUBLE, SINGLE, Dice, Game, Position, Setup, game_from_link, game_to_link
from militakiri import movegen
from militakiri.perft import perft
from militakiri.randomness import Random
from militakiri.record import Annotation, Variation


def out(*words):
    print(" ".join(str(word) for word in words))


def sequence():
    rng = Random(1234567)
    out("splitmix64", [rng.next64() for _ in range(5)])
    rng = Random("militakiri")
    out("str seed", rng.getrandbits(64), rng.randrange(6), rng.randint(1, 6), rng.random())
    items = list(range(12))
    rng.shuffle(items)
    out("shuffle", items, "sample", rng.sample(range(40), 5), "choice", rng.choice("abcdef"))


def refusals(position, rng):
    """Why a few moves of the player to move, to fields they cannot reach, are refused."""
    kind = position.kind
    moves = list(movegen.iter_legal_moves(position))
    origins = sorted(set(move.origin for move in moves))
    for _ in range(3):
        origin = rng.choice(origins)
        reached = set(move.target for move in moves if move.origin == origin)
        target = rng.choice([square for square in range(kind.size) if square not in reached])
        reason = position.refusal(origin, target)
        out("  refused", kind.square_name(origin), kind.square_name(target), str(reason), "|", reason.say("nl"))


def game(seed):
    rng = Random(seed)
    kind = SINGLE if seed % 2 == 0 else DOUBLE
    white, black = Setup.random(kind, rng), Setup.random(kind, rng)
    dice = Dice.roll(rng)
    out("game", seed, kind.name, white, black, dice)
    played = Game.new(kind, white, black, dice)
    while True:
        moves = sorted(played.legal_moves())
        out(" ", played.position.string(), len(moves), " ".join(moves))
        if not moves:
            break
        if len(played.tokens) % 9 == 4:
            refusals(played.position, rng)
        played.play(rng.choice(moves))
    out("  over", played.outcome())
    record = played.record()
    again = Game.from_record(record)
    out("  record", len(record), again.tokens == played.tokens, again.position.string() == played.position.string())
    # A variation beside the second move: another legal move there, and one beside its first (NOTATION.md).
    if len(played.tokens) > 2:
        before = played.position_at(1)
        other = [m for m in sorted(before.legal_moves()) if m != played.tokens[1]][:2]
        if other:
            inner = [Variation([other[1]])] if len(other) > 1 else []
            played.variations = {2: [Variation([other[0]], {1: Annotation("or", (6,))}, {1: inner} if inner else {})]}
            written = played.record()
            back = Game.from_record(written)
            out("  variations", written.count("("), back.variations == played.variations, back.record() == written)
    link = game_to_link(played)
    shared = game_from_link(link)
    out("  link", link, shared.game.tokens == played.tokens)


#: The deepest perft a position is counted to here is the last whose count is
#: at most this: the official board's middle games have 100,000-200,000
#: leaves at depth 3, half a minute of MicroPython, and CPython counts them
#: all (tests/engine/test_perft.py); every position still goes to depth 2.
MAX_LEAVES = 40_000


def perft_counts(text, depth):
    """``text``: tests/perft.txt itself (every interpreter gets it as an argument)."""
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    for line in lines:
        fields = [field.strip() for field in line.split(";")]
        position = Position.from_string(fields[1])
        expected = [int(count) for count in fields[2:]]
        deepest = min(depth, len(expected))
        while deepest > 2 and expected[deepest - 1] > MAX_LEAVES:
            deepest -= 1
        counts = [perft(position, d) for d in range(1, deepest + 1)]
        out("perft", fields[0], counts, counts == expected[:len(counts)])
        out("  string", Position.from_string(position.string()).string() == position.string())


def rows_of(text):
    """``(name, first field)`` of each line of a fixture table, comments left out."""
    rows = []
    for line in text.splitlines():
        if line and not line.startswith("#"):
            fields = line.split("\t")
            rows.append((fields[0], fields[1]))
    return rows


def play_on(played):
    """Play the middle legal move, if the game goes on; the tokens after."""
    moves = played.legal_moves()
    if moves and not played.is_over():
        played.play(moves[len(moves) // 2])
    return played.tokens


def earlier(links, positions, records):
    """What was made on the earlier 8-rank board (R1): read on it, written
    back, played on."""
    for name, link in rows_of(links):
        shared = game_from_link(link)
        played = shared.game
        back = game_to_link(played, shared.deadline, shared.computer, shared.clock_left)
        out("earlier link", name, played.kind.title, played.kind.rows, played.tokens, shared.computer,
            shared.deadline, played.position.string(), played.outcome(), back == link)
        before = len(played.tokens)
        tokens = play_on(played)
        again = game_from_link(game_to_link(played, shared.deadline, shared.computer))
        out("  played on", tokens[before:], again.game.kind.title, again.game.tokens == tokens)
    for name, text in rows_of(positions):
        if name == "url":
            continue
        position = Position.from_string(text)
        out("earlier position", name, position.kind.title, position.string() == text,
            " ".join(sorted(position.legal_moves())))
    for text in records:
        played = Game.from_record(text)
        written = played.record()
        again = Game.from_record(written)
        out("earlier record", played.kind.title, played.tokens, played.position.string(), played.outcome(),
            written.replace("\n", "|"), again.kind is played.kind, again.record() == written)
        before = len(played.tokens)
        tokens = play_on(played)
        out("  played on", tokens[before:], Game.from_record(played.record()).tokens == tokens)


def main(argv):
    games, depth, perft_text = int(argv[1]), int(argv[2]), argv[3]
    sequence()
    for seed in range(games):
        game(seed)
    perft_counts(perft_text, depth)
    if len(argv) > 4:
        earlier(argv[4], argv[5], argv[6:])


if __name__ == "__main__":
    main(sys.argv)
