"""Militakiri: the rules engine.

Pure Python, standard library only, in the subset of the language that
CPython and MicroPython share, so the same code runs in CPython, in Pyodide
and in the page's MicroPython: no enum, dataclasses, itertools
beyond the few MicroPython has or re beyond match and search; random
numbers from :mod:`~militakiri.randomness`, and input quoted, split and
stripped by :mod:`~militakiri.bounded` as CPython does it (:data:`Termination`
is an object of string constants that is called and iterated as the enum
was). The modules form layers, each importing only from those before it
(tests/engine/test_layers.py):

- values: :mod:`~militakiri.board` geometry, :mod:`~militakiri.pieces`,
  :class:`Move` tokens, :class:`Outcome`, errors, messages, :class:`Clock`;
- :mod:`~militakiri.state` the position's data with ``push`` and ``pop``;
- :mod:`~militakiri.movegen` legal moves, :mod:`~militakiri.notation`
  position strings, :mod:`~militakiri.explain` why a move is refused;
- :class:`Position`, the facade that answers every question about a position;
- :mod:`~militakiri.setup`, :class:`SetupDraft`, :mod:`~militakiri.record`
  game records, :mod:`~militakiri.ai` the computer opponent (a package:
  levels, evaluation, search, play, arena);
- :class:`Game` a whole game; :mod:`~militakiri.link` games as links,
  :mod:`~militakiri.cli` the command line, ``python -m militakiri``.

>>> game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
>>> game.legal_moves()[:3]
['a3-b4', 'b3-b4', 'b3-b5']
"""

from .board import DOUBLE, SINGLE, BoardKind, board_kind
from .clock import Clock, TimeControl
from .errors import (
    ClockError,
    GameOverError,
    IllegalMoveError,
    InvalidDiceError,
    InvalidOutcomeError,
    InvalidPlyError,
    InvalidPositionError,
    InvalidRecordError,
    InvalidSetupError,
    InvalidSquareError,
    InvalidTimeControlError,
    InvalidTokenError,
    MilitakiriError,
)
from .draft import SetupDraft
from .game import Game, TurnChoices
from .link import InvalidLinkError, SharedGame, game_from_link, game_to_link
from .move import Move
from .outcome import Outcome, Termination
from .pieces import BLACK, CROSS, PLUS, STAR, WHITE, Piece
from .position import Position
from .record import Players
from .setup import Dice, Setup, start_position

__version__ = "0.1.0"

__all__ = [
    "BLACK", "CROSS", "DOUBLE", "PLUS", "SINGLE", "STAR", "WHITE",
    "BoardKind", "Clock", "ClockError", "Dice", "Game", "GameOverError",
    "IllegalMoveError", "InvalidDiceError", "InvalidOutcomeError", "InvalidPlyError", "InvalidPositionError",
    "InvalidRecordError", "InvalidSetupError", "InvalidSquareError",
    "InvalidTimeControlError", "InvalidTokenError", "MilitakiriError", "Move",
    "InvalidLinkError", "Outcome", "Piece", "Players", "Position", "Setup",
    "SetupDraft", "SharedGame", "Termination", "TimeControl", "TurnChoices",
    "board_kind", "game_from_link", "game_to_link", "start_position",
]
