"""A game reviewed move by move, as lichess's analysis: the strongest
level's search scores each position (play.analyse_position, in the page's
worker one position at a time, so it can show progress and stop), and
:func:`judge` marks each move by the winning chances it threw away against
the best move there; play.review_game does both in one call.

Winning chances are an expected score, ``1 / (1 + exp(-score / WIN_SCALE))``
for the player to move (lichess's logistic curve, its scale fitted to this
engine's decisive games by tools/fit_win_curve.py; docs/review.md). So a
move that throws away a game still held is a blunder, and a move in a game
long lost is not: there is little left to lose. The *turning point* is the
loser's move after which their chances never came back above ``LOST``.
:func:`explain` says in words what a marked move allowed and what was
better; :func:`accuracy` sums up each player's moves as lichess does.

The judgement needs no search, so the page imports this module at its start
without loading the search (tests/web/test_computer.py checks).

Scores are in the evaluation's units (a pawn 100, a tower 1000) and clipped
to ``EVAL_CLIP`` either way, so a won game reads as a clear edge, not a
number of the search's own.

>>> from militakiri.game import Game
>>> game = Game.from_position("5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1")
>>> game.play("a1-a2")   # a1xb2 would have kept the tower
>>> scores = [("a1xb2", 0), ("b2xa2", 1500), (None, -1500)]  # for the player to move
>>> [(r.token, r.eval, r.best, r.loss, r.mark, r.turning) for r in judge(game, scores)]
[('a1-a2', -1500, 'a1xb2', 484, 'blunder', True)]
>>> print(explain(game.start, judge(game, scores)[0]))
The turning point. a1-a2 lost Red's last tower: b2xa2 follows. Better was a1xb2, which takes a Blue cross pawn.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..bounded import quote
from ..errors import MilitakiriError
from ..messages import Text, color_word, piece_word, text
from ..pieces import Piece, opponent
from ..position import Position

if TYPE_CHECKING:
    from typing import Protocol

    class Played(Protocol):
        """What a review reads of a game (a :class:`~militakiri.game.Game` has it)."""

        @property
        def start(self) -> Position: ...

        @property
        def tokens(self) -> list[str]: ...

#: Scores beyond this count as this: a won or lost game.
EVAL_CLIP = 1500
#: The winning chances' curve: the score that makes them 73 % (e to 1).
#: Fitted: ``python tools/fit_win_curve.py --games 72`` (docs/review.md).
WIN_SCALE = 366
#: Chances are in thousandths (integers: the same in every interpreter).
CERTAIN = 1000
#: How many thousandths of winning chances a move may throw away before it
#: is marked: lichess's 0.1, 0.2 and 0.3 of its chances on [-1, 1].
INACCURACY, MISTAKE, BLUNDER = 50, 100, 150
#: A player whose chances are at most this has lost the game.
LOST = 150
#: PGN's numeric annotation glyphs (NOTATION.md) and their signs.
NAGS = {"inaccuracy": 6, "mistake": 2, "blunder": 4}
GLYPHS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


class MoveReview:
    """One move judged: ``eval`` after it (White's side, clipped), the best
    move in the position before it, the winning chances the move threw away
    (``loss``, thousandths), its mark, whether it was the game's turning
    point, and the opponent's best reply to it. A value: equal reviews are
    equal and hash alike.

    >>> MoveReview(1, "a1-a2", -1500, "a1xb2", 960, "blunder", True, "b2xa2")
    MoveReview(ply=1, token='a1-a2', eval=-1500, best='a1xb2', loss=960, mark='blunder', turning=True, reply='b2xa2')
    """

    __slots__ = ("ply", "token", "eval", "best", "loss", "mark", "turning", "reply")

    def __init__(self, ply: int, token: str, eval: int, best: str | None, loss: int,
                 mark: str | None, turning: bool = False, reply: str | None = None) -> None:
        self.ply = ply
        self.token = token
        self.eval = eval
        self.best = best
        self.loss = loss
        self.mark = mark
        self.turning = turning
        self.reply = reply

    def _fields(self) -> tuple[object, ...]:
        return (self.ply, self.token, self.eval, self.best, self.loss, self.mark, self.turning, self.reply)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoveReview):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return "MoveReview(" + ", ".join(
            f"{name}={quote(value)}" for name, value in zip(self.__slots__, self._fields())) + ")"

    @property
    def noted(self) -> bool:
        """Whether the review has something to say of this move."""
        return self.mark is not None or self.turning


def clip(score: int) -> int:
    return max(-EVAL_CLIP, min(EVAL_CLIP, score))


def chances(score: int) -> int:
    """The winning chances ``score`` gives the player it is for, in thousandths.

    >>> chances(0), chances(WIN_SCALE), chances(-EVAL_CLIP), chances(10**6)
    (500, 731, 16, 984)
    """
    return round(CERTAIN / (1 + math.exp(-clip(score) / WIN_SCALE)))


def mark_for(loss: int) -> str | None:
    """``inaccuracy``, ``mistake``, ``blunder`` or None for the chances lost."""
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
    turning = turning_point(game.start.turn, scores)
    reviews = []
    for ply, token in enumerate(game.tokens, 1):
        mover = (game.start.turn + ply - 1) % 2  # the players take turns (R9)
        best, before = scores[ply - 1]
        reply, score = scores[ply]
        after = -score  # the mover's side of the next position's score
        loss = 0 if token == best else max(0, chances(before) - chances(after))
        # A game already lost for the mover is not marked: there was little left to lose.
        mark = mark_for(loss) if chances(before) > LOST else None
        reviews.append(MoveReview(ply, token, for_white(after, mover), best, loss, mark, ply == turning, reply))
    return reviews


def turning_point(start_turn: int, scores: list[tuple[str | None, int]]) -> int | None:
    """The ply of the loser's move after which their chances stayed at or
    below ``LOST`` to the end; None when the game is not lost by either
    side at its end, or was lost before its first move.

    When the winner's move is the one that took the chances below (the
    search saw the danger only once it was there), the loser's move before
    it is the turning point: it allowed that move.

    >>> turning_point(0, [(None, 0), (None, 0), (None, 200), (None, 1500), (None, -1500)])
    3
    >>> turning_point(0, [(None, 0), (None, 0), (None, -900), (None, 1500), (None, -1500)])
    1
    """
    plies = len(scores) - 1
    white = [chances(for_white(score, (start_turn + ply) % 2)) for ply, (_best, score) in enumerate(scores)]
    if plies < 1:
        return None
    if white[plies] <= LOST:
        loser = 0
    elif white[plies] >= CERTAIN - LOST:
        loser = 1
    else:
        return None
    held = [w if loser == 0 else CERTAIN - w for w in white]
    # Measured after the loser's own moves only: a search to a fixed depth
    # scores a position a little better for the side to move (it has the
    # line's last move), so chances a ply apart swing to and fro, and a
    # swing back above LOST after the winner's move is no recovery.
    turning = None
    for ply in range(plies, 0, -1):
        if (start_turn + ply - 1) % 2 != loser:
            continue
        if held[ply] > LOST:
            if turning is None:  # the winner's last move took them below: this one allowed it
                return ply
            break
        turning = ply
    if turning is None:
        return None
    if held[turning - 1] <= LOST:  # lost already: the loser's move before allowed the winner's
        turning -= 2
    return turning if turning >= 1 else None


def counts(reviews: list[MoveReview], start_turn: int) -> dict[int, dict[str, int]]:
    """``{color: {mark: count}}`` of the marks each player got."""
    result = {0: dict.fromkeys(NAGS, 0), 1: dict.fromkeys(NAGS, 0)}
    for r in reviews:
        if r.mark is not None:
            result[(start_turn + r.ply - 1) % 2][r.mark] += 1
    return result


def move_accuracy(loss: int) -> float:
    """How accurate a move was, 0-100, from the winning chances it lost
    (lichess's curve: 100 for no loss, about 50 for 16 points of 100).

    >>> round(move_accuracy(0)), round(move_accuracy(160)), round(move_accuracy(1000))
    (100, 48, 0)
    """
    value = 103.1668 * math.exp(-0.04354 * loss / 10) - 3.1669
    return max(0.0, min(100.0, value))


def accuracy(reviews: list[MoveReview], start_turn: int) -> dict[int, int | None]:
    """``{color: accuracy}`` in percent, None for a player without a move.

    The mean of the arithmetic and the harmonic mean of the moves'
    accuracies (lichess weighs the first by the game's volatility too): the
    harmonic mean keeps one blunder among good moves from hiding.

    >>> accuracy([MoveReview(1, "a1-a2", 0, "a1-a2", 0, None), MoveReview(2, "b2-b3", 0, "b2-b4", 160, "blunder")], 0)
    {0: 100, 1: 48}
    """
    found: dict[int, list[float]] = {0: [], 1: []}
    for r in reviews:
        found[(start_turn + r.ply - 1) % 2].append(move_accuracy(r.loss))
    result: dict[int, int | None] = {}
    for color in (0, 1):
        values = found[color]
        if not values:
            result[color] = None
            continue
        mean = sum(values) / len(values)
        harmonic = len(values) / sum(1 / max(1.0, value) for value in values)
        result[color] = round((mean + harmonic) / 2)
    return result


# Words ------------------------------------------------------------------------


def explain(before: Position, review: MoveReview) -> Text:
    """What the move of ``review`` allowed and what was better, in words,
    from the position ``before`` it: the opponent's best reply and what it
    takes or wins, else how the mover's chances fell; then the better move
    and what it takes or wins."""
    mover = before.turn
    after = before.copy()
    after.play(review.token)
    said = _allowed(after, review, mover, chances(for_white(review.eval, mover)))
    if review.turning:
        said = text("review_turning", said=said)
    if review.best is None or review.best == review.token:
        return said
    return text("review_with_better", said=said, better=_merit(before, review.best))


def _taken(position: Position, token: str) -> Piece | None:
    """The piece the move ``token`` takes in ``position``, or None."""
    move = position.parse_move(token)
    return position.board[move.target] if move.is_take else None


def _allowed(after: Position, review: MoveReview, mover: int, chances_left: int) -> Text:
    """What the opponent's best reply does to the mover, or the chances lost."""
    reply = review.reply
    if reply is not None:
        try:
            taken = _taken(after, reply)
            after.play(reply)
        except MilitakiriError:  # a reply that is not legal here: say the chances only
            taken = reply = None
    outcome = after.outcome() if reply is not None else None
    if reply is not None and taken is not None and taken.color == mover:
        if taken.is_tower and after.towers[mover] == 0:
            return text("review_last_tower", move=review.token, player=color_word(mover), reply=reply)
        if outcome is not None and outcome.winner == opponent(mover):
            return text("review_lost_game", move=review.token, reply=reply)
        return text("review_lost_piece", move=review.token, reply=reply,
                    piece=piece_word(None, taken.shape, taken.height))
    if outcome is not None and outcome.winner == opponent(mover):
        return text("review_lost_game", move=review.token, reply=reply)
    return text("review_chances", move=review.token, player=color_word(mover),
                before=_percent(chances_left + review.loss), after=_percent(chances_left))


def _merit(before: Position, best: str) -> Text:
    """What the better move does: wins, takes a piece, or just keeps more."""
    position = before.copy()
    try:
        taken = _taken(position, best)
        position.play(best)
    except MilitakiriError:
        return text("review_better", best=best)
    outcome = position.outcome()
    if outcome is not None and outcome.winner == before.turn:
        return text("review_better_wins", best=best)
    if taken is not None:
        return text("review_better_takes", best=best,
                    piece=piece_word(taken.color, taken.shape, taken.height))
    return text("review_better", best=best)


def _percent(thousandths: int) -> int:
    return round(max(0, min(CERTAIN, thousandths)) / 10)
