"""The Learn section's lessons (web/data/lessons.json), read and checked,
and the pure functions the page asks while a player solves a task.

Plain Python, no browser: every rule is the engine's (positions, legal
moves, goals in :mod:`militakiri.goals`).

The file
--------
One JSON object, ``{"version": 1, "lessons": [lesson, ...]}``. A lesson::

    {"id": "plus",                          # lower-case letters, digits, '-'; unique
     "title": {"en": "...", "nl": "..."},   # every text: each of LANGUAGES, non-empty
     "intro": {"en": "...", "nl": "..."},
     "tasks": [task, ...]}                  # 1 to 5 tasks

A task played on a board::

    {"position": "<position string (NOTATION.md)>",   # a game can reach it; the solver to move
     "goal": {"kind": "take", "what": "pawns", "moves": 1},   # militakiri.goals.Goal
     "prompt": {...}, "hint": {...},
     "success": {...},                      # cites the rulings, e.g. "(R7)"
     "solution": ["c3xd4"],                 # the solver's moves and the replies, alternating,
                                            # solver first; it reaches the goal at its last token
     "replies": "line"}                     # optional; the only rule today (see reply_token)

A set-up task has ``"setup": {"board": "single"}`` (or ``"double"``)
instead of a position, the goal ``{"kind": "setup"}`` and as its solution
one sample set-up of White, as the game record writes it (``["Sc Xd Pb"]``);
the page runs its set-up stage and asks :func:`setup_verdict`.

Ids and stars
-------------
A task's id is ``"<lesson id>/<number>"``, numbered from 1 (``"plus/2"``):
the key under which the page keeps its stars. :func:`stars` gives 3 for a
task solved without a slip (a refused move, a failed try or a hint), 2 with
one slip, 1 with more, 0 while unsolved.

>>> lessons = read_lessons('''{"version": 1, "lessons": [{"id": "goal",
...   "title": {"en": "The goal", "nl": "Het doel"}, "intro": {"en": "Win.", "nl": "Win."},
...   "tasks": [{"position": "s^5/6/6/6/6/6/6/6/6/5s1/1S14/S^5 w 000/000 -/- - 1",
...     "goal": {"kind": "win", "moves": 1}, "prompt": {"en": "Win.", "nl": "Win."},
...     "hint": {"en": "Go up.", "nl": "Ga omhoog."},
...     "success": {"en": "Won (R19).", "nl": "Gewonnen (R19)."}, "solution": ["a1xa12"]}]}]}''')
>>> task = lessons[0].tasks[0]
>>> task.id, task.text("hint", "nl"), task.solver
('goal/1', 'Ga omhoog.', 0)
>>> start = task.start()
>>> verdict(task, start, start.copy().play("a1xa12"), 1)
Verdict('reached')
>>> stars(True, mistakes=0, hints=1)
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from militakiri import MilitakiriError, Position, SetupDraft
from militakiri.board import BOARD_KINDS
from militakiri.bounded import excerpt
from militakiri.goals import Goal, Verdict, judge, judge_setup
from militakiri.messages import without_rulings
from militakiri.move import Move
from militakiri.pieces import WHITE
from militakiri.reachable import unreachable
from militakiri.setup import Setup

from web.i18n.texts import t
from web.model.jsontext import loads
from web.model.values import Value

if TYPE_CHECKING:
    #: ``{name: {language: words}}``: a lesson's or a task's texts.
    Texts = dict[str, dict[str, str]]

#: The file's format.
VERSION = 1
#: Every text is given in each of these.
LANGUAGES = ("en", "nl")
LESSON_TEXTS = ("title", "intro")
TASK_TEXTS = ("prompt", "hint", "success")
MAX_TASKS = 5
#: How the opponent replies (reply_token); the only rule today.
REPLIES = ("line",)
_ID_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789"


def _is_id(text: str) -> bool:
    """Lower-case letters and digits in words joined by single hyphens
    (``[a-z0-9]+(-[a-z0-9]+)*``).

    >>> [_is_id(t) for t in ("plus", "plus-2", "Plus", "-a", "a--b", "a-", "")]
    [True, True, False, False, False, False, False]
    """
    words = text.split("-")
    return all(word and all(ch in _ID_CHARS for ch in word) for word in words)


class LessonError(ValueError):
    """A lessons file that is malformed; the message says where and why."""


class Task(Value):
    """One task of a lesson: a goal on a position (or a set-up), its texts
    and its solution. Equal tasks have the same fields but for the texts."""

    __slots__ = ("lesson", "number", "goal", "texts", "solution", "position", "setup_board", "replies")
    #: (Its texts are its words, in every language: the same task in other words is the same task.)
    _identity = ("lesson", "number", "goal", "solution", "position", "setup_board", "replies")

    def __init__(self, lesson: str, number: int, goal: Goal, texts: Texts, solution: tuple[str, ...],
                 position: str | None = None, setup_board: str | None = None, replies: str = "line") -> None:
        self.lesson = lesson
        self.number = number
        self.goal = goal
        self.texts = texts
        self.solution = solution
        self.position = position
        self.setup_board = setup_board
        self.replies = replies

    @property
    def id(self) -> str:
        """``"<lesson id>/<number>"``: where the page keeps this task's stars."""
        return f"{self.lesson}/{self.number}"

    @property
    def is_setup(self) -> bool:
        return self.position is None

    @property
    def solver(self) -> int:
        """The color whose task it is: the side to move, White in a set-up."""
        return WHITE if self.position is None else Position.from_string(self.position).turn

    def start(self) -> Position:
        """A new Position at the task's start (a set-up task has none)."""
        if self.position is None:
            raise ValueError(f"task {self.id} is a set-up: it has no position")
        return Position.from_string(self.position)

    def check(self) -> None:
        """LessonError if the task cannot be played from its position (read
        without the check: :func:`read_lessons`); None for a set-up task."""
        if self.position is not None:
            _check_position(self.position, self.goal, f"task {self.id}")

    def text(self, name: str, language: str) -> str:
        """The text ``name`` (prompt, hint, success) in ``language``, English
        if unknown; without the rulings' ids it cites (they are
        for How to play)."""
        texts = self.texts[name]
        return without_rulings(texts.get(language, texts["en"]))


