"""What a move sounds like and how it is said, read off the game.

Pure Python. For each move the page plays (web/ui/feedback.py):

- :func:`sounds_of`: the sounds, by name: ``move``, ``take``, ``promote``,
  ``endgame`` (the endgame rule began with it, R16) and ``end`` (the game is
  over); ``low_time`` comes from the clocks;
- :func:`words_of`: the move in words for a screen reader's live region,
  in the page's language ("Computer: cross pawn c3 takes d4").

Both ask the engine: the move from its token (Move.from_token), the moved
piece from the position before it, the pieces' words from its messages.

>>> from militakiri import Game
>>> game = Game.from_position("5s^/6/6/6/6/2x13/2X13/S^5 w 000/000 -/- - 1")
>>> game.play("c2xc3")
>>> sounds_of(game, 1), words_of(game, 1, ("Anna", "Bram"))   # Black's tower is left alone
(['take', 'endgame'], 'Anna: cross pawn c2 takes c3.')
"""

from __future__ import annotations

from militakiri.messages import piece_word
from militakiri.move import Move
from militakiri.state import MOVE_RULE_MOVES

from web.i18n.texts import t


def _move(game, ply: int) -> tuple[Move, object, object]:
    """The move that made ply ``ply``, and the positions before and after it
    (the last move's without replaying the game: popped and pushed back)."""
    live = game.position
    if ply == len(game.tokens) and live.undo_stack:
        move = live.pop()
        before = live.copy()
        live.push(move)
        return move, before, live
    return Move.from_token(game.tokens[ply - 1], game.kind), game.position_at(ply - 1), game.position_at(ply)


def sounds_of(game, ply: int) -> list[str]:
    """The sounds of move ``ply`` (1 is the first)."""
    move, _, after = _move(game, ply)
    sounds = ["promote" if move.promotion is not None else "take" if move.is_take else "move"]
    moves = MOVE_RULE_MOVES[game.kind.name]
    if after.moves_left == (moves, moves):
        sounds.append("endgame")
    if ply == len(game.tokens) and game.is_over():
        sounds.append("end")
    return sounds


def words_of(game, ply: int, names: tuple[str, str]) -> str:
    """Move ``ply`` in words, for a live region: who, which piece, from
    where to where, and what it did."""
    move, before, _ = _move(game, ply)
    kind = game.kind
    mover = before.turn
    board = list(before.board)
    for sq, shape in zip(move.placements, before.waiting[mover]):
        board[sq] = ("tower", shape)
    piece = board[move.origin]
    shape, height = (piece[1], 0) if isinstance(piece, tuple) else (piece.shape, 0 if piece.is_tower else piece.height)
    parts = []
    if move.placements:
        parts.append(t("say_placed", fields=", ".join(kind.square_name(sq) for sq in move.placements)))
    key = "say_takes" if move.is_take else "say_moves"
    parts.append(t(key, piece=piece_word(None, shape, height), origin=kind.square_name(move.origin),
                   target=kind.square_name(move.target)))
    if move.promotion is not None:
        where = kind.square_name(move.tower_field) if move.tower_field is not None else None
        parts.append(t("say_promotes", tower=piece_word(None, move.promotion, 0)) if where is None
                     else t("say_promotes_on", tower=piece_word(None, move.promotion, 0), field=where))
    return f"{names[mover]}: " + ", ".join(parts) + "."
