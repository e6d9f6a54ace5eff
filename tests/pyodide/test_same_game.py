"""The engine gives the same game in CPython and in Pyodide (WebAssembly)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Seeded random games on both boards; the script prints one line per game:
# the final position string, the outcome and the number of moves.
GAMES_SCRIPT = """
import random, sys
from militakiri import DOUBLE, SINGLE, Dice, Game, Setup
for seed in range(int(sys.argv[1])):
    rng = random.Random(seed)
    kind = SINGLE if seed % 2 == 0 else DOUBLE
    game = Game.new(kind, Setup.random(kind, rng), Setup.random(kind, rng), Dice.roll(rng))
    while (moves := game.legal_moves()):
        game.play(rng.choice(moves))
    print(game.position.string(), '|', game.outcome(), '|', len(game.tokens))
"""


def test_the_same_random_games_end_in_the_same_position(pyodide_run, tmp_path):
    script = tmp_path / "games.py"
    script.write_text(GAMES_SCRIPT)
    native = subprocess.run([sys.executable, str(script), "6"], capture_output=True, text=True,
                            cwd=str(tmp_path), env={"PYTHONPATH": str(ROOT)})
    assert native.returncode == 0, native.stderr
    wasm = pyodide_run(str(script), "6")
    assert wasm.returncode == 0, wasm.stderr
    native_lines = native.stdout.splitlines()
    assert len(native_lines) == 6 and all(int(line.rsplit("|", 1)[1]) > 20 for line in native_lines)
    assert wasm.stdout.splitlines() == native_lines


def test_the_command_line_runs_under_pyodide(pyodide_run):
    start = pyodide_run("-m", "militakiri", "start", "--white", "Sc Xd Pb", "--black", "Sa Xb Pf")
    assert start.returncode == 0, start.stderr
    position = start.stdout.strip()
    assert pyodide_run("-m", "militakiri", "perft", position, "2").stdout.strip() == "93"
    refused = pyodide_run("-m", "militakiri", "play", position, "c3-c4")
    assert refused.returncode == 2 and "diagonally" in refused.stderr
