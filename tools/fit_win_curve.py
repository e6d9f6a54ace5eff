"""Fit the review's winning-chance curve to this engine's own games.

    python tools/fit_win_curve.py [--games N] [--nodes N] [--seed S] [--jobs J]

The review (militakiri/ai/review.py) turns a score into the mover's winning
chances, ``1 / (1 + exp(-score / WIN_SCALE))``, the logistic curve lichess
uses for centipawns. Our scores are not centipawns (a tower is 1000, the last
tower five), so the scale is measured: the strongest level plays itself
(a node budget per move, so the games are the same on every machine) from
random set-ups and dice; each position's search score, clipped as the
review clips it, is paired with what the player to move scored in the end
(1 or 0: games drawn by the ply cap are left out, as
they measure engines that cannot finish, not positions); the scale with the least log-loss over all pairs is printed,
with the observed and fitted chances per band of scores to see the fit.
"""

from __future__ import annotations

import argparse
import math
import sys
from multiprocessing import Pool
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from militakiri.ai.arena import paired_openings, play_game  # noqa: E402
from militakiri.ai.levels import MAX_LEVEL  # noqa: E402
from militakiri.ai.review import EVAL_CLIP, clip  # noqa: E402
from militakiri.board import board_kind  # noqa: E402


def _game(job: tuple[int, int, int, str]) -> list[tuple[int, float]]:
    """(clipped score for the mover, the mover's points) for each move of one game."""
    game, nodes, seed, board = job
    kind = board_kind(board)
    setups, dice = paired_openings(kind, Random(seed * 7919 + game), 1)[0]
    seen: list[tuple[int, int]] = []
    result = play_game(kind, MAX_LEVEL, MAX_LEVEL, setups, dice, seed * 100_003 + game, seconds=None,
                       nodes=nodes, on_move=lambda position, move, info: seen.append((position.turn, info.score)))
    if result.winner is None:
        return []  # drawn by the ply cap: engines that cannot end a game, not a position's worth
    return [(clip(score), result.points(turn)) for turn, score in seen]


def log_loss(pairs: list[tuple[int, float]], scale: float) -> float:
    total = 0.0
    for score, points in pairs:
        p = min(1 - 1e-9, max(1e-9, 1 / (1 + math.exp(-score / scale))))
        total -= points * math.log(p) + (1 - points) * math.log(1 - p)
    return total / len(pairs)


def fit(pairs: list[tuple[int, float]], low: float = 50.0, high: float = 5000.0) -> float:
    """The scale with the least log-loss (golden-section search: the loss has one minimum)."""
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = high - ratio * (high - low), low + ratio * (high - low)
        if log_loss(pairs, a) < log_loss(pairs, b):
            high = b
        else:
            low = a
    return (low + high) / 2


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--nodes", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--board", default="single")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = [(game, args.nodes, args.seed, args.board) for game in range(args.games)]
    with Pool(args.jobs) as pool:
        pairs = [pair for game in pool.map(_game, jobs) for pair in game]
    scale = fit(pairs)
    print(f"games {args.games}, positions {len(pairs)}, nodes per move {args.nodes}, board {args.board}")
    print(f"{'scores':>14} {'positions':>9} {'observed':>8} {'fitted':>6}")
    bands = [-EVAL_CLIP - 1, -1000, -600, -300, -100, 100, 300, 600, 1000, EVAL_CLIP]
    for low, high in zip(bands, bands[1:]):
        inside = [(s, p) for s, p in pairs if low < s <= high]
        if inside:
            observed = sum(p for _, p in inside) / len(inside)
            fitted = sum(1 / (1 + math.exp(-s / scale)) for s, _ in inside) / len(inside)
            print(f"{low + 1:>6}..{high:>6} {len(inside):>9} {observed:>8.2f} {fitted:>6.2f}")
    print(f"log-loss {log_loss(pairs, scale):.4f} (0.6931 knows nothing)")
    print(f"WIN_SCALE = {scale:.0f}")


if __name__ == "__main__":
    main()
