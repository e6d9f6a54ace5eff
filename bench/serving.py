"""A static host for the benchmarks: gzipped as common hosts serve, every byte counted.

Text, JS, JSON and wasm (``COMPRESSED``) go out gzipped (level 6) when the
request accepts gzip, compressed once per file version and kept in memory;
binaries (.zip, .png, .mpy ...), Range requests and clients without gzip get
the file as it is. And the profiles the benchmarks browse with: the system
Chromium (never ``playwright install``) and a mid-range phone on a mobile
network.
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import io
import os
import threading
from pathlib import Path

from tools.serve import Server, StaticHandler

CHROMIUM = os.environ.get("MILITAKIRI_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync"]

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


# A visitor's browser is already running when they follow a link; a browser
# just launched is still starting itself. Chromium 156 spends its first second
# or so preloading WebUI for its own window (a renderer for
# chrome://omnibox-popup.top-chrome: about a core for 1-1.5 s, seen with `ps`
# and in a trace), which on 2 cores competed with the page measured - more
# with a page that starts in 2 s than with one that starts in 5. So each visit
# waits this long after the launch, on the blank tab, before it navigates.
SETTLE_S = 2.5


# The phone profile: a mid-range phone on a mobile network.
PHONE_CPU_SLOWDOWN = 4
PHONE_NETWORK = {"offline": False, "latency": 85, "downloadThroughput": 9_000_000 / 8,
                 "uploadThroughput": 1_500_000 / 8}
PHONE_SCREEN = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                "device_scale_factor": 3}
