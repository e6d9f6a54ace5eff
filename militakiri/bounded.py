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

>>> read_int("42", text("f_number"), 1, 10_000)
42
>>> read_int("²", text("n_glyph"), 0, 255)
Traceback (most recent call last):
...
militakiri.errors.MilitakiriError: a glyph '²' is not a whole number from 0 to 255
>>> excerpt("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"
"""

from __future__ import annotations

from .errors import MilitakiriError
from .messages import Number, Text, text

#: How much of a bad input a message quotes.
EXCERPT = 60
_DIGITS = frozenset("0123456789")

#: White space as CPython's ``str.split()`` and ``str.strip()`` see it
#: (``str.isspace``); MicroPython's see only the ASCII ``" \t\n\v\f\r"``.
SPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004"
    "\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
#: Those MicroPython's ``split()`` does not see.
_OTHER_SPACE = SPACE[5:9] + SPACE[10:]
_SPACE_SET = frozenset(SPACE)

#: The characters CPython's ``repr`` escapes beyond ASCII (``str.isprintable``
#: is false): controls, separators, formats, surrogates, private use and
#: non-characters, as ``(first, last)`` code points. (Code points not yet
#: assigned are printable here; MicroPython's ``repr`` escapes every
#: character beyond ASCII, so messages quote with :func:`quote`.)
_UNPRINTABLE = (
    (0x7F, 0xA0), (0xAD, 0xAD), (0x600, 0x605), (0x61C, 0x61C), (0x6DD, 0x6DD),
    (0x70F, 0x70F), (0x890, 0x891), (0x8E2, 0x8E2), (0x1680, 0x1680), (0x180E, 0x180E),
    (0x2000, 0x200F), (0x2028, 0x202F), (0x205F, 0x2064), (0x2066, 0x206F),
    (0x3000, 0x3000), (0xD800, 0xF8FF), (0xFDD0, 0xFDEF), (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD), (0x13430, 0x1343F),
    (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0001, 0xE0001), (0xE0020, 0xE007F),
    (0xF0000, 0x10FFFF),
)
_ESCAPES = {"\t": "\\t", "\n": "\\n", "\r": "\\r", "\\": "\\\\"}


def split_words(text: str) -> list[str]:
    """``text.split()`` as CPython splits, on any white space (MicroPython's
    ``split()`` sees only ASCII white space).

    >>> split_words("Sc\\u3000Xd\\xa0 Pb ")
    ['Sc', 'Xd', 'Pb']
    """
    for char in _OTHER_SPACE:
        if char in text:
            text = text.replace(char, " ")
    return text.split()


def strip_space(text: str) -> str:
    """``text.strip()`` as CPython strips, any white space at either end.

    Linear in every interpreter: ``str.strip()`` (in C) takes what it sees
    as white space (all of it in CPython, the ASCII kind in MicroPython),
    then one pass over the characters finds the ends, if white space
    beyond ASCII is left at either. (Indexing a str in MicroPython walks it
    from the start, so no index moves in from an end.)

    >>> strip_space("\\u3000 c3-c4\\n"), strip_space(" \\x1c\\xa0"), strip_space("a b")
    ('c3-c4', '', 'a b')
    """
    text = text.strip()
    space = _SPACE_SET
    if not text or (text[0] not in space and text[-1] not in space):
        return text
    first = last = -1
    i = 0
    for char in text:
        if char not in space:
            if first < 0:
                first = i
            last = i
        i += 1
    return text[first:last + 1] if first >= 0 else ""


def _printable(code: int) -> bool:
    if code < 0x7F:
        return code >= 0x20
    if code & 0xFFFE == 0xFFFE:  # the last two code points of every plane
        return False
    for first, last in _UNPRINTABLE:
        if code <= last:
            return code < first
    return True


def quote(text: object) -> str:
    """``repr(text)`` as CPython writes it, in every interpreter: characters
    beyond ASCII shown as they are where CPython shows them. (Not a string:
    its ``repr``.)

    >>> print(quote("é²"), quote("it's"), quote("a\\u202eb\\n"))
    'é²' "it's" 'a\\u202eb\\n'
    """
    if not isinstance(text, str):
        return repr(text)
    mark = '"' if "'" in text and '"' not in text else "'"
    parts = []
    for char in text:
        code = ord(char)
        if char == mark:
            parts.append("\\" + char)
        elif char in _ESCAPES:
            parts.append(_ESCAPES[char])
        elif _printable(code):
            parts.append(char)
        elif code < 0x100:
            parts.append("\\x%02x" % code)
        elif code < 0x10000:
            parts.append("\\u%04x" % code)
        else:
            parts.append("\\U%08x" % code)
    return mark + "".join(parts) + mark


def must_be_text(value: object, what: Text, error: type[MilitakiriError] = MilitakiriError) -> str:
    """``value`` if it is text, else ``error`` naming ``what``: a public
    function given a number, None or a list answers with the project's own
    error, not with whatever the first string method raises.

    >>> must_be_text(4, text("n_dice"))
    Traceback (most recent call last):
    ...
    militakiri.errors.MilitakiriError: dice must be text, not 4
    """
    if not isinstance(value, str):
        raise error(text("must_be_text", what=what, value=excerpt(value)))
    return value


def must_be_index(value: object, low: int, high: int, what: Text,
                  error: type[MilitakiriError] = MilitakiriError) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``, else
    ``error`` naming ``what``: the helpers that take a square, a file, a row
    or a player as a number answer any other value with the project's own
    error, not an IndexError or a TypeError from inside. Never
    ``True`` for 1, nor ``2.0`` for 2.

    >>> must_be_index(2, 1, 3, text("n_setup_row"))
    2
    >>> must_be_index(2.0, 1, 3, text("n_setup_row"))
    Traceback (most recent call last):
    ...
    militakiri.errors.MilitakiriError: a set-up row must be a whole number from 1 to 3, not 2.0
    """
    if type(value) is not int or not low <= value <= high:
        raise error(text("must_be_index", what=what, low=low, high=high, value=excerpt(value)))
    return value


def is_player(value: object) -> bool:
    """Whether ``value`` names a player as every format does: the whole
    number 0 (White) or 1 (Black), never ``True`` and never ``1.0`` (a saved
    clock's ``to_move: 1.0`` once broke Resume).

    >>> is_player(1), is_player(0), is_player(1.0), is_player(True), is_player(None)
    (True, True, False, False, False)
    """
    return type(value) is int and value in (0, 1)


def not_a_player(value: object) -> MilitakiriError:
    """The error for ``value`` given where a player (0 or 1) is asked
    (raised by the caller, after a test cheap enough for the move generator).

    >>> raise not_a_player(None)
    Traceback (most recent call last):
    ...
    militakiri.errors.MilitakiriError: a player must be 0 (Red) or 1 (Blue), not None
    """
    return MilitakiriError(text("not_a_player", value=excerpt(value)))


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """``value`` quoted for a message: at most ``limit`` characters, and how
    long it was when cut (a Text then: its "characters" said in the
    message's language). Characters a message cannot show (surrogates,
    controls) are escaped, as CPython's ``repr`` does (:func:`quote`)."""
    if not isinstance(value, str):
        written = repr(value)
        if len(written) > limit:
            return written[:limit] + "…"
        return written
    if len(value) <= limit:
        return quote(value)
    return text("excerpt_cut", quoted=quote(value[:limit])[:-1] + "…'", n=Number(len(value)))


def shorten(message: str, limit: int = 200) -> str:
    """A message cut to ``limit`` characters (a whole message, already made
    of excerpts, that must still fit a line)."""
    return message if len(message) <= limit else message[:limit - 1] + "…"


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits (``'²'`` and ``'٣'`` are not)."""
    return bool(text) and _DIGITS.issuperset(text)


def read_int(
    written: str, what: Text, low: int, high: int, error: type[MilitakiriError] = MilitakiriError
) -> int:
    """The whole number ``written`` (ASCII digits) if it is from
    ``low`` to ``high``; otherwise ``error`` naming ``what``.

    Digits beyond those of ``high`` are refused before any conversion, so a
    huge string costs nothing (leading zeros count as digits).
    """
    if not isinstance(written, str) or not is_digits(written) or len(written) > len(str(high)) \
            or not low <= int(written) <= high:
        raise error(text("not_whole_number", what=what, value=excerpt(written), low=Number(low),
                         high=Number(high)))
    return int(written)


def read_number(
    value: object, what: Text, low: float, high: float, error: type[MilitakiriError] = MilitakiriError
) -> float:
    """A number from JSON (a saved game, a worker's message): an int or a
    finite float from ``low`` to ``high``, never a bool or a string."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise error(text("not_a_number", what=what, value=excerpt(value), low=Number(low), high=Number(high)))
    return value


# Games ----------------------------------------------------------------------------

#: The most moves a game holds: play (militakiri.game), records, links and
#: the page's saves all agree on it, so every game made can be read back
#: (a 2,100-move record played and saved once could not be reopened, the
#: link reader stopping at 2,000). Far beyond games people play (random play
#: ends within a few hundred moves on either board).
MAX_PLIES = 3000


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
    return " ".join(split_words(text))[:MAX_NAME_CHARS].strip()
