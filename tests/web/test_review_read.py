"""A review read back from a save or a record (web/model/review.py): its
better moves are checked where they are read (a save or record may be forged)."""

from __future__ import annotations

import pytest

from militakiri import Game

from web.model.review import GameReview

from ..engine.positions import played


def reviewed(plies: int = 6) -> GameReview:
    """A complete review of a game of ``plies`` moves: each position's first
    legal move as the better one, scores alternating."""
    game = played(plies)
    review = GameReview(game)
    position = game.start.copy()
    for ply in range(review.total):
        moves = position.legal_moves()
        review.add(moves[0] if moves else None, 30 if ply % 2 else -80)
        if ply < len(game.tokens):
            position.play(game.tokens[ply])
    assert review.complete
    return review


def test_a_saved_review_and_a_records_review_read_back():
    review = reviewed()
    assert GameReview.from_saved(review.game, review.to_saved()).to_saved() == review.to_saved()
    review.game.annotations = review.annotations()
    back = Game.from_record(review.game.record())
    assert GameReview.from_annotations(back) is not None


@pytest.mark.parametrize("forged", ["zz", "a1-a2", "c3-c4=Q", ""])
def test_a_forged_better_move_in_a_save_leaves_the_review_out(forged):
    review = reviewed()
    saved = review.to_saved()
    saved[2][0] = forged
    assert GameReview.from_saved(review.game, saved) is None  # the game loads without it


def test_a_forged_best_in_a_record_leaves_the_review_out_and_the_game_loads():
    review = reviewed()
    review.game.annotations = review.annotations()
    record = review.game.record()
    best = review.scores[1][0]
    assert f"[%best {best}]" in record
    forged = record.replace(f"[%best {best}]", "[%best zz]", 1)
    game = Game.from_record(forged)
    assert game.tokens == review.game.tokens
    assert GameReview.from_annotations(game) is None
