"""The shipped puzzles (tools/puzzles.py writes web/data/puzzles.json): read,
themed for the dashboard, and the next one chosen near the player's puzzle
rating. Solving one is a drill (web/model/training.py); what the player
made of them is their progress (web/model/progress.py)."""

from __future__ import annotations

from militakiri.position import Position
from militakiri.randomness import Random

from web.model.jsontext import loads
from web.model.values import Value


#: The next puzzle is drawn from this many unsolved ones nearest the rating.
NEAREST = 8
PUZZLE_GOALS = ("win", "tower")


class Puzzle(Value):
    """One shipped puzzle (tools/puzzles.py)."""

    __slots__ = ("id", "board", "position", "line", "goal", "rating")

    def __init__(self, id: str, board: str, position: str, line: tuple[str, ...], goal: str,  # noqa: A002
                 rating: int) -> None:
        self.id = id
        self.board = board
        self.position = position
        self.line = line
        self.goal = goal
        self.rating = rating

    @property
    def solver(self) -> int:
        return Position.from_string(self.position).turn


def read_puzzles(text: str) -> tuple[Puzzle, ...]:
    """The puzzles file, read; a malformed entry raises ValueError naming it."""
    data = loads(text, max_depth=None)  # (the page's own file)
    if not isinstance(data, list):
        raise ValueError("puzzles: not a list")
    puzzles = []
    for i, item in enumerate(data):
        try:
            line = tuple(item["line"])
            puzzle = Puzzle(str(item["id"]), str(item["board"]), str(item["position"]), line,
                            str(item["goal"]), int(item["rating"]))
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"puzzle {i + 1}: {error!r}") from error
        if puzzle.goal not in PUZZLE_GOALS or not line or not all(isinstance(t, str) for t in line):
            raise ValueError(f"puzzle {puzzle.id}: bad goal or line")
        puzzles.append(puzzle)
    return tuple(puzzles)


def moves_to_find(puzzle: Puzzle) -> int:
    """How many moves of the solver's the puzzle's line has."""
    return (len(puzzle.line) + 1) // 2


#: The dashboard's themes, in its order: each named by the key of its words (texts.py).
THEMES = ("theme_goal_win", "theme_goal_tower", "theme_board_single", "theme_board_double", "theme_moves_1",
          "theme_moves_2", "theme_moves_3")


def themes(puzzle: Puzzle) -> tuple[str, str, str]:
    """The puzzle's themes on the dashboard (:data:`THEMES`): its goal, its board, its length.

    >>> themes(Puzzle("s1", "single", "x", ("a1xb2", "c4-c3"), "tower", 1200))
    ('theme_goal_tower', 'theme_board_single', 'theme_moves_1')
    """
    return (f"theme_goal_{puzzle.goal}", f"theme_board_{puzzle.board}",
            f"theme_moves_{min(moves_to_find(puzzle), 3)}")


def next_puzzle(puzzles: tuple[Puzzle, ...], rating: int, done: set[str], board: str,
                rng: Random, after: str | None = None) -> Puzzle | None:
    """A puzzle near the player's rating on ``board``, one not tried yet if any are left."""
    pool = [p for p in puzzles if p.board == board and p.id != after]
    fresh = [p for p in pool if p.id not in done] or pool
    if not fresh:
        return None
    fresh.sort(key=lambda p: (abs(p.rating - rating), p.id))
    return rng.choice(fresh[:NEAREST])
