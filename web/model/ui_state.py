"""The one UI state of the page, and everything a player can do to it.

Pure Python (no browser): the drawing, the DOM panels and the tests all read
this one object, and it changes only through :meth:`UiState.apply`, given
an intent (web/model/intents.py): every input - click, tap, drag, keyboard -
is a ``Touch`` or a ``MovePiece``; a button, a worker's answer, a timer or
news from the page around the game is another intent. The rules stay in
the engine: legal choices come from :class:`~militakiri.TurnChoices`, set-up
checks from :class:`~militakiri.draft.SetupDraft`, and the reason a move is
refused from :meth:`Position.refusal` (R24).

The state is its core (web/model/core.py: the fields and the phase every
mode shares) and its modes (web/model/modes/): the set-up, play, the
computer, analysis, drills, rated games. Each mode handles its own intents
(its ``HANDLERS``) and says its own status line; this module is the flow
between them, as boardgame.io's ``flow`` is between its phases: where a
touch goes (the computer's turn, the set-up, a past position explored, a
move), which mode speaks first on the status line, and the few intents
every mode shares (the keyboard, the board's side, news from the page).
What happened to the game is read off the state by web/model/events.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from militakiri import MilitakiriError
from militakiri.pieces import WHITE

from web.model import intents
from web.model.core import SETUP, Core
from web.model.layout import BoardGeometry
from web.model.modes import analysis, computer, drills, play, rated, remote, setup
from web.model.profiles import RatedEnd
from web.model.review import GameReview
from web.model.status import Message

if TYPE_CHECKING:
    from typing import Any, Callable


class UiState(Core):
    """See the module docstring."""

    def apply(self, intent: intents.Intent) -> bool:
        """Change the state as ``intent`` asks (web/model/intents.py): the one
        way the page changes it. Returns whether anything changed; what a
        change made is read off the state (the dice rolled, a drill's
        ``step``), and a refusal is in the status line (:meth:`status`).

        >>> from web.model.intents import Flip, Touch
        >>> state = UiState()
        >>> state.apply(Flip()), state.flipped
        (True, True)
        >>> state.apply(Touch("a12")), state.status().text()
        (False, "a12 is not in Red's set-up zone: towers stand on ranks 1-3")
        """
        return _HANDLERS[type(intent)](self, intent)

    def status(self) -> Message:
        """The status line: the last message, or what the mode in front says.
        A past position shown, clocks that wait, a drill's end, the
        computer's turn, the embedding page's turn, the set-up, the game's
        end or the turn, in that order."""
        if self.message is not None:
            return self.message
        for says in _STATUS:
            message = says(self)
            if message is not None:
                return message
        raise AssertionError("every phase has a status line")  # (play.status speaks in every phase but set-up's)

    # Questions the modes answer ------------------------------------------------------

    def practice_position(self) -> str | None:
        """The position Practice from here starts from (modes/analysis.py)."""
        return analysis.practice_position(self)

    def view_position(self) -> str | None:
        """The position the computer's view may be asked for (modes/analysis.py)."""
        return analysis.view_position(self)

    def shows_possible_moves(self, color: int) -> bool:
        """Whether ``color``'s possible moves are drawn (modes/rated.py, R27)."""
        return rated.shows_possible_moves(self, color)

    def rated_end(self, abandoned: bool = False) -> RatedEnd | None:
        """What the players' ratings count of this game (modes/rated.py)."""
        return rated.rated_end(self, abandoned)


# The flow: where an input goes ------------------------------------------------------------

def touch(state: Core, field: str) -> bool:
    """The player pointed at ``field`` (click, tap, Enter). Returns whether
    anything changed; if not, the status line says why."""
    if not _on_board(state, field):
        return False
    analysis.explore_here(state, field)
    if state.computer_turn():
        return computer.touch(state, field)
    if state.remote_turn():
        return remote.touch(state, field)
    if state.phase == SETUP:
        return setup.point(state, field)
    return play.touch(state, field)


def move_piece(state: Core, origin: str, target: str) -> bool:
    """The one way a move is made: ``origin`` to ``target`` (a click on
    the target, a drop after a drag, Enter on the cursor)."""
    if not _on_board(state, origin, target):
        return False
    analysis.explore_here(state, origin)
    if state.others_turn() or state.phase == SETUP:
        return touch(state, target)
    return play.move_piece(state, origin, target)


