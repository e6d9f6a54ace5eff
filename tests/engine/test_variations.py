"""Variations in the game record (NOTATION.md): ``( ... )`` after
a move holds an alternative to it, played from the position before it,
numbered on its own, nested, with comments and glyphs; read and written
back the same, and a bad one refused with its line and column."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from militakiri import Game, InvalidRecordError
from militakiri.record import MAX_VARIATION_DEPTH, Annotation, Variation

START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")


def three_moves() -> Game:
    game = Game.from_position(START)
    for token in ("c3-d4", "a10-b9", "d4-c5"):
        game.play(token)
    return game


def test_a_nested_variation_with_comments_and_glyphs_is_read_and_written_back():
    text = three_moves().record().replace(
        "a10-b9", "a10-b9 (1... f10-f9 {also fine} (1... e10-d9 $2) 2. e3-f4)")
    game = Game.from_record(text)
    assert game.tokens == ["c3-d4", "a10-b9", "d4-c5"]  # the main line is the game
    assert game.variations == {2: [Variation(["f10-f9", "e3-f4"], {1: Annotation("also fine")},
                                             {1: [Variation(["e10-d9"], {1: Annotation("", (2,))})]})]}
    written = game.record()
    assert "1. c3-d4 a10-b9 (1... f10-f9 {also fine} (1... e10-d9 $2) 2. e3-f4) 2. d4-c5 *" in written
    assert Game.from_record(written).variations == game.variations


def test_a_black_move_after_a_variation_is_numbered_again():
    game = three_moves()
    game.variations = {1: [Variation(["e3-f4"])]}
    assert "1. c3-d4 (1. e3-f4) 1... a10-b9 2. d4-c5" in game.record()


# The move text is "1. c3-d4 a10-b9 ...": "a10-b9" takes columns 10-15.
@pytest.mark.parametrize("replace, says, column", [
    ("a10-b9 (1... f10-f9", "a variation ( is not closed with )", 17),
    ("a10-b9 (1... f10-f10)", "in a variation, move 1 ('f10-f10'): 'f10-f10': a piece must leave its field", 23),
    ("a10-b9 ()", "a variation () holds no move", 18),
    ("a10-b9 )", "a ) closes no variation", 17),
    ("a10-b9 (2. f10-f9)", "move number '2.': expected 1...", 18),
    ("a10-b9 ($2 f10-f9)", "the glyph '$2' follows no move", 18),
])
def test_a_bad_variation_is_refused_with_its_line_and_column(replace, says, column):
    text = three_moves().record().replace("a10-b9", replace)
    line = text.split("\n").index(next(row for row in text.split("\n") if replace in row)) + 1
    with pytest.raises(InvalidRecordError) as error:
        Game.from_record(text)
    assert str(error.value).startswith(f"line {line}, column {column}: ") and says in str(error.value)


def test_variations_nest_only_so_deep_and_a_take_back_forgets_the_ones_beside_it():
    deep = three_moves().record().replace("a10-b9", "a10-b9 " + "(1... f10-f9 " * (MAX_VARIATION_DEPTH + 1))
    with pytest.raises(InvalidRecordError, match="nested at most"):
        Game.from_record(deep)
    game = Game.from_record(three_moves().record().replace("d4-c5", "d4-c5 (2. e3-f4)"))
    assert set(game.variations) == {3}
    game.undo()
    assert game.variations == {}


@st.composite
def games_with_variations(draw):
    """A short random game, and beside some of its moves a random legal line
    (some of which have a variation of their own)."""
    game = Game.from_position(START)
    for _ in range(draw(st.integers(1, 6))):
        moves = sorted(game.position.legal_moves())
        if not moves or game.position.is_over():
            break
        game.play(draw(st.sampled_from(moves)))

    def line(position, depth: int) -> Variation:
        tokens, variations = [], {}
        for ply in range(1, draw(st.integers(1, 3)) + 1):
            moves = sorted(position.legal_moves())
            if not moves or position.is_over():
                break
            before = position.copy()
            tokens.append(draw(st.sampled_from(moves)))
            position.play(tokens[-1])
            if depth < 2 and draw(st.booleans()):
                variations[ply] = [line(before, depth + 1)]
        return Variation(tokens, {len(tokens): Annotation("x")} if draw(st.booleans()) else {}, variations)

    for ply in range(1, len(game.tokens) + 1):
        if draw(st.booleans()):
            variation = line(game.position_at(ply - 1), 0)
            if variation.tokens:
                game.variations[ply] = [variation]
    return game


@settings(max_examples=40, deadline=None)
@given(games_with_variations())
def test_any_variations_round_trip_through_the_record(game):
    read = Game.from_record(game.record())
    assert read.tokens == game.tokens and read.variations == game.variations
    assert read.record() == game.record()
