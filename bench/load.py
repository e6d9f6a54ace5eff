"""Start-up of the page, against a bare PyScript page on the same runtime.

    python bench/load.py [--runs N] [--phone | --phone-only] [--designs] [--json FILE]

Everything is measured in one run, in the system Chromium (/usr/bin/chromium,
through Playwright; never ``playwright install``), on localhost, both pages
served gzipped (level 6) the way common hosts do: .html .css .js .mjs .json
.wasm .toml .txt .svg .webmanifest .py .map when the request accepts gzip
(``Content-Encoding``, ``Vary: Accept-Encoding``), compressed once per file
version and kept in memory; binaries (.zip, .png, .bin, .gz, ...), Range
requests and clients without gzip get the file as it is.

- The game: tools/build.py builds the current sources into a temporary folder.
- The bare page: a PyScript page that only prints a line, built here on the
  game's own runtime (its pyodide/ and pyscript/ folders, linked), so the
  two differ only by what the game adds.

Every visit launches Chromium and lets it settle for ``SETTLE_S`` (2.5 s)
before it navigates, as a visitor's browser is already running: a browser
just launched spends about a core for 1-1.5 s on its own start (in Chromium
156, preloading WebUI for its window), which competed with the page.

Desktop (no throttling), for each page with a fresh browser profile:

- **cold**: navigation start to ``html[data-ready="1"]`` (performance.now()
  when the attribute appears); the bytes until then as the server sent them
  (cold_MB) and as the browser received them (cold_rx_MB: CDP
  ``Network.loadingFinished`` encodedDataLength on the page's target);
- **first input** (the game): navigation start until the New game dialog,
  opened by a click on ``#btn-new`` as soon as it is enabled (unless the page
  opened it itself), took a key in ``#ng-white``; then the field is emptied
  and the dialog closed again, and the visit goes on to data-ready. NaN (and a
  note) if the button never works;
- first visit in all: the bytes sent once the game's service worker has
  cached the whole game (the bare page has none);
- **warm**: a reload once the first visit has settled (the game from its
  service worker, the bare page from the HTTP cache, revalidated);
- **next day**: a new browser process on the same profile (disk cache,
  service worker, V8's code cache on disk; nothing in memory);
- first contentful paint, and the layout shift until ``data-ready``.

``--phone`` adds cold visits on a phone profile (issue 11), set on the page
through CDP before navigation: the CPU slowed 4x
(``Emulation.setCPUThrottlingRate``), 9 Mbit/s down, 1.5 up, 85 ms latency
(``Network.emulateNetworkConditions``), a 390x844 touch screen at 3x; the same
figures as a desktop cold visit (time, bytes sent and received, first input
with a tap), and when **the board takes a first move**: the game's New game
dialog is sent as it is (two players, single board) and c1 tapped; the time
the tower shows, before Python (web/boot/early_setup.js) or after it, and the
bytes the browser received until then. For the bare page that is data-ready.
``--phone-only`` skips the desktop visits.

Pages are measured in turns (bare, game, bare, game, ...) and the medians
reported, so both see the same load on the machine. ``--designs`` also
measures the game built the older ways (one request per .py file; the zip
without bytecode; no preload hints; no start snapshot).

The last lines: ``phone_cold_ratio_vs_bare`` (the board takes a first move,
against the bare page's data-ready; goal <= 0.5; ``phone_ready_ratio_vs_bare``
above it compares data-ready with data-ready),
``phone_first_input_s`` (goal <= 2; both with --phone), ``cold_ratio_vs_bare``
(goal <= 0.5) and ``next_day_ratio_vs_bare`` (goal <= 0.5);
``first_input_s`` and ``warm_ratio_vs_cold`` above them.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import io
import math
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools import build as site_build  # noqa: E402
from tools.serve import Server, StaticHandler  # noqa: E402

try:
    from playwright.sync_api import Error as PlaywrightError, TimeoutError as PlaywrightTimeout
except ImportError:  # then main() fails at its import of Playwright
    PlaywrightError = PlaywrightTimeout = TimeoutError

CHROMIUM = os.environ.get("MILITAKIRI_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync"]
TIMEOUT_MS = 180_000

BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>bare PyScript</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="./pyscript/core.css">
  <script type="module" src="./pyscript/core.js"></script>
</head>
<body>
  <script type="py" config='{"interpreter": "./pyodide/pyodide.mjs"}'>
from pyscript import document
print("Hello from Python")
document.documentElement.setAttribute("data-ready", "1")
  </script>
</body>
</html>
"""