def cancel(state: Core) -> bool:
    """Escape: drop a premove, a promotion not yet placed, or the selection, or the message."""
    if state.premove.clear():
        state.message = None
        return True
    return play.cancel(state)


def _on_board(state: Core, *fields: str) -> bool:
    """Whether each of ``fields`` is a field of this board; if not, the
    status line says the engine's why (the page only points at its own
    fields, but an intent is a value anyone can make)."""
    try:
        for field in fields:
            state.kind.square(field)
    except MilitakiriError as error:
        state._warn("engine_says", reason=error.text)
        return False
    return True


# The keyboard -------------------------------------------------------------------------

def move_cursor(state: Core, dx: int, dy: int, turned: bool = False) -> bool:
    """Arrow keys: move the cursor ``dx`` right, ``dy`` down on screen,
    where the board is drawn ``turned`` (ranks across) or not."""
    kind = state.kind
    if state.cursor is None:
        state.cursor = state.selected or _default_cursor(state)
        return True
    geometry = BoardGeometry(kind.files, kind.rows, 1, state.flipped, turned)
    square = kind.square(state.cursor)
    file, rank = geometry.step(kind.file_of(square), kind.rank_of(square), dx, dy)
    state.cursor = kind.square_name(kind.at(file, rank))
    return True


def _default_cursor(state: Core) -> str:
    kind = state.kind
    color = state.turn if state.turn is not None else WHITE
    rank = kind.zone_row(color, 1)
    return kind.square_name(kind.at(kind.files // 2 - 1, rank))


def enter(state: Core) -> bool:
    if state.cursor is None:
        return move_cursor(state, 0, 0)
    return touch(state, state.cursor)


def pointer_down(state: Core) -> bool:
    """The pointer takes over from the keyboard's cursor."""
    changed = state.cursor is not None
    state.cursor = None
    return changed


def flip(state: Core) -> bool:
    state.flipped = not state.flipped
    return True


# News from the page around the game (web/ui) --------------------------------------------

def say(state: Core, message: Message | None) -> bool:
    """What the status line says until the next change: a save that
    failed, a review left out, a bad link, a hint being thought of."""
    state.message = message
    return True


def unsay(state: Core, key: str) -> bool:
    """Drop the status line's message if it is ``key``'s: news that is
    no longer true (the computer has started after all)."""
    if state.message is None or state.message.key != key:
        return False
    state.message = None
    return True


def show_review(state: Core, review: GameReview | None) -> bool:
    """The game's review, under way or done (or none). A finished one
    travels in the game's record as its annotations (NOTATION.md)."""
    state.review = review
    if review is not None and review.complete:
        review.game.annotations = review.annotations()
    return True


#: What the status line asks, in order, once no message stands.
_STATUS: tuple[Callable[[Core], Message | None], ...] = (
    analysis.status, play.paused_status, drills.status, computer.status, remote.status, setup.status, play.status)

#: What each intent does: the one place each kind of change happens.
_HANDLERS: dict[type[intents.Intent], Callable[[Core, Any], bool]] = {
    intents.Touch: lambda state, i: touch(state, i.field),
    intents.MovePiece: lambda state, i: move_piece(state, i.origin, i.target),
    intents.Cancel: lambda state, i: cancel(state),
    intents.PointerDown: lambda state, i: pointer_down(state),
    intents.MoveCursor: lambda state, i: move_cursor(state, i.dx, i.dy, i.turned),
    intents.Enter: lambda state, i: enter(state),
    intents.Flip: lambda state, i: flip(state),
    intents.NewGame: lambda state, i: state._new_game(i.settings, i.random_side),
    intents.OpenGame: lambda state, i: state._open_game(i.game, i.flipped, i.message, i.computer, i.rated),
    intents.Say: lambda state, i: say(state, i.message),
    intents.Unsay: lambda state, i: unsay(state, i.key),
    intents.ShowReview: lambda state, i: show_review(state, i.review),
}
for _mode in (setup, play, computer, analysis, drills, remote):
    _HANDLERS.update(_mode.HANDLERS)
