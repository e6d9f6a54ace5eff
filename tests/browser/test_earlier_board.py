"""What players made on the earlier 8-rank board, in the page (docs/earlier-board.md).

The data is the real thing: tests/fixtures/earlier_board/ was made by the
8-rank build's page in Chromium. Its storage dumps are put into
localStorage (and sessionStorage) before the page loads, as a player's
browser holds them; its links, records and ``?position=`` are opened as a
player opens them. An old game is shown and played on the board it was
played on (8 ranks, R1's earlier board), with a note in English and Dutch;
a new game or a rematch after it is on the official 12-rank board.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from militakiri import Game, Position, game_from_link
from militakiri.board import EARLIER_ROWS, ROWS
from web.model.earlier import is_official_puzzle_id
from web.model.puzzles import read_puzzles
from web.services.autosave import restore

from game_page import GamePage, errors_of, forget_site_data, goto_ready, without_pyodide

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "earlier_board"
GAMES = json.loads((FIXTURES / "storage-games.json").read_text())
TRAINING = json.loads((FIXTURES / "storage-training.json").read_text())
LINKS = {row[0]: row[1] for row in (line.split("\t") for line in (FIXTURES / "links.txt").read_text().splitlines()
                                     if line and not line.startswith("#"))}
POSITIONS = {row[0]: row[1] for row in (line.split("\t") for line in (FIXTURES / "positions.txt").read_text()
                                         .splitlines() if line and not line.startswith("#"))}
NOTE_EN = "Played on the earlier 8-rank board, before the official 12-rank board."
NOTE_NL = "Gespeeld op het eerdere bord met 8 rijen, van v\u00f3\u00f3r het offici\u00eble bord met 12 rijen."
#: The page's clock: just after the old page's last save, before the
#: correspondence game's deadline (2026-11-29 ~06:51 UTC).
NOW = datetime(2026, 11, 28, 7, 0, tzinfo=timezone.utc)
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}
#: How long the computer may take to start and answer on a busy machine (ms).
COMPUTER_MS = 120_000
SAVE = "militakiri.saved-game."


def storage_script(dump: dict) -> str:
    """JavaScript that puts ``dump`` into the browser's storage before the
    page's own scripts run, once per tab (a reload finds what the page left)."""
    return """(dump => {
  if (sessionStorage.getItem("earlier-board-test")) return;
  for (const [key, value] of Object.entries(dump.localStorage)) localStorage.setItem(key, value);
  for (const [key, value] of Object.entries(dump.sessionStorage)) sessionStorage.setItem(key, value);
  sessionStorage.setItem("earlier-board-test", "1");
})(%s);""" % json.dumps(dump)


def context_with(browser, **args):
    """A browser context whose clock starts at NOW."""
    context = browser.new_context(**({"viewport": DESKTOP, "service_workers": "block"} | args))
    context.clock.install(time=NOW)
    without_pyodide(context)  # these tests are about the board, not the computer's runtime
    return context


@pytest.fixture(scope="module")
def desktop(browser):
    """One context for the module's tests on a laptop: each opens its page
    with the site's data forgotten (open_page)."""
    context = context_with(browser)
    yield context
    context.close()


def open_page(context, url: str, dump: dict | None = None):
    """A new tab at ``url`` in ``context`` (its other tabs closed), whose
    browser holds ``dump`` and nothing else of the site."""
    for opened in list(context.pages):
        opened.close()
    page = context.new_page()
    forget_site_data(page, url)
    if dump is not None:
        page.add_init_script(storage_script(dump))
    errors = errors_of(page)
    goto_ready(page, url)
    return page, errors


def expect_earlier_board(page, note: str = NOTE_EN) -> None:
    """The board has the earlier 8 ranks, and the notice says so."""
    expect(page.locator("#board")).to_have_attribute("data-ranks", str(EARLIER_ROWS))
    assert Position.from_string(page.get_attribute("#board", "data-position")).kind.earlier
    expect(page.locator("#notice")).to_contain_text(note)
    expect(page.locator("#notice")).to_be_visible()


