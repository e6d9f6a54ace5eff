"""The ladder's ratings, from the arena's games between neighbouring levels.

``bench/ladder.py`` plays each level against the next one up and writes the
results and the ratings this module derives from them into
``web/data/ladder-single.json`` (or ``ladder-double.json``); the test suite derives them again from the
results, so the shipped table is the script's, never edited by hand.

Each pair's score ``s`` (a draw is half a point) gives the upper level's
lead by the logistic curve every Elo and Glicko rating shares,
``400 * log10(s / (1 - s))``; level 1 is placed at :data:`ANCHOR`, and
each level above at the one below plus its lead. The error is one standard
error, from the spread of the pair's points, carried up the ladder (the
errors of independent pairs add in quadrature). A pair the upper level
won every game of says only that the lead is at least that of a score of
``(n - 1/2) / n``: that lead is used, and ``bounded`` says so.

>>> rating_lead(0.76)
200
>>> table = ladder_ratings([{"lower": 1, "upper": 2, "wins": 60, "draws": 20, "losses": 20}])
>>> [(row["level"], row["rating"], row["error"]) for row in table]
[(1, 800, 0), (2, 947, 33)]
"""

from __future__ import annotations

import math

#: Level 1's rating: a player who knows the moves and little else.
ANCHOR = 800


def rating_lead(score: float) -> int:
    """The rating lead of a player who scores ``score`` (0 < score < 1)."""
    return round(400 * math.log10(score / (1 - score)))


def ladder_ratings(pairs: list[dict[str, int]]) -> list[dict[str, int | bool]]:
    """Each level's rating and error from ``pairs``: dicts with ``lower``,
    ``upper`` (levels, each pair one step up the ladder), and the upper
    level's ``wins``, ``draws`` and ``losses``."""
    rows: list[dict[str, int | bool]] = [{"level": 1, "rating": ANCHOR, "error": 0, "bounded": False}]
    rating, variance = float(ANCHOR), 0.0
    for pair in sorted(pairs, key=lambda pair: pair["lower"]):
        if pair["lower"] != rows[-1]["level"] or pair["upper"] != pair["lower"] + 1:
            raise ValueError(f"the ladder's pairs must climb one level at a time: {pair}")
        lead, error, bounded = pair_lead(pair)
        rating += lead
        variance += error * error
        rows.append({"level": pair["upper"], "rating": round(rating), "error": round(math.sqrt(variance)),
                     "bounded": bounded})
    return rows


def pair_lead(pair: dict[str, int]) -> tuple[float, float, bool]:
    """The upper level's lead over the lower one, its standard error, and
    whether it is only a bound (the upper level won every game).

    >>> lead, error, bounded = pair_lead({"wins": 60, "draws": 20, "losses": 20})
    >>> round(lead), round(error), bounded
    (147, 33, False)
    """
    wins, draws, losses = pair["wins"], pair["draws"], pair["losses"]
    games = wins + draws + losses
    if games == 0:
        raise ValueError(f"a pair without games: {pair}")
    score = (wins + draws / 2) / games
    bounded = score in (0.0, 1.0)
    score = min(max(score, 0.5 / games), 1 - 0.5 / games)
    # The spread of one game's points around the score, then of the mean.
    spread = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games
    spread = max(spread, score * (1 - score) / 4)  # a run of equal results is not certainty
    slope = 400 / (math.log(10) * score * (1 - score))  # d lead / d score
    return 400 * math.log10(score / (1 - score)), slope * math.sqrt(spread / games), bounded


#: A puzzle's rating is kept within these (a puzzle every level solves, or none).
PUZZLE_FLOOR, PUZZLE_CEILING = 400, 3000


def puzzle_rating(tries: list[tuple[int, int, int]]) -> int:
    """A puzzle's rating from how the levels did on it: (level's rating,
    solved, tries) each. The puzzle is a player a level beats when it finds
    the first move (the same logistic curve as the ladder's): the rating
    that makes what happened likeliest, with one half-won try against a
    1500 player added, so that a puzzle every level solves (or none does)
    still has a finite rating.

    >>> puzzle_rating([(800, 0, 8), (1000, 4, 8), (1200, 8, 8)])
    1016
    >>> puzzle_rating([(800, 8, 8), (1600, 2, 2)]) < 800
    True
    """
    observed = [(float(level), solved, tried) for level, solved, tried in tries] + [(1500.0, 0.5, 1)]

    def slope(rating: float) -> float:  # the log-likelihood's derivative, falling in the rating
        total = 0.0
        for level, solved, tried in observed:
            beaten = 1 / (1 + 10 ** ((rating - level) / 400))  # the level solves it
            total += (tried - solved) * beaten - solved * (1 - beaten)
        return total

    low, high = float(PUZZLE_FLOOR), float(PUZZLE_CEILING)
    if slope(low) <= 0:
        return PUZZLE_FLOOR
    if slope(high) >= 0:
        return PUZZLE_CEILING
    for _ in range(60):
        middle = (low + high) / 2
        if slope(middle) > 0:
            low = middle
        else:
            high = middle
    return round((low + high) / 2)
