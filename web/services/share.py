"""Games into and out of the page: links in URL fragments, game records,
and the clocks of a game that was read back.

Pure Python (tested in tests/web/). The link format itself is the engine's
(:mod:`militakiri.link`: versioned, checksummed); this module adds what the
page needs around it:

- the shared address is the page's address without query, ``#`` + link;
- a fragment as the browser gives it back (``location.hash``) is opened,
  including one the browser percent-encoded (it escapes spaces, quotes,
  ``<``, ``>`` and backquotes typed into the address bar);
- a game read from a link or a record gets its clocks (:func:`prepare`):
  correspondence games (R22) keep the deadline of the move now due (a link
  carries it; wall-clock seconds since 1970), a shared link carries a live
  clock's times (militakiri.link's time-left field) and goes on paused with
  them, a record (and an older link, made without them) goes on without a
  clock (a start link, with no move yet, gets full clocks), and a saved game
  (web/services/autosave.py) gets its clocks back, paused.

>>> share_url("http://localhost:8000/games/index.html?seed=3#old", "4!s...")
'http://localhost:8000/games/index.html#4!s...'
"""

from __future__ import annotations

from militakiri import Clock, ClockError, Game, TimeControl, game_from_link, game_to_link
from militakiri.bounded import strip_space
from militakiri.messages import text
from militakiri.link import MAX_LINK_CHARS, SEPARATOR, SharedGame
from militakiri.textcodec import crc_code, quote
from militakiri.record import MAX_RECORD_CHARS

from web.i18n.texts import t
from web.model.formatting import player_label
from web.model.values import Value

#: A record file larger than this is refused unread (a record is read up to
#: MAX_RECORD_CHARS characters; UTF-8 takes up to 4 bytes each).
MAX_RECORD_BYTES = 4 * MAX_RECORD_CHARS

# What a browser percent-encodes in a URL fragment typed or pasted into the
# address bar (the URL standard's fragment set): never part of a valid link,
# whose own escapes (names) are left alone by the browser. Upper-case keys:
# the hex digits in either case.
_BROWSER_ESCAPES = {"20": " ", "22": '"', "3C": "<", "3E": ">", "60": "`"}
_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _browser_unescaped(text: str) -> str:
    """``text`` with each escape of :data:`_BROWSER_ESCAPES` (``%20``,
    ``%3c`` ...) back to its character; any other ``%`` is left alone.

    >>> _browser_unescaped("a%20b%3c%3E%2520%")
    'a b<>%2520%'
    """
    if "%" not in text:
        return text
    bits = text.split("%")  # (each bit read from its start: linear in MicroPython too)
    parts = [bits[0]]
    for bit in bits[1:]:
        char = _BROWSER_ESCAPES.get(bit[:2].upper())
        if char is None:
            parts.append("%")
            parts.append(bit)
        else:
            parts.append(char)
            parts.append(bit[2:])
    return "".join(parts)


# Links --------------------------------------------------------------------------


def share_url(href: str, link: str) -> str:
    """The address to send: this page (no query, no fragment) + ``#`` + link."""
    base = href.split("#", 1)[0].split("?", 1)[0]
    return f"{base}#{link}"


def drill_url(href: str, option: tuple[str, str]) -> str:
    """The address that opens a lesson's task or a puzzle (``option``:
    web/model/training.py's ``Drill.address``): this page, no fragment, and
    only that option (the opener's own language and look).

    >>> drill_url("http://localhost:8000/?lang=nl&learn=plus/2#x", ("learn", "plus/2"))
    'http://localhost:8000/?learn=plus/2'
    """
    base = href.split("#", 1)[0].split("?", 1)[0]
    name, value = option
    return f"{base}?{name}={quote(value, safe='/')}"


def fragment_text(fragment: str) -> str:
    """``location.hash`` without its ``#``."""
    fragment = str(fragment or "")
    return fragment[1:] if fragment.startswith("#") else fragment


