"""Puzzles found in games the computer plays against itself.

A puzzle is a position from a real game where exactly one move reaches a
goal by force, with its line:

- ``"win"``: the move ends the game won (R19, R20), at once or after any
  reply and one more move (``WIN_PLIES``);
- ``"tower"``: the move wins a tower for good: whatever the reply, the
  solver's towers (on the board and waiting, R15) less the opponent's are
  at least one more than before the move (``goals.tower_balance``, the
  rule the Learn section's ``tower`` goal uses too).

"By force" is checked exactly, over every reply, not by a search's score,
so the same check proves a puzzle in the tests. The line is the move and,
for a tower, the reply that keeps the most for the opponent (the search's
choice among the replies that lose least; ties by token). A puzzle's rating
is measured by which levels of the ladder find its first move
(:func:`level_tries`; tools/puzzle_ratings.py fits it into the ladder's
scale, militakiri.ai.ladder.puzzle_rating).

>>> from militakiri.position import Position
>>> position = Position.from_string("5s^/6/6/6/6/6/6/6/2p13/6/1x^4/S^5 w 000/000 -/- - 1")
>>> find(position)   # the star tower takes the cross tower, and nothing takes it back
('tower', ['a1xb2', 'c4-c3'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import movegen
from ..board import board_kind
from ..goals import tower_balance
from ..move import Move
from ..position import Position
from ..randomness import Random
from ..setup import Dice, Setup, start_position
from .arena import play_game
from .evaluation import evaluate_all
from .levels import CASUAL, GREEDY, MAX_ARENA_NODES, MAX_LEVEL, RANDOM, SEARCH_LEVELS
from .play import choose_token

if TYPE_CHECKING:
    from typing import Iterator

#: Plies of a "win" puzzle at most: the move, any reply, the winning move.
WIN_PLIES = 3
#: The games the puzzles come from: greedy against a search of this many nodes.
PUZZLE_PLAYERS, PUZZLE_NODES = (GREEDY, MAX_LEVEL), 400
#: How many seeds each level tries a puzzle with: the levels that choose at
#: random (1 to 3) many, a search (whose random part is only the order of
#: equal moves) fewer.
TRIES = {RANDOM: 8, CASUAL: 8, GREEDY: 8}
SEARCH_TRIES = 2


def _won(position: Position, solver: int) -> bool:
    outcome = position.outcome()
    return outcome is not None and outcome.winner == solver


def wins(position: Position, move: Move, solver: int, plies: int = WIN_PLIES) -> bool:
    """Whether ``move`` wins by force within ``plies`` (every reply answered)."""
    position.push(move)
    try:
        if _won(position, solver):
            return True
        if plies < 3 or position.outcome() is not None:
            return False
        for reply in movegen.legal_moves(position):
            position.push(reply)
            try:
                if position.outcome() is not None or not any(
                        _wins_now(position, m, solver) for m in movegen.legal_moves(position)):
                    return False
            finally:
                position.pop()
        return True
    finally:
        position.pop()


def _wins_now(position: Position, move: Move, solver: int) -> bool:
    position.push(move)
    try:
        return _won(position, solver)
    finally:
        position.pop()


def keeps_a_tower(position: Position, move: Move, solver: int) -> tuple[bool, Move | None]:
    """Whether ``move`` wins a tower whatever the reply, and the reply that
    loses the opponent least (None if the game ends with the move)."""
    before = tower_balance(position, solver)
    position.push(move)
    try:
        if position.outcome() is not None:
            return tower_balance(position, solver) > before, None
        worst, best_reply = None, None
        for reply in movegen.legal_moves(position):
            position.push(reply)
            try:
                balance = tower_balance(position, solver)
                if balance <= before:
                    return False, reply
                # The reply best for the opponent: the lowest balance, then
                # the lowest score for the solver (to move after it).
                key = (balance, evaluate_all(position), reply.token(position.kind))
            finally:
                position.pop()
            if worst is None or key < worst:
                worst, best_reply = key, reply
        return True, best_reply
    finally:
        position.pop()


def find(position: Position) -> tuple[str, list[str]] | None:
    """The puzzle in ``position`` for the player to move: ``(goal, line)``,
    or None if no goal is reached by exactly one first move."""
    solver = position.turn
    kind = position.kind
    moves = movegen.legal_moves(position)
    winners = [m for m in moves if wins(position, m, solver)]
    if len(winners) == 1:
        return "win", _win_line(position, winners[0], solver)
    if winners:
        return None
    keepers = []
    for move in moves:
        ok, reply = keeps_a_tower(position, move, solver)
        if ok:
            keepers.append((move, reply))
            if len(keepers) > 1:
                return None
    if len(keepers) != 1:
        return None
    move, reply = keepers[0]
    line = [move.token(kind)]
    if reply is not None:
        position.push(move)
        line.append(reply.token(kind))
        position.pop()
    return "tower", line


def _win_line(position: Position, move: Move, solver: int) -> list[str]:
    kind = position.kind
    line = [move.token(kind)]
    position.push(move)
    try:
        if _won(position, solver):
            return line
        # The reply that holds out: the first by token; then the winning move.
        reply = min(movegen.legal_moves(position), key=lambda m: m.token(kind))
        line.append(reply.token(kind))
        position.push(reply)
        try:
            final = next(m for m in sorted(movegen.legal_moves(position), key=lambda m: m.token(kind))
                         if _wins_now(position, m, solver))
            line.append(final.token(kind))
        finally:
            position.pop()
        return line
    finally:
        position.pop()


def solves(position: Position, goal: str, line: list[str], token: str) -> bool:
    """Whether ``token`` solves the puzzle's first move: the line's, or, for a
    ``win`` puzzle, any move that wins at once (as the page accepts it)."""
    if token == line[0]:
        return True
    if goal != "win":
        return False
    after = position.copy().play(token)
    return _won(after, position.turn)


def level_solved(position: Position, goal: str, line: list[str], level: int, seed: int) -> list[int]:
    """One level's [first moves solved, tries] on the puzzle (node budgets,
    never the clock; the strongest at MAX_ARENA_NODES, as in the ladder)."""
    tries = TRIES.get(level, SEARCH_TRIES if level != MAX_LEVEL else 1)
    nodes = MAX_ARENA_NODES[position.kind.name] if level == MAX_LEVEL else None
    solved = sum(solves(position, goal, line, choose_token(position, level, Random(seed * 100 + attempt),
                                                            seconds=None, nodes=nodes))
                 for attempt in range(tries))
    return [solved, tries]


def level_tries(position: Position, goal: str, line: list[str], seed: int) -> dict[int, list[int]]:
    """Every level's [first moves solved, tries] on the puzzle."""
    return {level: level_solved(position, goal, line, level, seed)
            for level in sorted(TRIES) + list(SEARCH_LEVELS) + [MAX_LEVEL]}