def saved(page, key: str):
    """The save ``key`` as the page left it, read back."""
    return restore(page.evaluate("k => localStorage.getItem(k)", key), wall_now=NOW.timestamp())


def saved_after(page, key: str, plies: int):
    """The save ``key`` once it holds ``plies`` moves (saved just after the frame that shows the move)."""
    for _ in range(100):
        restored = saved(page, key)
        if len(restored.game.tokens) >= plies:
            return restored
        page.wait_for_timeout(100)
    raise AssertionError(f"{key} still holds {len(restored.game.tokens)} moves, not {plies}")


def test_saved_games_open_on_their_board_and_play_on(desktop, base_url, artifacts_dir):
    """Tab 1 of the old browser after a reload: its game (3, rated, lost by
    resignation) on its 8-rank board; Saved games lists the four others,
    each marked; game 1 (300+5) opens, its clocks resume, a move is played
    and saved on its board; its record and link say the earlier board;
    Rankings still has Anna at 800?; a rematch is on the official board."""
    page, errors = open_page(desktop, base_url, GAMES)
    ui = GamePage(page)
    expect_earlier_board(page)
    ui.expect_position(saved(page, SAVE + "d3ba8a9751").game.position.string())
    expect(page.locator("#dlg-problem")).not_to_have_attribute("open", "")
    expect(page.locator("#status")).to_contain_text("Anna (Red) resigned")
    page.screenshot(path=str(artifacts_dir / "earlier-board-desktop.png"))

    # Saved games: the four others, each on the earlier board.
    page.click("#btn-saved")
    rows = page.locator("#saved-list li")
    expect(rows).to_have_count(4)
    expect(page.locator("#saved-list li[data-earlier='1']")).to_have_count(4)
    for text in rows.all_inner_texts():
        assert "on the earlier 8-rank board" in text, text
    row = rows.filter(has_text="Anna \u2013 Bram, at move 7")
    expect(row).to_have_count(1)
    page.screenshot(path=str(artifacts_dir / "earlier-board-saved-games.png"))
    row.locator("button[data-open]").click()

    # Game 1: 12 moves, its clocks paused; Resume, and a move on its board.
    expect_earlier_board(page)
    game1 = saved(page, SAVE + "c5508318db").game
    ui.expect_position(game1.position.string())
    expect(page.locator("#btn-resume")).to_be_visible()
    page.click("#btn-resume")
    token = next(t for t in game1.legal_moves() if "," not in t and "=" not in t)
    ui.play(token)
    expect(ui.board).to_have_attribute("data-plies", "13")
    after = saved_after(page, SAVE + "c5508318db", 13)
    assert after.game.kind.earlier and after.game.tokens == game1.tokens + [token]
    assert after.link.startswith("1!s")  # the earlier board's own link format
    assert after.game.clock is not None  # the live clock is kept

    # Its record says its board; its link is of the earlier board's format.
    page.click("#btn-record")
    record = page.input_value("#record-text")
    assert '[Ranks "8"]' in record and Game.from_record(record).tokens == after.game.tokens
    page.click("#record-close")
    page.click("#btn-share")
    link = page.input_value("#share-url").split("#", 1)[1]
    assert link.startswith("1!s") and game_from_link(link).game.kind is Game.from_record(record).kind
    page.click("#share-close")

    # Rankings: Anna's rating from her rated game on the earlier board.
    page.click("#btn-rankings")
    anna = page.locator("#rk-list li.rk-profile").filter(has_text="Anna")
    expect(anna.locator(".rk-rating")).to_have_text("800?")
    # A profile from before points (format 1): its points folded from its games (R26: a Starter's forfeit costs nothing).
    expect(anna.locator(".rk-standing")).to_have_text("Starter \u00b7 0 points")
    page.click("#rk-close")

    # Back to game 3 (finished): a rematch is on the official board.
    page.click("#btn-saved")
    page.locator("#saved-list li").filter(has_text="Anna \u2013 Computer, level 2").locator("button[data-open]").click()
    expect_earlier_board(page)
    expect(page.locator("#btn-rematch")).to_be_visible()
    page.click("#btn-rematch")
    expect(ui.board).to_have_attribute("data-ranks", str(ROWS))
    expect(page.locator("#notice")).not_to_contain_text("earlier")
    # Nothing of the old saves went to make room: game 3 was finished and is
    # left for the new game (as always); the four others are there, game 1 moved on.
    keys = page.evaluate("() => Object.keys(localStorage)")
    for key in ("c5508318db", "ae0bc35d68", "e5b9942871", "b72e64a334"):
        assert SAVE + key in keys, key
    assert not errors, errors


