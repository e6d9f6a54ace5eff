"""Games that travel and last, in the real page: links, autosave,
replay, records, the bad-input corpus, correspondence deadlines (with the
page's clock faked) and embed mode in a cross-site iframe.

Pages boot in several seconds, so the module shares them: ``played`` is a
game played to move 20 in one context; ``viewer`` is a fresh context that
opened its link; the bad-input checks are batched in one page; the other
tests take turns in one tab (``guest``), each on storage as a first visit
finds it (a new tab or browser context costs about as much CPU again as
the page's boot).
"""

from __future__ import annotations

import json
import random
import re
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from militakiri import WHITE, Dice, Game, Players, Position, TimeControl
from militakiri.bounded import MAX_PLIES
from militakiri.link import game_from_link, game_to_link

from game_page import GamePage, errors_of, first_visit, goto_ready, open_blank, painted, wait_ready
from web.model.formatting import move_label
from web.services.autosave import restore, snapshot

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
#: White's tower takes Black's last one: a win by towers (R19) in one move.
ONE_MOVE_WIN = "s^5/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1"
SEED = next(s for s in range(100) if Dice.roll(random.Random(s)).first == 0)
XSS = "<img src=x onerror=alert(1)>"
SAVE_KEY = "militakiri.saved-game"
#: This tab's save (web/ui/session.py: each game its own key, the tab's in sessionStorage).
TAB_SAVE = f"'{SAVE_KEY}.' + sessionStorage.getItem('militakiri.tab-slot')"


def clock_seconds(text: str) -> float:
    parts = [float(p) for p in text.split(":")]
    return sum(p * 60 ** i for i, p in enumerate(reversed(parts)))


def at_rest(ui: GamePage) -> None:
    """Wait until the board is still and painted (for a screenshot): no move
    sliding in, the last change drawn."""
    expect(ui.board).not_to_have_attribute("data-animating", "1")
    painted(ui.page)


def quiet_moves(position: str, rng: random.Random) -> str:
    """A legal move that does not end the game."""
    pos = Position.from_string(position)
    moves = [t for t in pos.legal_moves() if pos.copy().play(t).outcome() is None]
    return rng.choice(moves)


@pytest.fixture(scope="module")
def played(browser, base_url):
    """A game on the single board's Ultra fast clock (10 min each, R21) with set-ups and dice, played to move 20
    on the page (a game read from a link or a save would be one to analyse:
    its past positions open variations, test_analysis.py). The page's clock
    is Playwright's (it runs as a real one), so that a test can skip time
    instead of waiting for it."""
    context = browser.new_context(viewport={"width": 1200, "height": 860}, service_workers="block")
    context.clock.install()
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    page = context.new_page()
    errors = errors_of(page)
    goto_ready(page, f"{base_url}?seed={SEED}")
    ui = GamePage(page)
    ui.new_game(white="Anna", black="Bram", clock="ultra_fast")
    ui.setup(None, None)
    ui.roll_and_start()
    rng = random.Random(20)
    tokens = []
    for _ in range(20):
        token = quiet_moves(ui.position(), rng)
        ui.play(token)
        tokens.append(token)
    yield ui, tokens, errors
    context.close()


