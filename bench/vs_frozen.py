"""The strongest level against a frozen copy of itself from before the redesign.

    python bench/vs_frozen.py [--games 100] [--seconds 0.3 | --nodes N] [--board single]
                              [--workers 2] [--frozen REV] [--nps-seconds 2] [--nps-runs 3] [--skip N]

The engine was redone in layers and the AI as a package; the strongest
level must not get weaker. The frozen copy is the whole ``militakiri``
package (engine and AI) as it was at ``FROZEN`` (the last commit before the
redesign), taken from git into ``bench/.frozen/<rev>/`` and imported under
the name ``frozen_militakiri``: the old search on the old move generation,
so the match and the speed figures compare the two as they ship. Both
play on today's board: the frozen copy's one rank constant (``ROWS``,
R1) is set to today's once it is extracted, as nothing else in it
assumes the 8 ranks it was written for. It is
taken from git rather than kept as a second copy of every module in the
tree; ``--frozen`` picks another commit (the engine's port to the subset
MicroPython shares: ``--frozen 29409c3``, the last commit before it).

1. Nodes per second: each side's ``analyse`` from NOTATION.md's start
   position, ``--nps-runs`` times ``--nps-seconds``, alternating.
2. The match on ``--board``: ``--games`` games at ``--seconds`` a move
   (or ``--nodes`` positions a move for both sides: the same games on any
   machine and under any load, as the ladder's), from random set-ups and
   dice, colours swapped in each pair (a pair shares set-ups and dice),
   ``--workers`` processes. The game is kept by
   today's engine; each side is asked with the position string and answers
   with a token.

Last lines: ``nps_ratio_new_vs_frozen: X`` and ``new_vs_frozen_score: X``
(goal >= 0.5).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import importlib
import inspect
import io
import os
import random
import re
import statistics
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from militakiri import Dice, Setup, start_position  # noqa: E402
from militakiri.ai.arena import ARENA_PLY_CAP, paired_openings  # noqa: E402
from militakiri.ai.levels import EARLIER_POSITIONS  # noqa: E402
from militakiri.ai.play import analyse, choose_token  # noqa: E402
from militakiri.board import ROWS, board_kind  # noqa: E402

#: The last commit before the redesign in layers: the max level it ships is "today's".
FROZEN = "387a882af97cf227df6bd45491d36cf1b21d8e63"
START = (
    "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
    "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1"
)  # NOTATION.md's example, on the official 12-rank board (R1)


def frozen_ai(rev: str):
    """The frozen package's ``ai`` module, extracted from git once and set
    to today's ranks (:func:`on_todays_board`)."""
    folder = ROOT / "bench" / ".frozen" / f"{rev[:12]}-{ROWS}-ranks"
    package = folder / "frozen_militakiri"
    if not (package / "__init__.py").exists():
        archive = subprocess.run(["git", "archive", "--format=tar", rev, "militakiri"],
                                 cwd=ROOT, capture_output=True, check=True).stdout
        folder.mkdir(parents=True, exist_ok=True)
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        on_todays_board(folder / "militakiri" / "board.py")
        (folder / "militakiri").rename(package)
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    # Before the redesign the AI was one module; since, a package whose play module answers.
    if (package / "ai" / "play.py").exists():
        return importlib.import_module("frozen_militakiri.ai.play")
    return importlib.import_module("frozen_militakiri.ai")


def on_todays_board(board_module: Path) -> None:
    """Set the frozen engine's ranks (its one ``ROWS`` constant) to today's:
    it was written for 8, and the comparison is fair only on the board
    today's engine plays on."""
    text = board_module.read_text()
    found = re.findall(r"^ROWS = \d+$", text, re.MULTILINE)
    if len(found) != 1:
        raise RuntimeError(f"{board_module}: no single 'ROWS = n' line to set to {ROWS}")
    board_module.write_text(re.sub(r"^ROWS = \d+$", f"ROWS = {ROWS}", text, flags=re.MULTILINE))


# Nodes per second ---------------------------------------------------------------


def nps(rev: str, seconds: float, runs: int) -> tuple[list[float], list[float]]:
    old = frozen_ai(rev)
    new_rates, old_rates = [], []
    for _ in range(runs):
        for rates, run in ((new_rates, analyse), (old_rates, old.analyse)):
            report = run(START, seconds=seconds)
            rates.append(report["nodes"] / report["seconds"])
    return new_rates, old_rates


# The match -----------------------------------------------------------------------