# performance.now() when html[data-ready="1"] appears (ms from navigation start),
# and how much the page's layout moved on the way (the sum of Chromium's
# layout-shift scores until 0.5 s after it: 0 when the first paint already
# has the final layout).
INIT = """
window.__shift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__shift += entry.value;
}).observe({type: "layout-shift", buffered: true});
new MutationObserver((changes, observer) => {
  if (document.documentElement && document.documentElement.dataset.ready === "1") {
    window.__ready = performance.now();
    observer.disconnect();
    if (window.__benchReady) window.__benchReady();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""


class Counter:
    """Bytes and requests a server has sent."""

    def __init__(self) -> None:
        self.bytes = 0
        self.requests = 0
        self._lock = threading.Lock()

    def add(self, n: int, request: bool = False) -> None:
        with self._lock:
            self.bytes += n
            self.requests += request

    def read(self) -> tuple[int, int]:
        with self._lock:
            return self.bytes, self.requests


class _Counting:
    def __init__(self, raw, counter: Counter) -> None:
        self._raw, self._counter = raw, counter

    def write(self, data) -> int:
        self._counter.add(len(data))
        return self._raw.write(data)

    def __getattr__(self, name):
        return getattr(self._raw, name)


# What common static hosts gzip (text, JS, JSON, wasm); never .zip, .png, .bin,
# .gz or other binaries.
COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".wasm", ".toml", ".txt", ".svg", ".webmanifest", ".py",
              ".map")


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header takes gzip (``gzip;q=0`` does not)."""
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            q = params.strip().lower()
            try:
                return not q.startswith("q=") or float(q[2:]) > 0
            except ValueError:
                return True
    return False


class CountingHandler(StaticHandler):
    """Counts what it sends, and gzips as a common static host does.

    Bodies are compressed once per (path, mtime, size) and kept in memory, so
    the server is not the bottleneck; a Range request gets the file as it is
    (the base handler), HEAD the headers of what GET would send."""
    quiet = True
    counter: Counter
    gzipped: dict = {}
    _gzip_lock = threading.Lock()

    def _file(self) -> str | None:
        """The file a GET would send, or None when the base handler must answer
        (a missing file, a folder without its slash: a redirect or a listing)."""
        url = self.path.split("?", 1)[0].split("#", 1)[0]
        path = self.translate_path(url)
        if os.path.isdir(path):
            if not url.endswith("/"):
                return None
            path = os.path.join(path, "index.html")
        return path if os.path.isfile(path) else None

    def send_head(self):
        path = self._file()
        if (path is None or not path.lower().endswith(COMPRESSED) or "Range" in self.headers
                or not accepts_gzip(self.headers.get("Accept-Encoding", ""))):
            return super().send_head()
        stat = os.stat(path)
        mtime = int(stat.st_mtime)
        since = self.headers.get("If-Modified-Since")
        try:
            fresh = (since is not None and "If-None-Match" not in self.headers
                     and email.utils.parsedate_to_datetime(since).timestamp() >= mtime)
        except (TypeError, ValueError, OverflowError):
            fresh = False
        if fresh:  # a revalidation, as for the files sent as they are
            self.send_response(304)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        key = (path, stat.st_mtime_ns, stat.st_size)
        body = self.gzipped.get(key)
        if body is None:
            body = gzip.compress(Path(path).read_bytes(), 6)
            with self._gzip_lock:
                for old in [k for k in self.gzipped if k[0] == path]:  # a rebuilt file: drop the old body
                    del self.gzipped[old]
                self.gzipped[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(mtime))
        self.end_headers()
        return io.BytesIO(body)

    def setup(self) -> None:
        super().setup()
        self.wfile = _Counting(self.wfile, self.counter)

    def log_request(self, code="-", size="-") -> None:
        self.counter.add(0, request=True)

    def handle_one_request(self) -> None:
        try:
            super().handle_one_request()
        except (ConnectionResetError, BrokenPipeError):  # a context closed mid-download
            self.close_connection = True


