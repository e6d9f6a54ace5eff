"""Learn and Puzzles: a lesson's task or a puzzle being solved on the
board (the puzzles themselves: web/model/puzzles.py; the player's progress
and puzzle rating: web/model/progress.py). Plain Python: every
rule is the engine's (legal moves through the UiState's game, goals through
web/model/lessons.py and militakiri.goals); web/ui/training.py shows it.

A :class:`Drill` follows one try: the board's game starts at the task's
position, the player moves the solver's pieces, and after each of their
moves :meth:`Drill.after_move` says what comes next: the opponent's reply to
play, solved, failed (with the reason), or go on. A puzzle (tools/puzzles.py,
web/data/puzzles.json) is solved by its line: each of the player's moves must
be the line's (or, for a ``"win"`` puzzle, any move that wins at once), and
the replies are the line's. A :class:`Mistake` of a reviewed game (Learn
from your mistakes) is solved by a move the engine weighs no worse than
``MARGIN`` below the best: :meth:`MistakeDrill.after_move` says
``weighing``, the page asks the computer's worker for the score after the
move, and :meth:`MistakeDrill.weigh` judges it.

>>> from web.model.puzzles import read_puzzles
>>> puzzles = read_puzzles('[{"id": "s1", "board": "single", "goal": "tower", "rating": 1200,'
...     ' "position": "5s^/6/6/6/6/6/6/6/2p13/6/1x^4/S^5 w 000/000 -/- - 1", "line": ["a1xb2", "c4-c3"]}]')
>>> from militakiri.position import Position
>>> drill = Drill.for_puzzle(puzzles[0])
>>> position = Position.from_string(puzzles[0].position)
>>> drill.after_move(position.copy().play("a1xb2"), ["a1xb2"])
DrillStep(status='solving', reply='c4-c3', reason=None)
>>> drill.after_move(position.copy().play("a1xb2").play("c4-c3"), ["a1xb2", "c4-c3"])
DrillStep(status='solved', reply=None, reason=None)
>>> from web.model.progress import Progress
>>> progress = Progress()
>>> progress.puzzle_done(puzzles[0], True), progress.display()
(108, '1608?')
"""

from __future__ import annotations

from militakiri.ai.review import GLYPHS, INACCURACY, chances
from militakiri.draft import SetupDraft
from militakiri.messages import Text, text
from militakiri.position import Position

from web.model.lessons import Task, reply_token, setup_verdict, stars, verdict
from web.model.puzzles import Puzzle
from web.model.review import GameReview
from web.model.values import Value

#: A better move than the game's may keep this many thousandths of winning
#: chances less than the best one and still count: an inaccuracy's worth.
MARGIN = INACCURACY


class DrillStep(Value):
    """What follows a move in a drill: ``status`` ``"solving"``, ``"solved"``
    or ``"failed"``; the opponent's ``reply`` to play now, if any; why it
    failed, in the engine's words (a Text: a goal's verdict, or not the
    puzzle's move)."""

    __slots__ = ("status", "reply", "reason")

    def __init__(self, status: str, reply: str | None = None, reason: Text | None = None) -> None:
        self.status = status
        self.reply = reply
        self.reason = reason


