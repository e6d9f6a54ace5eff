"""The link written after each move, late in a long game: it must cost about
what the move's own legal moves cost, not one list of legal moves for every
move of the game (the page writes its game's link into the save after every
move, on the main thread, in MicroPython).

Measured in this one run, in one interpreter, for a random game on each
board, at the plies given:

- baseline: the game's last 20 moves played again, the legal moves after
  each listed (what the page does at every move anyway);
- per move: the same moves, the link written after each (as the page does);
- whole: the last link written from nothing (another game's written
  before it), for scale.

Each figure is the median of ``--repeat`` rounds.

    python bench/link_per_move.py [--plies 100,300] [--repeat 5]
    node tools/mpy_run.mjs bench/link_per_move.py --plies 100,300   # the page's MicroPython

Last line: ``link_per_move_vs_legal_moves: X`` (the largest ratio; goal X <= 3: the
link lists the moves with their tokens, sorted, and writes its other fields).
"""

import sys
import time

try:
    import militakiri  # noqa: F401  (MicroPython in tools/mpy_run.mjs has it on its path)
except ImportError:  # CPython: the repository's root
    sys.path.insert(0, __file__.rsplit("/", 2)[0])

from militakiri import DOUBLE, SINGLE, Dice, Game, Setup, game_to_link  # noqa: E402
from militakiri.randomness import Random  # noqa: E402


def microseconds():
    ticks = getattr(time, "ticks_us", None)
    return ticks() if ticks is not None else time.perf_counter_ns() // 1000


def elapsed(start, end):
    diff = getattr(time, "ticks_diff", None)
    return diff(end, start) if diff is not None else end - start


def timed(work):
    start = microseconds()
    work()
    return elapsed(start, microseconds())


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def random_game(kind, seed, plies):
    """A random game of ``plies`` moves, or fewer if it ends first."""
    rng = Random(seed)
    game = Game.new(kind, Setup.random(kind, rng), Setup.random(kind, rng), Dice.roll(rng))
    while len(game.tokens) < plies and game.legal_moves():
        game.play(rng.choice(sorted(game.legal_moves())))
    return game


def measure(kind, ply, repeat, moves=20):
    """(plies, baseline, per move, whole) in microseconds a move, medians of
    ``repeat``: the game's last ``moves`` moves played again, each followed
    by its legal moves listed (baseline) or by its link written (per move);
    whole: the last link written after another game's."""
    game = random_game(kind, 11, ply)
    other = random_game(kind, 12, 2)
    last = game.tokens[-moves:]
    for _ in last:
        game.undo()
    baseline, per_move, whole = [], [], []

    def again(after):
        for token in last:
            game.play(token)
            after()
        for _ in last:
            game.undo()

    for _ in range(repeat):
        baseline.append(timed(lambda: again(lambda: game.position.copy().legal_moves())) / len(last))
        game_to_link(game)  # the link before these moves, as the page wrote it
        per_move.append(timed(lambda: again(lambda: game_to_link(game))) / len(last))
    for token in last:
        game.play(token)
    for _ in range(repeat):
        game_to_link(other)
        whole.append(timed(lambda: game_to_link(game)))
    return len(game.tokens), median(baseline), median(per_move), median(whole)


def main(argv):
    plies, repeat = [100, 300], 5
    args = list(argv[1:])
    while args:
        flag = args.pop(0)
        if flag == "--plies":
            plies = [int(p) for p in args.pop(0).split(",")]
        elif flag == "--repeat":
            repeat = int(args.pop(0))
        else:
            raise SystemExit(__doc__)
    worst = 0.0
    print("board   ply  move + legal moves us  move + link us  link whole us  ratio")
    for kind in (SINGLE, DOUBLE):
        for ply in plies:
            played, baseline, per_move, whole = measure(kind, ply, repeat)
            ratio = per_move / max(baseline, 1)
            worst = max(worst, ratio)
            print("%-6s %4d  %20d  %14d  %13d  %.2f" % (kind.name, played, baseline, per_move, whole, ratio))
    print("link_per_move_vs_legal_moves: %.2f" % worst)


if __name__ == "__main__":
    main(sys.argv)
