"""Ratings and rankings in the page: rated games against the
computer and between two people, a resignation and an abandoned game, the
Rankings dialog, the embed's ``rating`` message, export and import, and a
tampered profile refused."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from militakiri import Position
from web.model.ladder import LADDER_URLS, Ladder
from web.model.profiles import Profile, RatedGame, profile_key

from game_page import GamePage, HeldPyodide, errors_of, first_visit, fresh_game, goto_ready, wait_ready

LADDERS = {board: Ladder.read((Path(__file__).resolve().parents[2] / url).read_text())
           for board, url in LADDER_URLS.items()}
LADDER = LADDERS["single"]

#: How long the computer may take at level 1 (it does not search), in ms.
COMPUTER_MS = 60_000
#: The computer's least reply time, cut from 0.35 s (web/ui/computer.py): the
#: ratings are what these games are for, not how a reply lands.
QUICK_REPLIES = "window.militakiriReplyMs = 1;"


@pytest.fixture(scope="module")
def desktop(browser):
    """One tab at 1280x800 for the tests there, each on storage as a first
    visit finds it (first_visit); the tab's renderer is kept, which a new
    tab or browser context would start again (about as much CPU as the
    page's boot)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block",
                                  accept_downloads=True)
    page = context.new_page()
    yield GamePage(page), errors_of(page)
    context.close()


def rated_game(ui: GamePage, white: str, black: str, level: int | None = None, said: str = "") -> None:
    """New game, rated, as a player fills it in; random set-ups, the dice,
    started; ``said``: words the rating line under Rated says first."""
    page = ui.page
    ui.close_dialogs()
    if not page.locator("#dlg-new").evaluate("d => d.open"):
        page.click("#btn-new")
    if level is None:
        page.check("#ng-human")
    else:
        page.check("#ng-computer")
        page.select_option("#ng-level", str(level))
        page.select_option("#ng-side", "white")
    page.select_option("#ng-time", "none")
    for field, name in (("#ng-white", white), ("#ng-black", black)):
        if page.locator(field).is_visible():
            page.fill(field, name)
    page.check("#ng-rated")
    expect(page.locator("#ng-rating")).to_contain_text(white)  # its rating, or why its profile does not read
    if said:
        expect(page.locator("#ng-rating")).to_contain_text(said)
    page.click("#ng-start")
    expect(page.locator("#dlg-new")).not_to_have_attribute("open", "")
    set_up_and_start(ui, two_players=level is None)


def set_up_and_start(ui: GamePage, two_players: bool) -> None:
    """Random set-ups (against the computer, the player's alone), the dice, started."""
    page = ui.page
    for _ in range(2 if two_players else 1):
        page.click("#btn-random")
        page.click("#btn-done")
    expect(page.locator("#dlg-dice")).to_have_attribute("open", "", timeout=COMPUTER_MS)  # (the computer's set-up)
    ui.roll_and_start()


def resign(ui: GamePage, color: str) -> str:
    """``color`` resigns; the result dialog's rating line."""
    page = ui.page
    page.click("#btn-resign")
    page.click(f"#resign-{color}")
    expect(page.locator("#dlg-result")).to_have_attribute("open", "")
    line = page.locator("#result-rating")
    expect(line).to_be_visible()
    return line.inner_text()


def rankings_rows(ui: GamePage) -> list[str]:
    page = ui.page
    ui.close_dialogs()
    if page.locator("#dlg-new").evaluate("d => d.open"):  # (a first visit opens New game)
        page.click("#ng-cancel")
    page.click("#btn-rankings")
    expect(page.locator("#dlg-rankings")).to_have_attribute("open", "")
    return page.locator("#rk-list > li .rk-head").all_inner_texts()