@pytest.fixture(scope="module")
def shared_url(played, artifacts_dir):
    """The game's link from Share; on the way, Share and Game record hold the
    clock of this game between two people while they are open (R21)."""
    ui, tokens, errors = played
    page = ui.page
    mover = ui.board.get_attribute("data-turn")
    running = page.locator(f"#clock-{mover}")
    expect(running).to_have_class(re.compile("running"))
    for button, dialog, close in (("#btn-record", "#dlg-record", "#record-close"),
                                  ("#btn-share", "#dlg-share", "#share-close")):
        page.click(button)
        expect(page.locator(dialog)).to_have_attribute("open", "")
        expect(running).not_to_have_class(re.compile("running"))
        held = clock_seconds(running.inner_text())
        page.clock.fast_forward(20_000)  # (the clocks' tick comes in it)
        painted(page)
        assert clock_seconds(running.inner_text()) == held, (button, running.inner_text(), held)
        if close == "#share-close":
            break  # (closed below, once its link is copied)
        page.click(close)
        expect(running).to_have_class(re.compile("running"))  # on again, for the player to move
    url = page.input_value("#share-url")
    page.click("#share-copy")
    expect(page.locator("#share-copied")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == url
    painted(page)
    page.screenshot(path=str(artifacts_dir / "share-dialog.png"))
    page.click("#share-close")
    expect(running).to_have_class(re.compile("running"))
    return url


@pytest.fixture(scope="module")
def guest(browser):
    """One tab for the tests that need no other: each opens its page with
    first_visit, and sets the viewport it needs."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    page = context.new_page()
    yield GamePage(page), errors_of(page)
    context.close()


@pytest.fixture(scope="module")
def viewer(browser, shared_url):
    """A fresh browser context that opened the link."""
    context = browser.new_context(viewport={"width": 1200, "height": 860}, service_workers="block")
    page = context.new_page()
    errors = errors_of(page)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    goto_ready(page, shared_url)
    yield GamePage(page), errors, dialogs
    context.close()


def test_a_game_to_move_20_opens_from_its_link_in_a_fresh_context(played, shared_url, viewer):
    ui, tokens, errors = played
    link = shared_url.split("#", 1)[1]
    assert shared_url.startswith(ui.page.url.split("?")[0].split("#")[0])
    assert len(link) <= 600, len(link)
    shared = game_from_link(link)
    game = shared.game
    assert game.tokens == tokens and game.time_control.text() == "600+0"
    assert shared.computer is None and shared.clock_left is not None  # the times left, as Share says
    assert (game.players.white, game.players.black) == ("Anna", "Bram")
    other, other_errors, _ = viewer
    other.expect_position(ui.position())
    assert other.board.get_attribute("data-plies") == "20"
    expect(other.page.locator("#status")).to_have_text("Opened the game from the link (moves played: 20).")
    # The clocks go on from the times left when the link was made, paused
    # until the player to move presses Resume (a game between two people lost
    # its clock, while the Share dialog said the link held the game).
    expect(other.page.locator("#btn-resume")).to_be_visible()
    expect(other.page.locator("#notice")).not_to_contain_text("without a clock")
    for color, left in zip(("white", "black"), shared.clock_left):
        shown = other.page.locator(f"#clock-{color}")
        expect(shown).to_be_visible()
        expect(shown).not_to_have_class(re.compile("running"))
        assert abs(clock_seconds(shown.inner_text()) - left) <= 1, (color, shown.inner_text(), left)
    expect(other.page.locator("#bar-white .name")).to_have_text("Anna")
    expect(other.page.locator("#bar-white .name")).to_have_attribute("title", "Anna (Red)")
    # The fragment is cleared and the game is saved at once: a reload (or a
    # phone that closes the tab without a word) shows it as it went on.
    assert "#" not in other.page.url
    assert _saved_position(other.page) == ui.position()
    assert not errors and not other_errors, errors + other_errors


def test_replay_buttons_keys_and_the_move_list(played, artifacts_dir):
    ui, tokens, _ = played
    page = ui.page
    game = Game.from_record(_record(page))
    assert game.tokens == tokens

    def at(ply: int) -> None:
        expect(ui.board).to_have_attribute("data-ply", str(ply))
        ui.expect_position(game.position_at(ply).string())

    live = ui.position()
    page.click("#btn-first")
    at(0)
    expect(page.locator("#status")).to_contain_text("Start position, before the first move")
    page.click("#btn-next")
    at(1)
    page.keyboard.press("ArrowRight")  # focus is on a button, not the board
    at(2)
    page.keyboard.press("End")
    at(20)
    page.locator("#moves .mv[data-ply='10']").click()
    at(10)
    expect(page.locator("#moves .mv.shown")).to_have_text(tokens[9])
    # Numbered as the move list numbers it (5. Red's fifth move, 5… Blue's).
    label = move_label(game, 10)
    expect(page.locator("#status")).to_contain_text(f"After {label} {tokens[9]} (the game is at ")
    at_rest(ui)
    page.screenshot(path=str(artifacts_dir / "replay.png"))
    # A past position is read-only: a click on a piece changes nothing.
    origin = re.split(r"[-x]", game.position_at(10).legal_moves()[0].split(",")[-1])[0]
    ui.click(origin)
    at(10)
    expect(page.locator("#status")).to_have_class(re.compile("warn"))
    # On the board the arrows move the cursor; PageUp/PageDown/Home/End step.
    ui.board.focus()
    page.keyboard.press("ArrowLeft")
    at(10)
    page.keyboard.press("PageUp")
    at(9)
    page.keyboard.press("Home")
    at(0)
    page.click("#btn-last")
    ui.expect_position(live)
    assert ui.board.get_attribute("data-ply") == "20"


def _record(page) -> str:
    page.click("#btn-record")
    text = page.input_value("#record-text")
    page.click("#record-close")
    return text


def test_reload_restores_the_game_with_paused_clocks(played):
    ui, tokens, errors = played
    page = ui.page
    position = ui.position()
    mover = ui.board.get_attribute("data-turn")
    expect(page.locator(f"#clock-{mover}")).to_have_class(re.compile("running"))
    # Saved after every move, not only on unload: a crash loses nothing.
    page.wait_for_function(f"() => (localStorage.getItem({TAB_SAVE}) || '').includes('!k.')")
    saved = json.loads(page.evaluate(f"localStorage.getItem({TAB_SAVE})"))
    assert game_from_link(saved["link"]).game.tokens == tokens
    assert saved["clock"]["to_move"] == ("white", "black").index(mover)
    before = {c: clock_seconds(page.inner_text(f"#clock-{c}")) for c in ("white", "black")}
    page.reload()
    wait_ready(page)
    ui.expect_position(position)
    assert ui.board.get_attribute("data-plies") == "20"
    expect(page.locator("#btn-resume")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("The clocks are paused")
    for color in ("white", "black"):
        expect(page.locator(f"#clock-{color}")).not_to_have_class(re.compile("running"))
        after = clock_seconds(page.inner_text(f"#clock-{color}"))
        assert abs(after - before[color]) <= 1.5, (color, before, after)
    paused = page.inner_text(f"#clock-{mover}")
    page.clock.fast_forward(5000)  # paused: nothing runs (the clocks' tick comes in it)
    painted(page)
    assert page.inner_text(f"#clock-{mover}") == paused
    # Board input waits for Resume.
    token = Position.from_string(position).legal_moves()[0]
    ui.click(re.split(r"[-x]", token.split(",")[-1])[0])
    expect(page.locator("#status")).to_contain_text("presses Resume first")
    ui.expect_position(position)
    page.click("#btn-resume")
    expect(page.locator("#btn-resume")).to_be_hidden()
    expect(page.locator(f"#clock-{mover}")).to_have_class(re.compile("running"))
    ui.play(quiet_moves(position, random.Random(1)))
    assert ui.board.get_attribute("data-plies") == "21"
    assert not errors, errors


def test_record_export_and_import_round_trip(viewer, tmp_path, artifacts_dir):
    ui, errors, _ = viewer
    page = ui.page
    final = ui.position()
    record = _record(page)
    assert Game.from_record(record).position.string() == final
    with page.expect_download() as download:
        page.click("#btn-record")
        page.click("#record-download")
    assert download.value.suggested_filename.startswith("militakiri-Anna-Bram")
    assert Path(download.value.path()).read_text() == record
    page.click("#record-close")
    ui.new_game(position=START)
    ui.expect_position(START)
    # Paste.
    page.click("#btn-record")
    page.fill("#record-paste", record)
    page.screenshot(path=str(artifacts_dir / "record-dialog.png"))
    page.click("#record-open")
    expect(page.locator("#dlg-record")).not_to_have_attribute("open", "")
    ui.expect_position(final)
    expect(page.locator("#status")).to_have_text("Opened the game record (moves played: 20).")
    # The imported game is replayable.
    page.click("#btn-first")
    expect(ui.board).to_have_attribute("data-ply", "0")
    page.click("#btn-last")
    # A file.
    ui.new_game(position=START)
    path = tmp_path / "game.txt"
    path.write_text(record)
    page.click("#btn-record")
    page.set_input_files("#record-file", str(path))
    expect(page.locator("#dlg-record")).not_to_have_attribute("open", "")
    ui.expect_position(final)
    assert not errors, errors


def _bad_links() -> list[tuple[str, str]]:
    rows = []
    for line in (CORPUS / "bad_links.tsv").read_text().splitlines():
        if not line.startswith("#"):
            link, says, _ = line.split("\t")
            rows.append((link, says))
    return rows


def _bad_records() -> list[tuple[str, str]]:
    text = (CORPUS / "bad_records.txt").read_text()
    rows = []
    for chunk in re.split(r"^%%% ", text, flags=re.M)[1:]:
        header, _, record = chunk.partition("\n")
        rows.append((record, header.split("|", 1)[0].strip()))
    rows.append(("x" * 300_000, "at most"))
    return rows


def _saved_position(page) -> str | None:
    """The position of the game in this tab's save, if it holds one."""
    text = page.evaluate(f"localStorage.getItem({TAB_SAVE})")
    return None if text is None else restore(text, wall_now=0).game.position.string()


def test_every_bad_link_and_record_shows_a_message_and_keeps_the_saved_game(viewer, artifacts_dir):
    ui, errors, _ = viewer
    page = ui.page
    position = ui.position()
    # The game shown is saved (a game opened a moment ago is saved just after the next frame).
    for _ in range(100):
        if _saved_position(page) == position:
            break
        page.evaluate("new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")
    saved = page.evaluate(f"localStorage.getItem({TAB_SAVE})")
    assert _saved_position(page) == position
    links = _bad_links()
    assert len(links) >= 50
    # An empty fragment is no link: nothing happens (once the page heard it:
    # a listener added after its own has).
    page.evaluate("""() => new Promise(heard => {
        history.replaceState(history.state, "", location.pathname + location.search);  // (no fragment: "#" is one)
        addEventListener("hashchange", () => setTimeout(heard, 0), {once: true});
        location.href = location.href + "#";
    })""")
    expect(page.locator("#dlg-problem")).not_to_have_attribute("open", "")
    # Every other link, as a fragment of this page, one after the other (hashchange).
    messages = page.evaluate("""async (links) => {
        const dialog = document.getElementById('dlg-problem');
        const out = [];
        for (const link of links) {
            location.hash = link;
            const t0 = performance.now();
            while (!dialog.open && performance.now() - t0 < 10000) {
                await new Promise(r => setTimeout(r, 5));
            }
            out.push(dialog.open ? [document.getElementById('problem-title').textContent,
                                    document.getElementById('problem-text').textContent] : null);
            document.getElementById('problem-close').click();
        }
        return out;
    }""", [link for link, _ in links if link])
    for (link, says), shown in zip([row for row in links if row[0]], messages):
        assert shown is not None, f"no message for {link[:60]!r}"
        title, text = shown
        assert title == "This game link cannot be opened"
        assert re.search(says, text), (link[:60], text)
        assert "saved game is kept" in text and "Traceback" not in text
    ui.expect_position(position)
    assert page.evaluate(f"localStorage.getItem({TAB_SAVE})") == saved
    page.evaluate("link => { location.hash = link; }", links[8][0])
    expect(page.locator("#dlg-problem")).to_have_attribute("open", "")
    page.screenshot(path=str(artifacts_dir / "bad-link.png"))
    page.click("#problem-close")
    # Bad records, pasted into the Game record dialog one after the other.
    records = _bad_records()
    assert len(records) >= 25
    shown = page.evaluate("""(records) => records.map((record) => {
        document.getElementById('btn-record').click();
        document.getElementById('record-paste').value = record;
        document.getElementById('record-open').click();
        const text = document.getElementById('record-error').textContent;
        document.getElementById('record-close').click();
        return text;
    })""", [record for record, _ in records])
    for (record, says), text in zip(records, shown):
        if not record.strip():
            assert text == "Paste a record or choose a file first."
            continue
        assert text.startswith("This record cannot be opened: line "), (record[:60], text)
        assert re.search(says, text), (record[:60], text)
    # An oversized file is refused unread.
    page.click("#btn-record")
    page.set_input_files("#record-file", files=[{"name": "big.txt", "mimeType": "text/plain",
                                                 "buffer": b"x" * 900_000}])
    expect(page.locator("#record-error")).to_contain_text("far more than a game record")
    # A pasted text of 1.1 MB: refused before the page's Python reads it (it would not fit).
    page.evaluate("document.getElementById('record-paste').value = '[Event \"x\"]'.repeat(110_000)")
    page.click("#record-open")
    expect(page.locator("#record-error")).to_have_text("What is pasted has 1,210,000 characters: far more than a"
                                                       " game record (200,000 at most). Your game is unchanged.")
    page.click("#record-close")
    ui.expect_position(position)
    assert page.evaluate(f"localStorage.getItem({TAB_SAVE})") == saved
    assert not errors, errors


def test_names_from_a_link_are_only_ever_text(viewer, artifacts_dir):
    ui, errors, dialogs = viewer
    page = ui.page
    black = '"Bram" & <b>bold</b>'
    game = Game.from_position(START, time_control=TimeControl.parse("c86400"),
                              players=Players(white=XSS, black=black))
    deadline = page.evaluate("Date.now() / 1000") + 86400
    page.evaluate("link => { location.hash = link; }", game_to_link(game, deadline=deadline))
    expect(page.locator("#bar-white .name")).to_have_text(XSS)
    expect(page.locator("#bar-white .name")).to_have_attribute("title", f"{XSS} (Red)")
    expect(page.locator("#bar-black .name")).to_have_text(black)
    expect(page.locator("#bar-black .name")).to_have_attribute("title", f"{black} (Blue)")
    expect(page).to_have_title(f"{XSS} \u2013 {black} \u00b7 Militakiri")
    expect(page.locator("#notice")).to_contain_text(f"{XSS} (Red) must move by")
    page.click("#btn-share")
    expect(page.locator("#share-corr")).to_contain_text(f"Send this link to {XSS} (Red)")
    page.click("#share-close")
    page.click("#btn-resign")
    expect(page.locator("#resign-white")).to_have_text(f"{XSS} (Red) resigns")
    page.click("#resign-white")
    expect(page.locator("#result-title")).to_have_text(f"{black} (Blue) wins")
    expect(page.locator("#result-reason")).to_have_text(f"{XSS} (Red) resigned.")
    assert page.evaluate("document.querySelectorAll('img, b').length") == 0
    page.click("#result-close")
    # Link text in an error message is text too.
    page.evaluate("t => { location.hash = t; }", XSS)
    expect(page.locator("#problem-text")).to_contain_text("not a Militakiri game link")
    assert page.evaluate("document.querySelectorAll('img, b').length") == 0
    page.click("#problem-close")
    assert not dialogs and not errors, (dialogs, errors)


def test_a_tampered_saved_game_is_refused_and_a_new_game_offered(viewer):
    ui, errors, _ = viewer
    page = ui.page
    app_url = page.url
    # The page is left (it saves as it goes), the save is changed by hand
    # from another page of the site, then the game is opened again.
    key = page.evaluate(TAB_SAVE)
    open_blank(page, app_url)
    data = json.loads(page.evaluate("k => localStorage.getItem(k)", key))
    data["link"] = data["link"][:-1] + ("A" if data["link"][-1] != "A" else "B")
    tampered = json.dumps(data)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, tampered])
    # The games this tab left for others (the record imported, the links
    # opened: each keeps its save) go, so the tampered one is the
    # only save: else the page would open the newest that reads.
    page.evaluate("""([prefix, key]) => Object.keys(localStorage)
        .filter(k => k.startsWith(prefix) && k !== key).forEach(k => localStorage.removeItem(k))""",
                  [SAVE_KEY + ".", key])
    goto_ready(page, app_url)
    expect(page.locator("#dlg-problem")).to_have_attribute("open", "")
    expect(page.locator("#problem-title")).to_have_text("Your saved game cannot be read")
    expect(page.locator("#problem-text")).to_contain_text("check code does not match")
    # Nothing of it was loaded: a fresh page; the save itself is left alone.
    ui.expect_status("setup")
    assert ui.position() == "" and ui.board.get_attribute("data-plies") == "0"
    assert page.evaluate("k => localStorage.getItem(k)", key) == tampered  # kept, never written over
    assert page.evaluate(TAB_SAVE) != key  # this tab's games go elsewhere now
    page.click("#problem-close")
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")  # a new game, offered
    assert not errors, errors


