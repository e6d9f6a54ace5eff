"""How a game ends: result and termination as values (R17, R19-R23, R26).

The rules end a game by towers (R19), by the move rule's draw (R17) or when
the player to move has no legal move (R20); the position judges those
(:meth:`~militakiri.state.PositionState.decided_outcome` counts pieces and
moves left, :func:`~militakiri.movegen.rules_outcome` adds R20). Time (R21),
a missed deadline (R22), resignation (R23) and a forfeit (R26: a game left
unfinished, a lost connection) end it from outside the rules engine; the caller records those with :func:`ended_by`.

This module holds only the values, so every layer can name an outcome.

>>> Outcome(Termination.TOWERS, winner=0)
Outcome('1-0', 'towers')
>>> str(Outcome(Termination.MOVE_RULE, winner=None))
'1/2-1/2 move-rule'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bounded import excerpt, is_player, must_be_text, quote
from .errors import InvalidOutcomeError
from .messages import Text, text
from .pieces import WHITE

if TYPE_CHECKING:
    from typing import Iterator

#: The names of inputs a refusal says, made once (checked on every call).
_A_RESULT = text("n_result")
_A_TERMINATION = text("n_termination")


class TerminationName(str):
    """One way a game ends: the string written in the Termination tag, with
    the ``value`` an enum member has (the string itself, as a plain str)."""

    @property
    def value(self) -> str:
        return str(self)


class Terminations:
    """Why a game ended, as written in the game record's Termination tag.

    The one instance :data:`Termination` is used as an enum is:
    ``Termination.TOWERS``, ``Termination("towers")`` (the same object;
    InvalidOutcomeError, a ValueError, for an unknown name) and ``for t in Termination`` (in the
    order below). Each is a string equal to its name in the tag.

    >>> Termination("no-moves") is Termination.NO_MOVES, Termination.TIME == "time"
    (True, True)
    >>> [t.value for t in Termination][:2]
    ['towers', 'no-moves']
    """

    TOWERS = TerminationName("towers")  # R19
    NO_MOVES = TerminationName("no-moves")  # R20
    TIME = TerminationName("time")  # R21
    DEADLINE = TerminationName("deadline")  # R22
    RESIGNATION = TerminationName("resignation")  # R23
    MOVE_RULE = TerminationName("move-rule")  # R17
    #: A game given up or left unfinished, a lost connection between two
    #: devices among them (R26; NOTATION.md's Termination tag names it).
    FORFEIT = TerminationName("forfeit")

    _ALL = (TOWERS, NO_MOVES, TIME, DEADLINE, RESIGNATION, MOVE_RULE, FORFEIT)

    def __call__(self, value: str) -> TerminationName:
        for member in self._ALL:
            if member == value:
                return member
        raise InvalidOutcomeError(text("not_termination_value", value=excerpt(value)))

    def __iter__(self) -> Iterator[TerminationName]:
        return iter(self._ALL)

    def __len__(self) -> int:
        return len(self._ALL)

    def __repr__(self) -> str:
        return "Termination"


Termination = Terminations()


RESULTS = ("1-0", "0-1", "1/2-1/2")
#: The ends a player or a clock decides, not the position: a record names
#: them in its Termination tag, a link in its end field.
OUTSIDE_ENDS = (Termination.TIME, Termination.DEADLINE, Termination.RESIGNATION, Termination.FORFEIT)


class Outcome:
    """A finished game: who won (``None`` for a draw) and why."""

    __slots__ = ("termination", "winner")

    def __init__(self, termination: TerminationName | str, winner: int | None) -> None:
        self.termination = Termination(termination)
        self.winner = winner

    @property
    def result(self) -> str:
        """``'1-0'``, ``'0-1'`` or ``'1/2-1/2'``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == WHITE else "0-1"

    @classmethod
    def parse(cls, result: str, termination: str) -> Outcome:
        """The outcome written as a result and a termination;
        InvalidOutcomeError (a ValueError) for anything else."""
        must_be_text(result, _A_RESULT, InvalidOutcomeError)
        must_be_text(termination, _A_TERMINATION, InvalidOutcomeError)
        if result not in RESULTS:
            raise InvalidOutcomeError(text("not_a_result", value=excerpt(result)))
        try:
            reason = Termination(termination)
        except ValueError:
            names = ", ".join(quote(t.value) for t in Termination)  # the record's words, quoted
            raise InvalidOutcomeError(text("not_a_termination", value=excerpt(termination), names=names)) from None
        winner = None if result == "1/2-1/2" else RESULTS.index(result)
        if (winner is None) != (reason is Termination.MOVE_RULE):
            raise InvalidOutcomeError(text("outcome_impossible", outcome=f"{result} {termination}"))
        return cls(reason, winner)

    def __str__(self) -> str:
        return f"{self.result} {self.termination}"

    def words(self) -> Text:
        """The outcome in a message: ``str(self)`` in English (the record's
        notation), its termination in words in another language.

        >>> Outcome(Termination.TOWERS, winner=1).words().say("nl")
        '0-1 torens'
        """
        return text("outcome", result=self.result, termination=termination_word(self.termination))

    def __repr__(self) -> str:
        return f"Outcome({self.result!r}, {self.termination.value!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Outcome)
            and self.termination == other.termination
            and self.winner == other.winner
        )

    def __hash__(self) -> int:
        return hash((self.termination, self.winner))


def outcome_words(outcome: Outcome | None) -> Text:
    """:meth:`Outcome.words`, or that the game goes on (None)."""
    return text("game_goes_on") if outcome is None else outcome.words()


def termination_word(termination: TerminationName) -> Text:
    """``'towers'``; in Dutch ``'torens'``."""
    return text(f"term_{termination.value}")


def ended_by(termination: TerminationName | str, loser: int) -> Outcome:
    """An end from outside the rules engine: time, deadline, resignation or forfeit."""
    if not is_player(loser):
        raise InvalidOutcomeError(text("is_not_player", value=excerpt(loser)))
    if termination not in OUTSIDE_ENDS:
        raise InvalidOutcomeError(text("termination_by_rules", value=excerpt(termination)))
    return Outcome(termination, winner=1 - loser)