def test_an_old_game_on_a_phone(browser, base_url, artifacts_dir):
    context = context_with(browser, **PHONE)
    page, errors = open_page(context, base_url, GAMES)
    expect_earlier_board(page)
    board = page.locator("#board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 390 + 1, board
    page.screenshot(path=str(artifacts_dir / "earlier-board-phone.png"))
    page.click("#btn-saved")
    expect(page.locator("#saved-list li[data-earlier='1']")).to_have_count(4)
    page.screenshot(path=str(artifacts_dir / "earlier-board-phone-saved-games.png"))
    assert not errors, errors
    context.close()


def test_an_old_game_is_reviewed_on_its_board(desktop, base_url):
    """Analyse game 3 (finished): the computer judges each position of the
    earlier board; the review is kept with its save."""
    page, errors = open_page(desktop, base_url, GAMES)
    expect_earlier_board(page)
    page.click("#btn-analyse")
    expect(page.locator("#review-counts")).to_contain_text("Anna", timeout=COMPUTER_MS)
    expect(page.locator("#review-run")).to_be_hidden()
    for _ in range(100):
        text = page.evaluate("k => localStorage.getItem(k)", SAVE + "d3ba8a9751")
        if '"review"' in text:
            break
        page.wait_for_timeout(100)
    restored = restore(text, wall_now=NOW.timestamp())
    assert restored.review is not None and len(restored.review) >= 1 and restored.game.kind.earlier
    assert not errors, errors


def test_an_old_link_plays_on_against_the_computer_on_its_board(desktop, base_url):
    """Game 2's link (the double board, the computer at level 3): opened in
    a browser with nothing stored, a move, and the computer answers on the
    earlier board."""
    page, errors = open_page(desktop, f"{base_url}#{LINKS['game2']}")
    ui = GamePage(page)
    expect_earlier_board(page)
    expect(page.locator("#status")).to_contain_text("Opened the game from the link (moves played: 6).")
    position = Position.from_string(ui.position())
    assert position.kind.files == 12
    token = next(t for t in sorted(position.legal_moves()) if "," not in t and "=" not in t)
    ui.play(token)
    expect(ui.board).to_have_attribute("data-plies", "8", timeout=COMPUTER_MS)  # the computer's reply
    assert Position.from_string(ui.position()).kind.earlier
    expect_earlier_board(page)
    assert not errors, errors


def test_an_old_position_and_record_open_on_their_board_in_both_languages(desktop, base_url):
    # ?position=<start>&computer=black&level=2, as the old page opened it.
    url = POSITIONS["url"].replace("http://localhost:8731/", base_url)
    page, errors = open_page(desktop, url)
    ui = GamePage(page)
    expect_earlier_board(page)
    ui.expect_position(POSITIONS["start-single"])
    # In Dutch.
    goto_ready(page, url + "&lang=nl")
    expect_earlier_board(page, NOTE_NL)
    # A record (no Ranks tag: written before), pasted in the Game record dialog.
    goto_ready(page, base_url + "?lang=en")
    page.click("#btn-record")
    text = (FIXTURES / "records" / "game2-double-computer-unfinished.txt").read_text()
    page.fill("#record-paste", text)
    page.click("#record-open")
    expect(page.locator("#dlg-record")).not_to_have_attribute("open", "")
    expect_earlier_board(page)
    ui.expect_position(POSITIONS["game2-double-after-6-plies"])
    # A ?position= bookmark of the game after 12 moves.
    goto_ready(page, base_url + "?position=" + quote(POSITIONS["game1-single-after-12-moves"]))
    expect_earlier_board(page)
    ui.expect_position(POSITIONS["game1-single-after-12-moves"])
    assert not errors, errors


def shipped_puzzles():
    return read_puzzles((ROOT / "web" / "data" / "puzzles.json").read_text(encoding="utf-8"))


def test_learn_keeps_the_puzzle_rating_history_and_stars(desktop, base_url, artifacts_dir):
    """The second old browser (Dutch): Learn shows the puzzle rating 1348,
    the stars of plus/1 and plus/2, and the old puzzles in the history, each
    said to be from the earlier board (they are no longer offered)."""
    ids = {puzzle.id for puzzle in shipped_puzzles()}
    assert not {"s0001", "s0185"} & ids, "web/data/puzzles.json still holds the earlier board's puzzles"
    page, errors = open_page(desktop, base_url + "?learn", TRAINING)
    expect(page.locator("#dlg-learn")).to_have_attribute("open", "")
    assert page.get_attribute("html", "data-rating") == "1348"
    expect(page.locator("#learn-rating")).to_contain_text("1348")
    for task in ("plus/1", "plus/2"):
        expect(page.locator(f"#learn-list button[data-task='{task}']")).to_contain_text("\u2605\u2605\u2605")
    page.click("#learn-dashboard summary")
    expect(page.locator("#pz-history .pz-earlier")).to_have_text(
        "Van het eerdere bord met 8 rijen, nog in je puzzelrating: s0001 opgelost, s0185 mislukt.")
    expect(page.locator("#pz-retry li[data-earlier-puzzle='s0185']")).to_have_text(
        "Puzzel s0185 \u00b7 van het eerdere bord met 8 rijen, niet meer aangeboden")
    page.locator("#pz-retry").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "earlier-board-learn.png"))
    # Nothing was dropped from the stored progress.
    stored = json.loads(page.evaluate("() => localStorage.getItem('militakiri.training')"))
    assert stored == json.loads(TRAINING["localStorage"]["militakiri.training"])
    assert not errors, errors


