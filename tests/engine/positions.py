"""Build test positions by naming only the pieces that matter, and
random games to a given length.

>>> make("single", {"a1": "S^", "f12": "s^"})
'5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1'
>>> origin("@a2,a10xb11=X@c3"), origin("c3-d4")
('a10', 'c3')
"""

import random

from militakiri import SINGLE, Dice, Game, Position, Setup
from militakiri.notation import compose_position


#: A position string with ``pieces`` (``{"c3": "X2"}``) on an empty board.
make = compose_position


def position(board: str, pieces: dict[str, str], **fields) -> Position:
    return Position.from_string(make(board, pieces, **fields))


def origin(token: str) -> str:
    """The field a token's move starts from (after any ``@field,``
    placements): ``'a10'`` in ``'a10xb11'``, not ``'a1'``."""
    move = token.split(",")[-1]
    end = 1
    while end < len(move) and move[end].isdigit():
        end += 1
    return move[:end]


def moves_from(pos: Position, square: str) -> list[str]:
    """The legal tokens whose move starts on ``square``."""
    return [t for t in pos.legal_moves() if origin(t) == square]


def at(pos: Position, square: str) -> str | None:
    """The symbol on ``square``, or None."""
    piece = pos.board[pos.kind.square(square)]
    return None if piece is None else piece.symbol


def played(moves: int, kind=SINGLE, seed: int = 1, **options) -> Game:
    """A game from random set-ups with ``moves`` random moves (fewer if it
    ends), the clock started at 0 and one second per move."""
    rng = random.Random(seed)
    game = Game.new(kind, Setup.random(kind, rng), Setup.random(kind, rng), Dice.roll(rng), **options)
    game.start_clock(now=0)
    while len(game.tokens) < moves and game.legal_moves():
        game.play(rng.choice(game.legal_moves()), now=len(game.tokens) + 1)
    return game


def quiet_game(plies: int, kind=SINGLE, seed: int = 1) -> Game:
    """A legal game of ``plies`` moves that takes nothing (so nothing ends it)."""
    rng = random.Random(seed)
    game = Game.new(kind, Setup.random(kind, rng), Setup.random(kind, rng), "6-1")
    while len(game.tokens) < plies:
        moves = game.legal_moves()
        quiet = [m for m in moves if "x" not in m and "@" not in m and "=" not in m]
        game.play(rng.choice(quiet or moves))
    assert not game.is_over()
    return game
