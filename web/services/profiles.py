"""The device's profiles in storage (web/model/profiles.py says what a profile is).

Each profile has a key of its own (``militakiri.profile.name.<code>``:
web/model/profiles.py ``profile_key``, one key per name), so a damaged
one costs only itself. A profile kept before under a hashed key
(``legacy_keys``) is read there if its name is the one asked for (two names
could share such a key), and moved to its own key when next written. A profile that does not read is listed with
the reason (:meth:`ProfileStore.all`), never written over: a rated game for
its name is not rated, and an import under its name keeps the old text
aside first (web/services/storage.py ``set_aside``).

>>> from web.services.storage import MemoryStorage, SafeStorage
>>> store = ProfileStore(SafeStorage(MemoryStorage()))
>>> end = RatedEnd("g1", "single", ("Anna", "Computer, level 5"), 1, 5, 0, "towers")
>>> outcome = store.rate(end, Glicko(1402, 60), when=1800000000)
>>> [(change.name, change.before.display(), change.after.display()) for change in outcome.changes]
[('Anna', '1500?', '1681?')]
>>> store.rate(end, Glicko(1402, 60), when=1800000000)  # counted once, silently
RatingOutcome([], [])
>>> [profile.name for profile in store.all()[0]]
['Anna']
"""

from __future__ import annotations


from web.i18n.texts import t
from web.model.jsontext import loads
from web.model.names import fold
from web.model.profiles import PROFILE_KEY, Profile, RatedEnd, legacy_keys, profile_key
from web.model.rated_games import AlreadyRated, ProfileError
from web.model.profiles import rate, same_name
from web.model.rated_games import RatedGame, RatingChange
from web.model.rating import Glicko
from web.services.storage import ASIDE, set_aside
from web.services.storage import SafeStorage


class RatingOutcome:
    """What rating a game did: the changes, what went wrong, in words, and
    whether the changes are kept here (``kept`` False: the browser keeps no
    data for this page, so each player's change is worked out from a new
    profile, for the embedding site to keep: docs/embed.md)."""

    __slots__ = ("changes", "problems", "kept")

    def __init__(self, changes: list[RatingChange], problems: list[str], kept: bool = True) -> None:
        self.changes = changes
        self.problems = problems
        self.kept = kept

    def __repr__(self) -> str:
        return f"RatingOutcome({self.changes!r}, {self.problems!r}" + (")" if self.kept else ", kept=False)")


