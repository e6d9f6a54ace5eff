"""Long hostile input read in linear time, with the same answers, in every
interpreter (run by tests/micropython/test_long_inputs_everywhere.py under
CPython and MicroPython).

A str in MicroPython is UTF-8 and indexing or slicing it walks it from the
start, so a reader that indexes into a long text is quadratic there. Each
case below prints its answer (the same text everywhere) and, on a line of
its own, how long it took; the test compares the answers and bounds the
times. Argument: how many characters the long runs have.
"""

import sys
import time

from militakiri import MilitakiriError, Position
from militakiri.bounded import clean_name, excerpt, quote, split_words, strip_space
from militakiri.link import game_from_link
from militakiri.record import read_record
from web.services.share import is_empty_fragment, open_fragment


def out(*words):
    print(" ".join(str(word) for word in words))


def timed(name, function, text):
    start = time.time()
    try:
        answer = function(text)
    except MilitakiriError as error:
        answer = type(error).__name__ + ": " + str(error)
    took = time.time() - start
    out(name, len(text), quote(answer) if isinstance(answer, str) else answer)
    out("time", name, took)


def main(size):
    pos = Position.from_string("5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1")
    half = size // 2
    texts = [
        ("strip wide space", strip_space, "\u3000" * half + "c3-c4" + "\u2003" * half),
        ("strip ascii and wide", strip_space, " \x1c\u3000" * (size // 6) + "x y" + "\x85\t" * (size // 4)),
        ("strip all space", strip_space, "\xa0" * size),
        ("split", lambda text: len(split_words(text)), "a\u3000" * half),
        ("quote", lambda text: len(quote(text)), "\u202e\U0001F600é" * (size // 3)),
        ("excerpt", excerpt, "é" * size),
        ("name", clean_name, " \u3000" * half + "Anna"),
    ]
    tokens = [
        ("token word", "x" * size),
        ("token placements", "@a1," * (size // 4) + "c3-c4"),
        ("token equals", "c3-c4" + "=" * size),
        ("token equals and letters", "c3-c4" + "=S" * half),
        ("token commas", "," * size),
        ("token spaces", "\u3000" * half + "c3-c4" + "\x1c" * half),
        ("token dashes", "-" * size),
    ]
    for name, function, text in texts:
        timed(name, function, text)
    for name, token in tokens:
        timed(name, lambda text: pos.parse_move(text).token(pos.kind), token)
    links = [
        ("link spaces", "\u3000" * half + "1!s" + "\u3000" * half),
        ("link percent", "1!s!" + "%" * size),
    ]
    for name, link in links:
        timed(name, game_from_link, link)
    timed("fragment escapes", open_fragment, "#" + "%20%3c%" * (size // 7))
    timed("empty fragment", is_empty_fragment, "#" + "\u3000" * size)
    tags = '[Board "single"]\n[Ranks "12"]\n[WhiteSetup "Sc Xd Pb"]\n[BlackSetup "Sa Xb Pf"]\n[Dice "5-2"]\n\n'
    timed("record word", lambda text: read_record(text).tokens, tags + "1. " + "x" * (size - 100) + " *\n")
    timed("record placements", lambda text: read_record(text).tokens,
          tags + "1. " + "@a1," * (size // 4 - 30) + "c3-d4 *\n")
    # Each glyph once copied the move's glyphs before it (seconds in CPython).
    timed("record glyphs", lambda text: len(read_record(text).annotations[1].nags),
          tags + "1. c3-d4 " + "$1 " * (size // 3 - 40) + "*\n")
    timed("record comments", lambda text: len(read_record(text).annotations[1].comment),
          tags + "1. c3-d4 " + "{a} " * (size // 4 - 40) + "*\n")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
