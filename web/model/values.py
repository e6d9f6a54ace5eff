"""Plain values: objects that are their fields.

An intent, a status line's message, a board's mark, a game's event, a
request to the computer's worker are each a few named fields and nothing
else; two of them are equal when they are of one type with equal fields,
and they print as ``Name(field=value, ...)``. :class:`Value` gives them
that once, from their ``__slots__``, in the subset of Python MicroPython
shares (no dataclasses there, and ``__slots__`` is only a list of names to
it, so the fields are read by name).

>>> class Mark(Value):
...     __slots__ = ("kind", "field")
...     def __init__(self, kind, field):
...         self.kind, self.field = kind, field
>>> Mark("last", "c3") == Mark("last", "c3"), Mark("last", "c3") == Mark("last", "d4")
(True, False)
>>> Mark("last", "c3")
Mark(kind='last', field='c3')
"""

from __future__ import annotations


class Value:
    """A value made of its ``__slots__``: equal and hashed by them (by
    ``_identity``'s, where a class names fewer: what it is, not what it
    says), and written with them all."""

    __slots__: tuple[str, ...] = ()
    #: The fields that make two values the same (None: all of ``__slots__``).
    _identity: tuple[str, ...] | None = None

    def _same(self) -> tuple[object, ...]:
        names = self.__slots__ if self._identity is None else self._identity
        return tuple(getattr(self, name) for name in names)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._same() == self._same()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._same()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"
