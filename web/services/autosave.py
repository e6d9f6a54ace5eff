"""Autosave: the game in progress, kept in localStorage after every change.

Pure Python (the storage is a :class:`storage.SafeStorage`). What is saved
is small JSON::

    {"format": 1, "link": "4!s...", "clock": {...} | null, "flipped": false,
     "check": "Xa9_"}

- ``link``: the whole game as a game link (militakiri.link: versioned,
  checksummed, with the deadline of a correspondence move, R22);
- ``clock``: a live clock's ``Clock.to_dict(now)`` (times left, whose
  move); restored *paused*, so the clocks wait until the player to move
  presses Resume (R21);
- ``touch_move``: only in a game with touch-move on (R25; a game link has
  no place for it): ``{"touched": "c3" | null}``, the piece that must move;
- ``saved``: when (seconds since 1970), which of several saves is newest;
- ``date``: the game's date as its record writes it (``2026.11.26``), if
  it has one: a link has no place for it;
- ``rated``: the id of a rated game (web/model/profiles.py), while it still
  counts: reopened, it is still rated;
- ``about``: what Saved games shows of it (the board, the names, the move,
  whether it is over), so that the list is read without replaying any
  game's moves: the page's start does not grow with what is saved
  (:class:`SavedGame`; a save from before it is read whole when the list
  is shown);
- ``check``: a check code over the rest, so a saved game changed by hand or
  cut short is refused with a clear message and nothing half-loaded.

:class:`Autosaver` saves after every move and every other change of the
game (dice, resignation, flag fall, take-back, Resume, flip), every few
seconds while a clock runs, and when the page is hidden or closed - never
only on unload. A game still in its set-up is not saved.

Every game has a save of its own (``militakiri.saved-game.<slot>``; the
tab remembers its slot in sessionStorage), so two tabs with two games keep
both, and a new game leaves an unfinished one among the saved games. Every
unfinished game is kept; beyond MAX_KEPT saves, finished ones go, the
oldest first, and the page says so. A reload opens the tab's own game, a
new tab the newest; the others are listed (Saved games). A save that does
not read is left as it is and never written over. When the browser's
storage is full, finished games make room first (oldest first, said);
with none left :meth:`Autosaver.update` says "full" and the player chooses
what to remove (Saved games); any other refused write says "failed". Either
is said at that move; the older save stays, and after a reload the page
says it is older (web/ui/session.py).

>>> from web.services.storage import MemoryStorage, SafeStorage
>>> from militakiri import Game
>>> game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
>>> game.play("c3-d4")
>>> text = snapshot(game, now=0, flipped=True)
>>> restored = restore(text, wall_now=0)
>>> restored.game.tokens, restored.flipped
(['c3-d4'], True)
"""

from __future__ import annotations


import binascii
import math
import time

from militakiri import Game, InvalidLinkError, MilitakiriError, game_from_link
from militakiri.board import BOARD_KINDS, EARLIER_BOARD_KINDS, BoardKind
from militakiri.bounded import MAX_NAME_CHARS, MAX_PLIES, excerpt, is_digits
from militakiri.randomness import Random

from web.i18n.texts import TextError
from web.model.jsontext import check_code, loads, sealed
from web.model.rated_games import is_game_id
from web.model.ui_state import UiState
from web.services.share import current_deadline, link_of, prepare
from web.services.storage import SafeStorage
from web.model.values import Value


SAVE_KEY = "militakiri.saved-game"
FORMAT = 1
#: A saved game is a link (at most MAX_LINK_CHARS: every game's, however
#: long, militakiri.bounded.MAX_PLIES), a clock and its review if it has
#: one; anything longer is not ours. A review that would pass it is left out
#: of the save (Autosaver.update), so the game itself is always kept.
MAX_SAVE_CHARS = 60_000


class SavedGameError(TextError):
    """A saved game that cannot be read: why (texts ``sv_``)."""