def one_game(job: tuple) -> tuple:
    """One game; ``new_color`` plays today's max, the other side the frozen one."""
    index, new_color, setups, dice, seconds, nodes, rev, board = job
    old = frozen_ai(rev)
    kind = board_kind(board)
    position = start_position(kind, Setup.parse(setups[0], kind), Setup.parse(setups[1], kind),
                              Dice.parse(dice).first)
    rngs = (random.Random(index * 2 + 1), random.Random(index * 2 + 2))
    # Both sides steer clear of cycles as on the page, where the frozen copy
    # knows how (it is told the positions since the last take, as strings).
    # (choose_token hands its options on to choose_move, whose signature tells.)
    remembers = "earlier" in inspect.signature(old.choose_move).parameters
    plies = 0
    while True:
        outcome = position.outcome()
        if outcome is not None:
            return index, new_color, outcome.winner, outcome.termination.value, plies
        if plies >= ARENA_PLY_CAP[kind.name]:
            return index, new_color, None, "cap", plies
        turn = position.turn
        choose = choose_token if turn == new_color else old.choose_token
        options: dict = {"nodes": nodes} if nodes else {}
        if remembers:
            options["earlier"] = [before.string() for before in position.since_last_take(EARLIER_POSITIONS)]
        # "max", not a number: the frozen engine had fewer levels (4) than today's.
        token = choose(position.string(), "max", rngs[turn], seconds, **options)
        position.push(position.parse_move(token))
        plies += 1


def match(games: int, seconds: float | None, workers: int, rev: str, seed: int, skip: int = 0,
          nodes: int | None = None, board: str = "single") -> float:
    jobs = []
    for index, (pair, roll) in enumerate(paired_openings(board_kind(board), random.Random(seed), games)):
        jobs.append((index, index % 2, (pair[0].text(), pair[1].text()), roll.text(), seconds, nodes, rev, board))
    jobs = jobs[skip:]  # the same games as a whole match's from game skip + 1 on
    budget = f"{nodes:,} positions" if nodes else f"{seconds:g} s"
    print(f"match: max (today) against max (frozen at {rev[:12]}), {games} games on the {board} board at "
          f"{budget} a move, {workers} processes", flush=True)
    points = 0.0
    tally = [0, 0, 0]
    started = time.monotonic()
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
        for done, (index, new_color, winner, termination, plies) in enumerate(
                pool.map(one_game, jobs), 1):
            share = 0.5 if winner is None else float(winner == new_color)
            points += share
            tally[0 if share == 1 else 1 if share == 0.5 else 2] += 1
            print(f"game {index + 1}: today's max is {'White' if new_color == 0 else 'Black'}: "
                  f"{share:g} ({termination}, {plies} plies); so far {points:g}/{done} "
                  f"[{time.monotonic() - started:.0f} s]", flush=True)
    print(f"today's max: {tally[0]} wins, {tally[1]} draws, {tally[2]} losses")
    return points / len(jobs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=0.3)
    parser.add_argument("--nodes", type=int, help="positions a move for both sides, instead of --seconds")
    parser.add_argument("--board", choices=("single", "double"), default="single")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--frozen", default=FROZEN)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--skip", type=int, default=0,
                        help="play games skip+1..games only (a match split across processes)")
    parser.add_argument("--nps-seconds", type=float, default=2.0)
    parser.add_argument("--nps-runs", type=int, default=3)
    args = parser.parse_args()
    print(f"load average: {os.getloadavg()[0]:.2f}", flush=True)
    new_rates, old_rates = nps(args.frozen, args.nps_seconds, args.nps_runs)
    ratios = [n / o for n, o in zip(new_rates, old_rates)]
    print(f"nodes/s today:  {statistics.median(new_rates):,.0f} (runs: "
          f"{', '.join(f'{r:,.0f}' for r in new_rates)})")
    print(f"nodes/s frozen: {statistics.median(old_rates):,.0f} (runs: "
          f"{', '.join(f'{r:,.0f}' for r in old_rates)})")
    seconds = None if args.nodes else args.seconds
    score = match(args.games, seconds, args.workers, args.frozen, args.seed, args.skip, args.nodes,
                  args.board) if args.games else 0.0
    print(f"nps_ratio_new_vs_frozen: {statistics.median(ratios):.2f} "
          f"(runs: {', '.join(f'{r:.2f}' for r in ratios)})")
    print(f"new_vs_frozen_score: {score:.3f}")


if __name__ == "__main__":
    main()
