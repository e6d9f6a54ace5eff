"""The computer opponent: levels from beginner to strong.

Levels (:data:`~.levels.LEVELS`, a ladder measured by bench/ladder.py:
docs/ladder.md; ``"max"`` names the strongest):

1. *random* — a random move, but a sensible one: it takes the last enemy
   tower when it can and never leaves a tower of its own to be taken when
   another move does not (on the double board, nor its pawns and ranks:
   :data:`~.play.KEEPS_EVERY_PIECE`); any other move is as likely as the next.
2. *casual* — the greedy level's move one time in four (in ten, three on
   the double board), else level 1's.
3. *greedy* — the move with the best static evaluation
   (:func:`~.evaluation.evaluate`) one move ahead.
4-7. *search-1* to *search-4* — the search of level 8 with a node budget
   a move, each board its own (:data:`~.levels.SEARCH_NODES`: 200 to 8,000
   positions on the single board, 600 to 6,500 on the double), so it plays
   the same on every machine.
8. *alpha-beta* (``max``) — iterative deepening negamax alpha-beta with
   principal-variation search, a Zobrist-hashed transposition table, move
   ordering (hash move, takes by most valuable victim / least valuable
   attacker, killer moves, history), and a quiescence search over takes; it
   stops at a time budget (or at a depth or node budget, which makes it
   deterministic) and returns the best move of the last completed depth —
   or a move that beat it with a full search in the depth cut short (at
   depth 1, the best move searched so far). The time is checked every 64
   nodes; a new depth is not begun after 45 % of the budget, as it would
   rarely finish. Null-move pruning and late-move reductions are on
   (:class:`~.search.Searcher`), measured to help; a position the game or
   the line has been in scores as a draw, so the side ahead makes progress.

Why alpha-beta and not MCTS: measured with ``bench/ai.py --mcts N`` (a UCT
player written there, at the same time per move). At 0.5 s a move alpha-beta
won 8 of 8 games against UCT with 8-ply random playouts judged by
:func:`~.evaluation.evaluate` (~800 playouts a move) and 8 of 8 against UCT judging
leaves by the evaluation alone (~1,800 a move). Pure Python generates moves
at ~40 µs a position, so MCTS sees too few lines to find the tactics that
decide this game: a tower is lost to any piece that can take it, even a pawn,
and the search to depth 4-6 with takes resolved sees those; the playouts
do not.

Every random choice comes from a :class:`militakiri.randomness.Random`
passed in, or made from an int seed (no global random), so a seed replays a
game, the same in CPython, Pyodide and MicroPython; the time-budgeted search
alone depends on the machine's speed — give ``depth`` or ``nodes`` (and
``seconds=None``) for a result that is the same everywhere.

The modules, each importing only those before it, and every rule from
the engine (moves, takes, reach and the ends of the game are movegen's and
PositionState's; nothing here says again what the rules say):

- :mod:`.levels`: the level list and its parsing. Importing it loads
  nothing else, so the page's settings use it without the search;
- :mod:`.evaluation`: the static evaluation;
- :mod:`.zobrist`: position hashes for the transposition table;
- :mod:`.search`: the alpha-beta search (:class:`~.search.Searcher`);
- :mod:`.play`: what each level plays, the API of the browser's worker and
  the command line: position strings in, tokens out, seeds as ints::

    choose_token(position_string, level, seed, seconds=1.0)  # "c3-d4"
    choose_setup("single", level, seed).text()                # "Sc Xd Pb"
    hint(position_string, seconds=1.0)                        # max's token
    analyse(position_string, seconds=1.0)  # {token, score, depth, nodes, seconds, pv}

- :mod:`.arena`: whole games between levels.

>>> from militakiri.ai.play import analyse, choose_token
>>> start = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
...          "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
>>> choose_token(start, level=3, rng=1)  # greedy
'c3-d4'
>>> analyse(start, depth=2)["depth"]
2
"""

from .levels import LEVELS, MAX_LEVEL, LevelError, level_name, parse_level

__all__ = ["LEVELS", "MAX_LEVEL", "LevelError", "level_name", "parse_level"]
