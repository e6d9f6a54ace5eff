"""The computer opponent: levels from beginner to strong.

Levels (:data:`LEVELS`; ``"max"`` names the strongest):

1. *random* — a random move, but a sensible one: it takes the last enemy
   tower when it can, prefers takes that do not leave one of its own towers
   en prise, and avoids moves after which a tower of its own can be taken.
2. *greedy* — the move with the best static evaluation (:func:`evaluate`)
   one move ahead.
3. *search* — alpha-beta search like level 4 with a small fixed node budget
   (so it plays the same on every machine), a clear step up from greedy.
4. *alpha-beta* (``max``) — iterative deepening negamax alpha-beta with
   principal-variation search, a Zobrist-hashed transposition table, move
   ordering (hash move, takes by most valuable victim / least valuable
   attacker, killer moves, history), and a quiescence search over takes; it
   stops at a time budget (or at a depth or node budget, which makes it
   deterministic) and returns the best move of the last completed depth —
   or a move that beat it with a full search in the depth cut short (at
   depth 1, the best move searched so far). The time is checked every 256
   nodes; a new depth is not begun after 45 % of the budget, as it would
   rarely finish. Null-move pruning and late-move reductions are on
   (:class:`Searcher`), measured to help.

Why alpha-beta and not MCTS: measured with ``bench/ai.py --mcts N`` (a UCT
player written there, at the same time per move). At 0.5 s a move alpha-beta
won 8 of 8 games against UCT with 8-ply random playouts judged by
:func:`evaluate` (~800 playouts a move) and 8 of 8 against UCT judging
leaves by :func:`evaluate` alone (~1,800 a move). Pure Python generates moves
at ~40 µs a position, so MCTS sees too few lines to find the tactics that
decide this game: a tower is lost to any piece that can take it, even a pawn,
and the search to depth 4-6 with takes resolved sees those; the playouts
do not.

Every random choice comes from a ``random.Random`` passed in (no global
random), so a seed replays a game; the time-budgeted search alone depends on
the machine's speed — give ``depth`` or ``nodes`` for a reproducible result.

The API is JSON-friendly for the browser worker: position strings in,
tokens out, seeds as ints::

    choose_token(position_string, level, seed, seconds=1.0)  # "c3-d4"
    choose_setup("single", level, seed).text()                # "Sc Xd Pb"
    hint(position_string, seconds=1.0)                        # max's token
    analyse(position_string, seconds=1.0)  # {token, score, depth, nodes, seconds, pv}

>>> start = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/X1P^X1P1X1P1/"
...          "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
>>> choose_token(start, level=2, rng=random.Random(1))
'b3xe6'
>>> analyse(start, depth=2)["depth"]
2
"""

from __future__ import annotations

import random
import time
from typing import Callable

from . import movegen
from .board import ALL_DIRECTIONS, BoardKind, board_kind
from .errors import GameOverError, MilitakiriError
from .move import Move
from .pieces import CROSS, PLUS, SHAPES, STAR, WHITE, stack, tower
from .position import Position
from .setup import Dice, Setup, start_position

# Levels -------------------------------------------------------------------

LEVELS = {1: "random", 2: "greedy", 3: "search", 4: "alpha-beta"}
MAX_LEVEL = max(LEVELS)
#: Level 3's node budget: a few plies, the same on every machine.
LEVEL3_NODES = 1500


class LevelError(MilitakiriError):
    """A level that does not exist."""


def parse_level(text: str | int) -> int:
    """The level written ``text``: ``1`` … ``4``, or ``max`` (the strongest)."""
    if isinstance(text, int) and not isinstance(text, bool):
        if text in LEVELS:
            return text
    elif isinstance(text, str):
        word = text.strip().lower()
        if word == "max":
            return MAX_LEVEL
        if word.isdigit() and int(word) in LEVELS:
            return int(word)
    raise LevelError(
        f"{text!r} is not a level: use 1 (weakest) to {MAX_LEVEL}, or 'max'"
    )


def level_name(level: int) -> str:
    """``'2'``, or ``'max'`` for the strongest level."""
    return "max" if level == MAX_LEVEL else str(level)