def test_embed_in_a_cross_site_page_starts_and_posts_messages(guest, site, serve_folder, tmp_path,
                                                                artifacts_dir):
    """The board in an iframe of a page on another site (127.0.0.1 embeds
    localhost): Chromium denies that frame all storage, and the page still
    starts, plays and tells its parent what happens."""
    game = Game.from_position(ONE_MOVE_WIN, time_control=TimeControl.parse("300+0"),
                              players=Players(white="Anna", black="Bram"))
    src = f"{site.url}?embed=1#{game_to_link(game)}"
    assert src.startswith("http://localhost:")
    (tmp_path / "parent.html").write_text(f"""<!doctype html>
<html><head><meta charset="utf-8"><title>The official site</title><link rel="icon" href="data:,">
<script>
  window.messages = [];
  addEventListener("message", (e) => {{
    if (e.data && e.data.source === "militakiri") messages.push({{origin: e.origin, data: e.data}});
  }});
</script></head>
<body style="font-family: sans-serif; background: #dfe8ef; margin: 16px">
<h1 style="font-size: 18px">Militakiri on the official site</h1>
<iframe id="game" src="{src}" width="420" height="620" style="border: 1px solid #999; background: #fff"
        title="Militakiri board"></iframe>
</body></html>""")
    parent = serve_folder(tmp_path).replace("localhost", "127.0.0.1") + "parent.html"
    ui, errors = guest
    page = ui.page
    page.set_viewport_size({"width": 520, "height": 720})
    errors.clear()
    page.goto(parent)
    page.wait_for_function("() => messages.some(m => m.data.type === 'ready')", timeout=120_000)
    frame = page.frame_locator("#game")
    inner = next(f for f in page.frames if f.url.startswith(site.url))
    ready = page.evaluate("messages[0]")
    assert ready["origin"] == site.url.rstrip("/")
    assert ready["data"]["type"] == "ready" and ready["data"]["position"] == ONE_MOVE_WIN
    # Storage is denied cross-site: the start-up used the in-memory stand-in;
    # the page says autosave is off once, at the first move, over the board
    # (a notice line for as long as the frame is open took 40 px).
    assert inner.evaluate("document.documentElement.dataset.storage") == "memory"
    expect(frame.locator("#notice")).to_be_hidden()
    expect(frame.locator(".topbar")).to_be_hidden()
    expect(frame.locator(".side")).to_be_hidden()
    expect(frame.locator("#clock-white")).to_have_text("5:00")
    frame_at_rest(frame, inner)
    page.screenshot(path=str(artifacts_dir / "embed-cross-site.png"))
    board = frame.locator("#board")
    box = board.bounding_box()
    assert box["width"] <= 420 and box["height"] <= 620
    for square in ("a1", "a12"):
        centre = inner.evaluate("name => window.militakiri.squareCenter(name)", square)
        page.mouse.click(box["x"] + centre["x"], box["y"] + centre["y"])
    page.wait_for_function("() => messages.some(m => m.data.type === 'over')", timeout=10_000)
    expect(frame.locator(".toast")).to_contain_text("Autosave is off")
    assert frame.locator(".toast").evaluate("t => getComputedStyle(t).position") == "absolute"  # no room taken
    data = [m["data"] for m in page.evaluate("messages")]
    kinds = [d["type"] for d in data]
    assert kinds == ["ready", "move", "over"], kinds
    move, over = data[1], data[2]
    after = Position.from_string(ONE_MOVE_WIN).play("a1xa12").string()
    assert move["token"] == "a1xa12" and move["position"] == after and move["ply"] == 1
    assert over["result"] == "1-0" and over["termination"] == "towers" and over["winner"] == "white"
    frame_at_rest(frame, inner)
    page.screenshot(path=str(artifacts_dir / "embed-over.png"))
    assert not errors, errors


