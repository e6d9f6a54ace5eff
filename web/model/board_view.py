"""What the board shows: the pieces, the waiting towers, the highlights.

Pure Python; it only reads the page's state (web/model/ui_state.py), and
the renderer (web/ui/draw.py) and the player bars (web/ui/panels.py) draw
what it returns, as chessground draws its state. Each function takes the
UiState:

- :func:`pieces`: ``{square: piece}``, the set-up so far, a past position
  while stepping through the moves, or the position with this turn's placed
  towers and a promoting take shown (the engine's Position.preview);
- :func:`waiting_shown`: a color's waiting towers less those placed now;
- :func:`marks`: every highlight, in drawing order;
- :func:`picked_fields`: a picked piece's fields, for the tap zoom;
- :func:`hidden_color`: the set-up that must not be seen (R4, hot-seat).
"""

from __future__ import annotations


from militakiri.board import BoardKind
from militakiri.move import Move
from militakiri.pieces import Piece

from web.model.core import PLAYING, SETUP
from web.model.status import Mark
from web.model.ui_state import UiState


def hidden_color(state: UiState) -> int | None:
    """The color whose set-up must not be seen now (R4, hot-seat)."""
    return state.setup.hidden_color(state.elsewhere) if state.phase == SETUP and state.setup else None


def pieces(state: UiState) -> dict[int, Piece]:
    """``{square: piece}`` to draw."""
    if state.game is None:
        return state.setup.pieces(state.elsewhere) if state.setup is not None else {}
    if state.viewing_past():
        board = state.shown_position().board
    elif state.phase == PLAYING:
        board = state.turn_in_progress.board()
    else:
        board = state.game.position.board
    return {sq: piece for sq, piece in enumerate(board) if piece is not None}


def waiting_shown(state: UiState, color: int) -> tuple[int, ...]:
    """``color``'s waiting towers (R15) less those placed this turn."""
    position = state.shown_position()
    waiting = tuple(position.waiting[color])
    if state.phase == PLAYING and color == position.turn and not state.viewing_past():
        return waiting[len(state.turn_in_progress.placed):]
    return waiting


def _move_marks(kind_name: str, token: str, kind: BoardKind, placements_first: bool) -> list[Mark]:
    move = Move.from_token(token, kind)
    squares = list(move.placements) + [move.origin, move.target] if placements_first else \
        [move.origin, move.target] + list(move.placements)
    if move.tower_field is not None:
        squares.append(move.tower_field)
    return [Mark(kind_name, kind.square_name(sq)) for sq in squares]


#: The marks of what a tap picked: the piece (or the move waiting for its
#: tower's field) and the fields it may go to.
PICKED = ("selected", "move", "take", "ghost")


def picked_fields(state: UiState) -> list[str]:
    """The fields a picked piece may go to, with its own (or a promoting
    take's and its tower's fields), for the tap zoom to keep in view
    (web/model/zoom.py after_tap); [] when nothing is picked. Its
    destinations count whether or not their dots are drawn (R27 hides the
    dots from a rated Novice, not the fields from the view)."""
    if state.phase != PLAYING or state.computer_turn() or state.viewing_past() or state.paused:
        return []
    turn = state.turn_in_progress.marks()
    if not any(mark.kind == "selected" for mark in turn):
        return []
    return [mark.field for mark in turn if mark.kind in PICKED]


def marks(state: UiState) -> list[Mark]:
    """Every highlight, in drawing order: the last move, what may be chosen
    now, a hint, a premove, the keyboard's cursor."""
    result: list[Mark] = []
    game = state.started_game
    last = state.replay.last_token(game) if game is not None else None
    if last is not None:
        result += _move_marks("last", last, state.kind, placements_first=False)
    if state.viewing_past() or state.paused:
        pass  # a past position or paused clocks: nothing to choose
    elif state.player_sets_up() and state.setup is not None:
        # A field a pawn fills in keeps its tint but not the tower's outline
        # over the pawn (both at once were a blur on the double board).
        shown = pieces(state)
        result += [mark if state.kind.square(mark.field) not in shown else Mark("ghost", mark.field)
                   for mark in state.setup.ghosts()]
    elif state.phase == PLAYING and not state.others_turn():
        turn = state.turn_in_progress
        result += turn.marks(state.shows_possible_moves(turn.game.position.turn))
    if state.hint is not None and game is not None and state.hint[0] == len(game.tokens) \
            and not state.viewing_past():
        result += _move_marks("hint", state.hint[1], state.kind, placements_first=True)
    if state.hint_field is not None and game is not None and state.hint_field[0] == len(game.tokens) \
            and not state.viewing_past():
        result.append(Mark("hint", state.hint_field[1]))  # a drill's hint: where to begin
    result += [Mark("premove", field) for field in state.premove.fields()]
    if state.cursor:
        result.append(Mark("cursor", state.cursor))
    return result
