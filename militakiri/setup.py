"""Set-up and who starts: R3 pieces, R4 placement, R5 spacing, R6 dice.

A player chooses only the files of their towers; the pawns fill in around
them. A set-up is written as in the game record: for each shape the files of
that player's towers, ``"Sc Xd Pb"`` (double board ``"Sbe Xdh Pak"``).

>>> from militakiri.board import SINGLE
>>> Setup.parse("Sc Xd Pb", SINGLE).text()
'Sc Xd Pb'
>>> Dice.parse("4-4 2-5").first
1
>>> start_position(SINGLE, Setup.parse("Sc Xd Pb", SINGLE),
...                Setup.parse("Sa Xb Pf", SINGLE), first=0).string()
's^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import BoardKind, must_be_board
from .bounded import excerpt, is_digits, is_player, must_be_index, must_be_text, quote, split_words
from .errors import InvalidDiceError, InvalidSetupError, InvalidSquareError
from .messages import Join, text, tower_word, towers_word
from .pieces import CROSS, PLUS, SHAPE_LETTERS, SHAPES, STAR, Piece, stack, tower
from .position import Position
from .randomness import Random

if TYPE_CHECKING:
    from typing import Iterable

#: The names of inputs a refusal says, made once (checked on every call).
_A_SETUP = text("n_setup")
_A_SETUP_ROW = text("n_setup_row")
_DICE = text("n_dice")

#: Towers per shape on the board at the start (R3): one per 6 files.
FILES_PER_TOWER = 6
#: Spare towers per shape, per 6 files (R3): star 1, cross 2, plus 2.
SPARES_PER_6_FILES = (1, 2, 2)
#: The shape of each set-up row's towers (R4): row 1 star, 2 cross, 3 plus.
ROW_SHAPES = (STAR, CROSS, PLUS)
_SETUP_FILES = frozenset("abcdefghijkl")


class Setup:
    """The files of one player's towers, per shape (R4, R5)."""

    def __init__(self, kind: BoardKind, files: dict[int, tuple[int, ...]]) -> None:
        self.kind = kind
        #: ``files[shape]``: the 0-based files of that shape's towers, sorted.
        self.files = {shape: tuple(sorted(files[shape])) for shape in SHAPES}
        _check(kind, self.files)

    @classmethod
    def parse(cls, written: str, kind: BoardKind) -> Setup:
        """Read ``"Sc Xd Pb"``; raise InvalidSetupError saying what is wrong."""
        must_be_text(written, _A_SETUP, InvalidSetupError)
        must_be_board(kind, InvalidSetupError)
        groups = split_words(written)
        files: dict[int, tuple[int, ...]] = {}
        for group in groups:
            letter, letters = group[:1], group[1:]
            if not letter or letter not in SHAPE_LETTERS or not letters \
                    or not _SETUP_FILES.issuperset(letters):
                raise InvalidSetupError(text("setup_bad", value=quote(written),
                                             message=text("setup_group", group=quote(group))))
            shape = SHAPE_LETTERS.index(letter)
            if shape in files:
                raise InvalidSetupError(text("setup_bad", value=quote(written),
                                             message=text("setup_twice", letter=letter)))
            try:
                files[shape] = tuple(kind.file_index(f) for f in letters)
            except InvalidSquareError as error:
                raise InvalidSetupError(text("setup_bad", value=quote(written), message=error.text)) from None
        missing = [SHAPE_LETTERS[s] for s in SHAPES if s not in files]
        if missing:
            raise InvalidSetupError(text("setup_bad", value=quote(written),
                                         message=text("setup_missing", missing=", ".join(missing))))
        try:
            return cls(kind, files)
        except InvalidSetupError as error:
            raise InvalidSetupError(text("setup_bad", value=quote(written), message=error.text)) from None

    @classmethod
    def random(cls, kind: BoardKind, rng: Random) -> Setup:
        """A random legal set-up."""
        must_be_board(kind, InvalidSetupError)
        _must_be_random(rng, InvalidSetupError)
        towers = kind.files // FILES_PER_TOWER
        while True:
            files = {STAR: tuple(rng.sample(range(kind.files), towers))}
            for shape in (CROSS, PLUS):
                parity = rng.randrange(2)
                files[shape] = tuple(rng.sample(range(parity, kind.files, 2), towers))
            try:
                return cls(kind, files)
            except InvalidSetupError:
                continue  # R5 spacing broken; draw again

    def text(self) -> str:
        """``'Sc Xd Pb'``."""
        return " ".join(
            SHAPE_LETTERS[shape] + "".join(self.kind.file_letter(f) for f in self.files[shape])
            for shape in SHAPES
        )

    def row_shapes(self, row: int) -> list[int]:
        """The shape on each file of set-up row ``row`` (1-3), by R4."""
        must_be_index(row, 1, len(ROW_SHAPES), _A_SETUP_ROW, InvalidSetupError)
        towers = self.files[ROW_SHAPES[row - 1]]
        if row == 1:
            return [STAR] * self.kind.files
        # Rows 2 and 3 alternate cross and plus, the towers' parity keeping
        # the towers' own shape.
        own, other = (CROSS, PLUS) if row == 2 else (PLUS, CROSS)
        parity = towers[0] % 2
        return [own if f % 2 == parity else other for f in range(self.kind.files)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Setup) and (self.kind, self.files) == (other.kind, other.files)

    def __repr__(self) -> str:
        return f"Setup.parse({self.text()!r}, {self.kind.name.upper()})"


