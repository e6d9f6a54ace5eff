"""What players made on the earlier 8-rank board, as the page shows it.

Before the full manual gave the board's height (R1: 12 ranks), this page
played on 8. Players kept what they made there: saved games, links,
records, ``?position=`` bookmarks, rated games in their profiles, puzzle
progress and lesson stars. None of it is converted or dropped: a game is
shown and played on the board it was played on (the engine's
``BoardKind.earlier``, militakiri/board.py), with a note that says so; the
rest keeps its place. docs/earlier-board.md says why.

This module holds the page's few decisions about it, in plain Python (so
they run the same in CPython and in the page's MicroPython):

- the note a game on the earlier board carries, and its row in Saved games;
- a rematch of such a game, which starts on the official board;
- puzzle ids: the official board's ``s12-0001`` / ``d12-0001`` and the
  earlier board's ``s0001`` / ``d0001``, which a player's progress and old
  ``?puzzle=`` links still name after those puzzles are gone.

>>> from militakiri.board import EARLIER_SINGLE, SINGLE
>>> board_note(EARLIER_SINGLE)
'Played on the earlier 8-rank board, before the official 12-rank board.'
>>> board_note(SINGLE) is None
True
>>> [is_puzzle_id(text) for text in ("s12-0001", "d12-0100", "s0042", "x0001", "s12-", "s12-00a1")]
[True, True, True, False, False, False]
>>> is_earlier_puzzle_id("s0042"), is_earlier_puzzle_id("s12-0042"), puzzle_board("d0007")
(True, False, 'double')
"""

from __future__ import annotations


from militakiri.board import EARLIER_ROWS, ROWS
from militakiri.board import BoardKind
from militakiri.bounded import excerpt, is_digits

from web.i18n.texts import t
from web.model.settings import GameSettings
from web.model.progress import Progress
from web.model.puzzles import Puzzle


#: A puzzle id's first letter says its board.
PUZZLE_BOARDS = {"s": "single", "d": "double"}
#: The official board's puzzle ids: ``s12-0001``, the board's letter, its
#: ranks and the number (tools/puzzles.py).
OFFICIAL_PUZZLE_MARK = f"{ROWS}-"
#: The most digits a puzzle's number has (tools/puzzles.py writes four).
MAX_PUZZLE_DIGITS = 6


def board_note(kind: BoardKind) -> str | None:
    """The note a game on the earlier board carries wherever it is opened
    (a save, a link, a record, ``?position=``), or None on the official board."""
    if not kind.earlier:
        return None
    return t("earlier_board_note", rows=kind.rows, official=ROWS)


def saved_game_words(white: str, black: str, number: int, kind: BoardKind, when: str) -> str:
    """A saved game's row in Saved games: its players, the move it is at
    (``number``), when it was saved (``when``: the browser's words); one on
    the earlier 8-rank board says so.

    >>> from militakiri.board import EARLIER_SINGLE
    >>> saved_game_words("White", "Black", 1, EARLIER_SINGLE, "today")
    'White – Black, at move 1, saved today · on the earlier 8-rank board'
    """
    values = {"white": white, "black": black, "moves": number, "when": when}
    if kind.earlier:
        return t("saved_game_row_earlier", rows=kind.rows, **values)
    return t("saved_game_row", **values)


def rematch(settings: GameSettings, kind: BoardKind) -> GameSettings:
    """The rematch of a game on ``kind`` with ``settings`` (colors
    swapped: GameSettings.rematch). Every new game is on the official
    board: one after a game on the earlier board starts from a set-up there,
    never again from the earlier board's position (``?position=``)."""
    again = settings.rematch()
    if kind.earlier:
        again.position = None
    return again


# Puzzle ids -----------------------------------------------------------------


def _number(text: str) -> bool:
    return is_digits(text) and len(text) <= MAX_PUZZLE_DIGITS


def is_official_puzzle_id(text: object) -> bool:
    """Whether ``text`` is a puzzle id of the official board, ``s12-0001``."""
    return (isinstance(text, str) and text[:1] in PUZZLE_BOARDS and text[1:].startswith(OFFICIAL_PUZZLE_MARK)
            and _number(text[1 + len(OFFICIAL_PUZZLE_MARK):]))


