"""Saved games' list (web/ui/saved_games.py): what Remove does to a row.
A finished game goes at once (its result is decided); an unfinished one
cannot be brought back once removed, so the player is asked first, in
its row.

>>> rows = SavedList()
>>> rows.remove_pressed("a", over=True)
True
>>> rows.remove_pressed("b", over=False), rows.asking
(False, 'b')
>>> rows.answer("b", remove=True), rows.asking
(True, None)
"""

from __future__ import annotations


class SavedList:
    """Which unfinished game's removal waits for the player's answer."""

    def __init__(self) -> None:
        #: The key of the save asked about (one row at a time), None if none.
        self.asking: str | None = None

    def remove_pressed(self, key: str, over: bool) -> bool:
        """Remove pressed in the row of ``key``: whether it goes now (a
        finished game); an unfinished one is asked about first
        (:meth:`answer`), and a question in another row is dropped."""
        if over:
            self.asking = None
            return True
        self.asking = key
        return False

    def answer(self, key: str, remove: bool) -> bool:
        """The player's answer in the row of ``key``: whether it goes now
        (never for a row not asked about)."""
        if self.asking != key:
            return False
        self.asking = None
        return remove

    def open(self) -> None:
        """The list shown afresh: no question stands."""
        self.asking = None