def test_an_old_puzzle_link_says_it_was_on_the_earlier_board(desktop, base_url):
    ids = {puzzle.id for puzzle in shipped_puzzles()}
    assert "s0042" not in ids, "web/data/puzzles.json still holds the earlier board's puzzles"
    page, errors = open_page(desktop, base_url + "?puzzle=s0042")
    box = page.locator("#training")
    expect(box).to_have_attribute("data-drill", re.compile(r"^s12-\d{4}$"))
    drill = box.get_attribute("data-drill")
    assert is_official_puzzle_id(drill) and drill in ids
    expect(page.locator("#tr-feedback")).to_have_text(
        "Puzzle s0042 was on the earlier 8-rank board and is no longer offered: "
        "here is one on the official 12-rank board.")
    expect(page.locator("#board")).to_have_attribute("data-ranks", str(ROWS))
    goto_ready(page, base_url + "?puzzle=d0007&lang=nl")
    expect(box).to_have_attribute("data-drill", re.compile(r"^d12-\d{4}$"))
    expect(page.locator("#tr-feedback")).to_have_text(
        "Puzzel d0007 stond op het eerdere bord met 8 rijen en wordt niet meer aangeboden: "
        "hier is er een op het offici\u00eble bord met 12 rijen.")
    assert not errors, errors
