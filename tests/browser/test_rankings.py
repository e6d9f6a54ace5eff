"""Ratings, points and rank status (R26, R27) in the page: rated games
against the computer and between two people, a resignation and an
abandoned game, the Rankings dialog by rating and by points, the possible
moves by rank status, the embed's ``rating`` message, export and import,
and a tampered profile refused."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from militakiri import Position
from web.model.ladder import LADDER_URLS, Ladder
from web.model.profiles import Profile, profile_key
from web.model.rated_games import RatedGame
from tests.web.rated_games import store_with_wins

from game_page import GamePage, errors_of, first_visit, fresh_game, goto_ready, parse_token, wait_ready

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


def rated_game(ui: GamePage, white: str, black: str, level: int | None = None, said: str = "",
               board: str = "single") -> None:
    """New game, rated, as a player fills it in; random set-ups, the dice,
    started; ``said``: words the rating line under Rated says first."""
    page = ui.page
    ui.close_dialogs()
    if not page.locator("#dlg-new").evaluate("d => d.open"):
        page.click("#btn-new")
    page.check(f"#ng-{board}")
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
    expect(page.locator("#bar-white .standing")).to_have_text("Starter \u00b7 0")  # rank status and points (R27)
    expect(page.locator("#bar-white .visually-hidden")).to_contain_text("rated 1500?, Starter with 0 points")
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
    # A line each: the rating, and the points (R26: a win +10; a Starter's forfeit costs nothing).
    assert line == ("Anna: 1500? \u2192 1258? (\u2212242); Starter, 0 points (\u00b10)\n"
                    "Bo: 1500? \u2192 1742? (+242); Starter, 10 points (+10)"), line
    expect(page.locator("#bar-black .rating")).to_have_text("1742?")  # counted: the new rating
    expect(page.locator("#bar-black .standing")).to_have_text("Starter \u00b7 10")
    rows = rankings_rows(ui)
    assert [row.split("\n")[1] for row in rows if "Computer" not in row][:2] == ["Bo", "Anna"], rows
    # The computer's levels are ranked among them, with their ratings.
    assert sum("Computer, level" in row for row in rows) == 8
    # Each board has its own ladder (the double board's levels search more positions).
    # Level 1's rating is set, not measured: it says so, not "± 0".
    level_1 = page.locator("#rk-list > li.rk-level", has_text="Computer, level 1")
    expect(level_1.locator(".rk-head .note")).to_have_text("fixed")
    expect(level_1.locator(".rk-head .note")).to_have_attribute("title", re.compile("set, not measured"))
    expect(level_1).not_to_contain_text("\u00b1")
    level_4 = page.locator("#rk-list > li.rk-level", has_text="Computer, level 4")
    expect(level_4).to_contain_text("\u00b1 ")
    expect(level_4).to_contain_text(str(LADDER.rating(4)))
    page.click("#rk-double")
    expect(level_4).to_contain_text(str(LADDERS["double"].rating(4)))
    page.click("#rk-single")
    bo = page.locator("#rk-list > li.rk-profile").first
    expect(bo).to_contain_text("Games: 1 (won 1, drawn 0, lost 0)")
    expect(bo).to_contain_text("Best win: 1500 (Anna)")
    expect(bo.locator(".rk-standing")).to_have_text("Starter \u00b7 10 points")
    expect(bo.locator(".rk-next")).to_have_text("Next: Beginner at 100 points, 90 to go")
    assert bo.locator("svg.rk-rating-graph polyline").count() == 1
    assert "before the first game" in bo.locator("svg.rk-rating-graph").get_attribute("aria-label")
    assert bo.locator("svg.rk-points-graph").get_attribute("aria-label") == (
        "Bo's points: 0 before the first game, 10 after game 1")
    # By points: the profiles alone (a level has none), most points first.
    page.click("#rk-by-points")
    expect(page.locator("#rk-by-points")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#rk-list > li .rk-name")).to_have_text(["Bo", "Anna"])
    page.screenshot(path=str(artifacts_dir / "rankings-by-points.png"))
    page.click("#rk-by-rating")
    expect(page.locator("#rk-list > li.rk-level")).to_have_count(8)
    page.screenshot(path=str(artifacts_dir / "rankings.png"))
    # A hint would unrate the next rated game: the player is asked first, and
    # declined, the game stays rated and no hint is looked for.
    rated_game(ui, "Anna", "Bo")
    ui.play(first_move(ui))
    page.click("#btn-hint")
    dialog = page.locator("#dlg-unrate")
    expect(dialog).to_have_attribute("open", "")
    expect(dialog).to_contain_text("Hint in a rated game")
    expect(dialog).to_contain_text("no longer count for the players' ratings")
    page.screenshot(path=str(artifacts_dir / "hint-rated-question.png"))
    page.click("#unrate-confirm-no")
    expect(dialog).not_to_have_attribute("open", "")
    expect(page.locator("#status")).to_contain_text("No hint: the game stays rated.")
    expect(page.locator("#status")).to_contain_text("\u00b7 Rated game")
    expect(ui.board).to_have_attribute("data-thinking", "")
    # A take-back would unrate it too: asked first the same way; declined,
    # the move stays and so does the rating; agreed to, it is taken back.
    plies = ui.board.get_attribute("data-plies")
    page.click("#btn-back")
    expect(dialog).to_have_attribute("open", "")
    expect(dialog).to_contain_text("Take back in a rated game")
    expect(page.locator("#unrate-confirm-yes")).to_have_text("Take back (unrated)")
    page.screenshot(path=str(artifacts_dir / "take-back-rated-question.png"))
    page.keyboard.press("Escape")
    expect(dialog).not_to_have_attribute("open", "")
    expect(page.locator("#status")).to_contain_text("Nothing taken back: the game stays rated.")
    expect(ui.board).to_have_attribute("data-plies", plies)
    page.click("#btn-back")
    page.click("#unrate-confirm-yes")
    expect(dialog).not_to_have_attribute("open", "")
    ui.expect_status("playing")
    expect(page.locator("#status")).to_contain_text("no longer rated")
    expect(ui.board).not_to_have_attribute("data-plies", plies)
    page.click("#btn-resign")
    page.click("#resign-black")
    expect(page.locator("#dlg-result")).to_have_attribute("open", "")
    expect(page.locator("#result-rating")).to_be_hidden()
    # Another tab ended a rated game of Bo's at the same moment as the first
    # game here, from the profile before it, and wrote last: this tab counts
    # its game again on top of the other's, and says so.
    theirs, _ = Profile("Bo").rated(RatedGame("theirs", "single", 1_800_000_000, "Cy", 0, 1500, 500, "win", "towers"))
    other = page.context.new_page()
    other.goto(base_url.rstrip("/") + "/" + LADDER_URLS["single"].removeprefix("./"))  # (the site, not the app)
    other.evaluate("([key, text]) => localStorage.setItem(key, text)", [profile_key("Bo"), theirs.text()])
    other.close()
    words = "Bo's profile was changed in another tab at the same moment: this game was counted too."
    expect(page.locator("#result-rating")).to_have_text(words)
    expect(page.locator("#status")).to_contain_text(words)
    bo = Profile.read(page.evaluate(f"localStorage.getItem({json.dumps(profile_key('Bo'))})"))
    assert [game.game for game in bo.games][0] == "theirs" and len(bo.games) == 2
    assert not errors, errors


def play_until_whites_turn_after_a_move(ui: GamePage) -> None:
    """Against the computer (Black): a move played, White (the player) to move."""
    page = ui.page
    whites_turn = "() => / w /.test(document.getElementById('board').dataset.position)"
    page.wait_for_function(whites_turn, timeout=COMPUTER_MS)
    if ui.board.get_attribute("data-plies") == "0":  # Red starts: its move, then the computer's reply
        ui.play(first_move(ui), "tap" if page.viewport_size["width"] < 500 else "click")
        page.wait_for_function(whites_turn, timeout=COMPUTER_MS)


def first_move(ui: GamePage) -> str:
    return sorted(Position.from_string(ui.position()).legal_moves())[0]


def test_rated_against_the_computer_an_abandoned_game_and_the_embeds_message(browser, base_url, artifacts_dir):
    """Level 1 does not search, so its MicroPython worker (ready in a second)
    plays every move here: fresh_game holds Pyodide's wasm back, and its
    10 MB are never compiled (several seconds of CPU the ratings do not
    need; test_computer.py plays Pyodide)."""
    with fresh_game(browser, base_url, viewport={"width": 390, "height": 844}, has_touch=True,
                    is_mobile=True, init_script=QUICK_REPLIES, service_workers="block") as (ui, errors):
        page = ui.page
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

        # The embedding site starts a rated game for its players, on the double
        # board, and hears what it did (in this browser too: Dora and Eve have
        # no profiles in it yet).
        page.add_init_script("""window.posted = []; addEventListener("message", (e) => {
            if (e.data && e.data.source === "militakiri") posted.push(e.data); });""")
        goto_ready(page, f"{base_url}?embed=1&board=double&white=Dora&black=Eve&rated=1&seed=4")
        set_up_and_start(ui, two_players=True)
        ui.play(first_move(ui), "tap")
        resign(ui, "black")
        page.wait_for_function("() => posted.filter(m => m.type === 'rating').length === 2")
        ratings = {m["player"]: m for m in page.evaluate("posted") if m["type"] == "rating"}
        dora, eve = ratings["Dora"], ratings["Eve"]
        assert {key: dora[key] for key in ("board", "before", "opponent", "result")} == {
            "board": "double", "before": 1500, "opponent": "Eve", "result": "win"}
        assert dora["after"] > 1500 and 45 <= dora["deviation"] <= 500 and dora["provisional"] is True
        # R26: a win on the double board gives 20; a Starter's forfeit costs nothing (R27's statuses by key).
        assert (dora["pointsBefore"], dora["points"], dora["rankStatus"]) == (0, 20, "starter")
        assert (eve["result"], eve["pointsBefore"], eve["points"], eve["rankStatus"]) == ("loss", 0, 0, "starter")
        kinds = [m["type"] for m in page.evaluate("posted")]
        assert kinds.index("over") < kinds.index("rating"), kinds
        assert not errors, errors


def marks(ui: GamePage) -> str:
    """Select a piece of the player to move that has a move; the board's highlights then."""
    page = ui.page
    origin = parse_token(first_move(ui))[1]
    ui.click(origin)
    board = page.locator("#board")
    expect(board).to_have_attribute("data-marks", re.compile(f"(^| )selected:{origin}( |$)"))  # the selection stays
    return board.get_attribute("data-marks")


