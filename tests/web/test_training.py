"""Learn and Puzzles in the page's model (web/model/training.py): a try at a
lesson's task or a puzzle, judged through the engine, the progress kept and
the puzzle rating."""

from __future__ import annotations

from pathlib import Path

import pytest

from militakiri import SetupDraft, movegen
from militakiri.board import BOARD_KINDS
from militakiri.move import Move
from militakiri.position import Position
from militakiri.randomness import Random
from militakiri.setup import Setup

from web.model.lessons import read_lessons
from web.model.rating import Glicko
from web.model.progress import START_RATING, Progress
from web.model.puzzles import Puzzle, next_puzzle, read_puzzles
from web.model.training import Drill
from web.model.intents import BeginDrill, MovePiece, Touch

DATA = Path(__file__).resolve().parents[2] / "web" / "data"
LESSONS = read_lessons((DATA / "lessons.json").read_text(encoding="utf-8"))
PUZZLES = read_puzzles((DATA / "puzzles.json").read_text(encoding="utf-8"))
TASKS = [task for lesson in LESSONS for task in lesson.tasks]


def play_through(drill: Drill, start: str, tokens) -> list:
    """Play ``tokens`` as the page does: each move, then what the drill says."""
    position = Position.from_string(start)
    played, steps = [], []
    for token in tokens:
        position.play(token)
        played.append(token)
        steps.append(drill.after_move(position, played))
    return steps


@pytest.mark.parametrize("task", [t for t in TASKS if not t.is_setup], ids=lambda t: t.id)
def test_a_lesson_task_played_by_its_solution_is_solved_with_three_stars(task):
    drill = Drill.for_task(task)
    steps = play_through(drill, task.position, task.solution)
    assert [s.status for s in steps] == ["solving"] * (len(steps) - 1) + ["solved"]
    # Each of the player's moves before the end is answered by the solution's reply.
    for i, step in enumerate(steps[:-1]):
        if i % 2 == 0:
            assert step.reply == task.solution[i + 1]
    assert drill.stars() == 3
    drill.hints = 1
    assert drill.stars() == 2


@pytest.mark.parametrize("task", [t for t in TASKS if t.is_setup], ids=lambda t: t.id)
def test_a_set_up_task_is_judged_when_white_s_set_up_is_confirmed(task):
    kind = BOARD_KINDS[task.setup_board]
    draft = SetupDraft(kind, 0)
    for square in SetupDraft.from_setup(Setup.parse(task.solution[0], kind), 0).tower_squares():
        draft.place(square)
    drill = Drill.for_task(task)
    assert drill.setup_done(draft).status == "solved"


def test_every_shipped_puzzle_is_solved_by_its_line_and_failed_by_a_wrong_first_move():
    rng = Random(5)
    assert len([p for p in PUZZLES if p.board == "single"]) >= 300
    assert len([p for p in PUZZLES if p.board == "double"]) >= 100
    for puzzle in PUZZLES:
        steps = play_through(Drill.for_puzzle(puzzle), puzzle.position, puzzle.line)
        assert steps[-1].status == "solved", puzzle.id
        assert all(s.status == "solving" for s in steps[:-1]), puzzle.id
        # The replies the page plays are the line's.
        assert [s.reply for s in steps[:-1:2]] == list(puzzle.line[1::2]), puzzle.id
    for puzzle in rng.sample(PUZZLES, 40):
        position = Position.from_string(puzzle.position)
        others = [t for t in (m.token(position.kind) for m in movegen.legal_moves(position)) if t != puzzle.line[0]]
        if not others:
            continue
        wrong = rng.choice(others)
        step = play_through(Drill.for_puzzle(puzzle), puzzle.position, [wrong])[0]
        position = Position.from_string(puzzle.position).play(wrong)
        won = position.outcome() is not None and position.outcome().winner == puzzle.solver
        assert step.status == ("solved" if puzzle.goal == "win" and won else "failed"), (puzzle.id, wrong)


def test_the_rating_goes_up_when_solved_and_down_when_failed_more_for_a_surprise():
    def change(rating, solved):
        progress = Progress(glicko=Glicko(1500, 100))
        return progress.puzzle_done(Puzzle("p", "single", "x", ("a1-a2",), "tower", rating), solved)
    assert change(1500, True) == -change(1500, False) > 0
    assert change(1900, True) > change(1100, True)
    progress = Progress()
    puzzle = PUZZLES[0]
    first = progress.puzzle_done(puzzle, False)
    assert first < 0 and progress.rating == START_RATING + first
    assert progress.puzzle_done(puzzle, True) is None  # only the first try is rated
    assert progress.puzzles == {puzzle.id: False} and progress.to_retry() == []  # solved since
    assert [row[:2] for row in progress.history] == [(puzzle.id, False)]


