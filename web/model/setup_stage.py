"""The set-up stage of a game (R3-R6), as the page runs it.

White places their towers in their set-up zone, then Black; on one device
each set-up is hidden from the other player until both are done (R4). A
board whose other side is played by its embedding page (web/model/remote.py)
has its own player place first, whatever their color: the other set-up comes
as a message, and is shown once the player's own is done. Then
the dice decide who starts (R6: UiState.roll). Every check is the engine's
(:class:`~militakiri.draft.SetupDraft`); this module adds what a screen
needs: whose turn it is to place, the refusal to show, the towers to draw.
"""

from __future__ import annotations


from militakiri import MilitakiriError
from militakiri.board import BoardKind
from militakiri.draft import SetupDraft
from militakiri.pieces import BLACK, SHAPE_NAMES, WHITE, tower
from militakiri.pieces import Piece
from militakiri.randomness import Random
from militakiri.setup import Setup

from web.model.status import Mark, Message, warning


class SetupStage:
    """Both set-ups of one game in the making."""

    def __init__(self, kind: BoardKind, first: int = WHITE) -> None:
        self.kind = kind
        self.drafts: tuple[SetupDraft, ...] = (SetupDraft(kind, WHITE), SetupDraft(kind, BLACK))
        #: Who places first, then second.
        self.order = (first, 1 - first)
        #: Whose set-up is being placed; None once both are done.
        self.color: int | None = first

    @property
    def draft(self) -> SetupDraft | None:
        """The set-up being placed now, if any."""
        return None if self.color is None else self.drafts[self.color]

    def _placing(self) -> SetupDraft:
        """The set-up being placed: asked only while there is one."""
        draft = self.draft
        assert draft is not None, "both set-ups are done"
        return draft

    def point(self, field: str) -> Message | None:
        """The player placing pointed at ``field``: a tower there is taken
        away, else one is placed (on the single board, a row's tower moves
        along its row). Returns the refusal, or None: the set-up changed."""
        draft = self.draft
        if draft is None:
            return warning("setup_finished")
        if draft.has_tower(field):
            draft.remove(field)
            return None
        row = draft.row_of(field)
        if row is not None and draft.towers_per_shape == 1:
            # One tower per row on the single board: a click elsewhere on
            # the row moves it there.
            for old in draft.tower_squares(draft.shape_of_row(row)):
                draft.remove(old)
        problem = draft.problem(field)
        if problem is not None:
            return warning("engine_says", reason=problem)
        draft.place(field)
        return None

    def randomize(self, rng: Random) -> None:
        """A random set-up for the player placing (the Random button)."""
        self._replace(SetupDraft.random(self.kind, self._placing().color, rng))

    def clear(self) -> None:
        """The player placing starts again (the Clear button)."""
        self._placing().clear()

    def confirm(self) -> Message | None:
        """The player placing is done: the second follows the first (Black
        White), then the dice. Returns the engine's refusal of an incomplete
        set-up, or None."""
        try:
            self._placing().setup()
        except MilitakiriError as error:
            return warning("engine_says", reason=error.text)
        self._next()
        return None

    def place_whole(self, text: str) -> None:
        """A whole set-up in set-up notation (R4: the computer's, the
        embedding page's), confirmed."""
        self._replace(SetupDraft.from_setup(Setup.parse(text, self.kind), self._placing().color))
        self._next()

    def _next(self) -> None:
        self.color = self.order[1] if self.color == self.order[0] else None

    def confirmed(self, color: int) -> bool:
        """Whether ``color``'s set-up is done (the first's before the second's)."""
        return self.color is None or (color == self.order[0] and self.color == self.order[1])

    def setups(self) -> tuple[Setup, Setup]:
        """Both set-ups, once both are done."""
        return self.drafts[WHITE].setup(), self.drafts[BLACK].setup()

    def hidden_color(self, elsewhere: int | None) -> int | None:
        """The color whose set-up must not be seen now (R4, one device): the
        first's while the second places, unless the second is played
        ``elsewhere`` (the computer, the embedding page)."""
        first, second = self.order
        return first if self.color == second and elsewhere != second else None

    def pieces(self, elsewhere: int | None) -> dict[int, Piece]:
        """``{square: piece}`` to draw: the towers placed so far that may be seen."""
        shown: dict[int, Piece] = {}
        for draft in self.drafts:
            if draft.color != self.hidden_color(elsewhere):
                shown.update(draft.pieces())
        return shown

    def ghosts(self) -> list[Mark]:
        """Where the player placing may still put a tower, with its shape."""
        draft = self._placing()
        missing = draft.missing_shapes()
        marks = []
        for field in draft.free_fields():
            row = draft.row_of(field)
            assert row is not None  # a free field of the zone
            shape = draft.shape_of_row(row)
            if SHAPE_NAMES[shape] in missing:
                marks.append(Mark("ghost", field, tower(draft.color, shape)))
        return marks

    def prompt(self, who: str, alone: bool = False) -> Message:
        """What the player placing (``who``, their label) is to do now;
        ``alone``: no other person sets up after them (the computer plays)."""
        draft = self._placing()
        if draft.is_complete():
            last = alone or draft.color != self.order[0]
            return Message("setup_done_last" if last else "setup_done_next", {"player": who})
        ranks = [self.kind.zone_row(draft.color, row) + 1 for row in (1, 2, 3)]
        key = "setup_place" if draft.towers_per_shape == 1 else "setup_place_double"
        return Message(key, {"player": who, "r1": ranks[0], "r2": ranks[1], "r3": ranks[2]})

    def _replace(self, draft: SetupDraft) -> None:
        self.drafts = tuple(draft if draft.color == color else old for color, old in enumerate(self.drafts))

