"""The computer opponent in the page (browser glue): its workers, its turns,
the thinking indicator and the Hint button.

The search runs in web workers (web/boot/ai_worker.js +
web/services/ai_worker.py), so the page keeps drawing, the clocks keep
ticking and clicks are handled while the computer thinks. Two of them, the
same engine on two interpreters: Pyodide (CPython, about 10x faster: the
computer at full strength) and MicroPython (the page's own 0.2 MB, ready at
once), which answers while Pyodide's 10 MB are still on their way
(docs/runtime.md). Each question goes to Pyodide when it is ready, else to
MicroPython with the level's same time budget. What to ask and whether an
answer still fits are decided in web/model/modes/computer.py (pure); the state
refuses board input on the computer's turn.

The workers start lazily: when a game against the computer is on, when the
New game dialog's "Against the computer" is chosen (so they load while the
player picks a level), or at the first hint or review - never before the
page is ready, and never in a game between two people.

Hooks for tests: ``html[data-ai]`` = ``starting`` / ``ready`` / ``failed``
(absent until a worker is wanted; ready once either answers),
``html[data-ai-runtime]`` = the interpreter that answers now and
``html[data-ai-ms]`` = its start-up in milliseconds;
``#board[data-thinking]`` = ``setup``, ``move``, ``hint`` or empty.
"""

from __future__ import annotations

import asyncio
import json

import js
from pyscript.ffi import to_js

from militakiri import MilitakiriError

from web.i18n.texts import language, t
from web.model import computer_requests, jsontext
from web.model.modes import computer as computer_mode, rated as rated_mode
from web.model.core import PLAYING
from web.model.status import COMPUTER_STARTING
from web.services.storage import SafeStorage, set_aside
from web.ui import guard
from web.ui.dom import by_id, keep, later, on, set_attr, set_text, show
from web.ui.pending import Pending
from web.model.intents import (
    Asked, ComputerFailed, ConfirmUnrate, PlayHeldAnswer, RecallComputer, Unsay, WantHint, WorkerAnswer, WorkerFailed,
    WorkerStarting,
)

#: The worker script, relative to the page (works under any sub-path).
WORKER_URL = "./web/boot/ai_worker.js"
#: The interpreters, fastest last: a question goes to the last one ready.
RUNTIMES = ("micropython", "pyodide")
#: Seconds a worker may take to load before the page gives up on it (a
#: 2-core machine needs ~5-10 s for Pyodide, a phone on a slow network more).
START_TIMEOUT_S = 180
#: Seconds an answer may take beyond its search budget before the worker
#: counts as stuck.
ANSWER_GRACE_S = 60


#: The zip each interpreter loads (index.html's meta tags, tools/build.py):
#: MicroPython's bytecode, or the sources.
ZIPS = {"micropython": "militakiri-page", "pyodide": "militakiri-app"}


def zip_url(runtime: str) -> str:
    """The build's zip for ``runtime``, as an absolute URL a worker can fetch."""
    meta = js.document.querySelector(f'meta[name="{ZIPS[runtime]}"]')
    return str(guard.new(js.URL, meta.getAttribute("content"), js.document.baseURI).href)


class ComputerError(RuntimeError):
    """The computer cannot answer; the message is a sentence for the page."""


