"""What each level plays: the moves and set-ups the page and the command
line ask for (position strings in, tokens out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import movegen
from ..board import BoardKind, board_kind
from ..move import Move
from ..position import Position
from ..randomness import Random
from ..setup import Setup, start_position
from . import review
from .evaluation import en_prise, evaluate_all, outcome_score
from .levels import CASUAL, EARLIER_POSITIONS, GREEDY, MAX_LEVEL, RANDOM, parse_level, search_nodes
from .search import SearchInfo, Searcher, candidate_turns, game_over, now, search

if TYPE_CHECKING:
    from typing import Any, Callable, Iterable

#: The share of the casual level's moves that are the greedy level's (the
#: rest are the random level's), on each board: what puts it about half way
#: between the two on that board's ladder (docs/ladder.md, with the shares
#: tried).
CASUAL_GREEDY_SHARE = {"single": 0.25, "double": 0.4}
#: Whether level 1 also keeps its pawns and ranks from being taken where it
#: can, on each board (its towers it keeps on both): on the double board,
#: where random moves lose by more, a level 1 that left them to be taken
#: was nearly 600 points below greedy, too far for the one level between
#: (docs/ladder.md).
KEEPS_EVERY_PIECE = {"single": False, "double": True}


def _random_move(position: Position, moves: list[Move], rng: Random) -> Move:
    """Level 1 (and most of level 2's moves): random, but it wins when it
    can and does not blunder towers (on the double board, nor other pieces
    where another move keeps them); any other move as likely as the next."""
    me = position.turn
    every_piece = KEEPS_EVERY_PIECE[position.kind.name]
    towers_before = en_prise(position, me)
    pieces_before = en_prise(position, me, towers_only=False) if every_piece else 0
    wins: list[Move] = []
    safe: list[Move] = []
    careful: list[Move] = []  # safe, and no more pieces to be taken than before (double board)
    for move in moves:
        position.push(move)
        try:
            if position.towers[1 - me] == 0:
                wins.append(move)
                continue
            exposed = en_prise(position, me)
            if exposed and position.towers[me] == 1:
                continue  # the last tower could be taken: a losing move
            if not exposed or exposed < towers_before:
                safe.append(move)
                if every_piece:
                    hanging = en_prise(position, me, towers_only=False)
                    if not hanging or hanging < pieces_before:
                        careful.append(move)
        finally:
            position.pop()
    if wins:
        return rng.choice(wins)
    if careful:
        return rng.choice(careful)
    if safe:
        return rng.choice(safe)
    return rng.choice(moves)


def _greedy_move(position: Position, moves: list[Move], rng: Random) -> Move:
    """Level 3 (and some of level 2's moves): the best static evaluation after one move; ties at random."""
    rng.shuffle(moves)
    best, best_score = moves[0], None
    for move in moves:
        score = _after(position, move)
        if best_score is None or score > best_score:
            best, best_score = move, score
    return best


# The API ----------------------------------------------------------------------


def _as_rng(rng: Random | int | str | None) -> Random:
    """A generator (:class:`militakiri.randomness.Random`, the same numbers
    in every interpreter): the one given, or one seeded with the int or
    string (None: 0). Any object with ``random``, ``choice`` and
    ``shuffle`` is taken as a generator."""
    if rng is None:
        return Random(0)
    if isinstance(rng, (int, str)):
        return Random(rng)
    return rng


def _as_position(position: Position | str) -> Position:
    return Position.from_string(position) if isinstance(position, str) else position.copy()


def choose_move(
    position: Position | str,
    level: int | str = MAX_LEVEL,
    rng: Random | int | None = None,
    seconds: float | None = 1.0,
    depth: int | None = None,
    nodes: int | None = None,
    clock: Callable[[], float] = now,
    info: SearchInfo | None = None,
    earlier: Iterable[str] | None = None,
) -> Move:
    """The move ``level`` plays in ``position`` (a copy is searched).

    ``seconds`` is the time budget of the search levels; ``depth`` and
    ``nodes`` bound the search too and, with ``seconds=None``, make it
    reproducible. Pass ``info`` (a :class:`SearchInfo`) to learn the depth,
    nodes and score of a search level. The search levels steer clear of
    positions the game has been in (a cycle decides nothing): ``earlier``
    names them as position strings, or by default the moves ``position``
    was played with do (:meth:`~militakiri.position.Position.since_last_take`,
    at most EARLIER_POSITIONS of them).
    """
    level = parse_level(level)
    rng = _as_rng(rng)
    played = position  # (the copy searched has no moves: these are its memory)
    position = _as_position(position)
    moves = candidate_turns(position)
    if not moves:
        raise game_over(position)
    if level == CASUAL:  # a coin decides whether it plays like the level below or the one above
        level = GREEDY if rng.random() < CASUAL_GREEDY_SHARE[position.kind.name] else RANDOM
    if level == RANDOM:
        return _random_move(position, moves, rng)
    if level == GREEDY:
        return _greedy_move(position, moves, rng)
    budget = search_nodes(level, position.kind.name)
    if budget is not None:  # the level's node budget on this board; ``seconds`` still caps a slow machine
        nodes = budget if nodes is None else min(nodes, budget)
    rng.shuffle(moves)
    if earlier is not None:
        been = [Position.from_string(text) for text in earlier]
    elif isinstance(played, Position):
        been = played.since_last_take(EARLIER_POSITIONS)
    else:
        been = []
    deadline = None if seconds is None else clock() + seconds
    searcher = Searcher(position, deadline, nodes, clock, been)
    found = searcher.run(moves, depth, seconds, info)
    assert found.move is not None  # a search always has a move (moves[0] at least)
    return found.move


def choose_token(
    position: Position | str,
    level: int | str = MAX_LEVEL,
    rng: Random | int | None = None,
    seconds: float | None = 1.0,
    **options: Any,
) -> str:
    """:func:`choose_move` as a move token: position string in, token out."""
    if isinstance(position, str):
        position = Position.from_string(position)
    # (choose_move searches a copy; the moves that led here are its memory.)
    return choose_move(position, level, rng, seconds, **options).token(position.kind)


def hint(position: Position | str, seconds: float | None = 1.0, **options: Any) -> str:
    """The strongest level's move for the player to move, as a token."""
    return choose_token(position, MAX_LEVEL, Random(0), seconds, **options)


def analyse(
    position: Position | str,
    seconds: float | None = None,
    depth: int | None = None,
    nodes: int | None = None,
    seed: int | None = None,
) -> dict[str, object]:
    """A JSON-ready search report: token, score, depth, nodes, seconds, pv.

    The defaults (no ``seconds``) need a ``depth`` or ``nodes`` bound.
    """
    if seconds is None and depth is None and nodes is None:
        seconds = 1.0
    rng = Random(seed) if seed is not None else None
    return search(_as_position(position), seconds, depth, nodes, rng).as_dict()


# Reviews ----------------------------------------------------------------------


def analyse_position(position: Position, seconds: float | None = 0.3,
                     depth: int | None = None) -> tuple[str | None, int]:
    """The review's question (militakiri.ai.review): the best move and the
    score for the player to move, clipped; an ended game has no move and
    the rules' score (the engine's outcome)."""
    outcome = position.outcome()
    if outcome is not None:
        return None, review.clip(outcome_score(outcome, position.turn, 0))
    found = search(position.copy(), seconds, depth)
    return found.token, review.clip(found.score)


def review_game(game: review.Played, seconds: float | None = None, depth: int | None = 3) -> list[review.MoveReview]:
    """Every move of ``game`` judged (a depth makes it the same everywhere).

    >>> from militakiri.game import Game
    >>> game = Game.from_position("5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1")
    >>> game.play("a1-a2")
    >>> [(r.token, r.best, r.mark) for r in review_game(game, depth=2)]
    [('a1-a2', 'a1xb2', 'blunder')]
    """
    position = game.start.copy()
    scores = [analyse_position(position, seconds, depth)]
    for token in game.tokens:
        position.play(token)
        scores.append(analyse_position(position, seconds, depth))
    return review.judge(game, scores)


# Set-ups ----------------------------------------------------------------------


def choose_setup(
    kind: BoardKind | str,
    level: int | str = MAX_LEVEL,
    rng: Random | int | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] = now,
) -> Setup:
    """A set-up (R4, R5) for ``level``.

    Level 1 takes a random one. The others draw candidates at random and
    keep the one that does best against a few random enemy set-ups, each
    with either side to move first: levels 2 and 3 by the best static evaluation
    one move ahead, the search levels by a short search (two plies and the
    takes on the single board, one on the double), which punishes towers
    left on open lines the enemy's towers can reach.

    ``seconds`` bounds the judging: candidates are judged one after the
    other, the next only if it can be judged in the time left (as long as
    the last one took: a candidate is several searches, a third of a second
    in a phone's MicroPython, a second on the double board, and the player
    waits for the set-up), and the best judged so far is kept. A candidate
    whose judging the time cuts short is not compared, but the first is
    kept all the same. None judges them all: the same set-up everywhere.
    """
    kind = board_kind(kind) if isinstance(kind, str) else kind
    level = parse_level(level)
    rng = _as_rng(rng)
    if level == RANDOM:
        return Setup.random(kind, rng)
    deadline = None if seconds is None else clock() + seconds
    single = kind.files <= 6
    candidates = _distinct_setups(kind, rng, 8 if single else 6)
    enemies = _distinct_setups(kind, rng, 3 if single else 2)
    best, best_score = None, None
    for setup in candidates:
        began = clock()
        total = _judged(setup, enemies, level, deadline, clock)
        if total is None:  # the time ran out while it was judged
            if best is None:
                best = setup  # the first is kept all the same
            break
        if best_score is None or total > best_score:
            best, best_score = setup, total
        now = clock()
        if deadline is not None and now + (now - began) >= deadline:  # the next would end past it
            break
    assert best is not None  # there is always a candidate
    return best


def _judged(setup: Setup, enemies: list[Setup], level: int, deadline: float | None,
            clock: Callable[[], float]) -> int | None:
    """How well ``setup`` does against ``enemies``, either side first (see
    :func:`choose_setup`); None if ``deadline`` passed before it was judged whole."""
    kind = setup.kind
    total = 0
    for enemy in enemies:
        for first in (0, 1):
            if deadline is not None and clock() >= deadline:
                return None
            position = start_position(kind, setup, enemy, first)
            moves = movegen.legal_moves(position)
            if level in (CASUAL, GREEDY):
                score = max(_after(position, move) for move in moves)
            else:  # (a search the deadline stops is caught below)
                searcher = Searcher(position, deadline, None, clock)
                score = searcher.run(moves, max_depth=2 if kind.files <= 6 else 1).score
            total += score if first == 0 else -score
    if deadline is not None and clock() >= deadline:
        return None
    return total


def _after(position: Position, move: Move) -> int:
    """The greedy score of ``move``: the evaluation after it, for the mover."""
    position.push(move)
    try:
        return -evaluate_all(position, hanging=True)
    finally:
        position.pop()


def _distinct_setups(kind: BoardKind, rng: Random, count: int) -> list[Setup]:
    found: list[Setup] = []
    texts = set()
    for _ in range(count * 20):
        setup = Setup.random(kind, rng)
        if setup.text() not in texts:
            texts.add(setup.text())
            found.append(setup)
            if len(found) == count:
                break
    return found