# Evaluation ---------------------------------------------------------------
#
# Scores are from the point of view of the player to move, in "pawn = 100"
# units. The game is won by having towers on the board when the other side
# has none (R19), so towers dominate everything:
#
# * a tower on the board is worth TOWER; a promoted tower waiting for a free
#   field (R15) is worth WAITING: it will come, but it does not count for
#   R19 yet; an unused spare tower is worth SPARE by itself (it only comes
#   into play through a promotion, R13) and makes the stacks that could
#   promote into it worth more (PROMOTION_BONUS by height);
# * a stack is worth PAWN per pawn in it (merges gain the taken pawns);
# * a tower's mobility (empty fields it can move to) is worth MOBILITY per
#   field: towers on open lines attack and escape;
# * safety: a tower that an enemy piece can take is in danger. Each tower's
#   eight lines are scanned for the first piece: an enemy piece there that
#   takes along that line within its reach attacks it, an own piece there
#   defends it (can take back). What the enemy wins by taking it: a whole
#   tower if undefended, a tower less the taker if defended (a pawn that
#   takes a tower is worth far less than the tower), nothing if a tower
#   takes a defended tower (a trade) — unless it is the owner's last tower
#   on the board: taking that wins (R19), so it counts LAST_TOWER, defended
#   or not. The player to move can parry one
#   threat but rarely two, so of the threats against the player to move the
#   worst counts THREAT_PARRIED of what it would win, each other one
#   THREAT_LEFT; the threats against the other player are left to the
#   quiescence search, except with ``hanging`` (the greedy level, which has
#   no search): then the best take of an enemy tower counts HANGING of it;
# * endgame rule (R16, R17): every piece goes one field, and the game is
#   drawn when both players' moves run out with the lone tower alive. The
#   side hunting a lone tower gets HUNT per field its pieces are closer to
#   it, and a bonus as the lone tower's free neighbour fields shrink; the
#   leader's whole edge fades towards the draw score (0) over its last
#   FADE_MOVES moves;
# * terminal positions (R19 towers, R20 no legal move) score ±(WIN - ply),
#   so a quicker win and a later loss are preferred; R17's draw scores 0.
#   (The quiescence search generates takes only, so it leaves R20 to the
#   full-width nodes.)

TOWER = 1000
WAITING = 700
SPARE = 25
PAWN = 100
#: PROMOTION_BONUS[shape][height]: a stack one merge from promoting while a
#: spare of its shape is left is nearly a tower in the making.
PROMOTION_BONUS = {STAR: (0, 0, 40, 160, 0), CROSS: (0, 40, 180, 0, 0), PLUS: (0, 40, 180, 0, 0)}
MOBILITY = 4
THREAT_PARRIED = 0.1
THREAT_LEFT = 0.8
HANGING = 0.9
LAST_TOWER = 5 * TOWER
HUNT = 12
#: Under the move rule the leader's edge fades over its last FADE_MOVES moves.
FADE_MOVES = 10
WIN = 1_000_000
MATE_BOUND = WIN - 10_000  # scores beyond this are wins/losses in plies

#: ``[shape][direction]``: whether that shape moves / takes along it (R7),
#: the engine's tables (movegen) as flags for the evaluation's inner loop;
#: directions as in ``kind.rays[square]`` (board.ALL_DIRECTIONS).
_MOVES_BY_DIRECTION = tuple(
    tuple(d in movegen.MOVE_DIRECTIONS[shape] for d in range(len(ALL_DIRECTIONS))) for shape in SHAPES
)
_TAKES_BY_DIRECTION = tuple(
    tuple(d in movegen.TAKE_DIRECTIONS[shape] for d in range(len(ALL_DIRECTIONS))) for shape in SHAPES
)


def _piece_value(piece, spares) -> int:
    if piece.is_tower:
        return TOWER
    value = PAWN * piece.height
    if spares[piece.shape]:
        value += PROMOTION_BONUS[piece.shape][piece.height]
    return value


def evaluate(position: Position, hanging: bool = False) -> int:
    """The static evaluation for the player to move (see the notes above).

    Terminal positions are not judged here; the callers check them first.
    """
    board = position.board
    kind = position.kind
    rays = kind.rays
    stm = position.turn
    endgame = position.moves_left is not None
    spares = position.spares
    score = [0, 0]
    # Per colour: what the other side would win by taking each threatened
    # tower.
    threats: list[list[int]] = [[], []]
    towers_at: list[list[int]] = [[], []]
    bonus = PROMOTION_BONUS
    for sq, piece in enumerate(board):
        if piece is None:
            continue
        color = piece.color
        if not piece.is_tower:
            height = piece.height
            score[color] += PAWN * height + (
                bonus[piece.shape][height] if spares[color][piece.shape] else 0
            )
            continue
        towers_at[color].append(sq)
        moves_along = _MOVES_BY_DIRECTION[piece.shape]
        mobility = 0
        attacked_by_stack = 0  # value of the cheapest attacking stack
        attacked_by_tower = False
        defended = False
        for d, ray in enumerate(rays[sq]):
            distance = 0
            for target in ray:
                other = board[target]
                if other is None:
                    distance += 1
                    continue
                # The first piece on this line: can it take our tower?
                if _TAKES_BY_DIRECTION[other.shape][d] and (
                    not distance
                    or not endgame and (other.is_tower or distance < other.height)
                ):
                    if other.color == color:
                        defended = True
                    elif other.is_tower:
                        attacked_by_tower = True
                    else:
                        value = PAWN * other.height
                        if not attacked_by_stack or value < attacked_by_stack:
                            attacked_by_stack = value
                break
            if distance and moves_along[d]:
                mobility += 1 if endgame else distance
        score[color] += TOWER + MOBILITY * mobility
        if (attacked_by_stack or attacked_by_tower) and position.towers[color] == 1:
            threats[color].append(LAST_TOWER)  # taking it wins at once (R19)
        elif attacked_by_stack:
            threats[color].append(TOWER - attacked_by_stack if defended else TOWER)
        elif attacked_by_tower and not defended:
            threats[color].append(TOWER)
    for color in (0, 1):
        score[color] += WAITING * len(position.waiting[color]) + SPARE * sum(spares[color])
    # Threats against the player to move: one can be parried.
    own = threats[stm]
    if own:
        own.sort()
        score[stm] -= int(THREAT_PARRIED * min(own[-1], TOWER) + THREAT_LEFT * sum(own[:-1]))
    if hanging and threats[1 - stm]:
        score[stm] += int(HANGING * max(threats[1 - stm]))
    value = score[stm] - score[1 - stm]
    if endgame:
        value = _endgame_terms(position, towers_at, value)
    return value