class AiWorker:
    """One worker on one interpreter: :meth:`start` (again after a failure),
    then :meth:`send` once it is ready (Workers does both). ``now()``:
    seconds from a steady clock (the UiState's)."""

    def __init__(self, runtime: str, on_status, now) -> None:
        self.runtime = runtime
        self.on_status = on_status
        self.now = now
        self.worker = None
        #: "off", "starting", "ready" or "failed".
        self.status = "off"
        self.problem: str | None = None
        self.start_ms: int | None = None
        self._starts = 0  # which start a start's time-out is about
        self._answers: dict[int, Pending] = {}
        self._next = 0
        self._started_at = 0.0

    def start(self) -> None:
        if self.status in ("starting", "ready"):
            return
        self._stop()
        self.status, self.problem = "starting", None
        self._starts += 1
        self._started_at = self.now()
        self.on_status()
        try:
            url = zip_url(self.runtime)  # first: no worker is left behind when the page names no zip
            worker = guard.new(js.Worker, f"{WORKER_URL}?runtime={self.runtime}", {"type": "module"})
        except Exception as error:  # no Worker here, or no zip named by the page
            self._fail(t("ai_err_load", error=str(error)))
            return
        self.worker = worker
        worker.onmessage = keep(self._message)
        worker.onerror = keep(self._error)
        worker.postMessage(to_js({"type": "start", "app": url}))
        starts = self._starts
        later(START_TIMEOUT_S * 1000, lambda: self._start_timeout(starts))

    def _stop(self) -> None:
        if self.worker is not None:
            try:
                self.worker.terminate()
            except Exception:
                pass
        self.worker = None

    def _start_timeout(self, starts: int) -> None:
        if starts == self._starts and self.status == "starting":
            self._fail(t("ai_err_timeout", seconds=START_TIMEOUT_S))

    def _fail(self, problem: str) -> None:
        self._stop()
        self.status, self.problem = "failed", problem
        error = ComputerError(problem)
        for pending in self._answers.values():
            pending.fail(error)
        self._answers.clear()
        js.console.error(f"militakiri: the computer's {self.runtime} worker failed: {problem}")
        self.on_status()

    def _error(self, event) -> None:
        # A script that did not load (404, offline without a copy) or threw.
        message = str(getattr(event, "message", "") or "")
        event.preventDefault()
        self._fail(t("ai_err_load", error=message or t("ai_err_script")))

    def _message(self, event) -> None:
        data = event.data
        kind = str(data.type)
        if kind == "ready":
            self.status = "ready"
            self.start_ms = round((self.now() - self._started_at) * 1000)
            self.on_status()
        elif kind == "failed":
            self._fail(t("ai_err_load", error=str(data.error)))
        elif kind == "answer":
            pending = self._answers.pop(int(data.id), None)
            if pending is not None:
                pending.resolve(str(data.json))

    def send(self, name: str, args: list, seconds: float | None, pending: Pending) -> None:
        """Posts a question to this worker, which is ready; ``pending`` gets
        the worker's answer (its JSON text), or fails with ComputerError."""
        self._next += 1
        ident = self._next
        self._answers[ident] = pending
        self.worker.postMessage(to_js({"type": "call", "id": ident, "name": name, "args": json.dumps(args)}))
        limit = (seconds or 1.0) + ANSWER_GRACE_S
        later(limit * 1000, lambda: self._answer_timeout(pending))

    def _answer_timeout(self, pending: Pending) -> None:
        if not pending.done():
            self._fail(t("ai_err_stuck"))


async def _value(pending: Pending):
    """The value of the worker's answer ``pending`` gets; ComputerError if
    the worker could not answer."""
    answer = jsontext.loads(await pending.wait(), max_depth=None)  # the worker's own answer
    if not answer.get("ok"):
        said = answer.get("said")  # an engine's refusal, in each language
        words = said.get(language()) if isinstance(said, dict) else None
        raise ComputerError(t("ai_err_answer", error=words if isinstance(words, str) else answer.get("error", "?")))
    return answer["value"]


class Workers:
    """The computer's two workers as one: a question goes to the fastest
    that is ready (RUNTIMES), or waits for the first to be.

    A question is posted at once, in the caller's own step, and one that
    waited is posted in the step that hears a worker is ready: a task's
    steps come a frame or more apart on a slow phone (0.1-0.2 s at CPU 4x),
    and the computer's reply waited for them."""

    def __init__(self, on_status, now) -> None:
        self._on_status = on_status
        self.all = [AiWorker(runtime, self._status_changed, now) for runtime in RUNTIMES]
        #: (name, args, seconds, pending): questions waiting for a worker to be ready.
        self._waiting: list[tuple] = []

    def start(self) -> None:
        for worker in self.all:
            worker.start()

    @property
    def status(self) -> str:
        """"ready" if one answers, "starting" if one may, "failed" if none can, or "off"."""
        statuses = [worker.status for worker in self.all]
        for status in ("ready", "starting", "failed"):
            if status in statuses:
                return status
        return "off"

    @property
    def problem(self) -> str | None:
        return next((w.problem for w in reversed(self.all) if w.problem), None)

    def answering(self) -> AiWorker | None:
        return next((w for w in reversed(self.all) if w.status == "ready"), None)

    def ask(self, name: str, args: list, seconds: float | None = None):
        """Asks now (see the class): the awaitable of the answer's value,
        which raises ComputerError if no worker can answer."""
        pending = Pending()
        worker = self.answering()
        if worker is not None:
            worker.send(name, args, seconds, pending)
        elif self.status == "starting":
            self._waiting.append((name, args, seconds, pending))
        else:
            pending.fail(self._unable())
        return _value(pending)

    def _unable(self) -> ComputerError:
        return ComputerError(self.problem or t("ai_err_script"))

    def _status_changed(self) -> None:
        """A worker is ready or failed: the questions waiting go to the one
        ready now, or fail once none can answer."""
        waiting, worker = self._waiting, self.answering()
        if waiting and (worker is not None or self.status != "starting"):
            self._waiting = []
            for name, args, seconds, pending in waiting:
                if worker is not None:
                    worker.send(name, args, seconds, pending)
                else:
                    pending.fail(self._unable())
        self._on_status()


