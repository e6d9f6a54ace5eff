"""Learn and Puzzles in the page: the lessons dialog, the training
box under the board, and the replies played for the player's opponent.

The board is the game's own: a task or a puzzle starts a game at its
position (``UiState.new_game``) with the other side marked as the
computer's, so the board refuses input on its turn, and ``state.drill``
(web/model/training.py) says it is a drill: the computer's worker leaves it
alone, nothing is saved over the player's game and no result dialog opens.
After each move :meth:`Drill.after_move` says what follows; the reply is
played after a short pause, as a person would see it. Every refusal is the
engine's, shown on the status line as in a game (R24).

Data: web/data/lessons.json and web/data/puzzles.json, read when first
needed (the service worker keeps both for offline play). Progress: stars and
the puzzle rating in localStorage (``PROGRESS_KEY``), read from anything.

The address names the task or puzzle on the board (``?learn=plus/2``,
``?puzzle=s12-0042``): a reload opens it again, and it can be shared.

Hooks for tests: ``#training[data-drill]`` (the task or puzzle id),
``[data-result]`` (``solving``, ``solved``, ``failed``), ``html[data-rating]``.
"""

from __future__ import annotations

import asyncio

from militakiri import MilitakiriError
from militakiri.ai.review import GLYPHS
from militakiri.randomness import Random
import js

from web.i18n.texts import language, t
from web.model.earlier import (earlier_to_retry, history_note, is_earlier_puzzle_id, linked_puzzle_note,
                                puzzle_board, retry_note)
from web.model.lessons import LessonError, find_task, read_lessons, unknown_task_note
from web.model.query import parse_qs
from web.model.settings import GameSettings
from web.model.progress import PROGRESS_KEY, START_RATING, Progress
from web.model.puzzles import THEMES, next_puzzle, read_puzzles
from web.model.training import Drill, DrillStep, Mistake, MistakeDrill, opponent, rating_line, star_line
from web.model.modes import drills
from web.model.layout import LANDSCAPE_QUERY, NARROW  # a phone held sideways: the side panel is hidden there
from web.services.storage import SafeStorage, set_aside
from web.ui import guard
from web.ui.dom import by_id, clear, el, fetch_text, keep, later, next_frame, on, set_attr, set_text, show
from web.ui.svg import rating_plot
from web.model.intents import (BeginDrill, DrillHint, DrillReply, GiveUp, JudgeDrill, NewGame, OpenGame,
                                PlaySolution, Say, ShowReview, WeighDrillMove)
from web.model.status import Message
from web.ui.computer import ComputerError

LESSONS_URL = "./web/data/lessons.json"
PUZZLES_URL = "./web/data/puzzles.json"
#: The computer's time to weigh a move in Learn from your mistakes (seconds).
WEIGH_SECONDS = 0.5
#: The URL options a lesson's or a puzzle's address keeps (how the page looks).
KEPT_OPTIONS = ("lang", "embed", "sound")


