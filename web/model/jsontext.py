"""JSON text written to the letter as CPython's ``json.dumps`` writes it, in
every interpreter.

What the page keeps (a saved game and its check code, the puzzle progress,
the computer remembered across a reload) must read the same wherever it was
written: a save made in the page's MicroPython is opened by an older page in
Pyodide, and the other way round. MicroPython's ``json.dumps`` has no
``sort_keys`` and no ``ensure_ascii``, its dicts do not keep their order, and
its ``repr`` of a float is not always the shortest one. So this module
writes JSON itself: keys always sorted, every character outside printable
ASCII escaped (``\\u00e9``, surrogate pairs past U+FFFF), and each float as
CPython's ``repr`` (the shortest decimal that reads back as the same float,
worked out with integers only: :func:`float_text`). Reading is
:func:`loads`: deep nesting refused before any parser sees the text, then
``json.loads``, and what MicroPython reads otherwise mended (surrogate pairs
joined).

>>> dumps({"b": [1, 2.5, None, True], "a": "caf\\u00e9"})
'{"a": "caf\\\\u00e9", "b": [1, 2.5, null, true]}'
>>> dumps({"left": [299.87, 1e-05], "to_move": 0}, compact=True)
'{"left":[299.87,1e-05],"to_move":0}'
>>> [float_text(x) for x in (0.1 + 0.2, 651.81, 1e16, 123456.0, -0.0)]
['0.30000000000000004', '651.81', '1e+16', '123456.0', '-0.0']
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING

from militakiri.textcodec import crc_code

if TYPE_CHECKING:
    from typing import Any, TypeGuard

#: Characters JSON writes with a backslash of their own (the rest below
#: U+0020 and past U+007E as ``\\uXXXX``), as CPython's json does.
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_TWO_53 = 9007199254740992.0
#: The deepest nesting :func:`loads` reads (what the page keeps is a few
#: levels deep).
MAX_DEPTH = 100


def loads(text: str, max_depth: int | None = MAX_DEPTH,
          max_chars: int | None = None) -> Any:  # JSON: whoever reads it checks it
    """``json.loads(text)``, the same value in CPython and MicroPython;
    ValueError if ``text`` is not JSON, is nested deeper than ``max_depth``
    (None: the page's own data files, not walked for it) or is longer than
    ``max_chars`` (both bounds are checked before any parser sees it).

    Every character past U+FFFF is written as a surrogate pair of escapes
    (``\\ud83d\\ude00``: :func:`string_text`, and CPython's ``json.dumps``).
    CPython's ``json.loads`` joins such a pair into its character;
    MicroPython's leaves the two surrogates, so a player's name with an
    emoji would come back from a save as two characters that are not text.
    Here every surrogate pair in a string or a key is joined, in every
    interpreter. And a parser reads nesting by recursion, in C: CPython's
    raises RecursionError at about 1,000 levels, Pyodide's can run out of
    the wasm stack first (which no ``except`` catches), and what
    MicroPython read at any depth later runs out of stack when compared or
    written. So the depth is counted in the text first (:func:`_nesting`),
    and past ``max_depth`` it is a ValueError before any parser sees it.
    (Counting walks the text in Python when it has more brackets than
    that, which is why the page's own data files skip it.)

    >>> text = dumps({"name": "Zo\\u00eb \\U0001F600", "x": [1.5, None]})
    >>> text
    '{"name": "Zo\\\\u00eb \\\\ud83d\\\\ude00", "x": [1.5, null]}'
    >>> loads(text) == {"name": "Zo\\u00eb \\U0001F600", "x": [1.5, None]}
    True
    >>> loads("[" * 101 + "]" * 101)
    Traceback (most recent call last):
    ...
    ValueError: JSON nested deeper than 100 levels
    >>> loads("[1, 2]", max_chars=5)
    Traceback (most recent call last):
    ...
    ValueError: JSON of 6 characters, more than 5
    """
    if max_chars is not None and len(text) > max_chars:
        raise ValueError(f"JSON of {len(text):,} characters, more than {max_chars:,}")
    # (Counted in C: most texts have too few brackets to be walked at all.)
    if max_depth is not None and text.count("[") + text.count("{") > max_depth \
            and _nesting(text, max_depth) > max_depth:
        raise ValueError(f"JSON nested deeper than {max_depth} levels")
    try:
        value = json.loads(text)
    except RuntimeError:  # CPython's RecursionError (a data file, not counted)
        raise ValueError("JSON nested too deep") from None
    if "\\ud" in text or "\\uD" in text:
        value = _with_pairs_joined(value)
    return value


def _nesting(text: str, most: int) -> int:
    r"""How deep the brackets outside the strings of ``text`` nest, counted
    up to ``most + 1`` (JSON or not: a parser reads no deeper before it
    fails). Escaped backslashes and quotes are taken out first, as a parser
    reads them, so every other quote opens or closes a string.

    >>> text = dumps([{"a": "[[[\\", 'b\\"[': [1, [2]]}])
    >>> text
    '[{"a": "[[[\\\\", "b\\\\\\"[": [1, [2]]}]'
    >>> _nesting(text, 10)
    4
    >>> _nesting("[" * 500, 10)
    11
    """
    # The brackets one by one, in order (the nearest of the four kinds next);
    # one outside the strings has an even number of quotes before it. Found
    # and counted in C, in bytes (MicroPython finds a character's place in a
    # str by walking it): the walk in Python is one step a bracket, not a
    # letter (a profile is a megabyte), and stops past ``most``.
    plain = text.replace("\\\\", "").replace('\\"', "").encode()
    brackets = (b"[", b"{", b"]", b"}")
    nearest = [plain.find(bracket) for bracket in brackets]
    depth = deepest = quotes = last = 0
    while True:
        at, kind = -1, -1
        for index in range(4):
            place = nearest[index]
            if place >= 0 and (at < 0 or place < at):
                at, kind = place, index
        if at < 0:
            return deepest
        nearest[kind] = plain.find(brackets[kind], at + 1)
        quotes += plain.count(b'"', last, at)
        last = at
        if quotes % 2:
            continue  # inside a string
        if kind < 2:
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > most:
                    return deepest
        else:
            depth -= 1


def _with_pairs_joined(value: Any) -> Any:
    """``value`` (read by ``json.loads``) with the surrogate pairs of its
    strings and keys joined: walked with a list of its own, not recursion
    (a data file's value may be deep)."""
    if isinstance(value, str):
        return _joined(value)
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, list):
            for index in range(len(item)):
                child = item[index]
                if isinstance(child, (list, dict)):
                    todo.append(child)
                elif isinstance(child, str):
                    item[index] = _joined(child)
        elif isinstance(item, dict):
            for key in list(item):
                child = item[key]
                if isinstance(child, (list, dict)):
                    todo.append(child)
                elif isinstance(child, str):
                    child = item[key] = _joined(child)
                joined = _joined(key)
                if joined != key:
                    del item[key]
                    item[joined] = child
    return value


def _joined(text: str) -> str:
    """``text`` with each surrogate pair (U+D800-DBFF, then U+DC00-DFFF)
    made the one character it stands for; lone surrogates stay.

    >>> _joined("a\\ud83d\\ude00\\ude00\\ud83d") == "a\\U0001F600\\ude00\\ud83d"
    True
    """
    parts = []
    high = 0  # a high surrogate waiting for its low one
    joined = False
    for char in text:
        code = ord(char)
        if high:
            if 0xDC00 <= code <= 0xDFFF:
                parts.append(chr(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)))
                high = 0
                joined = True
                continue
            parts.append(chr(high))
            high = 0
        if 0xD800 <= code <= 0xDBFF:
            high = code
        else:
            parts.append(char)
    if high:
        parts.append(chr(high))
    return "".join(parts) if joined else text


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` read from JSON is a whole number (``true`` is not 1).

    >>> is_int(3), is_int(True), is_int(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def dumps(value: object, compact: bool = False) -> str:
    """``json.dumps(value, sort_keys=True)``, with ``separators=(",", ":")``
    if ``compact``: the same text in CPython and MicroPython."""
    out: list[str] = []
    _write(value, out, "," if compact else ", ", ":" if compact else ": ")
    return "".join(out)


def _write(value: object, out: list[str], comma: str, colon: str) -> None:
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, str):
        out.append(string_text(value))
    elif isinstance(value, int):
        out.append(str(value))
    elif isinstance(value, float):
        out.append(float_text(value))
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for index, item in enumerate(value):
            if index:
                out.append(comma)
            _write(item, out, comma, colon)
        out.append("]")
    elif isinstance(value, dict):
        out.append("{")
        for index, key in enumerate(sorted(value)):
            if index:
                out.append(comma)
            out.append(string_text(_key(key)))
            out.append(colon)
            _write(value[key], out, comma, colon)
        out.append("}")
    else:
        raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _key(key: object) -> str:
    """A dict key as JSON writes it (always a string)."""
    if isinstance(key, str):
        return key
    if key is None or key is True or key is False:
        return "null" if key is None else "true" if key else "false"
    if isinstance(key, int):
        return str(key)
    if isinstance(key, float):
        return float_text(key)
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


def string_text(text: str) -> str:
    """``text`` as a JSON string, ASCII only (``json.dumps`` with ``ensure_ascii``)."""
    if not text or (" " <= min(text) and max(text) <= "~" and '"' not in text and "\\" not in text):
        return '"' + text + '"'  # printable ASCII as it is (most keys and values: no walk letter by letter)
    out = ['"']
    for ch in text:
        code = ord(ch)
        if 0x20 <= code < 0x7F:
            out.append(_ESCAPES.get(ch, ch) if ch == '"' or ch == "\\" else ch)
        elif ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif code < 0x10000:
            out.append("\\u%04x" % code)
        else:
            code -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 | (code >> 10), 0xDC00 | (code & 0x3FF)))
    out.append('"')
    return "".join(out)


def float_text(x: float) -> str:
    """``repr(x)`` as CPython writes it, and JSON's ``NaN``/``Infinity``.

    The shortest decimal that reads back as ``x`` (the nearest of those if
    several), found with exact integer arithmetic: MicroPython's own float
    formatting can be off in the last digits.

    >>> float_text(5e-324), float_text(1.7976931348623157e308), float_text(0.0001)
    ('5e-324', '1.7976931348623157e+308', '0.0001')
    """
    if x != x:
        return "NaN"
    if x == math.inf or x == -math.inf:
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "-0.0" if math.copysign(1.0, x) < 0 else "0.0"
    digits, point = _shortest(-x if x < 0 else x)
    return ("-" if x < 0 else "") + _layout(digits, point)


def _layout(digits: str, point: int) -> str:
    """The digits of ``0.DIGITS * 10**point`` laid out as ``repr`` does:
    an exponent below 1e-4 and from 1e16 on."""
    if point <= -4 or point > 16:
        exponent = point - 1
        mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
        sign = "-" if exponent < 0 else "+"
        size = str(-exponent if exponent < 0 else exponent)
        return mantissa + "e" + sign + ("0" + size if len(size) < 2 else size)
    if point <= 0:
        return "0." + "0" * -point + digits
    if point >= len(digits):
        return digits + "0" * (point - len(digits)) + ".0"
    return digits[:point] + "." + digits[point:]


def _compare(d: int, k: int, n: int, f: int) -> int:
    """The sign of ``d * 10**k - n * 2**f`` (exact)."""
    left = d * 10 ** k if k >= 0 else d
    right = n << f if f >= 0 else n
    if k < 0:
        right *= 10 ** -k
    if f < 0:
        left <<= -f
    return (left > right) - (left < right)


def _shortest(v: float) -> tuple[str, int]:
    """The shortest digits ``D`` and ``point`` with ``0.D * 10**point`` read
    as ``v`` (positive, finite), the nearest to ``v`` among equals."""
    m, e = math.frexp(v)
    mant, exp = int(m * _TWO_53), e - 53  # v == mant * 2**exp, exactly
    if exp < -1074:  # a subnormal number: its last bit is 2**-1074
        mant >>= -1074 - exp
        exp = -1074
    # The halfway points to the neighbours, in units of 2**(exp - 2); a
    # decimal on one of them reads as v if v's last bit is even (ties to even).
    high = 4 * mant + 2
    low = 4 * mant - 1 if mant == 1 << 52 and exp > -1074 else 4 * mant - 2
    inclusive = mant % 2 == 0
    unit = exp - 2
    # The decimal exponent of v's first digit: 10**top <= v < 10**(top + 1).
    top = int(math.floor(math.log10(v)))
    while _compare(1, top, mant, exp) > 0:
        top -= 1
    while _compare(1, top + 1, mant, exp) <= 0:
        top += 1
    for precision in range(1, 18):
        k = top - precision + 1
        # floor(v / 10**k)
        num, den = mant, 1
        if exp >= 0:
            num <<= exp
        else:
            den <<= -exp
        if k >= 0:
            den *= 10 ** k
        else:
            num *= 10 ** -k
        below = num // den
        best = None
        for d in (below, below + 1):
            over_low = _compare(d, k, low, unit)
            under_high = _compare(d, k, high, unit)
            if (over_low > 0 or (inclusive and over_low == 0)) and (under_high < 0 or (inclusive and under_high == 0)):
                if best is None:
                    best = d
                else:  # both read as v: the nearer (the even one if as near)
                    gap_low = _compare(2 * best + 1, k, 2 * mant, exp)  # sign of the midpoint - v
                    best = d if gap_low < 0 or (gap_low == 0 and d % 2 == 0) else best
        if best is not None:
            text = str(best)
            point = len(text) + k
            end = len(text)
            while end > 1 and text[end - 1] == "0":
                end -= 1
            return text[:end], point
    raise ValueError(f"no decimal reads as {v!r}")  # never: 17 digits always do


def check_code(body: dict[str, object]) -> str:
    """A check code over what the page keeps (a saved game, a profile): the
    low 24 bits of the CRC-32 of its JSON (keys sorted, no spaces), as 4
    characters of base64url. It finds a text changed by hand or cut short;
    it is no seal against someone who reads this code.

    >>> check_code({"format": 1, "link": "1!s", "saved": 1.5})
    'dPJY'
    """
    return crc_code(dumps(body, compact=True))


def sealed(body: dict[str, object]) -> str:
    """``body`` as the page keeps it: compact JSON with its :func:`check_code`
    as ``"check"`` (``body`` gets that key).

    >>> sealed({"format": 1, "link": "1!s", "saved": 1.5})
    '{"check":"dPJY","format":1,"link":"1!s","saved":1.5}'
    """
    text = dumps(body, compact=True)
    code = body["check"] = crc_code(text)
    if text != "{}" and all(key > "check" for key in body if key != "check"):
        # "check" comes first: written into the text once, not all of it again.
        return '{"check":"' + code + '",' + text[1:]
    return dumps(body, compact=True)
