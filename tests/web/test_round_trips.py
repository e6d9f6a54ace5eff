"""Whatever game the page can make, its save, its link and its record read
back as the same game (some games the page saved once could not be
reopened). Hypothesis makes the games: either board, any length up to a
few hundred moves, every kind of time control, names as a player may type
them (cleaned as the page cleans them), touch-move, a game against the
computer, and ends by the rules, resignation or time."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from militakiri import DOUBLE, SINGLE, Dice, Game, GameOverError, Players, Setup, TimeControl
from militakiri.bounded import clean_name
from militakiri.link import game_from_link, game_to_link

from web.services.autosave import restore, snapshot

CONTROLS = ["-", "300+5", "600d5", "60+0", "c86400", "c1209600", "c2592000"]


def same_game(back: Game, game: Game) -> None:
    assert back.tokens == game.tokens
    assert back.start.string() == game.start.string() and back.position.string() == game.position.string()
    assert back.time_control == game.time_control
    assert (back.players.white, back.players.black) == (game.players.white, game.players.black)
    assert str(back.outcome()) == str(game.outcome())


@st.composite
def games(draw) -> tuple[Game, tuple[int, int] | None]:
    kind = draw(st.sampled_from([SINGLE, DOUBLE]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    names = [clean_name(draw(st.text(max_size=50))) or default for default in ("White", "Black")]
    control = TimeControl.parse(draw(st.sampled_from(CONTROLS)))
    game = Game.new(kind, Setup.random(kind, rng), Setup.random(kind, rng), Dice.roll(rng),
                    time_control=control, players=Players(*names), touch_move=draw(st.booleans()))
    now = 1_800_000_000.0
    if control.timed:
        game.start_clock(now=now)
    for _ in range(draw(st.integers(0, 300))):
        if game.is_over():
            break
        now += 1
        try:
            game.play(rng.choice(game.legal_moves()), now=now)
        except GameOverError:  # the mover's time ran out: the game is lost on time (R21)
            break
    end = draw(st.sampled_from([None, "resignation", "time"]))
    if not game.is_over() and end == "resignation":
        game.resign(game.position.turn)
    elif not game.is_over() and end == "time" and control.timed and control.mode != "correspondence":
        game.check_time(now + 10 * control.seconds)
    computer = draw(st.one_of(st.none(), st.tuples(st.integers(0, 1), st.integers(1, 4))))
    return game, computer


@settings(max_examples=40, deadline=None)
@given(games())
def test_every_game_reads_back_from_its_link_record_and_save(made):
    game, computer = made
    shared = game_from_link(game_to_link(game, computer=computer))
    same_game(shared.game, game)
    assert shared.computer == computer
    same_game(Game.from_record(game.record()), game)
    restored = restore(snapshot(game, now=1_900_000_000.0, wall=1_900_000_000.0,
                                link=game_to_link(game, computer=computer)), wall_now=1_900_000_001.0)
    assert restored.game.tokens == game.tokens and restored.computer == computer
    assert restored.game.start.string() == game.start.string()
    assert str(restored.game.outcome()) == str(game.outcome())


def test_variations_explored_are_saved_with_the_game_and_a_damaged_one_is_dropped_not_the_game():
    """The variations of the analysis board come back after a
    reload; a save whose variations were changed (its check code made
    again) or belong to other moves brings the game back without them."""
    import json

    from militakiri import Game
    from militakiri.record import Variation
    from web.model.jsontext import check_code as _check
    from web.services.autosave import restore, snapshot

    game = Game.from_position("5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1")
    game.play("a1-a2")
    game.play("b2xa2")
    game.variations = {1: [Variation(["a1xb2", "f12-f11"])]}
    text = snapshot(game, now=0.0, wall=1e9)
    back = restore(text, wall_now=1e9 + 5)
    assert back.game.tokens == game.tokens and back.game.variations == game.variations
    for damage in (lambda r: r.replace("f12-f11", "f12-f13"), lambda r: r.replace("b2xa2", "f12-f11"), lambda r: 7):
        body = json.loads(text)
        body.pop("check")
        body["variations"] = damage(body["variations"])
        body["check"] = _check(body)
        again = restore(json.dumps(body), wall_now=1e9 + 5)
        assert again.game.tokens == game.tokens and again.game.variations == {}
    assert "variations" not in json.loads(snapshot(game, now=0.0, wall=1e9, variations=False))
