"""Text as URLs and stored data write it: UTF-8 checked as CPython checks
it, percent-encoding (RFC 3986) and base64url (RFC 4648 section 5, no
padding).

Written here rather than taken from the standard library: MicroPython, the
page's interpreter, has no ``urllib.parse`` and no ``base64`` (and
Pyodide imports ``urllib.parse`` slowly at the page's start); each function
says which standard one it matches, and the tests hold them to it. The
game's link (militakiri/link.py), the page's query string
(web/model/query.py) and the check code of what the page stores
(web/model/jsontext.py) read and write with these.
"""

from __future__ import annotations

from binascii import crc32

#: base64url's digits.
BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
#: What percent-encoding leaves as it is (RFC 3986's unreserved characters).
_UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~"
_HEX = "0123456789ABCDEFabcdef"


def quote(text: str, safe: str = "") -> str:
    """``text`` percent-encoded as ``urllib.parse.quote(text, safe)`` does it:
    its UTF-8 bytes, each but the unreserved ones and ``safe`` as ``%XX``.

    >>> quote("Zoë & Bram!"), quote("6/6 w", "/^")
    ('Zo%C3%AB%20%26%20Bram%21', '6/6%20w')
    """
    keep = _UNRESERVED + safe
    out = []
    for byte in text.encode():
        char = chr(byte)
        out.append(char if byte < 128 and char in keep else "%%%02X" % byte)
    return "".join(out)

def unquote(text: str, strict: bool = False) -> str:
    """``text`` with its ``%XX`` escapes decoded, as ``urllib.parse.unquote``
    does: each run of ASCII characters decoded as UTF-8 (other characters
    stay as they are, so does a ``%`` without two hex digits after it);
    bytes that are not UTF-8 raise ValueError if ``strict``, else each
    becomes U+FFFD (as ``errors="replace"``).

    Public: a link's names and start position are read with it, and so is
    the page's query string (web/model/query.py), without urllib.parse
    (which MicroPython lacks and Pyodide imports slowly).

    >>> unquote("Zo%C3%ab%20%zz"), unquote("%E2%82x"), unquote("100%")
    ('Zoë %zz', '\\ufffdx', '100%')
    >>> unquote("%FF", strict=True)
    Traceback (most recent call last):
    ...
    ValueError: not UTF-8
    """
    if "%" not in text:
        return text
    parts = []
    run: list[str] = []
    ascii_run = True
    for char in text:  # (one pass: indexing a str in MicroPython walks it)
        ascii_char = ord(char) < 128
        if ascii_char != ascii_run and run:
            parts.append(decode_utf8(_unquote_bytes("".join(run)), strict) if ascii_run else "".join(run))
            run = []
        ascii_run = ascii_char
        run.append(char)
    if run:
        parts.append(decode_utf8(_unquote_bytes("".join(run)), strict) if ascii_run else "".join(run))
    return "".join(parts)


def _unquote_bytes(ascii_text: str) -> bytes:
    """An ASCII text's bytes, each ``%`` and two hex digits one byte (as
    ``urllib.parse.unquote_to_bytes``)."""
    bits = ascii_text.split("%")
    out = bytearray(bits[0].encode())
    for bit in bits[1:]:
        if len(bit) >= 2 and bit[0] in _HEX and bit[1] in _HEX:
            out.append(int(bit[:2], 16))
            out += bit[2:].encode()
        else:
            out.append(37)  # %
            out += bit.encode()
    return bytes(out)