def test_a_hint_or_the_solution_leaves_a_puzzle_unrated_and_to_retry():
    """A hint once earned the full gain."""
    progress = Progress()
    assert progress.puzzle_done(PUZZLES[2], True, helped=True) is None
    assert progress.rating == START_RATING and progress.history == []
    assert progress.to_retry() == [PUZZLES[2].id]
    assert progress.puzzle_done(PUZZLES[3], True) > 0
    counts = progress.theme_counts(PUZZLES)
    assert sum(solved + failed for solved, failed in counts.values()) == 3  # three themes of the rated try alone
    again = Progress.read(progress.to_json())
    assert again == progress and again.to_retry() == [PUZZLES[2].id]


def test_a_rating_of_before_the_glicko_rating_is_kept():
    progress = Progress.read('{"rating": 1840, "puzzles": {"s0001": true}}')
    assert progress.rating == 1840 and progress.glicko.deviation == 150 and progress.puzzles == {"s0001": True}


def test_the_next_puzzle_is_near_the_rating_and_not_tried_yet():
    rng = Random(1)
    for rating in (900, 1500, 2100):
        picked = next_puzzle(PUZZLES, rating, set(), "single", rng)
        nearest = sorted(abs(p.rating - rating) for p in PUZZLES if p.board == "single")
        assert abs(picked.rating - rating) <= nearest[7]
    done = {p.id for p in PUZZLES if p.board == "double"}
    last = next(p.id for p in PUZZLES if p.board == "double")
    tried_all = next_puzzle(PUZZLES, 1500, done, "double", rng, after=last)
    assert tried_all is not None and tried_all.id != last  # all tried: again, but not the same


@pytest.mark.parametrize("text", [None, "", "{", "[]", '"x"', '{"rating": "1e9", "stars": []}',
                                  '{"rating": true, "stars": {"a/1": 7, "b/1": 2}, "puzzles": {"s1": 1}}'])
def test_damaged_or_foreign_progress_reads_as_a_fresh_start(text):
    progress = Progress.read(text)
    assert progress.rating == START_RATING
    assert progress.stars in ({}, {"b/1": 2})
    assert progress.puzzles == {}


@pytest.mark.parametrize("glicko, history", [
    ("[1500, 80, 0.09]", "[[\"s1\", true, 1000000000000]]"),
    ("[1500, 80, 0.09]", "[[\"s1\", true, 1" + "0" * 400 + "]]"),
    ("[1500, 80, 0.09]", "[[\"s1\", true, -1000000000]]"),
    ("[1500, 80, 1e-300]", "[]"),
    ("[1e400, 80, 0.09]", "[]"),
    ("[1500, 1e-9, 0.09]", "[]"),
])
def test_progress_with_impossible_numbers_is_read_within_a_ratings_bounds(glicko, history):
    """A bug fixed: a history's rating of 10**12 or 10**400 overflowed the
    plot, -10**9 drew millions of axis ticks, a volatility of 1e-300 made
    every puzzle's rating step fail (a math domain error): the puzzle was
    never judged."""
    from web.model.rankings import history_plot

    progress = Progress.read(f'{{"glicko": {glicko}, "history": {history}, "puzzles": {{"s1": true}}}}')
    assert progress.history == [] and progress.puzzles == {"s1": True}
    assert 100 <= progress.glicko.rating <= 4000 and progress.glicko.volatility >= 0.01
    assert progress.puzzle_done(PUZZLES[1], True) is not None  # judged and rated
    plot = history_plot([START_RATING] + [after for _, _, after in progress.history], 220, 70)
    assert len(plot.ticks) <= 11
    assert len(history_plot([-10 ** 9, 1500], 220, 70).ticks) <= 11  # the plot's own bound


def test_progress_keeps_the_best_stars_and_reads_back():
    progress = Progress()
    progress.award("plus/1", 2)
    progress.award("plus/1", 1)
    progress.award("star/2", 3)
    progress.puzzle_done(PUZZLES[1], True)
    again = Progress.read(progress.to_json())
    assert again == progress and again.stars == {"plus/1": 2, "star/2": 3}


