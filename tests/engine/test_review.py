"""The review's judgement (militakiri/ai/review.py): moves marked
by the winning chances they threw away, the turning point, the words, and
each player's accuracy.

The fixture is a game as the trial's: a weak player (level 2, White) lost
to level 4 in 74 plies on the 12-rank board, with the review's scores of
every position at today's evaluation (tests/engine/fixtures/make_lost_game.py
wrote it)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from militakiri import Game
from militakiri.ai.review import (BLUNDER, CERTAIN, EVAL_CLIP, LOST, MoveReview, accuracy, chances, counts,
                                  explain, for_white, judge, mark_for, turning_point)

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "lost_game.json").read_text())
#: White's star tower beside a Black cross pawn that takes it (R19).
LAST_TOWER = "5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1"


def lost_game() -> tuple[Game, list[tuple[str | None, int]], list[MoveReview]]:
    game = Game.from_record(FIXTURE["record"])
    scores = [(best, score) for best, score in FIXTURE["scores"]]
    return game, scores, judge(game, scores)


def white_chances(game: Game, scores: list[tuple[str | None, int]]) -> list[int]:
    return [chances(for_white(score, (game.start.turn + ply) % 2)) for ply, (_b, score) in enumerate(scores)]


def test_the_lost_games_turning_point_is_the_losers_blunder():
    game, scores, reviews = lost_game()
    assert game.outcome().winner == 1  # Black (level 4) won
    turning = [r for r in reviews if r.turning]
    assert len(turning) == 1
    point = turning[0]
    assert (game.start.turn + point.ply - 1) % 2 == 0  # White's move
    assert point.mark == "blunder"
    white = white_chances(game, scores)
    # Lost after it, measured after each of White's moves (a fixed-depth search favours the side
    # to move a little, so the chances a ply apart swing to and fro).
    assert white[point.ply - 1] > LOST and all(w <= LOST for w in white[point.ply::2])
    marks = counts(reviews, game.start.turn)
    assert marks[0]["blunder"] >= 1  # not "0 mistakes, 0 blunders" (the trial's complaint)
    words = explain(game.position_at(point.ply - 1), point)
    assert words.startswith(f"The turning point. {point.token} lost a ")
    assert f": {point.reply} follows. Better was {point.best}" in words
    assert words.say("nl").startswith(f"Het keerpunt. {point.token} kostte een ")


def test_moves_in_a_long_lost_game_are_not_marked():
    game, scores, reviews = lost_game()
    point = next(r for r in reviews if r.turning)
    white = white_chances(game, scores)
    after = [r for r in reviews if r.ply > point.ply and (game.start.turn + r.ply - 1) % 2 == 0]
    assert after and all(r.mark is None for r in after if white[r.ply - 1] <= LOST)
    # The old judgement by score marked this a mistake (3 pawns lost); the chances are 2 % apart.
    game = Game.from_position(LAST_TOWER)
    game.play("a1-a2")
    (review,) = judge(game, [("a1xb2", -1200), ("b2xa2", EVAL_CLIP), (None, -EVAL_CLIP)])
    assert review.mark is None and review.loss < 100


def test_a_move_that_throws_away_a_game_still_held_is_a_blunder():
    game = Game.from_position(LAST_TOWER)
    game.play("a1-a2")
    (review,) = judge(game, [("a1xb2", 100), ("b2xa2", 700), (None, -EVAL_CLIP)])
    assert review.mark == "blunder" and review.turning and review.loss >= BLUNDER


def test_the_words_name_the_lost_tower_the_reply_and_the_better_move():
    game = Game.from_position(LAST_TOWER)
    game.play("a1-a2")
    (review,) = judge(game, [("a1xb2", 0), ("b2xa2", EVAL_CLIP), (None, -EVAL_CLIP)])
    words = explain(game.start, review)
    assert words == ("The turning point. a1-a2 lost Red's last tower: b2xa2 follows. "
                     "Better was a1xb2, which takes a Blue cross pawn.")
    assert words.say("nl") == ("Het keerpunt. a1-a2 kostte de laatste toren van Rood: b2xa2 volgt. "
                               "Beter was a1xb2, dat een kruispion van Blauw slaat.")


def test_accuracy_is_100_for_the_best_moves_and_falls_with_the_chances_lost():
    game, _scores, reviews = lost_game()
    found = accuracy(reviews, game.start.turn)
    assert 0 <= found[0] < found[1] <= 100  # the loser (White) was the less accurate
    best = [MoveReview(ply, "a1-a2", 0, "a1-a2", 0, None) for ply in (1, 2)]
    assert accuracy(best, 0) == {0: 100, 1: 100}
    assert accuracy(best[:1], 0) == {0: 100, 1: None}


scores_strategy = st.lists(st.tuples(st.none(), st.integers(-3 * EVAL_CLIP, 3 * EVAL_CLIP)), min_size=1, max_size=30)


@given(scores_strategy, st.integers(0, 1))
def test_any_scores_give_at_most_one_turning_point_a_move_of_the_loser(scores, start):
    ply = turning_point(start, scores)
    if ply is None:
        return
    white = [chances(for_white(score, (start + p) % 2)) for p, (_b, score) in enumerate(scores)]
    loser = 0 if white[-1] <= LOST else 1
    assert (start + ply - 1) % 2 == loser
    held = [w if loser == 0 else CERTAIN - w for w in white]
    assert any(h > LOST for h in held[:ply + 1])  # the game was held before it


@given(st.integers(-10**6, 10**6), st.integers(-10**6, 10**6))
def test_chances_are_thousandths_that_grow_with_the_score(a, b):
    assert 0 <= chances(a) <= CERTAIN and chances(a) + chances(-a) in (CERTAIN - 1, CERTAIN, CERTAIN + 1)
    if a <= b:
        assert chances(a) <= chances(b)
    loss = abs(chances(a) - chances(b))
    assert mark_for(loss) == ("blunder" if loss >= 150 else "mistake" if loss >= 100
                              else "inaccuracy" if loss >= 50 else None)
