"""The static evaluation: how good a position is for the player to move.

Scores are from the point of view of the player to move, in "pawn = 100"
units. The game is won by having towers on the board when the other side
has none (R19), so towers dominate everything:

* a tower on the board is worth TOWER; a promoted tower waiting for a free
  field (R15) is worth WAITING: it will come, but it does not count for
  R19 yet; an unused spare tower is worth SPARE by itself (it only comes
  into play through a promotion, R13) and makes the stacks that could
  promote into it worth more (PROMOTION_BONUS by height);
* a stack is worth PAWN per pawn in it (merges gain the taken pawns);
* a tower's mobility (empty fields it can move to) is worth MOBILITY per
  field: towers on open lines attack and escape;
* approach: a stack is worth APPROACH more per field it stands closer to
  the nearest enemy tower (counted down from the board's longer side, as
  the hunt below). Six empty rows part the set-ups on the 12-rank board:
  without a pull towards the other side, a search that sees two or three
  moves ahead finds nothing to gain there and wanders, and half the games
  between neighbouring levels ran to the arena's cap as draws
  (docs/ladder.md: the ladder measured with and without it);
* safety: a tower that an enemy piece can take is in danger. Each tower's
  eight lines are scanned for the first piece: an enemy piece there that
  takes along that line within its reach attacks it, an own piece there
  defends it (can take back). What the enemy wins by taking it: a whole
  tower if undefended, a tower less the taker if defended (a pawn that
  takes a tower is worth far less than the tower), nothing if a tower
  takes a defended tower (a trade) — unless it is the owner's last tower
  on the board: taking that wins (R19), so it counts LAST_TOWER, defended
  or not. The player to move can parry one
  threat but rarely two, so of the threats against the player to move the
  worst counts THREAT_PARRIED of what it would win, each other one
  THREAT_LEFT; the threats against the other player are left to the
  quiescence search, except with ``hanging`` (the greedy level, which has
  no search): then the best take of an enemy tower counts HANGING of it;
* endgame rule (R16, R17): every piece goes one field, and the game is
  drawn when both players' moves run out with the lone tower alive. The
  side hunting a lone tower gets HUNT per field its pieces are closer to
  it, and a bonus as the lone tower's free neighbour fields shrink; the
  leader's whole edge fades towards the draw score (0) over its last
  FADE_MOVES moves;
* terminal positions (R19 towers, R20 no legal move) score ±(WIN - ply),
  so a quicker win and a later loss are preferred; R17's draw scores 0.
  (The quiescence search generates takes only, so it leaves R20 to the
  full-width nodes.)

Which piece takes along which line and how far (R7, R8, R16) is the
engine's: the tables here are built from movegen's once, at import, as
flags and numbers the inner loop reads fast.
"""

from __future__ import annotations

from .. import movegen
from ..board import ALL_DIRECTIONS, BoardKind
from ..outcome import Outcome
from ..pieces import CROSS, PLUS, SHAPES, STAR, Piece, stack, tower
from ..position import Position

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
#: Per field a stack stands closer to the nearest enemy tower (module notes).
APPROACH = 3
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


#: ``[endgame][piece]``: how many fields the piece takes across (movegen.reach).
_REACH = tuple(
    {
        piece: movegen.reach(piece, endgame)
        for color in (0, 1) for shape in SHAPES
        for piece in [tower(color, shape)] + [stack(color, shape, h) for h in range(1, 5)]
    }
    for endgame in (False, True)
)


def piece_value(piece: Piece, spares: tuple[int, ...]) -> int:
    """A piece's worth by itself, with ``spares`` the owner's spare counts."""
    if piece.is_tower:
        return TOWER
    value = PAWN * piece.height
    if spares[piece.shape]:
        value += PROMOTION_BONUS[piece.shape][piece.height]
    return value


#: ``(files, rows)`` -> ``[square]``: each field's closeness to that square,
#: the board's longer side less the king-move distance, as bytes (read fast).
#: Counted down from the longer side so that every piece counts for more
#: than none: the single board is taller (12 ranks) than wide, and counting
#: from its width made a far piece count less than nothing (its loss a gain).
_CLOSENESS: dict[tuple[int, int], list[bytes]] = {}
#: ``(files, rows, square, ...)`` -> each field's closeness to the nearest of those
#: towers; a search meets the same few sets of tower fields again and again.
_NEAREST: dict[tuple[int, ...], bytes] = {}
#: _NEAREST is emptied when it grows past this many sets.
NEAREST_KEPT = 4096


