"""A premove: one move the player queues while the computer thinks.

Pure Python, as lichess's premove: two clicks (a piece of the player's, then
any field) while it is not their turn queue a move; it shows on the board,
and as soon as the computer has moved it is tried as if the player had
made it then (a MovePiece, so the engine decides): played if it is
legal, dropped with the engine's reason if not. A second click on the
piece, Escape, a take-back or a new game drop it.

>>> premove = Premove()
>>> premove.point("c3", own=True), premove.point("d4", own=False), premove.move
(True, True, ('c3', 'd4'))
>>> premove.take(), premove.move
(('c3', 'd4'), None)
"""

from __future__ import annotations


class Premove:
    """The piece chosen and the move queued, as field names."""

    def __init__(self) -> None:
        self.origin: str | None = None
        self.move: tuple[str, str] | None = None

    def point(self, field: str, own: bool) -> bool:
        """A click while the other side moves; whether it changed anything.
        ``own``: the field holds one of the player's pieces."""
        if self.origin is None:
            if not own:
                return False
            self.origin, self.move = field, None
            return True
        if field == self.origin:  # the piece put down again
            self.origin = None
            return True
        if own and self.move is None:  # another piece of one's own
            self.origin = field
            return True
        self.move, self.origin = (self.origin, field), None
        return True

    def fields(self) -> list[str]:
        """The fields to mark on the board."""
        if self.move is not None:
            return list(self.move)
        return [self.origin] if self.origin is not None else []

    def take(self) -> tuple[str, str] | None:
        """The queued move, once: it is played or dropped now."""
        move, self.move, self.origin = self.move, None, None
        return move

    def clear(self) -> bool:
        changed = self.origin is not None or self.move is not None
        self.origin, self.move = None, None
        return changed