def test_a_rated_two_player_game_and_the_rankings(desktop, base_url, artifacts_dir):
    ui, errors = first_visit(desktop, base_url)
    page = ui.page
    rated_game(ui, "Anna", "Bo")
    expect(page.locator("#status")).to_contain_text("\u00b7 Rated game")  # said all game long
    # Each bar shows its player's rating, as lichess's do.
    expect(page.locator("#bar-white .rating")).to_have_text("1500?")
    expect(page.locator("#bar-white .visually-hidden")).to_contain_text("rated 1500?")
    ui.play(first_move(ui))  # (a game resigned before its first move is not rated, as on lichess)
    # Restored by a reload and resigned before any new move: the result
    # dialog and its rating line all the same (they were lost, the rating
    # changed silently).
    page.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('militakiri.saved-game.')"
                           " && localStorage.getItem(k).includes('\"rated\"'))")
    page.reload()
    wait_ready(page)
    expect(page.locator("#status")).to_contain_text("\u00b7 Rated game")
    line = resign(ui, "white")
    assert line == "Anna: 1500? \u2192 1258? (\u2212242)\nBo: 1500? \u2192 1742? (+242)", line  # a line each
    expect(page.locator("#bar-black .rating")).to_have_text("1742?")  # counted: the new rating
    rows = rankings_rows(ui)
    assert [row.split("\n")[1] for row in rows if "Computer" not in row][:2] == ["Bo", "Anna"], rows
    # The computer's levels are ranked among them, with their ratings.
    assert sum("Computer, level" in row for row in rows) == 8
    # Each board has its own ladder (the double board's levels search more positions).
    level_4 = page.locator("#rk-list > li.rk-level", has_text="Computer, level 4")
    expect(level_4).to_contain_text(str(LADDER.rating(4)))
    page.click("#rk-double")
    expect(level_4).to_contain_text(str(LADDERS["double"].rating(4)))
    page.click("#rk-single")
    bo = page.locator("#rk-list > li.rk-profile").first
    expect(bo).to_contain_text("Games: 1 (won 1, drawn 0, lost 0)")
    expect(bo).to_contain_text("Best win: 1500 (Anna)")
    assert bo.locator("svg.rk-graph polyline").count() == 1
    assert "before the first game" in bo.locator("svg.rk-graph").get_attribute("aria-label")
    page.screenshot(path=str(artifacts_dir / "rankings.png"))
    # A take-back unrates the next rated game; the status line says so.
    rated_game(ui, "Anna", "Bo")
    ui.play(first_move(ui))
    page.click("#btn-back")
    ui.expect_status("playing")
    expect(page.locator("#status")).to_contain_text("no longer rated")
    page.click("#btn-resign")
    page.click("#resign-black")
    expect(page.locator("#dlg-result")).to_have_attribute("open", "")
    expect(page.locator("#result-rating")).to_be_hidden()
    assert not errors, errors


def play_until_whites_turn_after_a_move(ui: GamePage) -> None:
    """Against the computer (Black): a move played, White (the player) to move."""
    page = ui.page
    whites_turn = "() => / w /.test(document.getElementById('board').dataset.position)"
    page.wait_for_function(whites_turn, timeout=COMPUTER_MS)
    if ui.board.get_attribute("data-plies") == "0":  # White starts: its move, then the computer's reply
        ui.play(first_move(ui), "tap" if page.viewport_size["width"] < 500 else "click")
        page.wait_for_function(whites_turn, timeout=COMPUTER_MS)


def first_move(ui: GamePage) -> str:
    return sorted(Position.from_string(ui.position()).legal_moves())[0]


