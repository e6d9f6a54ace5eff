"""One limit on a game's length that play, records and links agree on
(militakiri.bounded.MAX_PLIES): every game made reads back, on
the official 12-rank board (R1), and its link in well under a second."""

from __future__ import annotations

import time

import pytest

from militakiri import DOUBLE, SINGLE, Game, IllegalMoveError, InvalidRecordError
from militakiri.bounded import MAX_PLIES
from militakiri.link import MAX_LINK_CHARS, game_from_link, game_to_link

from .positions import quiet_game


@pytest.fixture(scope="module")
def longest():
    return quiet_game(MAX_PLIES)


def read_timed(link: str) -> tuple[Game, float]:
    """The game of ``link`` and the processor time reading it took (not the
    wall clock: a busy machine shares it)."""
    started = time.process_time()
    game = game_from_link(link).game
    return game, time.process_time() - started


def test_a_game_of_the_most_moves_reads_back_from_its_record_and_its_link(longest):
    assert longest.kind is SINGLE and len(longest.tokens) == MAX_PLIES
    assert Game.from_record(longest.record()).tokens == longest.tokens
    link = game_to_link(longest)
    assert len(link) <= MAX_LINK_CHARS
    game, took = read_timed(link)
    assert game.tokens == longest.tokens
    assert took < 1.0, f"a 3,000-move link took {took:.2f} s to read"  # about 0.2 s


def test_a_double_board_game_of_the_most_moves_fits_its_link():
    game = quiet_game(MAX_PLIES, DOUBLE, seed=2)
    link = game_to_link(game)
    assert len(link) <= MAX_LINK_CHARS
    read, took = read_timed(link)
    assert read.tokens == game.tokens
    assert took < 1.0, f"a 3,000-move link took {took:.2f} s to read"  # about 0.4 s


def test_the_move_past_the_limit_is_refused_in_play_and_in_a_record(longest):
    game = Game.from_record(longest.record())
    token = game.legal_moves()[0]
    with pytest.raises(IllegalMoveError, match=f"at most {MAX_PLIES:,} moves"):
        game.play(token)
    assert len(game.tokens) == MAX_PLIES  # nothing changed
    record = longest.record().replace(" *", f" {token} *") if longest.position.turn == 1 else \
        longest.record().replace(" *", f" {longest.position.number}. {token} *")
    with pytest.raises(InvalidRecordError, match=f"move {MAX_PLIES + 1} .*at most {MAX_PLIES:,} moves"):
        Game.from_record(record)
