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
Red's cross stack on a2 has 4 pawns; a cross stack has at most 3
"""

from __future__ import annotations

from .bounded import MAX_PLIES
from .errors import InvalidPositionError
from .pieces import COLOR_NAMES, PROMOTION_HEIGHT, SHAPE_NAMES, SHAPES
from .setup import FILES_PER_TOWER, SPARES_PER_6_FILES
from .state import PositionState

#: Pawns per shape per player at the start, per 6 files (R3).
PAWNS_PER_6_FILES = 5



#: The highest move number a game reaches: its MAX_PLIES moves from move 1.
MAX_MOVE_NUMBER_REACHED = MAX_PLIES // 2 + 1


def unreachable(position: PositionState) -> str | None:
    """Why no game reaches ``position`` (the first reason found), or None."""
    kind = position.kind
    if position.number > MAX_MOVE_NUMBER_REACHED:
        # (Before: a start at move 1,000,000 played on to 1,000,001, which no
        # reader took back: the computer, hints and the review stopped.)
        return (f"it is at move {position.number:,}; a game has at most {MAX_PLIES:,} moves, "
                f"so it reaches move {MAX_MOVE_NUMBER_REACHED:,} at most")
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
        where = f"{COLOR_NAMES[piece.color]}'s {SHAPE_NAMES[piece.shape]} stack on {kind.square_name(sq)}"
        if piece.height > limit:
            return f"{where} has {piece.height} pawns; a {SHAPE_NAMES[piece.shape]} stack has at most {limit}"
        if piece.height == limit and position.spares[piece.color][piece.shape]:
            return (f"{where} has {limit} pawns while a spare {SHAPE_NAMES[piece.shape]} tower is left: "
                    "it would have been promoted (R13)")
        pawns_on_board += piece.height
    for color in (0, 1):
        for shape in SHAPES:
            name = f"{COLOR_NAMES[color]}'s {SHAPE_NAMES[shape]}"
            start_spares = SPARES_PER_6_FILES[shape] * sixes
            spares = position.spares[color][shape]
            if spares > start_spares:
                return f"{name} spare towers are {spares}; a set-up has {start_spares} (R3)"
            promoted = start_spares - spares
            waiting = position.waiting[color].count(shape)
            if towers[color][shape] + waiting > sixes + promoted:
                return (f"{name} towers on the board and waiting are {towers[color][shape] + waiting}; "
                        f"the set-up's {sixes} and {promoted} promoted make at most {sixes + promoted} (R3, R13)")
    start_pawns = 2 * len(SHAPES) * PAWNS_PER_6_FILES * sixes
    if pawns_on_board > start_pawns:
        return f"the stacks hold {pawns_on_board} pawns; both set-ups have {start_pawns} (R3)"
    for color in (0, 1):
        if position.waiting[color]:
            free = len(position.free_zone_fields(color))
            most = 2 if color == position.turn else 1
            if free > most:
                return (f"{COLOR_NAMES[color]} has towers waiting and {free} free fields in the set-up zone; "
                        f"towers wait only while the zone is full, and one move frees one field (R15)")
    return None


def check_reachable(position: PositionState) -> None:
    """Raise InvalidPositionError if no game reaches ``position``."""
    problem = unreachable(position)
    if problem is not None:
        raise InvalidPositionError(f"no game can reach this position: {problem}")