def test_rated_against_the_computer_an_abandoned_game_and_the_embeds_message(browser, base_url, artifacts_dir):
    """Level 1 does not search, so its MicroPython worker (ready in a second)
    plays every move here: Pyodide's wasm is held back, and its 10 MB are
    never compiled (several seconds of CPU the ratings do not need;
    test_computer.py plays Pyodide)."""
    with fresh_game(browser, base_url, viewport={"width": 390, "height": 844}, has_touch=True,
                    is_mobile=True, init_script=QUICK_REPLIES, service_workers="block") as (ui, errors):
        page = ui.page
        HeldPyodide(page)
        # Each level says its measured rating is one (a trial read "· 1655" as unexplained).
        expect(page.locator("#ng-level option[value='8']")).to_have_text(f"8 \u2013 strongest \u00b7 rated {LADDER.rating(8)}")
        page.check("#ng-double")  # the double board's own ladder
        expect(page.locator("#ng-level option[value='8']")).to_contain_text(f"rated {LADDERS['double'].rating(8)}")
        page.check("#ng-single")
        # A new player is pointed to a level and told why the first games move a rating so much.
        rated_game(ui, "Cleo", "", level=1, said="level 3 is a good start. A new rating (? until it settles) "
                                                 "moves by hundreds of points in its first games.")
        expect(page.locator("#bar-black .rating")).to_have_text(str(LADDER.rating(1)))  # the level's, measured
        play_until_whites_turn_after_a_move(ui)
        line = resign(ui, "white")
        assert line.startswith("Cleo: 1500? \u2192 ") and "(\u2212" in line, line
        page.screenshot(path=str(artifacts_dir / "rating-result-phone.png"))
        # With a game behind her, the level nearest her rating is suggested, with its own rating.
        after = int(re.search("\u2192 (\\d+)", line).group(1))
        nearest = LADDER.nearest(after)
        # An unfinished rated game against the computer, left for a new one: lost.
        rated_game(ui, "Cleo", "", level=1, said=f"Cleo: {after}? on this board; level {nearest} "
                                                  f"({LADDER.rating(nearest)}) is nearest.")
        page.wait_for_function("() => / w /.test(document.getElementById('board').dataset.position)",
                               timeout=COMPUTER_MS)
        ui.play(first_move(ui), "tap")
        page.wait_for_function("() => / w /.test(document.getElementById('board').dataset.position)",
                               timeout=COMPUTER_MS)  # its reply
        page.click("#btn-new")
        expect(page.locator("#ng-rating")).to_contain_text(
            "Starting a new game counts the unfinished rated game against Computer, level 1 as lost.")  # said before
        page.check("#ng-human")
        page.uncheck("#ng-rated")
        page.click("#ng-start")
        expect(page.locator("#status")).to_contain_text("The unfinished rated game counted as lost. Cleo: ")
        lost = re.search("Cleo: \\S+ \u2192 (\\d+\\??)", page.locator("#status").inner_text()).group(1)
        rows = rankings_rows(ui)
        cleo = page.locator("#rk-list > li.rk-profile").first
        expect(cleo).to_contain_text("Games: 2 (won 0, drawn 0, lost 2)")
        expect(cleo.locator(".rk-head")).to_contain_text(lost)  # her rating after both losses
        assert any("Cleo" in row for row in rows)
        page.screenshot(path=str(artifacts_dir / "rankings-phone.png"))
        assert not errors, errors

        # The embedding site starts a rated game for its player and hears what
        # it did (in this browser too: Dora has no profile in it yet).
        page.add_init_script("""window.posted = []; addEventListener("message", (e) => {
            if (e.data && e.data.source === "militakiri") posted.push(e.data); });""")
        goto_ready(page, f"{base_url}?embed=1&board=single&white=Dora&computer=black&level=1&rated=1&seed=4")
        set_up_and_start(ui, two_players=False)
        play_until_whites_turn_after_a_move(ui)
        resign(ui, "white")
        page.wait_for_function("() => posted.some(m => m.type === 'rating')")
        rating = next(m for m in page.evaluate("posted") if m["type"] == "rating")
        assert {key: rating[key] for key in ("board", "player", "before", "opponent", "result")} == {
            "board": "single", "player": "Dora", "before": 1500, "opponent": "Computer, level 1", "result": "loss"}
        assert rating["after"] < 1500 and 45 <= rating["deviation"] <= 500 and rating["provisional"] is True
        kinds = [m["type"] for m in page.evaluate("posted")]
        assert kinds.index("over") < kinds.index("rating"), kinds
        assert not errors, errors


def test_export_import_and_a_tampered_profile(desktop, base_url, tmp_path):
    anna, _ = Profile("Anna").rated(RatedGame("g1", "single", 1_800_000_000, "Bo", 0, 1500, 500, "win", "towers"))
    tampered = anna.text().replace('"win"', '"draw"')
    # Storage edited by hand: the profile is refused with the reason, and never written over.
    ui, errors = first_visit(desktop, base_url, {profile_key("Anna"): tampered})
    page = ui.page
    rankings_rows(ui)
    expect(page.locator("#rk-list")).to_contain_text("A profile that cannot be read is kept as it is: it was "
                                                    "changed outside the game")
    page.click("#rk-close")
    rated_game(ui, "Anna", "Bo")
    ui.play(first_move(ui))
    line = resign(ui, "black")
    assert "Not rated: Anna's profile cannot be read" in line, line
    assert page.evaluate(f"localStorage.getItem({json.dumps(profile_key('Anna'))})") == tampered
    # Import: a foreign file is refused; the good file replaces the damaged one (kept aside).
    rankings_rows(ui)
    foreign = tmp_path / "foreign.json"
    foreign.write_text('{"name": "Anna", "rating": 2900}')
    page.set_input_files("#rk-file", str(foreign))
    expect(page.locator("#rk-message")).to_have_text("The file was not imported: it is not a Militakiri profile")
    good = tmp_path / "anna.json"
    good.write_text(anna.text())
    page.set_input_files("#rk-file", str(good))
    expect(page.locator("#rk-message")).to_have_text("Anna's profile is on this device now.")
    assert page.evaluate(f"localStorage.getItem({json.dumps(profile_key('Anna') + '.unreadable')})") == tampered
    # Export: the file the browser saves is the profile, which reads back.
    with page.expect_download() as download:
        page.locator("#rk-list > li.rk-profile", has_text="Anna").get_by_role("button", name="Export").click()
    saved = download.value
    assert saved.suggested_filename == "militakiri-profile-Anna.json"
    with open(saved.path(), encoding="utf-8") as file:
        assert Profile.read(file.read()) == anna
    assert not errors, errors