def frame_at_rest(frame, inner) -> None:
    """at_rest for the board in the iframe (``frame``: its locator, ``inner``: the frame)."""
    expect(frame.locator("#board")).not_to_have_attribute("data-animating", "1")
    inner.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")


def test_a_link_opened_by_a_hash_change_leaves_the_tabs_game_among_the_saved_games(guest, base_url, artifacts_dir):
    """Bugs fixed: a link opened over a saved, unfinished game (a hash change)
    was saved under that game's key and the game was gone; so was the game
    a reload had restored, when the link came before any new move."""
    other = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    other.play(other.legal_moves()[0])
    ui, errors = first_visit(guest, f"{base_url}?position={quote(START)}", viewport={"width": 1280, "height": 800})
    page = ui.page
    ui.play("c3-d4")
    page.wait_for_function(f"() => (localStorage.getItem({TAB_SAVE}) || '').length > 0")
    first_key = page.evaluate(TAB_SAVE)
    page.goto(base_url)  # a reload without ?position=: the tab's own game restored
    wait_ready(page)
    assert page.evaluate(TAB_SAVE) == first_key and ui.board.get_attribute("data-plies") == "1"
    page.evaluate("link => { location.hash = link; }", game_to_link(other))
    ui.expect_position(other.position.string())
    page.wait_for_function(f"() => {TAB_SAVE} !== {json.dumps(first_key)}"
                           f" && (localStorage.getItem({TAB_SAVE}) || '').length > 0")
    saves = page.evaluate(f"""() => Object.keys(localStorage).filter(k => k.startsWith('{SAVE_KEY}.'))
                                     .map(k => [k, localStorage.getItem(k)])""")
    games = {key: json.loads(text)["link"] for key, text in saves}
    assert set(games) == {first_key, page.evaluate(TAB_SAVE)}
    assert game_from_link(games[first_key]).game.tokens == ["c3-d4"]
    assert game_from_link(games[page.evaluate(TAB_SAVE)]).game.tokens == other.tokens
    page.locator("#btn-saved").click()
    rows = page.locator("#saved-list li")
    expect(rows).to_have_count(1)  # the game the link replaced
    expect(page.locator("#saved-empty")).to_be_hidden()
    # Remove asks first of an unfinished game (no undo); kept, it stays.
    rows.locator("button[data-remove]").click()
    expect(rows.locator(".saved-question")).to_have_text("Remove this unfinished game? It cannot be brought back.")
    page.screenshot(path=str(artifacts_dir / "saved-games-remove-question.png"))
    rows.locator("button[data-keep]").click()
    expect(rows.locator("button[data-open]")).to_be_visible()
    assert first_key in page.evaluate(f"() => Object.keys(localStorage).filter(k => k.startsWith('{SAVE_KEY}.'))")
    rows.locator("button[data-remove]").click()
    rows.locator("button[data-remove-yes]").click()
    expect(rows).to_have_count(0)
    expect(page.locator("#saved-empty")).to_have_text("No other saved games.")
    page.screenshot(path=str(artifacts_dir / "saved-games-empty.png"))
    assert first_key not in page.evaluate(f"() => Object.keys(localStorage).filter(k => k.startsWith('{SAVE_KEY}.'))")
    assert not errors


