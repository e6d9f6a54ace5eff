"""The goals of a task, and how far a task has come (the Learn section).

A lesson's task gives the *solver* (the player to move at its start) a goal.
A :class:`Goal` is a value read from JSON (:meth:`Goal.from_json`) and
written back (:meth:`Goal.to_json`); :func:`judge` compares the position at
the task's start with the position now and says :data:`REACHED`,
:data:`OPEN` or failed with a reason key (:class:`Verdict`). Every rule is
asked of the engine: the outcome (R17, R19, R20), the pieces on the board,
the spares and waiting towers (R13-R15), the endgame rule (R16).

Kinds, each with an optional ``moves``: the solver's moves allowed (a whole
turn is one move; ``play`` always has one):

- ``win``: the game is over and the solver has won (R19, R20);
- ``tower``: once the opponent has replied, the solver's towers (on the
  board and waiting, R15) less the opponent's are at least one more than at
  the start (:func:`tower_balance`);
- ``take``: the opponent has none of ``what`` left on the board:
  ``"pawns"`` (pawns and ranks), ``"towers"`` or ``"all"``; with ``count``,
  at least that many fewer than at the start;
- ``reach``: once the opponent has replied, a tower of the solver stands on
  ``square``; with ``rank`` a stack of the solver of that height or more;
- ``promote``: the solver promoted (R13): a spare tower came into play or
  waits;
- ``stack``: the solver has a stack of ``rank`` pawns or more on the board
  (R12; R14's capped ranks);
- ``play``: the solver's move is one of ``tokens`` (a task that shows one
  move, e.g. placing a waiting tower, R15);
- ``endgame``: the endgame rule is on, and was not at the start (R16);
- ``draw``: the game is drawn by the move rule (R17);
- ``setup``: a complete, legal set-up (R3-R5); judged by
  :func:`judge_setup` on a :class:`~militakiri.draft.SetupDraft`.

A task fails when the game ends without the goal (``lost``, ``drawn``,
``over``), when the solver has used its ``moves`` (``out_of_moves``), for
a ``play`` goal when the solver played another move (``other_move``), and,
except for ``win`` and ``tower`` (where a tower may be given for more), when
a tower of the solver was taken (``taken``). Ask :func:`judge` after every
move of either player: the first verdict that is not OPEN ends the task.

>>> from militakiri.position import Position
>>> goal = Goal.from_json({"kind": "take", "what": "pawns", "moves": 1})
>>> start = Position.from_string("5s^/6/6/6/6/6/6/2s13/1P14/6/6/S^5 w 000/000 -/- - 1")
>>> judge(goal, start, start, solver=0, solver_moves=0)
Verdict('open')
>>> now = start.copy().play("b4xc5")
>>> judge(goal, start, now, solver=0, solver_moves=1)
Verdict('reached')
>>> judge(goal, start, start.copy().play("b4-b5"), solver=0, solver_moves=1)
Verdict('failed', 'out_of_moves')
>>> _.message().say("nl")
'die zet mag, maar doet de opdracht niet: kijk nog eens naar de stelling'
"""

from __future__ import annotations

from .board import ROWS
from .bounded import excerpt, quote, strip_space
from .draft import SetupDraft
from .errors import InvalidGoalError, InvalidSquareError
from .messages import Text, text
from .outcome import Termination
from .position import Position

#: The ranks a goal's square may name: 1-12 (R2), which holds the earlier
#: board's 1-8 too; check_board then holds it to its own board.
_RANK_NAMES = tuple(str(rank) for rank in range(1, ROWS + 1))

