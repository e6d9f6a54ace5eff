"""``parse_qs`` for the page's URL, without importing urllib.parse.

At the page's start in Pyodide, ``import urllib.parse`` costs about 0.1 s
(it imports ``ipaddress``, a large module, and runs before V8 has optimised
the interpreter: bench/load.py, docs/runtime.md), only to read ``?board=``,
``?lang=`` and the like. This is the same function for query strings:
fields split on ``&``, ``+`` is a space, ``%XX`` escapes are UTF-8 (bad
ones replaced), fields without ``=`` or with an empty value are dropped
unless ``keep_blank_values``. tests/web/test_query.py checks it against
urllib.parse on many strings.

>>> parse_qs("board=double&time=300%2B5&white=Anna+B&x")
{'board': ['double'], 'time': ['300+5'], 'white': ['Anna B']}
"""

from __future__ import annotations

# The engine reads a link's names the same way (urllib.parse.unquote, bad
# UTF-8 replaced), written out by hand for MicroPython.
from militakiri.textcodec import unquote


def unquote_plus(text: str) -> str:
    """``urllib.parse.unquote_plus`` (UTF-8, errors replaced)."""
    return unquote(text.replace("+", " "))


def parse_qs(query: str, keep_blank_values: bool = False) -> dict[str, list[str]]:
    """``urllib.parse.parse_qs(query, keep_blank_values)``."""
    result: dict[str, list[str]] = {}
    for field in str(query).split("&"):
        if not field:
            continue
        name, sep, value = field.partition("=")
        if not sep and not keep_blank_values:
            continue
        if value or keep_blank_values:
            result.setdefault(unquote_plus(name), []).append(unquote_plus(value))
    return result


def query_params(query: str | None) -> dict[str, str]:
    """The page URL's parameters (``location.search``, with or without its
    ``?``), each with its last value, as the page reads them.

    >>> query_params("?lang=nl&board=single&lang=en")
    {'lang': 'en', 'board': 'single'}
    """
    return {name: values[-1] for name, values in parse_qs(str(query or "").lstrip("?")).items()}
