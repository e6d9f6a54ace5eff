"""Errors: each refusal is a precise ``ValueError`` subclass.

The message names the input and says why it was refused, so the command line
and the browser can show it to a player as it is. It is a
:class:`~militakiri.messages.Text`: ``str(error)`` is the English sentence
(the command line's), ``error.say("nl")`` the same in Dutch (the page's
language), so no English reaches a Dutch page.

>>> from .messages import text
>>> error = InvalidRecordError(text("record_tag_twice", name="White"), 3, 1)
>>> str(error)
'line 3, column 1: the tag White appears twice'
>>> error.say("nl")
'regel 3, kolom 1: de tag White staat er twee keer'
"""

from __future__ import annotations

from .messages import Text, text


class MilitakiriError(ValueError):
    """Base class of every input the engine refuses.

    ``reason``, where one is given, is the refusal's sentence on its own:
    for a refused move or set-up a :class:`~militakiri.messages.Text` that
    also says itself in Dutch, for a record the message without its line
    and column. Otherwise it is ``None``.
    """

    #: The longest message: each one quotes only excerpts of its input
    #: (bounded.excerpt), and this cut keeps any that does not short.
    MAX_MESSAGE = 400

    def __init__(self, message: Text, *, reason: Text | None = None) -> None:
        super().__init__(self._cut(message))
        #: The sentence with its key and arguments: said again in any language.
        self.text = message
        self.reason = reason

    def say(self, lang: str = "en") -> str:
        """The message in ``lang`` (a page's language; English for an unknown code)."""
        return self._cut(self.text.say(lang))

    @classmethod
    def _cut(cls, message: str) -> str:
        if len(message) > cls.MAX_MESSAGE:
            return message[:cls.MAX_MESSAGE - 1] + "…"
        return str(message)


class InvalidSquareError(MilitakiriError):
    """A square, file or board name that does not exist."""


class InvalidPlyError(MilitakiriError):
    """A game's ply that is not a whole number from 0 to its moves."""


class InvalidPositionError(MilitakiriError):
    """A malformed position string (NOTATION.md)."""


class InvalidSetupError(MilitakiriError):
    """A set-up that breaks R4 or R5, or is malformed."""


class InvalidDiceError(MilitakiriError):
    """Dice rolls that do not decide who starts (R6), or are malformed."""


class InvalidTokenError(MilitakiriError):
    """A move token that is not of the form NOTATION.md describes."""


class IllegalMoveError(MilitakiriError):
    """A well-formed move token that the rules do not allow now (R24)."""


class GameOverError(IllegalMoveError):
    """A move or clock action after the game has ended."""


class InvalidGoalError(MilitakiriError):
    """A task's goal (militakiri/goals.py) that is malformed: an unknown
    kind or field, or a field of the wrong type or out of range."""


class InvalidOutcomeError(MilitakiriError):
    """A result and a termination that are no outcome (Outcome.parse)."""


class InvalidTimeControlError(MilitakiriError):
    """A malformed or impossible time control."""


class ClockError(MilitakiriError):
    """A clock used out of order, e.g. time running backwards."""


class InvalidRecordError(MilitakiriError):
    """A game record that cannot be read or replayed.

    ``line`` and ``column`` (1-based) point at the offending text.
    """

    def __init__(self, message: Text, line: int, column: int) -> None:
        super().__init__(text("at_line", line=line, column=column, message=message), reason=message)
        self.line = line
        self.column = column
