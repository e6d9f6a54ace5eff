"""Why a move is illegal, in words a player understands (R24).

Only called for a token already known to be illegal: it walks the rules in
the order a player would and names the first one broken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import ALL_DIRECTIONS, ROWS, ZONE_ROWS
from .move import Move
from .movegen import MOVE_DIRECTIONS, TAKE_DIRECTIONS, _takes, blockades, reach
from .pieces import COLOR_NAMES, SHAPE_NAMES, shape_letter, tower

if TYPE_CHECKING:
    from .position import Position

_LINE_WORDS = {True: "orthogonally", False: "diagonally"}


def why_illegal(position: Position, move: Move) -> str:
    color = position.turn
    player = COLOR_NAMES[color]
    kind = position.kind
    name = kind.square_name
    board = position.board

    # R15: waiting towers come first.
    waiting = position.waiting[color]
    free = position.free_zone_fields(color)
    must_place = min(len(waiting), len(free))
    zone = _zone_words(color)
    if len(move.placements) != must_place:
        if must_place == 0:
            return f"{player} has no waiting tower to place now (R15)"
        return (
            f"{player} must first place {must_place} waiting tower(s) on empty "
            f"fields of {zone}, written '@field,' before the move (R15)"
        )
    if len(set(move.placements)) != len(move.placements):
        return "two waiting towers cannot go on the same field (R15)"
    for sq in move.placements:
        if sq not in free:
            return f"a waiting tower goes on an empty field of {zone}; {name(sq)} is not (R15)"

    # Pretend the placements are made, to judge the move itself.
    for sq, shape in zip(move.placements, waiting):
        board[sq] = tower(color, shape)
    try:
        return _why_move_illegal(position, move)
    finally:
        for sq in move.placements:
            board[sq] = None


def _why_move_illegal(position: Position, move: Move) -> str:
    color = position.turn
    player = COLOR_NAMES[color]
    kind = position.kind
    name = kind.square_name
    board = position.board
    origin, target = move.origin, move.target
    piece = board[origin]
    if piece is None:
        return f"there is no piece on {name(origin)}"
    if piece.color != color:
        return f"{name(origin)} holds a {piece.describe()}; it is {player}'s move"
    if origin == target:
        return "a piece must leave its field; there is no passing (R9)"
    what = _the(piece)

    direction, distance = _line(kind, origin, target)
    if direction is None:
        return f"{name(target)} is not on a straight line from {name(origin)}"
    defender = board[target]
    if not move.is_take and defender is not None:
        if defender.color == color:
            return f"{name(target)} is occupied by your own {_bare(defender)}"
        return f"{name(target)} is occupied: a take is written {name(origin)}x{name(target)}"
    if move.is_take and defender is None:
        return f"there is nothing to take on {name(target)}: a move is written {name(origin)}-{name(target)}"
    if move.is_take and defender.color == color:
        return f"you cannot take your own {_bare(defender)} (R9)"

    allowed = (TAKE_DIRECTIONS if move.is_take else MOVE_DIRECTIONS)[piece.shape]
    if direction not in allowed:
        verb = "takes" if move.is_take else "moves"
        orthogonal = direction < 4
        return (
            f"{what} {verb} {_LINE_WORDS[not orthogonal]}, not "
            f"{_LINE_WORDS[orthogonal]} (R7)"
        )
    limit = reach(piece, position.moves_left is not None)
    if distance > limit:
        if position.moves_left is not None:
            return "under the endgame rule every piece moves and takes 1 field only (R16)"
        fields = "1 field" if limit == 1 else f"{limit} fields"
        return f"{what} moves and takes at most {fields} (R8)"
    ray = kind.rays[origin][direction]
    for sq in ray[: distance - 1]:
        if board[sq] is not None:
            return f"{name(sq)} is in the way: nothing jumps (R8)"

    if move.is_take:
        reason = _why_take_illegal(position, move, piece, defender)
        if reason:
            return reason
    elif move.promotion is not None:
        return "only a take can promote (R13)"

    if blockades(position, move):
        return (
            f"this would leave {COLOR_NAMES[1 - color]}'s lone tower without a "
            "move: a blockade is never allowed (R18)"
        )
    return "that move is not allowed here"


def _why_take_illegal(position, move, piece, defender) -> str | None:
    name = position.kind.square_name
    color = piece.color
    choices = _takes(position, move.placements, move.origin, move.target, piece, defender)
    promotes = choices[0].promotion is not None
    if not promotes:
        if move.promotion is not None:
            return "this take does not promote; leave off the '=' part (R13)"
        return None
    shape = choices[0].promotion
    letter = shape_letter(shape, color)
    fields = [m.tower_field for m in choices if m.tower_field is not None]
    if move.promotion is None:
        if fields:
            return (
                f"this take promotes to a {SHAPE_NAMES[shape]} tower: add "
                f"'={letter}@field' with an empty field of {_zone_words(color)} (R13)"
            )
        return f"this take promotes and the tower must wait: write '={letter}' (R15)"
    if move.promotion != shape or move.promotion_color != color:
        return f"this take promotes to a {SHAPE_NAMES[shape]} tower, written '={letter}' (R13)"
    if move.tower_field is None:
        return (
            f"a field of {_zone_words(color)} is free, so the new tower must be "
            f"placed: add '@field' (R13)"
        )
    if move.tower_field not in fields:
        if not fields:
            return f"no field of {_zone_words(color)} is free: the tower waits, write '={letter}' (R15)"
        return (
            f"the new tower goes on an empty field of {_zone_words(color)}; "
            f"{name(move.tower_field)} is not (R13)"
        )
    return None


def _line(kind, origin: int, target: int) -> tuple[int | None, int]:
    """The direction index and distance from ``origin`` to ``target``."""
    for d in range(len(ALL_DIRECTIONS)):
        ray = kind.rays[origin][d]
        if target in ray:
            return d, ray.index(target) + 1
    return None, 0


def _zone_words(color: int) -> str:
    rows = f"ranks 1-{ZONE_ROWS}" if color == 0 else f"ranks {ROWS - ZONE_ROWS + 1}-{ROWS}"
    return f"{COLOR_NAMES[color]}'s set-up zone ({rows})"


def _bare(piece) -> str:
    return piece.describe().split(" ", 1)[1]


def _the(piece) -> str:
    return "a " + _bare(piece)