class Lesson:
    """A lesson: its id, title and intro, and its tasks in order."""

    __slots__ = ("id", "texts", "tasks")

    def __init__(self, id: str, texts: Texts, tasks: tuple[Task, ...]) -> None:  # noqa: A002 (the file's name)
        self.id = id
        self.texts = texts
        self.tasks = tasks

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Lesson):
            return NotImplemented
        return self.id == other.id and self.tasks == other.tasks

    def __hash__(self) -> int:
        return hash((self.id, self.tasks))

    def __repr__(self) -> str:
        return f"Lesson(id={self.id!r}, texts={self.texts!r}, tasks={self.tasks!r})"

    def text(self, name: str, language: str) -> str:
        """The text ``name`` (title, intro) in ``language``, English if unknown
        (without the rulings' ids)."""
        texts = self.texts[name]
        return without_rulings(texts.get(language, texts["en"]))


def read_lessons(text: str, check_positions: bool = True) -> tuple[Lesson, ...]:
    """The lessons of a lessons file; LessonError saying where it is malformed.

    With ``check_positions=False`` each task's position is checked only when
    asked (:meth:`Task.check`, before the task starts): the page reads its
    own file so, and Learn opens without parsing every position first (half
    the reading, 0.07 s on a phone). The tests read the shipped file whole."""
    try:
        data = loads(text, max_depth=None)  # (the page's own file)
    except ValueError as error:  # (too deep for CPython too: jsontext.loads)
        raise LessonError(f"the lessons file is not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise LessonError(f"the lessons file is an object with \"version\": {VERSION}")
    _keys(data, {"version", "lessons"}, set(), "the lessons file")
    items = data["lessons"]
    if not isinstance(items, list) or not items:
        raise LessonError("\"lessons\" is a non-empty list")
    lessons, seen = [], set()
    for index, item in enumerate(items, 1):
        lesson = _lesson(item, f"lesson {index}", check_positions)
        if lesson.id in seen:
            raise LessonError(f"lesson {index}: the id {lesson.id!r} is used twice")
        seen.add(lesson.id)
        lessons.append(lesson)
    return tuple(lessons)