def is_empty_fragment(fragment: str) -> bool:
    """No link at all (``""`` or a bare ``#``): nothing to open, nothing to say."""
    return strip_space(fragment_text(fragment)) == ""


def open_fragment(fragment: str) -> SharedGame:
    """The game of a URL fragment; InvalidLinkError says why not.

    >>> open_fragment("#hello")
    Traceback (most recent call last):
    ...
    militakiri.link.InvalidLinkError: this is not a Militakiri game link (it starts 'hello')
    """
    text = fragment_text(fragment)
    if len(text) > MAX_LINK_CHARS:  # refused unread
        return game_from_link(text)
    unescaped = _browser_unescaped(text)
    if unescaped != text and not _checksum_ok(text) and _checksum_ok(unescaped):
        text = unescaped  # the link as it was typed, before the browser escaped it
    return game_from_link(text)


def _checksum_ok(text: str) -> bool:
    body, _, check = text.rpartition(SEPARATOR)
    return bool(body) and crc_code(body) == check


def current_deadline(game: Game) -> float | None:
    """The deadline of the move now due in a correspondence game (R22)."""
    if game is None or game.is_over() or game.clock is None:
        return None
    if game.time_control.mode != "correspondence":
        return None
    return game.clock.deadline()


def link_of(game: Game, computer: tuple[int, int] | None = None, now: float | None = None) -> str:
    """The link of ``game`` now: its deadline, the computer's side if it
    plays one, and the time left on a live clock at ``now`` (the clock's
    time base) if given, in a game against the computer or between people
    alike (whoever opens it goes on with those times, paused).

    >>> game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="4-4 2-5", time_control=TimeControl.parse("300+0"))
    >>> _ = game.play(sorted(game.legal_moves())[0], now=10.0)
    >>> game_from_link(link_of(game, now=40.0)).clock_left
    (270.0, 300.0)
    """
    return game_to_link(game, current_deadline(game), computer, clock_left(game, now))


def clock_left(game: Game, now: float | None) -> tuple[float, float] | None:
    """Each player's time left on a live clock at ``now``, or None."""
    clock = game.clock
    if now is None or clock is None or game.time_control.mode == "correspondence" or game.is_over():
        return None
    return clock.remaining(0, now), clock.remaining(1, now)


def start_choice(*, embed: bool, saved: bool, link: bool, link_is_saved: bool = False,
                 url_starts_game: bool = False, url_game_is_saved: bool = False) -> str | None:
    """Which game the page opens with: ``"saved"``, ``"link"``, or None (the
    game the URL starts, else the New game dialog).

    - full page: a link wins (the player just opened it), unless it is the
      game already saved (the save keeps the clocks);
    - embed: the embed's own save wins over its start link (a reload);
    - a URL that starts a game (``position=``, ``board=``) wins over the
      save, unless it is the saved game's own start (a reload of a puzzle).

    >>> start_choice(embed=False, saved=True, link=True)
    'link'
    >>> start_choice(embed=True, saved=True, link=True)
    'saved'
    """
    if embed and saved:
        return "saved"
    if link:
        return "saved" if saved and link_is_saved else "link"
    if saved and (not url_starts_game or url_game_is_saved):
        return "saved"
    return None


# Clocks of a game read back -------------------------------------------------------


class Prepared(Value):
    """What :func:`prepare` did: a texts.py key for the status line (or None)."""

    __slots__ = ("note",)

    def __init__(self, note: str | None = None) -> None:
        self.note = note


def correspondence_clock(control: TimeControl, turn: int, deadline: float, now: float) -> Clock:
    """A running correspondence clock whose move is due at ``deadline``."""
    clock = Clock(control)
    since = min(deadline - control.seconds, now)
    clock.to_move = turn
    clock.running = turn
    clock.since = since
    clock.left = [float(control.seconds), float(control.seconds)]
    clock.left[turn] = max(0.0, deadline - since)
    return clock