class ProfileStore:
    def __init__(self, storage: SafeStorage) -> None:
        self.storage = storage
        #: Each key's text and the profile read from it: New game asks at
        #: every letter typed, and reading a profile checks its whole history.
        self._read: dict[str, tuple[str | None, Profile]] = {}
        #: The games this page counted, by profile key: another tab writing
        #: the same profile at the same moment may write over one
        #: (:meth:`recount`).
        self.counted: dict[str, list[tuple[str, RatedGame]]] = {}

    @property
    def keeps(self) -> bool:
        """Whether this page can keep profiles (not in a cross-site frame, nor with storage off)."""
        return self.storage.available

    def _profile(self, key: str, text: str | None) -> Profile:
        """The profile ``text`` (kept under ``key``) holds; ProfileError if it does not read."""
        known = self._read.get(key)
        if known is not None and known[0] == text:
            return known[1]
        profile = Profile.read(text)
        self._read[key] = (text, profile)
        return profile

    def all(self) -> tuple[list[Profile], list[tuple[str, str]]]:
        """The profiles that read, by name, and (key, reason) for each that does not."""
        found, refused = [], []
        for key in sorted(self.storage.keys()):
            if not key.startswith(PROFILE_KEY) or ASIDE in key:
                continue
            try:
                found.append(self._profile(key, self.storage.get(key)))
            except ProfileError as error:
                refused.append((key, str(error)))
        found.sort(key=lambda profile: (fold(profile.name), profile.name))
        return found, refused

    def where(self, name: str) -> tuple[str, str | None]:
        """The key ``name``'s profile is kept under and its text (None: none
        yet, to be kept under its own key). A key of before that holds
        another name's profile is passed by; one whose text does not read at
        all may be ``name``'s, and is answered so, to be refused, never
        written over."""
        key = profile_key(name)
        text = self.storage.get(key)
        if text is not None:
            return key, text
        for legacy in legacy_keys(name):
            text = self.storage.get(legacy)
            if text is not None and self._may_be(legacy, text, name):
                return legacy, text
        return key, None

    def _may_be(self, key: str, text: str, name: str) -> bool:
        """Whether the profile ``text`` (under a key of before) may be ``name``'s."""
        try:
            return same_name(self._profile(key, text).name, name)
        except ProfileError:
            pass
        try:  # a damaged profile: its name, if that much reads
            said = loads(text).get("name") if len(text) < 3_000_000 else None
        except (ValueError, AttributeError, MemoryError):
            said = None
        return not isinstance(said, str) or same_name(said, name)

    def get(self, name: str) -> Profile:
        """``name``'s profile (a new one if there is none); ProfileError if it does not read."""
        key, text = self.where(name)
        return Profile(name) if text is None else self._profile(key, text)

    def points(self, name: str, board: str) -> int | None:
        """``name``'s points on ``board`` (R26; 0 for a new player), None if
        the profile does not read: what the state asks as a rated game begins."""
        try:
            return self.get(name).standing(board).points
        except ProfileError:
            return None

    def put(self, profile: Profile) -> bool:
        """Keep ``profile`` under its own key (moved there from a key of
        before, which is then removed); False if the browser refused the write."""
        where, _ = self.where(profile.name)
        if not self.storage.set(profile.key, profile.text()):
            return False
        if where != profile.key:
            self.storage.remove(where)
        return True

    def rate(self, end: RatedEnd, computer: Glicko | None, when: int) -> RatingOutcome:
        """Count ``end`` in its players' profiles (``computer``: the level's rating)."""
        if not self.keeps:  # each player from a new profile: the embedding site keeps theirs
            _, changes = rate(end, {color: Profile(end.names[color]) for color in end.people()}, computer, when)
            return RatingOutcome(changes, [], kept=False)
        profiles, problems = {}, []
        for color in end.people():  # (a person on another device: read for their rating, not written)
            name = end.names[color]
            try:
                profiles[color] = self.get(name)
            except ProfileError as error:
                problems.append(t("pf_unread_unrated", name=name, reason=str(error)))
        if problems:
            return RatingOutcome([], problems)
        try:
            after, changes = rate(end, profiles, computer, when)
        except AlreadyRated:
            return RatingOutcome([], [])  # counted before: nothing to say
        except ProfileError as error:
            return RatingOutcome([], [str(error)])
        kept = []
        for change in changes:
            profile = next(profile for profile in after.values() if profile.name == change.name)
            if self.put(profile):
                kept.append(change)
                self.counted.setdefault(profile.key, []).append((profile.name, profile.games[-1]))
            else:
                problems.append(t("pf_write_refused", name=profile.name, problem=self._problem()))
        return RatingOutcome(kept, problems)

    def recount(self, key: str) -> list[tuple[str, dict[str, object]]]:
        """After another tab wrote the profile under ``key``: each game this
        page counted there that the other tab's text lacks (both read the
        profile before either wrote) is counted again on top of it, and
        said (a text key and its values); or said not counted, with why."""
        games = self.counted.get(key, [])
        text = self.storage.get(key)
        if not games or text is None:
            return []
        said: list[tuple[str, dict[str, object]]] = []
        for name, game in games:
            try:
                profile = self._profile(key, self.storage.get(key))
            except ProfileError as error:
                said.append(("rating_other_tab_lost", {"name": name, "problem": str(error)}))
                continue
            if any(kept.game == game.game for kept in profile.games):
                continue
            again = RatedGame(game.game, game.board, game.when, game.opponent, game.level, game.opponent_rating,
                              game.opponent_deviation, game.result, game.ended)
            after, _change = profile.rated(again)
            if self.put(after):
                said.append(("rating_other_tab", {"name": profile.name}))
            else:
                said.append(("rating_other_tab_lost", {"name": profile.name, "problem": self._problem()}))
        return said

    def import_text(self, text: object) -> Profile:
        """Keep the profile ``text`` holds (an exported file) and return it.

        ProfileError if it does not read, or if this device has another
        profile of that name whose games are not the start of the file's
        (the file would lose them). A profile here that does not read is kept
        aside, not lost.
        """
        profile = Profile.read(text)
        key, _ = self.where(profile.name)
        try:
            here = self.get(profile.name)
        except ProfileError:
            if not set_aside(self.storage, key):
                raise ProfileError("pf_aside_failed") from None
        else:
            if not _goes_on_from(here, profile):
                raise ProfileError("pf_other_profile", name=profile.name)
        if not self.put(profile):
            raise ProfileError("pf_not_kept", problem=self._problem())
        return profile

    def _problem(self) -> str:
        return self.storage.problem or t("pf_no_storage")


def _goes_on_from(here: Profile, later: Profile) -> bool:
    """Whether ``later`` is ``here`` with more games: its games start with
    here's, or, past the limit (its oldest folded into its start), with the
    rest of here's after those it dropped."""
    if here.games == later.games[:len(here.games)]:
        return True
    if not later.start or not later.games:
        return False
    first = later.games[0]
    for index, game in enumerate(here.games):
        if game == first:
            return here.games[index:] == later.games[:len(here.games) - index]
    return False