#: Every kind of goal, and the fields each may have besides ``kind`` and
#: ``moves`` (required ones first).
KINDS: dict[str, tuple[str, ...]] = {
    "win": (),
    "tower": (),
    "take": ("what", "count"),
    "reach": ("square", "rank"),
    "promote": (),
    "stack": ("rank",),
    "play": ("tokens",),
    "endgame": (),
    "draw": (),
    "setup": (),
}
#: The kinds in that order (a dict's order is not kept everywhere).
KIND_NAMES = ("win", "tower", "take", "reach", "promote", "stack", "play", "endgame", "draw", "setup")
_REQUIRED = {"take": ("what",), "reach": ("square",), "stack": ("rank",), "play": ("tokens",)}
#: ``what`` a take goal may ask for.
TAKE_WHAT = ("pawns", "towers", "all")
#: The most moves a task may ask for.
MAX_MOVES = 20
#: The most pieces a take goal may count (a double board's 72).
MAX_PIECES = 72
#: The kinds judged once the opponent has replied (the rest at once); a
#: draw comes with either side's move (R17).
AFTER_REPLY = ("tower", "reach", "draw")
#: The kinds where losing a tower does not fail the task.
MAY_GIVE_TOWERS = ("win", "tower")

#: A failed task's reason key -> its sentence's key in messages.CATALOGUE.
REASONS = {
    "lost": "goal_lost",
    "drawn": "goal_drawn",
    "over": "goal_over",
    "taken": "goal_taken",
    "out_of_moves": "goal_out_of_moves",
    "other_move": "goal_other_move",
}
#: The reasons in that order.
_REASON_NAMES = ("lost", "drawn", "over", "taken", "out_of_moves", "other_move")


def tower_balance(position: Position, color: int) -> int:
    """``color``'s towers on the board and waiting (R15), less the opponent's.

    >>> from militakiri.position import Position
    >>> tower_balance(Position.from_string("5s^/6/6/6/6/6/6/6/6/6/6/S^S^4 w 000/000 -/s - 1"), 0)
    0
    """
    mine = position.towers[color] + len(position.waiting[color])
    theirs = position.towers[1 - color] + len(position.waiting[1 - color])
    return mine - theirs


