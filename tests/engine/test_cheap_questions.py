"""Cheap legality questions: has_legal_move, is_legal and the kept outcome
give the same answers as the full list of legal moves, without making it."""

import random

import pytest

from militakiri import (
    DOUBLE, SINGLE, Dice, Game, Move, Outcome, Position, Setup, Termination, TurnChoices,
)
from militakiri import movegen

from .positions import origin, position

# Positions where the cheap answers are easiest to get wrong: waiting towers
# (R15), a promotion with a choice of fields (R13), blockades (R18), the end.
ZONE = {f"{f}{r}": "P1" for f in "abcdef" for r in "123"}
SPECIAL = [
    position("single", {**ZONE, "a1": "S^", "c2": None, "e2": None, "f12": "s^"}, waiting="XP/-"),
    position("single", {**ZONE, "a1": "S^", "c2": None, "f12": "s^"}, waiting="PX/-"),
    position("single", {**ZONE, "a1": "S^", "c3": "X2", "c4": "p1", "f12": "s^"},
             spares="020/000", waiting="P/-"),
    position("single", {"a1": "S^", "c3": "X2", "c4": "p1", "f12": "s^"}, spares="020/000"),
    position("single", {"a12": "x^", "c10": "S^", "f1": "S1"}, rule="10/10"),
    position("single", {"a12": "x^", "b11": "p1", "c10": "S^", "f1": "S1"}),
    position("single", {"a12": "x^", "b11": "X^", "c12": "X1", "a10": "X1", "c10": "P1"}, rule="9/9"),
    position("single", {"a12": "x^", "c10": "S^", "f1": "S1"}, rule="10/10", waiting="-/p"),
    position("single", {"a12": "x^", "b11": "S^", "f1": "S1"}, turn="b"),
    position("single", {"a1": "S^", "b1": "S1", "f12": "s^"}, rule="0/0"),
    position("single", {"a1": "S1", "f12": "s^"}),
]


def _with(move: Move, **changes) -> Move:
    fields = dict(origin=move.origin, target=move.target, is_take=move.is_take,
                  placements=move.placements, promotion=move.promotion,
                  tower_field=move.tower_field, promotion_color=move.promotion_color)
    fields.update(changes)
    return Move(**fields)


def candidates(pos: Position, rng: random.Random) -> list[Move]:
    """The legal moves, the pseudo-legal ones, and near misses of both."""
    size = pos.kind.size
    result = movegen.pseudo_legal_moves(pos) + pos.generate_moves()
    for move in list(result):
        result += [
            _with(move, is_take=not move.is_take),
            _with(move, placements=move.placements[::-1]),
            _with(move, placements=move.placements[1:]),
            _with(move, placements=move.placements + move.placements[:1]),
            _with(move, placements=(rng.randrange(size),) + move.placements[1:]),
            _with(move, tower_field=None),
            _with(move, tower_field=rng.randrange(size)),
            _with(move, promotion=None if move.promotion is not None else rng.randrange(3)),
            _with(move, promotion_color=1 - move.promotion_color),
            _with(move, target=rng.randrange(size)),
        ]
    result += [Move(rng.randrange(size), rng.randrange(size), rng.random() < 0.5) for _ in range(40)]
    result += [Move(-1, 0), Move(size, 0)]  # off the board
    return result


def check(pos: Position, rng: random.Random) -> None:
    before = pos.string()
    legal = set(pos.generate_moves())
    assert pos.has_legal_move() == bool(legal)
    for move in candidates(pos, rng):
        assert pos.is_legal(move) == (move in legal), (before, move.token(pos.kind), move)
    fresh = Position.from_string(before)
    assert pos.outcome() == fresh.outcome()
    assert (fresh.outcome() is None) == bool(legal)
    assert pos.string() == before  # every question left the position as it was


@pytest.mark.parametrize("index", range(len(SPECIAL)))
def test_is_legal_and_has_legal_move_agree_with_the_full_list_in_special_positions(index):
    check(SPECIAL[index], random.Random(index))


@pytest.mark.parametrize("kind, seed", [(SINGLE, s) for s in range(6)] + [(DOUBLE, s) for s in range(3)])
def test_is_legal_and_has_legal_move_agree_with_the_full_list_in_random_games(kind, seed):
    rng = random.Random(seed)
    pos = Game.new(kind, Setup.random(kind, rng), Setup.random(kind, rng), Dice.roll(rng)).position
    for ply in range(400):
        if ply % 7 == 0 or pos.endgame or any(pos.waiting):
            check(pos, rng)
        moves = pos.generate_moves()
        if not moves:
            break
        pos.push(rng.choice(moves))
    check(pos, rng)


