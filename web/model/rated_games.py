"""One rated game of a profile, and what its games fold into on a board:
the rating and the points with their rank status (R26, R27), and the
starting point the games dropped at the limit leave (web/model/profiles.py
keeps them, reads them and checks them)."""

from __future__ import annotations

import time

from militakiri.bounded import clean_name, excerpt

from web.i18n.texts import TextError
from web.model.jsontext import is_int, string_text
from web.model.points import points_after, rank_status
from web.model.rating import NEW, Glicko

#: 3: a starting point (``start``) the games dropped at the limit fold into;
#: 2: each game's points and each board's points and rank status (R26, R27);
#: 1: before them. A profile is written as format 2 until it has a start.
FORMAT = 3
#: The games a profile keeps at most (web/model/profiles.py folds the older ones into its start).
MAX_GAMES = 5000
BOARDS = ("single", "double")
RESULTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}
#: How a rated game ended: the rules (a player without towers, without a
#: move, the endgame rule), a resignation, the clock, a forfeit (R26: a game
#: between two devices left or its connection lost), or a new game started
#: over it (against the computer only).
ENDINGS = ("towers", "no-moves", "move-rule", "time", "deadline", "resignation", "forfeit", "abandoned")


#: A person's games against the computer name its level; between people, 0.
PERSON = 0


#: More points than MAX_GAMES double-board wins could give (R26).
MAX_POINTS = 20 * MAX_GAMES


class ProfileError(TextError):
    """A profile that cannot be read, or a count that could not be kept: why."""


class AlreadyRated(ProfileError):
    """A game a profile has counted already (its save reopened and finished again)."""


class RatedGame:
    """One rated game of a profile, from its player's side."""

    __slots__ = ("game", "board", "when", "opponent", "level", "opponent_rating", "opponent_deviation", "result",
                 "ended", "after", "points")

    def __init__(self, game: str, board: str, when: int, opponent: str, level: int, opponent_rating: int,
                 opponent_deviation: int, result: str, ended: str, after: int = 0, points: int = 0) -> None:
        #: The game's id (UiState.rated): a game is rated once, however often it is opened.
        self.game = game
        self.board = board
        self.when = when  # seconds since 1970
        self.opponent = opponent
        self.level = level  # the computer's level, or PERSON
        self.opponent_rating = opponent_rating  # before the game
        self.opponent_deviation = opponent_deviation
        self.result = result  # "win", "draw" or "loss"
        self.ended = ended
        self.after = after  # this player's rating after it, rounded
        self.points = points  # this player's points on the board after it (R26)

    def _key(self) -> tuple[object, ...]:
        return (self.game, self.board, self.when, self.opponent, self.level, self.opponent_rating,
                self.opponent_deviation, self.result, self.ended, self.after, self.points)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RatedGame) and self._key() == other._key()

    def __repr__(self) -> str:
        return "RatedGame(" + ", ".join(repr(value) for value in self._key()) + ")"

    def to_dict(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in RatedGame.__slots__}

    def json(self) -> str:
        """``dumps(self.to_dict(), compact=True)``, written field by field: a
        profile writes thousands of games at every rated game's end.

        >>> from web.model.jsontext import dumps
        >>> game = RatedGame("g1", "single", 1800000000, "Zo\u00eb", 0, 1500, 60, "win", "towers", 1681, 10)
        >>> game.json() == dumps(game.to_dict(), compact=True)
        True
        """
        return (f'{{"after":{self.after},"board":{string_text(self.board)},"ended":{string_text(self.ended)},'
                f'"game":{string_text(self.game)},"level":{self.level},"opponent":{string_text(self.opponent)},'
                f'"opponent_deviation":{self.opponent_deviation},"opponent_rating":{self.opponent_rating},'
                f'"points":{self.points},"result":{string_text(self.result)},"when":{self.when}}}')

    @classmethod
    def from_dict(cls, data: object, number: int, version: int = FORMAT, names: set[str] | None = None) -> RatedGame:
        """The game ``data`` holds (the ``number``-th of a profile of format
        ``version``: before format 2 a game has no points, folded later);
        ``names``: the opponents' names found clean so far (a profile of
        thousands of games names a few opponents)."""
        names = set() if names is None else names
        fields = _FIELDS if version >= 2 else _FIELDS_BEFORE_POINTS
        if not isinstance(data, dict) or sorted(data) != fields:
            raise ProfileError("pf_game_not_rated", number=number)
        board, result, ended = data["board"], data["result"], data["ended"]
        if board not in BOARDS:
            raise ProfileError("pf_game_board", number=number, value=excerpt(board))
        if result not in RESULTS:
            raise ProfileError("pf_game_result", number=number, value=excerpt(result))
        if ended not in ENDINGS:
            raise ProfileError("pf_game_ended", number=number, value=excerpt(ended))
        if not is_game_id(data["game"]):
            raise ProfileError("pf_game_id", number=number)
        opponent = data["opponent"]
        if not isinstance(opponent, str) or not opponent or (
                opponent not in names and clean_name(opponent) != opponent):
            raise ProfileError("pf_game_opponent", number=number)
        names.add(opponent)
        for name, low, high in _NUMBERS:
            value = data.get(name, 0)
            if not is_int(value) or not low <= value <= high:
                raise ProfileError("pf_game_number", number=number, field=name, low=low, high=high)
        return cls(data["game"], board, data["when"], opponent, data["level"], data["opponent_rating"],
                   data["opponent_deviation"], result, ended, data["after"], data.get("points", 0))


