"""The ladder of computer levels, measured: each level against the next one up.

    python bench/ladder.py [--board single] [--games 100] [--top-games 20] [--top-from 8]
                           [--workers 2] [--pairs 1-2,2-3,...] [--more] [--seed 0]
                           [--out web/data/ladder-single.json, or ladder-double.json]
                           [--slowest FILE]

Every level plays the next one up (militakiri.ai.levels) on ``--board``,
``--games`` games a pair (``--top-games`` for the pairs whose upper level
is ``--top-from`` or stronger, whose games are long), from random set-ups and dice,
the colours swapped in each pair of games that share them
(militakiri.ai.arena). The search levels play by their node budgets and
the strongest by ``MAX_ARENA_NODES`` (each board its own), so the games are the same on every
machine and the figures do not depend on its load. A game the arena's
ply cap ends is a draw.

It prints each pair's result and each level's rating with its error
(militakiri.ai.ladder), and writes them, with the command, into ``--out``:
the table the page shows and the tests check (``--pairs`` plays only
those, keeps the other pairs already in the file, and adds its command to
the file's). ``--more`` adds games to the pairs in the file: a pair that
has played 20 plays its games 21 to ``--games`` (or ``--top-games``), the
very games a longer run would have played after the first 20 (the
openings and each game's seed follow the game's number, and the levels
play by node budgets), so the file holds what one run of them all gives.

``--slowest FILE`` also writes, for each level, the position of its slowest
move in each game it played (the time this machine's CPython took, and the
positions since the last take that the search was told): what
bench/phone_moves.py asks the page's workers again, to learn whether each
level answers within its time on a phone.
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

from militakiri.ai.arena import paired_openings, play_game  # noqa: E402
from militakiri.ai.ladder import ladder_ratings  # noqa: E402
from militakiri.ai.levels import EARLIER_POSITIONS, LEVELS, MAX_ARENA_NODES, MAX_LEVEL, SEARCH_NODES  # noqa: E402
from militakiri.board import board_kind  # noqa: E402
from militakiri.pieces import WHITE  # noqa: E402
from militakiri.position import Position  # noqa: E402
from militakiri.randomness import Random  # noqa: E402
from militakiri.setup import Dice, Setup  # noqa: E402
from web.model.ladder import LADDER_URLS  # noqa: E402

#: Where each board's table goes: the file the page reads.
OUT = {board: ROOT / url for board, url in LADDER_URLS.items()}


def one_game(job: tuple) -> tuple[int, int, float, int, str, list[dict]]:
    """One game of a pair: (lower, upper, the upper level's points, plies,
    how it ended, each side's slowest move)."""
    board, lower, upper, game, (white_setup, black_setup, dice), seed = job
    kind = board_kind(board)  # (set-ups go to the worker processes as text: a board is compared by identity)
    setups = (Setup.parse(white_setup, kind), Setup.parse(black_setup, kind))
    upper_is_white = game % 2 == 0
    white, black = (upper, lower) if upper_is_white else (lower, upper)
    nodes = MAX_ARENA_NODES[board] if MAX_LEVEL in (white, black) else None
    slowest: list[dict] = [{"level": white, "seconds": -1.0}, {"level": black, "seconds": -1.0}]
    asked = [time.perf_counter()]  # when the side to move was asked (the last move's end)

    def timed(position: Position, move: object, info: object) -> None:
        seconds = time.perf_counter() - asked[0]
        side = slowest[position.turn]
        if seconds > side["seconds"]:
            side.update(seconds=seconds, position=position.string(),
                        earlier=[before.string() for before in position.since_last_take(EARLIER_POSITIONS)])
        asked[0] = time.perf_counter()

    result = play_game(kind, white, black, setups, Dice.parse(dice), seed, seconds=None, nodes=nodes,
                       on_move=timed)
    points = result.points(WHITE if upper_is_white else 1 - WHITE)
    return lower, upper, points, result.plies, result.termination, [side for side in slowest if "position" in side]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--board", choices=sorted(OUT), default="single")
    parser.add_argument("--top-games", type=int, default=20)
    parser.add_argument("--top-from", type=int, default=MAX_LEVEL,
                        help="the pairs whose upper level is this one or stronger play --top-games")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pairs", help="e.g. 1-2,2-3 (default: every pair)")
    parser.add_argument("--more", action="store_true",
                        help="play the pairs' games after those the file has, up to --games, and add them")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="default: the board's table (OUT)")
    parser.add_argument("--slowest", help="write each level's slowest move of each game here (JSON)")
    args = parser.parse_args(argv)
    every = [(level, level + 1) for level in sorted(LEVELS) if level + 1 in LEVELS]
    pairs = every if not args.pairs else [tuple(int(x) for x in p.split("-")) for p in args.pairs.split(",")]
    kind = board_kind(args.board)
    out = Path(args.out) if args.out else OUT[args.board]
    before = json.loads(out.read_text()) if (args.pairs or args.more) and out.exists() else {}
    tally = {pair: {"lower": pair[0], "upper": pair[1], "wins": 0, "draws": 0, "losses": 0, "capped": 0,
                    "plies": 0} for pair in pairs}
    if args.more:
        budgets = {str(level): nodes for level, nodes in sorted(SEARCH_NODES[args.board].items())}
        if before.get("search_nodes") != budgets or before.get("max_arena_nodes") != MAX_ARENA_NODES[args.board] \
                or any("--seed" in command for command in before.get("commands", [])) != (args.seed != 0):
            parser.error(f"--more: {out}'s games were played with other budgets or another seed")
        for row in before["pairs"]:
            if (row["lower"], row["upper"]) in tally:
                tally[(row["lower"], row["upper"])] = dict(row)
    jobs = []
    for lower, upper in pairs:
        games = args.top_games if upper >= args.top_from else args.games
        row = tally[(lower, upper)]
        first = row["wins"] + row["draws"] + row["losses"]  # (0 unless --more)
        openings = paired_openings(kind, Random(args.seed * 1000 + lower), games)
        jobs += [(args.board, lower, upper, game, (setups[0].text(), setups[1].text(), dice.text()),
                  args.seed * 100_003 + lower * 1000 + game)
                 for game, (setups, dice) in enumerate(openings) if game >= first]
    started = time.monotonic()
    slowest: dict[int, list[dict]] = {}
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.workers) as pool:
        for lower, upper, points, plies, termination, moves in pool.map(one_game, jobs):
            for move in moves:
                slowest.setdefault(move.pop("level"), []).append(move)
            row = tally[(lower, upper)]
            row["wins" if points == 1 else "draws" if points == 0.5 else "losses"] += 1
            row["capped"] += termination == "cap"
            row["plies"] += plies
            print(f"{lower}-{upper}: {points} ({plies} plies, {termination})", flush=True)
    kept = before.get("pairs", [])
    command = "python bench/ladder.py " + " ".join(argv if argv is not None else sys.argv[1:])
    # The commands whose games the file holds: the earlier ones too, when only some pairs were played again.
    commands = before.get("commands", [before["command"]] if "command" in before else []) + [command]
    played = {(row["lower"], row["upper"]) for row in tally.values()}
    rows = sorted([row for row in kept if (row["lower"], row["upper"]) not in played] + list(tally.values()),
                  key=lambda row: row["lower"])
    table = ladder_ratings(rows)
    for row in rows:
        games = row["wins"] + row["draws"] + row["losses"]
        print(f"level {row['upper']} against {row['lower']}: +{row['wins']} ={row['draws']} -{row['losses']} "
              f"({games} games, {row['capped']} capped, {row['plies'] / games:.0f} plies a game)")
    for level in table:
        bound = " (at least: it won every game)" if level["bounded"] else ""
        print(f"level {level['level']} ({LEVELS[level['level']]}): {level['rating']} ± {level['error']}{bound}")
    out.write_text(json.dumps({
        "board": args.board,
        "commands": commands,
        "search_nodes": {str(level): nodes for level, nodes in sorted(SEARCH_NODES[args.board].items())},
        "max_arena_nodes": MAX_ARENA_NODES[args.board],
        "pairs": rows,
        "levels": table,
    }, indent=1) + "\n")
    if args.slowest:
        Path(args.slowest).write_text(json.dumps({
            "board": args.board, "command": command,
            "levels": {str(level): sorted(moves, key=lambda move: -move["seconds"])
                       for level, moves in sorted(slowest.items())},
        }, indent=1) + "\n")
        print(f"written {args.slowest}")
    print(f"written {out} in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