class Drill:
    """One try at a lesson's task (:class:`TaskDrill`) or a puzzle
    (:class:`PuzzleDrill`): what both have, and what each answers its own
    way (the start, the board, the solution, how a move is judged).
    ``task`` or ``puzzle`` is None on the other kind."""

    task: Task | None = None
    puzzle: Puzzle | None = None
    mistake: Mistake | None = None
    #: What the last move (or the set-up, or the weighing of a move) made
    #: of the drill, once judged (modes/drills.py): the page plays its reply.
    step: DrillStep | None = None

    def __init__(self, solver: int, mistakes: int = 0, hints: int = 0, status: str = "solving") -> None:
        self.solver = solver
        self.mistakes = mistakes
        self.hints = hints
        self.status = status

    @staticmethod
    def for_task(task: Task) -> TaskDrill:
        return TaskDrill(task)

    @staticmethod
    def for_puzzle(puzzle: Puzzle) -> PuzzleDrill:
        return PuzzleDrill(puzzle)

    def _what(self) -> object:
        raise NotImplementedError

    def _key(self) -> tuple[object, ...]:
        return (type(self).__name__, self._what(), self.solver, self.mistakes, self.hints, self.status)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Drill):
            return NotImplemented
        return self._key() == other._key()

    def __repr__(self) -> str:
        return (f"{type(self).__name__}({self._what()!r}, mistakes={self.mistakes!r}, hints={self.hints!r}, "
                f"status={self.status!r})")

    @property
    def id(self) -> str:
        raise NotImplementedError

    @property
    def position(self) -> str | None:
        """The start position, or None for a set-up task."""
        raise NotImplementedError

    @property
    def board(self) -> str:
        raise NotImplementedError

    @property
    def solution(self) -> tuple[str, ...]:
        raise NotImplementedError

    def again(self) -> Drill:
        """A new try at the same drill: a failed try counts as a mistake, and
        the hints stay counted."""
        raise NotImplementedError

    def after_move(self, now: Position, played: list[str]) -> DrillStep:
        """Judge the position ``now``, reached by ``played`` (the tokens since
        the start, the last one just played by either side)."""
        if self.status != "solving":
            return DrillStep(self.status)
        step = self._judged(now, played)
        self.status = step.status
        return step

    def _judged(self, now: Position, played: list[str]) -> DrillStep:
        raise NotImplementedError

    def hinted(self) -> None:
        """The player asked for a hint: counted against the stars."""
        self.hints += 1

    def give_up(self) -> bool:
        """The player asked for the solution while solving: the try counts as
        failed. Returns whether it was still being solved."""
        if self.status != "solving":
            return False
        self.status = "failed"
        return True

    def setup_done(self, draft: SetupDraft) -> DrillStep:
        """A set-up task: White's set-up is confirmed (``draft``)."""
        raise NotImplementedError

    def weigh(self, score: int) -> DrillStep:
        """The engine's score after the player's move: only a mistake's
        drill (:class:`MistakeDrill`) asks for one."""
        return DrillStep(self.status)

    def stars(self) -> int:
        return stars(self.status == "solved", self.mistakes, self.hints)

    def address(self) -> tuple[str, str] | None:
        """The address option that opens this drill from its start
        (``("learn", "plus/2")``, ``("puzzle", "s12-0042")``): the page's
        address while it is on the board, and what Share gives; None for a
        reviewed game's mistake, which has no address."""
        if self.mistake is not None:
            return None
        return ("learn" if self.task is not None else "puzzle", self.id)

    def shared_as(self) -> str:
        """What Share gives while this drill is on the board: the lesson's
        task or the puzzle (its address, not the game the page plays it in,
        which named the page's replies "Computer, level 1"), or a mistake's
        position as a game between people."""
        return "task" if self.task is not None else "puzzle" if self.puzzle is not None else "position"


class TaskDrill(Drill):
    """A try at a lesson's task: a move to find, a goal to reach, or a set-up."""

    def __init__(self, task: Task, mistakes: int = 0, hints: int = 0, status: str = "solving") -> None:
        super().__init__(task.solver, mistakes, hints, status)
        self.task: Task = task

    def _what(self) -> object:
        return self.task

    @property
    def id(self) -> str:
        return self.task.id

    @property
    def position(self) -> str | None:
        return self.task.position

    @property
    def board(self) -> str:
        task = self.task
        if task.setup_board:
            return task.setup_board
        assert task.position is not None  # a task starts from a set-up or a position
        return Position.from_string(task.position).kind.name

    @property
    def solution(self) -> tuple[str, ...]:
        return self.task.solution

    def again(self) -> TaskDrill:
        return TaskDrill(self.task, self.mistakes + (self.status == "failed"), self.hints)

    def _judged(self, now: Position, played: list[str]) -> DrillStep:
        task = self.task
        solver_moves = (len(played) + 1) // 2
        judged = verdict(task, task.start(), now, solver_moves)
        if judged.reached:
            return DrillStep("solved")
        if judged.failed:
            return DrillStep("failed", reason=judged.message())
        if now.turn != self.solver and now.outcome() is None:
            return DrillStep("solving", reply_token(task, now, played))
        return DrillStep("solving")

    def setup_done(self, draft: SetupDraft) -> DrillStep:
        judged = setup_verdict(self.task, draft)
        self.status = "solved" if judged.reached else "failed"
        return DrillStep(self.status, reason=judged.message())


