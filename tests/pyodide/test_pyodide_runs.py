"""tools/pyodide_run.mjs runs the engine under Pyodide like `python` would.

A start of Pyodide takes seconds. The runner's JavaScript (arguments,
streams, stdin, much output, the exit status) is checked in starts of its
own; the rest (the engine's imports, seeded randomness, the engine's
command line, and how the runner's Python half ends a run that raises)
shares one start, each run by the runner's own Python half with a result
of its own (tests/pyodide/batch.py)."""

from __future__ import annotations

import json

import pytest

import militakiri

IMPORTS = ("import militakiri, sys, pyodide; "
           "print(militakiri.__version__); print(militakiri.__file__); "
           "print(sys.platform, pyodide.__version__)")

EVERY_MODULE = (
    "import importlib, pathlib, militakiri\n"
    "root = pathlib.Path(militakiri.__file__).parent\n"
    "for p in sorted(root.rglob('*.py')):\n"
    "    if p.name != '__main__.py':\n"
    "        importlib.import_module('.'.join(p.relative_to(root.parent).with_suffix('').parts).removesuffix('.__init__'))\n"
    "print('ok')\n"
)

SEEDED_RANDOM = (
    "import random\n"
    "r = random.Random(20240601)\n"
    "xs = list(range(50)); r.shuffle(xs)\n"
    "print([r.randrange(1, 7) for _ in range(20)], r.choice('abcdef'), xs, r.random(), r.getrandbits(64))\n"
)

#: What runs in Pyodide, each as the runner runs it, in one start.
INSIDE = {
    "imports": ["-c", IMPORTS],
    "every module": ["-c", EVERY_MODULE],
    "seeded random": ["-c", SEEDED_RANDOM],
    "engine cli": ["-m", "militakiri", "--help"],
    "exit with a message": ["-c", "raise SystemExit('bye')"],
    "uncaught exception": ["-c", "1/0"],
}


@pytest.fixture(scope="module")
def inside(pyodide_batch) -> dict:
    return dict(zip(INSIDE, pyodide_batch([{"argv": argv} for argv in INSIDE.values()]), strict=True))


def test_imports_the_engine(inside):
    res = inside["imports"]
    assert res.returncode == 0, res.stderr
    version, path, platform = res.stdout.splitlines()
    assert version == militakiri.__version__
    assert path == "/home/pyodide/militakiri/__init__.py"
    assert platform.startswith("emscripten ")


def test_every_engine_module_imports(inside):
    res = inside["every module"]
    assert res.returncode == 0, res.stderr
    assert res.stdout == "ok\n"


def test_engine_cli_runs_as_a_module(inside):
    res = inside["engine cli"]
    assert res.returncode == 0, res.stderr
    assert "usage:" in res.stdout


def test_seeded_random_agrees_with_cpython(inside, cpython_run):
    """Same seed, same choices in both runtimes (the base of cross-runtime game tests)."""
    py = inside["seeded random"]
    cp = cpython_run("-c", SEEDED_RANDOM)
    assert py.returncode == cp.returncode == 0, (py.stderr, cp.stderr)
    assert py.stdout == cp.stdout


# The runner's own process ----------------------------------------------------------

#: A script file with arguments that writes much, to both streams, and exits 3:
#: argv and __name__, the exit status, the two streams kept apart, and
#: 200,000 lines written just before the exit, none lost.
SCRIPT = ("import sys, militakiri\n"
          "print(sys.argv[1:], __name__)\n"
          "for i in range(200000): print(i)\n"
          "print('err', file=sys.stderr)\n"
          "sys.exit(3)\n")
SCRIPT_OUT = "['x', '--y'] __main__\n" + "".join(f"{i}\n" for i in range(200000))


@pytest.fixture(scope="module")
def script_run(pyodide_run, tmp_path_factory):
    script = tmp_path_factory.mktemp("script") / "show.py"
    script.write_text(SCRIPT)
    return pyodide_run(str(script), "x", "--y")


def test_script_file_with_args(script_run):
    res = script_run
    assert res.returncode == 3, res.stderr
    assert res.stdout.splitlines()[0] == "['x', '--y'] __main__"


def test_large_output_is_not_lost(script_run):
    res = script_run
    assert res.returncode == 3, res.stderr
    lines = res.stdout.splitlines()[1:]
    assert len(lines) == 200000 and lines[-1] == "199999"


def test_exit_status_and_streams(script_run, inside):
    res = script_run
    assert (res.returncode, res.stderr) == (3, "err\n")
    alone = res.stdout == SCRIPT_OUT  # (no diff of 200,000 lines when it fails)
    assert alone, "stdout is not what the script wrote to it, or not that alone"

    # The status and stderr of these come from the runner's Python half;
    # its JavaScript exits with that status as with the 3 above.
    res = inside["exit with a message"]
    assert (res.returncode, res.stderr) == (1, "bye\n")

    res = inside["uncaught exception"]
    assert res.returncode == 1
    assert res.stderr.startswith("Traceback (most recent call last):")
    assert res.stderr.rstrip().endswith("ZeroDivisionError: division by zero")
    assert "pyodide_run" not in res.stderr


def test_module_mode_argv_and_stdin(pyodide_run):
    # Like `python -m json.tool --sort-keys`: argv after the module reach it, stdin is readable.
    res = pyodide_run("-m", "json.tool", "--sort-keys", input='{"b": 1, "a": [2]}')
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout) == {"a": [2], "b": 1}
    assert res.stdout.index('"a"') < res.stdout.index('"b"')