class Restored(Value):
    """A saved game read back (:func:`restore`)."""

    __slots__ = ("game", "flipped", "note", "link", "saved_at", "key", "computer", "review", "rated")

    def __init__(self, game: Game, flipped: bool = False, note: str | None = None, link: str = "",
                 saved_at: float = 0.0, key: str = "", computer: tuple[object, ...] | None = None,
                 review: list[object] | None = None, rated: str | None = None) -> None:
        self.game = game
        self.flipped = flipped
        #: A texts.py key for the status line, or None.
        self.note = note
        #: The game link inside the save.
        self.link = link
        #: When it was saved (seconds since 1970; 0 if the save does not say).
        self.saved_at = saved_at
        #: Where it is kept (Autosaver.load).
        self.key = key
        #: The computer's color and level, if it plays a side (the link's).
        self.computer = computer
        #: A finished review as saved (checked by GameReview.from_saved), or None.
        self.review = review
        #: The rated game's id, if it still counts.
        self.rated = rated


class SavedGame(Value):
    """A save as Saved games lists it, read without replaying its moves
    (:func:`listed`): where it is kept, when it was saved, and its ``about``
    (``kind`` None until known: a save from before ``about``, read whole
    when the list is shown, :meth:`Autosaver.describe`)."""

    __slots__ = ("key", "saved_at", "kind", "white", "black", "number", "over")

    def __init__(self, key: str, saved_at: float, kind: BoardKind | None = None, white: str = "",
                 black: str = "", number: int = 0, over: bool = False) -> None:
        self.key = key
        self.saved_at = saved_at
        self.kind = kind
        self.white = white
        self.black = black
        #: The move the game is at (its position's number).
        self.number = number
        #: Whether it is over (a save not yet known counts as unfinished: kept).
        self.over = over

    def known_from(self, game: Game) -> None:
        """What the game read whole says of itself."""
        self.kind, self.white, self.black = game.kind, game.players.white, game.players.black
        self.number, self.over = game.position.number, game.is_over()


def listed(key: str, text: str) -> SavedGame:
    """``text``, the save under ``key``, as Saved games lists it: its JSON
    read (in C), none of its moves replayed. SavedGameError (with
    :func:`restore`'s reason) when it is no save at all; a save whose
    ``about`` is missing or not one is listed with ``kind`` None, and
    whatever else is wrong with it is found when it is opened.

    >>> from militakiri import Game
    >>> game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
    >>> game.play("c3-d4")
    >>> entry = listed("k", snapshot(game, now=0, wall=12.5))
    >>> entry.saved_at, entry.kind.name, entry.white, entry.black, entry.number, entry.over
    (12.5, 'single', 'White', 'Black', 1, False)
    """
    try:
        data = loads(text, max_chars=MAX_SAVE_CHARS) if isinstance(text, str) else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("link"), str):
        restore(text, wall_now=0)  # no save: it says why, before any move is read
        raise SavedGameError("it holds no game")
    saved = data.get("saved", 0)
    entry = SavedGame(key, saved if isinstance(saved, (int, float)) and not isinstance(saved, bool) else 0.0)
    about = data.get("about")
    if isinstance(about, dict):
        kinds = list(BOARD_KINDS.values()) + list(EARLIER_BOARD_KINDS.values())
        kind = next((kind for kind in kinds if kind.name == about.get("board") and kind.rows == about.get("rows")),
                    None)
        white, black, number, over = (about.get(name) for name in ("white", "black", "number", "over"))
        if (kind is not None and isinstance(white, str) and isinstance(black, str)
                and len(white) <= MAX_NAME_CHARS and len(black) <= MAX_NAME_CHARS and isinstance(over, bool)
                and isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= MAX_PLIES):
            entry.kind, entry.white, entry.black, entry.number, entry.over = kind, white, black, number, over
    return entry