class PuzzleDrill(Drill):
    """A try at a puzzle: its line, the player's moves and the replies."""

    def __init__(self, puzzle: Puzzle, mistakes: int = 0, hints: int = 0, status: str = "solving") -> None:
        super().__init__(puzzle.solver, mistakes, hints, status)
        self.puzzle: Puzzle = puzzle

    def _what(self) -> object:
        return self.puzzle

    @property
    def id(self) -> str:
        return self.puzzle.id

    @property
    def position(self) -> str | None:
        return self.puzzle.position

    @property
    def board(self) -> str:
        return self.puzzle.board

    @property
    def solution(self) -> tuple[str, ...]:
        return self.puzzle.line

    def again(self) -> PuzzleDrill:
        return PuzzleDrill(self.puzzle, self.mistakes + (self.status == "failed"), self.hints)

    def _judged(self, now: Position, played: list[str]) -> DrillStep:
        puzzle = self.puzzle
        line = puzzle.line
        ply = len(played) - 1
        if ply % 2 == 0:  # the player's move
            outcome = now.outcome()
            won = outcome is not None and outcome.winner == self.solver
            if played[-1] != line[ply] and not (puzzle.goal == "win" and won):
                return DrillStep("failed", reason=text("goal_not_the_line"))
            if won or ply + 1 >= len(line):
                return DrillStep("solved")
            return DrillStep("solving", line[ply + 1])
        return DrillStep("solved" if ply + 1 >= len(line) else "solving")

    def setup_done(self, draft: SetupDraft) -> DrillStep:
        return DrillStep(self.status)  # a puzzle has no set-up


class Mistake:
    """A marked move of a reviewed game, to find a better one for: the
    position before it, the move played, the engine's best and its score
    there (for the player to move), the move's mark, and where it stands
    (``number`` of ``total``; ``ply`` in the game). A value."""

    __slots__ = ("number", "total", "ply", "position", "played", "best", "score", "mark")

    def __init__(self, number: int, total: int, ply: int, position: str, played: str, best: str, score: int,
                 mark: str | None) -> None:
        self.number = number
        self.total = total
        self.ply = ply
        self.position = position
        self.played = played
        self.best = best
        self.score = score
        self.mark = mark

    def _key(self) -> tuple[object, ...]:
        return (self.number, self.total, self.ply, self.position, self.played, self.best, self.score, self.mark)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mistake) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Mistake({self.number}/{self.total}, ply {self.ply}: {self.played}{GLYPHS.get(self.mark or '', '')})"


def mistakes_of(review: GameReview, colors: tuple[int, ...]) -> tuple[Mistake, ...]:
    """The marked moves of ``colors`` in a complete review (the turning
    point among them), each a :class:`Mistake` to find a better move for.

    >>> from militakiri import Game
    >>> from web.model.review import GameReview
    >>> game = Game.from_position("5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1")
    >>> game.play("a1-a2"); game.play("b2xa2")
    >>> review = GameReview(game)
    >>> for best, score in (("a1xb2", 0), ("b2xa2", 1500), (None, -1500)): review.add(best, score)
    >>> mistakes_of(review, (0,)), mistakes_of(review, (1,))
    ((Mistake(1/1, ply 1: a1-a2??),), ())
    """
    found = []
    for r in review.moments():
        if review.turn_at(r.ply - 1) in colors and r.best is not None and r.best != r.token:
            found.append((r.ply, review.game.position_at(r.ply - 1).string(), r.token, r.best,
                          review.scores[r.ply - 1][1], r.mark))
    return tuple(Mistake(i + 1, len(found), *item) for i, item in enumerate(found))


