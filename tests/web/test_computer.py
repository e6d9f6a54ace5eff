"""The computer opponent without a browser: the worker's Python side
(web/services/ai_worker.py), the decisions (web/model/modes/computer.py) and the UiState's
computer turns, driven as web/ui/computer.py drives them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from militakiri import Position
from militakiri.ai.levels import LEVELS, MAX_LEVEL
from militakiri.ai.play import choose_token, hint
from militakiri.board import board_kind
from militakiri.move import Move
from militakiri.randomness import Random
from militakiri.setup import Setup

from web.model import board_view
from web.model import computer_requests
from web.model.modes import computer as computer_mode
from web.model import settings as settings_module
from web.model.settings import GameSettings, from_query
from web.model.status import Message
from web.model.core import OVER, PLAYING, SETUP
from web.services import ai_worker

from . import fakes
from web.model.intents import (
    Asked, ComputerFailed, ComputerMove, MovePiece, NewGame, OpenGame, PlayHeldAnswer, RecallComputer, RollDice,
    SetupDone, StartGame, TakeBack, Touch, WorkerAnswer, WorkerFailed, WorkerStarting,
)
from web.model.modes import play

ROOT = Path(__file__).resolve().parents[2]

START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
#: White to move wins in two moves against any reply (tests/browser too): its
#: greedy move e12-b12 leaves Black's star tower on b11 no safe field.
LATE = "X^3S^1/1s^1x12/2s1p12/6/6/6/6/6/6/2X12X1/P1P1S11P11/S1S11S1X1S1 w 122/122 -/- - 74"
#: Black (ahead) has just played d3-d5 from tests/engine/test_ai.py's AHEAD.
BLACK_AHEAD_WENT_D5 = "s^s1s1s11s1/x1p1x1p11s1/x11p1X1p1p1/6/6/6/6/1x11p^x^1/X^5/1P1P11X1P1/X1X11P11P1/S1S1S1S1S^S1 w 122/122 -/- - 17"
#: White has a promoted plus tower waiting for a field (R15).
WAITING = "s^5/1s14/6/6/6/6/6/6/6/P1P11P1P1P1/P1S11P1P1P1/S^P1P1P1P1P1 w 122/122 P/- - 1"  # reachable: the zone is full but for c2 and c3 (R15)


def state_for(position=None, time_control="-", computer=1, level=1, seed=1, **kw):
    """fakes.state_for against the computer (Black, level 1, seed 1 unless said)."""
    return fakes.state_for(position, time_control, computer=computer, level=level, seed=seed, **kw)


def worker_answer(request: computer_requests.Request):
    """What the worker answers (web/boot/ai_worker.js calls ai_worker.call)."""
    answer = json.loads(ai_worker.call(request.name, json.dumps(request.args)))
    assert answer["ok"], answer
    return answer["value"]


def computer_plays(state) -> bool:
    request = computer_mode.next_request(state)
    assert request is not None
    return state.apply(WorkerAnswer(request, worker_answer(request)))


# The worker's side ------------------------------------------------------------------


@pytest.mark.parametrize("module", [ai_worker, computer_requests, computer_mode])
def test_doctests(module):
    import doctest

    assert doctest.testmod(module).failed == 0


def test_worker_calls_answer_json_and_never_raise():
    answer = json.loads(ai_worker.call("move", json.dumps([START, 1, 5, None])))
    assert answer["ok"] and answer["value"] in Position.from_string(START).legal_moves()
    assert answer["ms"] >= 0
    setup = json.loads(ai_worker.call("setup", json.dumps(["double", 2, 3])))["value"]
    assert Setup.parse(setup, board_kind("double")).text() == setup
    hint = json.loads(ai_worker.call("hint", json.dumps([START, 0.1])))["value"]
    assert hint in Position.from_string(START).legal_moves()
    bad = json.loads(ai_worker.call("move", json.dumps(["not a position", 1, 0, None])))
    assert not bad["ok"] and "position string" in bad["error"]
    assert not json.loads(ai_worker.call("move", "not json"))["ok"]
    assert not json.loads(ai_worker.call("move", json.dumps([START, 9, 0, None])))["ok"]
    assert json.loads(ai_worker.call("hello", "[]"))["value"]["levels"] == MAX_LEVEL
    # The earlier positions the search steers clear of: a list of position strings.
    assert json.loads(ai_worker.call("move", json.dumps([START, 5, 0, 0.1, [START]])))["ok"]
    for earlier, says in (("a", "not a list"), ([START] * 51, "at most 50"), ([7], "not text"),
                          (["not a position"], "position string")):
        bad = json.loads(ai_worker.call("move", json.dumps([START, 5, 0, 0.1, earlier])))
        assert not bad["ok"] and says in bad["error"], (earlier, bad)


def test_worker_budget_is_bounded():
    assert ai_worker._seconds(None) == ai_worker.DEFAULT_SECONDS
    assert ai_worker._seconds(1e9) == ai_worker.MAX_SECONDS
    assert ai_worker._seconds(-1) > 0


def test_the_page_levels_are_the_engine_levels_without_the_search():
    assert settings_module.LEVELS == tuple(sorted(LEVELS))
    assert settings_module.MAX_LEVEL == MAX_LEVEL
    # The page's model loads the level list and the review's judgement, never
    # the search: that is the worker's.
    code = "import sys, web.model.ui_state; print(sorted(m for m in sys.modules if m.startswith('militakiri.ai')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=ROOT).stdout
    assert loaded.strip() == "['militakiri.ai', 'militakiri.ai.levels', 'militakiri.ai.review']"


# Settings ---------------------------------------------------------------------------


def test_url_starts_a_computer_game():
    s = from_query("?position=x&computer=black&level=3")
    assert (s.computer, s.level) == (1, 3)
    assert from_query("?computer=white&level=max").computer == 0
    assert from_query("?computer=white&level=max").level == MAX_LEVEL == 8
    assert from_query("?computer=white&level=9").level == 3  # the default
    assert from_query("?computer=purple").computer is None
    assert from_query("?level=3").computer is None


# Turns ------------------------------------------------------------------------------


def test_no_request_on_the_players_turn_and_board_input_waits_on_the_computers():
    state, _ = state_for(START, computer=1)
    assert state.phase == PLAYING and not state.computer_turn()
    assert computer_mode.next_request(state) is None
    assert state.apply(Touch("c3")) and state.apply(Touch("d4"))  # the player's move
    assert state.computer_turn()
    assert state.destinations() == {} and board_view.marks(state) == [m for m in board_view.marks(state) if m.kind == "last"]
    assert state.status().key == "computer_thinking"
    before = state.game.position.string()
    assert not state.apply(Touch("f10"))
    assert state.status().key == "computer_busy" and state.status().level == "warn"
    assert not state.apply(MovePiece("f10", "f9"))
    assert state.game.position.string() == before
    assert computer_plays(state)
    assert not state.computer_turn() and len(state.game.tokens) == 2


def test_players_names_and_board_side():
    state, _ = state_for(START, computer=0, level=3, black="Anna")
    assert state.players.white == "Computer, level 3" and state.players.black == "Anna"
    assert state.flipped  # the player's own side (Black) at the bottom
    state.apply(NewGame(GameSettings(position=START, computer=1)))
    assert not state.flipped


def test_move_request_carries_level_seed_and_time():
    state, clock = state_for(START, computer=0, level=MAX_LEVEL, time_control="300+0", seed=7)
    request = computer_mode.next_request(state)
    position, level, seed, seconds, earlier = request.args
    assert (position, level, request.name, earlier) == (START, MAX_LEVEL, "move", [])
    assert 0 <= seed < computer_requests.SEED_LIMIT
    assert seconds == pytest.approx(computer_requests.MAX_SECONDS)  # 300 s / 40 is above the cap
    clock.t += 295  # 5 s left
    assert computer_mode.think_seconds(state, 0) == computer_requests.MIN_SECONDS
    # Levels 1-3 do not search; 4-7 search their node budget, the time only a cap.
    state, _ = state_for(START, computer=0, level=3)
    assert computer_mode.next_request(state).args[3] is None
    state, _ = state_for(START, computer=0, level=4)
    assert computer_mode.next_request(state).args[3] == computer_requests.MAX_SECONDS
    state, _ = state_for(START, computer=0, level=MAX_LEVEL)
    assert computer_mode.next_request(state).args[3] == computer_requests.UNTIMED_SECONDS


def test_a_move_request_names_the_positions_since_the_last_take_for_the_search_to_steer_clear_of():
    # Black (the computer, level 5) is ahead; it went d3-d5, White went b1-c2.
    state, _ = state_for(BLACK_AHEAD_WENT_D5, computer=1, level=5)
    state.apply(Touch("b1"))
    state.apply(Touch("c2"))
    request = computer_mode.next_request(state)
    earlier = request.args[4]
    assert earlier == [BLACK_AHEAD_WENT_D5]
    state.apply(WorkerAnswer(request, "d5-d3"))  # back, as a worse computer might
    state.apply(Touch("c2"))
    state.apply(Touch("b1"))  # and White too: where Black was before d3-d5
    request = computer_mode.next_request(state)
    earlier = request.args[4]
    assert earlier[-1] == BLACK_AHEAD_WENT_D5 and len(earlier) == 3
    assert [Position.from_string(text) for text in earlier] == state.game.position.since_last_take()
    # The worker is told, and answers with a legal move.
    assert worker_answer(request) in state.game.legal_moves()
    # Levels 1-3 do not search: nothing to steer clear of.
    state, _ = state_for(BLACK_AHEAD_WENT_D5, computer=1, level=3)
    state.apply(Touch("b1"))
    state.apply(Touch("c2"))
    assert computer_mode.next_request(state).args[4] == []


def test_a_late_answer_is_dropped():
    state, _ = state_for(START, computer=1)
    state.apply(Touch("c3"))
    state.apply(Touch("d4"))
    request = computer_mode.next_request(state)
    answer = worker_answer(request)
    assert state.apply(TakeBack())  # while the computer thinks
    assert not computer_mode.fits(state, request)
    assert not state.apply(WorkerAnswer(request, answer))
    assert state.game.tokens == []
    # The same position again: an answer made for it still fits.
    state.apply(Touch("c3"))
    state.apply(Touch("d4"))
    assert state.apply(WorkerAnswer(request, answer))
    assert len(state.game.tokens) == 2
    # A new game makes every earlier answer stale.
    state.apply(NewGame(GameSettings(position=START, computer=1)))
    state.apply(Touch("c3"))
    state.apply(Touch("d4"))
    assert not state.apply(WorkerAnswer(request, answer))
    assert len(state.game.tokens) == 1


def test_take_back_undoes_the_players_move_and_the_reply():
    state, _ = state_for(START, computer=1)
    state.apply(Touch("c3"))
    state.apply(Touch("d4"))
    computer_plays(state)
    assert len(state.game.tokens) == 2 and not state.computer_turn()
    assert state.apply(TakeBack())
    assert state.game.tokens == [] and state.game.position.string() == START


def test_the_computer_places_its_waiting_tower_in_its_token_R15():
    state, _ = state_for(WAITING, computer=0)
    assert state.computer_turn() and state.placing_shape() is None  # nothing for the player to place
    assert computer_plays(state)
    token = state.game.tokens[-1]
    assert token.startswith("@"), token
    assert Move.from_token(token, state.kind).placements


def test_setup_the_computer_places_and_confirms_then_the_dice():
    # The computer plays White: it sets up first; then the player's set-up.
    state, _ = state_for(None, computer=0, level=2)
    assert state.phase == SETUP and state.computer_turn()
    assert state.status().key == "computer_setting_up"
    assert not state.apply(Touch("c1"))  # the player waits
    assert board_view.hidden_color(state) is None
    request = computer_mode.next_request(state)
    assert request.name == "setup" and request.args[:2] == ["single", 2]
    text = worker_answer(request)
    assert state.apply(WorkerAnswer(request, text))
    assert state.setup_color == 1 and not state.computer_turn()
    assert board_view.hidden_color(state) == 0  # the computer's set-up stays hidden (R4)
    for square in ("a12", "b11", "f10"):
        assert state.apply(Touch(square))
    assert state.apply(SetupDone())
    state.apply(RollDice())
    state.apply(StartGame())
    assert state.phase == PLAYING
    assert state.game.setups[0].text() == text


def test_the_computer_as_black_sets_up_after_the_player_who_is_not_hidden():
    state, _ = state_for(None, computer=1, level=1)
    for square in ("c1", "d2", "b3"):
        assert state.apply(Touch(square))
    assert state.apply(SetupDone())
    assert state.computer_turn() and board_view.hidden_color(state) is None
    assert computer_plays(state)
    assert state.setup_color is None and state.phase == SETUP  # the dice come next


def test_the_computer_as_black_is_asked_for_its_set_up_while_the_player_places_R4():
    """Both set up at once (R4): the computer's set-up is asked for at the
    start of the stage, within SETUP_SECONDS, and the same answer still fits
    when its turn to place comes; the player's set-up is not waited for."""
    state, _ = state_for(None, computer=1, level=4)
    assert state.setup_color == 0 and not state.computer_turn() and state.computer_to_set_up()
    request = computer_mode.next_request(state)
    assert request.name == "setup" and request.args[:2] == ["single", 4]
    assert request.args[3] == request.seconds == computer_requests.SETUP_SECONDS
    text = worker_answer(request)
    assert not state.apply(WorkerAnswer(request, text))  # not its turn to place yet: the state holds it
    assert board_view.hidden_color(state) is None and state.setup.drafts[1].pieces() == {}
    for square in ("c1", "d2", "b3"):
        assert state.apply(Touch(square))
    assert state.apply(SetupDone())
    assert state.computer_turn() and computer_mode.fits(state, request)
    assert state.apply(WorkerAnswer(request, text))
    assert state.setup_color is None and not state.computer_to_set_up()
    assert computer_mode.next_request(state) is None  # the dice come next, nothing to ask
    assert state.game is None and state.setup.setups()[1].text() == text