class Goal:
    """What a task asks of the solver (see the module's list of kinds). A
    value: equal goals are equal and hash alike.

    >>> Goal.from_json({"kind": "reach", "square": "d10"}).to_json()
    {'kind': 'reach', 'square': 'd10'}
    >>> Goal("take", what="pawns")
    Goal(kind='take', moves=None, what='pawns', square=None, rank=None, tokens=(), count=None)
    """

    __slots__ = ("kind", "moves", "what", "square", "rank", "tokens", "count")

    def __init__(self, kind: str, moves: int | None = None, what: str | None = None,
                 square: str | None = None, rank: int | None = None,
                 tokens: tuple[str, ...] = (), count: int | None = None) -> None:
        self.kind = kind
        self.moves = moves
        self.what = what
        self.square = square
        self.rank = rank
        self.tokens = tokens
        self.count = count

    def _fields(self) -> tuple[object, ...]:
        return (self.kind, self.moves, self.what, self.square, self.rank, self.tokens, self.count)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Goal):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return "Goal(" + ", ".join(
            f"{name}={quote(value)}" for name, value in zip(self.__slots__, self._fields())) + ")"

    @classmethod
    def from_json(cls, data: object) -> Goal:
        """The goal a JSON object describes; InvalidGoalError saying what is wrong."""
        if not isinstance(data, dict):
            raise InvalidGoalError(text("goal_not_object", kind=type(data).__name__))
        kind = data.get("kind")
        if kind not in KINDS:
            raise InvalidGoalError(text("goal_kind", value=excerpt(kind), kinds=", ".join(map(quote, KIND_NAMES))))
        allowed = set(KINDS[kind])
        allowed.add("kind")
        if kind != "setup":
            allowed.add("moves")
        unknown = sorted(str(key) for key in data if key not in allowed)
        if unknown:
            raise InvalidGoalError(text("goal_no_field", kind=kind, value=excerpt(unknown[0]),
                                        fields=", ".join(map(quote, sorted(allowed)))))
        for name in _REQUIRED.get(kind, ()):
            if data.get(name) is None:  # left out, or null
                raise InvalidGoalError(text("goal_needs", kind=kind, name=quote(name)))
        moves = data.get("moves")
        if moves is not None:
            moves = _int(moves, "moves", 1, MAX_MOVES)
            if kind == "play" and moves != 1:
                raise InvalidGoalError(text("goal_play_moves"))
        what = data.get("what")
        if what is not None and what not in TAKE_WHAT:
            raise InvalidGoalError(text("goal_what", options=", ".join(map(quote, TAKE_WHAT)), value=excerpt(what)))
        square = data.get("square")
        if square is not None:
            if not isinstance(square, str) or len(square) not in (2, 3) or square[0] not in "abcdefghijkl" \
                    or square[1:] not in _RANK_NAMES:
                raise InvalidGoalError(text("goal_square", value=excerpt(square)))
        count = data.get("count")
        if count is not None:
            count = _int(count, "count", 1, MAX_PIECES)
        rank = data.get("rank")
        if rank is not None:
            rank = _int(rank, "rank", 1 if kind == "reach" else 2, 4)
        tokens = data.get("tokens", ())
        if kind == "play":
            if (not isinstance(tokens, list) or not tokens
                    or not all(isinstance(token, str) and strip_space(token) for token in tokens)):
                raise InvalidGoalError(text("goal_tokens"))
            tokens = tuple(strip_space(token) for token in tokens)
        return cls(kind, moves, what, square, rank, tuple(tokens), count)

    def to_json(self) -> dict[str, object]:
        """The JSON object :meth:`from_json` reads back as this goal."""
        data: dict[str, object] = {"kind": self.kind}
        for name in ("what", "count", "square", "rank", "moves"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        if self.tokens:
            data["tokens"] = list(self.tokens)
        return data

    def check_board(self, position: Position) -> None:
        """Raise InvalidGoalError if the goal's square is not on ``position``'s board."""
        if self.square is not None:
            try:
                position.kind.square(self.square)
            except InvalidSquareError as error:
                raise InvalidGoalError(text("goal_square_bad", message=error.text)) from None


class Verdict:
    """How far a task has come: ``status`` is ``"reached"``, ``"open"`` or
    ``"failed"``; a failed one has a ``reason`` key (see :data:`REASONS`)
    and, for ``out_of_moves``, the ``moves`` allowed. A value: equal
    verdicts are equal and hash alike."""

    __slots__ = ("status", "reason", "moves")

    def __init__(self, status: str, reason: str | None = None, moves: int | None = None) -> None:
        self.status = status
        self.reason = reason
        self.moves = moves

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Verdict):
            return NotImplemented
        return (self.status, self.reason, self.moves) == (other.status, other.reason, other.moves)

    def __hash__(self) -> int:
        return hash((self.status, self.reason, self.moves))

    @property
    def reached(self) -> bool:
        return self.status == "reached"

    @property
    def failed(self) -> bool:
        return self.status == "failed"

    def message(self) -> Text | None:
        """Why the task failed, as a player's sentence (``.say("nl")``), or None.

        >>> Verdict("failed", "taken").message().say("nl")
        'een van je torens werd genomen'
        """
        if self.reason is None:
            return None
        if self.reason == "out_of_moves":
            return text("goal_not_in_one") if self.moves == 1 else text("goal_out_of_moves", n=self.moves)
        return text(REASONS[self.reason])

    def __repr__(self) -> str:
        return f"Verdict({quote(self.status)}" + (f", {quote(self.reason)})" if self.reason else ")")


REACHED = Verdict("reached")
OPEN = Verdict("open")


def failure(reason: str, moves: int | None = None) -> Verdict:
    """A failed task's verdict, ``reason`` one of :data:`REASONS`' keys."""
    if reason not in REASONS:
        raise ValueError(f"{quote(reason)} is not a reason: {', '.join(_REASON_NAMES)}")
    return Verdict("failed", reason, moves)