def find_task(lessons: tuple[Lesson, ...], task_id: str) -> Task | None:
    """The task with ``task_id`` (``"plus/2"``), or None."""
    for lesson in lessons:
        for task in lesson.tasks:
            if task.id == task_id:
                return task
    return None


def unknown_task_note(task_id: str) -> str:
    """What the Learn list says over a ``?learn=`` that names no task (a
    forged or an old link): the task quoted as it came (a short excerpt),
    as ``?puzzle=`` says of a puzzle.

    >>> unknown_task_note("__proto__")
    "There is no task '__proto__' in Learn: here are the lessons."
    """
    return t("tr_no_task", id=excerpt(task_id))


def reply_token(task: Task, position: Position, played: list[str]) -> str | None:
    """The opponent's reply at ``position``, after the tokens ``played``
    since the task's start (both sides'); None when the game is over.

    While the player follows the solution, the solution's next token. Else
    (or if that token is not legal here) a choice of the engine's legal
    moves, in this order: a take of a tower, another take, any move; among
    equals the first token in the engine's (sorted) order.

    >>> task = Task("t", 1, Goal("take", what="pawns"), {}, ("b2-b3", "e5-e4", "b3xc4"),
    ...             "5s^/6/6/6/6/6/6/4s11/2s13/6/1P14/S^5 w 000/000 -/- - 1")
    >>> position = task.start().play("b2-b3")
    >>> reply_token(task, position, ["b2-b3"])
    'e5-e4'
    >>> reply_token(task, task.start().play("b2-b1"), ["b2-b1"])   # off the line: the first move
    'c4-b3'
    """
    if position.outcome() is not None:
        return None
    if position.turn == task.solver:
        raise ValueError(f"task {task.id}: the solver is to move, not the opponent")
    done = len(played)
    if list(task.solution[:done]) == list(played) and done < len(task.solution):
        token = task.solution[done]
        if token in position.legal_moves():
            return token
    board = position.board
    moves = sorted((move.token(position.kind), move) for move in position.generate_moves())

    def rank(item: tuple[str, Move]) -> int:
        target = board[item[1].target]
        return 2 if target is None else 0 if target.is_tower else 1

    return min(moves, key=lambda item: (rank(item), item[0]))[0] if moves else None


def verdict(task: Task, start: Position, now: Position, solver_moves: int) -> Verdict:
    """How far the task has come at ``now`` (militakiri.goals.judge): ask
    after every move of either side; the first verdict not OPEN ends it."""
    return judge(task.goal, start, now, task.solver, solver_moves)


def setup_verdict(task: Task, draft: SetupDraft) -> Verdict:
    """A set-up task: REACHED once ``draft`` is a complete legal set-up."""
    return judge_setup(task.goal, draft)


def stars(solved: bool, mistakes: int = 0, hints: int = 0) -> int:
    """Stars for a task: 0 unsolved; 3 with no slip, 2 with one, 1 with more.
    A slip is a refused move, a failed try or a hint asked.

    >>> stars(True), stars(True, mistakes=1), stars(True, 1, 1), stars(False)
    (3, 2, 1, 0)
    """
    if not solved:
        return 0
    slips = mistakes + hints
    return 3 if slips == 0 else 2 if slips == 1 else 1


# Reading ----------------------------------------------------------------------------


def _keys(data: dict[str, object], required: set[str], optional: set[str], where: str) -> None:
    missing = sorted(required - set(data))
    if missing:
        raise LessonError(f"{where}: {missing[0]!r} is missing")
    unknown = sorted(str(key) for key in set(data) - required - optional)
    if unknown:
        raise LessonError(f"{where}: unknown field {unknown[0][:40]!r}")


def _texts(data: dict[str, object], names: tuple[str, ...], where: str) -> Texts:
    texts: Texts = {}
    for name in names:
        value = data[name]
        if not isinstance(value, dict) or set(value) != set(LANGUAGES) or not all(
                isinstance(words, str) and words.strip() for words in value.values()):
            raise LessonError(f"{where}: {name!r} needs a non-empty text in each of {', '.join(LANGUAGES)}")
        texts[name] = {lang: str(words) for lang, words in value.items()}
    return texts