def _endgame_terms(position: Position, towers_at, value: int) -> int:
    """``value`` with the hunt of a lone tower under the endgame rule, and
    faded as the draw nears (R16, R17)."""
    kind = position.kind
    files = kind.files
    board = position.board
    stm = position.turn
    left = position.moves_left
    for hunter in (0, 1):
        prey = 1 - hunter
        if not position.is_lone_tower(prey) or position.is_lone_tower(hunter):
            continue
        lone = towers_at[prey][0]
        lf, lr = lone % files, lone // files
        closeness = 0
        for sq, piece in enumerate(board):
            if piece is not None and piece.color == hunter:
                closeness += files - max(abs(sq % files - lf), abs(sq // files - lr))
        free = 0
        moves_along = _MOVES_BY_DIRECTION[board[lone].shape]
        for d, ray in enumerate(kind.rays[lone]):
            if ray and board[ray[0]] is None and moves_along[d]:
                free += 1
        bonus = HUNT * closeness + 20 * (8 - free)
        value += bonus if hunter == stm else -bonus
    # The draw nears: the lead fades as the leader's moves run out.
    leader_left = left[stm] if value >= 0 else left[1 - stm]
    if leader_left < FADE_MOVES:
        value = value * (leader_left + 1) // (FADE_MOVES + 1)
    return value


def evaluate_all(position: Position, hanging: bool = False) -> int:
    """:func:`evaluate` for any position, terminal ones included."""
    turn = position.turn
    if position.towers[turn] == 0:
        return -WIN
    if position.towers[1 - turn] == 0:
        return WIN
    left = position.moves_left
    if left is not None and not any(left):
        return 0
    if not movegen.legal_moves(position):
        return -WIN
    return evaluate(position, hanging)


# Zobrist hashing ------------------------------------------------------------


class _Keys:
    """Random 64-bit keys for one board size, from a fixed seed."""

    def __init__(self, kind: BoardKind) -> None:
        rng = random.Random(f"militakiri zobrist {kind.name}")
        bits = lambda: rng.getrandbits(64)  # noqa: E731
        pieces = [
            stack(color, shape, height) if height else tower(color, shape)
            for color in (0, 1) for shape in SHAPES for height in range(5)
        ]
        #: squares[sq][piece]
        self.squares = [{piece: bits() for piece in pieces} for _ in kind.squares]
        self.turn = bits()
        self.spares = [[[bits() for _ in range(16)] for _ in SHAPES] for _ in (0, 1)]
        self.waiting = [[[bits() for _ in SHAPES] for _ in range(32)] for _ in (0, 1)]
        self.endgame = bits()
        self.moves_left = [[bits() for _ in range(256)] for _ in (0, 1)]

    def board(self, position: Position) -> int:
        h = 0
        squares = self.squares
        for sq, piece in enumerate(position.board):
            if piece is not None:
                h ^= squares[sq][piece]
        return h

    def state(self, position: Position) -> int:
        """Everything but the board: turn, spares, waiting, move rule."""
        h = self.turn if position.turn else 0
        for color in (0, 1):
            counts = position.spares[color]
            table = self.spares[color]
            h ^= table[0][counts[0] & 15] ^ table[1][counts[1] & 15] ^ table[2][counts[2] & 15]
            for i, shape in enumerate(position.waiting[color]):
                h ^= self.waiting[color][i & 31][shape]
        left = position.moves_left
        if left is not None:
            h ^= self.endgame ^ self.moves_left[0][left[0] & 255] ^ self.moves_left[1][left[1] & 255]
        return h

    def key(self, position: Position) -> int:
        return self.board(position) ^ self.state(position)


_KEYS: dict[str, _Keys] = {}


def zobrist_keys(kind: BoardKind) -> _Keys:
    keys = _KEYS.get(kind.name)
    if keys is None:
        keys = _KEYS[kind.name] = _Keys(kind)
    return keys


def zobrist(position: Position) -> int:
    """The Zobrist key of the position: board, turn, spares, waiting, move rule."""
    return zobrist_keys(position.kind).key(position)


# Search ---------------------------------------------------------------------


class SearchInfo:
    """What a search found and how far it got (for hints and benchmarks)."""

    __slots__ = ("move", "token", "score", "depth", "nodes", "seconds", "pv")

    def __init__(self) -> None:
        self.move: Move | None = None
        self.token: str | None = None
        self.score = 0
        self.depth = 0  # the last completed depth
        self.nodes = 0
        self.seconds = 0.0
        self.pv: list[str] = []

    def as_dict(self) -> dict:
        return {
            "token": self.token, "score": self.score, "depth": self.depth,
            "nodes": self.nodes, "seconds": round(self.seconds, 4), "pv": list(self.pv),
        }

    def __repr__(self) -> str:
        return f"SearchInfo({self.as_dict()!r})"


class _Stop(Exception):
    """The time or node budget ran out."""


_EXACT, _LOWER, _UPPER = 0, 1, 2
#: Quiescence plies at most (every take removes a piece, so it ends anyway).
QUIESCENCE_PLIES = 6
MAX_PLY = 128
#: Entries of the transposition table at most (a few hundred bytes each).
TABLE_LIMIT = 300_000


def _move_key(move: Move) -> tuple:
    return (move.origin, move.target, move.tower_field, move.placements)


class Searcher:
    """One search: a position copy, its transposition table and heuristics."""

    #: Pruning switches (measured in bench/ai.py's comparisons).
    NULL_MOVE = True
    LMR = True

    def __init__(
        self,
        position: Position,
        deadline: float | None = None,
        node_limit: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.position = position.copy()
        self.keys = zobrist_keys(position.kind)
        self.deadline = deadline
        self.node_limit = node_limit
        self.clock = clock
        self.nodes = 0
        self.table: dict[int, tuple] = {}
        self.killers = [[None, None] for _ in range(MAX_PLY + 1)]
        self.history: dict[tuple[int, int], int] = {}

    def _tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _Stop
        if self.deadline is not None and not self.nodes & 255 and self.clock() > self.deadline:
            raise _Stop

    # Ordering ---------------------------------------------------------------

    def _order(self, moves: list[Move], best_key, ply: int) -> list[Move]:
        board = self.position.board
        spares = self.position.spares[self.position.turn]
        killers = self.killers[ply] if ply <= MAX_PLY else (None, None)
        history = self.history
        scored = []
        for i, move in enumerate(moves):
            key = (move.origin, move.target, move.tower_field, move.placements)
            if key == best_key:
                score = 1 << 30
            elif move.is_take:
                victim = board[move.target]
                attacker = board[move.origin]
                score = (1 << 24) + 16 * _piece_value(victim, (0, 0, 0)) - (
                    TOWER // 10 if attacker is None or attacker.is_tower else attacker.height * 10
                )
                if move.promotion is not None and spares[move.promotion]:
                    score += 16 * TOWER
            elif key == killers[0] or key == killers[1]:
                score = 1 << 22
            else:
                score = history.get((move.origin, move.target), 0)
            scored.append((score, -i, move))
        scored.sort(reverse=True)  # (score, -i) is unique: moves are never compared
        return [item[2] for item in scored]

    # Negamax ----------------------------------------------------------------

    def _touch(self, move: Move) -> tuple[list, list]:
        """The squares a move touches, with their pieces before it."""
        touched = [move.origin, move.target]
        if move.placements or move.tower_field is not None:
            for sq in move.placements:
                if sq not in touched:
                    touched.append(sq)
            if move.tower_field is not None and move.tower_field not in touched:
                touched.append(move.tower_field)
        board = self.position.board
        return touched, [board[sq] for sq in touched]

    def _rehash(self, h: int, touched, before) -> int:
        board = self.position.board
        squares = self.keys.squares
        for sq, old in zip(touched, before):
            new = board[sq]
            if old is not new:
                table = squares[sq]
                if old is not None:
                    h ^= table[old]
                if new is not None:
                    h ^= table[new]
        return h

    def negamax(
        self, depth: int, alpha: int, beta: int, ply: int, board_hash: int, null_ok: bool = True
    ) -> int:
        self._tick()
        position = self.position
        turn = position.turn
        if position.towers[turn] == 0:  # R19
            return -WIN + ply
        if position.towers[1 - turn] == 0:
            return WIN - ply
        left = position.moves_left
        if left is not None and not left[0] and not left[1]:  # R17
            return 0
        if depth <= 0 or ply >= MAX_PLY:
            return self.quiesce(alpha, beta, ply, 0)
        key = board_hash ^ self.keys.state(position)
        entry = self.table.get(key)
        best_key = None
        if entry is not None:
            e_depth, e_score, e_flag, best_key = entry
            if e_depth >= depth:
                score = _from_table(e_score, ply)
                if e_flag == _EXACT:
                    return score
                if e_flag == _LOWER and score >= beta:
                    return score
                if e_flag == _UPPER and score <= alpha:
                    return score
        if (
            self.NULL_MOVE and null_ok and depth >= 3 and left is None
            and beta < MATE_BOUND and position.stacks[turn] + position.towers[turn] > 3
            and evaluate(position) >= beta
        ):
            # Null move: if passing (not allowed by the rules, R9, but a fine
            # test) still holds beta, a real move will; search it shallower.
            position.turn = 1 - turn
            try:
                score = -self.negamax(depth - 3, -beta, -beta + 1, ply + 1, board_hash, False)
            finally:
                position.turn = turn
            if score >= beta:
                return beta
        moves = movegen.legal_moves(position)
        if not moves:  # R20
            return -WIN + ply
        original_alpha = alpha
        best = -WIN - 1
        best_move_key = None
        first = True
        for index, move in enumerate(self._order(moves, best_key, ply)):
            touched, before = self._touch(move)
            position.push(move)
            child = self._rehash(board_hash, touched, before)
            try:
                if first:
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, child)
                else:
                    reduced = depth - 1
                    if (
                        self.LMR and depth >= 3 and index >= 3 and not move.is_take
                        and move.promotion is None and not move.placements
                    ):
                        reduced -= 1 if index < 10 else 2
                    score = -self.negamax(reduced, -alpha - 1, -alpha, ply + 1, child)
                    if score > alpha and reduced < depth - 1:
                        score = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, child)
                    if alpha < score < beta:
                        score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, child)
            finally:
                position.pop()
            first = False
            if score > best:
                best = score
                best_move_key = (move.origin, move.target, move.tower_field, move.placements)
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if not move.is_take and ply <= MAX_PLY:
                            killers = self.killers[ply]
                            if killers[0] != best_move_key:
                                killers[1] = killers[0]
                                killers[0] = best_move_key
                            hk = (move.origin, move.target)
                            # Capped below the killers' score (1 << 22).
                            history = self.history
                            history[hk] = min(history.get(hk, 0) + depth * depth, (1 << 22) - 1)
                        break
        if best <= original_alpha:
            flag = _UPPER
        elif best >= beta:
            flag = _LOWER
        else:
            flag = _EXACT
        table = self.table
        if len(table) >= TABLE_LIMIT:
            table.clear()  # a long search: start afresh rather than grow without end
        table[key] = (depth, _to_table(best, ply), flag, best_move_key)
        return best

    def quiesce(self, alpha: int, beta: int, ply: int, qply: int) -> int:
        """Stand pat on the static evaluation, or try the takes.

        Only takes are generated here, so a player with no legal move at
        all (R20) is seen at the full-width nodes, not in this search.
        """
        self._tick()
        position = self.position
        turn = position.turn
        if position.towers[turn] == 0:
            return -WIN + ply
        if position.towers[1 - turn] == 0:
            return WIN - ply
        left = position.moves_left
        if left is not None and not left[0] and not left[1]:
            return 0
        stand = evaluate(position)
        if stand >= beta or qply >= QUIESCENCE_PLIES or ply >= MAX_PLY:
            return stand
        if stand > alpha:
            alpha = stand
        best = stand
        takes = movegen.legal_takes(position)
        if not takes:
            return stand
        seen = set()
        for move in self._order(takes, None, MAX_PLY + 1):
            if move.promotion is not None:
                # One field per promoting take is enough here; the full
                # search tries them all.
                pair = (move.origin, move.target)
                if pair in seen:
                    continue
                seen.add(pair)
            position.push(move)
            try:
                score = -self.quiesce(-beta, -alpha, ply + 1, qply + 1)
            finally:
                position.pop()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    # Root -------------------------------------------------------------------

    def run(
        self,
        moves: list[Move],
        max_depth: int | None = None,
        seconds: float | None = None,
        info: SearchInfo | None = None,
    ) -> SearchInfo:
        """Iterative deepening over ``moves`` (in the order given, for ties)."""
        info = info or SearchInfo()
        position = self.position
        kind = position.kind
        start = self.clock()
        board_hash = self.keys.board(position)
        info.move = moves[0]
        if len(moves) == 1:  # forced: nothing to think about
            info.token = moves[0].token(kind)
            info.seconds = self.clock() - start
            return info
        ordered = list(moves)
        depth = 0
        limit = max_depth if max_depth is not None else MAX_PLY // 2
        try:
            while depth < limit:
                depth += 1
                scores = {}
                best_move, best_score = None, -WIN - 1
                alpha, beta = -WIN - 1, WIN + 1
                for i, move in enumerate(ordered):
                    touched, before = self._touch(move)
                    position.push(move)
                    child = self._rehash(board_hash, touched, before)
                    try:
                        if i == 0:
                            score = -self.negamax(depth - 1, -beta, -alpha, 1, child)
                        else:
                            score = -self.negamax(depth - 1, -alpha - 1, -alpha, 1, child)
                            if score > alpha:
                                score = -self.negamax(depth - 1, -beta, -alpha, 1, child)
                    finally:
                        position.pop()
                    scores[id(move)] = score
                    if score > best_score:
                        best_move, best_score = move, score
                        alpha = max(alpha, score)
                        if depth == 1 or i > 0:
                            # At depth 1 the best so far beats an unsearched
                            # move; deeper, a move that beat the last depth's
                            # best after its full search is a sound choice
                            # even if this depth is cut short.
                            info.move, info.score = best_move, best_score
                ordered.sort(key=lambda m: scores[id(m)], reverse=True)
                info.move, info.score, info.depth = best_move, best_score, depth
                if self.node_limit is not None and self.nodes >= self.node_limit:
                    break
                if self.deadline is not None and self.clock() >= self.deadline:
                    break
                if abs(best_score) >= MATE_BOUND:
                    break  # a forced win or loss: deeper search changes nothing
                if seconds is not None and self.clock() - start > seconds * 0.45:
                    break  # the next depth would not finish in time
        except _Stop:
            pass
        info.token = info.move.token(kind)
        info.nodes = self.nodes
        info.seconds = self.clock() - start
        info.pv = self._pv(info.move)
        return info

    def _pv(self, move: Move, length: int = 8) -> list[str]:
        """The principal variation: the chosen move, then hash moves."""
        position = self.position
        kind = position.kind
        pv = []
        pushed = 0
        try:
            while move is not None and len(pv) < length:
                pv.append(move.token(kind))
                position.push(move)
                pushed += 1
                entry = self.table.get(self.keys.key(position))
                move = None
                if entry is not None and entry[3] is not None:
                    for candidate in movegen.legal_moves(position):
                        if _move_key(candidate) == entry[3]:
                            move = candidate
                            break
        finally:
            for _ in range(pushed):
                position.pop()
        return pv


