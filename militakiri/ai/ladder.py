"""The ladder's ratings, from the arena's games between neighbouring levels.

``bench/ladder.py`` plays each level against the next one up and writes the
results and the ratings this module derives from them into
``web/data/ladder.json``; the test suite derives them again from the
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
        rating += 400 * math.log10(score / (1 - score))
        variance += slope * slope * spread / games
        rows.append({"level": pair["upper"], "rating": round(rating), "error": round(math.sqrt(variance)),
                     "bounded": bounded})
    return rows
