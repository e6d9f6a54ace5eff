"""What a first visit is for, timed as a new player lives it.

    python bench/journeys.py [--runs N] [--only NAME[,NAME]] [--json FILE]

Each journey is a first visit with a fresh browser profile, in the system
Chromium (through Playwright; never ``playwright install``), the site built
from the current sources and served gzipped on localhost as common hosts do
(bench/serving.py: text, JS, JSON and wasm compressed). The player acts
as fast as the page lets them: the page is watched at every frame, and a
button is tapped in the frame it is shown, enabled and on top, a field once
the board answers. (Playwright's own waits poll every 0.1-0.5 s and its
checks before a tap took 0.15-0.2 s each at CPU 4x: the journey was the
harness's more than the page's.) Times are the page's clock from navigation
start, read in the frame that shows the result, in seconds.

Journeys (phone profile, bench/serving.py: CPU 4x slower, 9 Mbit/s,
85 ms, 390x844 touch; ``slow4g``: 1.6 Mbit/s, 150 ms, CPU 4x):

- ``two``: two players. New game's Start, Random set-up and Done for White
  and for Black, the dice rolled and the game started, then White's first
  move tapped (origin, then target): the time the board shows it
  (``#board[data-position]`` changed), and the bytes the browser received
  until then (``two_MB``).
- ``learn``: "New to Militakiri? Learn to play first", the first lesson's
  first task, its solution's first move tapped: the time the task answers
  (``#training[data-result]`` leaves ``solving``, or the reply is played).
- ``computer``: against the computer, the strongest level (level 4 when there
  were four, level 8 of today's ladder of eight), the player White: Random
  set-up, Done, the dice, then (the player's first move when White starts)
  the time the computer's first move is on the board.
- ``slow4g``: ``two`` on the slow-4G profile.
- ``desktop``: no throttling: ``html[data-ready]`` cold, and a warm reload
  (the service worker installed after the first visit settled).

The machine is shared and noisy: each journey runs ``--runs`` times
(default 3), alternating, and the medians and the spread are printed. The
last lines compare each median with its goal (``GOALS``) as a ratio (<= 1
meets it): ``two_ratio_vs_goal``, ``learn_ratio_vs_goal``, ...
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.serving import (ARGS, CHROMIUM, PHONE_CPU_SLOWDOWN, PHONE_NETWORK, PHONE_SCREEN,  # noqa: E402
                           SETTLE_S, serve)
from militakiri import Position  # noqa: E402
from militakiri.ai.levels import MAX_LEVEL  # noqa: E402
from tools import build as site_build  # noqa: E402

TIMEOUT_MS = 120_000
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
           "uploadThroughput": 750_000 / 8}
#: Seconds; the first visit's goals.
GOALS = {"two": 3.0, "learn": 3.0, "computer": 6.0, "two_MB": 1.5, "slow4g": 8.0, "desktop_ready": 0.5}

#: Run in the page at every frame: the centre of the first element that
#: ``selector`` finds once it is shown, enabled and topmost at its centre (a
#: tap there reaches it), else false; one out of view is scrolled to first.
TAPPABLE = """selector => {
  const node = document.querySelector(selector);
  if (!node || node.disabled) return false;
  const box = node.getBoundingClientRect();
  if (!box.width || !box.height) return false;
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) { node.scrollIntoView({block: "center"}); return false; }
  const top = document.elementFromPoint(x, y);
  return top !== null && (top === node || node.contains(top)) ? [x, y] : false;
}"""
#: The centre of the board's field ``name`` in the page, once the board answers.
FIELD = """name => {
  const hook = window.militakiri;
  if (!hook || !hook.squareCenter) return false;
  const box = document.getElementById("board").getBoundingClientRect(), centre = hook.squareCenter(name);
  return [box.left + centre.x, box.top + centre.y];
}"""
#: Whether a tap on the board would only zoom it first (web/ui/zoom.py: fields
#: under a fingertip, no zoomed view yet), once the board answers; else null.
ZOOMS_FIRST = """() => {
  const hook = window.militakiri;
  if (!hook || !hook.squareCenter) return null;
  if (document.getElementById("board").dataset.zoom) return false;
  const a = hook.squareCenter("a1"), b = hook.squareCenter("b1");
  return Math.hypot(a.x - b.x, a.y - b.y) < 40;
}"""


def _launch(playwright, profile: Path):
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=ARGS, headless=True, **PHONE_SCREEN)
    time.sleep(SETTLE_S)  # a visitor's browser is already running (bench/serving.py)
    return context


class Visit:
    """One first visit on a throttled profile, with the bytes the browser received."""

    def __init__(self, playwright, url: str, network: dict, tmp: Path) -> None:
        self.context = _launch(playwright, tmp / f"profile-{time.monotonic_ns()}")
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.send("Network.enable")
        self.cdp.send("Network.emulateNetworkConditions", network)
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
        self.received = 0
        self.cdp.on("Network.loadingFinished", self._finished)
        self.page.goto(url, wait_until="commit")

    def _finished(self, event) -> None:
        self.received += event.get("encodedDataLength", 0)

    def until(self, expression: str, arg=None):
        """The value of ``expression`` in the first frame it is truthy."""
        return self.page.wait_for_function(expression, arg=arg, polling="raf", timeout=TIMEOUT_MS).json_value()

    def tap(self, selector: str) -> None:
        """Taps ``selector`` in the frame it is shown, enabled and on top."""
        x, y = self.until(TAPPABLE, selector)
        self.page.touchscreen.tap(x, y)

    def tap_field(self, name: str) -> None:
        """Taps the field ``name`` on the board; where fields are smaller
        than a fingertip the first tap zooms, and the player taps again."""
        zooms = self.until(f"() => {{ const z = ({ZOOMS_FIRST})(); return z === null ? false : [z]; }}")[0]
        x, y = self.until(FIELD, name)
        self.page.touchscreen.tap(x, y)
        if zooms:
            self.until("() => !!document.getElementById('board').dataset.zoom")
            x, y = self.until(FIELD, name)
            self.page.touchscreen.tap(x, y)

    def position(self) -> str:
        return self.page.get_attribute("#board", "data-position") or ""

    def wait_position_change(self, before: str) -> float:
        """Seconds from navigation to the frame that shows another position."""
        return self.until("before => (document.getElementById('board').dataset.position || '') !== before"
                          " && performance.now()", before) / 1000

    def set_up_both(self) -> None:
        for _ in range(2):  # White, then Black (two players), Random then Done each
            self.tap("#btn-random")
            self.tap("#btn-done")

    def roll_dice(self) -> None:
        self.tap("#dice-roll")
        self.tap("#dice-start")

    def play_first_move(self) -> float:
        """The first legal move of the player to move, tapped: the seconds
        from navigation to the frame that shows it."""
        before = self.until("() => { const board = document.getElementById('board');"
                            " const p = board.dataset.position || '';"
                            " return / [wb] /.test(p) && board.dataset.status === 'playing' && p; }")
        token = sorted(Position.from_string(before).legal_moves())[0]
        origin, target = token.replace("x", "-").split("-")  # (a10: two digits)
        self.tap_field(origin)
        self.tap_field(target)
        return self.wait_position_change(before)

    def close(self) -> None:
        self.context.close()


def two_players(playwright, url: str, tmp: Path, network: dict = PHONE_NETWORK) -> dict:
    visit = Visit(playwright, url, network, tmp)
    try:
        visit.tap("#ng-start")
        visit.set_up_both()
        visit.roll_dice()
        return {"s": visit.play_first_move(), "MB": visit.received / 1e6}
    finally:
        visit.close()


def learn(playwright, url: str, tmp: Path) -> dict:
    lessons = json.loads((ROOT / "web" / "data" / "lessons.json").read_text())
    task = lessons["lessons"][0]["tasks"][0]
    visit = Visit(playwright, url, PHONE_NETWORK, tmp)
    try:
        visit.tap("#ng-learn")
        visit.tap("#learn-list button")
        visit.until("() => document.getElementById('training').dataset.result === 'solving'")
        origin, target = task["solution"][0].replace("x", "-").split("-")  # (a10: two digits)
        visit.tap_field(origin)
        visit.tap_field(target)
        answered = visit.until("() => document.getElementById('training').dataset.result !== 'solving'"
                               " && performance.now()")
        return {"s": answered / 1000}
    finally:
        visit.close()


def computer(playwright, url: str, tmp: Path) -> dict:
    visit = Visit(playwright, url, PHONE_NETWORK, tmp)
    try:
        visit.tap("#ng-computer")
        visit.page.select_option("#ng-level", str(MAX_LEVEL))  # the strongest (once "level 4")
        visit.page.select_option("#ng-side", "white")
        visit.tap("#ng-start")
        visit.tap("#btn-random")
        visit.tap("#btn-done")
        visit.roll_dice()
        visit.until("() => / [wb] /.test(document.getElementById('board').dataset.position || '')")
        plies = 1  # the computer's first move is the game's first
        if " w " in visit.position():  # the player starts: a move, then the computer's reply
            visit.play_first_move()
            plies = 2  # (counted, not read after the player's move: the reply may be in by then)
        moved = visit.until("plies => +document.getElementById('board').dataset.plies >= plies"
                            " && performance.now()", plies)
        runtime = visit.page.get_attribute("html", "data-ai-runtime")
        return {"s": moved / 1000, "runtime": runtime}
    finally:
        visit.close()


def desktop(playwright, url: str, tmp: Path) -> dict:
    context = playwright.chromium.launch_persistent_context(
        str(tmp / f"desktop-{time.monotonic_ns()}"), executable_path=CHROMIUM, args=ARGS, headless=True,
        viewport={"width": 1366, "height": 768})
    time.sleep(SETTLE_S)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready='1']", state="attached", timeout=TIMEOUT_MS)
        cold = page.evaluate("() => performance.getEntriesByName('militakiri:ready')[0].startTime") / 1000
        # The service worker registers once the page settles (web/boot/offline.js): a move, or 15 s.
        page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=TIMEOUT_MS)
        page.reload()
        page.wait_for_selector("html[data-ready='1']", state="attached", timeout=TIMEOUT_MS)
        warm = page.evaluate("() => performance.getEntriesByName('militakiri:ready')[0].startTime") / 1000
        return {"ready": cold, "warm": warm}
    finally:
        context.close()


JOURNEYS = {
    "two": lambda pw, url, tmp: two_players(pw, url, tmp),
    "learn": learn,
    "computer": computer,
    "slow4g": lambda pw, url, tmp: two_players(pw, url, tmp, SLOW_4G),
    "desktop": desktop,
}


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} (min {min(values):.2f}, max {max(values):.2f}, n={len(values)})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default=",".join(JOURNEYS), help="journeys, comma-separated")
    parser.add_argument("--json", help="write the figures here too")
    args = parser.parse_args(argv)
    names = [name for name in args.only.split(",") if name]
    from playwright.sync_api import sync_playwright

    results: dict[str, list[dict]] = {name: [] for name in names}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        site_build.build(tmp / "dist")
        url, _counter, server = serve(tmp / "dist")
        try:
            with sync_playwright() as playwright:
                for run in range(args.runs):
                    for name in names:
                        try:
                            results[name].append(JOURNEYS[name](playwright, url, tmp))
                        except Exception as error:  # a journey that never finishes: said, not hidden
                            print(f"{name} run {run + 1}: failed: {str(error).splitlines()[0]}")
                        else:
                            print(f"{name} run {run + 1}: {results[name][-1]}", flush=True)
        finally:
            server.shutdown()
            server.server_close()
    figures = {}
    for name, runs in results.items():
        for key in sorted({key for run in runs for key in run if isinstance(run[key], (int, float))}):
            values = [run[key] for run in runs if key in run]
            figure = name if key == "s" else f"{name}_{key}"
            figures[figure] = statistics.median(values)
            print(f"{figure}: {spread(values)}")
    for goal, limit in GOALS.items():
        if goal in figures:
            print(f"{goal}_ratio_vs_goal: {figures[goal] / limit:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps({"figures": figures, "runs": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
