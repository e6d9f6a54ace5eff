"""English and Dutch in the real page: chosen from the browser,
switched on the page and remembered; the engine's refusals in the page's
language; the rules pages in both languages, reachable from the game.
Screenshots go to artifacts/browser/ (dutch-*.png, rules-*.png)."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from game_page import GamePage, errors_of, goto_ready, wait_ready, without_pyodide

START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")


@pytest.fixture(scope="module")
def dutch(browser):
    """One Dutch browser's tab for the module: the game's test comes first
    (a first visit); the rules pages, plain HTML without a script, read
    nothing from the browser or its storage."""
    context = browser.new_context(locale="nl-NL", viewport={"width": 1100, "height": 820}, service_workers="block")
    without_pyodide(context)  # the words, not the computer's runtime
    yield context, context.new_page()
    context.close()


def test_a_dutch_browser_gets_dutch_and_the_switch_is_remembered(dutch, base_url, artifacts_dir):
    _, page = dutch
    errors = errors_of(page)
    goto_ready(page, base_url)
    assert page.evaluate("navigator.languages")[0].startswith("nl")
    assert page.get_attribute("html", "lang") == "nl"
    expect(page.locator("#ng-title")).to_have_text("Nieuw spel")
    expect(page.locator("#btn-flip")).to_have_text("Bord draaien")
    expect(page.locator("#lang")).to_have_value("nl")
    # The manual's clocks by their Dutch names (R21), for the board chosen.
    expect(page.locator("#ng-time optgroup").first).to_have_attribute("label", "Klokken van de handleiding (per speler)")
    expect(page.locator('#ng-time option[value="ultra_fast"]')).to_have_text("Ultra snel \u2013 10 min per speler")
    page.check("#ng-double")
    expect(page.locator('#ng-time option[value="long"]')).to_have_text("Lang \u2013 4 u per speler")
    page.check("#ng-single")
    page.screenshot(path=str(artifacts_dir / "dutch-new-game.png"))

    page.click("#ng-start")
    status = page.locator("#status")
    expect(status).to_contain_text("Rood: kies waar je torens komen")
    # A refused field: the engine's sentence, in Dutch (militakiri/messages.py).
    GamePage(page).click("c4")
    expect(status).to_have_text("c4 ligt niet in de opstelzone van Rood: torens staan op de rijen 1-3 R4")
    assert status.locator("a.rule-ref").get_attribute("href") == "./rules/nl.html"
    expect(page.locator("#legend-list")).to_contain_text("Kruis: beweegt diagonaal, neemt recht.")
    page.screenshot(path=str(artifacts_dir / "dutch-setup.png"))

    # Help links to the Dutch rules page.
    page.click("#btn-help")
    link = page.locator("#dlg-help a[data-rules]")
    expect(link).to_have_attribute("href", "./rules/nl.html")
    expect(link).to_have_text("De volledige spelregels, met voorbeelden op het bord")
    page.click("#help-close")

    # Switch to English: every text at once, the refusal too.
    page.select_option("#lang", "en")
    assert page.get_attribute("html", "lang") == "en"
    expect(status).to_have_text("c4 is not in Red's set-up zone: towers stand on ranks 1-3 R4")
    expect(page.locator("#btn-flip")).to_have_text("Flip board")
    expect(page.locator("#legend-list")).to_contain_text("Cross: moves diagonally, takes straight.")
    # The New game dialog's choices too (keyed by the build, relabelled with the page).
    expect(page.locator('#ng-time option[value="none"]')).to_have_text("No clock")
    expect(page.locator('#ng-time option[value="ultra_fast"]')).to_have_text("Ultra fast \u2013 10 min each")
    expect(page.locator("#dlg-help a[data-rules]")).to_have_attribute("href", "./rules/en.html")

    # Remembered: the browser still says Dutch, the page stays English.
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "en"
    expect(page.locator("#btn-flip")).to_have_text("Flip board")

    # ?lang= in a link beats the remembered choice; a refused move, in Dutch.
    goto_ready(page, base_url + "?" + urlencode({"position": START, "lang": "nl"}))
    game = GamePage(page)
    game.click("c3")
    game.click("c4")
    expect(status).to_have_text("Niet toegestaan: een kruispion beweegt diagonaal, niet recht R7")
    page.screenshot(path=str(artifacts_dir / "dutch-refusal.png"))

    # From a new player's trial: a game against the computer, the language
    # switched mid-game. Its name (stored in the language the game began in)
    # is shown in the page's; the sound button and the last move's words too.
    game.new_game(opponent=(1, "white"), position=START)
    name, announced, sound = page.locator("#bar-black .name"), page.locator("#announce"), page.locator("#btn-sound")
    expect(name).to_have_text("Niveau 1")
    game.play("c3-d4")
    expect(game.board).to_have_attribute("data-plies", "2", timeout=60_000)  # the computer's reply
    expect(announced).to_contain_text("Blauw")
    page.select_option("#lang", "en")
    expect(name).to_have_text("Level 1")
    assert name.get_attribute("title") == "Computer, level 1 (Blue)"
    expect(announced).to_contain_text("Blue")
    expect(sound).to_have_attribute("title", re.compile(r"^Sound (on|off): Sounds for moves"))
    page.select_option("#lang", "nl")
    expect(name).to_have_text("Niveau 1")
    assert name.get_attribute("title") == "Computer, niveau 1 (Blauw)"
    expect(sound).to_have_attribute("title", re.compile(r"^Geluid (aan|uit): Geluid bij zetten"))

    # What the page reads from outside is refused in Dutch too: a bad
    # ?position= and a damaged link (militakiri/messages.py, no English inside).
    goto_ready(page, base_url + "?" + urlencode({"position": "abc", "lang": "nl"}))
    expect(status).to_contain_text("Die standnotatie is niet te lezen: standnotatie 'abc': verwacht 6 delen "
                                   "(stukken, aan zet, reservetorens")
    page.goto(base_url + "?lang=nl#4!scdbabf!4425!-!Anna!Bram!-!-!-!-!u.K4Vq_AtgLUqLCpeIZ-85op8P!xxxx")
    wait_ready(page)
    expect(page.locator("#problem-text")).to_contain_text(
        "De link is beschadigd of met de hand veranderd (zijn controlecode klopt niet)")
    page.screenshot(path=str(artifacts_dir / "dutch-bad-link.png"))
    assert not errors, errors


def test_rules_pages_in_english_and_dutch(dutch, base_url, artifacts_dir, record_requests):
    context, page = dutch
    page.goto("about:blank")  # (the game's page left before the requests are counted)
    request_log = record_requests(context, base_url)
    page.set_viewport_size({"width": 900, "height": 1100})
    for lang, other, heading, section in (
        ("en", "nl", "The rules of Militakiri", "3. Moving and taking"),
        ("nl", "en", "De spelregels van Militakiri", "3. Zetten en nemen"),
    ):
        page.goto(base_url + f"rules/{lang}.html")
        expect(page.locator("h1")).to_have_text(heading)
        assert page.get_attribute("html", "lang") == lang
        expect(page.locator(f'a[hreflang="{other}"]')).to_have_attribute("href", f"./{other}.html")
        # Each picture drawn, with its words for screen readers (read in one go).
        figures = page.locator("figure").evaluate_all("""figures => figures.map(f => {
            const svg = f.querySelector("svg"), box = svg && svg.getBoundingClientRect();
            return {svgs: f.querySelectorAll("svg").length, boards: f.querySelectorAll(".boards").length,
                    label: f.querySelector(".boards") && f.querySelector(".boards").getAttribute("aria-label"),
                    box: box && [box.width, box.height]};
        })""")
        assert len(figures) == 10
        for i, figure in enumerate(figures):
            assert figure["svgs"] >= 1, (i, figure)
            assert figure["boards"] == 1 and figure["label"], (i, figure)
            assert figure["box"][0] > 150 and figure["box"][1] > 150, (i, figure)
        page.screenshot(path=str(artifacts_dir / f"rules-{lang}.png"))
        page.locator("h2", has_text=section).scroll_into_view_if_needed()
        page.evaluate("window.scrollBy(0, -20)")
        page.screenshot(path=str(artifacts_dir / f"rules-{lang}-moves.png"))
    request_log.assert_same_origin()
    assert not request_log.failed(), [(r.url, r.status) for r in request_log.failed()]
