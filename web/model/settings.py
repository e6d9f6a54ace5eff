"""New-game settings: board, time control, names, optional start position.

Pure Python (no browser), so it is tested with plain pytest. The settings
only say how to *start* a game; once it starts, everything lives in the
engine's :class:`~militakiri.Game` (set-ups, dice, time control, names,
tokens), which is what a saved game or a link will carry.

The time choices New game offers, and the fields of another time, are
web/model/clocks.py's (R21, R22).
"""

from __future__ import annotations

from militakiri import InvalidTimeControlError, TimeControl
from militakiri.bounded import MAX_NAME_CHARS, clean_name, is_digits
from militakiri.ai.levels import LEVELS as AI_LEVELS
from militakiri.ai.levels import LevelError, parse_level
#: The longest player name (the engine's one rule for names: bounded.clean_name).
MAX_NAME = MAX_NAME_CHARS

from web.model.query import query_params  # urllib.parse costs ~0.1 s at the start (query.py)
from web.model.values import Value

#: The computer's color in a URL (``computer=black``); its levels, weakest
#: first (the level list alone: the page loads the search only in the
#: computer's worker).
COLOR_WORDS = {"white": 0, "black": 1}
LEVELS = tuple(sorted(AI_LEVELS))
MAX_LEVEL = LEVELS[-1]
#: The side the player takes against the computer (its words: ng_side_<side>).
SIDES = ("white", "black", "random")
#: Longest ``?position=`` read: a position string of the double board
#: takes at most about 300 characters.
MAX_POSITION_CHARS = 1000
#: Longest ``?seed=`` read (a seed is any whole number of this many digits).
MAX_SEED_DIGITS = 18


class GameSettings(Value):
    """How to start the next game."""

    __slots__ = ("board", "time_control", "white", "black", "position", "seed", "computer", "level", "touch_move",
                 "turn_board", "ignored", "rated", "show_moves", "remote")
    #: (``ignored`` says what the URL had beside them: not part of the settings themselves.)
    _identity = ("board", "time_control", "white", "black", "position", "seed", "computer", "level", "touch_move",
                 "turn_board", "rated", "show_moves", "remote")

    def __init__(self, board: str = "single", time_control: str = "-", white: str = "", black: str = "",
                 position: str | None = None, seed: int | None = None, computer: int | None = None, level: int = 3,
                 touch_move: bool = False, turn_board: bool = False, ignored: tuple[str, ...] = (),
                 rated: bool = False, show_moves: bool = True,
                 remote: int | None = None) -> None:
        self.board = board
        self.time_control = time_control
        self.white = white
        self.black = black
        #: A position string to start from (puzzles, analysis, tests); skips
        #: the set-up and the dice.
        self.position = position
        #: Seed of the dice and random set-ups (reproducible tests); None = random.
        self.seed = seed
        #: The color the computer plays (0 White, 1 Black), None: two players
        #: on this device; its level 1..4 (militakiri.ai, web/model/modes/computer.py).
        self.computer = computer
        self.level = level
        #: R25 (optional, off by default): a piece a player selects must move.
        self.touch_move = touch_move
        #: Two players on this device: the board turns to the player to move
        #: after each move.
        self.turn_board = turn_board
        #: The URL options that could not be read and were left out (their
        #: names), for the page to say so (not compared).
        self.ignored = ignored
        #: The game counts for the players' ratings (web/model/profiles.py):
        #: the names are their profiles. Off unless chosen.
        self.rated = rated
        #: The dots and rings of a selected piece's possible moves, in an
        #: unrated game (a rated one shows them by rank status, R27:
        #: web/model/modes/rated.py). On unless the player turns them off.
        self.show_moves = show_moves
        #: The color the embedding page plays (``?embed=1&remote=black``): its
        #: set-up, dice and moves come as messages (web/model/remote.py), the
        #: board plays the other side. None: both sides are played here.
        self.remote = remote

    def copy(self) -> GameSettings:
        """The same settings, a new object (``dataclasses.replace`` once)."""
        return GameSettings(self.board, self.time_control, self.white, self.black, self.position, self.seed,
                            self.computer, self.level, self.touch_move, self.turn_board, self.ignored, self.rated,
                            self.show_moves, self.remote)

    def rated_problem(self) -> str | None:
        """Why these settings cannot make a rated game (the key of its text), or None.

        >>> GameSettings(white="Anna", black="anna", rated=True).rated_problem()
        'ng_rated_same'
        >>> GameSettings(black="Anna", computer=0, rated=True).rated_problem() is None
        True
        """
        if not self.rated:
            return None
        if self.position:
            return "ng_rated_position"  # a game from a position is practice, not a rated game
        names = [name for color, name in enumerate((self.white, self.black)) if color != self.computer]
        if not all(names):
            return "ng_rated_names"
        if len(names) == 2 and names[0].lower() == names[1].lower():
            return "ng_rated_same"
        return None

    def control(self) -> TimeControl:
        return TimeControl.parse(self.time_control)

    def rematch(self) -> GameSettings:
        """The same game again with the colors swapped: each name, and the
        computer, on the other side.

        >>> again = GameSettings(white="Anna", computer=1, level=3).rematch()
        >>> again.white, again.black, again.computer, again.level
        ('', 'Anna', 0, 3)
        """
        again = self.copy()
        again.white, again.black, again.ignored = self.black, self.white, ()
        again.computer = None if self.computer is None else 1 - self.computer
        again.remote = None if self.remote is None else 1 - self.remote
        return again


