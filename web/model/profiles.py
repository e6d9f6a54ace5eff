"""Players' profiles on this device: a name, and per board a rating (the
fold of the profile's rated games, web/model/rating.py) and points with
their rank status (R26, R27: web/model/points.py), folded the same way.

A profile keeps its rated games, oldest first, and nothing it could work
out from them: the rating, its deviation, the points, the wins and the
histories are folded from the games whenever they are asked for, as a
replay folds a game's moves. Each game also says the rating it left
(``after``) and the points (``points``); the file says each board's points
and rank status. A profile whose games do not fold to those figures, or
whose check code (web/model/jsontext.py ``check_code``) does not match, was
changed outside the game and is refused (:class:`ProfileError`) with the
reason: never read in part, never written over. A profile of format 1
(before points) is read, its points folded from its games. At MAX_GAMES
the oldest game is folded into a starting point per board (``start``,
format 3: the rating, deviation, volatility, points and counts it left),
so the games kept still fold to what they say; the start is checked like
the rest. A game's id appears once.

The same text is the export file (docs/embed.md shows one)::

    {"format": 2, "kind": "militakiri-profile", "name": "Anna",
     "games": [{"game": "k3v9q2", "board": "single", "when": 1800000000, "opponent": "Computer, level 5",
                "level": 5, "opponent_rating": 1402, "opponent_deviation": 60,
                "result": "win", "ended": "towers", "after": 1736, "points": 10}, ...],
     "points": {"single": 10, "double": 0}, "rank_status": {"single": "starter", "double": "starter"},
     "check": "Xa9_"}

>>> anna = Profile("Anna")
>>> anna, change = anna.rated(RatedGame("g1", "single", 1800000000, "Computer, level 5", 5, 1402, 60, "win", "towers"))
>>> change.before.display(), change.after.display()
('1500?', '1681?')
>>> Profile.read(anna.text()) == anna
True
>>> change.points_before, change.points_after, anna.standing("single").rank_status
(0, 10, 'starter')
>>> Profile.read(anna.text().replace('"win"', '"draw"'))
Traceback (most recent call last):
...
web.model.rated_games.ProfileError: it was changed outside the game or cut short (its check code does not match)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from militakiri.bounded import MAX_NAME_CHARS, clean_name
from militakiri.textcodec import crc_code

from web.i18n.texts import t
from web.model.jsontext import check_code, dumps, is_int, loads
from web.model.names import fold
from web.model.points import STATUS_NAMES, status_name
from web.model.rated_games import (
    BOARDS, FORMAT, MAX_GAMES, MAX_POINTS, PERSON, AlreadyRated, ProfileError, RatedGame, RatingChange, Standing, Start,
)
from web.model.rating import MAX_DEVIATION, MAX_VOLATILITY, MIN_DEVIATION, Glicko

if TYPE_CHECKING:
    from typing import Any

#: Where a profile is kept: this prefix and a code of its name (localStorage).
PROFILE_KEY = "militakiri.profile."
#: The code of a name in its key since names are folded (:func:`profile_key`):
#: the folded name's UTF-8 in hex, one key per name; before it, 8 hex
#: digits of a 32-bit hash (:func:`legacy_keys`), which two names could share.
NAME_KEY = PROFILE_KEY + "name."
KIND = "militakiri-profile"
MAX_PROFILE_CHARS = 2_000_000
#: The brackets a profile of MAX_GAMES games has at most (a game is one
#: object; the file, its start and its boards' figures a few more): counted
#: before the text is read, so a file of more games is refused before it
#: fills the memory.
MAX_OBJECTS = MAX_GAMES + 16
#: The history's figures may differ by this much between interpreters (float rounding).
TOLERANCE = 1


class Profile:
    """A player's name and rated games (a value: :meth:`rated` returns a new
    one), and per board the starting point of the games dropped at the
    limit, if any."""

    __slots__ = ("name", "games", "start", "_standings", "_games_json")

    def __init__(self, name: str, games: list[RatedGame] | None = None,
                 start: dict[str, Start] | None = None) -> None:
        self.name = name
        self.games = [] if games is None else list(games)
        self.start = {} if start is None else dict(start)
        #: Each board's fold, once worked out: a profile of MAX_GAMES games
        #: is folded once, not at every question.
        self._standings: dict[str, Standing] = {}
        #: Its games as :meth:`text` writes them (their JSON, joined by
        #: commas), once known: the text it was read from holds them, and the
        #: next rated game adds one; in MicroPython writing MAX_GAMES games
        #: one by one takes seconds.
        self._games_json: str | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Profile) and (self.name, self.games, self.start) == (
            other.name, other.games, other.start)

    def __repr__(self) -> str:
        return f"Profile({self.name!r}, {len(self.games)} games)"

    @property
    def key(self) -> str:
        return profile_key(self.name)

    def standing(self, board: str) -> Standing:
        """The figures on ``board`` (folded once: not to be changed; :meth:`Standing.copy` to add to)."""
        standing = self._standings.get(board)
        if standing is None:
            standing = Standing(board, self.start.get(board))
            for game in self.games:
                if game.board == board:
                    standing.add(game)
            self._standings[board] = standing
        return standing

    def glicko(self, board: str) -> Glicko:
        return self.standing(board).glicko

    def rated(self, game: RatedGame, color: int | None = None) -> tuple[Profile, RatingChange]:
        """This profile with ``game`` added (its ``after`` filled in), and the
        change (``color``: the player's side in it); AlreadyRated if the game
        is rated already. At MAX_GAMES the oldest game is folded into its
        board's starting point: the rating and points go on as they were."""
        if any(kept.game == game.game for kept in self.games):
            raise AlreadyRated("pf_rated_already", game=game.game)
        standing = self.standing(game.board).copy()
        before, points_before = standing.glicko, standing.points
        after = standing.add(game)
        kept = RatedGame(game.game, game.board, game.when, game.opponent, game.level, game.opponent_rating,
                         game.opponent_deviation, game.result, game.ended, round(after.rating), standing.points)
        games, start = self.games + [kept], dict(self.start)
        while len(games) > MAX_GAMES:
            dropped = games.pop(0)
            folded = Standing(dropped.board, start.get(dropped.board))
            folded.add(dropped)
            start[dropped.board] = folded.start()
        profile = Profile(self.name, games, start)
        if len(games) == len(self.games) + 1:  # nothing dropped: the folds so far hold
            profile._standings = dict(self._standings)
            profile._standings[game.board] = standing
        written = self._games_json
        if written is not None:
            for dropped_game in self.games[:len(self.games) + 1 - len(games)]:
                head = dropped_game.json()
                written = written[len(head) + 1:] if written.startswith(head + ",") else None
                if written is None:
                    break
        if written is not None:
            profile._games_json = written + ("," if written else "") + kept.json()
        return profile, RatingChange(self.name, game.board, before, after, color, points_before, standing.points)

    def text(self) -> str:
        """The stored form, which is also the export file."""
        standings = {board: self.standing(board) for board in BOARDS}
        body: dict[str, Any] = {"format": FORMAT, "kind": KIND, "name": self.name, "games": [],
                                "points": {board: standings[board].points for board in BOARDS},
                                "rank_status": {board: standings[board].rank_status for board in BOARDS}}
        if self.start:  # (format 2 until a game is dropped: a page before format 3 still reads it)
            body["start"] = {board: start.to_dict() for board, start in sorted(self.start.items())}
        else:
            body["format"] = 2
        # The games written each by its own writer, into the one place "games" can be
        # (a key: in a string its quotes would be escaped); then sealed as sealed() does.
        if self._games_json is None:
            self._games_json = ",".join(game.json() for game in self.games)
        text = dumps(body, compact=True).replace('"games":[]', '"games":[' + self._games_json + "]", 1)
        return '{"check":"' + crc_code(text) + '",' + text[1:]

    @classmethod
    def read(cls, text: object) -> Profile:
        """The profile ``text`` holds; ProfileError (saying why) if it is not one, or was changed."""
        if not isinstance(text, str):
            raise ProfileError("pf_not_text")
        if len(text) > MAX_PROFILE_CHARS:
            raise ProfileError("pf_too_long", chars=len(text))
        if text.count("{") > MAX_OBJECTS:  # counted in C, before the text is read into objects
            raise ProfileError("pf_games", most=MAX_GAMES)
        try:
            data = loads(text, max_chars=MAX_PROFILE_CHARS)
        except ValueError:
            raise ProfileError("pf_not_json") from None
        except MemoryError:  # (a text within the bounds that still does not fit: said, not thrown)
            raise ProfileError("pf_too_long", chars=len(text)) from None
        if not isinstance(data, dict) or data.get("kind") != KIND:
            raise ProfileError("pf_not_profile")
        version = data.get("format")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise ProfileError("pf_no_format")
        if version > FORMAT:
            raise ProfileError("pf_newer")
        check = data.pop("check", None)
        as_written = _sealed_as_written(text, check)
        if not as_written and check != check_code(data):
            raise ProfileError("pf_check")
        name, games = data.get("name"), data.get("games")
        if not isinstance(name, str) or not name or clean_name(name) != name:
            raise ProfileError("pf_name", most=MAX_NAME_CHARS)
        if not isinstance(games, list) or len(games) > MAX_GAMES:
            raise ProfileError("pf_games", most=MAX_GAMES)
        names: set[str] = set()
        kept = [RatedGame.from_dict(game, number, version, names) for number, game in enumerate(games, 1)]
        first: dict[str, int] = {}
        for number, game in enumerate(kept, 1):  # a game counts once (Profile.rated)
            if game.game in first:
                raise ProfileError("pf_game_twice", number=number, first=first[game.game], game=game.game)
            first[game.game] = number
        start = _read_start(data.get("start")) if version >= 3 else {}
        profile = cls(name, kept, start)
        _check_history(profile, version)
        if version >= 2:
            _check_standing(profile, data.get("points"), data.get("rank_status"))
        if as_written and version >= 2:  # the games as text() writes them: kept, not written again
            begin = text.find('"games":[') + len('"games":[')
            end = text.find('],"kind":', begin)  # (in a string a quote is escaped: the games end here)
            written = text[begin:end] if begin >= len('"games":[') and end >= begin else ""
            if kept and written.startswith(kept[0].json()) and written.endswith(kept[-1].json()):
                profile._games_json = written
        return profile


class RatedEnd:
    """A rated game's end, as the profiles count it (UiState.rated_end)."""

    __slots__ = ("game", "board", "names", "computer", "level", "winner", "ended", "remote")

    def __init__(self, game: str, board: str, names: tuple[str, str], computer: int | None, level: int,
                 winner: int | None, ended: str, remote: int | None = None) -> None:
        self.game = game
        self.board = board
        self.names = names  # White's and Black's: the profiles' names, or the computer's
        self.computer = computer  # the computer's color, None between two people
        self.level = level
        self.winner = winner  # 0, 1 or None (a draw)
        self.ended = ended  # one of ENDINGS
        #: The color of a person playing on another device (through the
        #: embedding page): their profile is theirs to keep there, so only
        #: their rating is read here, as the opponent's.
        self.remote = remote

    def __repr__(self) -> str:
        return (f"RatedEnd({self.game!r}, {self.board!r}, {self.names!r}, {self.computer!r}, {self.level!r}, "
                f"{self.winner!r}, {self.ended!r}, {self.remote!r})")

    def players(self) -> list[int]:
        """The colors whose profiles count the game (not the computer's, not
        a person's on another device)."""
        return [color for color in (0, 1) if color != self.computer and color != self.remote]

    def people(self) -> list[int]:
        """The colors played by people, here or on another device: whose
        profiles' ratings the game is rated against."""
        return [color for color in (0, 1) if color != self.computer]

    def result(self, color: int) -> str:
        if self.winner is None:
            return "draw"
        return "win" if self.winner == color else "loss"


def rate(end: RatedEnd, profiles: dict[int, Profile], computer: Glicko | None,
         when: int) -> tuple[dict[int, Profile], list[RatingChange]]:
    """The players' profiles after ``end`` (by color: the profiles as they
    were before it), and each rating's change. ``computer`` is the level's
    rating (web/model/ladder.py) in a game against it. Each player is rated
    against the other's rating from before the game. ProfileError if the
    game is rated already.

    >>> end = RatedEnd("g7", "single", ("Anna", "Bo"), None, 0, 0, "towers")
    >>> after, changes = rate(end, {0: Profile("Anna"), 1: Profile("Bo")}, None, 1800000000)
    >>> [(change.name, change.difference, change.points_after) for change in changes]
    [('Anna', 242, 10), ('Bo', -242, 0)]
    >>> remote = RatedEnd("g8", "single", ("Anna", "Bo"), None, 0, 0, "forfeit", remote=1)
    >>> after, changes = rate(remote, {0: Profile("Anna"), 1: Profile("Bo")}, None, 1800000000)
    >>> sorted(after), [(change.name, change.difference) for change in changes]
    ([0], [('Anna', 242)])
    """
    before = {color: profile.glicko(end.board) for color, profile in profiles.items()}
    after, changes = {}, []
    for color in end.players():
        other = 1 - color
        opponent = computer if end.computer == other else before[other]
        if opponent is None:
            raise ProfileError("rk_no_ladder")
        game = RatedGame(end.game, end.board, when, end.names[other], end.level if end.computer == other else PERSON,
                         round(opponent.rating), round(opponent.deviation), end.result(color), end.ended)
        after[color], change = profiles[color].rated(game, color)
        changes.append(change)
    return after, changes


def _check_history(profile: Profile, version: int) -> None:
    """Refuse a profile whose games do not fold to the ratings and points
    they say they left; a profile of format 1 had no points: its games get
    theirs from the fold."""
    standings = {board: Standing(board, profile.start.get(board)) for board in BOARDS}
    for number, game in enumerate(profile.games, 1):
        standing = standings[game.board]
        after = standing.add(game)
        if abs(round(after.rating) - game.after) > TOLERANCE:
            raise ProfileError("pf_history", number=number, said=game.after, folded=round(after.rating))
        if version < 2:
            game.points = standing.points
        elif game.points != standing.points:  # whole numbers: no rounding to allow for
            raise ProfileError("pf_points", number=number, said=game.points, folded=standing.points)
    profile._standings = standings  # folded once: what the profile is asked next


def _check_standing(profile: Profile, points: object, statuses: object) -> None:
    """Refuse a profile whose boards' points or rank statuses are not its games' (R26, R27)."""
    if not isinstance(points, dict) or sorted(points) != sorted(BOARDS) \
            or not isinstance(statuses, dict) or sorted(statuses) != sorted(BOARDS):
        raise ProfileError("pf_standing")
    for board in BOARDS:
        standing = profile.standing(board)
        said, status = points[board], statuses[board]
        if not is_int(said) or status not in STATUS_NAMES:
            raise ProfileError("pf_standing")
        if said != standing.points or status != standing.rank_status:
            raise ProfileError("pf_standing_folded", board=t("rk_" + board).lower(), said=said, folded=standing.points,
                               status=status_name(status), folded_status=status_name(standing.rank_status))


def profile_key(name: str) -> str:
    """The storage key of ``name``'s profile: one name, one key, and names
    differing only in case or in how an accent is written are one name
    (web/model/names.py).

    >>> profile_key("Anna") == profile_key("ANNA"), profile_key("Anna")
    (True, 'militakiri.profile.name.616e6e61')
    >>> profile_key("\u00c9LODIE") == profile_key("e\u0301lodie")
    True
    """
    return NAME_KEY + "".join("%02x" % byte for byte in fold(name).encode())


def legacy_keys(name: str) -> list[str]:
    """Where a profile of ``name`` was kept before :func:`profile_key`: a
    32-bit FNV-1a hash of the name lowered, in MicroPython (ASCII letters
    only) or in CPython and Pyodide (every letter). Two names can share such
    a key: what lies there is ``name``'s only if its name folds the same.

    >>> legacy_keys("Anna")
    ['militakiri.profile.dcb48dfe']
    >>> len(legacy_keys("\u00c9lodie"))
    2
    """
    keys = []
    for lowered in ("".join(char.lower() if char < "\x80" else char for char in name), name.lower()):
        code = 0
        for byte in lowered.encode():
            code = ((code ^ byte) * 16777619) & 0xFFFFFFFF
        key = f"{PROFILE_KEY}{code:08x}"
        if key not in keys:
            keys.append(key)
    return keys


def same_name(one: str, other: str) -> bool:
    """Whether two names are one profile's."""
    return fold(one) == fold(other)


def _read_start(data: object) -> dict[str, Start]:
    """The starting points a profile of format 3 says (checked like its games:
    numbers within what a rating and points can be)."""
    if data is None:
        return {}
    if not isinstance(data, dict) or not set(data) <= set(BOARDS):
        raise ProfileError("pf_start")
    start = {}
    for board, figures in data.items():
        names = ("rating", "deviation", "volatility", "points", "games", "wins", "draws", "losses")
        if not isinstance(figures, dict) or sorted(figures) != sorted(names):
            raise ProfileError("pf_start")
        rating, deviation, volatility = figures["rating"], figures["deviation"], figures["volatility"]
        if not all(isinstance(value, (int, float)) and not isinstance(value, bool) for value in
                   (rating, deviation, volatility)):
            raise ProfileError("pf_start")
        counts = [figures[name] for name in names[3:]]
        if not (0 <= rating <= 4000 and MIN_DEVIATION <= deviation <= MAX_DEVIATION
                and 0 < volatility <= MAX_VOLATILITY and all(is_int(count) and count >= 0 for count in counts)
                and counts[0] <= MAX_POINTS and counts[2] + counts[3] + counts[4] == counts[1]):
            raise ProfileError("pf_start")
        start[board] = Start(Glicko(rating, deviation, volatility), *counts)
    return start


def _sealed_as_written(text: str, check: object) -> bool:
    """Whether ``text`` is its body exactly as :func:`sealed` wrote it, with
    ``check`` its code: the code checked on the text itself, not on the body
    written out again (a profile of MAX_GAMES games is read at once). A text
    written otherwise (spaces, another order) is checked the long way."""
    head = '{"check":"'
    if not isinstance(check, str) or len(check) != 4 or not text.startswith(head + check + '",'):
        return False
    return crc_code("{" + text[len(head) + 6:]) == check
