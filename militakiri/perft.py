"""Perft: count the leaves of the game tree to a depth, playing every move.

The standard check of a move generator: the counts from a position must match
an independent implementation's. Every move down to the last ply is really
pushed and popped, so applying moves is checked (and timed) too.

>>> from militakiri.position import Position
>>> start = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
...          "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
>>> [perft(Position.from_string(start), depth) for depth in range(3)]
[1, 13, 165]
"""

from __future__ import annotations

from .position import Position


def perft(position: Position, depth: int) -> int:
    """The number of move sequences of length ``depth`` from ``position``."""
    if depth < 0:
        raise ValueError(f"perft depth {depth} is negative")
    if depth == 0:
        return 1
    count = 0
    for move in position.generate_moves():
        position.push(move)
        count += perft(position, depth - 1)
        position.pop()
    return count