def serve(folder: Path) -> tuple[str, Counter, Server]:
    counter = Counter()
    handler = type("Handler", (CountingHandler,), {"counter": counter})
    server = Server(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://localhost:{server.server_address[1]}/", counter, server


def make_bare(folder: Path, runtime: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "index.html").write_text(BARE_HTML)
    for name in ("pyodide", "pyscript"):
        (folder / name).symlink_to(runtime / name, target_is_directory=True)
    return folder


# A visitor's browser is already running when they follow a link; a browser
# just launched is still starting itself. Chromium 156 spends its first second
# or so preloading WebUI for its own window (a renderer for
# chrome://omnibox-popup.top-chrome: about a core for 1-1.5 s, seen with `ps`
# and in a trace), which on 2 cores competed with the page measured - more
# with a page that starts in 2 s than with one that starts in 5. So each visit
# waits this long after the launch, on the blank tab, before it navigates.
SETTLE_S = 2.5


def _launch(playwright, profile: Path, service_worker: bool, **options):
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=ARGS,
        service_workers="allow" if service_worker else "block", **options)
    time.sleep(SETTLE_S)
    return context


# Where a start spent its time: the page's milestones (ms from navigation
# start): the HTML parsed, the game's performance marks (web/boot/pyodide_start.mjs,
# web/main.py), data-ready.
PHASES = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const phases = {html: nav ? nav.domInteractive : null};
  for (const mark of performance.getEntriesByType("mark")) {
    if (mark.name.startsWith("militakiri:")) phases[mark.name.slice(11)] = mark.startTime;
  }
  phases.ready = window.__ready;
  return phases;
}"""


def _visit(playwright, profile: Path, url: str, counter: Counter, service_worker: bool, marks: dict):
    """Open ``url`` in a browser on ``profile``; returns (context, page, seconds to data-ready)."""
    context = _launch(playwright, profile, service_worker)
    # The server's count at the moment the page says it is ready (before the
    # service worker, registered just then, starts downloading).
    context.expose_binding("__benchReady", lambda source: marks.__setitem__("at_ready", counter.read()))
    context.add_init_script(INIT)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=TIMEOUT_MS)
    return context, page, page.evaluate("window.__ready") / 1000


# The phone profile (issue 11): a mid-range phone on a mobile network.
PHONE_CPU_SLOWDOWN = 4
PHONE_NETWORK = {"offline": False, "latency": 85, "downloadThroughput": 9_000_000 / 8,
                 "uploadThroughput": 1_500_000 / 8}
PHONE_SCREEN = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                "device_scale_factor": 3}


def cold_visit(playwright, profile: Path, url: str, counter: Counter, game: bool, marks: dict,
               phone: bool = False):
    """A first visit on the empty ``profile``, a CDP session on the page from
    before navigation (the bytes the browser received; on the phone profile the
    CPU and network throttling and the touch screen); for the game also the
    first input. Returns (context, page, {cold_s, first_input_s, rx_bytes})."""
    context = _launch(playwright, profile, game, **(PHONE_SCREEN if phone else {}))
    received = [0.0]

    def ready(source) -> None:
        marks["at_ready"] = counter.read()
        marks["rx_at_ready"] = received[0]

    def finished(event) -> None:
        received[0] += event.get("encodedDataLength", 0)

    try:
        context.expose_binding("__benchReady", ready)
        context.add_init_script(INIT)
        page = context.pages[0] if context.pages else context.new_page()
        cdp = context.new_cdp_session(page)  # this page's target only: set before navigation
        cdp.on("Network.loadingFinished", finished)
        cdp.send("Network.enable")
        if phone:
            cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
        page.goto(url, wait_until="commit")
        first = first_input(page, phone) if game else math.nan
        board, how = first_move(page, phone) if game and phone else (math.nan, "")
        rx_at_board = received[0]
        page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=TIMEOUT_MS)
        cold = page.evaluate("window.__ready") / 1000
        if not game:  # the bare page takes its first input once Python is ready
            board, rx_at_board = cold, marks.get("rx_at_ready", received[0])
        return context, page, {"cold_s": cold, "first_input_s": first, "board_s": board, "board_how": how,
                               "rx_at_board": rx_at_board, "rx_bytes": marks.get("rx_at_ready", received[0])}
    except BaseException:
        context.close()
        raise


# The New game button works, or data-ready was this long ago (ms): then it never will.
BUTTON = """() => {
  const button = document.getElementById("btn-new");
  if (button && !button.disabled) return true;
  return window.__ready !== undefined && performance.now() - window.__ready > 10000;
}"""
# performance.now() (ms from navigation start) once the New game dialog is
# open and its white name field holds what was typed; null until then.
TYPED = """(before) => {
  const dialog = document.getElementById("dlg-new");
  const field = document.getElementById("ng-white");
  return dialog && dialog.open && field && field.value !== before && field.value.includes("A")
    ? performance.now() : null;
}"""


def first_input(page, phone: bool) -> float:
    """Seconds from navigation start until the New game dialog, opened by a tap
    on #btn-new (a click on desktop) unless the page opened it itself, took a
    key in #ng-white; tried as soon as the button is enabled, as a player would
    while the page loads. Then the field is emptied again and a dialog opened
    here closed (Escape), so the visit goes on as a plain first visit. NaN (and
    a note on stderr) if the button never worked."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    try:
        page.wait_for_function(BUTTON, timeout=TIMEOUT_MS)
        if not page.evaluate("!document.getElementById('btn-new').disabled"):
            print("first input not measured: #btn-new still disabled 10 s after data-ready", file=sys.stderr)
            return math.nan
        opened = False
        while True:  # again if the page reset the dialog under the typing (e.g. Python taking it over)
            left = max(1000, (deadline - time.monotonic()) * 1000)
            if not page.evaluate("document.getElementById('dlg-new').open"):
                (page.tap if phone else page.click)("#btn-new", timeout=left)
                opened = True
            page.wait_for_selector("dialog#dlg-new[open]", timeout=left)
            before = page.input_value("#ng-white", timeout=left)
            page.focus("#ng-white", timeout=left)
            page.keyboard.type("A")
            try:
                at = page.wait_for_function(TYPED, arg=before, timeout=min(5000, left)).json_value()
                break
            except PlaywrightTimeout:
                if time.monotonic() > deadline:
                    raise
        page.fill("#ng-white", before, timeout=left)
        if opened and page.evaluate("document.getElementById('dlg-new').open"):
            page.keyboard.press("Escape")
        return at / 1000
    except PlaywrightError as exc:  # a figure missing is reported, not a crash
        print(f"first input not measured: {str(exc).splitlines()[0]}", file=sys.stderr)
        return math.nan


