"""Comments and glyphs in the game record (NOTATION.md): read back with the
move they follow, written again, and refused clearly when malformed; a
record without them stays valid."""

import pytest

from militakiri import Game, InvalidRecordError
from militakiri.ai.play import review_game
from militakiri.record import Annotation, read_record

BLUNDER = "5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1"


def finished() -> Game:
    game = Game.from_position(BLUNDER)
    game.play("a1-a2")
    game.play("b2xa2")
    return game


def test_comments_and_glyphs_travel_with_their_moves():
    game = finished()
    game.annotations = {0: Annotation("before"), 1: Annotation("[%eval -15.00] a}b", (4, 6))}
    text = game.record()
    assert "{before} 1. a1-a2 $4 $6 {[%eval -15.00] ab} b2xa2" in text
    read = read_record(text)
    assert read.annotations == {0: Annotation("before"), 1: Annotation("[%eval -15.00] ab", (4, 6))}
    assert read.tokens == ["a1-a2", "b2xa2"]


def test_a_comment_may_span_lines_and_unknown_commands_are_kept_as_text():
    text = finished().record().replace("b2xa2", "{a long\ncomment [%clk 0:01:00]} b2xa2")
    assert read_record(text).annotations[1].comment == "a long\ncomment [%clk 0:01:00]"


@pytest.mark.parametrize("damage, says", [
    (lambda t: t.replace("b2xa2", "{never closed b2xa2"), "not closed"),
    (lambda t: t.replace("1. a1-a2", "$4 1. a1-a2"), "follows no move"),
    (lambda t: t.replace("b2xa2", "$99999 b2xa2"), "glyph"),
])
def test_malformed_annotations_are_refused_with_line_and_column(damage, says):
    with pytest.raises(InvalidRecordError, match=says):
        read_record(damage(finished().record()))


def test_a_review_marks_the_blunder_and_names_the_better_move():
    (first, second) = review_game(finished(), depth=2)
    assert (first.mark, first.best) == ("blunder", "a1xb2") and second.mark is None
