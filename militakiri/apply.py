"""Applying a move to a position, and taking it back.

``push`` carries out one whole turn: the waiting towers placed (R15), the move
or take and what the take does (R10-R14), then the bookkeeping after the turn
in the order RULINGS.md gives: the move-rule counter, then the endgame rule
may start (R16, R17). The checks that end a game (R19, R17's draw, R20) are
questions about the resulting position; see :mod:`militakiri.outcome`.

Each push saves what it changes, so ``pop`` restores the position exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .move import Move
from .pieces import BLACK, PROMOTION_HEIGHT, stack, tower

if TYPE_CHECKING:
    from .position import Position

#: Moves each player has left when the endgame rule starts (R17).
MOVE_RULE_MOVES = {"single": 50, "double": 100}


def take_result(attacker, defender) -> tuple[object, int | None]:
    """What stands on the taken field after ``attacker`` takes ``defender``.

    Returns ``(piece, promotion)``: the piece left on the field, and the
    shape promoted to when the merged stack reaches its promotion height and
    a spare tower may replace it (the caller checks the spares; R13, R14).
    """
    if attacker.is_tower or defender.is_tower:
        return attacker, None  # R10: towers remove, and are removed whole
    if attacker.height < defender.height:
        return attacker, None  # R11
    height = attacker.height + defender.height  # R12
    limit = PROMOTION_HEIGHT[attacker.shape]
    if height >= limit:
        return stack(attacker.color, attacker.shape, limit), attacker.shape
    return stack(attacker.color, attacker.shape, height), None


def push(position: Position, move: Move) -> None:
    board = position.board
    color = position.turn
    foe = 1 - color
    towers, stacks = position.towers, position.stacks
    origin, target = move.origin, move.target
    piece = board[origin]
    defender = board[target]
    # Everything pop needs; the fields a turn fills (placements, the new
    # tower's field) were empty before it, so they need no saving.
    position.undo_stack.append((
        move, piece, defender,
        position.spares[color], position.waiting[color], position.moves_left,
        position.number, towers[:], stacks[:],
    ))

    if move.placements:  # R15: the oldest waiting towers first
        waiting = position.waiting[color]
        for sq, shape in zip(move.placements, waiting):
            board[sq] = tower(color, shape)
        position.waiting[color] = waiting[len(move.placements):]
        towers[color] += len(move.placements)
        piece = board[origin]  # a tower just placed may be the one that moves

    board[origin] = None
    if defender is None:
        board[target] = piece
    else:
        if defender.is_tower:
            towers[foe] -= 1
        else:
            stacks[foe] -= 1
        result, promotion = take_result(piece, defender)
        if promotion is not None and position.spares[color][promotion] > 0:
            # R13: the whole stack leaves; a spare tower replaces it.
            spares = list(position.spares[color])
            spares[promotion] -= 1
            position.spares[color] = tuple(spares)
            stacks[color] -= 1
            board[target] = None
            if move.tower_field is None:
                position.waiting[color] += (promotion,)
            else:
                board[move.tower_field] = tower(color, promotion)
                towers[color] += 1
        else:
            board[target] = result  # R14 caps the height when no spare is left

    # After the turn, in the order of RULINGS.md.
    if position.moves_left is not None:
        left = list(position.moves_left)
        left[color] = max(0, left[color] - 1)
        position.moves_left = tuple(left)
    elif towers[foe] and (  # R19 first: a won game starts nothing
        (stacks[color] == 0 and towers[color] == 1) or (stacks[foe] == 0 and towers[foe] == 1)
    ):
        moves = MOVE_RULE_MOVES[position.kind.name]
        position.moves_left = (moves, moves)  # R16, R17
    if color == BLACK:
        position.number += 1
    position.turn = foe


def pop(position: Position) -> Move:
    (move, piece, defender, spares, waiting, moves_left, number, towers, stacks) = (
        position.undo_stack.pop()
    )
    board = position.board
    color = 1 - position.turn
    # Undo in reverse: the new tower's field may be the origin or the target,
    # and the origin may be a field a waiting tower was just placed on.
    if move.tower_field is not None:
        board[move.tower_field] = None
    board[move.origin] = piece
    board[move.target] = defender
    for sq in move.placements:
        board[sq] = None
    position.turn = color
    position.spares[color] = spares
    position.waiting[color] = waiting
    position.moves_left = moves_left
    position.number = number
    position.towers = towers
    position.stacks = stacks
    return move