# The board takes a move: the set-up before Python (web/boot/early_setup.js) or Python's own.
BOARD_TAKES = """() => {
  const root = document.documentElement;
  return root.dataset.boardInput === "setup" || root.dataset.ready === "1";
}"""
# performance.now() once the set-up before Python holds a tower on ``field``; null until then.
PLACED = """(field) => {
  const early = document.documentElement.getAttribute("data-setup-early");
  return early && JSON.parse(early).some((setup) => setup.fields.includes(field)) ? performance.now() : null;
}"""
#: The field tapped: White's star tower on c1, bottom row, third from the left (single board).
FIRST_FIELD, FIRST_COLUMN = "c1", 2


def first_move(page, phone: bool) -> tuple[float, str]:
    """Seconds from navigation until the board took a first move, and how
    ("early": before Python; "python"). The New game dialog is sent as it
    is (two players, single board: White places first), then c1 is tapped
    as soon as the board takes a set-up field; before Python the tower must
    show in html[data-setup-early]; after, Python handles the tap at once.
    NaN (and a note on stderr) if it could not be measured."""
    try:
        if page.evaluate("document.getElementById('dlg-new').open"):
            (page.tap if phone else page.click)("#ng-start", timeout=TIMEOUT_MS)
        page.wait_for_function(BOARD_TAKES, timeout=TIMEOUT_MS)
        box = page.locator("#board").bounding_box()
        size = box["width"] / 6
        x, y = box["x"] + (FIRST_COLUMN + 0.5) * size, box["y"] + box["height"] - size / 2
        if page.evaluate("document.documentElement.dataset.ready === '1'"):
            (page.touchscreen.tap if phone else page.mouse.click)(x, y)
            return page.evaluate("performance.now()") / 1000, "python"
        (page.touchscreen.tap if phone else page.mouse.click)(x, y)
        at = page.wait_for_function(PLACED, arg=FIRST_FIELD, timeout=TIMEOUT_MS).json_value()
        return at / 1000, "early"
    except PlaywrightError as exc:
        print(f"first move not measured: {str(exc).splitlines()[0]}", file=sys.stderr)
        return math.nan, ""


