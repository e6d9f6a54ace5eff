"""Embed mode (``index.html?embed=1``): options and the messages to the parent.

Pure Python. The page in an iframe shows only the board, the clocks and a
minimal bar, and tells its parent window what happens with
``window.parent.postMessage(data, "*")``; ``data`` is one of (see
docs/embed.md)::

    {"source": "militakiri", "version": 1, "type": "ready", "status": "playing",
     "position": "...", "ply": 0}
    {"source": "militakiri", "version": 1, "type": "start", "position": "...",
     "ply": 0, "turn": "white", "over": false}
    {"source": "militakiri", "version": 1, "type": "move", "token": "c3-d4",
     "position": "...", "ply": 1, "turn": "black", "clock": {"white": 297520, "black": 300000}}
    {"source": "militakiri", "version": 1, "type": "over", "result": "1-0",
     "termination": "towers", "winner": "white", "position": "...", "ply": 9}
    {"source": "militakiri", "version": 1, "type": "rating", "board": "single",
     "player": "Anna", "before": 1500, "after": 1681, "deviation": 290,
     "provisional": true, "opponent": "Computer, level 5", "result": "win",
     "points": 10, "pointsBefore": 0, "rankStatus": "starter"}

and, where the parent plays one side (``remote=``, web/model/remote.py
reads its messages)::

    {"source": "militakiri", "version": 1, "type": "setup", "color": "white", "towers": "Sc Xd Pb"}
    {"source": "militakiri", "version": 1, "type": "error", "code": "wrong-ply",
     "reason": "...", "ply": 7}

>>> options = embed_options("?embed=1&board=double&link=1%21s")
>>> options.embed, options.link
(True, '1!s')
"""

from __future__ import annotations


from web.model.events import Event
from web.model.profiles import RatedEnd
from web.model.rated_games import RatingChange
from web.model.query import query_params  # urllib.parse costs ~0.1 s at the start (query.py)
from web.model.remote import Refused
from web.model.ui_state import UiState
from web.model.values import Value


SOURCE = "militakiri"
VERSION = 1
COLORS = ("white", "black")


class EmbedOptions(Value):
    """What ``?embed=1&link=...&sound=1`` asks of the page."""

    __slots__ = ("embed", "link", "sound")

    def __init__(self, embed: bool = False, link: str | None = None, sound: bool = False) -> None:
        self.embed = embed
        #: A start link from ``link=`` (URL-encoded); the fragment works too.
        self.link = link
        #: ``sound=1``: the parent page wants the board's sounds (an embed is silent otherwise).
        self.sound = sound


def embed_options(query: str) -> EmbedOptions:
    params = query_params(query)
    embed = params.get("embed", "").strip().lower() in ("1", "true", "yes", "on")
    link = params.get("link", "").strip() or None
    sound = params.get("sound", "").strip().lower() in ("1", "true", "yes", "on")
    return EmbedOptions(embed=embed, link=link, sound=sound)


def message(kind: str, **data: object) -> dict[str, object]:
    found = {"source": SOURCE, "version": VERSION, "type": kind}
    found.update(data)
    return found


def ready_message(state: UiState) -> dict[str, object]:
    """The ``ready`` message: the page can be played; what is on the board
    (after a reload: where the game is, for the parent to send what it missed)."""
    game = state.started_game
    found = message("ready", status=state.phase, position=state.position_string(),
                    ply=len(game.tokens) if game is not None else 0)
    if state.remote is not None:  # the parent plays one side: which one is played here
        found["color"] = COLORS[1 - state.remote]
    return found


def clock_left(state: UiState) -> dict[str, int] | None:
    """Each player's time left on the board's live clock now, in whole
    milliseconds (``{"white": ..., "black": ...}``: what a parent that
    connects two boards sends the other one as its ``clock``); None without
    a live clock (none, or correspondence's deadlines).

    >>> from web.model.settings import GameSettings
    >>> state = UiState(GameSettings(position="5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1",
    ...                              time_control="300+0"), now=lambda: 10.0)
    >>> clock_left(state)
    {'white': 300000, 'black': 300000}
    """
    game = state.started_game
    if game is None or game.clock is None or game.time_control.mode == "correspondence":
        return None
    now = state.clock_now()
    return {name: int(game.clock.remaining(color, now) * 1000) for color, name in enumerate(COLORS)}


