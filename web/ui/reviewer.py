"""The review after a game (browser glue): *Analyse* asks the computer's
worker to judge every position (web/model/review.py), with a progress bar
and *Cancel*; then an evaluation graph where a click or tap jumps to that
move, each move's mark in the move list, a count of marks per player, and
on the board an arrow for the better move (web/ui/draw.py).

Hooks for tests: ``#review[data-state]`` is ``running``, ``done`` or
``cancelled``.
"""

from __future__ import annotations

import asyncio

import js

from militakiri.ai.review import EVAL_CLIP, counts

from web.i18n.texts import language, t
from web.model.review import GameReview
from web.ui.computer import ComputerError
from web.ui.dom import by_id, on, set_attr, set_text, show
from web.model.intents import ShowPly, ShowReview

#: Thinking time per position (seconds): about half a minute for a 60-move game.
SECONDS_PER_POSITION = 0.25
SVG = "http://www.w3.org/2000/svg"
#: The graph's size in its own units (it scales to the panel).
WIDTH, HEIGHT = 300, 90


class Reviewer:
    def __init__(self, app, computer) -> None:
        self.app = app
        self.state = app.state
        self.computer = computer
        self._running: GameReview | None = None
        self._drawn = None
        on(by_id("btn-analyse"), "click", lambda e: self.start())
        on(by_id("review-cancel"), "click", lambda e: self.cancel())
        on(by_id("review-graph"), "click", self._graph_clicked)
        app.views.append(self.update)

    # Running ----------------------------------------------------------------------------

    def start(self) -> None:
        state = self.state
        if state.game is None or self._running is not None:
            return
        review = GameReview(state.game)
        state.apply(ShowReview(review))
        self._running = review
        set_attr(by_id("review"), "data-state", "running")
        self.computer.want()
        self.app.refresh()
        asyncio.create_task(self._run(review))

    def cancel(self) -> None:
        if self._running is not None:
            self._running = None
            self.state.apply(ShowReview(None))
            set_attr(by_id("review"), "data-state", "cancelled")
            self.app.refresh()

    async def _run(self, review: GameReview) -> None:
        try:
            while self._running is review and not review.complete:
                position = review.next_position()
                value = await self.computer.worker.call("analyse", [position, SECONDS_PER_POSITION],
                                                        SECONDS_PER_POSITION)
                if self._running is not review:
                    return  # cancelled, or another game
                review.add(value["token"], value["score"])
                self.app.refresh()
        except ComputerError as error:
            if self._running is review:
                self._running = None
                self.state.apply(ShowReview(None))
                set_text(by_id("review-counts"), t("review_failed", reason=str(error)))
                return
        if self._running is review:
            self._running = None
            self.state.apply(ShowReview(review))  # done: it travels in the game's record
            set_attr(by_id("review"), "data-state", "done")
            self.app.refresh()

    # Showing ----------------------------------------------------------------------------

    def update(self) -> None:
        state = self.state
        review = state.review
        if self._running is not None and review is not self._running:
            self._running = None  # a new game or a take-back
        game = state.game if state.started else None
        # A finished game, or one read from a record or a link (a game going
        # on here is the players' own to think about).
        can = (game is not None and bool(game.tokens) and (game.is_over() or state.loaded)
               and state.drill is None)
        show(by_id("btn-analyse"), can and review is None)
        show(by_id("review"), review is not None)
        if review is None:
            return
        running = self._running is review
        show(by_id("review-run"), running)
        progress = by_id("review-progress")
        progress.max = review.total
        progress.value = len(review.scores)
        shown = state.replay.shown(state.game)
        key = (id(review), len(review.scores), shown, language())
        if key == self._drawn:
            return
        self._drawn = key
        if review.complete:
            self._graph(review, shown)
            self._counts(review)

    def _graph(self, review: GameReview, shown: int) -> None:
        svg = by_id("review-graph")
        svg.replaceChildren()
        results = review.results()
        n = max(1, len(results))
        x = lambda ply: ply * WIDTH / n  # noqa: E731
        y = lambda value: HEIGHT / 2 - value / EVAL_CLIP * (HEIGHT / 2 - 3)  # noqa: E731
        points = [(0, y(review.white_score(0)))]
        points += [(x(r.ply), y(r.eval)) for r in results]
        # As lichess draws it: White's share light below the curve, Black's dark above.
        area = f"M0,{HEIGHT} " + " ".join(f"L{px:.1f},{py:.1f}" for px, py in points) + f" L{x(n)},{HEIGHT} Z"
        _add(svg, "rect", x=0, y=0, width=WIDTH, height=HEIGHT, fill="#2b2623")
        _add(svg, "path", d=area, fill="#f7efe1")
        _add(svg, "line", x1=0, y1=HEIGHT / 2, x2=WIDTH, y2=HEIGHT / 2, stroke="#9c8c7a", **{"stroke-width": 0.6})
        for r in results:
            if r.mark is not None:
                color = {"inaccuracy": "#56b4e9", "mistake": "#e69f00", "blunder": "#d64541"}[r.mark]
                _add(svg, "circle", cx=x(r.ply), cy=y(r.eval), r=2.6, fill=color)
        _add(svg, "line", x1=x(shown), y1=0, x2=x(shown), y2=HEIGHT, stroke="#2e9668", **{"stroke-width": 1.4})
        set_attr(svg, "aria-label", t("review_graph"))

    def _counts(self, review: GameReview) -> None:
        found = counts(review.results(), review.game.start.turn)
        lines = []
        for color in (0, 1):
            marks = found[color]
            lines.append(t("review_counts", player=self.state.label(color),
                           inaccuracies=t("count_inaccuracies", n=marks["inaccuracy"]),
                           mistakes=t("count_mistakes", n=marks["mistake"]),
                           blunders=t("count_blunders", n=marks["blunder"])))
        set_text(by_id("review-counts"), " ".join(lines))

    def _graph_clicked(self, event) -> None:
        review = self.state.review
        if review is None or not review.complete:
            return
        box = event.currentTarget.getBoundingClientRect()
        ply = round((event.clientX - box.left) / max(1, box.width) * review.plies)
        if self.state.apply(ShowPly(max(0, min(review.plies, ply)))):
            self.app.refresh()


def _add(svg, name: str, **attrs) -> None:
    node = js.document.createElementNS(SVG, name)
    for key, value in attrs.items():
        node.setAttribute(key, str(value))
    svg.appendChild(node)
