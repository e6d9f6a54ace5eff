"""A set-up in the making: one player placing their towers (R3, R4, R5).

A board UI lets a player click the fields of their towers one by one; before
the set-up is complete, :class:`~militakiri.setup.Setup` cannot be built yet.
:class:`SetupDraft` holds the towers placed so far, says in words why a field
cannot take the next tower, and fills in the pawns of every row that has its
towers, so a UI shows the set-up growing without knowing any rule.

>>> from militakiri.board import SINGLE
>>> draft = SetupDraft(SINGLE, color=0)
>>> draft.place("c1"); draft.place("d2")
>>> print(draft.problem("c4"))
c4 is not in Red's set-up zone: towers stand on ranks 1-3 (R4)
>>> draft.missing_shapes()
['plus']
>>> draft.place("b3"); draft.setup().text()
'Sc Xd Pb'
"""

from __future__ import annotations

from .board import ZONE_ROWS, BoardKind
from .bounded import excerpt, must_be_index
from .errors import InvalidSetupError
from .messages import Join, Text, color_word, shape_word, text, tower_word, towers_word
from .pieces import COLOR_NAMES, CROSS, PLUS, SHAPE_NAMES, SHAPES, STAR, Piece, stack, tower
from .randomness import Random
from .setup import FILES_PER_TOWER, ROW_SHAPES, Setup

#: The names of inputs a refusal says, made once (checked on every call).
_A_SETUP_ROW = text("n_setup_row")
_A_SHAPE = text("n_shape")


