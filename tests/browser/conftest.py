"""Browser test plumbing (pytest-playwright + Debian's chromium).

Fixtures:
  site             session: the site built once for the run
                   (tests/built_site.py) and served on localhost with
                   tools/serve.py in a thread -> SiteInfo
  own_site         session: the same build on another origin, for the
                   service worker tests
  base_url         the served site's URL (or --base-url to test another server)
  request_log      records every request of the test's browser context;
                   .assert_same_origin() fails if any left the site's origin
  console_log      console messages and page errors, for asserts and debugging
  record_requests  record_requests(context, url) -> RequestLog for another URL
  serve_folder     serve_folder(path) -> URL of an extra localhost server
  open_app         goto(base_url) and wait for html[data-ready]; returns seconds
  artifacts_dir    artifacts/browser/ (screenshots, reports; kept after the run)

Playwright never downloads a browser here: the launch uses /usr/bin/chromium
(override with MILITAKIRI_CHROMIUM). The page must boot within
MILITAKIRI_READY_TIMEOUT seconds (default 120).
"""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.built_site import built_once
from tools.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]

CHROMIUM = os.environ.get("MILITAKIRI_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
READY_TIMEOUT_S = float(os.environ.get("MILITAKIRI_READY_TIMEOUT", "120"))
ARTIFACTS = ROOT / "artifacts"
# URL schemes that never leave the machine.
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-extension", "devtools"}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives a real browser (chromium) against the built site")
    config.addinivalue_line("markers", "slow: takes more than a few seconds")


#: A Chromium renderer that crashes ("Target crashed": seen once in CI, never
#: in 50+ local runs of the same test) gets one rerun, shown as R and counted
#: in the summary; any other failure fails at once, and a crash that repeats
#: fails. Only these tests are marked: pytest-rerunfailures asks pytest-xdist's
#: controller about every test it may rerun, a round trip of some 40 ms (the
#: socket's delayed acknowledgement) that cost the 2,000 quick tests a minute.
RERUN_A_CRASH = pytest.mark.flaky(reruns=1, only_rerun=["Target crashed"])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)
            item.add_marker(RERUN_A_CRASH)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: `apt-get install chromium` (make test does it); "
                    "never `playwright install`")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """No service worker unless a test asks for one with
    ``@pytest.mark.browser_context_args(service_workers="allow")`` (test_offline.py):
    once the board is ready it would fetch the whole game again in every test."""
    return {**browser_context_args, "service_workers": "block"}


@dataclass
class SiteInfo:
    url: str
    directory: Path | None = None
    summary: dict = field(default_factory=dict)


@contextmanager
def served(tmp_path_factory: pytest.TempPathFactory):
    """That build served on a port of its own: an origin of its own, with
    its own storage and service worker."""
    out, summary = built_once(tmp_path_factory)
    server, port = serve_in_thread(out)
    try:
        yield SiteInfo(url=f"http://localhost:{port}/", directory=out, summary=summary)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> SiteInfo:
    """The site, served on localhost for the whole session."""
    with served(tmp_path_factory) as info:
        yield info


@pytest.fixture(scope="session")
def own_site(tmp_path_factory: pytest.TempPathFactory) -> SiteInfo:
    """The site on another origin, for the tests with a service worker:
    what one test's worker cached never meets another's page."""
    with served(tmp_path_factory) as info:
        yield info


@pytest.fixture(scope="session")
def base_url(pytestconfig: pytest.Config, request: pytest.FixtureRequest) -> str:
    """Overrides pytest-playwright's: our own server unless --base-url is given."""
    given = pytestconfig.getoption("--base-url", default=None)
    if given:
        return given if given.endswith("/") else given + "/"
    return request.getfixturevalue("site").url


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class RequestRecord:
    url: str
    method: str
    resource_type: str
    status: int | None = None
    body_bytes: int | None = None
    failure: str | None = None