def setup_message(state: UiState) -> dict[str, object] | None:
    """The ``setup`` message once the player here has placed their set-up,
    in a game whose other side the parent plays (for the parent to send
    to the other board); None before, or in any other game.

    >>> from web.model.settings import GameSettings
    >>> from web.model.intents import RandomSetup, SetupDone
    >>> state = UiState(GameSettings(remote=0, seed=1))
    >>> setup_message(state) is None, state.apply(RandomSetup()), state.apply(SetupDone())
    (True, True, True)
    >>> setup_message(state)["color"], len(setup_message(state)["towers"].split())
    ('black', 3)
    """
    color = state.remote
    if color is None:
        return None
    own = 1 - color
    game, setup = state.game, state.setup
    if game is not None:
        if game.setups is None:
            return None  # (a game from a position: no set-ups)
        towers = game.setups[own].text()
    elif setup is not None and setup.confirmed(own):
        towers = setup.drafts[own].setup().text()
    else:
        return None
    return message("setup", color=COLORS[own], towers=towers)


def error_message(refused: Refused, state: UiState) -> dict[str, object]:
    """The ``error`` answer to a message the board did not take: its code,
    the reason in the page's language, and the moves played here."""
    game = state.started_game
    return message("error", code=refused.code, reason=refused.message.text(),
                   ply=len(game.tokens) if game is not None else 0)


def rating_message(change: RatingChange, end: RatedEnd, kept: bool = True) -> dict[str, object]:
    """The ``rating`` message: what a rated game did to one player's rating
    and points, and the rank status they leave (R26, R27; the status by its
    English key, web/model/points.py), after the game's ``over``
    (web/model/profiles.py: ``change.color`` is the player's side), and
    whether the board kept it (``kept``: False where the browser keeps no
    data for the board, a cross-site frame: then it is worked out from a new
    profile, and the site adds the game to its own player's).

    >>> from web.model.profiles import RatedEnd, RatingChange
    >>> from web.model.rating import Glicko
    >>> end = RatedEnd("g1", "single", ("Anna", "Computer, level 5"), 1, 5, 0, "towers")
    >>> change = RatingChange("Anna", "single", Glicko(), Glicko(1681.4, 290.2), 0, 95, 105)
    >>> message = rating_message(change, end)
    >>> [message[key] for key in ("board", "player", "before", "after", "deviation", "opponent", "result")]
    ['single', 'Anna', 1500, 1681, 290, 'Computer, level 5', 'win']
    >>> message["pointsBefore"], message["points"], message["rankStatus"], message["kept"]
    (95, 105, 'beginner', True)
    """
    color = change.color
    assert color is not None  # (a change of a game's end: web/model/profiles.py rate)
    return message("rating", board=change.board, player=change.name, before=round(change.before.rating),
                   after=round(change.after.rating), deviation=round(change.after.deviation),
                   provisional=change.after.provisional, opponent=end.names[1 - color], result=end.result(color),
                   points=change.points_after, pointsBefore=change.points_before, rankStatus=change.rank_status,
                   kept=kept)


def messages_for(event: Event, state: UiState) -> list[dict[str, object]]:
    """The messages a page event (web/model/events.py) means for the parent
    window: a game ``started`` (played from its set-up, or loaded whole: its
    earlier moves are not news), each move, the end."""
    game = state.game
    if game is None:
        return []  # (every event named below comes with a game)
    if event.name == "started":
        return [message("start", position=game.position.string(), ply=len(game.tokens),
                        turn=COLORS[game.position.turn], over=game.is_over())]
    if event.name == "moved":
        position = game.position if event.ply == len(game.tokens) else game.position_at(event.ply)
        moved = message("move", token=event.token, position=position.string(), ply=event.ply,
                        turn=COLORS[position.turn])
        left = clock_left(state) if event.ply == len(game.tokens) else None
        if left is not None:
            moved["clock"] = left
        return [moved]
    if event.name == "over":
        outcome = game.outcome()
        assert outcome is not None  # the game is over
        return [message("over", result=outcome.result, termination=str(outcome.termination),
                        winner=None if outcome.winner is None else COLORS[outcome.winner],
                        position=game.position.string(), ply=len(game.tokens))]
    return []
