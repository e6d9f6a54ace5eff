"""Nothing from outside breaks the page or costs a game, in the
system Chromium: forged links and URL options, a hash change on a running
game, two tabs with two games, and storage that fills up mid-game.

For each forged address the page is ready within 10 s, says what was
wrong, and the game saved before is still there, one click away.
"""

from __future__ import annotations

import json
import time
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from militakiri import Game, TimeControl
from militakiri.textcodec import crc_code

from game_page import GamePage, errors_of, fresh_game, goto_ready, painted, wait_ready

START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
TAB_SAVE = "'militakiri.saved-game.' + sessionStorage.getItem('militakiri.tab-slot')"
SAVES = ("Object.keys(localStorage).filter(k => k.startsWith('militakiri.saved-game'))"
         ".sort().map(k => localStorage.getItem(k))")


def forged_link(start: str, control: str = "-", white: str = "Anna") -> str:
    """A link whose check code matches: forged with care, not damaged (format 4:
    the official board, no computer)."""
    body = "!".join(["4", start, "-" if start.startswith("p") else "4425", control, white, "Bram",
                     "-", "-", "-", "-", "0."])
    return body + "!" + crc_code(body)


def position_link(position: str) -> str:
    return forged_link("p" + quote(position, safe=""))


#: (what, address after the page's URL, what the page says)
FORGED = [
    ("time 1e400", "?time=1e400%2B0&board=single", "?time= could not be read"),
    ("time of 5,000 digits", "?board=single&time=" + "9" * 5000, "?time= could not be read"),
    ("seed in a Unicode digit", "?board=single&seed=%C2%B2", "?seed= could not be read"),
    ("level in a Unicode digit", "?board=single&computer=black&level=%C2%B2", "?level= could not be read"),
    ("a position of 100 kB", "?position=" + "s" * 100_000, "?position= could not be read"),
    ("a billion empty fields", "?position=" + quote("1000000000/6/6/6/6/6/6/6/6/6/6/S^5 w 122/122 -/- - 1"),
     "cannot be read"),
    ("three waiting towers", "?position=" + quote("s^5/6/6/6/6/6/6/6/6/6/6/S^5 w 011/122 XPS/- - 1"),
     "no game can reach"),
    ("71 towers", "?position=" + quote("S^S^S^S^S^S^/" * 11 + "S^S^S^S^S1s^ w 122/122 -/- - 1"),
     "no game can reach"),
    ("link: time 1e400", "#" + forged_link("scdbabf", "1e400+0"), "time control"),
    ("link: bonus of 400 digits", "#" + forged_link("scdbabf", "60+" + "9" * 400), "increment"),
    ("link: three waiting towers", "#" + position_link("s^5/6/6/6/6/6/6/6/6/6/6/S^5 w 011/122 XPS/- - 1"),
     "no game can reach"),
    ("link: a lone surrogate in a name", "#" + forged_link("scdbabf", white="A%ED%A0%80"), "not valid text"),
]


