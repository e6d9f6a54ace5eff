"""The computer opponent (militakiri.ai): legal, reproducible, not blind.

Search levels are run with a depth or node budget (``seconds=None``) where
the result must not depend on the machine's speed.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from militakiri import DOUBLE, SINGLE, Dice, GameOverError, Position, Setup, movegen, start_position
from militakiri.ai import levels
from militakiri.ai.arena import arena, play_game
from militakiri.ai.evaluation import TOWER, WIN, en_prise, evaluate
from militakiri.ai.levels import MAX_LEVEL, LevelError, level_name, parse_level
from militakiri.ai.play import _distinct_setups, analyse, choose_move, choose_setup, choose_token
from militakiri.ai.search import SearchInfo, Searcher, candidate_turns
from militakiri.ai.zobrist import zobrist, zobrist_keys
from militakiri.board import EARLIER_DOUBLE, EARLIER_SINGLE
from militakiri.pieces import BLACK, WHITE
from militakiri.randomness import Random

from .positions import make, played
from .test_rulings import NOTATION_START

ROOT = Path(__file__).resolve().parents[2]
LEVELS = sorted(levels.LEVELS)
# Fast budgets for the search levels in tests.
FAST = {"seconds": None, "depth": 2}


def random_start(kind, seed: int) -> Position:
    rng = Random(seed)
    return start_position(kind, Setup.random(kind, rng), Setup.random(kind, rng), Dice.roll(rng).first)


def play(position: Position, level, plies: int, seed: int, **budget) -> list[str]:
    """Play ``plies`` moves of ``level`` against itself; checks each is legal."""
    rng = Random(seed)
    tokens = []
    for _ in range(plies):
        if position.outcome() is not None:
            break
        legal = position.legal_moves()
        token = choose_token(position, level, rng, **budget)
        assert token in legal, (position.string(), token)
        position.play(token)
        tokens.append(token)
    return tokens


# Legal moves ------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_only_legal_moves_single_board(level):
    for seed in range(3):
        position = random_start(SINGLE, seed)
        # Random moves first, so the level meets middle-game positions.
        play(position, 1, 10 + 7 * seed, seed)
        play(position, level, 8, seed, seconds=0.02)


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_only_legal_moves_double_board(level):
    position = random_start(DOUBLE, 7)
    play(position, 1, 12, 7)
    play(position, level, 4, 7, seconds=0.02)


def test_each_level_plays_a_game_made_on_the_earlier_8_rank_board():
    """A game saved before the board had 12 ranks (R1) goes on on its own
    8 ranks: the search's tables are the board's, not its name's, whichever
    board was played first."""
    for kind in (SINGLE, EARLIER_SINGLE, DOUBLE, EARLIER_DOUBLE, SINGLE):
        position = random_start(kind, 3)
        assert position.kind is kind and len(position.string().split()[0].split("/")) == kind.rows
        assert len(zobrist_keys(kind).squares) == kind.size  # (its own hash keys, one per square)
        play(position, 1, 12, 3)
        for level in LEVELS:
            play(position.copy(), level, 2, level, **FAST)


def test_levels_handle_waiting_towers_and_the_endgame_rule():
    # R15: a waiting tower must be placed first; R16: one field a move.
    waiting = make("single", {"a1": "S^", "b1": "S1", "f12": "s^", "e9": "p2"}, waiting="X/-")
    endgame = make("single", {"a1": "S^", "c3": "X1", "f12": "s^"}, rule="7/5")
    for text in (waiting, endgame):
        for level in LEVELS:
            play(Position.from_string(text), level, 4, level, **FAST)


def test_the_game_over_is_refused():
    over = make("single", {"a1": "S^"}, turn="b")
    with pytest.raises(GameOverError):
        choose_token(over, 2, Random(0))


# Reproducible -----------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_game(level):
    games = [play(random_start(SINGLE, 11), level, 10, 5, **FAST) for _ in range(2)]
    assert games[0] == games[1] and len(games[0]) == 10


def test_node_budget_is_reproducible_and_counted():
    results = [analyse(NOTATION_START, nodes=3000, seed=4) for _ in range(2)]
    assert results[0] == {**results[1], "seconds": results[0]["seconds"]}
    assert results[0]["token"] in Position.from_string(NOTATION_START).legal_moves()
    assert results[0]["depth"] >= 2 and results[0]["nodes"] >= 3000


def test_level_3_is_the_same_whatever_the_time_budget():
    rng_a, rng_b = Random(2), Random(2)
    assert choose_token(NOTATION_START, 3, rng_a, seconds=5) == choose_token(
        NOTATION_START, 3, rng_b, seconds=0.001
    )


def test_the_time_budget_is_kept_with_the_clock_passed_in():
    ticks = iter(range(10**9))
    fake = lambda: next(ticks) * 0.01  # noqa: E731 - 10 ms per reading
    info = SearchInfo()
    move = choose_move(NOTATION_START, "max", Random(1), seconds=0.5, clock=fake, info=info)
    assert move.token(SINGLE) == info.token
    assert info.depth >= 1 and info.seconds <= 0.5 + 0.02
    # The depth of a longer real search is at least as great.
    deeper = analyse(NOTATION_START, depth=info.depth + 1)
    assert deeper["depth"] == info.depth + 1


#: Two waiting towers and a nearly empty zone: thousands of turns (R15), each
#: a node at the root.
TWO_WAITING_TOWERS = make("single", {"a1": "S^", "c5": "X1", "d10": "p2", "f12": "s^", "e11": "x1",
                                     "b11": "p1", "a10": "s1"}, waiting="XP/-")


def test_a_search_stops_within_64_positions_of_its_deadline():
    """The clock is read every 64 positions: a phone's MicroPython searches
    about a thousand a second, and the player waits on the deadline."""
    readings = iter([0.0] * 2 + [9.0] * 10**6)  # past the deadline from the third reading on
    info = SearchInfo()
    choose_move(TWO_WAITING_TOWERS, "max", Random(1), seconds=1.0, clock=lambda: next(readings), info=info)
    assert 0 < info.nodes <= 64, info.nodes


def test_the_budget_holds_even_inside_depth_1():
    text = TWO_WAITING_TOWERS
    legal = Position.from_string(text).legal_moves()
    assert len(legal) > 5000
    ticks = iter(range(10**9))
    info = SearchInfo()
    move = choose_move(text, "max", 1, seconds=0.1, clock=lambda: next(ticks) * 0.01, info=info)
    assert move.token(SINGLE) in legal and info.depth == 0 and info.nodes < len(legal)
    report = analyse(text, nodes=500)
    assert report["token"] in legal and report["nodes"] <= 501


# Tactics ----------------------------------------------------------------------

# White can take Black's last tower (R19) on c3 with the star tower; a black
# pawn on a5 is also there for the taking.
WIN_IN_ONE = make("single", {"a1": "S^", "e2": "P1", "c3": "x^", "a5": "p1", "e11": "s1", "f11": "s1"})
# White's last tower, the plus tower on a1, is attacked along the a-file by
# Black's cross tower; c1 and e1 are covered by the plus pawn on d2. The
# white pawn on f4 could take a pawn, and lose the game.
LOSS_IN_ONE = make("single", {"a1": "P^", "a6": "x^", "d2": "p1", "f4": "X1", "f5": "s1", "e12": "s1"})
# White's last tower could take the star rank 2 on d4, "defended" by the
# plus pawn on c5 — but Black's cross tower would take it first and win.
LAST_TOWER_BAIT = make("single", {"a1": "S^", "c5": "P1", "d4": "s2", "f4": "x^", "e12": "s1",
                                  "f11": "p1", "f1": "P1"})


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_the_last_tower(level):
    token = choose_token(WIN_IN_ONE, level, Random(0), **FAST)
    assert token == "a1xc3"
    assert Position.from_string(WIN_IN_ONE).play(token).outcome().winner == WHITE


def test_the_search_scores_a_win_in_one_as_the_quickest_win():
    report = analyse(WIN_IN_ONE, depth=3)
    assert report["token"] == "a1xc3" and report["score"] == WIN - 1


def test_the_bait_can_be_taken():
    assert "a1xd4" in Position.from_string(LAST_TOWER_BAIT).legal_moves()


@pytest.mark.parametrize("text", [LOSS_IN_ONE, LAST_TOWER_BAIT])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_avoids_a_loss_in_one(level, text):
    for seed in range(3):
        position = Position.from_string(text)
        token = choose_token(position, level, Random(seed), **FAST)
        position.play(token)
        for reply in position.generate_moves():
            position.push(reply)
            assert position.towers[WHITE] > 0, f"{token} loses to {reply.token(SINGLE)}"
            position.pop()


# The new tower of a promotion (R13) and a waiting tower (R15) can go to c3,
# where Black's plus tower takes it and no white piece takes back, or to e1.
SAFE_FIELD_ZONE = {
    "f2": "S^", "a1": "S1", "b1": "S1", "c1": "S1", "d1": "S1", "f1": "S1",
    "a2": "P1", "b2": "X1", "c2": "P1", "d2": "X1", "e2": "P1",
    "a3": "X1", "b3": "P1", "d3": "P1", "e3": "X1", "f3": "P1",
    "f6": "p^", "a12": "s1", "b12": "s1",
}


@pytest.mark.parametrize("level", [3, 4])  # (levels 1 and 2 need not take at all)
def test_a_promoted_tower_goes_to_a_safe_field(level):
    text = make("single", {**SAFE_FIELD_ZONE, "c4": "X2", "c5": "x1"}, spares="010/000")
    assert "c4xc5=X@c3" in Position.from_string(text).legal_moves()
    assert choose_token(text, level, Random(0), **FAST) == "c4xc5=X@e1"


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_a_waiting_tower_goes_to_a_safe_field(level):
    text = make("single", SAFE_FIELD_ZONE, waiting="X/-")
    for seed in range(3):
        position = Position.from_string(text)
        token = choose_token(position, level, Random(seed), **FAST)
        position.play(token)
        assert en_prise(position, WHITE) == 0, token


@pytest.mark.parametrize("kind", [SINGLE, DOUBLE])
def test_level_1_keeps_its_towers_and_on_the_double_board_its_other_pieces(kind):
    """Level 1 plays at random, but never leaves a tower to be taken where
    another move keeps it; on the double board, nor a pawn or a rank
    (play.KEEPS_EVERY_PIECE). On the single board it does leave those."""
    careless = kept = 0
    for seed in range(4):
        position = random_start(kind, seed)
        rng = Random(seed)
        for _ in range(80):
            if position.outcome() is not None:
                break
            me = position.turn
            towers_before, pieces_before = en_prise(position, me), en_prise(position, me, towers_only=False)
            leaves = {}  # each move that does not win: (keeps the towers, keeps the other pieces)
            for move in candidate_turns(position):
                position.push(move)
                if position.towers[1 - me]:  # (a move that wins is played whatever it leaves)
                    towers, pieces = en_prise(position, me), en_prise(position, me, towers_only=False)
                    leaves[move.token(kind)] = (towers == 0 or towers < towers_before,
                                                pieces == 0 or pieces < pieces_before)
                position.pop()
            chosen = choose_move(position, 1, rng).token(kind)
            if chosen in leaves:
                if any(safe for safe, _ in leaves.values()):
                    assert leaves[chosen][0], (position.string(), chosen)
                if any(safe and keeps for safe, keeps in leaves.values()):
                    if all(leaves[chosen]):
                        kept += 1
                    else:
                        careless += 1
            position.play(rng.choice(position.legal_moves()))
    assert kept > 20
    assert (careless == 0) == (kind is DOUBLE), careless


def test_the_takes_of_the_quiescence_search_are_the_legal_takes():
    # movegen.legal_takes makes only takes; it must agree with legal_moves,
    # endgame rule (1 field) and waiting towers included.
    seen = 0
    for seed in range(8):
        kind = SINGLE if seed % 4 else DOUBLE
        position = random_start(kind, seed)
        rng = Random(seed)
        for _ in range(150):
            if position.outcome() is not None:
                break
            endgame = position.copy()
            endgame.moves_left = endgame.moves_left or (9, 9)
            for case in (position, endgame):
                expected = sorted(m.token(kind) for m in case.generate_moves() if m.is_take)
                assert sorted(m.token(kind) for m in movegen.legal_takes(case)) == expected
                seen += len(expected)
            position.push(rng.choice(position.generate_moves()))
    assert seen > 2000


# Cycles ---------------------------------------------------------------------------

# Black is ahead (the search says about +450) and would play its tower a4 up the file.
AHEAD = ("s1s^1s1s1s1/p1x1p1s1p1x1/x1p11p1x11/6/6/6/6/6/p^1X^3/3P11X1/1P1X11X1P1/S1S1S1S^S1S1"
         " b 122/122 -/- - 12")


def test_a_move_back_to_an_earlier_position_scores_as_a_draw_so_the_side_ahead_plays_another():
    # No draw by repetition in the rules (R23): a cycle only decides nothing.
    position = Position.from_string(AHEAD)
    info = SearchInfo()
    best = choose_move(position, 5, Random(1), None, depth=3, info=info)
    there = best.token(SINGLE)
    origin, target = there.split("-")
    assert origin == "a4" and info.score > 300
    been_there = position.copy()
    been_there.push(best)
    again = SearchInfo()
    other = choose_move(position, 5, Random(1), None, depth=3, info=again, earlier=[been_there.string()])
    assert other.token(SINGLE) != there and 300 < again.score <= info.score
    # A Position remembers where its own moves went: Black's tower went up
    # the file, and both players went back.
    back = Position.from_string(AHEAD).play(there).play("a1-a2").play(f"{target}-{origin}").play("a2-a1")
    assert back.string() != AHEAD and choose_move(back.string(), 5, Random(1), None, depth=3) == best
    assert choose_move(back, 5, Random(1), None, depth=3).token(SINGLE) == other.token(SINGLE)
    Searcher.CYCLES = False  # the search as it was before
    try:
        assert choose_move(position, 5, Random(1), None, depth=3, earlier=[been_there.string()]) == best
    finally:
        Searcher.CYCLES = True


def test_a_position_remembers_where_its_moves_passed_since_the_last_take():
    for seed in range(6):
        game = played(120, seed=seed)
        position = game.position
        strings = [game.start.string()]
        replay = game.start.copy()
        last_take = 0
        for ply, token in enumerate(game.tokens):
            move = replay.parse_move(token)
            replay.push(move)
            strings.append(replay.string())
            if move.is_take:
                last_take = ply + 1
        before = position.string()
        earlier = [p.string() for p in position.since_last_take()]
        assert position.string() == before and len(position.undo_stack) == len(game.tokens)
        assert earlier == ([] if position.endgame else strings[last_take:-1][::-1])
        assert [p.string() for p in position.since_last_take(3)] == earlier[:3]
        # Nothing before a take comes again, nor anything under the endgame
        # rule (R16, R17): since_last_take misses no cycle.
        keys = [" ".join(text.split()[:-1]) for text in strings]  # (not the move number)
        for ply, token in enumerate(game.tokens):
            if "x" in token:
                assert not set(keys[:ply + 1]) & set(keys[ply + 1:])
        endgame = [key for key in keys if key.split()[4] != "-"]
        assert len(set(endgame)) == len(endgame)
    rule_on = Position.from_string(make("single", {"a1": "S^", "f12": "s^", "c3": "X1"}, rule="50/50"))
    assert rule_on.play("c3-d4").since_last_take() == []


# Evaluation and hashing ---------------------------------------------------------


def test_evaluation_is_symmetric():
    # The start position of two equal set-ups is even for either side to move.
    for kind, text in ((SINGLE, "Sc Xd Pb"), (DOUBLE, "Sbe Xdh Pak")):
        setup = Setup.parse(text, kind)
        for first in (WHITE, BLACK):
            assert evaluate(start_position(kind, setup, setup, first)) == 0


def test_evaluation_counts_towers_waiting_and_threats():
    base = {"a1": "S^", "f12": "s^", "c12": "p1"}
    even = Position.from_string(make("single", base))
    up = Position.from_string(make("single", {**base, "f1": "X^"}))
    waiting = Position.from_string(make("single", base, waiting="X/-"))
    assert evaluate(up) > evaluate(waiting) > evaluate(even)
    # A tower the player to move can take is counted only with hanging=True.
    hanging = Position.from_string(make("single", {**base, "a6": "x^"}))
    assert evaluate(hanging, hanging=True) > evaluate(hanging) + TOWER // 2


def test_evaluation_under_the_move_rule_fades_towards_the_draw():
    # R16/R17: White hunts Black's lone tower; the edge shrinks as White's
    # moves run out, and hunting pieces close to the lone tower count.
    pieces = {"a1": "S^", "c3": "X^", "d2": "P1", "f12": "s^"}
    fresh, late, last = (
        evaluate(Position.from_string(make("single", pieces, rule=rule)))
        for rule in ("50/50", "5/5", "0/1")
    )
    assert fresh > late > last > 0
    near = Position.from_string(make("single", {**pieces, "c3": None, "e10": "X^"}, rule="50/50"))
    assert evaluate(near) > fresh


def test_zobrist_keys_see_turn_spares_waiting_and_move_rule():
    pieces = {"a1": "S^", "f12": "s^"}
    texts = [
        make("single", pieces),
        make("single", pieces, turn="b"),
        make("single", pieces, spares="100/000"),
        make("single", pieces, waiting="X/-"),
        make("single", pieces, waiting="-/x"),
        make("single", pieces, rule="50/50"),
        make("single", pieces, rule="50/49"),
        make("single", {"a1": "S^", "f11": "s^"}),
    ]
    keys = {zobrist(Position.from_string(text)) for text in texts}
    assert len(keys) == len(texts)
    assert zobrist(Position.from_string(texts[0])) == zobrist(Position.from_string(texts[0]))


def test_incremental_hash_matches_the_full_one():
    # Random games with promotions and waiting towers: the search's
    # incremental board key is always the key computed from scratch.
    full_zone = {**SAFE_FIELD_ZONE, "c3": "S1", "e1": "S1", "c4": "X2", "c5": "x1"}
    starts = [random_start(SINGLE, seed) for seed in range(4)] + [
        Position.from_string(make("single", SAFE_FIELD_ZONE, waiting="XP/-")),
        Position.from_string(make("single", full_zone, spares="010/000")),
    ]
    promotions = placements = 0
    for seed, position in enumerate(starts):
        searcher = Searcher(position)
        position = searcher.position
        keys = searcher.keys
        h = keys.board(position)
        rng = Random(seed)
        for _ in range(300):  # (across six neutral ranks random pieces meet late: 150 plies promoted nothing)
            moves = position.generate_moves()
            if not moves:
                break
            move = rng.choice(moves)
            promotions += move.promotion is not None
            placements += bool(move.placements)
            touched, before = searcher._touch(move)
            position.push(move)
            h = searcher._rehash(h, touched, before)
            assert h == keys.board(position)
    assert promotions and placements


# Set-ups --------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [SINGLE, DOUBLE])
@pytest.mark.parametrize("level", LEVELS)
def test_choose_setup_gives_a_valid_setup(kind, level):
    setup = choose_setup(kind, level, Random(level))
    assert isinstance(setup, Setup) and setup.kind is kind
    assert Setup.parse(setup.text(), kind) == setup  # R4, R5 checked again
    assert choose_setup(kind.name, level, Random(level)) == setup  # reproducible



def test_a_set_up_with_a_time_budget_judges_a_candidate_only_if_it_can_end_in_time(monkeypatch):
    """The page gives the computer's set-up a budget (a slower interpreter
    judges fewer candidates), and the player waits for it: the next
    candidate is judged only if it can end in the time left, as long as the
    last took; the best of those judged is kept."""
    now = [0.0]
    scores = iter([5, 9, 7, 100, 100])

    def judged(setup, enemies, level, deadline, clock):  # each candidate: 0.3 s
        now[0] += 0.3
        return next(scores)

    monkeypatch.setattr(sys.modules["militakiri.ai.play"], "_judged", judged)  # (the package's play is a function)
    setup = choose_setup(SINGLE, 4, Random(5), seconds=1.0, clock=lambda: now[0])
    assert now[0] == pytest.approx(0.9)  # three candidates, to 0.9 s: a fourth would end at 1.2
    assert setup == _distinct_setups(SINGLE, Random(5), 8)[1]  # the best of the three (9)
    # Time enough: every candidate, as without a budget.
    monkeypatch.undo()
    assert choose_setup(SINGLE, 4, Random(5), seconds=1e9) == choose_setup(SINGLE, 4, Random(5))


@pytest.mark.parametrize("kind", [SINGLE, DOUBLE], ids=["single", "double"])
@pytest.mark.parametrize("reads", [0, 2, 4])
def test_a_set_up_judging_the_time_overtakes_stops_and_keeps_the_first(kind, reads, monkeypatch):
    """A double-board candidate took a second in MicroPython: the time runs
    out inside it (after ``reads`` reads of the clock), the search stops
    within 64 positions (Searcher reads its clock that often), and the first
    candidate is kept."""
    searched = []
    tick = Searcher._tick
    monkeypatch.setattr(Searcher, "_tick", lambda self: (searched.append(1), tick(self)))
    clock = iter([0.0] * (reads + 1) + [2.0] * 10_000)  # the start, then ``reads`` reads before the time is up
    setup = choose_setup(kind, 4, Random(5), seconds=1.0, clock=lambda: next(clock))
    assert setup == _distinct_setups(kind, Random(5), 8 if kind is SINGLE else 6)[0]
    assert len(searched) <= 64 * 2, len(searched)  # (one search cut short, at most one more begun)

# Arena ----------------------------------------------------------------------------


def test_a_game_stops_at_the_cap_as_a_draw():
    rng = Random(0)
    setups = (Setup.random(SINGLE, rng), Setup.random(SINGLE, rng))
    result = play_game(SINGLE, 1, 1, setups, Dice.parse("6-1"), seed=1, cap=6)
    assert (result.winner, result.termination, result.plies) == (None, "cap", 6)
    assert result.points(WHITE) == result.points(BLACK) == 0.5


def test_arena_function_swaps_colors_and_scores():
    lines = []
    score = arena(2, 1, 2, "single", None, seed=3, out=lines.append, cap=40)
    assert lines[0].startswith("game 1: White 2 - Black 1 ")
    assert lines[1].startswith("game 2: White 1 - Black 2 ")
    # The pair is played from the same set-ups and dice.
    assert lines[0].split("setups")[1] == lines[1].split("setups")[1]
    assert lines[-1] == f"score: {score:.3f}"


def arena_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "militakiri", "arena", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )


def test_arena_cli_prints_results_per_level_and_the_score():
    result = arena_cli("--white", "2", "--black", "1", "--games", "2", "--seed", "5",
                       "--seconds", "0.05")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 2 + 4  # two games, two levels, the cap, the score
    assert lines[2].startswith("level 2 (--white): ")
    assert lines[3].startswith("level 1 (--black): ")
    (w1, d1, l1), (w2, d2, l2) = (
        [int(word) for word in line.split(": ")[1].replace(",", "").split()[::2]]
        for line in lines[2:4]
    )
    assert (w1, d1, l1) == (l2, d2, w2) and w1 + d1 + l1 == 2
    assert lines[4].startswith("draws by cap")
    assert lines[-1] == f"score: {(w1 + d1 / 2) / 2:.3f}"


def test_arena_cli_max_names_the_strongest_level():
    # The strongest level takes all the time it is given on each move: this checks its name, not its game.
    result = arena_cli("--white", "max", "--black", "1", "--games", "1", "--seconds", "0.01")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].startswith("game 1: White max - Black 1 ")
    assert "level max (--white)" in result.stdout


@pytest.mark.parametrize("args, word", [
    (("--white", "0", "--black", "2", "--games", "2"), "'0'"),
    (("--white", "2", "--black", "strong", "--games", "2"), "'strong'"),
    (("--white", "2", "--black", "1", "--games", "0"), "--games"),
    (("--white", "2", "--black", "1", "--games", "two"), "--games"),
    (("--white", "2", "--black", "1", "--games", "2", "--seconds", "0"), "--seconds"),
    (("--white", "2", "--black", "1", "--games", "2", "--seconds", "inf"), "--seconds"),
    (("--white", "2", "--black", "1", "--games", "2", "--board", "triple"), "'triple'"),
    (("--white", "2", "--black", "1", "--games", "2", "--seed", "1.5"), "--seed"),
])
def test_arena_cli_refuses_bad_arguments(args, word):
    result = arena_cli(*args)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and word in lines[0], result.stderr


def test_arena_cli_missing_option_is_status_2():
    result = arena_cli("--white", "2", "--games", "2")
    assert result.returncode == 2 and "--black" in result.stderr


def test_parse_level():
    assert parse_level("max") == MAX_LEVEL == max(LEVELS)
    assert [parse_level(str(level)) for level in LEVELS] == LEVELS
    assert parse_level(" MAX ") == MAX_LEVEL and level_name(MAX_LEVEL) == "max"
    for bad in ("0", "", "-1", str(MAX_LEVEL + 1), True, 1.0):
        with pytest.raises(LevelError):
            parse_level(bad)
