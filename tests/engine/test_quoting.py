"""militakiri.bounded's quote, split_words and strip_space: CPython's repr,
str.split() and str.strip(), written so that MicroPython gives the same
(its repr escapes every character beyond ASCII, its split and strip see only
ASCII white space). tests/micropython/test_refusals_everywhere.py runs them
there."""

from __future__ import annotations

import random
import sys
import unicodedata

from militakiri.bounded import SPACE, excerpt, quote, split_words, strip_space


def test_quote_is_repr_for_every_assigned_character():
    # Unassigned code points (category Cn) are the one difference: CPython
    # escapes them, and which they are changes with each Unicode version.
    # Planes 4-13 are unassigned, 15 and 16 private use (ends checked).
    codes = [*range(0x40000), *range(0xE0000, 0xE1000), 0xF0000, 0xFFFFD, 0xFFFFE, 0xFFFFF,
             0x100000, 0x10FFFD, 0x10FFFE, 0x10FFFF]
    differ = [hex(code) for code in codes
              if unicodedata.category(chr(code)) != "Cn" and quote(chr(code)) != repr(chr(code))]
    assert not differ


def test_quote_is_repr_for_quotes_backslashes_and_mixed_text():
    rng = random.Random(1)
    alphabet = "ab'\"\\\t\n\r\x00é²\u202e\U0001F600 "
    for _ in range(5000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(8)))
        assert quote(text) == repr(text)
    assert quote(12) == "12" and quote(None) == "None"


def test_space_is_cpythons_white_space():
    assert sorted(SPACE) == [chr(code) for code in range(sys.maxunicode + 1) if chr(code).isspace()]


def test_split_and_strip_as_cpython():
    rng = random.Random(2)
    alphabet = SPACE + "ab\u00e9"
    for _ in range(5000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(10)))
        assert split_words(text) == text.split()
        assert strip_space(text) == text.strip()


def test_excerpt_quotes_as_repr():
    assert excerpt("é" * 10) == repr("é" * 10)
    assert excerpt("é" * 100) == repr("é" * 60)[:-1] + "…' (100 characters)"


def test_strip_takes_long_runs_at_both_ends():
    rng = random.Random(3)
    for _ in range(300):
        run = lambda: "".join(rng.choice(SPACE) for _ in range(rng.randrange(300)))  # noqa: E731
        middle = rng.choice(["", "x", "a \u3000b", "\U0001F600"])
        text = run() + middle + run()
        assert strip_space(text) == text.strip()