def snapshot(game: Game, *, now: float, flipped: bool = False, link: str | None = None, wall: float = 0.0,
             review: list[object] | None = None, variations: bool = True, rated: str | None = None) -> str:
    """The saved form of ``game`` at ``now`` (the clock's own time base);
    ``wall``, seconds since 1970, says which of several saves is the newest."""
    clock = None
    if game.clock is not None and game.time_control.mode != "correspondence":
        clock = game.clock.to_dict(now)
    body = {"format": FORMAT, "link": link or link_of(game), "clock": clock, "flipped": bool(flipped),
            "saved": _milliseconds(wall)}
    if game.touch_move:  # R25 is not in the link (NOTATION.md has no place for it)
        touched = None if game.touched is None or game.is_over() else game.kind.square_name(game.touched)
        body["touch_move"] = {"touched": touched}
    if review is not None:  # a finished review (web/model/review.py: GameReview.to_saved)
        body["review"] = review
    if variations and game.variations:  # explored on the board (NOTATION.md variations): only a record holds them
        body["variations"] = game.record()
    if _is_date(game.players.date):  # the record's Date (a link has no place for it)
        body["date"] = game.players.date
    if rated is not None:
        body["rated"] = rated
    body["about"] = {"board": game.kind.name, "rows": game.kind.rows, "white": game.players.white,
                     "black": game.players.black, "number": game.position.number, "over": game.is_over()}
    return sealed(body)


def _unrated(text: str) -> str:
    """A save (read already) without its rated game's id, its check code made again."""
    body = loads(text)
    body.pop("check")
    body.pop("rated")
    return sealed(body)


def _milliseconds(seconds: float) -> float:
    """``seconds`` to the millisecond, the same float in every interpreter
    (a whole number of ms divided by 1000: MicroPython's ``round(x, 3)``
    may be a last bit off CPython's).

    >>> _milliseconds(1800000000.12345), _milliseconds(0)
    (1800000000.123, 0.0)
    """
    return math.floor(seconds * 1000 + 0.5) / 1000


def restore(text: object, *, wall_now: float) -> Restored:
    """Read a saved game back; SavedGameError (nothing loaded) if it is wrong."""
    if not isinstance(text, str):
        raise SavedGameError("sv_not_text")
    if len(text) > MAX_SAVE_CHARS:
        raise SavedGameError("sv_too_long", chars=len(text))
    try:
        data = loads(text)
    except ValueError:
        raise SavedGameError("sv_not_json") from None
    if not isinstance(data, dict):
        raise SavedGameError("sv_not_save")
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SavedGameError("sv_no_format")
    if version > FORMAT:
        number = str(version) if version < 10 ** 12 else str(version)[:12] + "\u2026"  # (a forged one: cut)
        raise SavedGameError("sv_newer", number=number)
    check = data.pop("check", None)
    if check != check_code(data):
        raise SavedGameError("sv_check")
    link, clock, flipped = data.get("link"), data.get("clock"), data.get("flipped", False)
    if not isinstance(link, str):
        raise SavedGameError("sv_no_game")
    if clock is not None and not isinstance(clock, dict):
        raise SavedGameError("sv_clock_not_clock")
    try:
        shared = game_from_link(link)
    except InvalidLinkError as error:
        raise SavedGameError("sv_link", reason=error.text) from None
    _restore_touch_move(shared.game, data.get("touch_move"))
    date = data.get("date")
    if date is not None:
        if not _is_date(date):
            raise SavedGameError("sv_date")
        shared.game.players = shared.game.players.replace(date=date)
    _restore_variations(shared.game, data.get("variations"))
    try:
        prepared = prepare(shared.game, wall_now=wall_now, deadline=shared.deadline, saved_clock=clock)
    except MilitakiriError as error:
        raise SavedGameError("sv_clock", reason=error.text) from None
    except (KeyError, TypeError, ValueError) as error:
        raise SavedGameError("sv_clock", reason=str(error)) from None
    rated = data.get("rated")
    if rated is not None and not is_game_id(rated):
        raise SavedGameError("sv_rated_id")
    # A view setting: anything but true (a forged "no" too) is not flipped.
    return Restored(shared.game, flipped is True, prepared.note, link, _saved_at(text), computer=shared.computer,
                    review=data.get("review"), rated=rated)


