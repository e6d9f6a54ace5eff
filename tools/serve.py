#!/usr/bin/env python3
"""Tiny static file server for dist/ (or any folder), on localhost only.

PyScript needs a secure context, which plain http gives on localhost /
127.0.0.1 only, and browsers refuse ES modules served with a wrong MIME type,
so this server maps .mjs/.js to text/javascript and .wasm to application/wasm
(which WebAssembly.instantiateStreaming requires).

Command line:
    python tools/serve.py [DIR] [--port N] [--host H] [--quiet]

The first line printed is the address, e.g. ``http://localhost:8000/``
(flushed at once, so a parent process can read it; --port 0 picks a free one).

As a library (tests):
    server, port = serve_in_thread("dist")
    ...
    server.shutdown(); server.server_close()
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT / "dist"

# Explicit types for everything the site serves; the mimetypes module's answer
# depends on the machine (/etc/mime.types) and knows neither .mjs nor .toml on
# some systems.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".map": "application/json; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    "": "application/octet-stream",
}


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler with fixed MIME types and no caching."""

    extensions_map = MIME_TYPES
    quiet = False

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        ext = os.path.splitext(os.fspath(path))[1].lower()
        return MIME_TYPES.get(ext) or super().guess_type(path)

    def end_headers(self) -> None:
        # Always revalidate: a rebuilt dist/ must never be mixed with stale
        # cached files (revalidation is cheap on localhost).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that closed its connection mid-answer (a page left, a
        download cancelled) is no error of the server's: nothing to print."""
        if isinstance(sys.exc_info()[1], ConnectionError):  # BrokenPipeError, ConnectionResetError
            return
        super().handle_error(request, client_address)


def make_server(directory: str | os.PathLike[str] = DEFAULT_DIR, port: int = 0,
                host: str = "127.0.0.1", quiet: bool = True) -> Server:
    """Create (bind) a server for ``directory``; call serve_forever() on it."""
    directory = Path(directory).resolve()
    if not directory.is_dir():
        raise FileNotFoundError(f"not a directory: {directory}")
    handler_cls = type("Handler", (StaticHandler,), {"quiet": quiet})
    return Server((host, port), functools.partial(handler_cls, directory=str(directory)))


def serve_in_thread(directory: str | os.PathLike[str] = DEFAULT_DIR, port: int = 0,
                    host: str = "127.0.0.1", quiet: bool = True) -> tuple[Server, int]:
    """Start serving ``directory`` in a daemon thread; return (server, port).

    Stop it with ``server.shutdown(); server.server_close()``.
    """
    server = make_server(directory, port, host, quiet)
    thread = threading.Thread(target=server.serve_forever, name="static-server", daemon=True)
    thread.start()
    return server, server.server_address[1]


def url_for(host: str, port: int) -> str:
    name = "localhost" if host in ("127.0.0.1", "localhost", "::1") else host
    return f"http://{name}:{port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", nargs="?", default=str(DEFAULT_DIR),
                        help="folder to serve (default: dist/)")
    parser.add_argument("--port", "-p", type=int, default=8000, help="port, 0 = pick a free one (default 8000)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to bind (default 127.0.0.1; PyScript needs localhost for a secure context)")
    parser.add_argument("--quiet", "-q", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.directory, args.port, args.host, args.quiet)
    except (OSError, FileNotFoundError) as exc:
        print(f"serve.py: {exc}", file=sys.stderr)
        return 1
    print(url_for(args.host, server.server_address[1]), flush=True)
    print(f"serving {Path(args.directory).resolve()} (Ctrl-C to stop)", file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
