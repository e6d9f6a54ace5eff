"""tools/pyodide_run.mjs runs the engine under Pyodide like `python` would."""

from __future__ import annotations

import json

import militakiri


def test_imports_the_engine(pyodide_run):
    res = pyodide_run("-c", "import militakiri, sys, pyodide; "
                            "print(militakiri.__version__); print(militakiri.__file__); "
                            "print(sys.platform, pyodide.__version__)")
    assert res.returncode == 0, res.stderr
    version, path, platform = res.stdout.splitlines()
    assert version == militakiri.__version__
    assert path == "/home/pyodide/militakiri/__init__.py"
    assert platform.startswith("emscripten ")


def test_every_engine_module_imports(pyodide_run):
    code = (
        "import importlib, pathlib, militakiri\n"
        "root = pathlib.Path(militakiri.__file__).parent\n"
        "for p in sorted(root.rglob('*.py')):\n"
        "    if p.name != '__main__.py':\n"
        "        importlib.import_module('.'.join(p.relative_to(root.parent).with_suffix('').parts).removesuffix('.__init__'))\n"
        "print('ok')\n"
    )
    res = pyodide_run("-c", code)
    assert res.returncode == 0, res.stderr
    assert res.stdout == "ok\n"


def test_exit_status_and_streams(pyodide_run):
    res = pyodide_run("-c", "import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)")
    assert (res.returncode, res.stdout, res.stderr) == (3, "out\n", "err\n")

    res = pyodide_run("-c", "raise SystemExit('bye')")
    assert (res.returncode, res.stderr) == (1, "bye\n")

    res = pyodide_run("-c", "1/0")
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


def test_engine_cli_runs_as_a_module(pyodide_run):
    res = pyodide_run("-m", "militakiri", "--help")
    assert res.returncode == 0, res.stderr
    assert "usage:" in res.stdout


def test_script_file_with_args(pyodide_run, tmp_path):
    script = tmp_path / "show.py"
    script.write_text("import sys, militakiri\nprint(sys.argv[1:], __name__)\n")
    res = pyodide_run(str(script), "x", "--y")
    assert res.returncode == 0, res.stderr
    assert res.stdout == "['x', '--y'] __main__\n"


def test_large_output_is_not_lost(pyodide_run):
    res = pyodide_run("-c", "for i in range(200000): print(i)")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert len(lines) == 200000 and lines[-1] == "199999"


def test_seeded_random_agrees_with_cpython(pyodide_run, cpython_run):
    """Same seed, same choices in both runtimes (the base of cross-runtime game tests)."""
    code = (
        "import random\n"
        "r = random.Random(20240601)\n"
        "xs = list(range(50)); r.shuffle(xs)\n"
        "print([r.randrange(1, 7) for _ in range(20)], r.choice('abcdef'), xs, r.random(), r.getrandbits(64))\n"
    )
    py = pyodide_run("-c", code)
    cp = cpython_run("-c", code)
    assert py.returncode == cp.returncode == 0, (py.stderr, cp.stderr)
    assert py.stdout == cp.stdout