class MistakeDrill(Drill):
    """A try at finding a better move than the game's (Learn from your
    mistakes): one move, judged by the engine.

    >>> drill = MistakeDrill(Mistake(1, 1, 1, "5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1",
    ...                               "a1-a2", "a1xb2", 0, "blunder"))
    >>> start = Position.from_string(drill.position)
    >>> drill.after_move(start.copy().play("a1-a3"), ["a1-a3"]).status
    'weighing'
    >>> drill.weigh(-10).status, drill.status  # the reply's side: a move as good as the best
    ('solved', 'solved')
    >>> drill.again().after_move(start.copy().play("a1-a2"), ["a1-a2"]).reason
    'a1-a2 is the move played in the game: find another'
    """

    def __init__(self, mistake: Mistake, mistakes: int = 0, hints: int = 0, status: str = "solving") -> None:
        super().__init__(Position.from_string(mistake.position).turn, mistakes, hints, status)
        self.mistake = mistake
        #: The player's move being weighed.
        self.tried: str | None = None

    def _what(self) -> object:
        return self.mistake

    @property
    def id(self) -> str:
        assert self.mistake is not None
        return f"mistake-{self.mistake.number}"

    @property
    def position(self) -> str | None:
        assert self.mistake is not None
        return self.mistake.position

    @property
    def board(self) -> str:
        assert self.mistake is not None
        return Position.from_string(self.mistake.position).kind.name

    @property
    def solution(self) -> tuple[str, ...]:
        assert self.mistake is not None
        return (self.mistake.best,)

    def again(self) -> MistakeDrill:
        assert self.mistake is not None
        return MistakeDrill(self.mistake, self.mistakes + (self.status == "failed"), self.hints)

    def _judged(self, now: Position, played: list[str]) -> DrillStep:
        mistake = self.mistake
        assert mistake is not None
        token = played[-1]
        outcome = now.outcome()
        if token == mistake.best or (outcome is not None and outcome.winner == self.solver):
            return DrillStep("solved")
        if token == mistake.played:
            return DrillStep("failed", reason=text("mistake_again", move=token))
        self.tried = token
        return DrillStep("weighing")

    def weigh(self, score: int) -> DrillStep:
        """The engine's score after the player's move (for the opponent, who
        is to move there) judges it: solved if it keeps the player's winning
        chances within ``MARGIN`` of the best move's."""
        mistake = self.mistake
        assert mistake is not None
        if self.status != "weighing":
            return DrillStep(self.status)
        kept, best = chances(-score), chances(mistake.score)
        if kept >= best - MARGIN:
            self.status = "solved"
            return DrillStep("solved")
        self.status = "failed"
        return DrillStep("failed", reason=text("mistake_weighed", move=self.tried, kept=round(kept / 10),
                                               best=round(best / 10)))

    def setup_done(self, draft: SetupDraft) -> DrillStep:
        return DrillStep(self.status)  # a mistake has no set-up


def opponent(drill: Drill) -> int:
    """The color the page plays for the player's opponent (a set-up task's
    solver is White: Task.solver)."""
    return 1 - drill.solver


def rating_line(drill: Drill, provisional: bool) -> tuple[str, ...]:
    """The texts.py keys of a puzzle's rating line under its words: the
    player's puzzle rating while it is being solved (once it is over, the
    verdict says the rating and its change: it showed twice), and what the
    rating's "?" means while it shows one (``provisional``).

    >>> from web.model.puzzles import Puzzle
    >>> drill = Drill.for_puzzle(Puzzle("s12-0001", "single", "s^5/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1",
    ...                                 ("a1xa12",), "win", 1500))
    >>> rating_line(drill, True)
    ('tr_rating', 'tr_rating_provisional')
    >>> drill.status = "solved"
    >>> rating_line(drill, True), rating_line(drill, False)
    (('tr_rating_provisional',), ())
    """
    if drill.puzzle is None:
        return ()
    keys = ("tr_rating",) if drill.status == "solving" else ()
    return keys + (("tr_rating_provisional",) if provisional else ())


def star_line(earned: int) -> str:
    """Stars earned of three, as the page shows them: ``★★☆``."""
    return "\u2605" * earned + "\u2606" * (3 - earned)
