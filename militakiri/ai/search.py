"""The search: iterative deepening alpha-beta over the engine's moves."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from .. import movegen
from ..errors import GameOverError
from ..messages import text
from ..outcome import outcome_words
from ..move import Move
from ..pieces import Piece
from ..position import Position
from ..randomness import Random
from .evaluation import MATE_BOUND, TOWER, WIN, evaluate, outcome_score, piece_value
from .zobrist import zobrist_keys

if TYPE_CHECKING:
    from typing import Callable, Iterable

    #: A move as the tables keep it: origin, target, tower field, placements.
    MoveKey = tuple[int, int, int | None, tuple[int, ...]]

#: The clock of the time budgets, in seconds: ``time.perf_counter`` where
#: the interpreter has it (MicroPython has ``time.time``, to the millisecond).
now = getattr(time, "perf_counter", time.time)

#: Turns searched at most at the root (ROOT_TURNS) and at a node inside the
#: tree (NODE_TURNS) when two or more waiting towers must be placed first
#: (R15). Each order of free fields is a turn of its own, so they multiply:
#: three towers and 17 free fields make 162,690 turns, more than a search
#: can look at in its time. The orders are tried safest first (the fields
#: furthest from the enemy's pieces take the first towers) until this many
#: turns are made. Other turns are all searched.
ROOT_TURNS = 4000
NODE_TURNS = 400


def candidate_turns(position: Position, limit: int = ROOT_TURNS) -> list[Move]:
    """The legal turns the search considers: all of them, unless two or more
    waiting towers multiply them (see ROOT_TURNS); never none while the
    player to move has a legal turn."""
    count = movegen.placement_count(position)
    if count < 2:
        return movegen.legal_moves(position)
    files = position.kind.files
    enemies = [sq for sq, _ in position.pieces(1 - position.turn)]

    def distance(field: int) -> int:  # to the nearest enemy piece
        f, r = field % files, field // files
        return min((max(abs(f - sq % files), abs(r - sq // files)) for sq in enemies), default=0)

    # Furthest first; equal distances in the fields' order (the sort spelt
    # out: MicroPython's sort is not stable).
    fields = [f for _, _, f in sorted(
        (-distance(f), i, f) for i, f in enumerate(position.free_zone_fields(position.turn)))]
    moves: list[Move] = []
    for placements in movegen.permutations(fields, count):
        moves += movegen.legal_turns_after(position, placements)
        if len(moves) >= limit:
            break
    return moves


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

    def as_dict(self) -> dict[str, object]:
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


def _move_key(move: Move) -> MoveKey:
    return (move.origin, move.target, move.tower_field, move.placements)


class Searcher:
    """One search: a position copy, its transposition table and heuristics."""

    #: Pruning switches (measured in bench/ai.py's comparisons).
    NULL_MOVE = True
    LMR = True
    #: A position met again scores as a draw (see negamax).
    CYCLES = True

    def __init__(
        self,
        position: Position,
        deadline: float | None = None,
        node_limit: int | None = None,
        clock: Callable[[], float] = now,
        earlier: Iterable[Position] = (),
    ) -> None:
        self.position = position.copy()
        self.keys = zobrist_keys(position.kind)
        #: The keys of the game's positions before this one (since its last
        #: take: Position.since_last_take) and of the search's own line to the node:
        #: a node found here again scores as a draw (see negamax). ``boards``
        #: counts their boards' keys: a node whose board is not among them
        #: cannot be one of them, and most nodes skip the rest of the key.
        self.seen: set[int] = set()
        self.boards: dict[int, int] = {}
        for before in earlier:
            self._enter(self.keys.board(before), self.keys.key(before))
        self.deadline = deadline
        self.node_limit = node_limit
        self.clock = clock
        self.nodes = 0
        #: The transposition table: {key: (depth, score, bound, best move's key)}.
        self.table: dict[int, tuple[int, int, int, MoveKey | None]] = {}
        self.killers: list[list[MoveKey | None]] = [[None, None] for _ in range(MAX_PLY + 1)]
        self.history: dict[tuple[int, int], int] = {}

    def _tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _Stop
        # The clock every 64 positions: a phone's MicroPython searches ~1,000
        # a second, and 256 went 0.2 s past a deadline the player waits on.
        if self.deadline is not None and not self.nodes & 63 and self.clock() > self.deadline:
            raise _Stop

    # Ordering ---------------------------------------------------------------

    def _order(self, moves: list[Move], best_key: MoveKey | None, ply: int) -> list[Move]:
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
                score = (1 << 24) + 16 * piece_value(victim, (0, 0, 0)) - (  # type: ignore[arg-type]  # a take's target holds a piece
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

    def _touch(self, move: Move) -> tuple[list[int], list[Piece | None]]:
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

    def _rehash(self, h: int, touched: list[int], before: list[Piece | None]) -> int:
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
        ended = position.decided_outcome()  # R17, R19
        if ended is not None:
            return outcome_score(ended, turn, ply)
        key = None
        if board_hash in self.boards and self.CYCLES:
            key = board_hash ^ self.keys.state(position)
            if key in self.seen:
                # Back where the game or this line has been: the rules go on
                # (no draw by repetition, R23), but a cycle played for ever
                # decides nothing, so it scores as a draw. A side that is ahead
                # then looks for progress instead of shuffling pieces to and fro.
                return 0
        left = position.moves_left
        if depth <= 0 or ply >= MAX_PLY:
            return self.quiesce(alpha, beta, ply, 0)
        if key is None:
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
        moves = candidate_turns(position, NODE_TURNS)
        if not moves:  # R20
            return -WIN + ply
        original_alpha = alpha
        best = -WIN - 1
        best_move_key = None
        first = True
        # On the line while its moves are searched (a _Stop leaves it: the
        # search is over then).
        self._enter(board_hash, key)
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
        self._leave(board_hash, key)
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

    def _enter(self, board_hash: int, key: int) -> None:
        self.seen.add(key)
        self.boards[board_hash] = self.boards.get(board_hash, 0) + 1

    def _leave(self, board_hash: int, key: int) -> None:
        self.seen.discard(key)
        left = self.boards[board_hash] - 1
        if left:
            self.boards[board_hash] = left
        else:
            del self.boards[board_hash]

    def quiesce(self, alpha: int, beta: int, ply: int, qply: int) -> int:
        """Stand pat on the static evaluation, or try the takes.

        Only takes are generated here, so a player with no legal move at
        all (R20) is seen at the full-width nodes, not in this search.
        """
        self._tick()
        position = self.position
        ended = position.decided_outcome()
        if ended is not None:
            return outcome_score(ended, position.turn, ply)
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
        self._enter(board_hash, board_hash ^ self.keys.state(position))  # a line back here is a cycle too
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
                # Best first, equal scores in the order of the last depth
                # (a stable sort, spelt out: MicroPython's is not stable).
                ordered = [m for _, _, m in sorted(
                    [(-scores[id(m)], i, m) for i, m in enumerate(ordered)])]
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
        chosen = info.move
        assert chosen is not None  # moves[0] at least
        info.token = chosen.token(kind)
        info.nodes = self.nodes
        info.seconds = self.clock() - start
        info.pv = self._pv(chosen)
        return info

    def _pv(self, move: Move | None, length: int = 8) -> list[str]:
        """The principal variation: the chosen move, then hash moves."""
        position = self.position
        kind = position.kind
        pv: list[str] = []
        pushed = 0
        try:
            while move is not None and len(pv) < length:
                pv.append(move.token(kind))
                position.push(move)
                pushed += 1
                entry = self.table.get(self.keys.key(position))
                move = None
                if entry is not None and entry[3] is not None:
                    for candidate in candidate_turns(position, NODE_TURNS):
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
    rng: Random | None = None,
    clock: Callable[[], float] = now,
) -> SearchInfo:
    """Search ``position`` and return what was found (:class:`SearchInfo`).

    Stops at whichever comes first: ``seconds`` of ``clock`` time, ``depth``
    plies, ``nodes`` nodes. Without ``seconds`` (``None``) the result does
    not depend on the machine. ``rng`` shuffles the moves first, so equal
    moves are chosen at random but reproducibly.
    """
    moves = candidate_turns(position)
    if not moves:
        raise game_over(position)
    if rng is not None:
        rng.shuffle(moves)
    deadline = None if seconds is None else clock() + seconds
    searcher = Searcher(position, deadline, nodes, clock)
    return searcher.run(moves, depth, seconds)


def game_over(position: Position) -> GameOverError:
    return GameOverError(text("no_move_to_choose", outcome=outcome_words(position.outcome())))


