"""A rated game: it counts for the players' ratings (web/model/profiles.py)
once it ends, unless a take-back or a hint unrated it (lichess rates no
game that had either); an unfinished game against the computer that a new
game replaces counts as lost.
"""

from __future__ import annotations

from web.model.core import OVER, PLAYING, Core
from web.model.points import sees_possible_moves
from web.model.profiles import RatedEnd
from web.model.status import Message


#: What unrates a rated game, each asked first (modes/play.py: confirm_unrate).
HINT = "hint"
TAKE_BACK = "take_back"

#: The text keys of each one's question (title, question, yes, no) and of
#: what the status line says when the player keeps the game rated.
QUESTIONS: dict[str, dict[str, str]] = {
    HINT: {"title": "hint_confirm_title", "question": "hint_confirm_question", "yes": "hint_confirm_yes",
           "no": "hint_confirm_no", "declined": "hint_declined_rated"},
    TAKE_BACK: {"title": "take_back_confirm_title", "question": "take_back_confirm_question",
                "yes": "take_back_confirm_yes", "no": "hint_confirm_no", "declined": "take_back_declined_rated"},
}


def ask_first(state: Core, action: str) -> bool:
    """The player wants ``action`` (HINT or TAKE_BACK) in a rated game: it
    would unrate the game, so nothing happens yet and the page asks
    (:func:`question`). Returns whether the question was put (not in an
    unrated game, nor twice)."""
    if state.rated is None or state.unrate_asked is not None:
        return False
    state.unrate_asked = action
    return True


def question(state: Core) -> dict[str, str] | None:
    """The text keys of the question put now before a hint or a take-back
    unrates the game (QUESTIONS); None if none is put."""
    action = state.unrate_asked
    return None if action is None else QUESTIONS[action]


def unrate(state: Core, why: str, params: dict[str, object]) -> None:
    """A take-back or a hint: the game no longer counts, and the status line says so."""
    if state.rated is not None:
        state.rated = None
        state.message = Message(why, params)


def shows_possible_moves(state: Core, color: int) -> bool:
    """Whether the board shows ``color``'s possible moves (the dots and
    rings around a selected piece): in a rated game by the player's rank
    status as the game began (R27: a Starter or Beginner sees them, from
    Novice on not), else as the player chose (Show possible moves); always
    in a lesson or a puzzle, which teach them. The selection, the last move,
    a promoted tower's fields and a refusal's reason (R24) are always shown."""
    if state.drill is not None:
        return True
    status = state.rank_statuses[color] if state.rated is not None else None
    if status is not None:
        return sees_possible_moves(status)
    return state.settings.show_moves  # (a profile that does not read: the game will not count for it)


def rated_end(state: Core, abandoned: bool = False) -> RatedEnd | None:
    """What the players' ratings count of this rated game: once it is
    over, or, ``abandoned`` (a new game started over it), an unfinished
    game against the computer, lost by the player. None if there is
    nothing to count (a game ended before its first move counts for
    nothing either)."""
    game = state.started_game
    if state.rated is None or game is None or state.drill is not None or not game.tokens:
        return None  # a game ended before its first move is aborted, as on lichess: not rated
    names = (game.players.white, game.players.black)
    if abandoned:
        if state.computer is None or game.is_over():
            return None  # between two people an abandoned game is not rated
        return RatedEnd(state.rated, state.kind.name, names, state.computer, state.settings.level,
                        state.computer, "abandoned")
    outcome = game.outcome()
    if outcome is None:
        return None
    return RatedEnd(state.rated, state.kind.name, names, state.computer, state.settings.level, outcome.winner,
                    outcome.termination.value, state.remote)


def rated_note(state: Core, keeps: bool, embedded: bool) -> str | None:
    """The text key said beside the status line of a rated game: that it
    is rated, all game long; and where this page cannot keep a rating (the
    browser keeps no data for it: a board inside another site, storage
    off), from its set-up on, before the game starts: that the embedding
    site keeps it, or that it is not rated here."""
    if state.rated is None or state.drill is not None or state.phase == OVER:
        return None
    if keeps:
        return "status_rated" if state.phase == PLAYING else None
    return "status_rated_site" if embedded else "status_rated_not_kept"
