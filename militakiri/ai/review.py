"""A game reviewed move by move, as lichess's analysis: the strongest
level's search scores each position (play.analyse_position, in the page's
worker one position at a time, so it can show progress and stop), and
:func:`judge` marks each move by how much it lost against the best move
there; play.review_game does both in one call.

The judgement needs no search, so the page imports this module at its start
without loading the search (tests/web/test_computer.py checks).

Scores are in the evaluation's units (a pawn 100, a tower 1000) and clipped
to ``EVAL_CLIP`` either way, so a won game reads as a clear edge, not a
number of the search's own.

>>> from militakiri.game import Game
>>> game = Game.from_position("5s^/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1")
>>> game.play("a1-a2")   # a1xb2 would have kept the tower
>>> scores = [("a1xb2", 0), ("b2xa2", 1500), (None, -1500)]  # for the player to move
>>> [(r.token, r.eval, r.best, r.mark) for r in judge(game, scores)]
[('a1-a2', -1500, 'a1xb2', 'blunder')]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..bounded import quote
from ..position import Position

if TYPE_CHECKING:
    from typing import Protocol

    class Played(Protocol):
        """What a review reads of a game (a :class:`~militakiri.game.Game` has it)."""

        @property
        def start(self) -> Position: ...

        @property
        def tokens(self) -> list[str]: ...

#: How much a move may lose before it is marked (pawn = 100).
INACCURACY, MISTAKE, BLUNDER = 80, 250, 600
#: Scores beyond this count as this: a won or lost game.
EVAL_CLIP = 1500
#: PGN's numeric annotation glyphs (NOTATION.md) and their signs.
NAGS = {"inaccuracy": 6, "mistake": 2, "blunder": 4}
GLYPHS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


class MoveReview:
    """One move judged: ``eval`` after it (White's side, clipped), the best
    move in the position before it, what it lost there, and its mark. A
    value: equal reviews are equal and hash alike.

    >>> MoveReview(1, "a1-a2", -1500, "a1xb2", 1500, "blunder")
    MoveReview(ply=1, token='a1-a2', eval=-1500, best='a1xb2', loss=1500, mark='blunder')
    """

    __slots__ = ("ply", "token", "eval", "best", "loss", "mark")

    def __init__(self, ply: int, token: str, eval: int, best: str | None, loss: int,
                 mark: str | None) -> None:
        self.ply = ply
        self.token = token
        self.eval = eval
        self.best = best
        self.loss = loss
        self.mark = mark

    def _fields(self) -> tuple[object, ...]:
        return (self.ply, self.token, self.eval, self.best, self.loss, self.mark)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoveReview):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return "MoveReview(" + ", ".join(
            f"{name}={quote(value)}" for name, value in zip(self.__slots__, self._fields())) + ")"


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


def for_white(score: int, turn: int) -> int:
    """A score for the player ``turn`` as White's (and back: the same sign change)."""
    return score if turn == 0 else -score


def judge(game: Played, scores: list[tuple[str | None, int]]) -> list[MoveReview]:
    """The moves of ``game`` judged from ``scores[p]``: the best move and
    the score for the player to move after ``p`` moves, ``p`` from 0 to the
    number of moves."""
    reviews = []
    for ply, token in enumerate(game.tokens, 1):
        mover = (game.start.turn + ply - 1) % 2  # the players take turns (R9)
        best, before = scores[ply - 1]
        after = -scores[ply][1]  # the mover's side of the next position's score
        loss = 0 if token == best else max(0, before - after)
        reviews.append(MoveReview(ply, token, for_white(after, mover), best, loss, mark_for(loss)))
    return reviews


def counts(reviews: list[MoveReview], start_turn: int) -> dict[int, dict[str, int]]:
    """``{color: {mark: count}}`` of the marks each player got."""
    result = {0: dict.fromkeys(NAGS, 0), 1: dict.fromkeys(NAGS, 0)}
    for r in reviews:
        if r.mark is not None:
            result[(start_turn + r.ply - 1) % 2][r.mark] += 1
    return result
