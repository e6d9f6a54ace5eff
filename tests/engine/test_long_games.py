"""One limit on a game's length that play, records and links agree on
(militakiri.bounded.MAX_PLIES, issue 24): every game made reads back."""

from __future__ import annotations

import pytest

from militakiri import DOUBLE, Game, IllegalMoveError, InvalidRecordError
from militakiri.bounded import MAX_PLIES
from militakiri.link import MAX_LINK_CHARS, game_from_link, game_to_link

from .positions import quiet_game


@pytest.fixture(scope="module")
def longest():
    return quiet_game(MAX_PLIES)


def test_a_game_of_the_most_moves_reads_back_from_its_record_and_its_link(longest):
    assert Game.from_record(longest.record()).tokens == longest.tokens
    link = game_to_link(longest)
    assert len(link) <= MAX_LINK_CHARS
    assert game_from_link(link).game.tokens == longest.tokens


def test_a_double_board_game_of_the_most_moves_fits_its_link():
    game = quiet_game(MAX_PLIES, DOUBLE, seed=2)
    link = game_to_link(game)
    assert len(link) <= MAX_LINK_CHARS and game_from_link(link).game.tokens == game.tokens


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
