"""Generate the site's puzzles: positions from games between computer levels
where exactly one move reaches a goal by force (militakiri/ai/puzzles.py).

    python tools/puzzles.py [--seed 1] [--single 300] [--double 100]
                            [--out web/data/puzzles.json]

Reproducible: the same seed gives the same file (the games use node
budgets, never the clock). Each puzzle: ``id`` (web.model.earlier.puzzle_id), ``board``, ``position``
(the solver to move), ``line`` (the solver's moves and the forced replies,
alternating), ``goal`` (``win`` or ``tower``), and where it came from
(``game``, ``ply``); ``python tools/puzzle_ratings.py`` then adds each one's
``tries`` by the levels and its ``rating``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from militakiri.ai.puzzles import puzzles_from_games  # noqa: E402
from web.model.earlier import puzzle_id  # noqa: E402

OUT = ROOT / "web" / "data" / "puzzles.json"


def generate(board: str, count: int, seed: int, log) -> list[dict]:
    found: list[dict] = []
    batch = 0
    while len(found) < count:
        for puzzle in puzzles_from_games(board, seed * 7919 + batch, games=10):
            found.append(puzzle)
            if len(found) == count:
                break
        batch += 1
        log(f"{board}: {len(found)} puzzles after {batch * 10} games")
    return [{"id": puzzle_id(board, i + 1), **puzzle} for i, puzzle in enumerate(found)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--single", type=int, default=300)
    parser.add_argument("--double", type=int, default=100)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    started = time.monotonic()
    log = lambda line: print(f"[{time.monotonic() - started:6.0f} s] {line}", flush=True)  # noqa: E731
    puzzles = generate("single", args.single, args.seed, log) + generate("double", args.double, args.seed, log)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(puzzles, indent=0, separators=(",", ":")) + "\n")
    log(f"{len(puzzles)} puzzles written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
