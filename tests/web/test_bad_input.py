"""Input from outside the page: the query string, the fragment,
the saved game and the worker's messages, fed hostile values by Hypothesis.

The page's readers never raise on a query (a bad option is left out and
named), raise only their own errors on a fragment or a save, and the worker
always answers JSON. Each within 0.5 s.
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from militakiri import InvalidLinkError
from militakiri.bounded import MAX_NAME_CHARS
from web.model import jsontext
from web.model.intents import RecallComputer
from web.model.settings import from_query
from web.services import ai_worker
from web.model.jsontext import check_code as _check
from web.services.autosave import SavedGameError, restore, snapshot
from web.services.embed import embed_options
from web.services.share import open_fragment

from ..engine.test_bad_input import GAME, HOSTILE, JSON, LINK, spliced
from .fakes import state_for

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OPTIONS = ("board", "time", "white", "black", "position", "seed", "touch", "computer", "level",
           "embed", "link", "lang")


def quickly(function, *args):
    started = time.perf_counter()
    result = function(*args)
    assert time.perf_counter() - started < 0.5
    return result


@st.composite
def queries(draw):
    pairs = draw(st.lists(st.tuples(st.sampled_from(OPTIONS) | HOSTILE, HOSTILE), max_size=5))
    text = "&".join(f"{key}={value}" for key, value in pairs)
    return ("?" if draw(st.booleans()) else "") + text


@settings(FUZZ)
@given(queries())
def test_a_query_never_stops_the_page(query):
    chosen = quickly(from_query, query)
    assert chosen.board in ("single", "double") and len(chosen.white) <= MAX_NAME_CHARS
    assert chosen.seed is None or 0 <= chosen.seed < 10**18
    assert set(chosen.ignored) <= set(OPTIONS)
    quickly(embed_options, query)


def test_hostile_bad_queries_are_left_out_and_named():
    for query, name in [("?time=1e400%2B0", "time"), ("?time=" + "9" * 5000, "time"), ("?seed=²", "seed"),
                        ("?computer=black&level=²", "level"), ("?position=" + "s" * 100_000, "position"),
                        ("?board=triple", "board")]:
        chosen = quickly(from_query, query)
        assert chosen.ignored == (name,), query[:40]


@settings(FUZZ)
@given(spliced(LINK) | spliced("#" + LINK))
def test_a_fragment_opens_or_is_refused_with_the_links_error(fragment):
    try:
        quickly(open_fragment, fragment)
    except InvalidLinkError as error:
        assert len(str(error)) < 400


SAVED = snapshot(GAME, now=0.0)


@st.composite
def saves(draw):
    """A real save with a field forged (and its check code made to match,
    as a careful forger would), a spliced one, or any JSON."""
    kind = draw(st.sampled_from(["forged", "spliced", "json"]))
    if kind == "spliced":
        return draw(spliced(SAVED))
    if kind == "json":
        return json.dumps(draw(JSON))
    body = json.loads(SAVED)
    body.pop("check")
    key = draw(st.sampled_from(["format", "link", "clock", "flipped", "touch_move"]))
    body[key] = draw(JSON | st.fixed_dictionaries({"control": JSON, "left": JSON, "to_move": JSON})
                     | st.fixed_dictionaries({"touched": JSON}) | spliced(LINK))
    from web.model.jsontext import check_code as _check
    body["check"] = _check(body)
    return json.dumps(body)


@settings(FUZZ)
@given(saves())
def test_a_save_loads_or_is_refused_with_the_saves_error(text):
    try:
        restored = quickly(lambda: restore(text, wall_now=1e9))
    except SavedGameError as error:
        assert len(str(error)) < 500 and "Traceback" not in str(error)
    else:
        assert restored.flipped in (True, False)


def test_a_newer_format_is_named_and_a_forged_huge_one_cut():
    for number, named in [(2, "format 2)"), (10 ** 400 - 1, "format " + "9" * 12 + "\u2026)")]:
        body = json.loads(SAVED)
        body.pop("check")
        body["format"] = number
        body["check"] = _check(body)
        with pytest.raises(SavedGameError, match="reload the page") as caught:
            restore(json.dumps(body), wall_now=1e9)
        assert named in str(caught.value) and len(str(caught.value)) < 120


def test_a_forged_flipped_no_is_not_read_as_true():
    body = json.loads(SAVED)
    body.pop("check")
    body["flipped"] = "no"
    from web.model.jsontext import check_code as _check
    body["check"] = _check(body)
    try:
        restored = restore(json.dumps(body), wall_now=1e9)
    except SavedGameError:
        return
    assert restored.flipped is False


@settings(FUZZ)
@given(st.sampled_from(["move", "setup", "hint", "analyse", "line", "hello"]) | HOSTILE,
       st.lists(JSON, max_size=5).map(json.dumps) | HOSTILE)
def test_the_worker_always_answers_json(name, args):
    answer = json.loads(quickly(ai_worker.call, name, args))
    assert answer["ok"] in (True, False)
    if not answer["ok"]:
        assert len(answer["error"]) <= 200


@settings(FUZZ)
@given(JSON.map(json.dumps) | HOSTILE)
def test_a_remembered_computer_never_breaks_a_reload(text):
    state, _ = state_for(None)
    assert quickly(state.apply, RecallComputer(text)) in (True, False)


def _depth(value) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(item) for item in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(item) for item in value.values()), default=0)
    return 0


NESTED = st.recursive(st.one_of(st.none(), st.integers(), st.text(alphabet='[]{}"\\ab\ud83d\ude00', max_size=6)),
                      lambda children: st.lists(children, max_size=3) | st.dictionaries(
                          st.text(alphabet='[]{}"\\ab', max_size=4), children, max_size=3),
                      max_leaves=30)


@settings(FUZZ)
@given(NESTED)
def test_the_depth_is_counted_in_the_text_as_a_parser_reads_it(value):
    """Bounded before parsed: brackets, quotes and backslashes in
    strings do not fool the count."""
    text = jsontext.dumps(value)
    assert jsontext._nesting(text, 1000) == _depth(value)
    if _depth(value) > 3:
        with pytest.raises(ValueError, match="nested deeper than 3 levels"):
            jsontext.loads(text, max_depth=3)
    else:
        assert jsontext.loads(text, max_depth=3) == json.loads(text)


@pytest.mark.parametrize("text", ["[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000,
                                  '["\\\\"' + ",[" * 3000 + "]" * 3000 + "]", "[" * 100000])
def test_deep_json_is_refused_before_any_parser_sees_it(text, monkeypatch):
    """Pyodide's parser could run out of the wasm stack on such a text, where no
    except catches it: the parser must never be called."""
    def no_parser(_text):
        raise AssertionError("the parser saw a text nested too deep")
    monkeypatch.setattr(jsontext.json, "loads", no_parser)
    with pytest.raises(ValueError, match="nested deeper than 100 levels"):
        quickly(jsontext.loads, text)


def test_a_clock_past_its_control_by_increments_reads_back_from_its_save_and_link():
    """Found by hostile input: Fischer increments took a legal
    game's clock past the 30 days a control may give, and its save and its
    link were then refused."""
    from militakiri import Game, TimeControl, game_from_link
    from web.services.share import link_of

    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2", time_control=TimeControl.parse("2592000+3600"))
    game.play("c3-d4", now=0.0)
    assert game.clock is not None and game.clock.remaining(0, 1.0) > 2_592_000
    restored = restore(snapshot(game, now=1.0), wall_now=1e9)
    assert restored.game.clock.left == [game.clock.remaining(color, 1.0) for color in (0, 1)]
    shared = game_from_link(link_of(game, computer=(1, 4), now=1.0))
    assert shared.clock_left is not None and shared.clock_left[0] == game.clock.remaining(0, 1.0)


def test_a_forged_touched_piece_is_quoted_short():
    """Found by the save fuzzer: the refusal quoted a forged touched field whole."""
    body = {"clock": None, "flipped": False, "format": 1, "link": "4!scdbabf!52!-!White!Black!-!-!-!-!2.pA!Oyzn",
            "saved": 0.0, "touch_move": {"touched": "9" * 600}}
    body["check"] = _check(body)
    with pytest.raises(SavedGameError) as refused:
        restore(json.dumps(body), wall_now=0)
    assert len(str(refused.value)) < 200 and "cannot move" in str(refused.value)
