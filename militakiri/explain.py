"""A token read as a legal move, or why it is illegal, in words a player
understands (R24).

:func:`why_illegal` is only called for a move already known to be illegal:
it walks the rules in the order a player would and names the first one
broken.
"""

from __future__ import annotations

from .board import ALL_DIRECTIONS, ZONE_ROWS, BoardKind
from .bounded import excerpt, strip_space
from .errors import GameOverError, IllegalMoveError
from .messages import Text, color_word, piece_word, text, tower_word
from .move import Move
from .movegen import (
    MOVE_DIRECTIONS,
    TAKE_DIRECTIONS,
    blockades,
    is_legal,
    reach,
    take_turns,
    rules_outcome,
)
from .pieces import Piece, shape_letter, tower
from .state import PositionState

_LINE_WORDS = {True: "orthogonally", False: "diagonally"}


def parse_legal(position: PositionState, token: str) -> Move:
    """The legal move written ``token``, or an error saying why not (R24)."""
    move = Move.from_token(token, position.kind)
    over = rules_outcome(position)
    if over is not None:
        raise GameOverError(text("token_says", token=excerpt(strip_space(token)),
                                 message=text("game_over", outcome=over.words())))
    if is_legal(position, move):
        return move
    reason = why_illegal(position, move)
    # The sentence alone, also in Dutch (reason.say("nl")), as error.reason.
    raise IllegalMoveError(text("token_says", token=excerpt(strip_space(token)), message=reason), reason=reason)


def why_illegal(position: PositionState, move: Move) -> Text:
    """The first rule ``move`` breaks, as a sentence (English; ``.say("nl")`` in Dutch)."""
    color = position.turn
    player = color_word(color)
    kind = position.kind
    name = kind.square_name
    board = position.board

    # R15: waiting towers come first.
    waiting = position.waiting[color]
    free = position.free_zone_fields(color)
    must_place = min(len(waiting), len(free))
    zone = _zone_words(kind, color)
    if len(move.placements) != must_place:
        if must_place == 0:
            return text("no_waiting", player=player)
        return text("must_place_waiting", player=player, n=must_place, zone=zone)
    if len(set(move.placements)) != len(move.placements):
        return text("same_field_twice")
    for sq in move.placements:
        if sq not in free:
            return text("waiting_field", zone=zone, square=name(sq))

    # Pretend the placements are made, to judge the move itself.
    for sq, shape in zip(move.placements, waiting):
        board[sq] = tower(color, shape)
    try:
        return _why_move_illegal(position, move)
    finally:
        for sq in move.placements:
            board[sq] = None


def _why_move_illegal(position: PositionState, move: Move) -> Text:
    color = position.turn
    player = color_word(color)
    kind = position.kind
    name = kind.square_name
    board = position.board
    origin, target = move.origin, move.target
    piece = board[origin]
    if piece is None:
        return text("no_piece", square=name(origin))
    if piece.color != color:
        return text("not_yours", square=name(origin), piece=_described(piece), player=player)
    if origin == target:
        return text("no_passing")
    what = _bare(piece)

    direction, distance = _line(kind, origin, target)
    if direction is None:
        return text("not_in_line", target=name(target), origin=name(origin))
    defender = board[target]
    if not move.is_take and defender is not None:
        if defender.color == color:
            return text("own_piece_there", target=name(target), piece=_bare(defender))
        return text("write_take", target=name(target), origin=name(origin))
    if move.is_take and defender is None:
        return text("nothing_to_take", target=name(target), origin=name(origin))
    if move.is_take and defender is not None and defender.color == color:
        return text("take_own", piece=_bare(defender))

    allowed = (TAKE_DIRECTIONS if move.is_take else MOVE_DIRECTIONS)[piece.shape]
    if direction not in allowed:
        orthogonal = direction < 4
        return text("direction_take" if move.is_take else "direction_move", piece=what,
                    right=text(_LINE_WORDS[not orthogonal]), wrong=text(_LINE_WORDS[orthogonal]))
    limit = reach(piece, position.moves_left is not None)
    if distance > limit:
        if position.moves_left is not None:
            return text("endgame_one_field")
        if limit == 1:
            return text("too_far_one", piece=what)
        return text("too_far", piece=what, n=limit)
    ray = kind.rays[origin][direction]
    for sq in ray[: distance - 1]:
        if board[sq] is not None:
            return text("in_the_way", square=name(sq))

    if move.is_take and defender is not None:  # (a take of nothing was refused above)
        reason = _why_take_illegal(position, move, piece, defender)
        if reason:
            return reason
    elif move.promotion is not None:
        return text("only_take_promotes")

    if blockades(position, move):
        return text("blockade", player=color_word(1 - color))
    return text("not_allowed")


def _why_take_illegal(position: PositionState, move: Move, piece: Piece, defender: Piece) -> Text | None:
    name = position.kind.square_name
    color = piece.color
    choices = take_turns(position, move.placements, move.origin, move.target, piece, defender)
    promotes = choices[0].promotion is not None
    if not promotes:
        if move.promotion is not None:
            return text("no_promotion")
        return None
    shape = choices[0].promotion
    assert shape is not None  # promotes
    letter = shape_letter(shape, color)
    fields = [m.tower_field for m in choices if m.tower_field is not None]
    if move.promotion is None:
        if fields:
            return text("promote_add_field", tower=tower_word(shape), letter=letter,
                        zone=_zone_words(position.kind, color))
        return text("promote_must_wait", letter=letter)
    if move.promotion != shape or move.promotion_color != color:
        return text("promote_written", tower=tower_word(shape), letter=letter)
    if move.tower_field is None:
        return text("promote_place", zone=_zone_words(position.kind, color))
    if move.tower_field not in fields:
        if not fields:
            return text("promote_no_field", zone=_zone_words(position.kind, color), letter=letter)
        return text("promote_bad_field", zone=_zone_words(position.kind, color), square=name(move.tower_field))
    return None


def _line(kind: BoardKind, origin: int, target: int) -> tuple[int | None, int]:
    """The direction index and distance from ``origin`` to ``target``."""
    for d in range(len(ALL_DIRECTIONS)):
        ray = kind.rays[origin][d]
        if target in ray:
            return d, ray.index(target) + 1
    return None, 0


def _zone_words(kind: BoardKind, color: int) -> Text:
    # The board's own ranks: Black's zone is 10-12, or 6-8 on the earlier board.
    first, last = (1, ZONE_ROWS) if color == 0 else (kind.rows - ZONE_ROWS + 1, kind.rows)
    return text("zone", player=color_word(color), first=first, last=last)


def _bare(piece: Piece) -> Text:
    """``'cross pawn'``: the piece without its owner."""
    return piece_word(None, piece.shape, piece.height)


def _described(piece: Piece) -> Text:
    """``'White cross pawn'``: the piece with its owner."""
    return piece_word(piece.color, piece.shape, piece.height)