class Trainer:
    def __init__(self, app, session, computer) -> None:
        self.app = app
        self.state = app.state
        self.session = session
        #: The computer's worker weighs a move in Learn from your mistakes.
        self.computer = computer
        #: The mistakes being learnt from (web/model/training.py's Mistake).
        self.mistakes: tuple[Mistake, ...] = ()
        #: The game they were made in, its review and its computer.
        self._reviewed = None
        self.storage = SafeStorage.from_getter(lambda: guard.Storage("localStorage"))
        self.progress = Progress.read(self.storage.get(PROGRESS_KEY))
        #: Whether progress may be written: not over a value it could not
        #: read that could not be kept aside either (web/services/storage.py).
        self._writable = not self.progress.unread or set_aside(self.storage, PROGRESS_KEY)
        if self.progress.unread:
            session.warn("progress_unreadable")
        self.lessons = None
        self.puzzles = None
        self.puzzle = None
        self.rng = Random()
        self.box = by_id("training")
        self.dialog = by_id("dlg-learn")
        self._solution_game = None
        #: What the box says, made again at each refresh (a language switch relabels it).
        self._feedback = lambda: ""
        self._feedback_in_view = keep(self._scroll_to_feedback)
        #: The box's height the board was last fitted around (under the board on a phone).
        self._fitted_height = 0
        on(by_id("btn-learn"), "click", lambda e: self.open_learn())
        on(by_id("btn-puzzles"), "click", lambda e: self._soon(self.open_puzzle()))
        on(by_id("ng-learn"), "click", lambda e: (by_id("dlg-new").close(), self.open_learn()))
        on(by_id("learn-close"), "click", lambda e: self.dialog.close())
        on(by_id("learn-puzzles"), "click", lambda e: self._from_dialog("single"))
        on(by_id("learn-puzzles-double"), "click", lambda e: self._from_dialog("double"))
        on(by_id("tr-hint"), "click", lambda e: self.hint())
        on(by_id("tr-solution"), "click", lambda e: self.show_solution())
        on(by_id("tr-retry"), "click", lambda e: self.retry())
        on(by_id("tr-next"), "click", lambda e: self._soon(self.next()))
        on(by_id("tr-list"), "click", lambda e: self.open_learn())
        on(by_id("tr-exit"), "click", lambda e: self.leave())
        for name in ("btn-learn", "btn-puzzles"):
            by_id(name).disabled = False
        app.events.on(self._on_event)
        app.views.append(self.update)
        set_attr(js.document.documentElement, "data-rating", str(self.progress.rating))

    def asked(self, query: str, learn: bool) -> bool:
        """What the address asked for: ``?puzzle=ID`` (a puzzle's link),
        ``?learn`` (or ``learn``). Opens it once the page has started."""
        params = parse_qs(str(query or "").lstrip("?"), keep_blank_values=True)
        if "puzzle" in params:
            self._soon(self._open_linked(params["puzzle"][-1]))
            return True
        if learn or "learn" in params:
            task_id = params.get("learn", [""])[-1]
            if task_id:
                self._soon(self._open_task(task_id))
            else:
                self.open_learn()
            return True
        return False

    async def _open_task(self, task_id: str) -> None:
        """``?learn=plus/2``: that task (a reload, a link), else the list."""
        try:
            task = find_task(await self._lessons(), task_id)
        except Exception:
            task = None  # the list says why
        if task is not None:
            self.start_task(task)
        else:
            self.open_learn(unknown_task_note(task_id) if self.lessons is not None else None)

    def _address(self, drill: Drill | None) -> None:
        """The address names what is on the board, ``?learn=plus/2`` or
        ``?puzzle=s12-0042``, so a reload (or the link) opens it again; of the
        page's other options only its look is kept (a game's options would
        start that game again)."""
        location = js.window.location
        params = parse_qs(str(location.search or "").lstrip("?"), keep_blank_values=True)
        pairs = [(name, params[name][-1]) for name in KEPT_OPTIONS if name in params]
        option = None if drill is None else drill.address()  # (a game's mistakes have none)
        if option is not None:
            pairs.append(option)
        # "/" may stand in a query: plus/2 reads better than plus%2F2.
        try:
            query = "&".join(f"{name}={str(guard.call(js.window, 'encodeURIComponent', value)).replace('%2F', '/')}"
                             for name, value in pairs)
            guard.call(js.window.history, "replaceState", js.window.history.state, "",
                       str(location.pathname) + (f"?{query}" if query else ""))
        except guard.BrowserError as error:  # an address the browser cannot write: it stays as it was
            js.window.console.warn(f"militakiri: the address was not changed: {error}")

    async def _open_linked(self, puzzle_id: str) -> None:
        if not await self.open_puzzle(puzzle_id) and self.puzzles is not None:
            # Another one near the rating, and why; an earlier board's puzzle
            # (an old link) gets one of the official board's, on its board.
            board = puzzle_board(puzzle_id) if is_earlier_puzzle_id(puzzle_id) else None
            await self.open_puzzle(board=board)
            self._say(lambda: linked_puzzle_note(puzzle_id), "solving")

    @staticmethod
    def _soon(coroutine) -> None:
        asyncio.create_task(coroutine)

    # Data ----------------------------------------------------------------------

    async def _lessons(self):
        """The lessons, read once. Their positions are checked as each task
        starts: Learn's first tap reads the file in half the time (0.06-0.09 s
        at CPU 4x)."""
        if self.lessons is None:
            self.lessons = read_lessons(await fetch_text(LESSONS_URL), check_positions=False)
        return self.lessons

    async def _puzzles(self):
        if self.puzzles is None:
            self.puzzles = read_puzzles(await fetch_text(PUZZLES_URL))
        return self.puzzles

    def _save(self) -> None:
        if self._writable:
            self.storage.set(PROGRESS_KEY, self.progress.to_json())
        set_attr(js.document.documentElement, "data-rating", str(self.progress.rating))

    # Learn ---------------------------------------------------------------------

    def open_learn(self, note: str | None = None) -> None:
        """The lessons, each task with its stars; and the way to the puzzles;
        ``note`` above them (a task the address named that does not exist).
        Opened in the tap's own frame once the files it shows were read, else
        once they are."""
        if self.lessons is None or (self.progress.puzzles and self.puzzles is None):
            self._soon(self._open_learn(note))
        else:
            self._show_learn(note=note)

    async def _open_learn(self, note: str | None = None) -> None:
        problem = None
        try:
            await self._lessons()
        except Exception as error:  # offline without the file, or a damaged one
            problem = str(error)
        if self.progress.puzzles:  # the dashboard names them
            try:
                await self._puzzles()
            except Exception:  # (the puzzles did not load: said when one is asked for)
                pass
        self._show_learn(problem, note)

    def _show_learn(self, problem: str | None = None, note: str | None = None) -> None:
        listing = by_id("learn-list")
        clear(listing)
        if problem is not None:
            listing.append(el("p", t("tr_load_failed", reason=problem), "error"))
        elif note is not None:
            listing.append(el("p", note, "error"))
        for number, lesson in enumerate(self.lessons if problem is None else (), 1):
            row = el("li", None, "lesson")
            row.append(el("span", f"{number}. {lesson.text('title', language())}", "lesson-title"))
            tasks = el("span", None, "lesson-tasks")
            for task in lesson.tasks:
                earned = self.progress.stars.get(task.id, 0)
                button = el("button", f"{task.number} {star_line(earned)}", "task", type="button")
                button.setAttribute("data-task", task.id)
                button.setAttribute("aria-label", t("tr_task_label", lesson=lesson.text("title", language()),
                                                    n=task.number, stars=earned))
                on(button, "click", lambda e, task=task: (self.dialog.close(), self.start_task(task)))
                tasks.append(button)
            row.append(tasks)
            listing.append(row)
        set_text(by_id("learn-rating"), t("tr_rating", rating=self.progress.display())
                 + (" " + t("tr_rating_provisional") if self.progress.glicko.provisional else ""))
        self._dashboard(self.puzzles or ())
        if not self.dialog.open:
            self.dialog.showModal()

    def _dashboard(self, puzzles) -> None:
        """The puzzle dashboard: the rating's history, solved and failed per
        theme, and the puzzles to try again (shown once a puzzle was tried)."""
        progress = self.progress
        show(by_id("learn-dashboard"), bool(progress.puzzles))
        if not progress.puzzles:
            return
        history = by_id("pz-history")
        history.replaceChildren()
        ratings = [START_RATING] + [after for _, _, after in progress.history]
        if len(ratings) > 1:
            history.append(rating_plot(ratings, t("pz_history", first=ratings[0], last=ratings[-1],
                                                  n=len(ratings) - 1)))
        rows = by_id("pz-themes").querySelector("tbody")
        rows.replaceChildren()
        counts = progress.theme_counts(puzzles)
        for theme in THEMES:
            if theme in counts:
                solved, failed = counts[theme]
                row = el("tr")
                row.append(el("td", t(theme)), el("td", str(solved)), el("td", str(failed)))
                rows.append(row)
        listing = by_id("pz-retry")
        listing.replaceChildren()
        ratings_by_id = {puzzle.id: puzzle.rating for puzzle in puzzles}
        retry = [id for id in progress.to_retry() if id in ratings_by_id]
        # The earlier board's puzzles stay in the history and the rating: said, never dropped.
        earlier = history_note(progress, puzzles)
        if earlier:
            history.append(el("p", earlier, "note pz-earlier"))
        gone = earlier_to_retry(progress, puzzles)
        if not retry and not gone:
            listing.append(el("li", t("pz_retry_none"), "note"))
        for id in gone:
            item = el("li", retry_note(id), "note")
            item.setAttribute("data-earlier-puzzle", id)
            listing.append(item)
        for id in retry:
            button = el("button", t("pz_retry_button", id=id, rating=ratings_by_id[id]), None, type="button")
            button.setAttribute("data-puzzle", id)
            on(button, "click", lambda e, id=id: (self.dialog.close(), self._soon(self.open_puzzle(id))))
            item = el("li")
            item.append(button)
            listing.append(item)

    def start_task(self, task) -> None:
        self.puzzle = None
        try:
            task.check()  # (the lessons were read without it: _lessons)
        except LessonError as error:
            self._cannot_start(str(error))
            return
        self._begin(Drill.for_task(task))

    def _cannot_start(self, reason: str) -> None:
        """A task or puzzle that cannot start, said on the status line: the
        task's box shows only while a task is on (said there, it was unseen)."""
        self.state.apply(Say(Message("tr_load_failed", {"reason": reason}, "warn")))
        self.app.refresh()

    # Puzzles ---------------------------------------------------------------------

    def _from_dialog(self, board: str) -> None:
        self.dialog.close()
        self._soon(self.open_puzzle(board=board))

    async def open_puzzle(self, puzzle_id: str | None = None, board: str | None = None) -> bool:
        """A puzzle: ``puzzle_id`` (a link ``?puzzle=ID``), else the next one
        near the player's rating on ``board`` (by default the board of the
        last puzzle, or the single board). False if there is none by that id."""
        try:
            puzzles = await self._puzzles()
        except Exception as error:
            self._cannot_start(str(error))
            return False
        if puzzle_id is not None:
            chosen = next((p for p in puzzles if p.id == puzzle_id), None)
            if chosen is None:
                return False
        else:
            board = board or (self.puzzle.board if self.puzzle is not None else "single")
            chosen = next_puzzle(puzzles, self.progress.rating, set(self.progress.puzzles), board, self.rng,
                                 after=self.puzzle.id if self.puzzle is not None else None)
        self.puzzle = chosen
        self._begin(Drill.for_puzzle(chosen))
        return True

    def start_mistakes(self, mistakes: tuple[Mistake, ...]) -> None:
        """Learn from your mistakes: each of the player's marked moves of the
        game reviewed, in turn, as a task (find a better move)."""
        if mistakes:
            state = self.state
            self.mistakes = mistakes
            # The game and its review, to go back to (a game from a link is not the saved one).
            computer = None if state.computer is None else (state.computer, state.settings.level)
            self._reviewed = (state.game, state.review, computer)
            self.computer.want()  # it weighs the moves
            self._begin(MistakeDrill(mistakes[0]))

    # A try ----------------------------------------------------------------------

    def _begin(self, drill: Drill) -> None:
        self._solution_game = None
        if self._board(drill):
            self._say(lambda: "", "solving")
            self.app.refresh()

    def _board(self, drill: Drill) -> bool:
        """The board at the drill's start: its position (or a set-up), the
        solver at the bottom, the other side played by the page."""
        state = self.state
        settings = GameSettings(board=drill.board, position=drill.position, computer=opponent(drill), level=1)
        try:
            state.apply(NewGame(settings))
        except MilitakiriError as error:  # never expected: the engine checked the data
            self._cannot_start(error.text)
            return False
        state.apply(BeginDrill(drill))
        self.app.fit()  # another board, maybe another kind: sized (and turned) again
        self.app.scroll_to_top()
        self._address(drill)
        return True

    def _on_event(self, event) -> None:
        state = self.state
        drill = state.drill
        if drill is None or drill.status != "solving" or self._solution_game is not None \
                or event.name not in ("set_up", "moved"):
            return
        if not state.apply(JudgeDrill()):
            return
        step = drill.step
        game = state.game
        if step.status == "weighing":
            self._say(lambda: t("tr_status_weighing"), "weighing")
            self.app.refresh()
            asyncio.create_task(self._weigh(state.game_id, state.position_string()))
            return
        if step.status != "solving":
            self._finish(step)
            return
        if drill.puzzle is not None and game.position.turn != drill.solver:
            self._say(lambda: t("tr_puzzle_good"), "solving")
        if step.reply is not None:
            game_id = state.game_id
            later(drills.REPLY_MS, lambda: self._reply(game_id, step.reply))

    async def _weigh(self, game_id: int, position: str) -> None:
        """The computer's score after the player's move judges it."""
        try:
            value = await self.computer.worker.ask("analyse", [position, WEIGH_SECONDS], WEIGH_SECONDS)
            score = int(value["score"])
        except ComputerError as error:
            reason = str(error)
            if self.state.game_id == game_id:
                self._say(lambda: t("tr_weigh_failed", reason=reason), "failed")
            return
        if self.state.game_id != game_id:
            return  # the player went elsewhere
        drill = self.state.drill
        if self.state.apply(WeighDrillMove(score)) and drill is not None:
            self._finish(drill.step)

    def _reply(self, game_id: int, token: str) -> None:
        if self.state.apply(DrillReply(token, game_id)):
            self.app.refresh()

    def _finish(self, step, gave_up: bool = False) -> None:
        drill = self.state.drill
        solved = step.status == "solved"
        if drill.puzzle is not None:
            helped = gave_up or drill.hints > 0
            change = self.progress.puzzle_done(drill.puzzle, solved, helped)
            rated = "tr_unrated_helped" if helped else "tr_unrated_again"  # (change None: not rated)
            sign = "" if change is None else f"{change:+d}" if change else "\u00b10"

            def feedback():
                rating = (t(rated, rating=self.progress.display()) if change is None
                          else t("tr_rating_change", rating=self.progress.display(), change=sign))
                return t("tr_puzzle_solved" if solved else "tr_puzzle_failed") + " " + rating
        elif drill.mistake is not None:
            best = drill.mistake.best

            def feedback():
                return t("tr_mistake_solved", best=best) if solved else t("tr_failed", reason=step.reason or "")
        elif solved:
            self.progress.award(drill.id, drill.stars())
            earned = star_line(drill.stars())

            def feedback():
                return t("tr_solved", stars=earned) + " " + drill.task.text("success", language())
        else:
            def feedback():
                return t("tr_failed", reason=step.reason or "")
        self._save()
        self._say(feedback, step.status)
        self.app.refresh()

    # Buttons -------------------------------------------------------------------

    def hint(self) -> None:
        drill = self.state.drill
        if not self.state.apply(DrillHint()):  # (counted against the stars)
            return
        if drill.task is not None:
            self._say(lambda: drill.task.text("hint", language()), "solving")
            return
        field = self.state.hint_field  # marked on the board too
        if field is not None:
            square = field[1]
            self._say(lambda: t("tr_hint_piece", square=square), "solving")

    def show_solution(self) -> None:
        """Play the solution from the start, move by move (a failed puzzle, or given up)."""
        drill = self.state.drill
        if drill is None or drill.position is None:
            return
        if self.state.apply(GiveUp()):  # a puzzle given up counts as failed
            self._finish(DrillStep("failed"), gave_up=True)
        state = self.state
        if not self._board(drill):
            return
        self._solution_game = state.game_id
        line = " ".join(drill.solution)
        self._say(lambda: t("tr_solution_line", line=line), drill.status)
        self.app.refresh()
        for i, token in enumerate(drill.solution):
            later(drills.SOLUTION_MS * (i + 1), lambda token=token, game_id=state.game_id: self._show(game_id, token))

    def _show(self, game_id: int, token: str) -> None:
        state = self.state
        if state.apply(PlaySolution(token, game_id)):
            self.app.refresh()

    def retry(self) -> None:
        drill = self.state.drill
        if drill is None:
            return
        self._begin(drill.again())

    async def next(self) -> None:
        drill = self.state.drill
        if drill is None:
            return
        if drill.puzzle is not None:
            await self.open_puzzle()
            return
        if drill.mistake is not None:
            number = drill.mistake.number
            if number < len(self.mistakes):
                self._begin(MistakeDrill(self.mistakes[number]))
            return
        lessons = await self._lessons()
        tasks = [task for lesson in lessons for task in lesson.tasks]
        at = next((i for i, task in enumerate(tasks) if task.id == drill.id), -1)
        if 0 <= at < len(tasks) - 1:
            self.start_task(tasks[at + 1])
        else:
            self.open_learn()

    def leave(self) -> None:
        """Back to the player's own game (the saved one); with none (a first
        visit), the New game dialog, as the page's start opens it: a lone
        learner is not left in a set-up for two."""
        state = self.state
        self._address(None)
        reopened = True
        if state.drill is not None and state.drill.mistake is not None and self._reviewed is not None:
            game, review, computer = self._reviewed
            state.apply(OpenGame(game, computer=computer))
            state.apply(ShowReview(review))
            self.app.result_seen()  # (its result was shown before the review)
        else:
            state.apply(NewGame(GameSettings()))
            reopened = self.session.reopen_saved()
        self._say(lambda: "", "")
        self.app.refresh()
        self.app.fit()  # (the top bar back in view, if the lesson's board had taken its room)
        if not reopened:
            self.app.dialogs.open_new()

    # View ------------------------------------------------------------------------

    def _say(self, feedback, result: str) -> None:
        """``feedback``: a function that says it in the current language."""
        self._feedback = feedback
        node = by_id("tr-feedback")
        set_text(node, feedback())
        set_attr(self.box, "data-result", result)
        if node.textContent:  # in view once the box is laid out: on a phone its words scroll
            next_frame(self._feedback_in_view)

    def _scroll_to_feedback(self, _timestamp=None) -> None:
        node = by_id("tr-feedback")
        words = node.parentElement
        words.scrollTop += node.getBoundingClientRect().top - words.getBoundingClientRect().top

    def _place(self) -> None:
        """Beside the board on a wide screen; on a phone under the status
        line, so the task, its answer and its buttons show with the board
        (web/ui/app.py's fit keeps room for it there)."""
        under = js.window.innerWidth <= NARROW or js.window.matchMedia(LANDSCAPE_QUERY).matches
        parent = by_id("play") if under else js.document.querySelector("aside.side")
        moved = self.box.parentElement != parent
        if moved:
            if under:
                parent.insertBefore(self.box, by_id("controls"))
            else:
                parent.insertBefore(self.box, parent.firstElementChild)
        # Under the board, the board is sized around the box's least height (App.task_box_least).
        height = self.app.task_box_least() if under else 0
        if moved or height != self._fitted_height:
            self._fitted_height = height
            self.app.fit()

    def update(self) -> None:
        """Every refresh: the box shows the drill in the current language."""
        drill = self.state.drill
        shown = not self.box.hidden
        show(self.box, drill is not None)
        if drill is None:
            set_attr(self.box, "data-drill", "")
            if shown:
                self.app.fit()
            return
        set_text(by_id("tr-feedback"), self._feedback())
        set_attr(self.box, "data-drill", drill.id)
        player = t("white") if drill.solver == 0 else t("black")
        if drill.task is not None:
            lesson = next(lesson for lesson in self.lessons if lesson.id == drill.task.lesson)
            set_text(by_id("tr-title"), t("tr_lesson_task", lesson=lesson.text("title", language()),
                                          n=drill.task.number, total=len(lesson.tasks)))
            set_text(by_id("tr-intro"), lesson.text("intro", language()) if drill.task.number == 1 else "")
            set_text(by_id("tr-text"), drill.task.text("prompt", language()))
        elif drill.mistake is not None:
            mistake = drill.mistake
            set_text(by_id("tr-title"), t("tr_mistake_title", n=mistake.number, total=mistake.total))
            sign = GLYPHS[mistake.mark] if mistake.mark else ""
            set_text(by_id("tr-intro"), "")
            set_text(by_id("tr-text"), t("tr_mistake_prompt", player=player, move=mistake.played + sign))
        else:
            set_text(by_id("tr-title"), t("tr_puzzle_title", id=drill.id, rating=drill.puzzle.rating))
            set_text(by_id("tr-intro"), "")
            moves = (len(drill.solution) + 1) // 2  # the solver's moves in the line
            if drill.puzzle.goal == "win" and moves > 1:
                prompt = t("tr_puzzle_win_in", player=player, n=moves)
            else:
                prompt = t("tr_puzzle_win" if drill.puzzle.goal == "win" else "tr_puzzle_tower", player=player)
            set_text(by_id("tr-text"), prompt)
        solving = drill.status == "solving" and self._solution_game is None
        show(by_id("tr-hint"), solving)
        show(by_id("tr-solution"), drill.position is not None and self._solution_game is None
             and (drill.puzzle is not None or drill.status == "failed"))
        show(by_id("tr-retry"), drill.status not in ("solving", "weighing") or self._solution_game is not None)
        last_mistake = drill.mistake is not None and drill.mistake.number == drill.mistake.total
        # (after a game's last mistake, "Back to the game" is the way on)
        show(by_id("tr-next"), drill.status not in ("solving", "weighing") and not last_mistake)
        show(by_id("tr-list"), drill.mistake is None)
        by_id("tr-retry").classList.toggle("primary", drill.status == "failed")
        by_id("tr-next").classList.toggle("primary", drill.status != "failed")
        set_text(by_id("tr-next"), t("tr_next_puzzle" if drill.puzzle is not None else
                                     "tr_next_mistake" if drill.mistake is not None else "tr_next"))
        rating = self.progress.display()
        set_text(by_id("tr-rating"), " ".join(t(key, rating=rating)
                                              for key in rating_line(drill, self.progress.glicko.provisional)))
        self._place()  # last: its height is the text's
