"""What the page keeps of Learn and Puzzles (localStorage, ``PROGRESS_KEY``):
the stars of each lesson's task, the puzzle rating (Glicko-2 as for games:
web/model/rating.py) and its history, the puzzles tried. Read from anything:
a damaged or foreign value gives a fresh start and says so."""

from __future__ import annotations

from militakiri import MilitakiriError
from militakiri.bounded import read_number
from militakiri.messages import text

from web.model.jsontext import dumps, is_int, loads
from web.model.puzzles import Puzzle, themes
from web.model.rating import MAX_DEVIATION, MAX_VOLATILITY, MIN_DEVIATION, MIN_VOLATILITY, NEW, Glicko


#: Where the page keeps Learn's stars and the puzzle rating (localStorage).
PROGRESS_KEY = "militakiri.training"
#: A new player's puzzle rating (Glicko-2 as for games: web/model/rating.py).
START_RATING = 1500
#: What a puzzle's rating counts as: its rating (tools/puzzle_ratings.py) with this deviation.
PUZZLE_DEVIATION = 80
#: The most puzzle results the history keeps (the rating is kept whole).
MAX_HISTORY = 2000
#: The deviation given to a rating kept from before the Glicko rating.
OLD_RATING_DEVIATION = 150
#: The ratings a stored progress may hold, in its rating and its history
#: (a forged 10**400 overflowed the plot, a -10**9 drew millions of ticks).
MIN_STORED_RATING, MAX_STORED_RATING = 100, 4000


#: Far more than every lesson's stars and every puzzle tried take (a few
#: thousand characters): a longer value is refused before it is parsed.
MAX_PROGRESS_CHARS = 200_000