def test_a_novice_plays_without_possible_moves_a_beginner_with_and_a_double_board_win_gives_20(
        desktop, base_url, artifacts_dir):
    """R27 and R26 on the double board, with profiles made by the model
    from rated games played through the page's state (tests/web/rated_games.py):
    Nova won 20 (400 points: Novice), Bea 10 (200: Beginner)."""
    store = store_with_wins("Nova", 20, board="double")
    store_with_wins("Bea", 10, board="double", store=store)
    stored = {profile_key(name): store.get(name).text() for name in ("Nova", "Bea")}
    ui, errors = first_visit(desktop, base_url, stored)
    page = ui.page
    page.check("#ng-double")
    page.check("#ng-rated")
    expect(page.locator("#ng-rated-moves")).to_be_visible()  # what a rated player will see
    rated_game(ui, "Nova", "Bea", board="double",
               said="on this board. Novice, 400 points (plays without the possible moves). Bea: ")
    expect(page.locator("#bar-white .standing")).to_have_text("Novice \u00b7 400")
    expect(page.locator("#bar-black .standing")).to_have_text("Beginner \u00b7 200")
    for _ in range(2):  # each player's turn once
        shown = marks(ui)
        if ui.board.get_attribute("data-turn") == "white":
            assert not re.search("(move|take):", shown), shown  # Nova, a Novice: none (R27)
            expect(page.locator("#status")).to_contain_text("point at the field it goes to")
            page.screenshot(path=str(artifacts_dir / "novice-selected.png"))
        else:
            assert re.search("(move|take):", shown), shown  # Bea, a Beginner: dots and rings
        page.keyboard.press("Escape")
        ui.play(first_move(ui))
    line = resign(ui, "black")
    assert re.fullmatch("Nova: \\S+ \u2192 \\S+ \\(\\S+\\); Novice, 420 points \\(\\+20\\)\n"
                        "Bea: \\S+ \u2192 \\S+ \\(\\S+\\); Starter, 190 points \\(\u221210\\)\n"
                        "Bea is Starter now.", line), line
    ui.close_dialogs()
    expect(page.locator("#bar-white .standing")).to_have_text("Novice \u00b7 420")
    page.select_option("#lang", "nl")  # the manual's Dutch names (R27)
    expect(page.locator("#bar-white .standing")).to_have_text("Beginneling \u00b7 420")
    page.select_option("#lang", "en")
    # The profile file says it too (the export is the stored text).
    nova = Profile.read(page.evaluate(f"localStorage.getItem({json.dumps(profile_key('Nova'))})"))
    assert (nova.standing("double").points, nova.standing("double").rank_status) == (420, "novice")
    assert json.loads(nova.text())["points"] == {"single": 0, "double": 420}
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
    # Damaged again, and imported over again: the first damaged copy stays beside the second.
    page.evaluate(f"localStorage.setItem({json.dumps(profile_key('Anna'))}, '[[[')")
    page.set_input_files("#rk-file", str(good))
    # The message is the same as the first import's, so wait for the second copy itself.
    second = json.dumps(profile_key('Anna') + '.unreadable.2')
    page.wait_for_function(f"localStorage.getItem({second}) !== null")
    expect(page.locator("#rk-message")).to_have_text("Anna's profile is on this device now.")
    assert page.evaluate(f"localStorage.getItem({json.dumps(profile_key('Anna') + '.unreadable')})") == tampered
    assert page.evaluate(f"localStorage.getItem({second})") == "[[["
    # Too big to be a profile: refused before it is read, with the reason.
    big = tmp_path / "big.json"
    big.write_text("[" * 2_100_000)
    page.set_input_files("#rk-file", str(big))
    expect(page.locator("#rk-message")).to_have_text("The file was not imported: the file has 2,100,000 bytes, far"
                                                     " more than a profile holds (at most 2,000,000)")
    many = tmp_path / "many.json"  # twice the games a profile keeps, within its size
    many.write_text('{"games": [' + ",".join(['{"game": "g1"}'] * 10_000) + "]}")
    page.set_input_files("#rk-file", str(many))
    expect(page.locator("#rk-message")).to_have_text("The file was not imported: its games are not a list of at most"
                                                     " 5000")
    # Export: the file the browser saves is the profile, which reads back.
    with page.expect_download() as download:
        page.locator("#rk-list > li.rk-profile", has_text="Anna").get_by_role("button", name="Export").click()
    saved = download.value
    assert saved.suggested_filename == "militakiri-profile-Anna.json"
    with open(saved.path(), encoding="utf-8") as file:
        assert Profile.read(file.read()) == anna
    assert not errors, errors