def _to_table(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


def search(
    position: Position,
    seconds: float | None = 1.0,
    depth: int | None = None,
    nodes: int | None = None,
    rng: random.Random | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> SearchInfo:
    """Search ``position`` and return what was found (:class:`SearchInfo`).

    Stops at whichever comes first: ``seconds`` of ``clock`` time, ``depth``
    plies, ``nodes`` nodes. Without ``seconds`` (``None``) the result does
    not depend on the machine. ``rng`` shuffles the moves first, so equal
    moves are chosen at random but reproducibly.
    """
    moves = movegen.legal_moves(position)
    if not moves:
        raise _game_over(position)
    if rng is not None:
        rng.shuffle(moves)
    deadline = None if seconds is None else clock() + seconds
    searcher = Searcher(position, deadline, nodes, clock)
    return searcher.run(moves, depth, seconds)


def _game_over(position: Position) -> GameOverError:
    return GameOverError(f"no move to choose: the game is over ({position.outcome()})")


# Levels 1 and 2 ---------------------------------------------------------------


def _towers_en_prise(position: Position, color: int) -> int:
    """How many of ``color``'s towers an enemy piece could take now."""
    board = position.board
    rays = position.kind.rays
    endgame = position.moves_left is not None
    count = 0
    for sq, piece in enumerate(board):
        if piece is None or piece.color != color or not piece.is_tower:
            continue
        for d, ray in enumerate(rays[sq]):
            distance = 0
            for target in ray:
                distance += 1
                other = board[target]
                if other is None:
                    continue
                if (
                    other.color != color
                    and _TAKES_BY_DIRECTION[other.shape][d]
                    and distance <= movegen.reach(other, endgame)
                ):
                    count += 1
                    distance = -1
                break
            if distance == -1:
                break
    return count


def _random_move(position: Position, moves: list[Move], rng: random.Random) -> Move:
    """Level 1: random, but it wins when it can and does not blunder towers."""
    me = position.turn
    before = _towers_en_prise(position, me)
    wins, good_takes, safe = [], [], []
    for move in moves:
        position.push(move)
        try:
            if position.towers[1 - me] == 0:
                wins.append(move)
                continue
            exposed = _towers_en_prise(position, me)
            if exposed and position.towers[me] == 1:
                continue  # the last tower could be taken: a losing move
            if not exposed or exposed < before:
                (good_takes if move.is_take else safe).append(move)
        finally:
            position.pop()
    if wins:
        return rng.choice(wins)
    if good_takes and (not safe or rng.random() < 0.7):
        return rng.choice(good_takes)
    if safe:
        return rng.choice(safe)
    return rng.choice(moves)


def _greedy_move(position: Position, moves: list[Move], rng: random.Random) -> Move:
    """Level 2: the best static evaluation after one move; ties at random."""
    rng.shuffle(moves)
    best, best_score = moves[0], None
    for move in moves:
        score = _after(position, move)
        if best_score is None or score > best_score:
            best, best_score = move, score
    return best


# The API ----------------------------------------------------------------------


def _as_rng(rng: random.Random | int | None) -> random.Random:
    """A ``random.Random``: the one given, or one seeded with the int (None: 0)."""
    if isinstance(rng, random.Random):
        return rng
    return random.Random(0 if rng is None else rng)


def _as_position(position: Position | str) -> Position:
    return Position.from_string(position) if isinstance(position, str) else position.copy()


def choose_move(
    position: Position | str,
    level: int | str = MAX_LEVEL,
    rng: random.Random | int | None = None,
    seconds: float | None = 1.0,
    depth: int | None = None,
    nodes: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
    info: SearchInfo | None = None,
) -> Move:
    """The move ``level`` plays in ``position`` (a copy is searched).

    ``seconds`` is the time budget of the search levels; ``depth`` and
    ``nodes`` bound the search too and, with ``seconds=None``, make it
    reproducible. Pass ``info`` (a :class:`SearchInfo`) to learn the depth,
    nodes and score of a search level.
    """
    level = parse_level(level)
    rng = _as_rng(rng)
    position = _as_position(position)
    moves = movegen.legal_moves(position)
    if not moves:
        raise _game_over(position)
    if level == 1:
        return _random_move(position, moves, rng)
    if level == 2:
        return _greedy_move(position, moves, rng)
    if level == 3:
        nodes = LEVEL3_NODES if nodes is None else min(nodes, LEVEL3_NODES)
        seconds = None  # the node budget alone: the same everywhere
    rng.shuffle(moves)
    deadline = None if seconds is None else clock() + seconds
    searcher = Searcher(position, deadline, nodes, clock)
    found = searcher.run(moves, depth, seconds, info)
    return found.move


def choose_token(
    position: Position | str,
    level: int | str = MAX_LEVEL,
    rng: random.Random | int | None = None,
    seconds: float | None = 1.0,
    **options,
) -> str:
    """:func:`choose_move` as a move token: position string in, token out."""
    position = _as_position(position)
    return choose_move(position, level, rng, seconds, **options).token(position.kind)


def hint(position: Position | str, seconds: float | None = 1.0, **options) -> str:
    """The strongest level's move for the player to move, as a token."""
    return choose_token(position, MAX_LEVEL, random.Random(0), seconds, **options)


def analyse(
    position: Position | str,
    seconds: float | None = None,
    depth: int | None = None,
    nodes: int | None = None,
    seed: int | None = None,
) -> dict:
    """A JSON-ready search report: token, score, depth, nodes, seconds, pv.

    The defaults (no ``seconds``) need a ``depth`` or ``nodes`` bound.
    """
    if seconds is None and depth is None and nodes is None:
        seconds = 1.0
    rng = random.Random(seed) if seed is not None else None
    return search(_as_position(position), seconds, depth, nodes, rng).as_dict()


# Set-ups ----------------------------------------------------------------------


def choose_setup(
    kind: BoardKind | str, level: int | str = MAX_LEVEL, rng: random.Random | int | None = None
) -> Setup:
    """A set-up (R4, R5) for ``level``.

    Level 1 takes a random one. The others draw candidates at random and
    keep the one that does best against a few random enemy set-ups, each
    with either side to move first: level 2 by the best static evaluation
    one move ahead, the search levels by a short search (two plies and the
    takes on the single board, one on the double), which punishes towers
    left on open lines the enemy's towers can reach.
    """
    kind = board_kind(kind) if isinstance(kind, str) else kind
    level = parse_level(level)
    rng = _as_rng(rng)
    if level == 1:
        return Setup.random(kind, rng)
    single = kind.files <= 6
    candidates = _distinct_setups(kind, rng, 8 if single else 6)
    enemies = _distinct_setups(kind, rng, 3 if single else 2)
    best, best_score = None, None
    for setup in candidates:
        total = 0
        for enemy in enemies:
            for first in (0, 1):
                position = start_position(kind, setup, enemy, first)
                moves = movegen.legal_moves(position)
                if level == 2:
                    score = max(_after(position, move) for move in moves)
                else:
                    score = Searcher(position).run(moves, max_depth=2 if single else 1).score
                total += score if first == 0 else -score
        if best_score is None or total > best_score:
            best, best_score = setup, total
    return best


def _after(position: Position, move: Move) -> int:
    """The greedy score of ``move``: the evaluation after it, for the mover."""
    position.push(move)
    try:
        return -evaluate_all(position, hanging=True)
    finally:
        position.pop()


def _distinct_setups(kind: BoardKind, rng: random.Random, count: int) -> list[Setup]:
    found: list[Setup] = []
    texts = set()
    for _ in range(count * 20):
        setup = Setup.random(kind, rng)
        if setup.text() not in texts:
            texts.add(setup.text())
            found.append(setup)
            if len(found) == count:
                break
    return found


# Playing whole games (the arena and the benchmark) -----------------------------

#: The arena stops a game after this many plies and counts it a draw "by
#: cap". Outside the endgame rule nothing in the rules ends a game that
#: nobody wins (no repetition draw, R23), so this guard is needed for weak
#: levels shuffling pieces; the engine itself has no cap.
ARENA_PLY_CAP = {"single": 600, "double": 1000}


class GameResult:
    """One arena game: who played, how it ended."""

    __slots__ = ("white", "black", "winner", "termination", "plies", "setups", "dice",
                 "tokens", "final")

    def __init__(self, white, black, winner, termination, plies, setups, dice,
                 tokens=(), final=""):
        self.white = white
        self.black = black
        self.winner = winner  # 0, 1 or None
        self.termination = termination  # 'towers', 'no-moves', 'move-rule' or 'cap'
        self.plies = plies
        self.setups = setups
        self.dice = dice
        self.tokens = list(tokens)  # the moves played
        self.final = final  # the last position string

    def points(self, color: int) -> float:
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == color else 0.0


def play_game(
    kind: BoardKind,
    white_level: int,
    black_level: int,
    setups: tuple[Setup, Setup],
    dice: Dice,
    seed: int,
    seconds: float | None = 1.0,
    cap: int | None = None,
    nodes: int | None = None,
    depth: int | None = None,
    on_move: Callable | None = None,
) -> GameResult:
    """Play one game between two levels from two set-ups and the dice."""
    position = start_position(kind, setups[0], setups[1], dice.first)
    levels = (white_level, black_level)
    rngs = (random.Random(seed * 2 + 1), random.Random(seed * 2 + 2))
    cap = ARENA_PLY_CAP[kind.name] if cap is None else cap
    tokens: list[str] = []
    while True:
        plies = len(tokens)
        outcome = position.outcome()
        if outcome is not None:
            return GameResult(white_level, black_level, outcome.winner, outcome.termination.value,
                              plies, setups, dice, tokens, position.string())
        if plies >= cap:
            return GameResult(white_level, black_level, None, "cap", plies, setups, dice,
                              tokens, position.string())
        turn = position.turn
        info = SearchInfo()
        move = choose_move(position, levels[turn], rngs[turn], seconds,
                           depth=depth, nodes=nodes, info=info)
        if on_move is not None:
            on_move(position, move, info)
        tokens.append(move.token(kind))
        position.push(move)


def arena(
    first: int,
    second: int,
    games: int,
    board: str = "single",
    seconds: float | None = 1.0,
    seed: int = 0,
    out: Callable[[str], None] = print,
    **options,
) -> float:
    """Play ``games`` games between two levels, colours swapped each game.

    Games go in pairs from the same random set-ups and dice, ``first``
    White in the even games and Black in the odd ones. Returns ``first``'s
    share of the points (a draw counts half).
    """
    kind = board_kind(board)
    cap = options.setdefault("cap", ARENA_PLY_CAP[kind.name])
    rng = random.Random(seed)
    tally = {0: [0, 0, 0], 1: [0, 0, 0]}  # per player: wins, draws, losses
    capped = 0
    points = 0.0
    names = (level_name(first), level_name(second))
    for game in range(games):
        if game % 2 == 0:
            setups = (Setup.random(kind, rng), Setup.random(kind, rng))
            dice = Dice.roll(rng)
        first_is_white = game % 2 == 0
        white, black = (first, second) if first_is_white else (second, first)
        result = play_game(kind, white, black, setups, dice, seed * 100_003 + game,
                           seconds, **options)
        first_color = WHITE if first_is_white else 1 - WHITE
        gained = result.points(first_color)
        points += gained
        for player, color in ((0, first_color), (1, 1 - first_color)):
            share = result.points(color)
            tally[player][0 if share == 1 else 1 if share == 0.5 else 2] += 1
        capped += result.termination == "cap"
        outcome = "1/2-1/2" if result.winner is None else ("1-0" if result.winner == 0 else "0-1")
        out(
            f"game {game + 1}: White {level_name(white)} - Black {level_name(black)} "
            f"{outcome} {'by cap' if result.termination == 'cap' else result.termination} "
            f"({result.plies} plies) setups {setups[0].text()} / {setups[1].text()} dice {dice.text()}"
        )
    for player, role in ((0, "--white"), (1, "--black")):
        wins, draws, losses = tally[player]
        out(f"level {names[player]} ({role}): {wins} wins, {draws} draws, {losses} losses")
    out(f"draws by cap ({cap} plies): {capped}")
    score = points / games if games else 0.0
    out(f"score: {score:.3f}")
    return score
