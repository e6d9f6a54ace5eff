"""Random games from random set-ups, with the rules' invariants at each step."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from militakiri import DOUBLE, SINGLE, Dice, Game, Position, Setup
from militakiri.pieces import PROMOTION_HEIGHT


def totals(position: Position) -> tuple[int, int]:
    """Pawns on the board, and towers anywhere (board, waiting, spare)."""
    pawns = sum(p.height for p in position.board if p is not None and not p.is_tower)
    towers = sum(position.towers) + sum(map(len, position.waiting)) + sum(map(sum, position.spares))
    return pawns, towers


def check_invariants(position: Position) -> None:
    text = position.string()
    assert Position.from_string(text).string() == text
    for piece in position.board:
        if piece is not None and not piece.is_tower:
            # R13/R14: a stack never passes its promotion height.
            assert 1 <= piece.height <= PROMOTION_HEIGHT[piece.shape]
    counted = [[0, 0], [0, 0]]
    for piece in position.board:
        if piece is not None:
            counted[piece.is_tower][piece.color] += 1
    assert counted == [position.stacks, position.towers]
    legal = position.legal_moves()
    outcome = position.outcome()
    # Every position is either finished or has a legal move (R20 otherwise).
    assert (outcome is None) == bool(legal)
    if outcome is not None and outcome.termination.value == "no-moves":
        assert outcome.winner == 1 - position.turn


def random_game(seed: int, kind, max_plies: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(kind, Setup.random(kind, rng), Setup.random(kind, rng), Dice.roll(rng))
    before = totals(game.position)
    check_invariants(game.position)
    for _ in range(max_plies):
        moves = game.legal_moves()
        if not moves:
            break
        text = game.position.string()
        token = rng.choice(moves)
        game.play(token)
        # push/pop restores the position exactly
        game.position.pop()
        assert game.position.string() == text
        game.position.push(game.position.parse_move(token))
        after = totals(game.position)
        assert after[0] <= before[0] and after[1] <= before[1]
        before = after
        check_invariants(game.position)
    return game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_single_board_games_keep_the_invariants(seed):
    random_game(seed, SINGLE, 400)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_double_board_games_keep_the_invariants(seed):
    random_game(seed, DOUBLE, 300)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_replay_is_a_fold_of_the_tokens(seed):
    game = random_game(seed, SINGLE, 60)
    for ply in range(len(game.tokens) + 1):
        folded = game.position_at(ply)
        check_invariants(folded)
    assert game.position_at(len(game.tokens)).string() == game.position.string()
    assert Game.from_record(game.record()).position.string() == game.position.string()


def test_random_games_end_by_towers_and_by_the_move_rule():
    seen = set()
    for seed in range(300):
        rng = random.Random(seed)
        position = Game.new(
            SINGLE, Setup.random(SINGLE, rng), Setup.random(SINGLE, rng), Dice.roll(rng)
        ).position
        while moves := position.generate_moves():
            position.push(rng.choice(moves))
        seen.add(position.outcome().termination.value)
    assert {"towers", "move-rule"} <= seen


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), asks=st.lists(st.integers(0, 60), min_size=1, max_size=12),
       back=st.integers(0, 20))
def test_a_position_of_the_past_is_the_fold_of_the_moves_before_it(seed, asks, back):
    """Game.position_at keeps positions on the way (replay steps through a
    long game): in any order of asking, and after moves are taken back and
    others played, it is the fold of the moves over the start."""
    game = random_game(seed, SINGLE, 50)

    def folded(ply: int) -> str:
        position = game.start.copy()
        for token in game.tokens[:ply]:
            position.play(token)
        return position.string()

    for ply in asks:
        ply = min(ply, len(game.tokens))
        shown = game.position_at(ply)
        assert shown.string() == folded(ply)
        moves = shown.legal_moves()
        if moves:  # the caller may change the position it is given
            shown.play(moves[0])
    for _ in range(min(back, len(game.tokens))):  # taken back, then other moves
        game.undo()
    rng = random.Random(seed + 1)
    for _ in range(back):
        if game.legal_moves():
            game.play(rng.choice(game.legal_moves()))
    for ply in [min(p, len(game.tokens)) for p in asks]:
        assert game.position_at(ply).string() == folded(ply)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), skip=st.integers(0, 9))
def test_moves_are_numbered_as_the_position_numbers_them(seed, skip):
    """record.move_number, which the record, the move list and the page's
    words use, agrees with the number and turn the position keeps, from a
    start with either player to move."""
    from militakiri.record import move_number, move_rows

    whole = random_game(seed, SINGLE, 30)
    start = whole.position_at(min(skip, len(whole.tokens)))  # White or Black to move, any number
    tokens = whole.tokens[min(skip, len(whole.tokens)):]
    position = start.copy()
    for ply, token in enumerate(tokens, 1):
        assert move_number(ply, start.number, start.turn) == (position.number, position.turn)
        position.play(token)
    rows = move_rows(tokens, start.number, start.turn)
    assert [t for _, white, black in rows for t in (white, black) if t is not None] == tokens