#: Fills the site's localStorage to the last character it takes (the
#: browser's quota), in pieces ever smaller, the last one grown a character
#: at a time; returns how many keys were added.
FILL_STORAGE = """() => { let added = 0;
    for (let size = 1 << 20; size >= 16; size >>= 4) {
      for (;;) { try { localStorage.setItem('filler.' + added, 'x'.repeat(size)); added++; }
                 catch (e) { break; } } }
    const last = 'filler.' + (added - 1);
    let value = localStorage.getItem(last);
    for (let size = 16; size >= 1; size >>= 1) {
      for (;;) { try { localStorage.setItem(last, value + 'x'.repeat(size)); value += 'x'.repeat(size); }
                 catch (e) { break; } } }
    return added; }"""


def test_many_long_saves_start_and_every_unfinished_game_is_kept_a_full_storage_asked(guest, base_url):
    """Bugs fixed: forty saved games of 2,000 moves kept the page from being
    ready (each was read whole at the start: the page now lists them from
    what each save says of itself, bench/saves.py measures it); saves beyond
    six were deleted without a word, unfinished or not; a full storage was
    only said. Now every unfinished game stays, a finished one goes for a
    new game's room and the page says so, and when the browser's storage is
    full the page says it and opens Saved games for the player to choose."""
    long = Game.from_position(START)
    for ply in range(2000):  # nothing taken: quick to make and to link (a save's cost to read is its moves)
        long.play(("c3-d4", "c10-d9", "d4-c3", "d9-c10")[ply % 4])
    saves = {}
    for number in range(40):
        long.players = long.players.replace(white=f"Player {number}")
        saves[f"{SAVE_KEY}.long{number:06d}"] = snapshot(long, now=0, wall=1.7e9 + number)
    finished = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    finished.players = finished.players.replace(white="Old")
    finished.play(finished.legal_moves()[0])
    finished.resign(WHITE)
    saves[f"{SAVE_KEY}.finished00"] = snapshot(finished, now=0, wall=1.6e9)  # the oldest save
    newest = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    newest.players = newest.players.replace(white="Zoe")
    newest.play(newest.legal_moves()[0])
    saves[f"{SAVE_KEY}.newest0000"] = snapshot(newest, now=0, wall=1.8e9)
    ui, errors = first_visit(guest, base_url, stored=saves, viewport={"width": 1280, "height": 800})
    page = ui.page
    expect(page.locator("#bar-white")).to_contain_text("Zoe")  # the newest, opened
    expect(page.locator("#notice")).to_contain_text("Other saved games: 41.")
    page.click("#btn-saved")
    rows = page.locator("#saved-list li")
    expect(rows).to_have_count(41)
    expect(rows.first).to_contain_text("Player 39 \u2013 Black, at move 1001")  # newest first
    expect(page.locator("#saved-list li[data-over='1']")).to_contain_text("Old \u2013 Black")
    page.click("#saved-close")
    # Another game (a link): the finished game goes, said; every unfinished one stays.
    other = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    other.play(other.legal_moves()[1])
    page.evaluate("link => { location.hash = link; }", game_to_link(other))
    ui.expect_position(other.position.string())
    expect(page.locator("#status")).to_contain_text("To make room, 1 finished game was removed from Saved games")
    kept = page.evaluate(f"() => Object.keys(localStorage).filter(k => k.startsWith('{SAVE_KEY}.'))")
    assert len(kept) == 42 and f"{SAVE_KEY}.finished00" not in kept and f"{SAVE_KEY}.newest0000" in kept
    # The browser's storage full: said at the move, and Saved games opens for the player to choose.
    assert page.evaluate(FILL_STORAGE) > 0
    rng = random.Random(3)
    for _ in range(12):
        before = page.evaluate(f"() => localStorage.getItem({TAB_SAVE})")
        ui.play(quiet_moves(ui.position(), rng))
        page.wait_for_function(f"""before => localStorage.getItem({TAB_SAVE}) !== before
            || document.getElementById('status').textContent.includes('storage is full')""", arg=before)
        if "storage is full" in page.inner_text("#status"):
            break
    expect(page.locator("#status")).to_contain_text("Remove a saved game you no longer need")
    expect(page.locator("#dlg-saved")).to_have_attribute("open", "")
    expect(page.locator("#saved-full")).to_be_visible()
    rows.filter(has_text="Player 0 \u2013").locator("button[data-remove]").click()
    rows.filter(has_text="Player 0 \u2013").locator("button[data-remove-yes]").click()  # (unfinished: asked first)
    expect(rows).to_have_count(40)  # (Zoe's game among them, the finished one gone)
    expect(page.locator("#saved-full")).to_be_hidden()
    expect(page.locator("#status")).not_to_contain_text("storage is full")  # saved again
    saved = restore(page.evaluate(f"() => localStorage.getItem({TAB_SAVE})"), wall_now=2e9)
    assert saved.game.position.string() == ui.position()
    page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('filler.'))"
                  ".forEach(k => localStorage.removeItem(k))")
    assert not errors, errors


