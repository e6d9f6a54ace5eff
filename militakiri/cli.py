"""The command line: ``python -m militakiri SUBCOMMAND``.

A thin shell over the engine. Every refusal is one line on stderr and exit
status 2, the same status argparse uses for a malformed command. A position
or record on the earlier 8-rank board (R1) is read and played on that
board; a note on stderr says so.
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import NoReturn, Sequence

# The search costs about 0.4 ms to import from bytecode (7-11 ms from
# source); the command line is never loaded in the browser, so no lazy import.
from .ai.arena import arena
from .ai.levels import parse_level
from .board import ROWS, BoardKind, board_kind
from .bounded import excerpt, read_int, shorten
from .errors import MilitakiriError
from .messages import Text, text
from .game import Game
from .perft import perft
from .pieces import BLACK, WHITE
from .position import Position
from .setup import Setup, start_position

USAGE_ERROR = 2
#: The deepest perft asked for (depth 6 already takes minutes).
MAX_DEPTH = 12


class _Parser(argparse.ArgumentParser):
    """argparse that refuses in one line (no usage block), quoting excerpts."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, shorten(f"{self.prog}: {message}", 300) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; every bad input is exit status 2 and one line on stderr."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except (MilitakiriError, OSError) as error:
        problem = str(error)
    except UnicodeDecodeError:
        problem = f"{excerpt(args.file)} is not UTF-8 text"
    except ValueError:  # a file name with a NUL byte
        problem = f"{excerpt(args.file)} is not a file name"
    print(shorten(f"militakiri {args.command}: {problem}", 300), file=sys.stderr)
    return USAGE_ERROR


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m militakiri", description="The Militakiri rules engine.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    start = sub.add_parser("start", help="print the start position of two set-ups")
    start.add_argument("--board", choices=("single", "double"), default="single")
    start.add_argument("--white", required=True, metavar="SETUP", help='e.g. "Sc Xd Pb"')
    start.add_argument("--black", required=True, metavar="SETUP", help='e.g. "Sa Xb Pf"')
    start.add_argument(
        "--first",
        choices=("white", "black"),
        default="white",
        help="who moves first (default white; in a game the dice decide, R6)",
    )
    start.set_defaults(run=_start)

    legal = sub.add_parser("legal", help="print every legal move token, sorted")
    legal.add_argument("position")
    legal.set_defaults(run=_legal)

    play = sub.add_parser("play", help="print the position after the tokens")
    play.add_argument("position")
    play.add_argument("tokens", nargs="*", metavar="TOKEN")
    play.set_defaults(run=_play)

    count = sub.add_parser("perft", help="print the number of leaves at a depth")
    count.add_argument("position")
    count.add_argument("depth", type=_depth)
    count.set_defaults(run=_perft)

    outcome = sub.add_parser("outcome", help="print * or RESULT TERMINATION")
    outcome.add_argument("position")
    outcome.set_defaults(run=_outcome)

    replay = sub.add_parser("replay", help="check a game record (FILE or - for stdin)")
    replay.add_argument("file")
    replay.set_defaults(run=_replay)

    arena = sub.add_parser("arena", help="play computer levels against each other")
    arena.add_argument("--white", required=True, metavar="LEVEL",
                       help="1 (weakest) up, 2 greedy, or max; White in the odd games")
    arena.add_argument("--black", required=True, metavar="LEVEL", help="the other level")
    arena.add_argument("--games", required=True, metavar="N")
    arena.add_argument("--board", default="single", metavar="single|double")
    arena.add_argument("--seconds", default="1.0", metavar="S", help="per move (default 1)")
    arena.add_argument("--seed", default="0", metavar="K")
    arena.set_defaults(run=_arena)
    return parser


def _depth(written: str) -> int:
    try:
        return read_int(written, text("cli_depth"), 0, MAX_DEPTH)
    except MilitakiriError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _start(args: argparse.Namespace) -> int:
    kind = board_kind(args.board)
    white = Setup.parse(args.white, kind)
    black = Setup.parse(args.black, kind)
    first = WHITE if args.first == "white" else BLACK
    print(start_position(kind, white, black, first).string())
    return 0


def _done(kind: BoardKind, command: str) -> int:
    """Exit status 0, after a note on stderr if the game is on the earlier
    8-rank board (R1), lest anyone take it for the official board; written
    only once the command has succeeded, so that a refusal stays one line."""
    if kind.earlier:
        print(f"militakiri {command}: note: this game is on the {kind.title} "
              f"that came before the official {ROWS} ranks (R1)", file=sys.stderr)
    return 0


def _legal(args: argparse.Namespace) -> int:
    position = Position.from_string(args.position)
    for token in position.legal_moves():
        print(token)
    return _done(position.kind, args.command)


def _play(args: argparse.Namespace) -> int:
    position = Position.from_string(args.position)
    for token in args.tokens:
        position.play(token)
    print(position.string())
    outcome = position.outcome()
    if outcome is not None:
        print(outcome)
    return _done(position.kind, args.command)


def _perft(args: argparse.Namespace) -> int:
    position = Position.from_string(args.position)
    print(perft(position, args.depth))
    return _done(position.kind, args.command)


def _outcome(args: argparse.Namespace) -> int:
    position = Position.from_string(args.position)
    outcome = position.outcome()
    print(outcome if outcome is not None else "*")
    return _done(position.kind, args.command)


def _replay(args: argparse.Namespace) -> int:
    if args.file == "-":
        text = sys.stdin.read()
    else:
        with open(args.file, encoding="utf-8") as handle:
            text = handle.read()
    game = Game.from_record(text)
    print(game.position.string())
    outcome = game.outcome()
    print(outcome if outcome is not None else "*")
    return _done(game.kind, args.command)


def _arena(args: argparse.Namespace) -> int:
    first, second = parse_level(args.white), parse_level(args.black)
    board_kind(args.board)
    games = _whole(args.games, "--games", text("cli_games"))
    seconds = _positive(args.seconds, "--seconds", text("cli_seconds"))
    seed = _whole(args.seed, "--seed", text("cli_seed"), positive=False)
    arena(first, second, games, args.board, seconds, seed,
             out=lambda line: print(line, flush=True))
    return 0


def _whole(written: str, option: str, what: Text, positive: bool = True) -> int:
    """ASCII digits, bounded (int() takes '٣' and any length)."""
    try:
        return read_int(written.strip(), what, 1 if positive else 0, 10**18)
    except MilitakiriError:
        raise MilitakiriError(text("cli_option", option=option, value=excerpt(written), what=what)) from None


def _positive(written: str, option: str, what: Text) -> float:
    """A finite number above 0."""
    try:
        value = float(written)
    except ValueError:
        value = math.nan
    if value != value or value in (math.inf, -math.inf) or value <= 0:
        raise MilitakiriError(text("cli_option", option=option, value=excerpt(written), what=what))
    return value