def test_what_the_worker_is_asked_and_when_is_the_state_s():
    """The page's controller only sends what the state asks (modes/computer.py):
    one question for each state of the game, its answer kept until the
    computer's turn, and played by PlayHeldAnswer once the turn has come."""
    state, _ = state_for(None, computer=1, level=2)
    request = computer_mode.question(state)
    assert request is not None and request.name == "setup"
    assert state.apply(Asked(request)) and computer_mode.question(state) is None  # asked once
    assert not state.apply(WorkerStarting())  # the player places first: nothing to say
    assert not state.apply(WorkerAnswer(request, worker_answer(request)))  # kept for its turn
    assert state.worker.answer is not None and not state.apply(PlayHeldAnswer())
    for square in ("c1", "d2", "b3"):
        state.apply(Touch(square))
    assert state.apply(SetupDone()) and state.computer_turn()
    assert state.apply(PlayHeldAnswer()) and state.worker.asked is None
    assert state.setup_color is None and computer_mode.thinking(state) == ""


def test_an_answer_the_game_has_moved_past_is_dropped():
    state, _ = state_for(START, computer=0, level=1)
    request = computer_mode.question(state)
    state.apply(Asked(request))
    state.apply(NewGame(state.settings))
    assert computer_mode.question(state).key != request.key  # the new game asks again
    assert not state.apply(WorkerAnswer(request, worker_answer(request))) and state.worker.asked is None


