"""Computer opponent benchmark: strongest level against greedy, and search depth.

    python bench/ai.py [--games 100] [--seconds 1] [--minutes 10] [--workers 2]
                       [--no-pyodide] [--mcts GAMES]

1. The search depth the strongest level completes in ``--seconds`` from the
   start position of NOTATION.md, in CPython and in Pyodide (Node.js, through
   tools/pyodide_run.mjs), with nodes and nodes per second.
2. A match on the single board: the strongest level (max) against the greedy
   level (2), ``--games`` games at ``--seconds`` per move from random set-ups
   and dice, colors swapped each game (pairs share set-ups and dice), played
   by ``--workers`` processes; games still to start when ``--minutes`` have
   passed are not played, and the output says how many were.
3. With ``--mcts N``: the measurement behind choosing alpha-beta: N games of
   max against a UCT Monte Carlo tree search player (written here, not in
   the engine) at the same time per move.

Last line: ``max_vs_greedy_score: X`` (goal X >= 0.9).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import math
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from militakiri import SINGLE, Dice, Position, Setup, movegen  # noqa: E402
from militakiri.ai.arena import ARENA_PLY_CAP, GameResult, paired_openings, play_game  # noqa: E402
from militakiri.ai.evaluation import WIN, evaluate_all  # noqa: E402
from militakiri.ai.levels import MAX_LEVEL, level_name  # noqa: E402
from militakiri.ai.play import analyse, choose_move  # noqa: E402
from militakiri.ai.search import SearchInfo  # noqa: E402

START = (
    "s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
    "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1"
)  # NOTATION.md's example, on the official 12-rank board (R1)

DEPTH_CODE = """
import json
from militakiri.ai.play import analyse
runs = [analyse({start!r}, seconds={seconds}) for _ in range({repeats})]
print("RESULT " + json.dumps(runs))
"""


def depth_runs(seconds: float, repeats: int) -> list[dict]:
    return [analyse(START, seconds=seconds) for _ in range(repeats)]


def pyodide_depth_runs(seconds: float, repeats: int) -> list[dict]:
    code = DEPTH_CODE.format(start=START, seconds=seconds, repeats=repeats)
    result = subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_run.mjs"), "-c", code],
        capture_output=True, text=True, timeout=600,
    )
    for line in result.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    raise RuntimeError(f"Pyodide run failed:\n{result.stdout}\n{result.stderr}")


def describe(runs: list[dict]) -> str:
    depths = [run["depth"] for run in runs]
    nodes = sum(run["nodes"] for run in runs)
    seconds = sum(run["seconds"] for run in runs)
    return (f"depth {min(depths)}-{max(depths)} (runs: {depths}), "
            f"{nodes / len(runs):,.0f} nodes in {seconds / len(runs):.2f} s "
            f"= {nodes / seconds:,.0f} nodes/s, move {runs[-1]['token']}")


# The match -------------------------------------------------------------------


def one_game(job):
    """Play one game in a worker; returns the result and max's search figures."""
    index, white, black, setups, dice, seconds, players = job
    kind = SINGLE
    setups = (Setup.parse(setups[0], kind), Setup.parse(setups[1], kind))
    stats = {"moves": 0, "depth": 0, "nodes": 0, "seconds": 0.0}

    def on_move(position, move, info):
        if position.turn == ai_color and info.token is not None:
            stats["moves"] += 1
            stats["depth"] += info.depth
            stats["nodes"] += info.nodes
            stats["seconds"] += info.seconds

    ai_color = 0 if white == MAX_LEVEL else 1
    if players.startswith("mcts"):
        playout_plies = int(players.split(":")[1])
        result, stats["playouts"] = mcts_game(kind, white, black, setups, Dice.parse(dice), index,
                                              seconds, on_move, playout_plies)
    else:
        result = play_game(kind, white, black, setups, Dice.parse(dice), index, seconds,
                              on_move=on_move)
    return index, white, black, result.winner, result.termination, result.plies, stats