def is_earlier_puzzle_id(text: object) -> bool:
    """Whether ``text`` is a puzzle id of the earlier 8-rank board, ``s0001``:
    puzzles no longer offered, which progress and old links still name."""
    return isinstance(text, str) and text[:1] in PUZZLE_BOARDS and _number(text[1:])


def puzzle_id(board: str, number: int) -> str:
    """The official board's id of puzzle ``number`` on ``board``: its
    letter, the board's ranks and the number, so that it can never be taken
    for one of the earlier board's (tools/puzzles.py names its puzzles so).

    >>> puzzle_id("double", 7)
    'd12-0007'
    """
    return f"{board[0]}{OFFICIAL_PUZZLE_MARK}{number:04d}"


def puzzle_number(text: str) -> int:
    """The number of a puzzle's id: ``s12-0042`` (or the earlier ``s0042``) is 42.

    >>> puzzle_number("s12-0042"), puzzle_number("d0007")
    (42, 7)
    """
    return int(text[1 + len(OFFICIAL_PUZZLE_MARK):] if is_official_puzzle_id(text) else text[1:])


def is_puzzle_id(text: object) -> bool:
    """Whether ``text`` is a puzzle id, of the official board or the earlier one."""
    return is_official_puzzle_id(text) or is_earlier_puzzle_id(text)


def puzzle_board(puzzle_id: str) -> str:
    """The board (``single``, ``double``) a puzzle id names; ``single`` if none."""
    return PUZZLE_BOARDS.get(puzzle_id[:1], "single")


def _shipped(puzzles: tuple[Puzzle, ...]) -> set[str]:
    return {puzzle.id for puzzle in puzzles}


def earlier_tries(progress: Progress, puzzles: tuple[Puzzle, ...]) -> list[tuple[str, bool]]:
    """The rated tries of the progress's history at puzzles of the earlier
    board that are no longer offered, oldest first: ``(id, solved)``. They
    stay in the history and in the rating (never dropped)."""
    shipped = _shipped(puzzles)
    return [(id, solved) for id, solved, _after in progress.history
            if id not in shipped and is_earlier_puzzle_id(id)]


def earlier_to_retry(progress: Progress, puzzles: tuple[Puzzle, ...]) -> list[str]:
    """The puzzles to try again (Progress.to_retry) that were on the earlier
    board and are no longer offered: listed with a note, not as a button."""
    shipped = _shipped(puzzles)
    return [id for id in progress.to_retry() if id not in shipped and is_earlier_puzzle_id(id)]


def history_note(progress: Progress, puzzles: tuple[Puzzle, ...]) -> str:
    """Learn's words for the history's puzzles of the earlier board, or ``""``.

    >>> from web.model.progress import Progress
    >>> progress = Progress.read('{"history": [["s0001", true, 1547], ["s0185", false, 1348]]}')
    >>> history_note(progress, ())
    'From the earlier 8-rank board, still in your puzzle rating: s0001 solved, s0185 failed.'
    """
    tries = earlier_tries(progress, puzzles)
    if not tries:
        return ""
    words = ", ".join(t("pz_tried_solved" if solved else "pz_tried_failed", id=id) for id, solved in tries)
    return t("pz_history_earlier", rows=EARLIER_ROWS, tries=words)


def retry_note(puzzle_id: str) -> str:
    """A puzzle to try again that was on the earlier board, in words."""
    return t("pz_retry_earlier", id=puzzle_id, rows=EARLIER_ROWS)


def linked_puzzle_note(puzzle_id: str) -> str:
    """What a ``?puzzle=`` link to a puzzle no longer offered says: one of
    the earlier board says so, and the page offers a puzzle of the official
    board instead; any other id is quoted as it came (a short excerpt).

    >>> linked_puzzle_note("s0042")
    'Puzzle s0042 was on the earlier 8-rank board and is no longer offered: here is one on the official 12-rank board.'
    >>> linked_puzzle_note("x<1>")
    "There is no puzzle 'x<1>': here is another one."
    """
    if is_earlier_puzzle_id(puzzle_id):
        return t("tr_earlier_puzzle", id=puzzle_id, rows=EARLIER_ROWS, official=ROWS)
    return t("tr_no_puzzle", id=excerpt(puzzle_id))