def measure(playwright, url: str, counter: Counter, service_worker: bool, tmp: Path) -> dict:
    """A first visit with an empty profile (cold, with the first input for the
    game); once it has settled (the game's service worker has cached
    everything), a reload (warm); then the player comes back another day: a new
    browser process on the same profile (disk cache, service worker, V8's code
    cache on disk - nothing in memory)."""
    profile = Path(tempfile.mkdtemp(prefix="profile-", dir=tmp))
    marks: dict = {}
    before = counter.read()
    context, page, cold = cold_visit(playwright, profile, url, counter, service_worker, marks)
    try:
        at_ready = marks.get("at_ready") or counter.read()
        fcp = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || 0")
        page.wait_for_timeout(500)  # the frames that show the ready page
        shift = page.evaluate("window.__shift")
        if service_worker:  # the whole game cached, the build's snapshot with it (web/boot/offline.js)
            page.wait_for_selector('html[data-offline="ready"]', state="attached", timeout=TIMEOUT_MS)
        page.wait_for_load_state("networkidle")
        first_visit = counter.read()
        marks.clear()
        page.reload()
        page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=TIMEOUT_MS)
        warm = page.evaluate("window.__ready") / 1000
        warm_ready = marks.get("at_ready") or counter.read()
        controlled = page.evaluate("!!(navigator.serviceWorker && navigator.serviceWorker.controller)")
        from_snapshot = page.evaluate("document.documentElement.dataset.pyodide === 'snapshot'")
        page.wait_for_load_state("networkidle")
    finally:
        context.close()
    context, page, again = _visit(playwright, profile, url, counter, service_worker, marks)
    phases = page.evaluate(PHASES)
    context.close()
    return {
        "cold_s": cold["cold_s"],
        "warm_s": warm,
        "next_day_s": again,
        "fcp_s": fcp / 1000,
        "shift": shift,
        "first_input_s": cold["first_input_s"],
        "cold_bytes": at_ready[0] - before[0],
        "cold_rx_bytes": cold["rx_bytes"],
        "cold_requests": at_ready[1] - before[1],
        "first_visit_bytes": first_visit[0] - before[0],
        "warm_bytes": warm_ready[0] - first_visit[0],
        "warm_requests": warm_ready[1] - first_visit[1],
        "warm_from_service_worker": controlled,
        "warm_from_snapshot": from_snapshot,
        "next_day_phases": phases,
    }


def phone_visit(playwright, url: str, counter: Counter, tmp: Path, game: bool) -> dict:
    """A first visit on the phone profile: fresh profile (the game's service
    worker allowed), CPU slowed, mobile network, touch screen."""
    profile = Path(tempfile.mkdtemp(prefix="phone-", dir=tmp))
    marks: dict = {}
    before = counter.read()
    context, _, cold = cold_visit(playwright, profile, url, counter, game, marks, phone=True)
    context.close()
    return cold | {"cold_bytes": (marks.get("at_ready") or counter.read())[0] - before[0]}


def median(values) -> float:
    """The median of the figures measured (NaN: not measured); NaN if none was."""
    values = [v for v in values if not (isinstance(v, float) and math.isnan(v))]
    return statistics.median(values) if values else math.nan