def from_query(query: str) -> GameSettings:
    """Settings from a page URL's query string (``?position=...&time=300+5``).

    A ``+`` in a query string means a space, so ``time=300 5`` is read as
    ``300+5`` too (write ``%2B`` to be exact). A bad value falls back to the
    default and its option's name goes into ``ignored``, for the page to
    say so: a link never stops the page from loading.

    >>> from_query("?time=1e400%2B0&seed=%C2%B2&level=4&computer=black").ignored
    ('time', 'seed')
    >>> from_query("?white=Anna&computer=black&rated=1").rated, from_query("?rated=1").ignored
    (True, ('rated',))
    >>> from_query("?embed=1&remote=black").remote, from_query("?remote=black").ignored
    (1, ('remote',))
    """
    params = query_params(query)
    settings = GameSettings()
    ignored = []
    board = params.get("board")
    if board in ("single", "double"):
        settings.board = board
    elif board is not None:
        ignored.append("board")
    time = params.get("time", "").strip().replace(" ", "+")
    if time:
        try:
            settings.time_control = TimeControl.parse(time).text()
        except InvalidTimeControlError:
            ignored.append("time")
    settings.white = clean_name(params.get("white", ""))
    settings.black = clean_name(params.get("black", ""))
    position = params.get("position", "").strip()
    if len(position) > MAX_POSITION_CHARS:
        ignored.append("position")
    elif position:
        settings.position = position
    seed = params.get("seed", "").strip()
    if is_digits(seed) and len(seed) <= MAX_SEED_DIGITS:
        settings.seed = int(seed)
    elif seed:
        ignored.append("seed")
    settings.touch_move = params.get("touch", "").strip().lower() in ("1", "true", "yes", "on")
    # Against the computer: computer=white|black, level=1..4 or max.
    computer = params.get("computer", "").strip().lower()
    if computer in COLOR_WORDS:
        settings.computer = COLOR_WORDS[computer]
        level = params.get("level", "").strip()
        if level:
            try:
                settings.level = parse_level(level)
            except LevelError:
                ignored.append("level")
    elif computer:
        ignored.append("computer")
    # ``remote=white|black``, in an embedded board only: the parent page plays that side.
    remote = params.get("remote", "").strip().lower()
    embedded = params.get("embed", "").strip().lower() in ("1", "true", "yes", "on")
    if remote in COLOR_WORDS and embedded:
        settings.remote = COLOR_WORDS[remote]
        if settings.computer is not None:  # one side is played elsewhere: the parent's word wins
            settings.computer = None
            ignored.append("computer")
    elif remote:
        ignored.append("remote")
    # ``rated=1``: the names are the players' profiles (an embedding site's own player, say).
    settings.rated = params.get("rated", "").strip().lower() in ("1", "true", "yes", "on")
    if settings.rated_problem() is not None:
        settings.rated = False
        ignored.append("rated")
    settings.ignored = tuple(ignored)
    return settings


def has_game_params(query: str) -> bool:
    """Whether the URL says how to start, so no new-game dialog is needed."""
    params = query_params(query)
    return any(k in params for k in ("position", "board"))
