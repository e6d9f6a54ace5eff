"""The review after a game (browser glue): *Analyse* asks the computer's
worker to judge every position (web/model/review.py), with a progress bar
and *Cancel*; then Red's winning chances after each move as a graph
(0-100 %, a 50 % line, axes, the marked moves as dots, a legend) where a
click or tap jumps to that move, each move's mark in the move list, the
marks and accuracy per player, and the moves the review explains as a row
of buttons. Where the move played from the position shown was marked, the
board draws it and the better move as two arrows (web/ui/draw.py) and the
words say what it allowed and what was better (militakiri.ai.review.explain).

Hooks for tests: ``#review[data-state]`` is ``running``, ``done`` or
``cancelled``.
"""

from __future__ import annotations

import asyncio

from pyscript.ffi import to_js

from militakiri.ai.review import CERTAIN, GLYPHS, chances, counts, for_white
from militakiri.messages import say

from web.i18n.texts import language, t
from web.model.review import GameReview, graph_ticks
from web.model.training import Mistake, mistakes_of
from web.model.shapes import markup_text
from web.model.formatting import move_label
from web.ui.computer import ComputerError
from web.ui.dom import by_id, on, set_attr, set_text, show
from web.ui.svg import add as svg_add
from web.ui.svg import label as svg_label
from web.model.intents import ShowPly, ShowReview

#: Thinking time per position (seconds): about half a minute for a 60-move game.
SECONDS_PER_POSITION = 0.25
#: The computer's view on demand: its time, and the moves of its line shown.
VIEW_SECONDS = 1.0
VIEW_MOVES = 8
#: The graph's box in its own units (index.html's viewBox; it scales to the
#: panel) and the plot inside it, room left for the axes' labels.
WIDTH, HEIGHT = 320, 118
LEFT, RIGHT, TOP, BOTTOM = 32, 314, 6, 100
#: The marks' colors (the Okabe-Ito palette, told apart by most color-blind eyes).
MARK_COLORS = {"inaccuracy": "#56b4e9", "mistake": "#e69f00", "blunder": "#d64541"}
MARKS = ("inaccuracy", "mistake", "blunder")  # (a dict's order is not MicroPython's)
TURNING_COLOR = "#7b3fa0"
#: The graph's areas: Red's chances below the curve (light, a red tint),
#: Blue's above (dark, a blue tint): the sides' colors (R28), light and dark
#: as lichess has them, so that the marks stand out on both.
RED_AREA, BLUE_AREA = "#f6e3df", "#2f3a5c"
#: How far from a dot a tap still means the dot, in the graph's units (about 8 px on a phone).
DOT_REACH = 7
MARK_WORDS = {"inaccuracy": "mark_inaccuracy", "mistake": "mark_mistake", "blunder": "mark_blunder"}