def test_a_worker_still_loading_is_said_on_the_computer_s_turn():
    state, _ = state_for(START, computer=0, level=1)
    assert computer_mode.thinking(state) == "move"
    state.apply(Asked(computer_mode.question(state)))
    assert state.apply(WorkerStarting()) and state.status().key == "computer_starting"
    assert not state.apply(WorkerStarting())  # said once
    state.apply(ComputerFailed("no worker"))
    assert state.status().key == "computer_failed" and computer_mode.question(state) is None


def test_a_hint_is_asked_once_and_its_failure_said():
    state, _ = state_for(START, computer=None)
    request = computer_mode.hint_question(state)
    assert request is not None and state.apply(Asked(request))
    assert state.status().key == "hint_thinking" and computer_mode.thinking(state) == "hint"
    assert computer_mode.hint_question(state) is None  # (being thought of)
    assert state.apply(WorkerFailed(request, "stuck")) and state.status().key == "hint_failed"
    assert computer_mode.thinking(state) == "" and computer_mode.hint_question(state) is not None
    again = computer_mode.hint_question(state)
    state.apply(Asked(again))
    state.apply(ComputerFailed("the worker stopped"))  # the worker down: the hint will not come
    assert state.status() == Message("hint_failed", {"reason": "the worker stopped"}, "warn")
    third = computer_mode.hint_question(state)
    state.apply(Asked(third))
    assert state.apply(WorkerAnswer(third, worker_answer(third))) and state.hint is not None


