"""Rate the site's puzzles on the ladder's scale: which levels find each
puzzle's first move.

    python tools/puzzle_ratings.py [--workers 2] [--puzzles web/data/puzzles.json]
                                   [--only ID,ID] [--again]

Each level of the ladder (militakiri.ai.levels) tries each puzzle's
position, by node budgets (the same on every machine): the levels that
choose at random several times, the searches with two seeds, the
strongest once (militakiri.ai.puzzles.level_tries). A puzzle is then a
player whom a level beats when it finds the first move, rated on its
board's ladder's scale (web/data/ladder-single.json or ladder-double.json,
bench/ladder.py: the levels' budgets and ratings are a board's) by the likeliest
rating (militakiri.ai.ladder.puzzle_rating). Both go into the puzzle:
``tries`` (level: [solved, tries]) and ``rating``; the tests fold the
ratings from the tries again and try a few puzzles again. A puzzle's
tries are kept from an earlier run unless ``--again`` (they depend on the
levels only; the ratings on the ladder too, and are always fitted anew).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from militakiri.ai.ladder import puzzle_rating  # noqa: E402
from militakiri.ai.puzzles import level_tries  # noqa: E402
from militakiri.position import Position  # noqa: E402
from web.model.earlier import puzzle_number  # noqa: E402
from web.model.ladder import LADDER_URLS  # noqa: E402

PUZZLES = ROOT / "web" / "data" / "puzzles.json"
LADDERS = {board: ROOT / url for board, url in LADDER_URLS.items()}  # (the files the page reads)


def seed_of(puzzle: dict) -> int:
    """The seed of ``puzzle``'s tries: its number, apart by board."""
    return puzzle_number(puzzle["id"]) + (0 if puzzle["board"] == "single" else 10_000)


def tries_of(puzzle: dict) -> dict[str, list[int]]:
    """``puzzle``'s tries by the levels, keyed by the level as text (JSON's keys)."""
    position = Position.from_string(puzzle["position"])
    found = level_tries(position, puzzle["goal"], puzzle["line"], seed_of(puzzle))
    return {str(level): found[level] for level in sorted(found)}


def rating_of(tries: dict[str, list[int]], ladder: dict) -> int:
    ratings = {row["level"]: row["rating"] for row in ladder["levels"]}
    return puzzle_rating([(ratings[int(level)], solved, tried) for level, (solved, tried) in sorted(tries.items())])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--puzzles", type=Path, default=PUZZLES)
    parser.add_argument("--only", help="rate these puzzles alone (ids, comma-separated)")
    parser.add_argument("--again", action="store_true", help="try the puzzles again even where tries are kept")
    args = parser.parse_args(argv)
    puzzles = json.loads(args.puzzles.read_text())
    chosen = [p for p in puzzles if (not args.only or p["id"] in args.only.split(","))
              and (args.again or "tries" not in p)]
    started = time.monotonic()
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.workers) as pool:
        for done, (puzzle, tries) in enumerate(zip(chosen, pool.map(tries_of, chosen, chunksize=4)), 1):
            puzzle["tries"] = tries
            if done % 50 == 0:
                print(f"[{time.monotonic() - started:5.0f} s] {done} puzzles tried", flush=True)
    ladders = {board: json.loads(path.read_text()) for board, path in LADDERS.items() if path.exists()}
    for puzzle in puzzles:
        if "tries" in puzzle and puzzle["board"] in ladders:
            puzzle["rating"] = rating_of(puzzle["tries"], ladders[puzzle["board"]])
    for board in sorted(set(LADDERS) - set(ladders)):
        print(f"{LADDERS[board]} is missing: the tries are kept, the {board} board's ratings left as they were")
    args.puzzles.write_text(json.dumps(puzzles, indent=0, separators=(",", ":")) + "\n")
    ratings = sorted(p["rating"] for p in puzzles if "tries" in p)
    if ratings:
        print(f"{len(ratings)} puzzles: ratings {ratings[0]}-{ratings[-1]}, median {ratings[len(ratings) // 2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
