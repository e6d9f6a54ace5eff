"""localStorage, guarded: every access may throw, and then storage is off.

Pure Python: :class:`SafeStorage` wraps anything with ``getItem``,
``setItem`` and ``removeItem`` (the browser's ``window.localStorage``, or
:class:`MemoryStorage` in tests). In a cross-site iframe Chromium denies
all storage (reading ``window.localStorage`` itself throws a SecurityError);
a full disk or a private mode makes ``setItem`` throw. No exception ever
leaves this module: the page goes on without autosave and says so.

>>> store = SafeStorage(MemoryStorage())
>>> store.set("k", "v"), store.get("k"), store.available
(True, 'v', True)
>>> broken = SafeStorage(None)
>>> broken.set("k", "v"), broken.get("k"), broken.available
(False, None, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any, Callable


class MemoryStorage:
    """A localStorage stand-in for tests: ``fail`` makes every call throw;
    ``quota`` refuses a longer value, ``room`` more characters in all (as
    the browser's quota does)."""

    def __init__(self, fail: bool = False, quota: int | None = None, room: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.fail = fail
        self.quota = quota
        self.room = room

    def _check(self) -> None:
        if self.fail:
            raise RuntimeError("SecurityError: access is denied for this document")

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the DOM's name)
        self._check()
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self._check()
        if self.quota is not None and len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        if self.room is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.room:
                raise RuntimeError("QuotaExceededError: Setting the value exceeded the quota.")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self._check()
        self.items.pop(key, None)

    @property
    def length(self) -> int:
        self._check()
        return len(self.items)

    def key(self, index: int) -> str | None:
        self._check()
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None


class SafeStorage:
    """Storage that never raises. ``available`` turns False after the first
    failure (or when there is no storage at all); ``problem`` keeps why."""

    def __init__(self, backend: Any) -> None:  # localStorage, or a stand-in with its methods
        self.backend = backend
        self.available = backend is not None
        self.problem: str | None = None if backend is not None else "no storage"

    @classmethod
    def from_getter(cls, getter: Callable[[], Any]) -> SafeStorage:
        """``getter()`` returns the backend (e.g. reads window.localStorage,
        which itself throws where storage is denied)."""
        try:
            backend = getter()
        except Exception as error:  # the browser's SecurityError, via Pyodide
            store = cls(None)
            store.problem = _why(error)
            return store
        return cls(backend)

    def _fail(self, error: Exception) -> None:
        self.available = False
        self.problem = _why(error)

    def get(self, key: str) -> str | None:
        if not self.available:
            return None
        try:
            value = self.backend.getItem(key)
        except Exception as error:
            self._fail(error)
            return None
        # A missing key is JS null: None, or Pyodide's jsnull (not a str).
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        """Store ``value``; False if the browser refused (a full quota:
        storage stays on, to read, remove and try again; ``problem`` says why)."""
        if not self.available:
            return False
        try:
            self.backend.setItem(key, value)
        except Exception as error:
            self.problem = _why(error)
            return False
        self.problem = None
        return True

    @property
    def full(self) -> bool:
        """Whether the last write was refused for want of room (the browser's
        QuotaExceededError), not for another reason."""
        return self.problem is not None and "quota" in self.problem.lower()

    def keys(self) -> list[str]:
        """Every key stored (the browser's ``length`` and ``key(i)``)."""
        if not self.available:
            return []
        try:
            found = [self.backend.key(i) for i in range(int(self.backend.length))]
        except Exception as error:
            self._fail(error)
            return []
        return [key for key in found if isinstance(key, str)]

    def remove(self, key: str) -> bool:
        if not self.available:
            return False
        try:
            self.backend.removeItem(key)
        except Exception as error:
            self._fail(error)
            return False
        return True


#: Where :func:`set_aside` keeps a value the page could not read.
ASIDE = ".unreadable"


#: The most copies :func:`set_aside` keeps of one key (a tenth is refused).
MAX_ASIDE = 9


def set_aside(storage: SafeStorage, key: str) -> bool:
    """Keep what ``key`` holds under ``key + ASIDE`` before the page writes
    its own value there: stored data the page cannot read is refused, never
    deleted. A value kept aside earlier stays, and another value is kept
    beside it (``key + ASIDE + ".2"``, ...: at most MAX_ASIDE); True if what
    ``key`` holds is kept (or there is nothing to keep), False if it could
    not be (then the caller must not write over it).

    >>> store = SafeStorage(MemoryStorage())
    >>> store.set("p", "[[[") and set_aside(store, "p"), store.get("p.unreadable")
    (True, '[[[')
    >>> store.set("p", "{{{") and set_aside(store, "p"), store.get("p.unreadable"), store.get("p.unreadable.2")
    (True, '[[[', '{{{')
    >>> set_aside(store, "p"), store.get("p.unreadable.3")  # the same text is kept once
    (True, None)
    """
    text = storage.get(key)
    if text is None:
        return True
    for number in range(1, MAX_ASIDE + 1):
        aside = aside_key(key, number)
        kept = storage.get(aside)
        if kept == text:
            return True
        if kept is None:
            return storage.set(aside, text)
    return False


def aside_key(key: str, number: int = 1) -> str:
    """Where :func:`set_aside` keeps its ``number``-th copy of ``key``."""
    return key + ASIDE + ("" if number == 1 else f".{number}")


def _why(error: Exception) -> str:
    text = str(error).strip().splitlines()
    return text[-1][:200] if text else error.__class__.__name__
