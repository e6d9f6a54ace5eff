"""Whole games between levels: the arena of the command line and the benchmark."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import BoardKind, board_kind
from ..move import Move
from ..pieces import WHITE
from ..position import Position
from ..randomness import Random
from ..setup import Dice, Setup, start_position
from .levels import level_name
from .play import choose_move
from .search import SearchInfo

if TYPE_CHECKING:
    from typing import Any, Callable, Iterable

#: cap". Outside the endgame rule nothing in the rules ends a game that
#: nobody wins (no repetition draw, R23), so this guard is needed for weak
#: levels shuffling pieces; the engine itself has no cap.
ARENA_PLY_CAP = {"single": 600, "double": 1000}


class GameResult:
    """One arena game: who played, how it ended."""

    __slots__ = ("white", "black", "winner", "termination", "plies", "setups", "dice",
                 "tokens", "final")

    def __init__(self, white: int, black: int, winner: int | None, termination: str, plies: int,
                 setups: tuple[Setup, Setup], dice: Dice, tokens: Iterable[str] = (), final: str = "") -> None:
        self.white = white
        self.black = black
        self.winner = winner  # 0, 1 or None
        self.termination = termination  # 'towers', 'no-moves', 'move-rule' or 'cap'
        self.plies = plies
        self.setups = setups
        self.dice = dice
        self.tokens = list(tokens)  # the moves played
        self.final = final  # the last position string

    def points(self, color: int) -> float:
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == color else 0.0


def paired_openings(kind: BoardKind, rng: Random, games: int) -> list[tuple[tuple[Setup, Setup], Dice]]:
    """Random set-ups and dice for ``games`` games, each pair sharing them
    (the colors swap within a pair, so neither side is luckier)."""
    openings = []
    for game in range(games):
        if game % 2 == 0:
            opening = ((Setup.random(kind, rng), Setup.random(kind, rng)), Dice.roll(rng))
        openings.append(opening)
    return openings


def play_game(
    kind: BoardKind,
    white_level: int,
    black_level: int,
    setups: tuple[Setup, Setup],
    dice: Dice,
    seed: int,
    seconds: float | None = 1.0,
    cap: int | None = None,
    nodes: int | None = None,
    depth: int | None = None,
    on_move: Callable[[Position, Move, SearchInfo], object] | None = None,
) -> GameResult:
    """Play one game between two levels from two set-ups and the dice."""
    position = start_position(kind, setups[0], setups[1], dice.first)
    levels = (white_level, black_level)
    rngs = (Random(seed * 2 + 1), Random(seed * 2 + 2))
    cap = ARENA_PLY_CAP[kind.name] if cap is None else cap
    tokens: list[str] = []
    while True:
        plies = len(tokens)
        outcome = position.outcome()
        if outcome is not None:
            return GameResult(white_level, black_level, outcome.winner, outcome.termination.value,
                              plies, setups, dice, tokens, position.string())
        if plies >= cap:
            return GameResult(white_level, black_level, None, "cap", plies, setups, dice,
                              tokens, position.string())
        turn = position.turn
        info = SearchInfo()
        move = choose_move(position, levels[turn], rngs[turn], seconds,
                           depth=depth, nodes=nodes, info=info)
        if on_move is not None:
            on_move(position, move, info)
        tokens.append(move.token(kind))
        position.push(move)


def arena(
    first: int,
    second: int,
    games: int,
    board: str = "single",
    seconds: float | None = 1.0,
    seed: int = 0,
    out: Callable[[str], None] = print,
    **options: Any,
) -> float:
    """Play ``games`` games between two levels, colors swapped each game.

    Games go in pairs from the same random set-ups and dice, ``first``
    White in the even games and Black in the odd ones. Returns ``first``'s
    share of the points (a draw counts half).
    """
    kind = board_kind(board)
    cap = options.setdefault("cap", ARENA_PLY_CAP[kind.name])
    rng = Random(seed)
    tally = {0: [0, 0, 0], 1: [0, 0, 0]}  # per player: wins, draws, losses
    capped = 0
    points = 0.0
    names = (level_name(first), level_name(second))
    for game, (setups, dice) in enumerate(paired_openings(kind, rng, games)):
        first_is_white = game % 2 == 0
        white, black = (first, second) if first_is_white else (second, first)
        result = play_game(kind, white, black, setups, dice, seed * 100_003 + game,
                           seconds, **options)
        first_color = WHITE if first_is_white else 1 - WHITE
        gained = result.points(first_color)
        points += gained
        for player, color in ((0, first_color), (1, 1 - first_color)):
            share = result.points(color)
            tally[player][0 if share == 1 else 1 if share == 0.5 else 2] += 1
        capped += result.termination == "cap"
        outcome = "1/2-1/2" if result.winner is None else ("1-0" if result.winner == 0 else "0-1")
        out(
            f"game {game + 1}: White {level_name(white)} - Black {level_name(black)} "
            f"{outcome} {'by cap' if result.termination == 'cap' else result.termination} "
            f"({result.plies} plies) setups {setups[0].text()} / {setups[1].text()} dice {dice.text()}"
        )
    for player, role in ((0, "--white"), (1, "--black")):
        wins, draws, losses = tally[player]
        out(f"level {names[player]} ({role}): {wins} wins, {draws} draws, {losses} losses")
    out(f"draws by cap ({cap} plies): {capped}")
    score = points / games if games else 0.0
    out(f"score: {score:.3f}")
    return score