def test_an_early_set_up_answer_does_not_fit_a_new_game():
    state, _ = state_for(None, computer=1, level=2)
    request = computer_mode.next_request(state)
    state.apply(NewGame(state.settings))
    assert not computer_mode.fits(state, request)


def test_hint_only_in_untimed_games_on_the_players_turn():
    state, _ = state_for(START, computer=1)
    request = computer_mode.hint_request(state)
    assert request.name == "hint" and request.args == [START, computer_requests.HINT_SECONDS]
    token = hint(START, depth=1, seconds=None)
    assert state.apply(WorkerAnswer(request, token))
    hint_marks = [m.field for m in board_view.marks(state) if m.kind == "hint"]
    move = Move.from_token(token, state.kind)
    assert hint_marks == [state.kind.square_name(move.origin), state.kind.square_name(move.target)]
    assert state.status().key == "hint_shown"
    origin, target = hint_marks
    assert state.apply(Touch(origin)) and state.apply(Touch(target))
    assert not [m for m in board_view.marks(state) if m.kind == "hint"]  # gone after the move
    assert computer_mode.hint_request(state) is None  # the computer's turn
    timed, _ = state_for(START, time_control="300+0", computer=None)
    assert computer_mode.hint_request(timed) is None
    hot_seat, _ = state_for(START, computer=None)
    assert computer_mode.hint_request(hot_seat) is not None  # two players may ask too