_FIELDS = sorted(RatedGame.__slots__)
_FIELDS_BEFORE_POINTS = sorted(RatedGame.__slots__[:-1])
#: A game's numbers and the bounds they are read within.
_NUMBERS = (("after", 0, 4000), ("level", 0, 99), ("opponent_deviation", 0, 1000), ("opponent_rating", 0, 4000),
            ("points", 0, MAX_POINTS), ("when", 0, 10 ** 11))


class RatingChange:
    """What one rated game did to a profile's rating and points on its
    board; ``color``: the side the profile's player had (None where no
    game's sides are known)."""

    __slots__ = ("name", "board", "before", "after", "color", "points_before", "points_after")

    def __init__(self, name: str, board: str, before: Glicko, after: Glicko, color: int | None = None,
                 points_before: int = 0, points_after: int = 0) -> None:
        self.name = name
        self.board = board
        self.before = before
        self.after = after
        self.color = color
        self.points_before = points_before  # R26
        self.points_after = points_after

    def __repr__(self) -> str:
        return (f"RatingChange({self.name!r}, {self.board!r}, {self.before!r}, {self.after!r}, {self.color!r}, "
                f"{self.points_before!r}, {self.points_after!r})")

    @property
    def difference(self) -> int:
        """The rating's change as the page shows it: rounded ratings' difference."""
        return round(self.after.rating) - round(self.before.rating)

    @property
    def rank_status(self) -> str:
        """The rank status the points left (R27)."""
        return rank_status(self.board, self.points_after)

    @property
    def rank_status_before(self) -> str:
        return rank_status(self.board, self.points_before)


class Standing:
    """A profile's figures on one board, folded from its games."""

    __slots__ = ("board", "glicko", "games", "wins", "draws", "losses", "best_win", "history", "points",
                 "points_history")

    def __init__(self, board: str, start: Start | None = None) -> None:
        self.board = board
        self.glicko = NEW if start is None else start.glicko
        self.games = self.wins = self.draws = self.losses = 0
        if start is not None:
            self.games, self.wins, self.draws, self.losses = start.games, start.wins, start.draws, start.losses
        #: The game against the highest-rated opponent won, if any.
        self.best_win: RatedGame | None = None
        #: (when, rating after) of each game, oldest first.
        self.history: list[tuple[int, int]] = []
        #: The points (R26), and (when, points after) of each game, oldest first.
        self.points = 0 if start is None else start.points
        self.points_history: list[tuple[int, int]] = []

    @property
    def rank_status(self) -> str:
        """The rank status the points give (R27)."""
        return rank_status(self.board, self.points)

    def copy(self) -> Standing:
        """A standing to add games to, this one left as it is."""
        other = Standing(self.board)
        for name in Standing.__slots__:
            value = getattr(self, name)
            setattr(other, name, list(value) if isinstance(value, list) else value)
        return other

    def start(self) -> Start:
        """Where a profile's kept games begin once the games so far are dropped."""
        return Start(self.glicko, self.points, self.games, self.wins, self.draws, self.losses)


    def add(self, game: RatedGame) -> Glicko:
        """Count ``game`` and return the rating it leaves."""
        opponent = Glicko(game.opponent_rating, game.opponent_deviation)
        self.glicko = self.glicko.after([(opponent, RESULTS[game.result])])
        self.points = points_after(self.board, self.points, game.result, game.ended)
        self.games += 1
        if game.result == "win":
            self.wins += 1
            if self.best_win is None or game.opponent_rating > self.best_win.opponent_rating:
                self.best_win = game
        elif game.result == "draw":
            self.draws += 1
        else:
            self.losses += 1
        self.history.append((game.when, round(self.glicko.rating)))
        self.points_history.append((game.when, self.points))
        return self.glicko


class Start:
    """A profile's starting point on one board: what the games dropped at
    the limit (MAX_GAMES) left, which the games kept fold on from."""

    __slots__ = ("glicko", "points", "games", "wins", "draws", "losses")

    def __init__(self, glicko: Glicko, points: int, games: int, wins: int, draws: int, losses: int) -> None:
        self.glicko = glicko
        self.points = points
        self.games, self.wins, self.draws, self.losses = games, wins, draws, losses

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Start) and self.to_dict() == other.to_dict()

    def to_dict(self) -> dict[str, object]:
        return {"rating": self.glicko.rating, "deviation": self.glicko.deviation,
                "volatility": self.glicko.volatility, "points": self.points, "games": self.games,
                "wins": self.wins, "draws": self.draws, "losses": self.losses}


def new_game_id(serial: int, now: float | None = None) -> str:
    """A rated game's id: the time in milliseconds and the page's game
    number, in base 36 (unique on a device, short in its profiles).

    >>> new_game_id(3, now=1800000000.0)
    'mywpiww003'
    """
    millis = int((time.time() if now is None else now) * 1000)
    serial_digits = _base36(serial)
    return _base36(millis) + "0" * (2 - len(serial_digits)) + serial_digits


def _base36(number: int) -> str:
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = _ID_CHARS[digit] + digits
        if number == 0:
            return digits


def is_game_id(value: object) -> bool:
    """Whether ``value`` is a rated game's id (:func:`new_game_id`)."""
    return isinstance(value, str) and 1 <= len(value) <= 32 and all(char in _ID_CHARS for char in value)


_ID_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"