def test_a_lesson_counts_every_refused_move_not_the_taps_on_nothing():
    """R24: a move refused by the rules is a slip (it costs a star, as the
    Learn dialog says), whether or not the engine's sentence names its
    ruling ("f12 is not on a straight line from a1" names none); a tap that
    only says what stands on a field is not."""
    from militakiri.messages import rulings_cited
    from web.model.settings import GameSettings
    from web.model.ui_state import UiState

    task = next(t for t in TASKS if not t.is_setup)
    drill = Drill.for_task(task)
    state = UiState(GameSettings(position=task.position, level=1))
    state.apply(BeginDrill(drill))
    position = Position.from_string(task.position)
    kind = position.kind
    empty = next(kind.square_name(sq) for sq in kind.squares if position.board[sq] is None)
    assert not state.apply(Touch(empty)) and drill.mistakes == 0  # nothing there: said, not counted
    refused: dict[bool, tuple[str, str]] = {}  # by whether the refusal names its ruling
    for origin, targets in sorted(state.destinations().items()):
        for name in (kind.square_name(sq) for sq in kind.squares):
            if name not in targets and name != origin:
                reason = position.refusal(kind.square(origin), kind.square(name))
                refused.setdefault(bool(rulings_cited(str(reason))), (origin, name))
    assert set(refused) == {True, False}, refused
    for count, names_ruling in enumerate((False, True), 1):
        origin, target = refused[names_ruling]
        assert not state.apply(MovePiece(origin, target))
        assert state.message is not None and state.message.level == "warn" and drill.mistakes == count
    state.apply(Touch(empty))  # (the selection let go, or a tap on nothing)
    assert drill.mistakes == 2


def test_share_gives_a_drills_own_address_or_says_what_it_shares():
    """During a lesson Share gave a link to the game the page plays it in
    ("White vs Computer, level 1"): a task and a puzzle are shared by their
    address, a reviewed game's mistake (no address) as its position."""
    from web.model.training import Mistake, MistakeDrill

    task, puzzle = TASKS[0], PUZZLES[0]
    assert (Drill.for_task(task).address(), Drill.for_task(task).shared_as()) == (("learn", task.id), "task")
    assert (Drill.for_puzzle(puzzle).address(), Drill.for_puzzle(puzzle).shared_as()) == (("puzzle", puzzle.id),
                                                                                         "puzzle")
    mistake = MistakeDrill(Mistake(1, 1, 7, puzzle.position, "a1-a2", "a1-a3", -300, "blunder"))
    assert (mistake.address(), mistake.shared_as()) == (None, "position")


def test_a_puzzles_moves_are_numbered_from_one():
    """From a new player's trial: the move list of a lesson or puzzle started
    at move 10 or 14 (the number of the game it was cut from)."""
    from web.model.intents import BeginDrill, NewGame
    from web.model.settings import GameSettings
    from web.model.ui_state import UiState

    puzzle = next(p for p in PUZZLES if Position.from_string(p.position).number > 1)
    drill = Drill.for_puzzle(puzzle)
    state = UiState()
    state.apply(NewGame(GameSettings(board=drill.board, position=drill.position)))
    assert state.first_move_number() == state.game.start.number > 1
    state.apply(BeginDrill(drill))
    assert state.first_move_number() == 1


def test_a_drills_hint_marks_the_piece_to_move_until_a_move_is_made():
    """From a new player's trial: lesson hints were text only."""
    from web.model import board_view
    from web.model.intents import BeginDrill, DrillHint, MovePiece, NewGame
    from web.model.settings import GameSettings
    from web.model.ui_state import UiState

    task = next(task for lesson in LESSONS for task in lesson.tasks if task.position is not None and task.solution)
    drill = Drill.for_task(task)
    state = UiState()
    state.apply(NewGame(GameSettings(board=drill.board, position=drill.position)))
    state.apply(BeginDrill(drill))
    move = Move.from_token(task.solution[0], state.kind)
    origin, target = state.kind.square_name(move.origin), state.kind.square_name(move.target)
    assert state.apply(DrillHint()) and drill.hints == 1
    assert ("hint", origin) in [(mark.kind, mark.field) for mark in board_view.marks(state)]
    state.apply(MovePiece(origin, target))
    assert "hint" not in [mark.kind for mark in board_view.marks(state)]


