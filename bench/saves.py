"""The page's start with many long saved games: it must not grow with what
is saved (web/services/autosave.py lists the saves from their ``about``,
without replaying a move; only the game opened is read whole).

Measured in this one run, in CPython, the best of a few runs each:

- baseline: a tab's start with its own save alone, a game of 2,000 moves
  (``Autosaver.load``: that game read whole, as the page opens it);
- with 40 saves: the same start with 39 other saved games of 2,000 moves
  beside it, listed under Saved games;
- and, for scale, what the start cost when every save was read whole
  (each other save restored, as ``Autosaver.describe`` does for a save
  from before ``about``).

    python bench/saves.py [--games 40] [--moves 2000]

Last line: ``start_ratio_40_saves_vs_1: X`` (goal X <= 1.5).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from militakiri import Game  # noqa: E402
from tests.engine.positions import quiet_game  # noqa: E402 (a game nothing ends, as the tests make)
from web.services.autosave import SAVE_KEY, Autosaver, restore, snapshot  # noqa: E402
from web.services.storage import MemoryStorage, SafeStorage  # noqa: E402

WALL = 1_800_000_000.0
OWN_SLOT = "own0000000"


def storage_with(game: Game, games: int) -> SafeStorage:
    """This tab's save of ``game`` (the newest) and ``games - 1`` others like it."""
    backend = MemoryStorage()
    for number in range(games):
        game.players = game.players.replace(white=f"Player {number}")
        slot = OWN_SLOT if number == 0 else f"other{number:05d}"
        backend.items[f"{SAVE_KEY}.{slot}"] = snapshot(game, now=0, wall=WALL - number)
    return SafeStorage(backend)


def best_time(function, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def start(storage: SafeStorage, games: int) -> None:
    saver = Autosaver(storage, SAVE_KEY, OWN_SLOT)
    opened = saver.load(WALL)
    assert opened is not None and opened.key == f"{SAVE_KEY}.{OWN_SLOT}"
    saver.adopt(opened)  # as the page opens it
    assert len(saver.others) == games - 1 and not saver.broken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    game = quiet_game(args.moves)
    alone, many = storage_with(game, 1), storage_with(game, args.games)
    baseline = best_time(lambda: start(alone, 1), args.repeats)
    measured = best_time(lambda: start(many, args.games), args.repeats)
    texts = [many.get(key) for key in many.keys()]
    whole = best_time(lambda: [restore(text, wall_now=WALL) for text in texts], 1)
    print(f"saves: {args.games} games of {args.moves} moves, {sum(map(len, texts)):,} characters")
    print(f"start_with_own_save_alone_s: {baseline:.4f}")
    print(f"start_with_{args.games}_saves_s: {measured:.4f}")
    print(f"every_save_read_whole_s: {whole:.4f}  (what the start cost before the list was read lazily)")
    print(f"start_ratio_{args.games}_saves_vs_1: {measured / baseline:.2f}")


if __name__ == "__main__":
    main()