def puzzles_from_games(board: str, seed: int, games: int, skip_plies: int = 8,
                       seen: set[str] | None = None) -> Iterator[dict[str, object]]:
    """Puzzles from ``games`` games between PUZZLE_PLAYERS (reproducible from
    ``seed``; node budgets, never the clock), each position looked at once:
    ``seen`` holds the positions (Position.string) already looked at, and
    grows with the ones these games pass."""
    rng = Random(seed)
    seen = set() if seen is None else seen
    kind = board_kind(board)
    for game_index in range(games):
        setups = (Setup.random(kind, rng), Setup.random(kind, rng))
        dice = Dice.roll(rng)
        white, black = PUZZLE_PLAYERS if game_index % 2 == 0 else PUZZLE_PLAYERS[::-1]
        result = play_game(kind, white, black, setups, dice, seed * 1000 + game_index,
                           seconds=None, nodes=PUZZLE_NODES, cap=300)
        position = start_position(kind, setups[0], setups[1], dice.first)
        for ply, token in enumerate(result.tokens):
            if ply >= skip_plies:
                text = position.string()
                if text not in seen:
                    seen.add(text)
                    found = find(position)
                    if found is not None:
                        goal, line = found
                        yield {"board": board, "position": text, "line": line, "goal": goal,
                               "game": game_index, "ply": ply}
            position.play(token)
