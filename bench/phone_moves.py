"""Whether each computer level answers within its time on a phone.

    python bench/ladder.py ... --slowest /tmp/slowest.json   (first: the games)
    python bench/phone_moves.py /tmp/slowest.json [more files ...] [--positions 8]
                                [--micropython 4] [--slowdown 4]

The ladder's games (bench/ladder.py ``--slowest``) keep each level's slowest
move of every game it played, timed in that run (CPython or PyPy). Here the
``--positions`` slowest of them, for each level, are asked again of the
page's own workers (web/boot/ai_worker.js, the built site served on
localhost, in the system Chromium through Playwright) with the page's
arguments, and the worker's own time of each answer is multiplied by
``--slowdown``: the phone profile's CPU (bench/serving.py), four times
slower than this machine.

Why multiplied rather than throttled: Chromium's CPU throttling
(``Emulation.setCPUThrottlingRate``) slows the page's main thread, not a
worker's. The same level-7 search from the start, asked of a Pyodide
worker three times with the page throttled 4x and not, took about as long
(the third answer 0.17 s both ways; in a second round 0.18 s unthrottled,
0.22 s throttled): a throttled run would flatter the phone.

For each level the time it may take (``BUDGET``): the search levels 4-7
search their node budget, and must do so within the 3 s the page gives
them (web/model/computer_requests.py ``MAX_SECONDS``) or they play below their
rating; they are asked with no time limit, so the figure is the whole
budget's. The strongest level searches by time (1 s a move without a
clock): it is asked for a quarter of that, and the figure says how far it
overshoots. Levels 1-3 do not search and answer at once (``AT_ONCE``). MicroPython answers until Pyodide is ready
(docs/runtime.md): it is about ten times slower, so it searches the
levels' budgets only in part and its time limit ends the search; it is
asked with the 3 s limit (a quarter of it here), and ``--micropython``
positions a level show that the answer still comes within it.

Last lines: ``slowest_<runtime>_level_<n>: <phone seconds> / <budget>``;
the bench exits 1 if a level's slowest move is over its budget.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.serving import ARGS, CHROMIUM, PHONE_CPU_SLOWDOWN, serve  # noqa: E402
from militakiri.ai.levels import MAX_LEVEL, SEARCH_LEVELS  # noqa: E402
from tools import build as site_build  # noqa: E402
from web.model.computer_requests import MAX_SECONDS, UNTIMED_SECONDS  # noqa: E402

#: "At once": levels 1-3 do not search, and a reply never shows sooner
#: than 0.35 s after the player's move (web/ui/computer.py MIN_REPLY_S).
AT_ONCE = 0.5
#: The phone seconds each level's move may take (see above).
BUDGET = {level: MAX_SECONDS if level in SEARCH_LEVELS else UNTIMED_SECONDS if level == MAX_LEVEL
          else AT_ONCE for level in range(1, MAX_LEVEL + 1)}
#: Room for what happens after the deadline: the search's last node, the
#: answer's JSON (the worker checks its deadline every few hundred nodes).
OVERSHOOT = 0.25

#: Starts one of the page's workers and answers the calls given, in order,
#: with the worker's own time of each answer (ms); one worker a runtime, as
#: the page has.
ASK = """async ([runtime, calls]) => {
  const bundle = runtime === "pyodide" ? "militakiri-app" : "militakiri-page";
  const meta = document.querySelector(`meta[name=${bundle}]`);
  const worker = new Worker("./web/boot/ai_worker.js?runtime=" + runtime, {type: "module"});
  await new Promise((ready, failed) => {
    worker.onmessage = (event) => event.data.type === "ready" ? ready() : failed(new Error(JSON.stringify(event.data)));
    worker.postMessage({type: "start", app: new URL(meta.content, location.href).href});
  });
  const times = [];
  for (const [id, args] of calls.entries()) {
    const answer = await new Promise((done) => {
      worker.onmessage = (event) => done(JSON.parse(event.data.json));
      worker.postMessage({type: "call", id, name: "move", args: JSON.stringify(args)});
    });
    if (!answer.ok) throw new Error(answer.error);
    times.push(answer.ms);
  }
  worker.terminate();
  return times;
}"""


def asked(level: int, move: dict, limit: float | None, slowdown: float) -> list:
    """The worker's arguments for ``move`` (web/model/computer_requests.py's
    ``next_request``): with ``limit`` phone seconds, or none (the worker's
    longest, 30 s: a node budget decides)."""
    seconds = 30.0 if limit is None else limit / slowdown
    return [move["position"], level, 1, seconds, move["earlier"]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slowest", nargs="+", help="files bench/ladder.py --slowest wrote")
    parser.add_argument("--positions", type=int, default=8, help="a level's slowest moves asked of Pyodide")
    parser.add_argument("--micropython", type=int, default=4, help="... and of MicroPython")
    parser.add_argument("--slowdown", type=float, default=PHONE_CPU_SLOWDOWN)
    args = parser.parse_args(argv)
    moves: dict[int, list[dict]] = {}
    boards = set()
    for name in args.slowest:
        found = json.loads(Path(name).read_text())
        boards.add(found["board"])
        for level, kept in found["levels"].items():
            moves.setdefault(int(level), []).extend(kept)
    for kept in moves.values():
        kept.sort(key=lambda move: -move["seconds"])
    from playwright.sync_api import sync_playwright

    out = Path("/tmp/militakiri-phone-moves-dist")
    site_build.build(out)
    url, _, server = serve(out)
    over = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.goto(url + "?lang=en")
            page.wait_for_function("document.documentElement.dataset.ready !== undefined", timeout=120_000)
            print(f"boards: {', '.join(sorted(boards))}; times are the worker's, times {args.slowdown:g} "
                  "(the phone's CPU)", flush=True)
            for runtime, count in (("pyodide", args.positions), ("micropython", args.micropython)):
                asks = []  # (level, budget, limit, the level's moves asked): one worker answers them all
                for level, kept in sorted(moves.items()):
                    budget = BUDGET[level]
                    # Pyodide searches a budget whole; the strongest level and MicroPython stop at their time.
                    searches = level in SEARCH_LEVELS or level == MAX_LEVEL
                    limit = budget if searches and (level == MAX_LEVEL or runtime == "micropython") else None
                    asks.append((level, budget, limit, searches, kept[:count]))
                calls = [asked(level, move, limit, args.slowdown)
                         for level, _, limit, _, chosen in asks for move in chosen]
                answered = iter(page.evaluate(ASK, [runtime, calls]))
                for level, budget, limit, searches, chosen in asks:
                    if not chosen:
                        continue
                    phone = [next(answered) / 1000 * args.slowdown for _ in chosen]
                    slowest = max(phone)
                    verdict = "ok" if slowest <= budget + (OVERSHOOT if limit is not None else 0) else "OVER"
                    if verdict == "OVER":
                        over.append((runtime, level))
                    how = ("no search" if not searches else "its whole node budget" if limit is None
                           else "stopped by its time")
                    print(f"slowest_{runtime}_level_{level}: {slowest:.2f} / {budget:g} s {verdict} "
                          f"({len(chosen)} moves of {len(moves[level])} games' slowest; median "
                          f"{statistics.median(phone):.2f} s; in the ladder's run {chosen[0]['seconds']:.2f} s; {how})",
                          flush=True)
            browser.close()
    finally:
        server.shutdown()
    if over:
        print(f"over budget: {over}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