class SetupDraft:
    """The towers one player has placed so far (R4), each on its own row."""

    def __init__(self, kind: BoardKind, color: int) -> None:
        self.kind = kind
        self.color = color
        #: ``files[shape]``: 0-based files of the towers placed, in order.
        self.files: dict[int, list[int]] = {shape: [] for shape in SHAPES}

    @classmethod
    def from_setup(cls, setup: Setup, color: int) -> SetupDraft:
        if not isinstance(setup, Setup):
            raise InvalidSetupError(f"{excerpt(setup)} is not a set-up (Setup.parse reads one)")
        draft = cls(setup.kind, color)
        for shape in SHAPES:
            draft.files[shape] = list(setup.files[shape])
        return draft

    @classmethod
    def random(cls, kind: BoardKind, color: int, rng: Random) -> SetupDraft:
        """A complete random set-up (see :meth:`Setup.random`)."""
        return cls.from_setup(Setup.random(kind, rng), color)

    # Where things go ----------------------------------------------------------

    @property
    def towers_per_shape(self) -> int:
        """Towers of each shape at the start: 1 single board, 2 double (R3)."""
        return self.kind.files // FILES_PER_TOWER

    def row_of(self, square: str) -> int | None:
        """This player's set-up row (1-3) of ``square``, or ``None`` outside the zone."""
        rank = self.kind.rank_of(self.kind.square(square))
        for row in range(1, ZONE_ROWS + 1):
            if self.kind.zone_row(self.color, row) == rank:
                return row
        return None

    def shape_of_row(self, row: int) -> int:
        """The shape of the towers of set-up row ``row`` (R4)."""
        return ROW_SHAPES[must_be_index(row, 1, len(ROW_SHAPES), _A_SETUP_ROW, InvalidSetupError) - 1]

    def tower_squares(self, shape: int | None = None) -> list[str]:
        """The fields of the towers placed (of ``shape``, or all), row 1 first."""
        shapes = SHAPES if shape is None else (must_be_index(shape, STAR, PLUS, _A_SHAPE, InvalidSetupError),)
        return [
            self.kind.square_name(self._square(s, f))
            for s in shapes
            for f in self.files[s]
        ]

    def has_tower(self, square: str) -> bool:
        return square in self.tower_squares()

    def _short_shapes(self) -> list[int]:
        """The shapes still short of towers, row 1 first."""
        need = self.towers_per_shape
        return [s for s in SHAPES if len(self.files[s]) < need]

    def missing_shapes(self) -> list[str]:
        """The names of the shapes still short of towers, row 1 first."""
        return [SHAPE_NAMES[s] for s in self._short_shapes()]

    def is_complete(self) -> bool:
        return not self.missing_shapes()

    # Placing ------------------------------------------------------------------

    def problem(self, square: str) -> Text | None:
        """Why no further tower can go on ``square`` now, or ``None`` if it can.

        The answer is an English sentence that also says itself in Dutch
        (``.say("nl")``, see :mod:`~militakiri.messages`).
        """
        kind = self.kind
        row = self.row_of(square)
        if row is None:
            return text("outside_zone", square=square, player=color_word(self.color),
                        rows=self._zone_words())
        shape = self.shape_of_row(row)
        file = kind.file_of(kind.square(square))
        chosen = self.files[shape]
        if file in chosen:
            return text("tower_already_there", tower=tower_word(shape), square=square)
        need = self.towers_per_shape
        if len(chosen) >= need:
            placed = Join(self.tower_squares(shape))
            if need == 1:
                return text("one_tower_placed", tower=tower_word(shape), placed=placed)
            return text("both_towers_placed", towers=towers_word(shape), placed=placed)
        for other in chosen:
            if abs(other - file) == 1:
                return text("side_by_side", square=square, tower=tower_word(shape),
                            other=kind.square_name(self._square(shape, other)))
        if shape != STAR:
            for other in chosen:
                if other % 2 != file % 2:
                    return text("alternate", rank=kind.rank_of(kind.square(square)) + 1, nth=text(f"nth_{row}"),
                                tower=tower_word(shape),
                                shape=shape_word(shape),
                                other=kind.square_name(self._square(shape, other)), square=square,
                                other_shape=shape_word(PLUS if shape == CROSS else CROSS))
        return None

    def can_place(self, square: str) -> bool:
        return self.problem(square) is None

    def place(self, square: str) -> None:
        """Put a tower on ``square``; raises InvalidSetupError saying why not."""
        problem = self.problem(square)
        if problem is not None:
            raise InvalidSetupError(problem, reason=problem)
        row = self.row_of(square)
        assert row is not None  # problem() refuses a field outside the zone
        self.files[self.shape_of_row(row)].append(self.kind.file_of(self.kind.square(square)))

    def remove(self, square: str) -> None:
        """Take back the tower on ``square``."""
        row = self.row_of(square)
        file = self.kind.file_of(self.kind.square(square))
        if row is None or file not in self.files[self.shape_of_row(row)]:
            reason = text("nothing_to_remove", square=square)
            raise InvalidSetupError(reason, reason=reason)
        self.files[self.shape_of_row(row)].remove(file)

    def clear(self) -> None:
        for shape in SHAPES:
            self.files[shape] = []

    def free_fields(self) -> list[str]:
        """Every field where a tower can be placed now, sorted by square."""
        return [
            self.kind.square_name(sq)
            for sq in self.kind.zone[self.color]
            if self.problem(self.kind.square_name(sq)) is None
        ]

    # Results ------------------------------------------------------------------

    def setup(self) -> Setup:
        """The finished set-up; raises InvalidSetupError while towers are missing."""
        missing = self._short_shapes()
        if missing:
            key = "still_to_place" if len(missing) > 1 or self.towers_per_shape > 1 else "still_to_place_one"
            reason = text(key, player=color_word(self.color), shapes=Join(map(shape_word, missing)))
            raise InvalidSetupError(reason, reason=reason)
        return Setup(self.kind, {s: tuple(self.files[s]) for s in SHAPES})

    def pieces(self) -> dict[int, Piece]:
        """``{square: piece}`` for what the zone shows now: the towers placed,
        and the pawns of each row that has at least one tower (R4)."""
        kind = self.kind
        result: dict[int, Piece] = {}
        for row in range(1, ZONE_ROWS + 1):
            shape = self.shape_of_row(row)
            towers = self.files[shape]
            if not towers:
                continue
            rank = kind.zone_row(self.color, row)
            if row == 1:
                shapes = [STAR] * kind.files
            else:
                other = PLUS if shape == CROSS else CROSS
                parity = towers[0] % 2
                shapes = [shape if f % 2 == parity else other for f in range(kind.files)]
            for file, pawn in enumerate(shapes):
                piece = tower(self.color, shape) if file in towers else stack(self.color, pawn, 1)
                result[kind.at(file, rank)] = piece
        return result

    def _square(self, shape: int, file: int) -> int:
        row = ROW_SHAPES.index(shape) + 1
        return self.kind.at(file, self.kind.zone_row(self.color, row))

    def _zone_words(self) -> str:
        """The ranks of this player's zone, row 1 first: ``'1-3'``, ``'12-10'``."""
        if self.color == 0:
            return f"1-{ZONE_ROWS}"
        rows = self.kind.rows
        return f"{rows}-{rows - ZONE_ROWS + 1}"

    def __repr__(self) -> str:
        return f"SetupDraft({self.kind.name!r}, {COLOR_NAMES[self.color]}, {self.tower_squares()})"
