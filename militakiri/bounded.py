"""Numbers and text from outside, read within bounds.

Links, records, position strings, query options, saved games and the
worker's messages come from strangers, old versions and careless edits.
Python's ``int()`` is too generous for them: it takes ``'²'`` as a digit
(``'²'.isdigit()`` is true, ``int('²')`` fails), reads digit strings of any
length (a 5,000-digit one fails with advice about ``sys``; a shorter one
still overflows a float or builds a billion-field row). Every number that
crosses an edge is read here instead: ASCII digits only, no more of them than
the largest allowed value has, and within the field's range. A refusal is the
caller's own error type, with a sentence that quotes at most a short excerpt.

>>> read_int("42", "a move number", 1, 10_000)
42
>>> read_int("²", "a level", 1, 4)
Traceback (most recent call last):
...
militakiri.errors.MilitakiriError: a level '²' is not a whole number from 1 to 4
>>> excerpt("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"
"""

from __future__ import annotations

from .errors import MilitakiriError

#: How much of a bad input a message quotes.
EXCERPT = 60
_DIGITS = frozenset("0123456789")


def excerpt(text: object, limit: int = EXCERPT) -> str:
    """``text`` quoted for a message: at most ``limit`` characters, and how
    long it was when cut. Characters a message cannot show (surrogates,
    controls) are escaped, as ``repr`` does."""
    if not isinstance(text, str):
        text = repr(text)
        if len(text) > limit:
            return text[:limit] + "…"
        return text
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}"[:-1] + f"…' ({len(text):,} characters)"


def shorten(message: str, limit: int = 200) -> str:
    """A message cut to ``limit`` characters (a whole message, already made
    of excerpts, that must still fit a line)."""
    return message if len(message) <= limit else message[:limit - 1] + "…"


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits (``'²'`` and ``'٣'`` are not)."""
    return bool(text) and _DIGITS.issuperset(text)


def read_int(
    text: str, what: str, low: int, high: int, error: type[MilitakiriError] = MilitakiriError
) -> int:
    """The whole number written ``text`` (ASCII digits) if it is from
    ``low`` to ``high``; otherwise ``error`` naming ``what``.

    Digits beyond those of ``high`` are refused before any conversion, so a
    huge string costs nothing (leading zeros count as digits).
    """
    if not isinstance(text, str) or not is_digits(text) or len(text) > len(str(high)) \
            or not low <= int(text) <= high:
        raise error(f"{what} {excerpt(text)} is not a whole number from {low:,} to {high:,}")
    return int(text)


def read_number(
    value: object, what: str, low: float, high: float, error: type[MilitakiriError] = MilitakiriError
) -> float:
    """A number from JSON (a saved game, a worker's message): an int or a
    finite float from ``low`` to ``high``, never a bool or a string."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise error(f"{what} {excerpt(value)} is not a number from {low:,} to {high:,}")
    return value


# Names ----------------------------------------------------------------------------

#: The longest player's name, in every format that carries one.
MAX_NAME_CHARS = 40
#: Characters that reorder the text around them (bidirectional embeddings,
#: overrides and isolates) and so can make a name show as another.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _shown(char: str) -> bool:
    code = ord(char)
    return not (
        code < 32 or 0x7F <= code < 0xA0  # control characters
        or 0xD800 <= code <= 0xDFFF  # lone surrogates: not text
        or char in _BIDI_CONTROLS
        or code in (0xFFFE, 0xFFFF)
    )


def clean_name(name: object) -> str:
    """A player's name as every format keeps it (links, records, saves, the
    New game dialog): controls, lone surrogates and bidirectional controls
    dropped, runs of spaces made one, ends trimmed, at most MAX_NAME_CHARS
    characters. What one format writes, every other reads back unchanged.

    >>> clean_name("  Anna\\x01  de\\u202e Vries ")
    'Anna de Vries'
    >>> clean_name("x" * 50) == "x" * MAX_NAME_CHARS
    True
    """
    text = "".join(char for char in str(name) if _shown(char))
    return " ".join(text.split())[:MAX_NAME_CHARS].strip()
