"""What a move sounds like and how it is said, read off the game.

Pure Python. For each move the page plays (web/ui/feedback.py):

- the sounds, by name: ``move``, ``take``, ``promote``, ``endgame`` (the
  endgame rule began with it, R16) and ``end`` (the game is over);
  ``low_time`` comes from the clocks;
- the move in words for a screen reader's live region, in the page's
  language ("Computer: cross pawn c3 takes d4").

Both ask the engine: the move from its token (Move.from_token), the moved
piece from the position before it, the pieces' words from its messages.

>>> from militakiri import Game
>>> game = Game.from_position("5s^/6/6/6/6/6/6/6/6/2x13/2X13/S^5 w 000/000 -/- - 1")
>>> game.play("c2xc3")
>>> announce(game, 1, ("Anna", "Bram"))   # Black's tower is left alone
(['take', 'endgame'], 'Anna: cross pawn c2 takes c3.')
"""

from __future__ import annotations

from militakiri.messages import piece_word
from militakiri import Game, Position
from militakiri.move import Move

from web.i18n.texts import t


def announce(game: Game, ply: int, names: tuple[str, str]) -> tuple[list[str], str]:
    """The sounds of move ``ply`` (1 is the first) and the move in words."""
    move, before, after = _move(game, ply)
    return _sounds(game, ply, move, before, after), _words(game, move, before, names)


def _move(game: Game, ply: int) -> tuple[Move, Position, Position]:
    """The move that made ply ``ply``, and the positions before and after it
    (the last move's without replaying the game: popped and pushed back)."""
    live = game.position
    if ply == len(game.tokens) and live.undo_stack:
        move = live.pop()
        before = live.copy()
        live.push(move)
        return move, before, live
    before = game.position_at(ply - 1)
    move = before.parse_move(game.tokens[ply - 1])
    after = before.copy()
    after.push(move)
    return move, before, after


def _sounds(game: Game, ply: int, move: Move, before: Position, after: Position) -> list[str]:
    sounds = ["promote" if move.promotion is not None else "take" if move.is_take else "move"]
    if before.moves_left is None and after.moves_left is not None:  # the endgame rule began (R16)
        sounds.append("endgame")
    if ply == len(game.tokens) and game.is_over():
        sounds.append("end")
    return sounds


def _words(game: Game, move: Move, before: Position, names: tuple[str, str]) -> str:
    """Who, which piece (a waiting tower placed this turn too: the engine's
    preview, R15), from where to where, and what it did."""
    kind = game.kind
    piece = before.preview(move.placements)[move.origin]
    assert piece is not None  # a legal move starts on a piece
    parts = []
    if move.placements:
        parts.append(t("say_placed", fields=", ".join(kind.square_name(sq) for sq in move.placements)))
    key = "say_takes" if move.is_take else "say_moves"
    height = 0 if piece.is_tower else piece.height
    parts.append(t(key, piece=piece_word(None, piece.shape, height), origin=kind.square_name(move.origin),
                   target=kind.square_name(move.target)))
    if move.promotion is not None:
        tower = piece_word(None, move.promotion, 0)
        parts.append(t("say_promotes", tower=tower) if move.tower_field is None
                     else t("say_promotes_on", tower=tower, field=kind.square_name(move.tower_field)))
    return f"{names[before.turn]}: " + ", ".join(parts) + "."