def _lesson(data: object, where: str, check_positions: bool) -> Lesson:
    if not isinstance(data, dict):
        raise LessonError(f"{where} is not an object")
    _keys(data, set(("id", "tasks") + LESSON_TEXTS), set(), where)
    lesson_id = data["id"]
    if not isinstance(lesson_id, str) or not _is_id(lesson_id) or len(lesson_id) > 40:
        raise LessonError(f"{where}: the id is lower-case letters, digits and '-', up to 40")
    where = f"lesson {lesson_id!r}"
    tasks = data["tasks"]
    if not isinstance(tasks, list) or not 1 <= len(tasks) <= MAX_TASKS:
        raise LessonError(f"{where}: 'tasks' is a list of 1 to {MAX_TASKS} tasks")
    return Lesson(lesson_id, _texts(data, LESSON_TEXTS, where),
                  tuple(_task(item, lesson_id, number, check_positions) for number, item in enumerate(tasks, 1)))


def _task(data: object, lesson_id: str, number: int, check_positions: bool) -> Task:
    where = f"task {lesson_id}/{number}"
    if not isinstance(data, dict):
        raise LessonError(f"{where} is not an object")
    _keys(data, set(("goal", "solution") + TASK_TEXTS), {"position", "setup", "replies"}, where)
    try:
        goal = Goal.from_json(data["goal"])
    except MilitakiriError as error:
        raise LessonError(f"{where}: {error}") from None
    solution = data["solution"]
    if not isinstance(solution, list) or not solution or not all(
            isinstance(token, str) and token.strip() for token in solution):
        raise LessonError(f"{where}: 'solution' is a non-empty list of tokens")
    solution = tuple(token.strip() for token in solution)
    replies = data.get("replies", "line")
    if replies not in REPLIES:
        raise LessonError(f"{where}: 'replies' is one of {', '.join(REPLIES)}")
    texts = _texts(data, TASK_TEXTS, where)
    if ("position" in data) == ("setup" in data):
        raise LessonError(f"{where}: a task has either a 'position' or a 'setup'")
    if "setup" in data:
        return _setup_task(data["setup"], goal, solution, lesson_id, number, texts, where)
    if goal.kind == "setup":
        raise LessonError(f"{where}: a setup goal needs a 'setup', not a position")
    text = data["position"]
    if not isinstance(text, str):
        raise LessonError(f"{where}: 'position' is a position string")
    if check_positions:
        _check_position(text, goal, where)
    return Task(lesson_id, number, goal, texts, solution, text.strip(), None, replies)


def _check_position(text: str, goal: Goal, where: str) -> None:
    """A task's position: one a game can reach, not over, on the goal's board."""
    try:
        position = Position.from_string(text)
        goal.check_board(position)
    except MilitakiriError as error:
        raise LessonError(f"{where}: {error}") from None
    problem = unreachable(position)
    if problem is not None:
        raise LessonError(f"{where}: no game can reach the position: {problem}")
    if position.outcome() is not None:
        raise LessonError(f"{where}: the game is over in the position ({position.outcome()})")


def _setup_task(setup: object, goal: Goal, solution: tuple[str, ...], lesson_id: str, number: int,
                texts: Texts, where: str) -> Task:
    if goal.kind != "setup":
        raise LessonError(f"{where}: a set-up task has the goal {{\"kind\": \"setup\"}}")
    if not isinstance(setup, dict) or set(setup) != {"board"} or setup["board"] not in BOARD_KINDS:
        raise LessonError(f"{where}: 'setup' is {{\"board\": \"single\"}} or {{\"board\": \"double\"}}")
    board = setup["board"]
    if len(solution) != 1:
        raise LessonError(f"{where}: the solution of a set-up task is one set-up, e.g. \"Sc Xd Pb\"")
    try:
        Setup.parse(solution[0], BOARD_KINDS[board])
    except MilitakiriError as error:
        raise LessonError(f"{where}: {error}") from None
    return Task(lesson_id, number, goal, texts, solution, None, board)
