"""The Rankings page's content: the device's profiles and the computer's
levels on one board, ranked by rating or by points (R26), and a history
(of the rating, or of the points) as a small plot (plain Python;
web/ui/rankings.py draws it).

>>> from web.model.profiles import Profile, RatedGame
>>> anna, _ = Profile("Anna").rated(RatedGame("g1", "single", 0, "Computer, level 5", 5, 1400, 45, "win", "towers"))
>>> [(row.name, row.display) for row in ranking([anna], Ladder({5: (1400, 30)}), "single")]
[('Anna', '1679?'), ('', '1400')]
>>> [(row.name, row.points, row.rank_status, row.next_status) for row in ranking([anna], None, "single", BY_POINTS)]
[('Anna', 10, 'starter', ('beginner', 100))]
>>> plot = history_plot([1500, 1679], 200, 60)
>>> plot.ticks
[(1500, 46.0), (1600, 28.0), (1700, 10.0)]
"""

from __future__ import annotations


from web.model.ladder import Ladder
from web.model.points import STARTER, next_status
from web.model.profiles import Profile
from web.model.rated_games import RatedGame
from web.model.rating import START_RATING


#: The orders Rankings offers: by rating (the levels among the profiles), by
#: points (the profiles alone: a level has no points).
BY_RATING, BY_POINTS = "rating", "points"
ORDERS = (BY_RATING, BY_POINTS)

#: The plot's margins (px): room for the rating labels on the left, the game numbers below.
LEFT, RIGHT, TOP, BOTTOM = 30, 6, 10, 14


class RankingRow:
    """One place in the ranking: a profile (``name``) or a computer level (``level``)."""

    __slots__ = ("name", "level", "rating", "display", "error", "games", "wins", "draws", "losses", "best_win",
                 "history", "points", "rank_status", "next_status", "points_history")

    def __init__(self, name: str = "", level: int = 0, rating: float = START_RATING, display: str = "",
                 error: int = 0) -> None:
        self.name = name  # a profile's name ("" for a level)
        self.level = level  # a level's number (0 for a profile)
        self.rating = rating
        self.display = display
        self.error = error  # a level's error (one standard error)
        self.games = self.wins = self.draws = self.losses = 0
        self.best_win: RatedGame | None = None
        #: The rating before the first game and after each one.
        self.history: list[int] = []
        #: A profile's points and rank status (R26, R27), the next status and
        #: the points it starts at (None at the top), the points before the
        #: first game and after each one.
        self.points = 0
        self.rank_status = STARTER
        self.next_status: tuple[str, int] | None = None
        self.points_history: list[int] = []

    def error_words(self) -> tuple[str, dict[str, object]] | None:
        """How a level's row says its rating's error (a texts.py key and its
        arguments): "± 35"; the level the ladder is anchored at has its
        rating set, not measured (docs/ladder.md), and says so rather than
        "± 0". None for a profile (its "?" says it).

        >>> RankingRow("", 4, 1300, "1300", 35).error_words(), RankingRow("", 1, 800, "800", 0).error_words()
        (('rk_level_error', {'error': 35}), ('rk_level_anchor', {}))
        """
        if not self.level:
            return None
        return ("rk_level_error", {"error": self.error}) if self.error else ("rk_level_anchor", {})

    def __repr__(self) -> str:
        return f"RankingRow({self.name or 'level ' + str(self.level)!r}, {self.display!r})"


def ranking(profiles: list[Profile], ladder: Ladder | None, board: str, order: str = BY_RATING) -> list[RankingRow]:
    """The profiles that played on ``board`` and, by rating, the levels,
    best first (a tie: the profile first, then by name or level; by points,
    then by rating)."""
    rows = []
    for profile in profiles:
        standing = profile.standing(board)
        if standing.games == 0:
            continue
        row = RankingRow(profile.name, 0, standing.glicko.rating, standing.glicko.display())
        row.games, row.wins, row.draws, row.losses = standing.games, standing.wins, standing.draws, standing.losses
        row.best_win = standing.best_win
        start = profile.start.get(board)  # (the games past the limit folded into it: the plot starts there)
        row.history = [round(START_RATING if start is None else start.glicko.rating)] + [
            rating for _, rating in standing.history]
        row.points, row.rank_status = standing.points, standing.rank_status
        row.next_status = next_status(board, standing.points)
        row.points_history = [0 if start is None else start.points] + [points for _, points in standing.points_history]
        rows.append(row)
    if order == BY_POINTS:
        rows.sort(key=lambda row: (-row.points, -round(row.rating), row.name.lower(), row.name))
        return rows
    if ladder is not None:
        for level in sorted(ladder.ratings):
            rating, error = ladder.ratings[level]
            rows.append(RankingRow("", level, rating, str(rating), error))
    rows.sort(key=lambda row: (-round(row.rating), row.level, row.name.lower(), row.name))
    return rows


class Plot:
    """Where a history's points and the rating axis's ticks go in a ``width`` x ``height`` box."""

    __slots__ = ("points", "ticks", "games")

    def __init__(self, points: list[tuple[float, float]], ticks: list[tuple[int, float]],
                 games: list[tuple[int, float]]) -> None:
        self.points = points  # (x, y) of each rating
        self.ticks = ticks  # (rating, y) on the left axis, every 100 or 200 points
        self.games = games  # (game number, x) under the plot: the first and the last


def history_plot(history: list[int], width: float, height: float) -> Plot:
    """The plot of ``history`` (ratings or points, the first before any
    game): the axis from the hundred below the lowest to the hundred above
    the highest, a tick every 100, 200, 500... so that there are a few.

    >>> [value for value, _ in history_plot([0, 10, 2600, 12000], 200, 60).ticks]
    [0, 5000, 10000]
    """
    low = min(history) // 100 * 100
    high = -(-max(history) // 100) * 100
    if high == low:
        high = low + 100
    step = 100 if high - low <= 400 else 200 if high - low <= 1000 else 500
    while (high - low) // step > 10:  # a few ticks, whatever the span (the readers bound it: web/model/progress.py)
        step *= 10

    def y(rating: float) -> float:
        return TOP + (high - rating) * (height - TOP - BOTTOM) / (high - low)

    def x(index: int) -> float:
        return LEFT + index * (width - LEFT - RIGHT) / max(1, len(history) - 1)

    points = [(x(index), y(rating)) for index, rating in enumerate(history)]
    ticks = [(value, y(value)) for value in range(low, high + 1, step)]
    last = len(history) - 1
    games = [(0, x(0))] + ([(last, x(last))] if last else [])
    return Plot(points, ticks, games)
