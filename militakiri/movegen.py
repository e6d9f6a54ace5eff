"""Move generation: every legal turn of the player to move, and the end
when there is none (R20).

A turn first places the waiting towers (R15), then moves or takes with one
piece (R7-R9). *Pseudo-legal* turns follow those rules alone; the *legal*
ones also respect the blockade ban (R18), and there are none once the game is
over.

R18 asks whether the opponent "has a legal move" after ours. Their moves are
counted as pseudo-legal: read recursively, each side's blockade check would
ask the other's, with no end between two lone towers.
"""

from __future__ import annotations

from itertools import permutations

from .board import ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL
from .move import Move
from .outcome import Outcome, Termination
from .pieces import CROSS, PLUS, STAR, tower
from .state import PositionState, take_result

_ORTHO = tuple(ALL_DIRECTIONS.index(d) for d in ORTHOGONAL)
_DIAG = tuple(ALL_DIRECTIONS.index(d) for d in DIAGONAL)
_ALL = _ORTHO + _DIAG

#: R7: the directions each shape moves in, and those it takes in.
MOVE_DIRECTIONS = {STAR: _ALL, CROSS: _DIAG, PLUS: _ORTHO}
TAKE_DIRECTIONS = {STAR: _ALL, CROSS: _ORTHO, PLUS: _DIAG}


#: A tower's reach: further than any line of the board (R8).
TOWER_REACH = 99


def reach(piece, endgame: bool) -> int:
    """How many fields ``piece`` may move or take across (R8, R16)."""
    if endgame:
        return 1
    return TOWER_REACH if piece.is_tower else piece.height


def pseudo_legal_moves(position: PositionState) -> list[Move]:
    """Every turn the movement rules allow, ignoring R18 and the outcome."""
    color = position.turn
    waiting = position.waiting[color]
    if waiting:
        free = position.free_zone_fields(color)
        if free:
            # R15: as many waiting towers as there are free fields must be
            # placed, oldest first, each order of fields a distinct turn.
            board = position.board
            moves = []
            for fields in permutations(free, min(len(waiting), len(free))):
                for sq, shape in zip(fields, waiting):
                    board[sq] = tower(color, shape)
                moves += _piece_moves(position, fields)
                for sq in fields:
                    board[sq] = None
            return moves
    return _piece_moves(position, ())


def _piece_moves(position: PositionState, placements: tuple[int, ...]) -> list[Move]:
    board = position.board
    color = position.turn
    endgame = position.moves_left is not None
    move_rays, take_rays = _rays(position.kind)
    moves = []
    for origin, piece in enumerate(board):
        if piece is None or piece.color != color:
            continue
        distance = reach(piece, endgame)
        for ray in move_rays[piece.shape][distance][origin]:
            for target in ray:
                if board[target] is not None:
                    break
                moves.append(Move(origin, target, False, placements))
        for ray in take_rays[piece.shape][distance][origin]:
            for target in ray:
                defender = board[target]
                if defender is None:
                    continue
                if defender.color != color:
                    moves += _takes(position, placements, origin, target, piece, defender)
                break
    return moves


_RAY_TABLES: dict = {}
_REACHES = (1, 2, 3, 4, TOWER_REACH)


def _rays(kind):
    """``(move_rays, take_rays)``, each ``[shape][reach][square]``: the lines
    a piece of that shape and reach may use, each cut to its reach."""
    tables = _RAY_TABLES.get(kind.name)
    if tables is None:
        tables = tuple(
            {
                shape: {
                    distance: [
                        tuple(kind.rays[sq][d][:distance] for d in directions[shape])
                        for sq in kind.squares
                    ]
                    for distance in _REACHES
                }
                for shape in (STAR, CROSS, PLUS)
            }
            for directions in (MOVE_DIRECTIONS, TAKE_DIRECTIONS)
        )
        _RAY_TABLES[kind.name] = tables
    return tables


def _takes(position, placements, origin, target, piece, defender) -> list[Move]:
    color = piece.color
    _, promotion = take_result(piece, defender)
    if promotion is None or position.spares[color][promotion] == 0:
        return [Move(origin, target, True, placements)]
    # R13: the tower goes to any field of the own zone that is empty once the
    # stack has left, its own field and the taken one included.
    in_zone = position.kind.in_zone
    fields = position.free_zone_fields(color)
    fields += [sq for sq in (origin, target) if in_zone(color, sq)]
    if not fields:  # R15: it waits
        return [Move(origin, target, True, placements, promotion, None, color)]
    return [
        Move(origin, target, True, placements, promotion, field, color)
        for field in fields
    ]


def legal_moves(position: PositionState) -> list[Move]:
    """Every legal turn; none once the game is over."""
    if position.decided_outcome() is not None:
        return []
    moves = pseudo_legal_moves(position)
    foe = 1 - position.turn
    # R18 can only bite if one take could leave the foe a lone tower.
    if position.towers[foe] and position.towers[foe] + position.stacks[foe] <= 2:
        moves = [move for move in moves if not blockades(position, move)]
    return moves


def blockades(position: PositionState, move: Move) -> bool:
    """Whether ``move`` would leave the foe's lone tower without a move (R18)."""
    foe = 1 - position.turn
    position.push(move)
    try:
        return (
            position.moves_left is not None
            and position.is_lone_tower(foe)
            and not pseudo_legal_moves(position)
        )
    finally:
        position.pop()


def rules_outcome(position: PositionState) -> Outcome | None:
    """How the rules have ended the game at ``position``, or ``None``."""
    decided = position.decided_outcome()
    if decided is not None:
        return decided
    if not legal_moves(position):
        return Outcome(Termination.NO_MOVES, winner=1 - position.turn)  # R20
    return None
