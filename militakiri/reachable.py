"""Whether a real game can reach a position, checked by counting.

A position string (NOTATION.md) may describe any board; the command line
takes it as written. A position from outside the game (a link, a record, a
saved game, ``?position=``) is held to what a game from a set-up can reach:

- pieces come only from the set-up (R3): no color has more towers of a
  shape, on the board, waiting or spare, than its set-up and spares gave
  it, nor more spares than it started with; the pawns in all stacks are
  no more than both set-ups' pawns (a stack holds the pawns it took, of
  either color, so pawns are counted for both together);
- heights are the rulings': a stack reaches its promotion height only when
  no spare tower of its shape is left (R13, R14);
- towers wait only while their set-up zone is full (R15): each move frees
  at most one field, so the player to move has at most two free fields in
  their set-up zone while towers wait, the other player at most one.

The last rule also keeps every such position cheap: the turns of waiting
towers are the orders of free fields, which the counts keep to two.

>>> from militakiri.position import Position
>>> start = Position.from_string("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
...                              "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
>>> unreachable(start) is None
True
>>> print(unreachable(Position.from_string("s^5/6/6/6/6/6/6/6/6/6/X45/S^5 w 122/122 -/- - 1")))
the Red cross rank 4 on a2 is too high: a cross rank has 3 pawns at most (R13, R14)
"""

from __future__ import annotations

from .bounded import MAX_PLIES
from .errors import InvalidPositionError
from .messages import Number, Text, color_word, piece_word, shape_word, text, tower_word, towers_word
from .pieces import PROMOTION_HEIGHT, SHAPES
from .setup import FILES_PER_TOWER, SPARES_PER_6_FILES
from .state import PositionState

#: Pawns per shape per player at the start, per 6 files (R3).
PAWNS_PER_6_FILES = 5


#: The highest move number a game reaches: its MAX_PLIES moves from move 1.
MAX_MOVE_NUMBER_REACHED = MAX_PLIES // 2 + 1


def unreachable(position: PositionState) -> Text | None:
    """Why no game reaches ``position`` (the first reason found, in a
    player's words: what is on the board and why no game gives it), or None."""
    kind = position.kind
    if position.number > MAX_MOVE_NUMBER_REACHED:
        # (Before: a start at move 1,000,000 played on to 1,000,001, which no
        # reader took back: the computer, hints and the review stopped.)
        return text("reach_move_number", n=Number(position.number), most=Number(MAX_PLIES),
                    last=Number(MAX_MOVE_NUMBER_REACHED))
    sixes = kind.files // FILES_PER_TOWER
    board = position.board
    towers = [[0] * len(SHAPES) for _ in (0, 1)]
    pawns_on_board = 0
    for sq, piece in enumerate(board):
        if piece is None:
            continue
        if piece.is_tower:
            towers[piece.color][piece.shape] += 1
            continue
        limit = PROMOTION_HEIGHT[piece.shape]
        if piece.height > limit:
            return text("reach_too_high", piece=piece_word(piece.color, piece.shape, piece.height),
                        square=kind.square_name(sq), shape=shape_word(piece.shape), most=limit)
        if piece.height == limit and position.spares[piece.color][piece.shape]:
            return text("reach_not_promoted", piece=piece_word(piece.color, piece.shape, piece.height),
                        square=kind.square_name(sq), player=color_word(piece.color),
                        tower=tower_word(piece.shape))
        pawns_on_board += piece.height
    for color in (0, 1):
        for shape in SHAPES:
            start_spares = SPARES_PER_6_FILES[shape] * sixes
            spares = position.spares[color][shape]
            if spares > start_spares:
                return text("reach_spares", player=color_word(color), n=spares, towers=towers_word(shape),
                            start=start_spares)
            promoted = start_spares - spares
            waiting = position.waiting[color].count(shape)
            if towers[color][shape] + waiting > sixes + promoted:
                return text("reach_towers_waiting" if waiting else "reach_towers", player=color_word(color),
                            n=towers[color][shape] + waiting, towers=towers_word(shape), most=sixes + promoted,
                            setup=sixes, tower=tower_word(shape), promoted=promoted, start=start_spares)
    start_pawns = 2 * len(SHAPES) * PAWNS_PER_6_FILES * sixes
    if pawns_on_board > start_pawns:
        return text("reach_pawns", n=pawns_on_board, start=start_pawns)
    for color in (0, 1):
        if position.waiting[color]:
            free = len(position.free_zone_fields(color))
            most = 2 if color == position.turn else 1
            if free > most:
                return text("reach_waiting", player=color_word(color), free=free)
    return None


def check_reachable(position: PositionState) -> None:
    """Raise InvalidPositionError if no game reaches ``position``."""
    problem = unreachable(position)
    if problem is not None:
        raise InvalidPositionError(text("unreachable", problem=problem))
