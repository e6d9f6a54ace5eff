"""The clocks (R21, R22): fed with timestamps, never with a wall clock."""

import pytest
from hypothesis import given, strategies as st

from militakiri import Clock, ClockError, Game, GameOverError, TimeControl, Termination, game_from_link, game_to_link
from militakiri.clock import MAX_BONUS, MAX_SECONDS
from militakiri.errors import InvalidTimeControlError
from militakiri.pieces import BLACK, WHITE


def new_game(control: str) -> Game:
    return Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1",
                    time_control=TimeControl.parse(control))


@pytest.mark.parametrize("text", ["-", "600+5", "600+0", "300d3", "c86400"])
def test_time_control_round_trip(text):
    assert TimeControl.parse(text).text() == text


@given(st.sampled_from(["+", "d", "c"]), st.integers(1, MAX_SECONDS), st.integers(0, MAX_BONUS))
def test_every_time_control_round_trips_in_whole_seconds(sign, seconds, bonus):
    """``{:g}`` once wrote 1,000,000 s and more as ``1e+06``, which no
    reader took, so the record, the link and the save of such a game became
    unreadable; every time a control may hold is written as digits."""
    text = f"c{seconds}" if sign == "c" else f"{seconds}{sign}{bonus}"
    control = TimeControl.parse(text)
    assert control.text() == text and TimeControl.parse(control.text()) == control


@pytest.mark.parametrize("days", [12, 14, 30])
def test_R22_correspondence_of_days_a_move_survives_the_record_and_the_link(days):
    game = new_game(f"c{days * 86400}")
    game.play("c3-d4", now=0)
    assert f'[TimeControl "c{days * 86400}"]' in game.record()
    assert Game.from_record(game.record()).time_control == game.time_control
    assert game_from_link(game_to_link(game)).game.time_control == game.time_control


@pytest.mark.parametrize("seconds, bonus", [(90.5, 0), (600, 2.5), (float("nan"), 0), (float("inf"), 0),
                                            ("600", 0), (True, 0), (MAX_SECONDS + 1, 0)])
def test_a_time_control_that_could_not_be_written_is_refused_where_it_is_made(seconds, bonus):
    with pytest.raises(InvalidTimeControlError):
        TimeControl("fischer", seconds, bonus)


@pytest.mark.parametrize("text", ["", "abc", "600+", "+5", "0+5", "c0", "600x5", "-5"])
def test_time_control_malformed(text):
    with pytest.raises(InvalidTimeControlError, match="time control"):
        TimeControl.parse(text)


def test_R21_only_the_player_to_move_has_a_running_clock():
    clock = Clock(TimeControl.parse("60+0"))
    clock.start(WHITE, now=0)
    assert clock.remaining(WHITE, 10) == 50 and clock.remaining(BLACK, 10) == 60
    clock.moved(now=10)
    assert clock.remaining(WHITE, 30) == 50 and clock.remaining(BLACK, 30) == 40


def test_R21_flag_fall_loses_and_a_late_move_is_refused():
    game = new_game("10+0")
    game.start_clock(now=0)
    game.play("c3-d4", now=4)
    assert game.check_time(now=13) is None
    with pytest.raises(GameOverError, match="R21"):
        game.play("f10-f9", now=14.5)
    assert game.outcome().termination is Termination.TIME
    assert str(game.outcome()) == "1-0 time"
    assert game.tokens == ["c3-d4"]


def test_R21_fischer_increment_after_each_move():
    clock = Clock(TimeControl.parse("60+5"))
    clock.start(WHITE, 0)
    clock.moved(10)
    assert clock.remaining(WHITE, 10) == 55


def test_R21_bronstein_delay_the_first_seconds_are_free():
    clock = Clock(TimeControl.parse("60d5"))
    clock.start(WHITE, 0)
    assert clock.remaining(WHITE, 4) == 60
    clock.moved(3)
    assert clock.remaining(WHITE, 100) == 60  # never more than it had
    clock.moved(20)  # Black used 17 s, 5 of them free
    assert clock.remaining(BLACK, 20) == 48


def test_R21_pause_and_resume_keep_the_time_used():
    clock = Clock(TimeControl.parse("60d5"))
    clock.start(WHITE, 0)
    clock.pause(3)
    assert clock.remaining(WHITE, 500) == 60
    clock.resume(500)
    assert clock.remaining(WHITE, 502) == 60  # 2 s of the delay were left
    assert clock.remaining(WHITE, 504) == 58
    saved = Clock.from_dict(clock.to_dict(504))
    assert saved.running is None and saved.remaining(WHITE, 9999) == 58


def test_R21_no_clock_never_falls():
    game = new_game("-")
    game.play("c3-d4")  # no time needed
    assert game.clock is None and game.check_time(1e9) is None


def test_R21_a_timed_game_needs_the_time_and_time_cannot_run_backwards():
    game = new_game("60+0")
    with pytest.raises(ClockError):
        game.play("c3-d4")
    clock = Clock(TimeControl.parse("60+0"))
    clock.start(WHITE, 100)
    with pytest.raises(ClockError, match="backwards"):
        clock.remaining(WHITE, 50)


def test_R22_correspondence_deadline_per_move():
    day = 86400
    game = new_game(f"c{day}")
    game.start_clock(now=0)
    assert game.clock.deadline() == day
    game.play("c3-d4", now=day - 1)
    assert game.clock.deadline() == 2 * day - 1
    with pytest.raises(GameOverError, match="R22"):
        game.play("f10-f9", now=2 * day)
    assert str(game.outcome()) == "1-0 deadline"


def test_R22_correspondence_clock_is_not_paused():
    clock = Clock(TimeControl.parse("c100"))
    clock.start(WHITE, 0)
    clock.pause(10)
    assert clock.flagged(101) == WHITE


def test_saved_clock_refuses_tampered_times():
    for bad in ({"control": "60+0", "left": [-1, 5], "to_move": 0},
                {"control": "60+0", "left": "x", "to_move": 0},
                {"control": "60+0", "left": [1, 2], "to_move": 7}):
        with pytest.raises(ClockError):
            Clock.from_dict(bad)


@pytest.mark.parametrize("to_move", [1.0, 0.0, "1", True, 2, -1])
def test_a_saved_clock_names_its_player_by_a_whole_0_or_1(to_move):
    """A forged save: a saved clock with ``to_move: 1.0`` was read, and Resume
    raised TypeError."""
    saved = Clock(TimeControl.parse("300+5")).to_dict(now=0)
    saved["to_move"] = to_move
    with pytest.raises(ClockError, match="not a player"):
        Clock.from_dict(saved)
    saved["to_move"] = 1
    assert Clock.from_dict(saved).to_move == 1


@pytest.mark.parametrize("now", [float("nan"), float("inf"), -float("inf"), "10", True, None])
def test_a_move_at_a_time_that_is_no_moment_is_refused_and_changes_nothing(now):
    """``Game.play(now=nan)`` once played the move and used no time."""
    game = new_game("60+0")
    game.play("c3-d4", now=0)
    before = (list(game.tokens), game.clock.remaining(0, 5), game.clock.remaining(1, 5))
    with pytest.raises(ClockError):
        game.play("f10-f9", now=now)
    assert (list(game.tokens), game.clock.remaining(0, 5), game.clock.remaining(1, 5)) == before