def test_a_saved_game_at_the_move_limit_says_so_and_ends_by_resignation_R23(guest, base_url):
    """A bug fixed: a game of MAX_PLIES moves could neither go on nor end.
    Restored, the page says why no move can be played, its clocks stay
    stopped (no Resume: nobody loses on time, R21) and a resignation ends it
    (R23) with the result dialog."""
    game = Game.from_position(START, time_control=TimeControl.parse("300+5"))
    game.start_clock(0)
    cycle = ("c3-d4", "c10-d9", "d4-c3", "d9-c10")  # nothing taken: the game never ends
    for ply in range(MAX_PLIES):
        game.play(cycle[ply % 4], now=ply * 0.01)
    save = snapshot(game, now=MAX_PLIES * 0.01, wall=1.8e9)
    ui, errors = first_visit(guest, base_url, stored={f"{SAVE_KEY}.a0b1c2d3e4": save},
                             viewport={"width": 1280, "height": 800})
    page = ui.page
    assert ui.board.get_attribute("data-plies") == str(MAX_PLIES)
    expect(page.locator("#status")).to_contain_text(f"This game has reached {MAX_PLIES} moves")
    expect(page.locator("#status")).to_contain_text("it ends when a player resigns")
    expect(page.locator("#btn-resume")).to_be_hidden()
    ui.click("c3")  # no move can be made: said again
    expect(page.locator("#status")).to_contain_text("no more moves can be played")
    page.click("#btn-resign")
    page.click("#resign-black")
    expect(page.locator("#dlg-result")).to_have_attribute("open", "")
    expect(page.locator("#result-reason")).to_contain_text("resign")
    assert not errors, errors


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["1366x768", "390x844"])
def test_a_long_move_list_scrolled_to_its_end_shows_its_first_row_whole(guest, base_url, size):
    """From a new player's trial: the move list, a scroll box, cut its first
    visible row in half."""
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
    rng = random.Random(7)
    while len(game.tokens) < 60:
        game.play(quiet_moves(game.position.string(), rng))
    width, height = size
    ui, errors = first_visit(guest, f"{base_url}#{game_to_link(game)}", viewport={"width": width, "height": height})
    page = ui.page
    ui.expect_position(game.position.string())
    page.wait_for_function("() => { const l = document.getElementById('moves');"
                           " return l.scrollHeight > l.clientHeight && l.scrollTop > 0; }")
    row, top, client = page.evaluate("""() => { const l = document.getElementById('moves');
        return [l.querySelector('li').getBoundingClientRect().height, l.scrollTop, l.clientHeight]; }""")
    assert top + client == pytest.approx(page.evaluate("document.getElementById('moves').scrollHeight"), abs=1)
    assert min(top % row, row - top % row) < 1, (row, top, client)
    assert not errors, errors