def test_a_drill_s_reply_and_its_solution_are_played_only_on_the_drill_s_own_game():
    """The page plays a reply a moment after the solver's move and the
    solution move by move: the state decides whether each still belongs
    (the same game, the drill still solved), not the page's timer."""
    from web.model.intents import BeginDrill, DrillReply, GiveUp, JudgeDrill, MovePiece, NewGame, PlaySolution
    from web.model.settings import GameSettings
    from web.model.training import opponent
    from web.model.ui_state import UiState

    puzzle = next(p for p in PUZZLES if len(p.line) >= 2)
    drill = Drill.for_puzzle(puzzle)
    state = UiState()
    state.apply(NewGame(GameSettings(board=drill.board, position=drill.position, computer=opponent(drill))))
    state.apply(BeginDrill(drill))
    game_id = state.game_id
    move = Move.from_token(puzzle.line[0], state.kind)
    assert state.apply(MovePiece(state.kind.square_name(move.origin), state.kind.square_name(move.target)))
    assert state.apply(JudgeDrill()) and drill.step.reply == puzzle.line[1]
    assert not state.apply(DrillReply(drill.step.reply, game_id + 1))  # another game's
    assert state.apply(DrillReply(drill.step.reply, game_id)) and list(state.game.tokens) == list(puzzle.line[:2])
    other = Drill.for_puzzle(puzzle)
    state.apply(NewGame(GameSettings(board=other.board, position=other.position, computer=opponent(other))))
    state.apply(BeginDrill(other))
    assert state.apply(GiveUp()) and not state.apply(DrillReply(puzzle.line[1], state.game_id))  # over
    assert not state.apply(PlaySolution(puzzle.line[0], game_id))  # the earlier game's line
    assert state.apply(PlaySolution(puzzle.line[0], state.game_id))


def test_learn_from_your_mistakes_takes_the_players_marked_moves_and_weighs_a_move_within_the_margin():
    """The marked moves of the player's side become drills; a move
    other than the best is solved when its winning chances are within MARGIN."""
    from hypothesis import given, settings, strategies as st

    from militakiri import Game
    from militakiri.ai.review import chances
    from web.model.review import GameReview
    from web.model.training import MARGIN, MistakeDrill, mistakes_of

    game = Game.from_position("5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1")
    game.play("a1-a2")
    game.play("b2xa2")
    review = GameReview(game)
    for best, score in (("a1xb2", 200), ("b2xa2", 1500), (None, -1500)):
        review.add(best, score)
    (mistake,) = mistakes_of(review, (0, 1))
    assert (mistake.ply, mistake.played, mistake.best, mistake.score) == (1, "a1-a2", "a1xb2", 200)
    assert mistakes_of(review, (1,)) == ()  # Black's move was the best

    @settings(max_examples=60)
    @given(st.integers(-3000, 3000))
    def weighed(score):
        drill = MistakeDrill(mistake)
        assert drill.after_move(game.start.copy().play("a1-a3"), ["a1-a3"]).status == "weighing"
        step = drill.weigh(score)
        assert step.status == ("solved" if chances(-score) >= chances(200) - MARGIN else "failed")
        assert drill.weigh(0).status == step.status  # judged once

    weighed()


def test_a_drill_leaves_neither_its_settings_nor_its_turned_board_to_the_next_game():
    """From a new player's trial: after a puzzle with Blue to move, New game
    offered "Against the computer, you play Blue" (the puzzle's own way of
    playing its replies) and a game between two people then began with the
    board turned, Red's set-up zone at the top."""
    from militakiri.pieces import BLACK, WHITE
    from web.model.intents import BeginDrill, Flip, NewGame
    from web.model.settings import GameSettings
    from web.model.training import opponent
    from web.model.ui_state import UiState

    puzzle = next(p for p in PUZZLES if p.solver == BLACK)
    drill = Drill.for_puzzle(puzzle)
    own = GameSettings(white="Anna", black="Bo", time_control="-")
    state = UiState(own)
    state.apply(NewGame(GameSettings(board=drill.board, position=drill.position, computer=opponent(drill), level=1)))
    state.apply(BeginDrill(drill))
    assert state.flipped and state.settings.computer == WHITE  # the drill's own: its solver at the bottom
    assert state.offered_settings() is own and state.offered_settings().computer is None
    state.apply(NewGame(GameSettings()))  # two people
    assert not state.flipped and state.offered_settings().computer is None
    # A board the player turned stays turned after a drill.
    state.apply(Flip())
    state.apply(NewGame(GameSettings(board=drill.board, position=drill.position, computer=opponent(drill), level=1)))
    state.apply(BeginDrill(drill))
    state.apply(NewGame(GameSettings()))
    assert state.flipped