def _restore_variations(game: Game, record: object) -> None:
    """The variations a save keeps in its record: read as any record is
    (the engine checks every move), and only for this game's own moves; a
    damaged one is dropped, never the game."""
    if not isinstance(record, str):
        return
    try:
        read = Game.from_record(record)
    except MilitakiriError:
        return
    if read.tokens == game.tokens:
        game.variations = read.variations


def _is_date(text: object) -> bool:
    """Whether ``text`` is a date as the record writes it, ``2026.11.26``.

    >>> _is_date("2026.11.26"), _is_date("????.??.??"), _is_date("2026.1.26"), _is_date(20261126)
    (True, False, False, False)
    """
    if not isinstance(text, str) or len(text) != 10 or text[4] != "." or text[7] != ".":
        return False
    return all(is_digits(part) for part in (text[:4], text[5:7], text[8:]))


def _restore_touch_move(game: Game, saved: object) -> None:
    """Touch-move (R25) back on, with the piece that was touched (if it can
    still move: Game.touch checks)."""
    if saved is None:
        return
    if not isinstance(saved, dict) or "touched" not in saved \
            or not isinstance(saved["touched"], (str, type(None))):
        raise SavedGameError("sv_touch_move")
    game.touch_move = True
    touched = saved["touched"]
    if touched is not None:
        try:
            ok = game.touch(touched)
        except (MilitakiriError, ValueError):  # not a square's name
            ok = False
        if not ok:
            raise SavedGameError("sv_touched", field=excerpt(touched))


#: Beyond this many saves, finished games go when another is saved, the
#: oldest first; an unfinished game is never removed by the page.
MAX_KEPT = 6


def new_slot() -> str:
    """A fresh name for one game's save: unique across tabs without asking
    them (10 hex digits, from the system's random numbers and the time)."""
    bits = Random().getrandbits(40) ^ (int(time.time() * 1000) & 0xFFFFFFFFFF)
    return "%010x" % bits


#: The first characters of a save from before ``about``, its check code
#: among them ({"check":"dPJY",...): the same save, for what was read of it
#: (Autosaver._known).
KNOWN_BY = 24
#: :meth:`Autosaver.adopt`: the next game saved is the one opened from that save.
_ADOPTED = "adopted"


