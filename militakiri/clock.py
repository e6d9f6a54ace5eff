"""Clocks (R21, R22): pure objects fed with timestamps by their caller.

Nothing here sleeps or reads a wall clock: the caller passes ``now`` (in
seconds, from any steady source) to every call, so a test can run a whole
game's clock in microseconds and the browser can keep true time while its
tab sleeps.

Time controls, as written in the game record's TimeControl tag:

- ``-``: no clock (R21: casual play).
- ``600+5``: each player has 600 s, and gains 5 s after each of their moves
  (Fischer increment; ``600+0`` has none).
- ``600d5``: each player has 600 s; the first 5 s of each move are free
  (Bronstein delay).
- ``c86400``: correspondence, 86400 s for each move (R22).

>>> clock = Clock(TimeControl.parse("60+2"))
>>> clock.start(first=0, now=100.0)
>>> clock.moved(now=110.0)    # White used 10 s, gains 2
>>> clock.remaining(0, now=115.0), clock.remaining(1, now=115.0)
(52.0, 55.0)
"""

from __future__ import annotations

import math

from .bounded import MAX_PLIES, excerpt, is_digits, is_player, read_int, read_number, strip_space
from .errors import ClockError, InvalidTimeControlError
from .messages import Text, text

#: The names of inputs a refusal says, made once (checked on every call).
_THE_TIME = text("n_time")
_THE_BONUS = text("n_bonus")
_A_SAVED_TIME = text("n_saved_time")

#: The longest a time control may give (seconds): a player's whole time, or
#: the time for one move in correspondence (R22). Thirty days.
MAX_SECONDS = 30 * 86400
#: The largest Fischer increment or Bronstein delay (seconds).
MAX_BONUS = 3600
#: The most time a clock can hold (seconds): the longest time control and
#: an increment for every move of the longest game (once, a legal game
#: at 30 days + 1 hour passed MAX_SECONDS, and its save and link did not read).
MAX_LEFT = MAX_SECONDS + MAX_BONUS * (MAX_PLIES // 2 + 1)

NONE, FISCHER, BRONSTEIN, CORRESPONDENCE = "none", "fischer", "bronstein", "correspondence"


def _whole_seconds(value: object, what: Text, high: int) -> int:
    """``value`` as a whole number of seconds from 0 to ``high``: the record,
    the link and the save write a time control in whole seconds (NOTATION.md),
    so one that could not be written is refused here, where it is made."""
    seconds = read_number(value, what, 0, high, InvalidTimeControlError)
    if seconds != int(seconds):
        raise InvalidTimeControlError(text("not_whole_seconds", what=what, value=excerpt(value)))
    return int(seconds)


def _moment(now: object) -> float:
    """``now`` (seconds on the caller's clock) if it is a finite number: NaN
    compared false with every time, so a move at ``now=nan`` used no time;
    infinity, a string or a bool are no moment either."""
    if isinstance(now, bool) or not isinstance(now, (int, float)) or not math.isfinite(now):
        raise ClockError(text("not_a_moment", value=excerpt(now)))
    return now


class TimeControl:
    """How much time each player has: see the module's docstring.

    Times are whole seconds, written as digits however long (fourteen days a
    move: ``c1209600``):

    >>> TimeControl(CORRESPONDENCE, 14 * 86400).text(), TimeControl(FISCHER, 600.0, 5).text()
    ('c1209600', '600+5')
    >>> TimeControl(FISCHER, 90.5)
    Traceback (most recent call last):
    ...
    militakiri.errors.InvalidTimeControlError: the time 90.5 is not a whole number of seconds
    """

    def __init__(self, mode: str = NONE, seconds: float = 0, bonus: float = 0) -> None:
        if mode not in (NONE, FISCHER, BRONSTEIN, CORRESPONDENCE):
            raise InvalidTimeControlError(text("not_a_control_kind", value=excerpt(mode)))
        seconds = _whole_seconds(seconds, _THE_TIME, MAX_SECONDS)
        bonus = _whole_seconds(bonus, _THE_BONUS, MAX_BONUS)
        if mode != NONE and seconds <= 0:
            raise InvalidTimeControlError(text("clock_no_time"))
        self.mode = mode
        #: Each player's total time; for correspondence, the time per move.
        self.seconds = seconds
        #: The Fischer increment or the Bronstein delay per move.
        self.bonus = bonus

    @classmethod
    def parse(cls, written: str) -> TimeControl:
        if not isinstance(written, str):
            raise InvalidTimeControlError(text("control_not_text", value=excerpt(written)))
        written = strip_space(written)
        if written == "-":
            return cls()
        parts = _parts(written)
        if parts is None:
            raise InvalidTimeControlError(text("control_bad", value=excerpt(written)))
        seconds_text, sign, bonus_text = parts
        try:
            if sign == "c":
                mode, seconds, bonus = CORRESPONDENCE, cls._seconds(seconds_text), 0
            else:
                mode = BRONSTEIN if sign == "d" else FISCHER
                seconds = cls._seconds(seconds_text)
                bonus = read_int(bonus_text or "0", _THE_BONUS, 0, MAX_BONUS, InvalidTimeControlError)
            return cls(mode, seconds, bonus)
        except InvalidTimeControlError as error:
            raise InvalidTimeControlError(text("control_field", value=excerpt(written), message=error.text)) from None

    @staticmethod
    def _seconds(digits: str) -> int:
        return read_int(digits, _THE_TIME, 0, MAX_SECONDS, InvalidTimeControlError)

    def text(self) -> str:
        if self.mode == NONE:
            return "-"
        if self.mode == CORRESPONDENCE:
            return f"c{self.seconds}"
        sign = "d" if self.mode == BRONSTEIN else "+"
        return f"{self.seconds}{sign}{self.bonus}"

    @property
    def timed(self) -> bool:
        return self.mode != NONE

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TimeControl) and self.text() == other.text()

    def __repr__(self) -> str:
        return f"TimeControl.parse({self.text()!r})"