def summary(runs: list[dict]) -> dict:
    flags = ("warm_from_service_worker", "warm_from_snapshot")
    phases = [run.get("next_day_phases") or {} for run in runs]
    names = [name for name in phases[0] if all(p.get(name) is not None for p in phases)]
    return {"next_day_phases": {name: median(p[name] for p in phases) for name in names}} \
        | {key: median(run[key] for run in runs) for key in runs[0] if key not in flags + ("next_day_phases",)} \
        | {flag: all(run[flag] for run in runs) for flag in flags} | {
           "cold_all": [round(run["cold_s"], 2) for run in runs],
           "warm_all": [round(run["warm_s"], 2) for run in runs],
           "next_day_all": [round(run["next_day_s"], 2) for run in runs]}


def row(name: str, s: dict) -> str:
    return (f"{name:<34} {s['cold_s']:7.2f} {s['warm_s']:7.2f} {s['next_day_s']:8.2f} {s['fcp_s']:6.2f} "
            f"{s['shift']:6.2f} {s['first_input_s']:8.2f} {s['cold_bytes'] / 1e6:8.2f} "
            f"{s['cold_rx_bytes'] / 1e6:11.2f} {s['cold_requests']:5.0f} {s['first_visit_bytes'] / 1e6:9.2f} "
            f"{s['warm_bytes'] / 1e6:8.3f} {s['warm_requests']:5.0f}")