class RequestLog:
    """Every request (and websocket) made by a browser context, in order."""

    def __init__(self, site_url: str) -> None:
        self.site_url = site_url
        self.site_origin = origin(site_url)
        self.records: list[RequestRecord] = []
        self.websockets: list[str] = []
        self._by_request: dict[object, RequestRecord] = {}

    def attach(self, context) -> None:
        context.on("request", self._on_request)
        context.on("requestfinished", self._on_finished)
        context.on("requestfailed", self._on_failed)
        for page in context.pages:
            self._attach_page(page)
        context.on("page", self._attach_page)

    def detach(self, context) -> None:
        """Stop recording (a context shared by a module's tests would
        otherwise call every test's log for every request after it)."""
        context.remove_listener("request", self._on_request)
        context.remove_listener("requestfinished", self._on_finished)
        context.remove_listener("requestfailed", self._on_failed)
        context.remove_listener("page", self._attach_page)

    def _attach_page(self, page) -> None:
        page.on("websocket", lambda ws: self.websockets.append(ws.url))

    def _on_request(self, req) -> None:
        rec = RequestRecord(req.url, req.method, req.resource_type)
        self.records.append(rec)
        self._by_request[req] = rec

    def _on_finished(self, req) -> None:
        rec = self._by_request.get(req)
        if rec is None:
            return
        try:
            resp = req.response()
            rec.status = resp.status if resp else None
            rec.body_bytes = req.sizes()["responseBodySize"]
        except Exception as exc:  # page closed meanwhile
            rec.failure = f"sizes unavailable: {exc}"

    def _on_failed(self, req) -> None:
        rec = self._by_request.get(req)
        if rec is not None:
            rec.failure = req.failure or "failed"

    def foreign(self) -> list[str]:
        """URLs that went anywhere but the site's origin (data:/blob: are fine)."""
        out = []
        for url in [r.url for r in self.records] + self.websockets:
            scheme = urlsplit(url).scheme
            if scheme in LOCAL_SCHEMES:
                continue
            if origin(url) != self.site_origin:
                out.append(url)
        return out

    def assert_same_origin(self) -> None:
        bad = self.foreign()
        assert not bad, f"{len(bad)} request(s) left {self.site_origin}: {bad}"

    def failed(self) -> list[RequestRecord]:
        return [r for r in self.records if r.failure or (r.status is not None and r.status >= 400)]

    def paths(self) -> dict[str, RequestRecord]:
        """Site-relative path -> last record, for requests to the site."""
        base = urlsplit(self.site_url).path
        out = {}
        for r in self.records:
            if origin(r.url) == self.site_origin:
                path = urlsplit(r.url).path
                out[path[len(base):] if path.startswith(base) else path] = r
        return out


@pytest.fixture
def request_log(context, base_url: str) -> RequestLog:
    log = RequestLog(base_url)
    log.attach(context)
    return log


@pytest.fixture
def record_requests():
    """record_requests(context, site_url) -> a RequestLog for another site URL."""

    def _make(context, site_url: str) -> RequestLog:
        log = RequestLog(site_url)
        log.attach(context)
        return log

    return _make


@pytest.fixture
def serve_folder():
    """serve_folder(path) -> "http://localhost:PORT/" serving ``path`` until the test ends."""
    servers = []

    def _serve(path) -> str:
        server, port = serve_in_thread(path)
        servers.append(server)
        return f"http://localhost:{port}/"

    yield _serve
    for server in servers:
        server.shutdown()
        server.server_close()


@dataclass
class ConsoleLog:
    messages: list[tuple[str, str]] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def errors(self) -> list[str]:
        return [text for kind, text in self.messages if kind == "error"] + self.page_errors

    def dump(self) -> str:
        lines = [f"[{kind}] {text}" for kind, text in self.messages]
        lines += [f"[pageerror] {text}" for text in self.page_errors]
        return "\n".join(lines) or "(no console output)"


@pytest.fixture
def console_log(page) -> ConsoleLog:
    log = ConsoleLog()
    page.on("console", lambda msg: log.messages.append((msg.type, msg.text)))
    page.on("pageerror", lambda exc: log.page_errors.append(str(exc)))
    return log


@pytest.fixture
def open_app(base_url: str, console_log: ConsoleLog):
    """open_app(page, path="") -> seconds until html[data-ready="1"].

    On a time-out the failure shows the browser console (PyScript reports
    config and Python errors there)."""

    def _open(page, path: str = "", timeout_s: float = READY_TIMEOUT_S, url: str | None = None) -> float:
        start = time.monotonic()
        page.goto(url or base_url + path.lstrip("/"))
        try:
            page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=timeout_s * 1000)
        except Exception as exc:
            pytest.fail(f"page never became ready ({exc.__class__.__name__}); console:\n{console_log.dump()}")
        return time.monotonic() - start

    return _open


@pytest.fixture
def ui(shared, base_url: str, record_requests):
    """A GamePage on the module's ``shared`` page (a module-scoped fixture
    giving context, page and its error list): no errors and no request off
    the site during the test."""
    from game_page import GamePage

    context, page, errors = shared
    log = record_requests(context, base_url)
    errors.clear()
    yield GamePage(page)
    log.detach(context)
    assert not errors, errors
    log.assert_same_origin()


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    path = ARTIFACTS / "browser"
    path.mkdir(parents=True, exist_ok=True)
    return path
