"""Replay: which move of the game the board shows.

Pure Python. ``ply`` is the number of moves played in the position shown:
``None`` means the live end of the game (where play goes on); 0 is the
start; ``k`` is the position after the k-th move. A past position is shown
read-only: the UiState refuses board input there, and the player goes back
to the end (Last, End) to play on. The positions are the game's own
(``Game.position_at``: a fold of its moves, with the positions it keeps on
the way, so stepping through a long game is one move's work).

>>> from militakiri import Game
>>> game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
>>> for token in ("c3-d4", "f10-f9", "d4-c5"): game.play(token)
>>> view = Replay()
>>> view.step(game, -1), view.shown(game), view.last_token(game)
(True, 2, 'f10-f9')
>>> view.first(game), view.shown(game), view.last_token(game)
(True, 0, None)
>>> view.last(game), view.is_live()
(True, True)
"""

from __future__ import annotations

from militakiri import Game, Position


class Replay:
    def __init__(self) -> None:
        self.ply: int | None = None

    # Asking -------------------------------------------------------------------

    def is_live(self) -> bool:
        return self.ply is None

    @staticmethod
    def total(game: Game) -> int:
        return len(game.tokens) if game is not None else 0

    def shown(self, game: Game) -> int:
        """The ply shown: the live end unless stepping back."""
        total = self.total(game)
        return total if self.ply is None else min(self.ply, total)

    def position(self, game: Game) -> Position:
        """The position shown (the game's own live position at the end)."""
        ply = self.shown(game)
        return game.position if ply == len(game.tokens) else game.position_at(ply)

    def last_token(self, game: Game) -> str | None:
        """The move that led to the position shown."""
        ply = self.shown(game)
        return game.tokens[ply - 1] if game is not None and ply > 0 else None

    # Moving -------------------------------------------------------------------

    def go(self, game: Game, ply: int) -> bool:
        """Show the position after ``ply`` moves; returns whether it changed."""
        total = self.total(game)
        ply = max(0, min(int(ply), total))
        new = None if ply >= total else ply
        if new == self.ply:
            return False
        self.ply = new
        return True

    def step(self, game: Game, delta: int) -> bool:
        return self.go(game, self.shown(game) + delta)

    def first(self, game: Game) -> bool:
        return self.go(game, 0)

    def last(self, game: Game) -> bool:
        return self.go(game, self.total(game))

    def reset(self) -> None:
        """A new game: back to the live end."""
        self.ply = None