def prepare(game: Game, *, wall_now: float, deadline: float | None = None,
            saved_clock: dict[str, object] | None = None, clock_left: tuple[float, float] | None = None) -> Prepared:
    """Give a game read from a link, a record or a save the clock it can have.

    ``wall_now``: seconds since 1970 (correspondence deadlines are dates).
    ``saved_clock``: ``Clock.to_dict`` of an autosave (live clocks only);
    ``clock_left``: a link's time left for each player (militakiri.link
    version 2), restored paused as a save's.
    Raises ClockError (a MilitakiriError) for saved clock data that is wrong.
    """
    control = game.time_control
    game.clock = None
    if not control.timed:
        return Prepared()
    if control.mode == "correspondence":
        if game.is_over():
            return Prepared()
        turn = game.position.turn
        if deadline is None:
            deadline = wall_now + control.seconds
            note = "corr_new_deadline"
        else:
            note = None
        game.clock = correspondence_clock(control, turn, deadline, wall_now)
        # A deadline already past ends the game at once (R22).
        game.check_time(wall_now)
        return Prepared(note)
    if saved_clock is None and clock_left is not None and not game.is_over():
        saved_clock = {"control": control.text(), "left": list(clock_left), "to_move": game.position.turn}
    if saved_clock is None:
        if not game.tokens and not game.is_over():
            # Nobody has moved: full times, the clock starts with the first move.
            game.clock = Clock(control)
            return Prepared()
        return Prepared(None if game.is_over() else "link_no_clock")
    clock = Clock.from_dict(saved_clock)
    if clock.control != control:
        raise ClockError(text("saved_clock_control", saved=clock.control.text(), game=control.text()))
    if clock.to_move is not None and not game.is_over() and clock.to_move != game.position.turn:
        raise ClockError(text("saved_clock_wrong_player"))
    game.clock = clock
    return Prepared()


# Records ------------------------------------------------------------------------------


def record_filename(game: Game) -> str:
    """``militakiri-Anna-Bram-2026-11-22.txt`` (only safe characters)."""
    parts = ["militakiri", game.players.white, game.players.black]
    date = game.players.date.replace(".", "-")
    if len(date) == 10 and all(ch == "-" if at in (4, 7) else ch in "0123456789" for at, ch in enumerate(date)):
        parts.append(date)  # YYYY-MM-DD
    words = ["".join(ch for ch in part if ch in _ALNUM)[:20] for part in parts]
    return "-".join(w for w in words if w) + ".txt"


def record_too_big(size_bytes: int) -> bool:
    return size_bytes > MAX_RECORD_BYTES


# Words --------------------------------------------------------------------------------


def sentence(text: str) -> str:
    """An engine message (it starts in lower case) as a sentence.

    >>> sentence("the link is damaged")
    'The link is damaged'
    """
    return text[:1].upper() + text[1:]


def labels(game: Game) -> tuple[str, str]:
    return player_label(0, game.players.white), player_label(1, game.players.black)


def page_title(game: Game, title: str) -> str:
    """The window title: the two players' names (as text) and the site."""
    if game is None:
        return title
    white, black = game.players.white.strip(), game.players.black.strip()
    return f"{white} \u2013 {black} \u00b7 {title}"


def time_left_text(seconds: float) -> str:
    """The time to a deadline in words: days and hours, or hours and minutes.

    >>> time_left_text(2 * 86400 + 3 * 3600 + 59), time_left_text(3725), time_left_text(42)
    ('2 d 3 h', '1 h 2 min', '42 s')
    """
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        parts = [t("unit_d", n=days)] + ([t("unit_h", n=hours)] if hours else [])
    elif hours or minutes:
        parts = ([t("unit_h", n=hours)] if hours else []) + ([t("unit_min", n=minutes)] if minutes else [])
    else:
        parts = [t("unit_s", n=secs)]
    return " ".join(parts)
