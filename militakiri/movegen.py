"""Move generation: every legal turn of the player to move, and the end
when there is none (R20).

A turn first places the waiting towers (R15), then moves or takes with one
piece (R7-R9). *Pseudo-legal* turns follow those rules alone; the *legal*
ones also respect the blockade ban (R18), and there are none once the game is
over.

R18 asks whether the opponent "has a legal move" after ours. Their moves are
counted as pseudo-legal: read recursively, each side's blockade check would
ask the other's, with no end between two lone towers.

The turns are generated lazily, so the questions that need one answer stop
early: :func:`has_legal_move` at the first legal turn, :func:`is_legal` after
the moves of one piece, :func:`rules_outcome` once per position.
:func:`legal_moves` makes the whole list, for searches and the page's choices.

>>> from militakiri.position import Position
>>> position = Position.from_string("5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1")
>>> len(legal_moves(position)), has_legal_move(position), rules_outcome(position)
(21, True, None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL, BoardKind
from .move import Move
from .outcome import Outcome, Termination
from .pieces import BLACK, CROSS, MAX_HEIGHT, PLUS, SHAPES, STAR, WHITE, Piece, stack, tower
from .state import UNKNOWN, PositionState, take_result

if TYPE_CHECKING:
    from typing import Iterable, Iterator

    #: The lines from one square, each cut to a reach.
    Lines = tuple[tuple[int, ...], ...]
    #: ``[square]`` per piece; ``{reach: [square]}`` per shape.
    PieceRays = dict[Piece, list[Lines]]
    ShapeRays = dict[int, dict[int, list[Lines]]]

_ORTHO = tuple(ALL_DIRECTIONS.index(d) for d in ORTHOGONAL)
_DIAG = tuple(ALL_DIRECTIONS.index(d) for d in DIAGONAL)
_ALL = _ORTHO + _DIAG

#: R7: the directions each shape moves in, and those it takes in.
MOVE_DIRECTIONS = {STAR: _ALL, CROSS: _DIAG, PLUS: _ORTHO}
TAKE_DIRECTIONS = {STAR: _ALL, CROSS: _ORTHO, PLUS: _DIAG}


#: A tower's reach: further than any line of the board (R8).
TOWER_REACH = 99


def reach(piece: Piece, endgame: bool) -> int:
    """How many fields ``piece`` may move or take across (R8, R16)."""
    if endgame:
        return 1
    return TOWER_REACH if piece.is_tower else piece.height


def iter_pseudo_legal_moves(position: PositionState) -> Iterator[Move]:
    """Every turn the movement rules allow, ignoring R18 and the outcome;
    lazily, so a caller that needs one stops early."""
    color = position.turn
    waiting = position.waiting[color]
    if waiting:
        free = position.free_zone_fields(color)
        if free:
            return _placed_turns(position, waiting, free)
    # Returned, not yielded from: one generator less on the hottest path.
    return _piece_moves(position, (), position.kind.squares)


def permutations(items: Iterable[int], count: int) -> Iterator[tuple[int, ...]]:
    """The orders of ``count`` of the distinct ``items``, lazily and in the
    order ``itertools.permutations`` gives them (which MicroPython lacks).

    >>> list(permutations((1, 2, 3), 2))
    [(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)]
    """
    return _orders(tuple(items), count, ())


def _orders(items: tuple[int, ...], count: int, prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    if len(prefix) == count:
        yield prefix
        return
    for item in items:
        if item not in prefix:
            yield from _orders(items, count, prefix + (item,))


def _placed_turns(
    position: PositionState, waiting: tuple[int, ...], free: list[int]
) -> Iterator[Move]:
    """R15: as many waiting towers as there are free fields must be placed,
    oldest first, each order of fields a distinct turn."""
    color = position.turn
    board = position.board
    for fields in permutations(free, min(len(waiting), len(free))):
        for sq, shape in zip(fields, waiting):
            board[sq] = tower(color, shape)
        # All made before the first is yielded: the caller may push and pop
        # one, and pop empties the fields placed on.
        moves = list(_piece_moves(position, fields, position.kind.squares))
        for sq in fields:
            board[sq] = None
        yield from moves


def placement_count(position: PositionState) -> int:
    """How many waiting towers the player to move places before moving (R15):
    all of them, or as many as their set-up zone has free fields."""
    color = position.turn
    waiting = position.waiting[color]
    return min(len(waiting), len(position.free_zone_fields(color))) if waiting else 0


def legal_turns_after(position: PositionState, placements: tuple[int, ...]) -> list[Move]:
    """The legal turns that begin with exactly ``placements`` (R15: the
    oldest waiting tower on the first field, and so on), without making the
    turns of any other order of fields: a turn in stages, as a player makes it.

    >>> from militakiri.position import Position
    >>> position = Position.from_string("s^5/1s14/6/6/6/6/6/6/6/6/1S14/S^5 w 122/122 P/- - 1")
    >>> c1 = position.kind.square("c1")
    >>> sorted(m.token(position.kind) for m in legal_turns_after(position, (c1,)))[:2]
    ['@c1,a1-a10', '@c1,a1-a11']
    >>> legal_turns_after(position, ())   # a waiting tower must be placed first
    []
    """
    if position.decided_outcome() is not None:
        return []
    color = position.turn
    free = position.free_zone_fields(color)
    if len(placements) != placement_count(position) or len(set(placements)) != len(placements) \
            or not set(free).issuperset(placements):
        return []
    board = position.board
    for sq, shape in zip(placements, position.waiting[color]):
        board[sq] = tower(color, shape)
    try:
        moves = list(_piece_moves(position, placements, position.kind.squares))
    finally:
        for sq in placements:
            board[sq] = None
    if _may_blockade(position):
        moves = [move for move in moves if not blockades(position, move)]
    return moves


def pseudo_legal_moves(position: PositionState) -> list[Move]:
    """Every turn the movement rules allow, ignoring R18 and the outcome."""
    return list(iter_pseudo_legal_moves(position))


def _piece_moves(
    position: PositionState, placements: tuple[int, ...], origins: Iterable[int]
) -> Iterator[Move]:
    """The moves and takes of the mover's pieces on ``origins``, after
    ``placements`` (already on the board)."""
    board = position.board
    color = position.turn
    move_rays, take_rays = _piece_rays(position.kind, position.moves_left is not None)
    for origin in origins:
        piece = board[origin]
        if piece is None or piece.color != color:
            continue
        for ray in move_rays[piece][origin]:
            for target in ray:
                if board[target] is not None:
                    break
                yield Move(origin, target, False, placements)
        for ray in take_rays[piece][origin]:
            for target in ray:
                defender = board[target]
                if defender is None:
                    continue
                if defender.color != color:
                    yield from take_turns(position, placements, origin, target, piece, defender)
                break


#: Per board: (move_rays, take_rays), each ``{shape: {reach: [square]}}``.
#: Keyed by the board itself, not its name: the official single board and
#: the earlier 8-rank one share a name but not their squares.
_RAY_TABLES: dict[BoardKind, tuple[ShapeRays, ShapeRays]] = {}
_REACHES = (1, 2, 3, 4, TOWER_REACH)


def _rays(kind: BoardKind) -> tuple[ShapeRays, ShapeRays]:
    """``(move_rays, take_rays)``, each ``[shape][reach][square]``: the lines
    a piece of that shape and reach may use, each cut to its reach. Shapes
    that move one way and take another share the same lists (a star moves
    and takes along all eight, a cross moves as a plus takes): built once.

    Built when a board is first played on, so it is kept cheap (the page
    builds it on a phone's first move): each ray is cut once per reach,
    and a ray no longer than the reach is the board's own tuple, not a copy.
    """
    tables = _RAY_TABLES.get(kind)
    if tables is None:
        lines: dict[tuple[tuple[int, ...], int], list[Lines]] = {}
        for distance in _REACHES:
            cut = [[ray if len(ray) <= distance else ray[:distance] for ray in rays] for rays in kind.rays]
            for directions in (_ORTHO, _DIAG, _ALL):
                lines[directions, distance] = [tuple([at[d] for d in directions]) for at in cut]
        move_rays, take_rays = (
            {
                shape: {distance: lines[directions[shape], distance] for distance in _REACHES}
                for shape in (STAR, CROSS, PLUS)
            }
            for directions in (MOVE_DIRECTIONS, TAKE_DIRECTIONS)
        )
        tables = _RAY_TABLES[kind] = (move_rays, take_rays)
    return tables


_PIECE_RAY_TABLES: dict[tuple[BoardKind, bool], tuple[PieceRays, PieceRays]] = {}


def _piece_rays(kind: BoardKind, endgame: bool) -> tuple[PieceRays, PieceRays]:
    """``(move_rays, take_rays)``, each ``{piece: [square]}``: :func:`_rays`
    looked up once per piece, so the generator skips :func:`reach`."""
    tables = _PIECE_RAY_TABLES.get((kind, endgame))
    if tables is None:
        pieces = [tower(color, shape) for color in (WHITE, BLACK) for shape in SHAPES]
        pieces += [
            stack(color, shape, height)
            for color in (WHITE, BLACK) for shape in SHAPES for height in range(1, MAX_HEIGHT + 1)
        ]
        move_rays, take_rays = (
            {piece: rays[piece.shape][reach(piece, endgame)] for piece in pieces}
            for rays in _rays(kind)
        )
        tables = _PIECE_RAY_TABLES[kind, endgame] = (move_rays, take_rays)
    return tables


def prepare(kind: BoardKind) -> None:
    """Build ``kind``'s move tables now, not at its first move generation.

    They are built once per board and interpreter, a first move's largest
    cost on a slow phone; a page asks for them while it waits for a player.
    """
    for endgame in (False, True):
        _piece_rays(kind, endgame)


def take_turns(position: PositionState, placements: tuple[int, ...], origin: int, target: int, piece: Piece,
               defender: Piece) -> list[Move]:
    """The turns of ``piece`` on ``origin`` taking ``defender`` on ``target``
    after ``placements``: one, or one per field its new tower may go to (R13),
    or one where the tower waits (R15)."""
    color = piece.color
    _, promotion = take_result(piece, defender)
    if promotion is None or position.spares[color][promotion] == 0:
        return [Move(origin, target, True, placements)]
    # R13: the tower goes to any field of the own zone that is empty once the
    # stack has left, its own field and the taken one included.
    in_zone = position.kind.in_zone
    fields = position.free_zone_fields(color)
    fields += [sq for sq in (origin, target) if in_zone(color, sq)]
    if not fields:  # R15: it waits
        return [Move(origin, target, True, placements, promotion, None, color)]
    return [
        Move(origin, target, True, placements, promotion, field, color)
        for field in fields
    ]


def legal_takes(position: PositionState) -> list[Move]:
    """The legal takes of the player to move (a search's quiescence asks
    for these alone). Only takes are made, unless the turn must first place
    waiting towers (R15) or a blockade (R18) could arise: then the legal
    moves are filtered. The game is assumed not decided (R17, R19).
    """
    if placement_count(position) or _may_blockade(position):
        return [move for move in legal_moves(position) if move.is_take]
    board = position.board
    color = position.turn
    take_rays = _piece_rays(position.kind, position.moves_left is not None)[1]
    moves: list[Move] = []
    for origin, piece in enumerate(board):
        if piece is None or piece.color != color:
            continue
        for ray in take_rays[piece][origin]:
            for target in ray:
                defender = board[target]
                if defender is None:
                    continue
                if defender.color != color:
                    moves += take_turns(position, (), origin, target, piece, defender)
                break
    return moves


def _may_blockade(position: PositionState) -> bool:
    """Whether R18 can bite: only if one take could leave the foe a lone tower."""
    foe = 1 - position.turn
    return bool(position.towers[foe]) and position.towers[foe] + position.stacks[foe] <= 2


def legal_moves(position: PositionState) -> list[Move]:
    """Every legal turn; none once the game is over."""
    if position.decided_outcome() is not None:
        return []
    moves = pseudo_legal_moves(position)
    if _may_blockade(position):
        moves = [move for move in moves if not blockades(position, move)]
    return moves


def iter_legal_moves(position: PositionState) -> Iterator[Move]:
    """Every legal turn, lazily (see :func:`has_legal_move`); none once the
    game is over.

    >>> from militakiri.position import Position
    >>> position = Position.from_string("5s^/6/6/6/6/6/6/6/6/6/6/S^5 w 000/000 -/- - 1")
    >>> next(iter_legal_moves(position)).token(position.kind)
    'a1-a2'
    """
    if position.decided_outcome() is not None:
        return
    if not _may_blockade(position):
        yield from iter_pseudo_legal_moves(position)
        return
    for move in iter_pseudo_legal_moves(position):
        if not blockades(position, move):
            yield move


def has_legal_move(position: PositionState) -> bool:
    """Whether the player to move has a legal turn: stops at the first."""
    return next(iter_legal_moves(position), None) is not None


def is_legal(position: PositionState, move: Move) -> bool:
    """Whether ``move`` is one of the legal turns here.

    Only the moves of ``move``'s piece are made, after its placements, not
    every turn: a turn with waiting towers has as many turns as orders of
    free fields (R15).
    """
    board = position.board
    if position.decided_outcome() is not None or not 0 <= move.origin < len(board):
        return False
    color = position.turn
    waiting = position.waiting[color]
    free = position.free_zone_fields(color)
    placements = move.placements
    # R15 as _placed_turns makes it: an order of as many distinct free
    # fields as there are waiting towers (or free fields, if fewer).
    count = min(len(waiting), len(free))
    if len(placements) != count or len(set(placements)) != count:
        return False
    if not set(free).issuperset(placements):
        return False
    for sq, shape in zip(placements, waiting):
        board[sq] = tower(color, shape)
    try:
        found = move in _piece_moves(position, placements, (move.origin,))
    finally:
        for sq in placements:
            board[sq] = None
    return found and not (_may_blockade(position) and blockades(position, move))


def blockades(position: PositionState, move: Move) -> bool:
    """Whether ``move`` would leave the foe's lone tower without a move (R18)."""
    foe = 1 - position.turn
    position.push(move)
    try:
        return (
            position.moves_left is not None
            and position.is_lone_tower(foe)
            and next(iter_pseudo_legal_moves(position), None) is None
        )
    finally:
        position.pop()


def rules_outcome(position: PositionState) -> Outcome | None:
    """How the rules have ended the game at ``position``, or ``None``.

    Worked out once per position and kept (push and pop keep it right):
    the page asks it many times per frame.
    """
    outcome = position.cached_outcome
    if outcome is UNKNOWN:
        outcome = position.decided_outcome()
        if outcome is None and not has_legal_move(position):
            outcome = Outcome(Termination.NO_MOVES, winner=1 - position.turn)  # R20
        position.cached_outcome = outcome
    return outcome  # type: ignore[return-value]  # no longer UNKNOWN