class Computer:
    """Sends the computer's questions to its workers and hands their answers
    to the state: what to ask and when, and what an answer does, are the
    state's (web/model/modes/computer.py); this is the asking and the
    waiting, and the indicators that show it."""

    def __init__(self, app, warn) -> None:
        """``warn(key)``: say stored data the page could not read (Session.warn)."""
        self.app = app
        self.state = app.state
        self.worker = Workers(self._worker_status, self.state.now)
        #: The game (by identity) for which the worker failed: a new game tries again.
        self._failed_game = None
        #: Nothing starts before the page is ready (:meth:`ready`).
        self._live = False
        #: Which side the computer played, kept for a reload (modes/computer.py: memory).
        self.storage = SafeStorage.from_getter(lambda: guard.Storage("localStorage"))
        self._remembered = None
        self._memory_writable = self._keep_unreadable_memory(warn)
        app.views.append(self._indicators)
        app.events.on(lambda event: self.consider())
        on(by_id("btn-hint"), "click", lambda e: self.ask_hint())
        #: Asked before a hint or a take-back unrates a rated game (modes/rated.py:
        #: ask_first): open while the state puts the question.
        self.unrate_dialog = by_id("dlg-unrate")
        app.views.append(self._unrate_question)
        on(by_id("unrate-confirm-yes"), "click", lambda e: self._answer_unrate(True))
        on(by_id("unrate-confirm-no"), "click", lambda e: self._answer_unrate(False))
        on(self.unrate_dialog, "close", lambda e: self._answer_unrate(False))  # (Escape: the game stays rated)
        # Warm up while the player picks a level in the New game dialog.
        on(by_id("ng-computer"), "change", lambda e: self.want())

    def ready(self) -> None:
        """The page is ready: from the next task on, the computer plays."""
        self._live = True
        later(0, self.consider)

    def _game_identity(self):
        return self.state.game_id

    # Starting the worker --------------------------------------------------------------

    def want(self) -> None:
        """The worker is needed (soon): start it unless it runs."""
        if not self._live:
            return
        if self.worker.status == "failed" and self._failed_game == self._game_identity():
            return  # this game saw it fail; a new game (or a reload) tries again
        self.worker.start()

    def _worker_status(self) -> None:
        worker = self.worker
        root = js.document.documentElement
        set_attr(root, "data-ai", worker.status)
        answering = worker.answering()
        if answering is not None:
            set_attr(root, "data-ai-runtime", answering.runtime)
            set_attr(root, "data-ai-ms", str(answering.start_ms))
        if worker.status == "failed":
            self._failed_game = self._game_identity()
            self.state.apply(ComputerFailed(worker.problem))
            self.app.refresh()
        elif worker.status == "ready":
            self.state.apply(Unsay(COMPUTER_STARTING))
            self.app.refresh()

    # When the game changes --------------------------------------------------------------

    def consider(self) -> None:
        """Whether the computer has something to do now (every game event,
        and once the page is ready): remember its side, warm up its worker,
        ask what the state asks, play an answer that waited for its turn."""
        if not self._live:
            return
        state = self.state
        if state.drill is not None:  # a lesson or a puzzle: the page plays the replies (web/ui/training.py)
            self._indicators()
            return
        self._remember()
        if state.computer is not None:
            self.want()
        request = computer_mode.question(state)
        if request is not None:
            state.apply(Asked(request))
            asyncio.create_task(self._run(request, state.now(), self._ask(request)))
        if self.worker.status == "starting" and state.apply(WorkerStarting()):
            self._set_status_line()
        self._apply_answer(PlayHeldAnswer())
        self._indicators()

    def _remember(self) -> None:
        state = self.state
        if state.computer is None:
            game = state.started_game
            if game is None or state.game_id == self._remembered:
                return
            self._remembered = state.game_id  # asked once per game read back
            if state.apply(RecallComputer(self.storage.get(computer_requests.MEMORY_KEY))):
                self.app.refresh()
            return
        text = computer_mode.memory(state)
        if text is not None and text != self._remembered and self._memory_writable:
            self._remembered = text
            self.storage.set(computer_requests.MEMORY_KEY, text)

    def _keep_unreadable_memory(self, warn) -> bool:
        """A remembered computer this page cannot read is kept aside and said,
        never written over; False if it could not be kept aside."""
        text = self.storage.get(computer_requests.MEMORY_KEY)
        try:
            if text is not None:
                computer_requests.read_memory(text)
            return True
        except ValueError:
            warn("computer_memory_unreadable")
            return set_aside(self.storage, computer_requests.MEMORY_KEY)

    def _set_status_line(self) -> None:
        status = by_id("status")
        text = self.state.status().text()
        if status.textContent != text:
            status.textContent = text

    def _indicators(self) -> None:
        state = self.state
        thinking = computer_mode.thinking(state)
        set_attr(self.app.board, "data-thinking", thinking)
        by_id("status").classList.toggle("thinking", bool(thinking))
        for color, cid in enumerate(("white", "black")):
            bar = by_id(f"bar-{cid}")
            bar.classList.toggle("thinking", bool(thinking in ("setup", "move") and state.computer == color))
        button = by_id("btn-hint")
        show(button, state.started_game is not None and state.game.clock is None
             and state.phase == PLAYING and state.drill is None)
        button.disabled = not state.can_hint() or thinking == "hint"

    # Asking ----------------------------------------------------------------------------

    def _ask(self, request: computer_requests.Request):
        """Asks ``request`` now (Workers.ask): the coroutine of its answer,
        as :meth:`_answer` gives it."""
        return self._answer(self.worker.ask(request.name, request.args, request.seconds))

    async def _answer(self, asked) -> tuple[bool, object]:
        """The worker's answer ``asked`` awaits: ``(True, value)``, or
        ``(False, why)`` with the worker's words (None for what never
        happens: an error of the page's own, logged; the page goes on)."""
        try:
            return True, await asked
        except ComputerError as error:
            return False, str(error)
        except Exception as error:  # never expected: keep the page alive, say it
            js.window.console.error(f"militakiri: computer: {error!r}")
            return False, None

    async def _run(self, request: computer_requests.Request, asked_at: float, asking) -> None:
        """Hands the answer ``asking`` (:meth:`_ask`) awaits, asked at
        ``asked_at``, to the state when it comes; a move not sooner than
        its wait after it was asked (modes.computer.answer_wait)."""
        state = self.state
        ok, value = await asking
        if not ok:
            if state.apply(WorkerFailed(request, None if value is None else str(value))):
                self.app.refresh()
            return
        # (A test may ask for a longer least reply, as for the animation: web/ui/draw.py.)
        test_ms = getattr(js.window, "militakiriReplyMs", None)
        least = float(test_ms) / 1000 if test_ms else computer_requests.MIN_REPLY_S
        wait = computer_mode.answer_wait(request, asked_at, state.now(), least)
        if wait > 0:
            await asyncio.sleep(wait)
        self._apply_answer(WorkerAnswer(request, value))

    def _apply_answer(self, intent) -> None:
        """An answer given to the state, which plays it if its time has come."""
        state = self.state
        try:
            changed = state.apply(intent)
        except Exception as error:  # an answer the engine refuses (never expected)
            # (An engine's refusal is said in the page's language: its Text.)
            said = error.text if isinstance(error, MilitakiriError) else str(error)
            state.apply(ComputerFailed(t("ai_err_answer", error=said)))
            self.app.refresh()
            return
        if changed:
            self.app.refresh()
        else:
            self._indicators()

    def ask_hint(self) -> None:
        state = self.state
        if state.apply(WantHint()):  # a rated game: the player is asked first (_unrate_question)
            self.app.refresh()
            return
        request = computer_mode.hint_question(state)
        if request is None:
            return
        state.apply(Asked(request))
        self.want()
        self.app.refresh()
        asyncio.create_task(self._run(request, state.now(), self._ask(request)))

    def _unrate_question(self) -> None:
        """The question before a hint or a take-back unrates a rated game,
        in the words the state gives it: shown while it is put."""
        dialog = self.unrate_dialog
        words = rated_mode.question(self.state)
        if words is None:
            if dialog.open:
                dialog.close()  # (the turn changed: the question is gone)
            return
        for part in ("title", "question", "yes", "no"):
            element = by_id(f"unrate-confirm-{part}")
            set_attr(element, "data-text", words[part])  # (a language switch says it again)
            set_text(element, t(words[part]))
        if not dialog.open:
            dialog.showModal()
            by_id("unrate-confirm-no").focus()

    def _answer_unrate(self, accept: bool) -> None:
        """The player's answer to the question before a hint or a take-back
        in a rated game; a hint agreed to is then asked for."""
        hint = self.state.unrate_asked == rated_mode.HINT
        changed = self.state.apply(ConfirmUnrate(accept))
        if self.unrate_dialog.open:
            self.unrate_dialog.close()
        if changed:
            self.app.refresh()
            if accept and hint:
                self.ask_hint()