def _check(kind: BoardKind, files: dict[int, tuple[int, ...]]) -> None:
    towers = kind.files // FILES_PER_TOWER
    for shape in SHAPES:
        chosen = files[shape]
        noun = towers_word(shape) if towers > 1 else tower_word(shape)
        if len(chosen) != towers or len(set(chosen)) != towers:
            raise InvalidSetupError(text("setup_count", board=kind.title_words, n=towers, noun=noun,
                                         got=len(chosen)))
        if shape != STAR and len({f % 2 for f in chosen}) > 1:
            raise InvalidSetupError(text("setup_parity", noun=noun, files=_letters(kind, chosen)))
        for a in chosen:
            if a + 1 in chosen:
                raise InvalidSetupError(text("setup_touch", towers=towers_word(shape),
                                             files=_letters(kind, (a, a + 1))))


def _letters(kind: BoardKind, files: Iterable[int]) -> Join:
    return Join(kind.file_letter(f) for f in files)


def _must_be_random(rng: object, error: type) -> None:
    """A source of random numbers: militakiri.randomness.Random, or any
    object with its methods (the standard library's, in tests)."""
    if not all(callable(getattr(rng, name, None)) for name in ("randint", "randrange", "sample")):
        raise error(text("not_random", value=excerpt(rng)))


def start_position(kind: BoardKind, white: Setup, black: Setup, first: int) -> Position:
    """The start position of two set-ups, ``first`` to move (R3, R4)."""
    must_be_board(kind, InvalidSetupError)
    if not (isinstance(white, Setup) and isinstance(black, Setup)):
        raise InvalidSetupError(text("not_two_setups", white=excerpt(white), black=excerpt(black)))
    if not is_player(first):
        raise InvalidSetupError(text("not_first_player", value=excerpt(first)))
    board: list[Piece | None] = [None] * kind.size
    for color, setup in ((0, white), (1, black)):
        if setup.kind is not kind:
            raise InvalidSetupError(text("setup_other_board", setup=setup.kind.title_words, board=kind.title_words))
        for row in (1, 2, 3):
            rank = kind.zone_row(color, row)
            towers = setup.files[ROW_SHAPES[row - 1]]
            for file, shape in enumerate(setup.row_shapes(row)):
                piece = tower(color, shape) if file in towers else stack(color, shape, 1)
                board[kind.at(file, rank)] = piece
    spares = tuple(n * kind.files // 6 for n in SPARES_PER_6_FILES)
    return Position(kind, board, turn=first, spares=(spares, spares))


class Dice:
    """The rolls that decide who starts (R6): White's roll first in each pair."""

    def __init__(self, rolls: list[tuple[int, int]]) -> None:
        if not rolls:
            raise InvalidDiceError(text("dice_none"))
        for white, black in rolls:
            if not (1 <= white <= 6 and 1 <= black <= 6):
                raise InvalidDiceError(text("dice_face", roll=f"{white}-{black}"))
        for white, black in rolls[:-1]:
            if white != black:
                raise InvalidDiceError(text("dice_decided", roll=f"{white}-{black}"))
        white, black = rolls[-1]
        if white == black:
            raise InvalidDiceError(text("dice_tie", roll=f"{white}-{black}"))
        self.rolls = list(rolls)

    @property
    def first(self) -> int:
        """The color that moves first: the higher last roll (R6)."""
        white, black = self.rolls[-1]
        return 0 if white > black else 1

    @classmethod
    def parse(cls, written: str) -> Dice:
        """Read ``"4-4 2-5"``."""
        must_be_text(written, _DICE, InvalidDiceError)
        rolls = []
        for pair in split_words(written):
            if len(pair) != 3 or pair[1] != "-" or not is_digits(pair[0] + pair[2]):
                raise InvalidDiceError(text("dice_bad", value=quote(written),
                                            message=text("dice_pair", pair=quote(pair))))
            rolls.append((int(pair[0]), int(pair[2])))
        try:
            return cls(rolls)
        except InvalidDiceError as error:
            raise InvalidDiceError(text("dice_bad", value=quote(written), message=error.text)) from None

    @classmethod
    def roll(cls, rng: Random) -> Dice:
        """Roll until the dice differ (R6)."""
        _must_be_random(rng, InvalidDiceError)
        rolls: list[tuple[int, int]] = []
        while not rolls or rolls[-1][0] == rolls[-1][1]:
            rolls.append((rng.randint(1, 6), rng.randint(1, 6)))
        return cls(rolls)

    @classmethod
    def for_first(cls, first: int) -> Dice:
        """A single roll that lets ``first`` start (for a chosen start)."""
        return cls([(6, 1)] if first == 0 else [(1, 6)])

    def text(self) -> str:
        return " ".join(f"{w}-{b}" for w, b in self.rolls)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dice) and self.rolls == other.rolls

    def __repr__(self) -> str:
        return f"Dice.parse({self.text()!r})"
