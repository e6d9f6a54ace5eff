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
     "position": "...", "ply": 1, "turn": "black"}
    {"source": "militakiri", "version": 1, "type": "over", "result": "1-0",
     "termination": "towers", "winner": "white", "position": "...", "ply": 9}

>>> options = embed_options("?embed=1&board=double&link=1%21s")
>>> options.embed, options.link
(True, '1!s')
"""

from __future__ import annotations

from dataclasses import dataclass
from web.model.query import query_params  # urllib.parse costs ~0.1 s at the start (query.py)

SOURCE = "militakiri"
VERSION = 1
COLORS = ("white", "black")


@dataclass
class EmbedOptions:
    embed: bool = False
    #: A start link from ``link=`` (URL-encoded); the fragment works too.
    link: str | None = None


def embed_options(query: str) -> EmbedOptions:
    params = query_params(query)
    embed = params.get("embed", "").strip().lower() in ("1", "true", "yes", "on")
    link = params.get("link", "").strip() or None
    return EmbedOptions(embed=embed, link=link)


def message(kind: str, **data) -> dict:
    return {"source": SOURCE, "version": VERSION, "type": kind, **data}


class EmbedEvents:
    """Turns UiState changes into the messages for the parent window."""

    def __init__(self) -> None:
        self._game = None
        self._count = 0
        self._over = False

    def _watch(self, state, game) -> None:
        self._game = state.game_id if game is not None else None
        self._count = len(game.tokens) if game is not None else 0
        self._over = bool(game is not None and game.is_over())

    def ready(self, state) -> dict:
        """The ``ready`` message; what is on the board now is not news."""
        game = state.game if state.started else None
        self._watch(state, game)
        return message("ready", status=state.phase, position=state.position_string(),
                       ply=len(game.tokens) if game is not None else 0)

    def update(self, state) -> list[dict]:
        game = state.game if state.started else None
        if game is None or state.game_id != self._game:
            # A new game, or one loaded whole (a link, a record): it starts
            # here, its earlier moves are not news.
            self._watch(state, game)
            if game is None:
                return []
            return [message("start", position=game.position.string(), ply=len(game.tokens),
                            turn=COLORS[game.position.turn], over=game.is_over())]
        out = []
        tokens = game.tokens
        if len(tokens) < self._count:  # taken back
            self._count = len(tokens)
        for ply in range(self._count + 1, len(tokens) + 1):
            position = game.position if ply == len(tokens) else game.position_at(ply)
            out.append(message("move", token=tokens[ply - 1], position=position.string(), ply=ply,
                               turn=COLORS[position.turn]))
        self._count = len(tokens)
        outcome = game.outcome()
        if outcome is not None and not self._over:
            out.append(message("over", result=outcome.result, termination=outcome.termination.value,
                               winner=None if outcome.winner is None else COLORS[outcome.winner],
                               position=game.position.string(), ply=len(tokens)))
        self._over = outcome is not None
        return out
