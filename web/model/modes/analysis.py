"""Looking at a game: stepping through its moves (the replay), exploring a
variation from a past position (the analysis board), keeping it beside the
move it replaces (NOTATION.md), and practising from a position as a new
game.

The board shows a past position read-only (``Core.viewing_past``); a piece
of the player to move chosen there, in a game being analysed (over, or read
whole), plays on from it: two players, untimed, the game kept aside
(``Core.exploring``) until Back to the main line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from militakiri import Game
from militakiri.record import Variation

from web.model import intents
from web.model.core import OVER, Core
from web.model.exploring import Exploring
from web.model.formatting import move_label
from web.model.premove import Premove
from web.model.settings import GameSettings
from web.model.status import Message

if TYPE_CHECKING:
    from typing import Any, Callable


def keep_variation(game: Game, ply: int, line: list[str],
                   inside: dict[int, list[Variation]] | None = None) -> None:
    """Keep ``line``, played from the position after ``ply`` moves, as a
    variation beside move ``ply + 1`` of ``game``: not when it is empty or
    the game's own moves, and in place of one it continues. ``inside``: the
    variations explored within it (nested, NOTATION.md).

    >>> game = Game.from_position("5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1")
    >>> game.play("a1-a2"); game.play("b2xa2")
    >>> keep_variation(game, 0, ["a1xb2"]); keep_variation(game, 0, ["a1xb2", "f12-f11"])
    >>> keep_variation(game, 0, ["a1-a2"]); [v.tokens for v in game.variations[1]]
    [['a1xb2', 'f12-f11']]
    """
    if not line or game.tokens[ply:ply + len(line)] == line:
        return
    kept = game.variations.setdefault(ply + 1, [])
    for i, variation in enumerate(kept):
        if line[:len(variation.tokens)] == variation.tokens or variation.tokens[:len(line)] == line:
            longer = line if len(line) > len(variation.tokens) else variation.tokens
            kept[i] = Variation(longer, variation.annotations, inside or variation.variations)
            return
    kept.append(Variation(line, {}, inside or {}))


# The replay -------------------------------------------------------------------------

def show_ply(state: Core, ply: int) -> bool:
    """Show the position after ``ply`` moves (the end: play on)."""
    game = state.started_game
    if game is None or not state.replay.go(game, ply):
        return False
    state._reset_turn()
    state.message = None
    return True


def step_replay(state: Core, how: str) -> bool:
    """``first``, ``prev``, ``next`` or ``last`` (replay buttons and keys)."""
    game = state.started_game
    if game is None:
        return False
    shown, total = state.replay.shown(game), len(game.tokens)
    target = {"first": 0, "prev": shown - 1, "next": shown + 1, "last": total}[how]
    return show_ply(state, target)


def replay_message(state: Core, level: str = "info") -> Message:
    """Which move the board shows, and the last one played."""
    game = state._game
    shown = state.replay.shown(game)
    if shown == 0:
        return Message("replay_start", {}, level)
    first = state.first_move_number()
    label = move_label(game, shown, first)
    last = move_label(game, len(game.tokens), first)
    return Message("replay_at", {"label": label, "move": state.replay.last_token(game),
                                 "last": f"{last} {game.tokens[-1]}"}, level)


def status(state: Core) -> Message | None:
    return replay_message(state) if state.viewing_past() else None


# Variations ---------------------------------------------------------------------------

def explore_here(state: Core, field: str) -> bool:
    """Choosing a piece of the player to move on a past position of a game
    being analysed (over, or read whole) explores a variation from there;
    any other input there is refused as before."""
    game = state.started_game
    if (game is None or state.drill is not None or not state.viewing_past()
            or not (state.phase == OVER or state.loaded or state.exploring is not None)
            or (state.remote is not None and state.phase != OVER)):
        return False  # (within a variation: a variation of it, nested; a game with the embedding page goes on)
    ply = state.replay.shown(game)
    position = game.position_at(ply)
    piece = position.board[state.kind.square(field)]
    if piece is None or piece.color != position.turn or position.is_over():
        return False
    explore_from(state, game, ply)
    return True


def explore_from(state: Core, game: Game, ply: int, line: tuple[str, ...] = (),
                 inside: dict[int, list[Variation]] | None = None) -> None:
    """The board plays on from the position after ``ply`` moves of
    ``game`` (``line``: moves already made there, ``inside``: the
    variations within them), the game set aside."""
    state.exploring = Exploring(game, ply, state.settings, state.review, state.flipped, state.exploring)
    state.settings = GameSettings(board=game.kind.name, touch_move=game.touch_move,  # two players, no clock
                                  show_moves=state.settings.show_moves)
    explored = Game.from_position(game.position_at(ply).string(), players=game.players,
                                  touch_move=game.touch_move)
    for token in line:
        explored.play(token)
    explored.variations = dict(inside or {})
    state.game = explored
    state.review = None  # (the game's: back with it)
    state.replay.reset()
    state.premove = Premove()
    state._reset_turn()
    state.message = None


def explore_variation(state: Core, beside: int, index: int) -> bool:
    """Go on with a variation kept beside move ``beside`` of the line
    shown (a row of the move list): the board at its end, Back keeps it."""
    game = state.started_game
    if game is None or state.drill is not None:
        return False
    lines = game.variations.get(beside, [])
    if not 0 <= index < len(lines):
        return False
    explore_from(state, game, beside - 1, tuple(lines[index].tokens), lines[index].variations)
    return True


def end_variation(state: Core) -> bool:
    """Back to the line it branches from (the main line, or the variation
    it is nested in): the variation explored, if it has moves and is not
    that line's own, is kept beside the move it replaces, with the
    variations within it; the board shows the position it started from."""
    exploring = state.exploring
    if exploring is None:
        return False
    explored = state._game
    main = exploring.game
    keep_variation(main, exploring.ply, list(explored.tokens), explored.variations)
    state.exploring = exploring.outer
    state.game = main
    state.settings = exploring.settings
    state.review = exploring.review
    state.flipped = exploring.flipped
    state.replay.reset()
    state.replay.go(main, exploring.ply)
    state._reset_turn()
    state.message = None
    return True


# Questions ----------------------------------------------------------------------------

def practice_position(state: Core) -> str | None:
    """The position to play on from, as a new game (Practice from here):
    the one shown of a game over, of one read from a link or a record, or
    of a replay stepped back; None in a game being played at its last move,
    a set-up, a lesson or a puzzle."""
    game = state.started_game
    if game is None or state.drill is not None:
        return None
    if not (state.phase == OVER or state.loaded or state.viewing_past()):
        return None
    position = state.replay.position(game)
    return None if position.is_over() else position.string()


def view_position(state: Core) -> str | None:
    """The position the computer's view may be asked for (the analysis
    board): one being analysed (practice_position), or the live one where
    a hint is offered (an untimed game, the player to move). Not while a
    rated game goes on: the engine's help is a hint, which unrates the
    game (the trial found the view a free hint)."""
    if state.rated is not None and state.game is not None and not state.game.is_over():
        return None
    analysed = practice_position(state)
    if analysed is not None:
        return analysed
    return state.position_string() if state.can_hint() and state.drill is None else None


HANDLERS: dict[type[intents.Intent], Callable[[Core, Any], bool]] = {
    intents.ShowPly: lambda state, i: show_ply(state, i.ply),
    intents.StepReplay: lambda state, i: step_replay(state, i.how),
    intents.EndVariation: lambda state, i: end_variation(state),
    intents.ExploreVariation: lambda state, i: explore_variation(state, i.beside, i.index),
}
