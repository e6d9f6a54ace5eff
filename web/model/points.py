"""Points and rank status (R26, R27): a player's standing in the game,
beside the Glicko-2 rating (web/model/rating.py) that picks fair levels.

Every figure of the two rulings is here and nowhere else: the points a
rated game gives on each board, what counts as a forfeit, the floor at 0,
the Starter's loss that costs nothing, the statuses and their thresholds,
and which statuses see their possible moves. A profile folds its rated
games' points with :func:`points_after` (web/model/profiles.py), as it
folds their ratings.

>>> points_after("single", 0, "loss", "towers")  # a Starter loses nothing (R26)
0
>>> points_after("double", 0, "win", "towers")
20
>>> rank_status("single", 100), rank_status("double", 399), rank_status("double", 400)
('beginner', 'beginner', 'novice')
>>> next_status("single", 150)
('novice', 200)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from web.i18n.texts import t

if TYPE_CHECKING:
    from typing import Callable

#: What a finished rated game gives, per board (R26).
POINTS = {
    "single": {"win": 10, "draw": 5, "loss": -5, "forfeit": -5},
    "double": {"win": 20, "draw": 10, "loss": -10, "forfeit": -10},
}
#: How a rated game ends as a forfeit (R26: "a game given up or left
#: unfinished": resigning, abandoning a rated game, or the connection lost
#: in a game between two devices, which the embedding page ends as
#: ``forfeit``: docs/embed.md). A flag fallen (R21) or a
#: correspondence deadline passed (R22) is not one: the rulings say the player
#: "loses", the game is played to its end by the clock, so it is a loss.
#: (Both cost the same; the history names which it was.)
FORFEITS = ("resignation", "abandoned", "forfeit")

#: The rank statuses, lowest first, each with the points it starts at on
#: the single and the double board (R27). Their names: texts ``rs_<status>``.
STATUSES = (
    ("starter", 0, 0),
    ("beginner", 100, 200),
    ("novice", 200, 400),
    ("apprentice", 500, 1000),
    ("initiate", 1000, 2000),
    ("junior", 2500, 5000),
    ("intermediate", 5000, 10000),
    ("senior", 10000, 20000),
    ("veteran", 20000, 40000),
    ("professional", 30000, 60000),
    ("specialist", 40000, 80000),
    ("expert", 50000, 100000),
    ("champion", 60000, 120000),
    ("elite", 70000, 140000),
    ("crack", 80000, 160000),
    ("master", 90000, 180000),
    ("grandmaster", 100000, 200000),
)
STATUS_NAMES = tuple(status for status, _, _ in STATUSES)
STARTER = "starter"
#: The statuses that see their possible moves in a rated game (R27: from
#: Novice on, the digital game no longer shows them).
SEES_POSSIBLE_MOVES = ("starter", "beginner")


def game_kind(result: str, ended: str) -> str:
    """``"win"``, ``"draw"``, ``"loss"`` or ``"forfeit"``: how R26 counts
    a game of ``result`` (``win``/``draw``/``loss``) that ``ended`` so.

    >>> game_kind("loss", "resignation"), game_kind("loss", "time"), game_kind("win", "resignation")
    ('forfeit', 'loss', 'win')
    """
    return "forfeit" if result == "loss" and ended in FORFEITS else result


def points_after(board: str, points: int, result: str, ended: str) -> int:
    """A player's points on ``board`` after a rated game, from ``points``
    before it (R26): never below 0, and a Starter's loss or forfeit costs
    nothing."""
    change = POINTS[board][game_kind(result, ended)]
    if change < 0 and rank_status(board, points) == STARTER:
        return points
    return max(0, points + change)


def threshold(board: str, status: str) -> int:
    """The points ``status`` starts at on ``board`` (R27)."""
    return next(single if board == "single" else double for name, single, double in STATUSES if name == status)


def rank_status(board: str, points: int) -> str:
    """The rank status ``points`` give on ``board``: the highest threshold reached (R27)."""
    single = board == "single"  # (asked for every game a profile folds: no search per status)
    found = STARTER
    for status, at_single, at_double in STATUSES:
        if points >= (at_single if single else at_double):
            found = status
    return found


def next_status(board: str, points: int) -> tuple[str, int] | None:
    """The next rank status to reach and the points it starts at; None at the top."""
    for status in STATUS_NAMES:
        if threshold(board, status) > points:
            return status, threshold(board, status)
    return None


def sees_possible_moves(status: str) -> bool:
    """Whether a player of ``status`` sees the possible moves in a rated game (R27)."""
    return status in SEES_POSSIBLE_MOVES


def status_name(status: str) -> str:
    """``status`` in the page's language (the manual's words, R27)."""
    return t("rs_" + status)


def no_points(name: str, board: str) -> int | None:
    """No profiles to ask (tests, tools): no player's points are known."""
    return None


def rank_statuses(board: str, names: tuple[str | None, str | None], computer: int | None,
                  points: Callable[[str, str], int | None]) -> list[str | None]:
    """Each player's rank status on ``board`` by color, from ``points`` (the
    profiles' reader): None for the computer's side, a player with no name
    (an unrated game) or one whose points do not read.

    >>> rank_statuses("single", ("Anna", "Bo"), 1, lambda name, board: 150)
    ['beginner', None]
    """
    found: list[str | None] = [None, None]
    for color, name in enumerate(names):
        got = None if name is None or color == computer else points(name, board)
        if got is not None:
            found[color] = rank_status(board, got)
    return found