class Autosaver:
    """Saves the UiState's game whenever it changed (see the module doc).

    Each game has a save of its own, ``<key>.<slot>``, so two tabs with two
    games keep both, and a game that replaces another in a tab (a new game,
    a link, a hash change, ``?position=``, a record) gets a save of its own
    (:meth:`_claim`); :meth:`load` opens this tab's own save after a reload,
    else the newest, lists the others in :attr:`others` and the saves it
    could not read in :attr:`broken` (left where they are: a save of its
    own is never written over another). An embed (``slot`` None) keeps one
    save under ``key`` itself.
    """

    def __init__(self, storage: SafeStorage, key: str = SAVE_KEY, slot: str | None = None) -> None:
        self.storage = storage
        self.prefix = key if slot is not None else None
        self.key = key if slot is None else f"{key}.{slot}"
        #: The other saved games (:class:`SavedGame`, newest first), after :meth:`load`.
        self.others: list[SavedGame] = []
        #: ``(key, reason)`` of each save that could not be read.
        self.broken: list[tuple[str, str]] = []
        #: The finished games the last :meth:`update` removed to make room (the page says so).
        self.removed: list[SavedGame] = []
        #: How many saves there were when finished ones were last let go (:meth:`_tidy`).
        self._tidied = 0
        #: Saves from before ``about`` read whole: key -> (the start of the
        #: save's text, with its check code; what it said), so each is read once.
        self._known: dict[str, tuple[str, SavedGame]] = {}
        self._last: tuple[object, ...] | None = None
        #: The game (UiState.game_id) whose save :attr:`key` holds; None for
        #: none yet, _ADOPTED for the game about to be opened from it.
        self._owner: int | str | None = None
        self._link_key: tuple[object, ...] | None = None
        self._link = ""

    @classmethod
    def for_embed(cls, storage: SafeStorage, where: str) -> Autosaver:
        """The one save of an embedded board, keyed by ``where`` (its
        parameters): each board of a page keeps its own game."""
        return cls(storage, f"{SAVE_KEY}.embed.{binascii.crc32(where.encode()):08x}")

    @property
    def slot(self) -> str:
        """The slot of this tab's save (the part after the prefix; empty for
        an embed's one key), which the tab remembers across reloads."""
        if self.prefix is None or not self.key.startswith(self.prefix + "."):
            return ""
        return self.key[len(self.prefix) + 1:]

    @property
    def enabled(self) -> bool:
        return self.storage.available

    @staticmethod
    def state_key(state: UiState) -> tuple[object, ...]:
        game = state.started_game
        if game is None:
            return ("setup", state.game_id)
        clock = game.clock
        running = None if clock is None else (clock.running, clock.to_move)
        reviewed = state.review is not None and state.review.complete
        beside = tuple((ply, tuple(tuple(line.tokens) for line in lines))
                       for ply, lines in sorted(game.variations.items()))
        return ("game", state.game_id, tuple(game.tokens), str(game.outcome()), running, state.flipped, game.touched,
                reviewed, beside, state.rated)

    def prime(self, state: UiState) -> None:
        """What is on the page now needs no saving (it was just loaded, or
        it is a fresh page that must not remove a save it could not read).
        A save just adopted belongs to the game now on the page, and to no
        later one: a link, a record or a new game opened next gets a save
        of its own (:meth:`_claim`)."""
        self._last = self.state_key(state)
        if self._owner == _ADOPTED:
            self._owner = state.game_id

    def link(self, game: Game, game_id: int, computer: tuple[int, int] | None = None) -> str:
        """``game``'s link (UiState.game_id ``game_id``), made again only when
        it changed; ``computer``: its side and level, if it plays one."""
        key = (game_id, tuple(game.tokens), str(game.external_outcome), current_deadline(game), computer)
        if key != self._link_key:
            self._link = link_of(game, computer)
            self._link_key = key
        return self._link

    def update(self, state: UiState, now: float, force: bool = False, wall: float = 0.0) -> str | None:
        """Save if the game changed (or ``force``: the clocks ran on).

        Returns "saved", "saved without review" (the review would pass
        MAX_SAVE_CHARS: the page says so), "removed", "full" (the storage
        is full, no finished game is left to make room and other saves are
        kept: the player chooses what to remove), "failed" (the browser
        refused the write otherwise: the page must say so now) or None
        (nothing to do, or storage off). :attr:`removed` lists the finished
        games that went to make room.
        ``wall``: seconds since 1970, which save is the newest.
        """
        self.removed = []
        if not self.storage.available:
            return None
        key = self.state_key(state)
        changed = key != self._last
        if not changed and not force:
            return None
        game = state.started_game
        if game is None:
            if not changed:
                return None
            self._last = key
            done = self._leave_game()
            self._owner = None
            if self.prefix is not None:
                self.others = self.saved_games()
            return done
        self._last = key
        self._claim(state.game_id)
        review = state.review.to_saved() if state.review is not None and state.review.complete else None
        link = self.link(game, state.game_id, state.computer_side())
        text = snapshot(game, now=now, flipped=state.flipped, wall=wall, review=review, link=link, rated=state.rated)
        left_out = len(text) > MAX_SAVE_CHARS and (review is not None or bool(game.variations))
        if left_out:  # the game is kept whole; its record still carries the review and the variations
            text = snapshot(game, now=now, flipped=state.flipped, wall=wall, link=link, variations=False,
                            rated=state.rated)
        if not self._write(text):
            # Full, with saved games the player may remove: they choose (Saved games).
            choice = self.storage.full and any(entry.key != self.key for entry in self.saved_games())
            return "full" if choice and self.prefix is not None else "failed"
        self._tidy()
        return "saved without review" if left_out else "saved"

    def _write(self, text: str) -> bool:
        """This tab's save written; where the storage is full, finished
        games make room, the oldest first (:attr:`removed`), never an
        unfinished one: the player chooses those (Saved games)."""
        if self.storage.set(self.key, text):
            return True
        if not self.storage.full or self.prefix is None:
            return False
        for entry in self._finished():
            if self.storage.remove(entry.key):
                self._gone(entry)
                if self.storage.set(self.key, text):
                    return True
        return False

    def _finished(self, most: int | None = None) -> list[SavedGame]:
        """The other finished games saved, the oldest first (``most`` of
        them at most): a save from before ``about`` is read whole to know,
        once a page, and only as far as they are needed."""
        finished: list[SavedGame] = []
        oldest_first = sorted(self.saved_games(), key=lambda entry: (entry.saved_at, entry.key))
        for entry in oldest_first:
            if most is not None and len(finished) >= most:
                break
            if entry.key == self.key:
                continue
            if entry.kind is None:
                try:
                    self.read(entry, 0)
                except SavedGameError:
                    continue  # not ours to judge: kept
            if entry.over:
                finished.append(entry)
        return finished

    def _gone(self, entry: SavedGame) -> None:
        self.removed.append(entry)
        self.others = [other for other in self.others if other.key != entry.key]

    def _tidy(self) -> None:
        """Beyond MAX_KEPT saves, finished games go, the oldest first
        (:attr:`removed`); looked at only when the number of saves grew
        (the saves are read to know which are over)."""
        if self.prefix is None:
            return
        count = len(self._keys())
        if count <= MAX_KEPT or count <= self._tidied:
            self._tidied = min(self._tidied, count)
            return
        for entry in self._finished(count - MAX_KEPT):
            if self.storage.remove(entry.key):
                self._gone(entry)
        self._tidied = count - len(self.removed)

    def remove(self, entry: SavedGame) -> bool:
        """The player removes ``entry``, one of :attr:`others` (Saved games:
        the storage is full, or a game they no longer want)."""
        if entry.key == self.key or not self.storage.remove(entry.key):
            return False
        self.others = [other for other in self.others if other.key != entry.key]
        self.broken = [(key, reason) for key, reason in self.broken if key != entry.key]
        return True

    def _claim(self, game_id: int) -> None:
        """Every game keeps its own save: a game that is not the one this key
        holds (opened from a link, a hash change, ``?position=`` or a record,
        over the game of a tab or after a reload) moves the tab to a fresh
        slot, and the game it replaces stays among the saved games unless it
        was over (:meth:`_leave_game`). An embed keeps its one save."""
        owner, self._owner = self._owner, game_id
        if owner == _ADOPTED or owner == game_id or self.prefix is None:
            return
        if owner is not None or self.storage.get(self.key) is not None:
            self._leave_game()
            self.others = self.saved_games()  # the game left among them

    def _leave_game(self) -> str | None:
        """A new game begins in this tab: an embed's one save goes; a page's
        unfinished game stays among the saved games, no longer rated (a game
        left for another was counted as lost, or, between two people, not
        at all: web/ui/rankings.py), and the new one gets a save of its own."""
        if self.prefix is None:
            return "removed" if self.storage.remove(self.key) else None
        text = self.storage.get(self.key)
        removed = False
        if text is not None:
            try:
                restored = restore(text, wall_now=0)
            except SavedGameError:
                restored = None  # not ours to judge: kept
            over = restored is not None and restored.game.is_over()
            removed = over and self.storage.remove(self.key)
            if restored is not None and not over and restored.rated is not None:
                self.storage.set(self.key, _unrated(text))
        self.key = f"{self.prefix}.{new_slot()}"
        return "removed" if removed else None

    def _keys(self) -> list[str]:
        """The keys of this page's saves (an embed has one)."""
        if self.prefix is None:
            return [self.key]
        prefix = self.prefix
        return [key for key in self.storage.keys()
                if (key == prefix or key.startswith(prefix + ".")) and ".embed." not in key]

    def saved_games(self) -> list[SavedGame]:
        """Every save of this page, newest first, as Saved games lists it
        (:func:`listed`: no game's moves replayed); those that are no save
        at all in :attr:`broken`."""
        found = []
        self.broken = []
        for key in self._keys():
            text = self.storage.get(key)
            if text is None:
                continue
            try:
                entry = listed(key, text)
            except SavedGameError as error:
                self.broken.append((key, str(error)))
                continue
            known = self._known.get(key)
            if entry.kind is None and known is not None and known[0] == text[:KNOWN_BY]:
                entry = known[1]
            found.append(entry)
        found.sort(key=lambda entry: (-entry.saved_at, entry.key))  # sorts need not be stable (MicroPython's are not)
        return found

    def read(self, entry: SavedGame, wall_now: float) -> Restored:
        """``entry``'s game read whole; SavedGameError if it does not read
        (or another tab removed it meanwhile)."""
        text = self.storage.get(entry.key)
        if text is None:
            raise SavedGameError("it is no longer kept in this browser")
        restored = restore(text, wall_now=wall_now)
        restored.key = entry.key
        if entry.kind is None:
            self._known[entry.key] = (text[:KNOWN_BY], entry)
        entry.known_from(restored.game)
        return restored

    def load(self, wall_now: float) -> Restored | None:
        """The save to open, read whole: this tab's if it has one (a
        reload), else the newest; None if there is none. The others are
        listed, not read (:attr:`others`, until the page opens one with
        :meth:`adopt`); those that do not read are in :attr:`broken`."""
        found = self.saved_games()
        found.sort(key=lambda entry: (entry.key != self.key, -entry.saved_at, entry.key))  # newest first otherwise
        opened = None
        for entry in found:
            try:
                opened = self.read(entry, wall_now)
                break
            except SavedGameError as error:
                self.broken.append((entry.key, str(error)))
        if self.prefix is not None and any(key == self.key for key, _ in self.broken):
            self.key = f"{self.prefix}.{new_slot()}"  # never write over a save it could not read
        unread = {key for key, _ in self.broken}
        self.others = [entry for entry in found if entry.key not in unread]
        self.others.sort(key=lambda entry: (-entry.saved_at, entry.key))
        self._tidied = len(self._keys())
        return opened

    def describe(self, wall_now: float) -> None:
        """Saved games is shown: each save listed without its ``about`` (one
        from before it) is read whole, once; one that does not read leaves
        the list for :attr:`broken` (kept in the browser, never written over)."""
        for entry in list(self.others):
            if entry.kind is None:
                try:
                    self.read(entry, wall_now)
                except SavedGameError as error:
                    self.others.remove(entry)
                    self.broken.append((entry.key, str(error)))

    def adopt(self, restored: Restored) -> None:
        """The page opened ``restored``: its next saves go to its key."""
        self.key = restored.key
        self._owner = _ADOPTED
        self.others = [entry for entry in self.others if entry.key != restored.key]

    def open_other(self, entry: SavedGame, wall_now: float) -> Restored:
        """``entry`` (one of :attr:`others`) read whole becomes this tab's
        game; the game left stays among the others. SavedGameError (nothing
        changed) if it does not read."""
        restored = self.read(entry, wall_now)
        self.others = self.saved_games()
        self.adopt(restored)
        return restored


def _saved_at(text: str | None) -> float:
    try:
        value = loads(text or "{}").get("saved", 0)
    except (ValueError, AttributeError):
        return 0.0
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0
