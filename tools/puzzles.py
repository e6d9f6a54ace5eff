"""Generate the site's puzzles: positions from games between computer levels
where exactly one move reaches a goal by force (militakiri/ai/puzzles.py).

    python tools/puzzles.py [--seed 1] [--single 300] [--double 100]
                            [--out web/data/puzzles.json]
    python tools/puzzles.py --add --seed 2 [--single N] [--double N]

Reproducible: the same seed gives the same file (the games use node
budgets, never the clock). Each puzzle: ``id`` (web.model.earlier.puzzle_id), ``board``, ``position``
(the solver to move), ``line`` (the solver's moves and the forced replies,
alternating), ``goal`` (``win`` or ``tower``), and where it came from
(``game``, ``ply``); ``python tools/puzzle_ratings.py`` then adds each one's
``tries`` by the levels and its ``rating``.

``--add`` keeps the file's puzzles and their ids (players' progress and
links name them) and adds harder ones after each board's last: only those
that neither greedy nor the first search level finds in any of its tries
(the tries the ratings take, with the same seeds). The games' puzzles are
mostly a take greedy sees at once, so a file made of them alone is rated
below the ladder's middle; a player's puzzles follow their rating, and a
strong player needs puzzles above it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from militakiri.ai.levels import GREEDY, SEARCH_LEVELS  # noqa: E402
from militakiri.ai.puzzles import level_solved, puzzles_from_games  # noqa: E402
from militakiri.position import Position  # noqa: E402
from tools.puzzle_ratings import seed_of  # noqa: E402
from web.model.earlier import puzzle_id, puzzle_number  # noqa: E402

OUT = ROOT / "web" / "data" / "puzzles.json"
#: The levels an added puzzle must beat in every try.
MISSED_BY = (GREEDY, SEARCH_LEVELS[0])


def missed(puzzle: dict) -> bool:
    """Whether every try of the MISSED_BY levels misses ``puzzle``'s first move."""
    position = Position.from_string(puzzle["position"])
    return all(level_solved(position, puzzle["goal"], puzzle["line"], level, seed_of(puzzle))[0] == 0
               for level in MISSED_BY)


def generate(board: str, count: int, seed: int, log, first: int = 1,
             seen: set[str] | None = None, harder: bool = False) -> list[dict]:
    """``count`` puzzles of ``board`` numbered from ``first``; with ``harder``
    only those the MISSED_BY levels miss."""
    found: list[dict] = []
    batch = 0
    while len(found) < count:
        for puzzle in puzzles_from_games(board, seed * 7919 + batch, games=10, seen=seen):
            puzzle = {"id": puzzle_id(board, first + len(found)), **puzzle}
            if harder and not missed(puzzle):
                continue
            found.append(puzzle)
            if len(found) == count:
                break
        batch += 1
        log(f"{board}: {len(found)} puzzles after {batch * 10} games")
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--single", type=int, default=None, help="how many (300, or 0 with --add)")
    parser.add_argument("--double", type=int, default=None, help="how many (100, or 0 with --add)")
    parser.add_argument("--add", action="store_true", help="add harder puzzles to the file's own")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    started = time.monotonic()
    log = lambda line: print(f"[{time.monotonic() - started:6.0f} s] {line}", flush=True)  # noqa: E731
    kept = json.loads(args.out.read_text()) if args.add else []
    seen = {puzzle["position"] for puzzle in kept}
    counts = {"single": args.single, "double": args.double}
    puzzles = []
    for board, default in (("single", 300), ("double", 100)):
        own = [puzzle for puzzle in kept if puzzle["board"] == board]
        last = max((puzzle_number(puzzle["id"]) for puzzle in own), default=0)
        count = counts[board] if counts[board] is not None else (0 if args.add else default)
        puzzles += own + generate(board, count, args.seed, log, first=last + 1, seen=seen, harder=args.add)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(puzzles, indent=0, separators=(",", ":")) + "\n")
    log(f"{len(puzzles)} puzzles written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
