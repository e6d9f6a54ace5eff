"""The device's profiles in storage (web/model/profiles.py says what a profile is).

Each profile has a key of its own (``militakiri.profile.<code>``), so a
damaged one costs only itself. A profile that does not read is listed with
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
from web.model.profiles import PROFILE_KEY, AlreadyRated, Profile, ProfileError, RatedEnd, profile_key, rate
from web.model.profiles import RatingChange
from web.model.rating import Glicko
from web.services.storage import set_aside
from web.services.storage import SafeStorage


class RatingOutcome:
    """What rating a game did: the changes kept, and what went wrong, in words."""

    __slots__ = ("changes", "problems")

    def __init__(self, changes: list[RatingChange], problems: list[str]) -> None:
        self.changes = changes
        self.problems = problems

    def __repr__(self) -> str:
        return f"RatingOutcome({self.changes!r}, {self.problems!r})"


class ProfileStore:
    def __init__(self, storage: SafeStorage) -> None:
        self.storage = storage
        #: Each key's text and the profile read from it: New game asks at
        #: every letter typed, and reading a profile checks its whole history.
        self._read: dict[str, tuple[str | None, Profile]] = {}

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
            if not key.startswith(PROFILE_KEY) or key.endswith(".unreadable"):
                continue
            try:
                found.append(self._profile(key, self.storage.get(key)))
            except ProfileError as error:
                refused.append((key, str(error)))
        found.sort(key=lambda profile: (profile.name.lower(), profile.name))
        return found, refused

    def get(self, name: str) -> Profile:
        """``name``'s profile (a new one if there is none); ProfileError if it does not read."""
        key = profile_key(name)
        text = self.storage.get(key)
        return Profile(name) if text is None else self._profile(key, text)

    def points(self, name: str, board: str) -> int | None:
        """``name``'s points on ``board`` (R26; 0 for a new player), None if
        the profile does not read: what the state asks as a rated game begins."""
        try:
            return self.get(name).standing(board).points
        except ProfileError:
            return None

    def put(self, profile: Profile) -> bool:
        """Keep ``profile``; False if the browser refused the write."""
        return self.storage.set(profile.key, profile.text())

    def rate(self, end: RatedEnd, computer: Glicko | None, when: int) -> RatingOutcome:
        """Count ``end`` in its players' profiles (``computer``: the level's rating)."""
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
            else:
                problems.append(t("pf_write_refused", name=profile.name, problem=self._problem()))
        return RatingOutcome(kept, problems)

    def import_text(self, text: object) -> Profile:
        """Keep the profile ``text`` holds (an exported file) and return it.

        ProfileError if it does not read, or if this device has another
        profile of that name whose games are not the start of the file's
        (the file would lose them). A profile here that does not read is kept
        aside, not lost.
        """
        profile = Profile.read(text)
        key = profile.key
        try:
            here = self.get(profile.name)
        except ProfileError:
            if not set_aside(self.storage, key):
                raise ProfileError("pf_aside_failed") from None
        else:
            if here.games != profile.games[:len(here.games)]:
                raise ProfileError("pf_other_profile", name=profile.name)
        if not self.put(profile):
            raise ProfileError("pf_not_kept", problem=self._problem())
        return profile

    def _problem(self) -> str:
        return self.storage.problem or t("pf_no_storage")
