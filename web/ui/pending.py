"""A value that arrives later, for ``await``: an answer from a worker.

MicroPython's asyncio has no Future; a JavaScript Promise can be awaited in
either interpreter, so a Pending is one, resolved from Python. A failure is
kept on the Python side and raised by :meth:`wait` as the very exception.
"""

from __future__ import annotations

import js
from pyscript.ffi import create_proxy


class Pending:
    """``await pending.wait()`` returns what :meth:`resolve` was given, or raises
    what :meth:`fail` was; the first of the two counts."""

    def __init__(self) -> None:
        self._done = False
        self._value = None
        self._error: BaseException | None = None
        self._settle = None
        self._promise = js.Promise.new(create_proxy(self._executor))

    def _executor(self, resolve, reject) -> None:
        self._settle = resolve

    def done(self) -> bool:
        return self._done

    def resolve(self, value) -> None:
        if not self._done:
            self._done, self._value = True, value
            self._settle(None)

    def fail(self, error: BaseException) -> None:
        if not self._done:
            self._done, self._error = True, error
            self._settle(None)

    async def wait(self):
        if not self._done:
            await self._promise
        if self._error is not None:
            raise self._error
        return self._value