def test_a_game_against_the_weakest_level_to_its_end():
    """The whole loop as the page runs it, the player playing greedy moves."""
    state, _ = state_for(LATE, computer=1, level=1, seed=11)
    rng = Random(2)  # militakiri.randomness
    for _ in range(60):
        if state.phase == OVER:
            break
        if state.computer_turn():
            assert computer_plays(state)
        else:
            token = choose_token(state.game.position.string(), 3, rng)  # greedy
            assert play.play_token(state, token)
    assert state.phase == OVER
    assert state.game.outcome().winner == 0
    assert computer_mode.next_request(state) is None


def test_a_game_from_the_setup_runs():
    state, _ = state_for(None, computer=1, level=1, seed=4)
    assert state.apply(Touch("c1")) and state.apply(Touch("d2")) and state.apply(Touch("b3"))
    assert state.apply(SetupDone())
    assert computer_plays(state)
    state.apply(RollDice())
    state.apply(StartGame())
    rng = Random(1)
    for _ in range(20):
        if state.computer_turn():
            assert computer_plays(state)
        else:
            play.play_token(state, choose_token(state.game.position.string(), 1, rng))
    assert len(state.game.tokens) == 20
    assert all(t for t in state.game.tokens)


def test_the_opponent_is_remembered_for_the_game_read_back_after_a_reload():
    from militakiri import game_from_link, game_to_link

    state, _ = state_for(START, computer=1, level=3)
    state.apply(Touch("c3"))
    state.apply(Touch("d4"))
    text = computer_mode.memory(state)
    assert json.loads(text)["computer"] == 1
    # The reload: the autosave gives the game back as a game of two players.
    reloaded, _ = state_for(None, computer=None)
    reloaded.apply(OpenGame(game_from_link(game_to_link(state.game)).game))
    assert reloaded.computer is None
    assert reloaded.apply(RecallComputer(text))
    assert (reloaded.computer, reloaded.settings.level) == (1, 3) and reloaded.computer_turn()
    # Another game (other names or start) is not taken for it.
    other, _ = state_for(START, computer=None, white="Anna")
    assert not other.apply(RecallComputer(text))
    assert not other.apply(RecallComputer("{not json"))
    assert computer_mode.memory(other) is None