def match(opponent: int | str, games: int, seconds: float, minutes: float, workers: int,
          seed: int = 2024, playout_plies: int = 8) -> float:
    jobs = []
    for index, (pair, roll) in enumerate(paired_openings(SINGLE, random.Random(seed), games)):
        setups, dice = (pair[0].text(), pair[1].text()), roll.text()
        white, black = (MAX_LEVEL, opponent) if index % 2 == 0 else (opponent, MAX_LEVEL)
        players = f"mcts:{playout_plies}" if opponent == "mcts" else "levels"
        jobs.append((index, white, black, setups, dice, seconds, players))
    name = f"MCTS ({playout_plies}-ply playouts)" if opponent == "mcts" else f"level {opponent}"
    print(f"match: max against {name}, {games} games at {seconds:g} s per move, "
          f"{workers} processes, at most {minutes:g} minutes to start games", flush=True)
    deadline = time.monotonic() + minutes * 60
    start = time.monotonic()
    points = 0.0
    tally = [0, 0, 0]
    terminations: dict[str, int] = {}
    totals = {"moves": 0, "depth": 0, "nodes": 0, "seconds": 0.0}
    played = 0
    pending = list(jobs)
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
        running = set()
        while pending or running:
            while pending and len(running) < workers and time.monotonic() < deadline:
                running.add(pool.submit(one_game, pending.pop(0)))
            if not running:
                break
            done, running = concurrent.futures.wait(
                running, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in done:
                index, white, black, winner, termination, plies, stats = future.result()
                max_color = 0 if white == MAX_LEVEL else 1
                gained = 0.5 if winner is None else float(winner == max_color)
                points += gained
                played += 1
                tally[0 if gained == 1 else 1 if gained == 0.5 else 2] += 1
                terminations[termination] = terminations.get(termination, 0) + 1
                for key in totals:
                    totals[key] += stats[key]
                result = "1/2-1/2" if winner is None else ("1-0" if winner == 0 else "0-1")
                depth = stats["depth"] / stats["moves"] if stats["moves"] else 0
                extra = f"; mcts: {stats['playouts']:.0f} playouts/move" if "playouts" in stats else ""
                names = [level_name(p) if p != "mcts" else "mcts" for p in (white, black)]
                print(f"game {index + 1}: White {names[0]} - Black {names[1]} {result} "
                      f"{termination} ({plies} plies; max: mean depth {depth:.1f}{extra})", flush=True)
    elapsed = time.monotonic() - start
    score = points / played if played else 0.0
    note = "" if played == games else f" (only {played} of {games} fitted in {minutes:g} minutes)"
    print(f"max against {name}: {played} games{note} in {elapsed / 60:.1f} minutes: "
          f"{tally[0]} wins, {tally[1]} draws, {tally[2]} losses; "
          f"terminations {json.dumps(terminations, sort_keys=True)}")
    if totals["moves"]:
        print(f"max's searches: {totals['moves']} moves, mean depth "
              f"{totals['depth'] / totals['moves']:.2f}, mean {totals['seconds'] / totals['moves']:.2f} s "
              f"and {totals['nodes'] / totals['moves']:,.0f} nodes per move "
              f"({totals['nodes'] / max(totals['seconds'], 1e-9):,.0f} nodes/s)")
    print(f"score of max: {score:.3f}")
    return score


# A Monte Carlo tree search player, for the comparison only -------------------


class _Node:
    __slots__ = ("move", "parent", "children", "untried", "visits", "wins", "mover")

    def __init__(self, move, parent, moves, mover):
        self.move = move
        self.parent = parent
        self.children = []
        self.untried = moves
        self.visits = 0
        self.wins = 0.0  # for the player who made self.move
        self.mover = mover


def mcts_move(position: Position, rng: random.Random, seconds: float,
              playout_plies: int = 8, exploration: float = 1.0):
    """UCT: playouts of random moves cut after ``playout_plies`` and judged by
    the engine's evaluation (a logistic of it), terminal positions exactly."""
    position = position.copy()
    root = _Node(None, None, movegen.legal_moves(position), 1 - position.turn)
    rng.shuffle(root.untried)
    deadline = time.perf_counter() + seconds
    playouts = 0
    while time.perf_counter() < deadline or playouts == 0:
        node, pushed = root, 0
        # Selection
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(node.children, key=lambda c: c.wins / c.visits
                       + exploration * math.sqrt(log_n / c.visits))
            position.push(node.move)
            pushed += 1
        # Expansion
        if node.untried:
            move = node.untried.pop()
            mover = position.turn
            position.push(move)
            pushed += 1
            moves = movegen.legal_moves(position)
            rng.shuffle(moves)
            child = _Node(move, node, moves, mover)
            node.children.append(child)
            node = child
        # Playout
        depth = 0
        while depth < playout_plies:
            moves = movegen.legal_moves(position)
            if not moves:
                break
            position.push(rng.choice(moves))
            pushed += 1
            depth += 1
        value = evaluate_all(position)
        if abs(value) >= WIN:
            p_turn = 1.0 if value > 0 else 0.0
        else:
            p_turn = 1.0 / (1.0 + math.exp(-value / 400.0))
        turn = position.turn
        for _ in range(pushed):
            position.pop()
        # Backpropagation
        while node is not None:
            node.visits += 1
            node.wins += p_turn if node.mover == turn else 1.0 - p_turn
            node = node.parent
        playouts += 1
    best = max(root.children, key=lambda c: c.visits)
    return best.move, playouts


def mcts_game(kind, white, black, setups, dice, seed, seconds, on_move, playout_plies):
    from militakiri import start_position

    position = start_position(kind, setups[0], setups[1], dice.first)
    rng = random.Random(seed)
    cap = ARENA_PLY_CAP[kind.name]
    plies = 0
    playouts = []
    while True:
        outcome = position.outcome()
        if outcome is not None:
            winner, termination = outcome.winner, outcome.termination.value
            break
        if plies >= cap:
            winner, termination = None, "cap"
            break
        level = (white, black)[position.turn]
        if level == "mcts":
            move, count = mcts_move(position, rng, seconds, playout_plies)
            playouts.append(count)
        else:
            info = SearchInfo()
            move = choose_move(position, level, rng, seconds, info=info)
            on_move(position, move, info)
        position.push(move)
        plies += 1
    result = GameResult(white, black, winner, termination, plies, setups, dice)
    return result, sum(playouts) / max(len(playouts), 1)


def _load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--minutes", type=float, default=10.0,
                        help="start no game after this (default 10)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--repeats", type=int, default=3, help="depth runs (default 3)")
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--mcts", type=int, default=0, metavar="GAMES",
                        help="also play max against MCTS (the design measurement)")
    parser.add_argument("--playout-plies", type=int, default=8,
                        help="MCTS playout length before the evaluation (0: evaluation only)")
    parser.add_argument("--no-match", action="store_true", help="depth figures only")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load average {_load()} at the start", flush=True)

    print(f"CPython {sys.version.split()[0]}: max level, {args.seconds:g} s from the start "
          f"position: {describe(depth_runs(args.seconds, args.repeats))}", flush=True)
    if not args.no_pyodide:
        runs = pyodide_depth_runs(args.seconds, args.repeats)
        print(f"Pyodide (Node.js): max level, {args.seconds:g} s from the start position: "
              f"{describe(runs)}", flush=True)
    if args.mcts:
        match("mcts", args.mcts, args.seconds, args.minutes, args.workers,
              playout_plies=args.playout_plies)
    if not args.no_match:
        score = match(2, args.games, args.seconds, args.minutes, args.workers)
        print(f"load average {_load()} at the end (other work on the machine slows the searches)")
        print(f"max_vs_greedy_score: {score:.3f}")


if __name__ == "__main__":
    main()