class Progress:
    """What the page keeps: stars per task id, the puzzle rating (Glicko-2,
    web/model/rating.py) and its history, the puzzles tried (id -> solved at
    the first try) and those solved later. Read from anything: a damaged,
    foreign or far too long value gives a fresh start, never an error, and
    says so in ``unread`` (the page keeps that value aside before it writes
    its own). A progress from before the Glicko rating keeps its
    rating, with the deviation of a player who has some history.

    >>> Progress.read("[" * 500 + "]" * 500).unread, Progress.read('{"rating": 1200}').unread
    (True, False)
    >>> Progress.read('{"rating": 1200}').display()
    '1200?'
    >>> Progress.read('{"rating": 1200' + " " * MAX_PROGRESS_CHARS + "}").unread
    True
    """

    __slots__ = ("stars", "glicko", "puzzles", "solved_later", "history", "unread")

    def __init__(self, stars: dict[str, int] | None = None, glicko: Glicko = NEW,
                 puzzles: dict[str, bool] | None = None) -> None:
        self.stars = {} if stars is None else stars
        self.glicko = glicko
        self.puzzles = {} if puzzles is None else puzzles
        #: Puzzles failed at the first try and solved since (no longer to retry).
        self.solved_later: set[str] = set()
        #: (puzzle id, solved, the rating after) of each rated try, oldest first.
        self.history: list[tuple[str, bool, int]] = []
        #: Whether a stored value was there that could not be read at all.
        self.unread = False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Progress):
            return NotImplemented
        return ((self.stars, self.glicko, self.puzzles, self.solved_later, self.history)
                == (other.stars, other.glicko, other.puzzles, other.solved_later, other.history))

    def __repr__(self) -> str:
        return f"Progress(stars={self.stars!r}, glicko={self.glicko!r}, puzzles={self.puzzles!r})"

    @property
    def rating(self) -> int:
        return round(self.glicko.rating)

    def display(self) -> str:
        return self.glicko.display()

    @classmethod
    def read(cls, text: str | None) -> Progress:
        progress = cls()
        try:
            data = loads(text, max_chars=MAX_PROGRESS_CHARS) if text else {}
        except ValueError:
            data = None
        if not isinstance(data, dict):
            progress.unread = True
            return progress
        given = data.get("stars")
        if isinstance(given, dict):
            progress.stars = {str(k): v for k, v in given.items() if is_int(v) and 0 <= v <= 3}
        glicko, rating = _glicko(data.get("glicko")), data.get("rating")
        if glicko is not None:
            progress.glicko = glicko
        elif is_int(rating) and _is_rating(rating):
            progress.glicko = Glicko(rating, OLD_RATING_DEVIATION)  # (the Elo rating of before)
        tried = data.get("puzzles")
        if isinstance(tried, dict):
            progress.puzzles = {str(k): v for k, v in tried.items() if isinstance(v, bool)}
        later = data.get("solved_later")
        if isinstance(later, list):
            progress.solved_later = {str(x) for x in later if isinstance(x, str)}
        history = data.get("history")
        if isinstance(history, list):
            progress.history = [(str(row[0]), row[1], row[2]) for row in history[-MAX_HISTORY:]
                                if isinstance(row, list) and len(row) == 3 and isinstance(row[1], bool)
                                and is_int(row[2]) and _is_rating(row[2])]
        return progress

    def to_json(self) -> str:
        glicko = [self.glicko.rating, self.glicko.deviation, self.glicko.volatility]
        return dumps({"stars": self.stars, "rating": self.rating, "glicko": glicko, "puzzles": self.puzzles,
                      "solved_later": sorted(self.solved_later), "history": [list(row) for row in self.history]},
                     compact=True)

    def award(self, task_id: str, earned: int) -> None:
        """Keep the best stars a task has earned."""
        self.stars[task_id] = max(earned, self.stars.get(task_id, 0))

    def puzzle_done(self, puzzle: Puzzle, solved: bool, helped: bool = False) -> int | None:
        """Count a try at ``puzzle``: the first try, without a hint or the
        solution, is rated (returns the change); any other is not (None). A
        puzzle failed at first and solved later leaves the list to retry."""
        if puzzle.id in self.puzzles:
            if solved and not helped and not self.puzzles[puzzle.id]:
                self.solved_later.add(puzzle.id)
            return None
        self.puzzles[puzzle.id] = solved and not helped
        if helped:
            return None
        before = self.rating
        self.glicko = self.glicko.after([(Glicko(puzzle.rating, PUZZLE_DEVIATION), 1.0 if solved else 0.0)])
        self.history = (self.history + [(puzzle.id, solved, self.rating)])[-MAX_HISTORY:]
        return self.rating - before

    def to_retry(self) -> list[str]:
        """The puzzles failed at the first try and not solved since, by id."""
        return sorted(id for id, solved in self.puzzles.items() if not solved and id not in self.solved_later)

    def theme_counts(self, puzzles: tuple[Puzzle, ...]) -> dict[str, list[int]]:
        """Per theme (:func:`themes`): [solved, failed] of the rated first
        tries (one solved with help is neither: a trial counted it failed)."""
        counts: dict[str, list[int]] = {}
        by_id = {puzzle.id: puzzle for puzzle in puzzles}
        for id, solved, _after in self.history:
            if id in by_id:
                for theme in themes(by_id[id]):
                    counts.setdefault(theme, [0, 0])[0 if solved else 1] += 1
        return counts


def _glicko(stored: object) -> Glicko | None:
    """A stored ``[rating, deviation, volatility]`` within a rating's bounds,
    else None (a fresh start).

    >>> _glicko([1500, 80, 0.09]), _glicko([1500, 80, 1e-300]), _glicko([10 ** 12, 80, 0.09])
    (Glicko(1500.0, 80.0, 0.09), None, None)
    """
    if not isinstance(stored, list) or len(stored) != 3:
        return None
    try:
        return Glicko(read_number(stored[0], text("n_rating"), MIN_STORED_RATING, MAX_STORED_RATING),
                      read_number(stored[1], text("n_deviation"), MIN_DEVIATION, MAX_DEVIATION),
                      read_number(stored[2], text("n_volatility"), MIN_VOLATILITY, MAX_VOLATILITY))
    except MilitakiriError:
        return None


def _is_rating(value: int) -> bool:
    return MIN_STORED_RATING <= value <= MAX_STORED_RATING