@pytest.fixture(scope="module")
def saved_tab(browser, base_url):
    """A tab with a game played a move and saved, for the tests below in
    this file's order (a context of its own: fresh_game closes every page
    of the context it keeps when its test ends)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors = errors_of(page)
    goto_ready(page, f"{base_url}?position={quote(START)}&white=Anna")
    ui = GamePage(page)
    ui.play("c3-d4")
    page.wait_for_function(f"() => (localStorage.getItem({TAB_SAVE}) || '').includes('Anna')")
    yield ui, errors
    context.close()


@pytest.fixture
def saved_page(saved_tab):
    """That tab, and its errors from this test on."""
    ui, errors = saved_tab
    errors.clear()
    return ui, errors


def test_storage_that_fills_up_says_so_at_that_move_and_after_a_reload(saved_page):
    ui, errors = saved_page
    page = ui.page  # (c3-d4 played)
    page.wait_for_function(f"() => (localStorage.getItem({TAB_SAVE}) || '').includes('!1.')")
    # The disk fills up: localStorage refuses every write from now on.
    page.evaluate("""() => { const set = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (this === window.localStorage) throw new DOMException('full', 'QuotaExceededError');
            return set.call(this, key, value); }; }""")
    ui.play("f10-f9")
    expect(page.locator("#status")).to_contain_text("This move could not be saved", timeout=5000)
    page.reload()
    wait_ready(page)
    expect(page.locator("#status")).to_contain_text("This is the game as last saved, at move 1")
    assert json.loads(page.evaluate(f"localStorage.getItem({TAB_SAVE})"))["link"]
    assert not [e for e in errors if "autosave" not in e], errors


def test_a_hash_change_to_a_forged_link_keeps_the_running_game(saved_page):
    ui, errors = saved_page
    page = ui.page  # (the game saved, c3-d4 played)
    position = ui.position()
    for _what, address, says in FORGED[8:]:
        page.evaluate("link => { location.hash = link; }", address[1:])
        expect(page.locator("#dlg-problem")).to_have_attribute("open", "", timeout=10_000)
        expect(page.locator("#problem-text")).to_contain_text(says)
        page.click("#problem-close")
    ui.expect_position(position)
    ui.play("f10-f9")  # still playing
    assert not errors, errors


#: The worst a link can carry that a game can reach: five waiting towers
#: with two free fields (tests/engine/test_bad_input.py).
WORST_REACHABLE = "s^5/6/6/6/6/6/6/6/6/P1P11P1P1P1/P1P11P1P1P1/S^P1P1P1P1P1 w 000/122 XXPPS/- - 1"


def test_the_worst_reachable_position_opens_without_a_long_task(saved_page):
    ui, errors = saved_page
    page = ui.page  # (a game running)
    page.evaluate("""() => { window.longTasks = [];
        window.longTaskObserver = new PerformanceObserver(list => {
            for (const entry of list.getEntries()) window.longTasks.push(entry.duration); });
        window.longTaskObserver.observe({type: 'longtask'}); }""")
    page.evaluate("link => { location.hash = link; }", position_link(WORST_REACHABLE))
    ui.expect_position(WORST_REACHABLE)
    expect(page.locator("#status")).to_contain_text("waiting")
    ui.click("c3")  # the first waiting tower placed: its stage of the turn (R15)
    painted(page)  # the click handled (at once, in its event) and its frame drawn
    painted(page)
    # The long tasks so far, those not yet handed to the observer's callback included.
    tasks = page.evaluate("""() => window.longTasks.concat(
        window.longTaskObserver.takeRecords().map(entry => entry.duration))""")
    longest = max(tasks, default=0)
    assert longest < 200, f"a task of {longest:.0f} ms"
    assert not errors, errors


@pytest.mark.parametrize("what, address, says", FORGED, ids=[row[0] for row in FORGED])
def test_a_forged_address_opens_a_usable_page_that_says_so(saved_page, base_url, what, address, says):
    ui, errors = saved_page
    page = ui.page
    saves = page.evaluate(SAVES)
    started = time.monotonic()
    page.goto("about:blank")
    page.goto(base_url + address)
    wait_ready(page)
    assert time.monotonic() - started < 10, what
    shown = page.evaluate("""() => [document.getElementById('status').textContent,
        document.getElementById('dlg-problem').open ? document.getElementById('problem-text').textContent : '']""")
    assert any(says in text for text in shown), (what, shown)
    # Usable: the board is drawn and a control answers.
    assert page.get_attribute("#board", "data-status")
    page.evaluate("document.getElementById('problem-close').click()")
    # The game saved before is untouched, and open or one click away.
    games = lambda texts: {json.loads(text)["link"] for text in texts}  # noqa: E731
    assert games(saves) <= games(page.evaluate(SAVES)), what
    anna = page.evaluate("document.getElementById('bar-white').textContent").startswith("Anna")
    assert anna or page.is_visible("#btn-saved"), what
    assert not [e for e in errors if "favicon" not in e], errors


def test_two_tabs_with_two_games_both_come_back(browser, base_url, artifacts_dir):
    with fresh_game(browser, f"{base_url}?position={quote(START)}&white=Anna") as (ui, _):
        tab_a = ui.page
        context = tab_a.context
        tab_b = context.new_page()
        GamePage(tab_a).play("c3-d4")
        black_first = START.replace(" w ", " b ")
        goto_ready(tab_b, f"{base_url}?position={quote(black_first)}&white=Bram")
        GamePage(tab_b).play("f10-f9")
        for tab in (tab_a, tab_b):
            tab.wait_for_function(f"() => (localStorage.getItem({TAB_SAVE}) || '').includes('!1.')")
        tab_a.close()
        tab_b.close()
        page = context.new_page()
        errors = errors_of(page)
        goto_ready(page, base_url)
        expect(page.locator("#bar-white")).to_contain_text("Bram")  # the newest
        expect(page.locator("#notice")).to_contain_text("Other saved games: 1.")
        page.click("#btn-saved")
        expect(page.locator("#saved-list li")).to_have_count(1)
        expect(page.locator("#saved-list li")).to_contain_text("Anna")
        page.screenshot(path=str(artifacts_dir / "saved-games.png"))
        page.click("#saved-list li button[data-open]")
        expect(page.locator("#bar-white")).to_contain_text("Anna")
        assert "c3-d4" in page.inner_text("#moves")
        expect(page.locator("#notice")).to_contain_text("Other saved games: 1.")  # Bram's, kept
        assert not errors, errors


def test_a_record_with_a_control_character_in_a_name_is_saved_and_reloads(browser, base_url):
    """One rule for names: what a record brings, the save keeps."""
    with fresh_game(browser, base_url) as (ui, _):
        page = ui.page
        page.evaluate("document.getElementById('dlg-new').close()")
        game = Game.from_position(START, time_control=TimeControl.parse("-"))
        game.players.white = "An\x01na"
        game.play("c3-d4")
        page.click("#btn-record")
        page.fill("#record-paste", game.record())
        page.click("#record-open")
        expect(page.locator("#bar-white")).to_contain_text("Anna")
        page.wait_for_function(f"() => (localStorage.getItem({TAB_SAVE}) || '').includes('Anna')")
        page.reload()
        wait_ready(page)
        expect(page.locator("#bar-white")).to_contain_text("Anna")
        expect(page.locator("#dlg-problem")).not_to_have_attribute("open", "")


def test_a_remembered_computer_and_a_tab_note_that_cannot_be_read_are_kept_aside(browser, base_url):
    """Stored JSON the page cannot read is refused with a message,
    kept aside and never deleted: here a forged computer (level 1e999) and
    the tab's note of an unsaved move nested 5,000 deep, read at a reload."""
    forged = '{"computer": 1, "level": 1e999, "names": ["Anna", "Black"], "start": "x"}'
    deep = "[" * 5000 + "]" * 5000
    with fresh_game(browser, f"{base_url}?position={quote(START)}&white=Anna") as (ui, errors):
        page = ui.page
        ui.play("c3-d4")
        page.wait_for_function(f"() => (localStorage.getItem({TAB_SAVE}) || '').includes('!1.')")
        page.evaluate("forged => localStorage.setItem('militakiri.computer', forged)", forged)
        # (Written as the next page starts: leaving this one saves, which removes the note.)
        page.add_init_script(f"sessionStorage.setItem('militakiri.unsaved', {deep!r})")
        goto_ready(page, base_url)  # the tab's saved game opens
        expect(page.locator("#notice")).to_contain_text("computer opponent remembered from an earlier visit "
                                                        "could not be read")
        assert page.evaluate("localStorage.getItem('militakiri.computer.unreadable')") == forged
        assert page.evaluate("sessionStorage.getItem('militakiri.unsaved.unreadable')") == deep
        ui.play("f10-f9")  # the game read back goes on, and saves
        page.wait_for_function(f"() => (localStorage.getItem({TAB_SAVE}) || '').includes('!2.')")
        assert page.evaluate("localStorage.getItem('militakiri.computer.unreadable')") == forged
        assert not errors, errors