def _no_nan(value):
    """For --json: NaN (a figure not measured) as null."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {key: _no_nan(v) for key, v in value.items()}
    if isinstance(value, list):
        return [_no_nan(v) for v in value]
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Start-up time of the page against a bare PyScript page.")
    parser.add_argument("--runs", type=int, default=5, help="cold+warm visits per page (median; default 5)")
    parser.add_argument("--designs", action="store_true",
                        help="also the older builds: files one by one, no bytecode, no preloads")
    parser.add_argument("--phone", action="store_true",
                        help="also first visits on a phone profile (CPU 4x slower, 9 Mbit/s, 85 ms, 390x844 touch)")
    parser.add_argument("--phone-only", action="store_true", help="only the phone profile's first visits")
    parser.add_argument("--json", help="write the numbers to this file too")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"bench/load.py: {CHROMIUM} not found (make deps installs it)", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="militakiri-load-") as tmp:
        tmp = Path(tmp)
        game = site_build.build(tmp / "game")
        sites = {"bare": make_bare(tmp / "bare", tmp / "game"), "militakiri": tmp / "game"}
        if args.designs:
            for name, options in (("files one by one", {"bundle": False}),
                                  ("zip without bytecode", {"bytecode": False, "snapshot": False}),
                                  ("no preloads", {"preload": False}),
                                  ("no snapshot", {"snapshot": False})):
                site_build.build(tmp / name.replace(" ", "-"), **options)
                sites[f"militakiri, {name}"] = tmp / name.replace(" ", "-")
        served = {name: serve(folder) for name, folder in sites.items()}
        desktop = not args.phone_only
        results: dict[str, list[dict]] = {name: [] for name in sites} if desktop else {}
        phone: dict[str, list[dict]] = {"bare": [], "militakiri": []} if args.phone or args.phone_only else {}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            version = browser.version
            browser.close()
            for _ in range(args.runs):  # in turns, so both pages see the same load on the machine
                for name in results:
                    url, counter, _ = served[name]
                    results[name].append(measure(p, url, counter, name != "bare", tmp))
                for name in phone:
                    url, counter, _ = served[name]
                    phone[name].append(phone_visit(p, url, counter, tmp, game=name != "bare"))
        for _, _, server in served.values():
            server.shutdown()
            server.server_close()

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"bench/load.py: Chromium {version}, {os.cpu_count()} cores, load average {load:.1f}; "
          f"{args.runs} visits per page and profile, medians; version {game['version']}; "
          "served gzipped as common hosts do")
    lines = []
    if phone:
        med = {name: {key: median(run[key] for run in runs) for key in runs[0] if key != "board_how"}
               for name, runs in phone.items()}
        print(f"phone profile (CPU {PHONE_CPU_SLOWDOWN}x slower, 9 Mbit/s, 85 ms, 390x844 touch), first visit:")
        print(f"{'page':<34} {'board_s':>8} {'board_rx_MB':>12} {'cold_s':>7} {'cold_MB':>8} {'cold_rx_MB':>11} "
              f"{'input_s':>8}   all board_s / cold_s")
        for name, m in med.items():
            print(f"{name:<34} {m['board_s']:8.2f} {m['rx_at_board'] / 1e6:12.2f} {m['cold_s']:7.2f} "
                  f"{m['cold_bytes'] / 1e6:8.2f} {m['rx_bytes'] / 1e6:11.2f} {m['first_input_s']:8.2f}   "
                  f"{[round(run['board_s'], 2) for run in phone[name]]} / {[round(run['cold_s'], 2) for run in phone[name]]}"
                  + (f" ({', '.join(sorted({run['board_how'] for run in phone[name]}))})" if name != "bare" else ""))
        print("(medians. board_s: the board took a first move - the game: the New game dialog sent as it is, a tap "
              "on c1 placed White's star tower (early: before Python); the bare page: data-ready; board_rx_MB: what "
              "the browser received until then (CDP encodedDataLength); cold_s: data-ready; cold_MB: what the "
              "server sent until data-ready; input_s: the New game dialog took a tap and a key)")
        ours, bare = med["militakiri"], med["bare"]
        print(f"phone_ready_ratio_vs_bare: {ours['cold_s'] / bare['cold_s']:.2f}")
        print(f"phone_board_MB: {ours['rx_at_board'] / 1e6:.2f}")
        lines += [f"phone_cold_ratio_vs_bare: {ours['board_s'] / bare['board_s']:.2f}",
                  f"phone_first_input_s: {ours['first_input_s']:.2f}"]
    stats = {name: summary(runs) for name, runs in results.items()}
    if stats:
        print(f"{'page':<34} {'cold_s':>7} {'warm_s':>7} {'nextday':>8} {'fcp_s':>6} {'shift':>6} {'input_s':>8} "
              f"{'cold_MB':>8} {'cold_rx_MB':>11} {'reqs':>5} {'visit_MB':>9} {'warm_MB':>8} {'reqs':>5}")
        for name, s in stats.items():
            print(row(name, s))
        print("(medians. shift: how far the layout moved until data-ready, cold (Chromium's layout-shift score); "
              "input_s: the New game dialog opened by a click took a key, cold; "
              "cold_MB/reqs: sent until data-ready; cold_rx_MB: received by the browser until then (CDP "
              "encodedDataLength); visit_MB: the whole first visit, the service worker's download "
              "included; warm: a reload after the first visit; nextday: a new browser process on the same profile)")
        for name, s in stats.items():
            print(f"  {name}: cold {s['cold_all']} warm {s['warm_all']} nextday {s['next_day_all']}")
            if s["next_day_phases"]:
                print("    next day, ms from navigation (medians): "
                      + ", ".join(f"{k} {v:.0f}" for k, v in s["next_day_phases"].items()))
        bare, ours = stats["bare"], stats["militakiri"]
        if not ours["warm_from_service_worker"]:
            print("warning: the warm visit was not served by the service worker")
        if not ours["warm_from_snapshot"]:
            print("warning: a warm visit did not start from the Pyodide snapshot")
        print(f"bare_warm_ratio_vs_cold: {bare['warm_s'] / bare['cold_s']:.2f}")
        print(f"cold_bytes_ratio_vs_bare: {ours['cold_bytes'] / bare['cold_bytes']:.2f}")
        print(f"first_input_s: {ours['first_input_s']:.2f}")
        print(f"warm_ratio_vs_cold: {ours['warm_s'] / ours['cold_s']:.2f}")
        lines += [f"cold_ratio_vs_bare: {ours['cold_s'] / bare['cold_s']:.2f}",
                  f"next_day_ratio_vs_bare: {ours['next_day_s'] / bare['next_day_s']:.2f}"]
    if args.json:
        Path(args.json).write_text(json.dumps(_no_nan({"stats": stats, "runs": results, "phone": phone}),
                                              indent=1) + "\n")
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