def judge(goal: Goal, start: Position, now: Position, solver: int, solver_moves: int) -> Verdict:
    """The task's state at ``now``, begun at ``start``, after the solver's
    ``solver_moves`` moves. ``solver`` is the color whose task it is."""
    if goal.kind == "setup":
        raise ValueError("a setup goal is judged on the set-up: judge_setup")
    outcome = now.outcome()
    replied = now.turn == solver or outcome is not None
    if _reached(goal, start, now, solver, replied):
        return REACHED
    if outcome is not None:
        if outcome.winner is None:
            return failure("drawn")
        return failure("lost" if outcome.winner != solver else "over")
    if goal.kind not in MAY_GIVE_TOWERS and _towers(now, solver) < _towers(start, solver):
        return failure("taken")
    if goal.kind == "play" and solver_moves >= 1:
        return failure("other_move")
    limit = goal.moves
    if limit is not None and solver_moves >= limit and (replied or goal.kind not in AFTER_REPLY):
        return failure("out_of_moves", limit)
    return OPEN


def judge_setup(goal: Goal, draft: SetupDraft) -> Verdict:
    """A ``setup`` goal: REACHED once ``draft`` is a complete legal set-up
    (R3-R5: SetupDraft refuses every field that breaks them), else OPEN.

    >>> from militakiri.board import SINGLE
    >>> draft = SetupDraft(SINGLE, color=0)
    >>> for square in ("c1", "d2"): draft.place(square)
    >>> judge_setup(Goal("setup"), draft)
    Verdict('open')
    >>> draft.place("b3"); judge_setup(Goal("setup"), draft)
    Verdict('reached')
    """
    if goal.kind != "setup":
        raise ValueError(f"a {goal.kind} goal is judged on positions: judge")
    return REACHED if draft.is_complete() else OPEN


def _towers(position: Position, color: int) -> int:
    return position.towers[color] + len(position.waiting[color])


def _count(position: Position, color: int, what: str) -> int:
    pawns, towers = position.stacks[color], position.towers[color]
    return {"pawns": pawns, "towers": towers, "all": pawns + towers}[what]


def _reached(goal: Goal, start: Position, now: Position, solver: int, replied: bool) -> bool:
    kind = goal.kind
    foe = 1 - solver
    outcome = now.outcome()
    if kind == "win":
        return outcome is not None and outcome.winner == solver
    if kind == "draw":
        return outcome is not None and outcome.termination == Termination.MOVE_RULE
    if kind == "tower":
        return replied and tower_balance(now, solver) > tower_balance(start, solver)
    # Goal.from_json gives each kind the fields it names.
    if kind == "take":
        assert goal.what is not None
        left = _count(now, foe, goal.what)
        if goal.count is None:
            return left == 0
        return _count(start, foe, goal.what) - left >= goal.count
    if kind == "reach":
        if not replied:
            return False
        assert goal.square is not None
        piece = now.board[now.kind.square(goal.square)]
        if piece is None or piece.color != solver:
            return False
        return piece.is_tower if goal.rank is None else piece.is_stack and piece.height >= goal.rank
    if kind == "promote":
        return sum(now.spares[solver]) < sum(start.spares[solver])
    if kind == "stack":
        rank = goal.rank
        assert rank is not None
        return any(piece.is_stack and piece.height >= rank for _, piece in now.pieces(solver))
    if kind == "endgame":
        return now.endgame and not start.endgame
    if kind == "play":
        return any(_after(start, token) == _key(now) for token in goal.tokens)
    raise AssertionError(kind)


def _key(position: Position) -> tuple[object, ...]:
    return (tuple(position.board), position.turn, tuple(position.spares), tuple(position.waiting),
            position.moves_left)


def _after(start: Position, token: str) -> tuple[object, ...] | None:
    """The position after ``token`` from ``start``, or None if it is no legal move there."""
    position = start.copy()
    try:
        position.play(token)
    except ValueError:
        return None
    return _key(position)


def _int(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidGoalError(text("goal_int", name=quote(name), low=low, high=high, value=excerpt(value)))
    return value