def test_the_outcome_is_worked_out_once_per_position_and_kept(monkeypatch):
    calls = []
    real = movegen.has_legal_move
    monkeypatch.setattr(movegen, "has_legal_move", lambda p: calls.append(1) or real(p))
    game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="6-1")
    for _ in range(16):
        assert not game.is_over() and game.outcome() is None
    assert len(calls) == 1
    game.play("c3-d4")  # asks before the move: kept
    for _ in range(16):
        assert not game.is_over()
    assert len(calls) == 2  # once for the new position
    game.undo()
    assert not game.is_over() and len(calls) == 2  # pop brings the kept answer back


def test_push_and_pop_keep_the_kept_outcome_right():
    pos = position("single", {"a1": "S^", "b2": "s^"}, turn="b")
    assert pos.outcome() is None
    pos.play("b2xa1")
    assert pos.outcome() == Outcome(Termination.TOWERS, winner=1)
    pos.pop()
    assert pos.outcome() is None and pos.copy().outcome() is None
    pos.push(pos.parse_move("b2-b3"))
    assert pos.outcome() is None


def test_the_cheap_questions_never_make_every_move(monkeypatch):
    # R15 multiplies a turn out: 3 waiting towers and 17 free fields are
    # 4080 orders of placement, each followed by every move.
    pieces = {"a1": "S^", "f12": "s^", "c5": "X2", "d5": "P1"}
    pos = position("single", pieces, waiting="XPS/-")
    token = "@b1,@c1,@d1,c5-d6"

    def everything(*args):
        raise AssertionError("made every legal move")

    monkeypatch.setattr(movegen, "legal_moves", everything)
    monkeypatch.setattr(movegen, "pseudo_legal_moves", everything)
    assert pos.has_legal_move() and not pos.is_over() and pos.outcome() is None
    assert pos.is_legal(Move.from_token(token, pos.kind))
    assert not pos.is_legal(Move.from_token("@b1,@b1,@d1,c5-d6", pos.kind))
    assert pos.parse_move(token).token(pos.kind) == token
    game = Game.from_position(pos.string())
    assert not game.is_over()
    game.play(token)
    assert game.position.waiting[0] == ()


def _answers(choices: TurnChoices) -> tuple:
    placed = tuple(choices.placement_fields()[:1])
    dests = choices.destinations(placed)
    tokens = {(o, t): choices.token(placed, o, t) for o in dests for t in dests[o]}
    return choices.tokens, choices.placements_needed(), placed, dests, tokens


@pytest.mark.parametrize("seed", range(3))
def test_a_games_turn_choices_made_from_moves_equal_those_parsed_from_tokens(seed):
    rng = random.Random(seed)
    games = [Game.from_position(pos.string(), touch_move=True) for pos in SPECIAL]
    game = Game.new(SINGLE, Setup.random(SINGLE, rng), Setup.random(SINGLE, rng),
                    Dice.roll(rng), touch_move=True)
    for _ in range(60):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_moves()))
        games.append(Game.from_position(game.position.string(), touch_move=True))
    for game in games:
        tokens = game.legal_moves()
        if tokens and rng.random() < 0.5:  # touch-move narrows the choices (R25)
            assert game.touch(origin(rng.choice(tokens)))
            tokens = game.legal_moves()
        assert _answers(game.turn_choices()) == _answers(TurnChoices(game.kind, tokens))



def _tables_built() -> dict:
    return dict(movegen._PIECE_RAY_TABLES)


@pytest.mark.parametrize("kind", [SINGLE, DOUBLE], ids=lambda kind: kind.name)
def test_prepared_tables_are_those_move_generation_builds(kind):
    """movegen.prepare builds a board's tables ahead (the page does, while
    it waits for a player): generation then finds them, builds none, and
    makes the same moves as with the tables it builds itself."""
    rng = random.Random(22)
    positions = []
    for _ in range(4):  # random games, the endgame rule's tables (R16) included
        game = Game.new(kind, Setup.random(kind, rng), Setup.random(kind, rng), dice="5-2")
        while not game.is_over() and len(game.tokens) < 60:
            game.play(rng.choice(game.legal_moves()))
        positions.append(game.position)
    positions.append(position(kind.name, {"a1": "S^", "b1": "S1", "a12": "s^"}, rule="9/9"))
    saved = _tables_built(), dict(movegen._RAY_TABLES)
    try:
        movegen._PIECE_RAY_TABLES.clear()
        movegen._RAY_TABLES.clear()
        lazily = [sorted(move.token(kind) for move in movegen.legal_moves(p)) for p in positions]
        movegen._PIECE_RAY_TABLES.clear()
        movegen._RAY_TABLES.clear()
        movegen.prepare(kind)
        prepared = _tables_built()
        assert set(prepared) == {(kind, False), (kind, True)}
        assert [sorted(move.token(kind) for move in movegen.legal_moves(p)) for p in positions] == lazily
        assert _tables_built() == prepared
    finally:
        movegen._PIECE_RAY_TABLES.clear()
        movegen._PIECE_RAY_TABLES.update(saved[0])
        movegen._RAY_TABLES.clear()
        movegen._RAY_TABLES.update(saved[1])
