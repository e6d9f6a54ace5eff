"""The engine's own random numbers: the same sequence in every interpreter.

CPython's :class:`random.Random` is a Mersenne Twister that MicroPython does
not have (its ``random`` module is a small generator without a class), and
the two would give different set-ups, dice and computer moves for the same
seed. So random set-ups, dice, the computer's choices and the generated
puzzles draw from this :class:`Random`: SplitMix64 (Steele, Lea and Flood,
"Fast splittable pseudorandom number generators", 2014; the reference is
Vigna's ``splitmix64.c``), a 64-bit state and three multiply-xorshift steps,
small enough to read and exact in any Python with big integers.

>>> rng = Random(1234567)
>>> rng.next64()
6457827717110365317
>>> Random("zobrist").randrange(6) == Random("zobrist").randrange(6)
True
"""

from __future__ import annotations

import random as _system

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import MutableSequence, Sequence, TypeVar

    T = TypeVar("T")

_MASK = 0xFFFFFFFFFFFFFFFF
_GOLDEN = 0x9E3779B97F4A7C15
_FLOAT_UNIT = 1.0 / 9007199254740992.0  # 2**-53


def bit_length(n: int) -> int:
    """The number of bits of ``abs(n)`` (``int.bit_length``, which MicroPython lacks).

    >>> [bit_length(n) for n in (0, 1, 5, 2**64)]
    [0, 1, 3, 65]
    """
    n = -n if n < 0 else n
    bits = 0
    while n >= 1 << 32:
        n >>= 32
        bits += 32
    while n:
        n >>= 1
        bits += 1
    return bits


def _seed_value(seed: int | str | None) -> int:
    """A 64-bit state from an int, a string (FNV-1a of its UTF-8) or the system."""
    if seed is None:
        return (_system.getrandbits(32) << 32 | _system.getrandbits(32)) & _MASK
    if isinstance(seed, str):
        value = 0xCBF29CE484222325
        for byte in seed.encode():
            value = ((value ^ byte) * 0x100000001B3) & _MASK
        return value
    if isinstance(seed, int) and not isinstance(seed, bool):
        return seed % (1 << 64)
    raise TypeError("a seed is an int, a str or None")


class Random:
    """A seeded generator with the methods the engine uses from :mod:`random`.

    ``Random()`` seeds itself from the system; ``Random(seed)`` with an int or a
    string gives the same numbers everywhere.
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int | str | None = None) -> None:
        self._state = _seed_value(seed)

    def next64(self) -> int:
        """The next 64-bit output of SplitMix64."""
        self._state = (self._state + _GOLDEN) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def getrandbits(self, k: int) -> int:
        """A non-negative int of ``k`` random bits (the high bits of each output)."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        value = 0
        while k > 0:
            take = 64 if k > 64 else k
            value = (value << take) | (self.next64() >> (64 - take))
            k -= take
        return value

    def random(self) -> float:
        """A float in [0, 1), with 53 random bits."""
        return (self.next64() >> 11) * _FLOAT_UNIT

    def _below(self, n: int) -> int:
        """An int in [0, n), unbiased (rejection of the values past a power of two)."""
        bits = bit_length(n - 1) if n > 1 else 0
        while True:
            value = self.getrandbits(bits)
            if value < n:
                return value

    def randrange(self, start: int, stop: int | None = None) -> int:
        """An int in ``range(start, stop)`` (``range(start)`` with one argument)."""
        if stop is None:
            start, stop = 0, start
        if stop <= start:
            raise ValueError("empty range for randrange()")
        return start + self._below(stop - start)

    def randint(self, a: int, b: int) -> int:
        """An int in [a, b], both included."""
        return self.randrange(a, b + 1)

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self._below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffles ``items`` in place (Fisher-Yates, from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self._below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements of ``population``, in the order drawn."""
        pool = list(population)
        if not 0 <= k <= len(pool):
            raise ValueError("sample larger than population or is negative")
        for i in range(k):
            j = i + self._below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