@pytest.mark.parametrize("field, forged", [("level", "1e999"), ("level", "3.0"), ("level", "9"), ("level", "true"),
                                           ("computer", "1.0"), ("computer", "2"), ("level", '"3"')])
def test_a_forged_memory_of_the_computer_is_not_recalled(field, forged):
    """A forged memory: a stored level of 1e999 raised OverflowError."""
    from militakiri import game_from_link, game_to_link

    state, _ = state_for(START, computer=1, level=3)
    state.apply(Touch("c3"))
    state.apply(Touch("d4"))
    data = json.loads(computer_mode.memory(state))
    reloaded, _ = state_for(None, computer=None)
    reloaded.apply(OpenGame(game_from_link(game_to_link(state.game)).game))
    text = json.dumps(data).replace(f'"{field}": {json.dumps(data[field])}', f'"{field}": {forged}')
    assert text != json.dumps(data)
    assert not reloaded.apply(RecallComputer(text)) and reloaded.computer is None


def test_the_computers_waiting_tower_is_not_called_the_players():
    """A promotion with its set-up zone full: the tower waits (R15); the
    status line does not tell the player "your new tower waits"."""
    full_zone = "5s^/6/6/6/6/6/6/x15/X25/P1P1P1P1P1P1/X1X1X1X1X1X1/S1S1S1S1S1S^ w 122/122 -/- - 1"
    state, _ = state_for(full_zone, computer=0)
    assert state.apply(ComputerMove("a4xa5=X"))
    assert state.game.position.waiting[0] and state.status().key == "to_move"
    player, _ = state_for(full_zone, computer=None)
    assert player.apply(Touch("a4")) and player.apply(Touch("a5"))
    assert player.status().key == "tower_waits"


def test_the_workers_line_says_the_score_the_best_move_and_the_line_it_expects():
    """The computer's view on demand (the analysis board)."""
    import json

    from web.services import ai_worker

    answer = json.loads(ai_worker.call("line", json.dumps(["5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1", 0.2])))
    assert answer["ok"], answer
    value = answer["value"]
    assert value["pv"][0] == value["token"] == "a1xb2" and value["depth"] >= 1
    assert -1500 <= value["score"] <= 1500
    over = json.loads(ai_worker.call("line", json.dumps(["6/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1", 0.2])))
    assert over["value"]["pv"] == [] and over["value"]["depth"] == 0 and over["value"]["score"] == 1500
