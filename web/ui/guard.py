"""Calls into the browser that may throw, made safe for the page's MicroPython.

A JavaScript exception thrown into MicroPython (1.28, the page's interpreter)
is no Python exception: it unwinds past every ``try``/``except`` and
``finally`` up to the browser's event loop, and leaves the handler that made
the call half done (tests/browser/test_bad_input.py: storage that throws).
So every call into the browser that can throw - storage in a cross-site
frame or on a full disk, a message the parent cannot receive, a worker the
browser refuses, a URL it cannot encode - goes through here: a small
JavaScript function catches, and :class:`BrowserError` is raised in Python.
"""

from __future__ import annotations

import js
from pyscript.ffi import to_js

# (target, name, args, mode): mode 0 calls target[name](...args), 1 reads
# target[name], 2 constructs new target(...args). Answers [true, value] or
# [false, "Name: message"].
_ATTEMPT = js.Function.new("target", "name", "args", "mode", """
  try {
    if (mode === 1) return [true, target[name]];
    if (mode === 2) return [true, new target(...args)];
    return [true, target[name](...args)];
  } catch (error) {
    return [false, error && error.name ? `${error.name}: ${error.message}` : String(error)];
  }""")


class BrowserError(RuntimeError):
    """The browser refused a call; the message is its error's name and message."""


def _attempt(target, name: str, args: tuple, mode: int):
    answer = _ATTEMPT(target, name, to_js(list(args)), mode)
    if not answer[0]:
        raise BrowserError(str(answer[1]))
    return answer[1]


def call(target, method: str, *args):
    """``target.method(*args)``; BrowserError if it throws."""
    return _attempt(target, method, args, 0)


def read(target, name: str):
    """``target.name``; BrowserError if reading it throws (a getter)."""
    return _attempt(target, name, (), 1)


def new(constructor, *args):
    """``new constructor(*args)``; BrowserError if it throws."""
    return _attempt(constructor, "", args, 2)


class Storage:
    """``window.localStorage`` or ``sessionStorage`` with every access
    guarded, for web/services/storage.py's SafeStorage: reading the storage
    itself throws in a cross-site frame, ``setItem`` on a full disk."""

    def __init__(self, name: str) -> None:
        self._store = read(js.window, name)
        if self._store is None:
            raise BrowserError(f"no {name} here")

    def getItem(self, key: str):  # noqa: N802 (the DOM's names)
        return call(self._store, "getItem", key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        call(self._store, "setItem", key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        call(self._store, "removeItem", key)

    def key(self, index: int):
        return call(self._store, "key", index)

    @property
    def length(self) -> int:
        return int(read(self._store, "length"))
