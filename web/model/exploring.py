"""A variation being explored off a game or off another variation
(web/model/modes/analysis.py), kept on the state (Core.exploring)."""

from __future__ import annotations

from militakiri import Game

from web.model.review import GameReview
from web.model.settings import GameSettings


class Exploring:
    """A variation being explored (modes/analysis.py): the line set aside
    (the game, or the variation this one branches from: ``outer``), the ply
    it branches at (the position after ``ply`` moves), and what the state
    had of that line (its settings, its review, the board's side)."""

    __slots__ = ("game", "ply", "settings", "review", "flipped", "outer")

    def __init__(self, game: Game, ply: int, settings: GameSettings, review: GameReview | None,
                 flipped: bool, outer: Exploring | None = None) -> None:
        self.game = game
        self.ply = ply
        self.settings = settings
        self.review = review
        self.flipped = flipped
        self.outer = outer