def decode_utf8(data: bytes, strict: bool) -> str:
    """UTF-8 ``data`` as text, checked as CPython checks it (no overlong
    forms, no surrogates, nothing past U+10FFFF): not UTF-8 raises
    ValueError if ``strict``, else each maximal bad part becomes U+FFFD.

    >>> decode_utf8(b"a\\xc3\\xa9\\xed\\xa0\\x80\\xe2\\x82", False)
    'aé\ufffd\ufffd\ufffd\ufffd'
    """
    parts = []
    start = i = 0
    n = len(data)
    while i < n:
        byte = data[i]
        if byte < 0x80:
            i += 1
            continue
        # The bytes this lead byte needs, and the range of the first of them.
        if 0xC2 <= byte <= 0xDF:
            need, low, high = 1, 0x80, 0xBF
        elif 0xE0 <= byte <= 0xEF:
            need = 2
            low, high = (0xA0, 0xBF) if byte == 0xE0 else (0x80, 0x9F) if byte == 0xED else (0x80, 0xBF)
        elif 0xF0 <= byte <= 0xF4:
            need = 3
            low, high = (0x90, 0xBF) if byte == 0xF0 else (0x80, 0x8F) if byte == 0xF4 else (0x80, 0xBF)
        else:
            need, low, high = 0, 0, -1
        good = 0  # the continuation bytes that fit
        while good < need and i + 1 + good < n:
            follower = data[i + 1 + good]
            if not (low <= follower <= high if good == 0 else 0x80 <= follower <= 0xBF):
                break
            good += 1
        if need and good == need:
            i += 1 + need
            continue
        if strict:
            raise ValueError("not UTF-8")
        parts.append(data[start:i].decode())
        parts.append("\ufffd")
        i += 1 + good
        start = i
    parts.append(data[start:].decode())
    return "".join(parts)

def has_surrogate(text: str) -> bool:
    """Whether ``text`` has a lone surrogate (U+D800 to U+DFFF), which is not text.

    >>> has_surrogate("a\\ud800"), has_surrogate("Zoë 😀")
    (True, False)
    """
    for char in text:
        if 0xD800 <= ord(char) <= 0xDFFF:
            return True
    return False

def b64encode(raw: bytes) -> str:
    """``raw`` in base64url without the ``=`` padding.

    >>> b64encode(b"\\xfb\\xff"), b64encode(b"abcd"), b64encode(b"")
    ('-_8', 'YWJjZA', '')
    """
    alphabet = BASE64URL
    out = []
    for i in range(0, len(raw), 3):
        group = raw[i:i + 3]
        n = len(group)
        value = int.from_bytes(group, "big") << (8 * (3 - n))
        chars = (alphabet[value >> 18], alphabet[(value >> 12) & 63],
                 alphabet[(value >> 6) & 63], alphabet[value & 63])
        out.append("".join(chars[:n + 1]))
    return "".join(out)

def b64decode(text: str) -> bytes | None:
    """The bytes of base64url ``text`` without its padding, or None if no
    bytes are written so (a length of 4n + 1). Bits past the last whole
    byte are dropped, as ``base64.urlsafe_b64decode`` drops them.

    >>> b64decode("-_8"), b64decode("-_9"), b64decode("YWJjZA"), b64decode("YWJjZ")
    (b'\\xfb\\xff', b'\\xfb\\xff', b'abcd', None)
    """
    if len(text) % 4 == 1:
        return None
    alphabet = BASE64URL
    out = bytearray()
    value = count = 0
    for char in text:  # (one pass: indexing a str in MicroPython walks it)
        value = value << 6 | alphabet.index(char)
        count += 1
        if count == 4:
            out += value.to_bytes(3, "big")
            value = count = 0
    if count:
        whole = count - 1  # the whole bytes in the last group
        out += (value >> (6 * count - 8 * whole)).to_bytes(whole, "big")
    return bytes(out)


def crc_code(text: str) -> str:
    """A check code of ``text``: the low 24 bits of the CRC-32 of its UTF-8,
    4 characters of base64url. It finds a text changed by hand or cut
    short (a link, a saved game, a profile); it is no seal.

    >>> crc_code("1!s")
    'e2PQ'
    """
    return b64encode((crc32(text.encode()) & 0xFFFFFF).to_bytes(3, "big"))
