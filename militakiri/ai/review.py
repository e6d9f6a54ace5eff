"""A game reviewed move by move, as lichess's analysis: the strongest
level's search judges each position, and each move is marked by how much
it lost against the best move there.

The page asks its worker for one position at a time (:func:`analyse_position`,
so it can show progress and stop), then :func:`judge` turns the scores into
marks; :func:`review` does both in one call for the command line and tests.

Scores are in the evaluation's units (a pawn 100, a tower 1000) and clipped
to ``EVAL_CLIP`` either way, so a won game reads as a clear edge, not a
number of the search's own.

>>> from militakiri.game import Game
>>> game = Game.from_position("5s^/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1")
>>> game.play("a1-a2")   # a1xb2 would have taken the last pawn ...
>>> [(r.token, r.best, r.mark) for r in review(game, depth=2)]
[('a1-a2', 'a1xb2', 'blunder')]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..position import Position
from . import evaluation
from .search import search

#: How much a move may lose before it is marked (pawn = 100).
INACCURACY, MISTAKE, BLUNDER = 80, 250, 600
#: Scores beyond this count as this: a won or lost game.
EVAL_CLIP = 1500
#: PGN's numeric annotation glyphs (NOTATION.md) and their signs.
NAGS = {"inaccuracy": 6, "mistake": 2, "blunder": 4}
GLYPHS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


@dataclass(frozen=True)
class MoveReview:
    """One move judged: ``eval`` after it (White's side, clipped), the best
    move in the position before it, what it lost there, and its mark."""

    ply: int
    token: str
    eval: int
    best: str | None
    loss: int
    mark: str | None


def clip(score: int) -> int:
    return max(-EVAL_CLIP, min(EVAL_CLIP, score))


def mark_for(loss: int) -> str | None:
    """``inaccuracy``, ``mistake``, ``blunder`` or None for a loss."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def analyse_position(position: Position, seconds: float | None = 0.3,
                     depth: int | None = None) -> tuple[str | None, int]:
    """The best move and the score for the player to move (clipped); an
    ended game has no move and the rules' score (the engine's outcome)."""
    outcome = position.outcome()
    if outcome is not None:
        return None, clip(evaluation.outcome_score(outcome, position.turn, 0))
    found = search(position.copy(), seconds, depth)
    return found.token, clip(found.score)


def judge(game, scores: list[tuple[str | None, int]]) -> list[MoveReview]:
    """The moves of ``game`` judged from ``scores[p]``: the best move and
    the score for the player to move after ``p`` moves, ``p`` from 0 to the
    number of moves."""
    reviews = []
    position = game.start.copy()
    for ply, token in enumerate(game.tokens, 1):
        mover = position.turn
        best, before = scores[ply - 1]
        after = -scores[ply][1]  # the mover's side of the next position's score
        loss = 0 if token == best else max(0, before - after)
        white = after if mover == 0 else -after
        reviews.append(MoveReview(ply, token, white, best, loss, mark_for(loss)))
        position.play(token)
    return reviews


def review(game, seconds: float | None = None, depth: int | None = 3) -> list[MoveReview]:
    """Every move of ``game`` judged (a depth makes it the same everywhere)."""
    scores = []
    position = game.start.copy()
    scores.append(analyse_position(position, seconds, depth))
    for token in game.tokens:
        position.play(token)
        scores.append(analyse_position(position, seconds, depth))
    return judge(game, scores)


def counts(reviews: list[MoveReview], start_turn: int) -> dict[int, dict[str, int]]:
    """``{colour: {mark: count}}`` of the marks each player got."""
    result = {0: dict.fromkeys(NAGS, 0), 1: dict.fromkeys(NAGS, 0)}
    for r in reviews:
        if r.mark is not None:
            result[(start_turn + r.ply - 1) % 2][r.mark] += 1
    return result
