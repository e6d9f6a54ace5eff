"""The turn the player to move is making, before it is played.

A turn can take several inputs: select a piece (or have it bound by
touch-move, R25), place the waiting towers first (R15, oldest first), point
at a target, and for a promoting take whose new tower may go on several
fields (R13), choose that field. This module keeps those inputs and turns
them into the one token to play; every choice comes from the engine
(:class:`~militakiri.TurnChoices`), and every refusal is the engine's
sentence (:meth:`~militakiri.Position.refusal`). What may happen at all
(the game over, a past position shown, the computer's turn) is for
web/model/ui_state.py to decide before it asks here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from militakiri import Game, TurnChoices
from militakiri.move import Move
from militakiri.pieces import SHAPE_NAMES, Piece, tower

from web.i18n.texts import t
from web.model.status import Mark, Message, describe, warning
from web.model.values import Value

if TYPE_CHECKING:
    from typing import Callable


class Step(Value):
    """What an input did: a token to play now, a refusal to show, or (both
    None) a change to the turn in progress. ``slip``: the refusal is of a
    move (a piece sent, a waiting or a new tower put, where it may not go),
    whether or not its sentence names a ruling; pointing at a field that
    starts no move (empty, the opponent's, a piece that cannot move) is none."""

    __slots__ = ("play", "refusal", "slip")

    def __init__(self, play: str | None = None, refusal: Message | None = None, slip: bool = False) -> None:
        self.play = play
        self.refusal = refusal
        self.slip = slip


class TurnInProgress:
    """One player's turn in the making, on ``game``'s current position."""

    def __init__(self, game: Game, label: Callable[[int], str]) -> None:
        self.game = game
        self.kind = game.kind
        #: ``label(color)``: a player's name for the status line.
        self.label = label
        self._choices: TurnChoices | None = None
        self._choices_touched: int | None = None
        #: The piece selected; one touched under touch-move stays selected (R25).
        self.selected: str | None = self.touched()
        #: Waiting towers placed so far this turn (R15), oldest first.
        self.placed: tuple[str, ...] = ()
        #: A promoting take waiting for its tower's field: {field: token}, and its move.
        self.pending: dict[str, str] | None = None
        self.pending_move: tuple[str, str] | None = None

    # Asking -------------------------------------------------------------------

    @property
    def choices(self) -> TurnChoices:
        """The engine's choices for this turn; again once a piece is touched
        (R25: then only that piece may move)."""
        if self._choices is None or self._choices_touched != self.game.touched:
            self._choices = self.game.turn_choices()
            self._choices_touched = self.game.touched
        return self._choices

    def touched(self) -> str | None:
        """The piece that must move under touch-move (R25), or None."""
        touched = self.game.touched
        return None if touched is None else self.kind.square_name(touched)

    def destinations(self) -> dict[str, dict[str, str]]:
        """``{origin: {target: "move"|"take"}}`` once the waiting towers are placed."""
        return self.choices.destinations(self.placed)

    def placing_shape(self) -> int | None:
        """The shape of the waiting tower to place now (R15), if any."""
        if self.pending or len(self.placed) >= self.choices.placements_needed():
            return None
        position = self.game.position
        return position.waiting[position.turn][len(self.placed)]

    def _pending_token(self) -> str:
        """One of the promoting take's tokens (they differ only in the
        tower's field): the first field's, in the same order everywhere."""
        pending = self.pending
        assert pending is not None  # asked while a promotion waits for its field
        return pending[min(pending)]

    def board(self) -> list[Piece | None]:
        """The board as this turn shows it: the towers placed, or a promoting
        take with its tower's field still to choose."""
        position = self.game.position
        if self.pending:
            return position.preview(move=position.parse_move(self._pending_token()))
        return position.preview(tuple(self.kind.square(sq) for sq in self.placed))

    def marks(self, possible_moves: bool = True) -> list[Mark]:
        """The highlights of the turn: where a tower can go, or the piece
        selected and, with ``possible_moves``, where it can go (R27)."""
        color = self.game.position.turn
        if self.pending and self.pending_move is not None:
            shape = Move.from_token(self._pending_token(), self.kind).promotion
            assert shape is not None  # a promoting take
            return [Mark("selected", field) for field in self.pending_move] \
                + [Mark("ghost", field, tower(color, shape)) for field in sorted(self.pending)]
        shape = self.placing_shape()
        if shape is not None:
            return [Mark("ghost", field, tower(color, shape)) for field in self.choices.placement_fields(self.placed)]
        if self.selected and not possible_moves:
            return [Mark("selected", self.selected)]
        if self.selected:
            return [Mark("selected", self.selected)] + [
                Mark(kind, target) for target, kind in sorted(self.destinations().get(self.selected, {}).items())]
        return []

    def prompt(self, possible_moves: bool = True) -> Message:
        """What the player to move is to do now; a piece selected, with or
        without its ``possible_moves`` shown (R27)."""
        who = self.label(self.game.position.turn)
        if self.pending:
            shape = Move.from_token(self._pending_token(), self.kind).promotion
            assert shape is not None  # a promoting take
            return Message("choose_tower_field", {"player": who, "shape": t("shape_" + SHAPE_NAMES[shape])})
        shape = self.placing_shape()
        if shape is not None:
            return Message("place_waiting", {"player": who, "shape": t("shape_" + SHAPE_NAMES[shape])})
        piece = self.board()[self.kind.square(self.selected)] if self.selected else None
        if self.selected and piece is not None:  # (one selects a piece)
            if possible_moves:
                key = "selected_touched" if self.touched() else "selected"
            else:
                key = "selected_touched_unshown" if self.touched() else "selected_unshown"
            return Message(key, {"piece": describe(piece), "square": self.selected})
        return Message("to_move", {"player": who})

    # Inputs -------------------------------------------------------------------

    def point(self, field: str) -> Step:
        """The player pointed at ``field``."""
        if self.pending:
            if field in self.pending:
                return Step(play=self.pending[field])
            return Step(refusal=warning("pick_tower_field_first"), slip=True)
        shape = self.placing_shape()
        if shape is not None:
            if field in self.choices.placement_fields(self.placed):
                self.placed += (field,)
                return Step()
            return Step(refusal=warning("place_waiting_first", shape=t("shape_" + SHAPE_NAMES[shape])), slip=True)
        destinations = self.destinations()
        if self.selected and field in destinations.get(self.selected, {}):
            return self.move(self.selected, field)
        bound = self._bound_elsewhere(field)
        if bound is not None:
            return Step(refusal=bound)
        if field == self.selected:
            self.selected = None
            return Step()
        if field in destinations:
            self.selected = field
            self.game.touch(field)  # touch-move (R25): now it must move
            return Step()
        return Step(refusal=self._refusal(field), slip=bool(self.selected))

    def move(self, origin: str, target: str) -> Step:
        """``origin`` to ``target``: a click on the target, a drop after a
        drag, Enter on the cursor."""
        touched = self.touched()
        if touched is not None and origin != touched:
            return Step(refusal=warning("touch_move_bound", square=touched), slip=True)
        self.game.touch(origin)  # a drag touches the piece too (R25)
        tokens = self.choices.token(self.placed, origin, target)
        if not tokens:
            if origin in self.destinations():
                self.selected = origin
            return Step(refusal=self._refusal(target, origin), slip=True)
        if len(tokens) == 1:
            return Step(play=tokens[0])
        self.pending = TurnChoices.tower_fields(tokens)
        self.pending_move = (origin, target)
        self.selected = None
        return Step()

    def cancel(self) -> Step | None:
        """Escape: drop a promotion not yet placed, or the selection; None
        when there was nothing to drop."""
        if self.pending and self.pending_move is not None:
            self.selected = self.pending_move[0]
            self.pending = self.pending_move = None
            return Step()
        if self.selected and self.touched():
            return Step(refusal=warning("touch_move_bound", square=self.touched()))
        if self.selected:
            self.selected = None
            return Step()
        return None

    def _bound_elsewhere(self, field: str) -> Message | None:
        """Touch-move (R25): the touched piece must move; pointing at any
        other piece of the mover, or at it again to let go, is refused."""
        touched = self.touched()
        if touched is None:
            return None
        piece = self.board()[self.kind.square(field)]
        if field == touched or (piece is not None and piece.color == self.game.position.turn):
            return warning("touch_move_bound", square=touched)
        return None

    def _refusal(self, field: str, origin: str | None = None) -> Message:
        """Why pointing at ``field`` does nothing (R24)."""
        origin = origin or self.selected
        position = self.game.position
        if origin:
            square_of = self.kind.square
            reason = position.refusal(square_of(origin), square_of(field), tuple(square_of(p) for p in self.placed))
            if reason is not None:  # the engine's sentence, said in the page's language
                return warning("illegal_move", reason=reason)
            return warning("no_such_move", move=f"{origin}-{field}")
        piece = self.board()[self.kind.square(field)]
        if piece is None:
            return warning("no_piece", square=field)
        if piece.color != position.turn:
            return warning("not_your_piece", piece=describe(piece), square=field, player=self.label(position.turn))
        return warning("no_moves", piece=describe(piece), square=field)
