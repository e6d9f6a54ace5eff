"""The computer levels' ratings on a board (web/data/ladder-single.json and
ladder-double.json, measured by bench/ladder.py: each board has its own
node budgets and ladder): what a rated game against a level counts it as,
and the level New game suggests.

>>> ladder = Ladder.read('{"levels": [{"level": 1, "rating": 800, "error": 0, "bounded": false},'
...                      ' {"level": 2, "rating": 1010, "error": 30, "bounded": false}]}')
>>> ladder.glicko(2)
Glicko(1010.0, 45.0, 0.09)
>>> ladder.nearest(950), ladder.nearest(None)
(2, None)
"""

from __future__ import annotations

from web.model.jsontext import is_int, loads
from web.model.rating import MIN_DEVIATION, Glicko

#: The files the page fetches, by board.
LADDER_URLS = {board: f"./web/data/ladder-{board}.json" for board in ("single", "double")}


class Ladder:
    """Each level's rating and error (one standard error)."""

    __slots__ = ("ratings",)

    def __init__(self, ratings: dict[int, tuple[int, int]]) -> None:
        self.ratings = ratings

    @classmethod
    def read(cls, text: str) -> Ladder:
        """The table ``text`` holds; ValueError if it is not one."""
        data = loads(text, max_chars=100_000)
        rows = data.get("levels") if isinstance(data, dict) else None
        if not isinstance(rows, list) or not rows:
            raise ValueError("no levels in the ladder")
        ratings: dict[int, tuple[int, int]] = {}
        for row in rows:
            values = [row.get(name) if isinstance(row, dict) else None for name in ("level", "rating", "error")]
            numbers = [value for value in values if is_int(value)]
            if len(numbers) != 3:
                raise ValueError(f"a level of the ladder is not numbers: {row!r:.80}")
            ratings[numbers[0]] = (numbers[1], numbers[2])
        return cls(ratings)

    def rating(self, level: int) -> int | None:
        found = self.ratings.get(level)
        return None if found is None else found[0]

    def glicko(self, level: int) -> Glicko:
        """What a rated game counts ``level`` as: its rating, its error as the
        deviation (never under the least a rating has)."""
        rating, error = self.ratings[level]
        return Glicko(rating, max(MIN_DEVIATION, error))

    def nearest(self, rating: float | None) -> int | None:
        """The level whose rating is nearest ``rating`` (the weaker on a tie)."""
        if rating is None or not self.ratings:
            return None
        return min(sorted(self.ratings), key=lambda level: abs(self.ratings[level][0] - rating))