def _closeness(kind: BoardKind) -> list[bytes]:
    key = (kind.files, kind.rows)
    table = _CLOSENESS.get(key)
    if table is None:
        files, span = kind.files, max(kind.files, kind.rows)
        table = [bytes(span - max(abs(a % files - b % files), abs(a // files - b // files)) for b in kind.squares)
                 for a in kind.squares]
        _CLOSENESS[key] = table
    return table


def _nearest(kind: BoardKind, towers: list[int]) -> bytes:
    """Each field's closeness to the nearest of ``towers``."""
    closeness = _closeness(kind)
    if len(towers) == 1:
        return closeness[towers[0]]
    key = (kind.files, kind.rows) + tuple(towers)
    near = _NEAREST.get(key)
    if near is None:
        if len(_NEAREST) > NEAREST_KEPT:
            _NEAREST.clear()
        near = _NEAREST[key] = bytes(map(max, *[closeness[t] for t in towers]))
    return near


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
    # Per color: what the other side would win by taking each threatened
    # tower.
    threats: list[list[int]] = [[], []]
    towers_at: list[list[int]] = [[], []]
    stacks_at: list[list[int]] = [[], []]
    bonus = PROMOTION_BONUS
    reach_of = _REACH[endgame]
    for sq, piece in enumerate(board):
        if piece is None:
            continue
        color = piece.color
        if not piece.is_tower:
            height = piece.height
            score[color] += PAWN * height + (
                bonus[piece.shape][height] if spares[color][piece.shape] else 0
            )
            stacks_at[color].append(sq)
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
                if _TAKES_BY_DIRECTION[other.shape][d] and distance < reach_of[other]:
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
    if not endgame:  # (under the endgame rule the hunt below pulls instead)
        for color in (0, 1):
            stacks = stacks_at[color]
            towers = towers_at[1 - color]
            if stacks and towers:
                near = _nearest(kind, towers)
                score[color] += APPROACH * sum([near[sq] for sq in stacks])
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


def _endgame_terms(position: Position, towers_at: list[list[int]], value: int) -> int:
    """``value`` with the hunt of a lone tower under the endgame rule, and
    faded as the draw nears (R16, R17)."""
    kind = position.kind
    board = position.board
    stm = position.turn
    left = position.moves_left
    assert left is not None  # asked under the endgame rule only
    for hunter in (0, 1):
        prey = 1 - hunter
        if not position.is_lone_tower(prey) or position.is_lone_tower(hunter):
            continue
        lone = towers_at[prey][0]
        near = _closeness(kind)[lone]
        closeness = 0
        for sq, piece in enumerate(board):
            if piece is not None and piece.color == hunter:
                closeness += near[sq]
        free = 0
        lone_tower = board[lone]
        assert lone_tower is not None  # towers_at holds towers
        moves_along = _MOVES_BY_DIRECTION[lone_tower.shape]
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
    """:func:`evaluate` for any position, terminal ones included (the
    engine's outcome: R17, R19, R20)."""
    outcome = movegen.rules_outcome(position)
    if outcome is not None:
        return outcome_score(outcome, position.turn, 0)
    return evaluate(position, hanging)


def outcome_score(outcome: Outcome, turn: int, ply: int) -> int:
    """The score of an ended game for ``turn``, ``ply`` plies from the root:
    a quicker win and a later loss score higher; a draw is 0."""
    if outcome.winner is None:
        return 0
    return WIN - ply if outcome.winner == turn else -WIN + ply


def en_prise(position: Position, color: int, towers_only: bool = True) -> int:
    """How many of ``color``'s towers (or pieces, with ``towers_only`` false)
    an enemy piece could take now."""
    board = position.board
    rays = position.kind.rays
    reach_of = _REACH[position.moves_left is not None]
    count = 0
    for sq, piece in enumerate(board):
        if piece is None or piece.color != color or (towers_only and not piece.is_tower):
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
                    and distance <= reach_of[other]
                ):
                    count += 1
                    distance = -1
                break
            if distance == -1:
                break
    return count


