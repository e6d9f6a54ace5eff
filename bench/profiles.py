"""The largest profile the page keeps, timed: what a rated game's end and
the New game dialog ask of a profile of MAX_GAMES games.

    python bench/profiles.py [--repeat 3] [--micropython]

Builds a profile of MAX_GAMES (5,000) rated games on both boards
(web/model/profiles.py), then times, each the best of ``--repeat`` runs:
reading its text (parsed, every game checked, the history folded and
checked against what it says), asking its standings as the page does
(the bars, New game, Rankings: several times a game), counting one more
rated game and writing the text again, and the 5,001st game (the oldest
folded into the start). Each time is printed with its ratio to
``json.loads`` of the same text, measured in the same run: the least any
reading could take, so the ratios compare across machines and
interpreters (the page's MicroPython is slower than CPython in both).
``--micropython`` also runs them in the page's MicroPython
(tools/mpy_run.mjs, Node), where the page meets them.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from web.model.profiles import Profile
from web.model.rated_games import MAX_GAMES, RatedGame
from web.services.profiles import ProfileStore  # noqa: E402
from web.services.storage import MemoryStorage, SafeStorage  # noqa: E402

WHEN = 1_800_000_000
ROOT = Path(__file__).resolve().parents[1]
#: The same, in MicroPython (its ``time.ticks_ms``), each the best of REPEAT runs.
MICROPYTHON = """
import json, time
from web.model.profiles import Profile, RatedGame
from web.services.profiles import ProfileStore
from web.services.storage import MemoryStorage, SafeStorage
def took(work):
    best = None
    for _ in range(REPEAT):
        start = time.ticks_ms()
        work()
        ms = time.ticks_diff(time.ticks_ms(), start)
        best = ms if best is None or ms < best else best
    return best
def standings():
    again = Profile.read(TEXT)
    for _ in range(4):
        for board in ("single", "double"):
            again.standing(board)
def rate_and_write():
    store = ProfileStore(SafeStorage(MemoryStorage()))
    store.storage.set(store.get("Anna").key, TEXT)
    store.put(store.get("Anna").rated(RatedGame("x1", "single", 1900000000, "Bo", 0, 1500, 60, "win", "towers"))[0])
baseline = took(lambda: json.loads(TEXT))
print("MicroPython: json.loads (the baseline): %d ms" % baseline)
for name, work in (("read and checked", lambda: Profile.read(TEXT)), ("read, standings asked 8 times", standings),
                   ("read, one game counted, written", rate_and_write)):
    ms = took(work)
    print("MicroPython: %s: %d ms, %.1f x the baseline" % (name, ms, ms / max(1, baseline)))
"""


def largest() -> Profile:
    profile = Profile("Anna")
    for number in range(MAX_GAMES):
        profile, _ = profile.rated(RatedGame(
            f"g{number}", ("single", "double")[number % 2], WHEN + number, f"Computer, level {1 + number % 8}",
            1 + number % 8, 900 + 10 * (number % 80), 60, ("win", "draw", "loss")[number % 3], "towers"))
    return profile


def best(repeat: int, work) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--micropython", action="store_true")
    args = parser.parse_args()
    profile = largest()
    text = profile.text()
    one_more = RatedGame("x1", "single", WHEN + MAX_GAMES, "Bo", 0, 1500, 60, "win", "towers")

    def standings() -> None:  # a fresh read, then what the page asks of it
        again = Profile.read(text)
        for _ in range(4):
            for board in ("single", "double"):
                again.standing(board)

    def rate_and_write() -> None:
        store = ProfileStore(SafeStorage(MemoryStorage()))
        store.storage.set(profile.key, text)
        store.put(store.get("Anna").rated(one_more)[0])

    baseline = best(args.repeat, lambda: json.loads(text))
    print(f"a profile of {len(profile.games):,} games, {len(text):,} characters")
    print(f"json.loads (the baseline): {baseline * 1000:.1f} ms")
    for name, work in (("read and checked", lambda: Profile.read(text)),
                       ("read, standings asked 8 times", standings),
                       ("read, one game counted, written", rate_and_write)):
        took = best(args.repeat, work)
        print(f"{name}: {took * 1000:.1f} ms, {took / baseline:.1f} x the baseline")
    if args.micropython:
        with tempfile.TemporaryDirectory() as folder:  # (a megabyte is too much for a pipe to node)
            script = Path(folder) / "largest_profile.py"
            script.write_text(f"REPEAT = {args.repeat}\nTEXT = " + repr(text) + "\n" + MICROPYTHON)
            subprocess.run(["node", str(ROOT / "tools" / "mpy_run.mjs"), "--heap", "256", str(script)], check=True)


if __name__ == "__main__":
    main()