class Reviewer:
    def __init__(self, app, computer) -> None:
        self.app = app
        self.state = app.state
        self.computer = computer
        self._running: GameReview | None = None
        self._drawn = None
        on(by_id("btn-analyse"), "click", lambda e: self.start())
        # (the result dialog offers it too: the way on from a game just ended)
        on(by_id("result-analyse"), "click",
           lambda e: (by_id("dlg-result").close(), self.start(), self._bring_into_view()))
        on(by_id("review-cancel"), "click", lambda e: self.cancel())
        on(by_id("review-graph"), "click", self._graph_clicked)
        on(by_id("review-moments"), "click", self._moment_clicked)
        on(by_id("review-learn"), "click", lambda e: self._learn())
        on(by_id("btn-evaluate"), "click", lambda e: self.evaluate())
        #: The position the computer's view was asked for, and what it said.
        self._viewed: str | None = None
        self._view = lambda: ""
        #: Starts Learn from your mistakes (web/ui/training.py's Trainer.start_mistakes).
        self.learn = lambda mistakes: None
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

    def _bring_into_view(self) -> None:
        """The review where the player looks: on a phone it lies below the
        board, out of sight, and Analyse would seem to do nothing."""
        by_id("review").scrollIntoView(to_js({"block": "nearest"}))

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
                value = await self.computer.worker.ask("analyse", [position, SECONDS_PER_POSITION],
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

    # The computer's view, on demand ---------------------------------------------------

    def evaluate(self) -> None:
        """Ask the computer's worker for its view of the position shown."""
        position = self.state.view_position()
        if position is None:
            return
        self._viewed = position
        self._say_view(lambda: t("eval_thinking"))
        self.computer.want()
        asyncio.create_task(self._look(position, self.state.shown_position().turn))

    async def _look(self, position: str, turn: int) -> None:
        """The worker's view of ``position`` (``turn`` to move there), said."""
        try:
            value = await self.computer.worker.ask("line", [position, VIEW_SECONDS], VIEW_SECONDS)
        except ComputerError as error:
            reason = str(error)
            if self._viewed == position:
                self._say_view(lambda: t("eval_failed", reason=reason))
            return
        if self._viewed != position:
            return  # the board shows another position now
        white = chances(for_white(int(value["score"]), turn))
        percent = round(white / 10)
        line = " ".join(str(token) for token in list(value["pv"])[:VIEW_MOVES])
        if not line:
            self._say_view(lambda: t("eval_over", chances=percent))
        else:
            depth = int(value["depth"])
            self._say_view(lambda: t("eval_line", depth=depth, player=self.state.label(turn), chances=percent,
                                     line=line))

    def _say_view(self, words) -> None:
        """``words``: a function that says it in the page's language."""
        self._view = words
        box = by_id("evaluation")
        set_text(box, words())
        show(box, True)

    def _update_view(self) -> None:
        """The view goes when the board shows another position; the button
        is there where a position is analysed, or a hint is offered."""
        position = self.state.view_position()
        show(by_id("btn-evaluate"), position is not None)
        if self._viewed is not None and position != self._viewed:
            self._viewed = None
            show(by_id("evaluation"), False)
        elif self._viewed is not None:
            set_text(by_id("evaluation"), self._view())

    def update(self) -> None:
        self._update_view()
        state = self.state
        review = state.review
        if self._running is not None and review is not self._running:
            self._running = None  # a new game or a take-back
        game = state.started_game
        # A finished game, or one read from a record or a link (a game going
        # on here, or with the embedding page's player, is the players' own to think about).
        can = (game is not None and bool(game.tokens) and (game.is_over() or (state.loaded and state.remote is None))
               and not state.aside)
        for button in ("btn-analyse", "result-analyse"):
            show(by_id(button), can and review is None)
        show(by_id("review"), review is not None)
        if review is None:
            show(by_id("review-words"), False)
            show(by_id("review-arrows"), False)
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
        words = review.words(shown) if review.complete else None
        words_box = by_id("review-words")
        set_text(words_box, "" if words is None else str(say(words, language())))
        show(words_box, words is not None)
        show(by_id("review-arrows"), words is not None)  # what the board's two arrows are
        if review.complete:
            self._graph(review, shown)
            self._legend(review)
            self._counts(review)
            self._moments(review, shown)
        show(by_id("review-learn"), review.complete and bool(self._mistakes(review)))

    def _graph(self, review: GameReview, shown: int) -> None:
        svg = by_id("review-graph")
        svg.replaceChildren()
        n = max(1, review.plies)
        x = lambda ply: LEFT + ply * (RIGHT - LEFT) / n  # noqa: E731
        y = lambda chances: BOTTOM - chances / CERTAIN * (BOTTOM - TOP)  # noqa: E731
        points = [(x(ply), y(review.white_chances(ply))) for ply in range(review.plies + 1)]
        # As lichess draws it: Red's share light below the curve, Blue's dark above.
        area = (f"M{LEFT},{BOTTOM} " + " ".join(f"L{px:.1f},{py:.1f}" for px, py in points)
                + f" L{x(n):.1f},{BOTTOM} Z")
        svg_add(svg, "rect", x=LEFT, y=TOP, width=RIGHT - LEFT, height=BOTTOM - TOP, fill=BLUE_AREA)
        svg_add(svg, "path", d=area, fill=RED_AREA)
        for level, label in ((CERTAIN, "100 %"), (CERTAIN // 2, "50 %"), (0, "0 %")):
            svg_add(svg, "line", x1=LEFT, y1=y(level), x2=RIGHT, y2=y(level), stroke="#9c8c7a",
                 **{"stroke-width": 0.8 if level == CERTAIN // 2 else 0.4})
            svg_label(svg, label, LEFT - 3, y(level) + 3, "end")
        said = set()
        for ply in graph_ticks(review.plies):  # labelled with the move's number, once
            svg_add(svg, "line", x1=x(ply), y1=BOTTOM, x2=x(ply), y2=BOTTOM + 3, stroke="#6b5d50")
            number = move_label(review.game, ply).rstrip(".\u2026")
            if number not in said:
                said.add(number)
                svg_label(svg, number, x(ply), BOTTOM + 13, "middle")
        svg_add(svg, "line", x1=x(shown), y1=TOP, x2=x(shown), y2=BOTTOM, stroke="#2e9668", **{"stroke-width": 1.6})
        for r in review.moments():
            cx, cy = x(r.ply), y(review.white_chances(r.ply))
            if r.turning:
                svg_add(svg, "rect", x=cx - 4, y=cy - 4, width=8, height=8, fill=TURNING_COLOR, stroke="#fff",
                     transform=f"rotate(45 {cx:.1f} {cy:.1f})", **{"stroke-width": 1})
            if r.mark is not None:
                svg_add(svg, "circle", cx=cx, cy=cy, r=3.2, fill=MARK_COLORS[r.mark], stroke="#fff",
                     **{"stroke-width": 0.8})
        set_attr(svg, "aria-label", t("review_graph"))

    def _legend(self, review: GameReview) -> None:
        # The two areas first (the dark one read as a band of nothing), then the marks.
        entries = [(RED_AREA, "dot area", t("review_area_white")), (BLUE_AREA, "dot area", t("review_area_black"))]
        entries += [(MARK_COLORS[mark], "dot", t(MARK_WORDS[mark])) for mark in MARKS]
        if any(r.turning for r in review.results()):
            entries.append((TURNING_COLOR, "dot turning", t("review_turning")))
        by_id("review-legend").innerHTML = "".join(
            f'<span><span class="{cls}" style="background:{color}"></span>{markup_text(label)}</span>'
            for color, cls, label in entries)

    def _moments(self, review: GameReview, shown: int) -> None:
        """One button per move the review explains; the one shown is current."""
        box = by_id("review-moments")
        set_attr(box, "aria-label", t("review_moments_label"))
        parts = []
        for r in review.moments():
            sign = GLYPHS[r.mark] if r.mark else ""
            label = t("review_moment", number=move_label(review.game, r.ply), move=r.token, sign=sign)
            if r.turning:
                label += " \u00b7 " + t("review_turning")
            current = "true" if r.ply == shown + 1 else "false"
            parts.append(f'<li><button type="button" data-ply="{r.ply}" aria-current="{current}">'
                         f'{markup_text(label)}</button></li>')
        box.innerHTML = "".join(parts)

    def _counts(self, review: GameReview) -> None:
        found = counts(review.results(), review.game.start.turn)
        accuracy = review.accuracy()
        lines = []
        for color in (0, 1):
            marks = found[color]
            if accuracy[color] is None:
                continue  # (a player without a move in this game)
            lines.append(t("review_counts", player=self.state.label(color),
                           inaccuracies=t("count_inaccuracies", n=marks["inaccuracy"]),
                           mistakes=t("count_mistakes", n=marks["mistake"]),
                           blunders=t("count_blunders", n=marks["blunder"]), accuracy=accuracy[color]))
        set_text(by_id("review-counts"), "\n".join(lines))  # a line each (white-space: pre-line)

    def _graph_clicked(self, event) -> None:
        review = self.state.review
        if review is None or not review.complete:
            return
        box = event.currentTarget.getBoundingClientRect()
        at = (event.clientX - box.left) / max(1, box.width) * WIDTH  # in the graph's units
        ply = max(0, min(review.plies, round((at - LEFT) / (RIGHT - LEFT) * review.plies)))
        # A dot near the tap (a finger's width): the position before that
        # move, where its arrows and words are.
        x = lambda ply: LEFT + ply * (RIGHT - LEFT) / max(1, review.plies)  # noqa: E731
        near = [r for r in review.moments() if abs(x(r.ply) - at) <= DOT_REACH]
        if near:
            ply = min(near, key=lambda r: abs(x(r.ply) - at)).ply - 1
        if self.state.apply(ShowPly(ply)):
            self.app.refresh()

    def _mistakes(self, review: GameReview) -> tuple[Mistake, ...]:
        """The player's marked moves: against the computer, the other
        side's; between two people here, both sides'."""
        computer = self.state.computer
        return mistakes_of(review, (0, 1) if computer is None else (1 - computer,))

    def _learn(self) -> None:
        review = self.state.review
        if review is not None and review.complete:
            self.learn(self._mistakes(review))

    def _moment_clicked(self, event) -> None:
        ply = event.target.closest("button[data-ply]") if event.target else None
        if ply and self.state.apply(ShowPly(int(ply.getAttribute("data-ply")) - 1)):
            self.app.refresh()
