"""What happened to the game, as named events read off the page's state.

After every change the page reads the state once (:meth:`GameEvents.update`,
web/ui/app.py) and hands what happened since the last read, in order, to
the parts that follow the game: autosave and the embedding page
(web/ui/session.py) and the computer (web/ui/computer.py). Drawing only
reads the state; these parts act on events.

- ``new_game``: another game is on the page (``UiState.game_id``), in its
  set-up, or ``loaded`` whole (a position, a link, a record, a save; a
  ``started`` event follows);
- ``set_up``: a set-up was confirmed (R4; the other player's turn, or the dice);
- ``started``: play began (the dice closed, or a game loaded);
- ``moved``: one move was played (``ply``: moves played now, ``token``),
  one event per move;
- ``took_back``: moves were taken back (``ply``: moves left);
- ``over``: the game ended (the last move, a flag, a resignation);
- ``changed``: anything else a save keeps: the board flipped, a piece
  touched (R25), the clocks paused or resumed, a review finished.

>>> from web.model.ui_state import UiState
>>> from web.model.settings import GameSettings
>>> from web.model.intents import MovePiece
>>> state = UiState(GameSettings(position="5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1"))
>>> events = GameEvents()
>>> events.update(state)   # the first read: what is there is not news
[]
>>> state.apply(MovePiece("a1", "a2"))
True
>>> [event.name for event in events.update(state)], events.update(state)
(['moved'], [])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from web.model.ui_state import UiState
from web.model.values import Value

if TYPE_CHECKING:
    from typing import Callable

NAMES = ("new_game", "set_up", "started", "moved", "took_back", "over", "changed")


class Event(Value):
    """One thing that happened; ``ply`` counts the moves played after it.

    >>> Event("moved", 1, "c3-d4")
    Event(name='moved', ply=1, token='c3-d4', loaded=False)
    """

    __slots__ = ("name", "ply", "token", "loaded")

    def __init__(self, name: str, ply: int = 0, token: str | None = None, loaded: bool = False) -> None:
        self.name = name
        self.ply = ply
        self.token = token
        self.loaded = loaded


class _Seen:
    """What a read of the state keeps to compare with the next one."""

    __slots__ = ("game_id", "setup_color", "started", "tokens", "over", "kept")

    def __init__(self, game_id: int, setup_color: int | None, started: bool, tokens: tuple[str, ...], over: bool,
                 kept: tuple[object, ...]) -> None:
        self.game_id = game_id
        self.setup_color = setup_color
        self.started = started
        self.tokens = tokens
        self.over = over
        #: What else a save keeps.
        self.kept = kept

    @classmethod
    def of(cls, state: UiState) -> _Seen:
        game = state.started_game
        clock = game.clock if game is not None else None
        kept = (state.flipped, game.touched if game is not None else None,
                None if clock is None else (clock.running, clock.to_move),
                state.review is not None and state.review.complete, state.rated)
        return cls(state.game_id, state.setup_color, state.started,
                   tuple(game.tokens) if game is not None else (), bool(game is not None and game.is_over()), kept)


class GameEvents:
    """Turns successive reads of a UiState into the events between them."""

    def __init__(self) -> None:
        self._seen: _Seen | None = None

    def update(self, state: UiState) -> list[Event]:
        now, before = _Seen.of(state), self._seen
        self._seen = now
        if before is None:
            return []
        if now.game_id != before.game_id:
            # Loaded whole: its earlier moves (and its end, if over) are not news.
            if now.started:
                return [Event("new_game", len(now.tokens), loaded=True), Event("started", len(now.tokens))]
            return [Event("new_game")]
        events = []
        if now.setup_color != before.setup_color and not now.started:
            events.append(Event("set_up"))
        if now.started and not before.started:
            events.append(Event("started", len(now.tokens)))
        common = 0
        for mine, theirs in zip(now.tokens, before.tokens):
            if mine != theirs:
                break
            common += 1
        if common < len(before.tokens):
            events.append(Event("took_back", common))
        events += [Event("moved", ply, now.tokens[ply - 1]) for ply in range(common + 1, len(now.tokens) + 1)]
        if now.over and not before.over:
            events.append(Event("over", len(now.tokens)))
        if now.kept != before.kept and not events:
            events.append(Event("changed", len(now.tokens)))
        return events


class EventBus:
    """Who wants to hear which events: ``on(handler, *names)`` (no names:
    every event). Events raised while others are handed out wait their turn,
    so a handler may change the state and refresh the page again."""

    def __init__(self) -> None:
        self._handlers: list[tuple[Callable[[Event], object], tuple[str, ...]]] = []
        self._queue: list[Event] = []
        self._busy = False

    def on(self, handler: Callable[[Event], object], *names: str) -> None:
        unknown = [name for name in names if name not in NAMES]
        if unknown:
            raise ValueError(f"no such event: {', '.join(unknown)}")
        self._handlers.append((handler, names))

    def emit(self, events: list[Event]) -> None:
        self._queue += events
        if self._busy:
            return
        self._busy = True
        try:
            while self._queue:
                event = self._queue.pop(0)
                for handler, names in list(self._handlers):
                    if not names or event.name in names:
                        handler(event)
        finally:
            self._busy = False