def _parts(text: str) -> tuple[str, str, str] | None:
    """``(seconds, sign, bonus)`` of a timed control's text, each a string
    of ASCII digits or the sign ``+``, ``d`` or ``c`` (correspondence, no
    bonus), the absent ones empty; ``None`` for any other text.

    >>> _parts("600+5"), _parts("600"), _parts("c86400"), _parts("600+")
    (('600', '+', '5'), ('600', '', ''), ('86400', 'c', ''), None)
    """
    if text[:1] == "c":
        return (text[1:], "c", "") if is_digits(text[1:]) else None
    for sign in "+d":
        seconds, found, bonus = text.partition(sign)
        if found:
            return (seconds, sign, bonus) if is_digits(seconds) and is_digits(bonus) else None
    return (text, "", "") if is_digits(text) else None


class Clock:
    """Two players' clocks; only the player to move has a running one."""

    def __init__(self, control: TimeControl) -> None:
        self.control = control
        #: Time left per player at the start of their current or next move.
        self.left = [float(control.seconds)] * 2
        #: The player whose clock runs, or ``None`` before the start and
        #: while paused.
        self.running: int | None = None
        self.to_move: int | None = None
        #: When the running clock last started.
        self.since = 0.0
        #: Bronstein: the part of the current move's delay not yet used.
        self.delay_left = 0.0

    def start(self, first: int, now: float) -> None:
        """Start ``first``'s clock: the first move after the roll (R21)."""
        now = _moment(now)
        self.to_move = first
        self.running = first
        self.since = now
        self._new_move()

    def _new_move(self) -> None:
        self.delay_left = float(self.control.bonus) if self.control.mode == BRONSTEIN else 0.0

    def _used(self, now: float) -> float:
        now = _moment(now)
        if now < self.since:
            raise ClockError(text("time_backwards", now=now, since=self.since))
        return max(0.0, now - self.since - self.delay_left)

    def remaining(self, color: int, now: float) -> float:
        """Seconds ``color`` has left at ``now`` (never below 0).

        For correspondence, the time left until the current move's deadline.
        """
        if not is_player(color):
            raise ClockError(text("is_not_player", value=excerpt(color)))
        if not self.control.timed:
            return float("inf")
        left = self.left[color]
        if color == self.running:
            left -= self._used(now)
        return max(0.0, left)

    def deadline(self) -> float | None:
        """When the running correspondence move must be made (R22)."""
        if self.control.mode != CORRESPONDENCE or self.running is None:
            return None
        return self.since + self.left[self.running]

    def flagged(self, now: float) -> int | None:
        """The player whose time has run out at ``now``, or ``None``."""
        if self.running is None or not self.control.timed:
            return None
        return self.running if self.remaining(self.running, now) <= 0 else None

    def moved(self, now: float) -> None:
        """The player to move has moved at ``now``: switch the clocks.

        Raises ClockError if their time had already run out, so a caller can
        never credit a move made after the flag fell.
        """
        now = _moment(now)
        if self.to_move is None:
            raise ClockError(text("clock_not_started"))
        mover = self.to_move
        if self.control.timed and self.running is not None:
            if self.flagged(now) == mover:
                raise ClockError(text("clock_ran_out"))
            if self.control.mode == CORRESPONDENCE:
                self.left[mover] = float(self.control.seconds)
            else:
                self.left[mover] -= self._used(now)
                if self.control.mode == FISCHER:
                    self.left[mover] += self.control.bonus
        self.to_move = 1 - mover
        if self.running is not None:
            self.running = self.to_move
        self.since = now
        self._new_move()

    def pause(self, now: float) -> None:
        """Stop the running clock, keeping what has been used (autosave)."""
        now = _moment(now)
        if self.running is None or self.control.mode == CORRESPONDENCE:
            return  # a correspondence deadline is a fixed moment
        self.left[self.running] = self.remaining(self.running, now)
        # The delay of an interrupted move is not granted twice.
        self.delay_left = max(0.0, self.delay_left - (now - self.since))
        self.running = None
        self.since = now

    def resume(self, now: float) -> None:
        """Restart the clock of the player to move."""
        now = _moment(now)
        if self.to_move is None or self.running is not None:
            return
        self.running = self.to_move
        self.since = now

    def set_left(self, white: float, black: float, now: float) -> None:
        """Each player's time left at ``now`` as another clock says it (the
        server's, in a game between two devices, so that two boards do not
        drift apart); the player to move's clock runs on from there, also
        if it was paused. Not for correspondence (its deadline is a date).

        >>> clock = Clock(TimeControl.parse("300+0"))
        >>> clock.start(0, now=10.0)
        >>> clock.set_left(250.5, 280, now=20.0)
        >>> clock.remaining(0, 21.0), clock.remaining(1, 21.0)
        (249.5, 280.0)
        """
        if self.control.mode == CORRESPONDENCE or not self.control.timed:
            raise ClockError(text("clock_live_only"))
        left = [float(read_number(x, text("n_time_left"), 0, MAX_LEFT, ClockError)) for x in (white, black)]
        now = _moment(now)
        self.left = left
        self.since = now
        self._new_move()
        if self.to_move is not None:
            self.running = self.to_move

    def to_dict(self, now: float) -> dict[str, object]:
        """The clock's state at ``now``, for a saved game."""
        return {
            "control": self.control.text(),
            "left": [self.remaining(color, now) if self.control.timed else 0 for color in (0, 1)],
            "to_move": self.to_move,
            "delay_left": self.delay_left,
        }

    @classmethod
    def from_dict(cls, data: object) -> Clock:
        """A paused clock restored from :meth:`to_dict`; ClockError (or
        InvalidTimeControlError) for anything else, field by field."""
        if not isinstance(data, dict):
            raise ClockError(text("saved_clock_not_table", value=excerpt(data)))
        missing = [key for key in ("control", "left", "to_move") if key not in data]
        if missing:
            raise ClockError(text("saved_clock_lacks", missing=", ".join(missing)))
        clock = cls(TimeControl.parse(data["control"]))
        left = data["left"]
        if not (isinstance(left, list) and len(left) == 2):
            raise ClockError(text("saved_clock_times", value=excerpt(left)))
        clock.left = [float(read_number(x, _A_SAVED_TIME, 0, MAX_LEFT, ClockError)) for x in left]
        to_move = data["to_move"]
        if to_move is not None and not is_player(to_move):
            raise ClockError(text("saved_clock_player", value=excerpt(to_move)))
        clock.to_move = to_move
        clock._new_move()
        delay = data.get("delay_left", clock.delay_left)
        if isinstance(delay, (int, float)) and not isinstance(delay, bool) and 0 <= delay <= clock.delay_left:
            clock.delay_left = float(delay)
        return clock
