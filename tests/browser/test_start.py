"""The first visit's start from the build's snapshot (tools/start_snapshot.py), and its fallbacks.

A snapshot that is missing, damaged or made by another Pyodide build must
not cost the player anything: the page starts the plain way, says nothing
alarming and plays. While the runtime downloads, a progress bar shows how
much has arrived.
"""

from __future__ import annotations

import gzip
import struct

import pytest
from playwright.sync_api import expect

from game_page import wait_ready

WASM = "**/pyodide/pyodide.asm.wasm"
SNAPSHOT = "**/pyodide/memory-*.bin"
# Pyodide's snapshot header: magic, offset, length of the JSON, padding, then the build id (32 bytes).
BUILD_ID = slice(16, 48)


def _other_build(memory: bytes) -> bytes:
    """The snapshot as another Pyodide build would have made it: another build id."""
    data = bytearray(memory)
    assert struct.unpack_from("<I", data, 0)[0] != 0  # a snapshot header, not zeros
    data[BUILD_ID] = bytes(0x61 + (b % 26) for b in data[BUILD_ID][::-1])
    return bytes(data)


def _serve_changed(page, kind: str, shipped: bytes) -> None:
    def fulfil(route) -> None:
        if kind == "missing":
            route.fulfill(status=404, body="not found")
        elif kind == "damaged":
            route.fulfill(status=200, body=shipped[: len(shipped) // 2] + bytes(1000),
                          content_type="application/octet-stream")
        else:
            route.fulfill(status=200, body=gzip.compress(_other_build(gzip.decompress(shipped)), 1),
                          content_type="application/octet-stream")

    page.route(SNAPSHOT, fulfil)


@pytest.mark.parametrize("kind", ["missing", "damaged", "other build"])
def test_a_bad_snapshot_falls_back_to_a_plain_start(page, site, open_app, console_log, kind):
    shipped = (site.directory / "pyodide" / site.summary["start"]["snapshot"]).read_bytes()
    _serve_changed(page, kind, shipped)
    open_app(page, path="?board=single")
    assert page.get_attribute("html", "data-pyodide") == "fresh"
    # Nothing alarming: the set-up's own words, no notice, no error in the console.
    expect(page.locator("#board")).to_have_attribute("data-status", "setup")
    expect(page.locator("#status")).to_contain_text("click where your towers go")
    expect(page.locator("#notice")).to_be_hidden()
    # (The browser's own line for the missing file is the only error.)
    errors = [e for e in console_log.errors() if not (kind == "missing" and "status of 404" in e)]
    assert not errors, console_log.dump()
    # And it plays: a set-up click places a tower.
    page.click("#btn-random")
    expect(page.locator("#btn-done")).to_be_enabled()


def test_the_progress_bar_moves_while_the_runtime_loads(page, base_url):
    held = []
    page.route(WASM, lambda route: held.append(route))
    page.goto(base_url + "?board=single")
    bar = page.locator("#load-progress")
    expect(bar).to_be_visible()
    # The snapshot and the small standard library arrive; the wasm is still held back.
    page.wait_for_function("document.getElementById('load-progress').value > 0.2", timeout=30_000)
    first = bar.evaluate("bar => bar.value")
    assert 0.2 < first < 1
    for route in held:
        route.continue_()
    page.unroute(WASM)
    wait_ready(page)
    assert bar.evaluate("bar => bar.value") == 1
    expect(bar).to_be_hidden()
    assert page.get_attribute("html", "data-pyodide") == "snapshot"