def test_correspondence_link_per_move_and_a_late_move_loses_R22(guest, base_url, artifacts_dir):
    """Last of the module: the guest tab's clock is Playwright's from here on."""
    start = datetime(2026, 11, 22, 9, 0, tzinfo=timezone.utc)
    guest[0].page.context.clock.install(time=start)
    ui, errors = first_visit(guest, f"{base_url}?position={quote(START)}&time=c86400&white=Anna&black=Bram",
                             viewport={"width": 1200, "height": 860})
    page = ui.page
    expect(page.locator("#notice")).to_contain_text("Anna (Red) must move by")
    ui.play("c3-d4")
    # Each move makes a link to send: the Share dialog opens by itself.
    expect(page.locator("#dlg-share")).to_have_attribute("open", "")
    expect(page.locator("#share-corr")).to_contain_text("Send this link to Bram (Blue): it is their move, due by")
    url = page.input_value("#share-url")
    shared = game_from_link(url.split("#", 1)[1])
    moved_at = shared.deadline - 86400
    assert shared.game.tokens == ["c3-d4"] and 0 <= moved_at - start.timestamp() < 300
    at_rest(ui)
    page.screenshot(path=str(artifacts_dir / "correspondence.png"))
    page.click("#share-close")
    # Bram opens the link: his move, Blue at the bottom, his deadline shown.
    page.evaluate("link => { location.hash = link; }", url.split("#", 1)[1])
    expect(page.locator("#status")).to_have_text("Opened the game from the link (moves played: 1).")
    expect(page.locator("#notice")).to_contain_text("Bram (Blue) must move by")
    assert ui.point("a1")[1] < ui.point("a12")[1]  # flipped for Blue
    # The deadline passes (the page's clock is faked, not waited for): stop
    # the timers first, so it is the late move itself that is refused.
    now_ms = page.evaluate("Date.now()")
    page.clock.pause_at(now_ms + 1000)
    page.clock.set_system_time(shared.deadline * 1000 + 60_000)
    position = ui.position()
    ui.click("d10")
    ui.click("d9")
    ui.expect_position(position)
    ui.expect_status("over")
    expect(page.locator("#result-reason")).to_have_text("Bram (Blue) missed the move deadline.")  # R22
    assert not errors, errors
