"""Several command lines in one start of Pyodide, each run by the runner's
own Python: ``node tools/pyodide_run.mjs tests/pyodide/batch.py < batch.json``.

A start of Pyodide in Node takes seconds. tools/pyodide_run.mjs is two
halves: its JavaScript reads the arguments, forwards the streams and stdin
and exits with the status its Python half (``_militakiri_run``, the
template RUNNER) returns; that half runs the code, module or file and
turns SystemExit or an uncaught exception into the status and stderr
CPython's command line gives. tests/pyodide/test_pyodide_runs.py starts
the runner for what the JavaScript does; everything else (the Python
half's outcomes, the engine, its command line, a script's output) runs
here, each job through ``_militakiri_run`` with the arguments the
JavaScript would give it.

stdin: JSON ``{"runner": RUNNER, "jobs": [...]}``, RUNNER the text of the
template, each job ``{"argv": [...]}`` with the runner's arguments
(``["-c", CODE, *args]``, ``["-m", MODULE, *args]``, or ``[FILE, *args]``
with the file's text as ``"source"``: the Pyodide file system has no copy
of the repository's files but militakiri/).

stdout: one JSON list, a ``{"returncode", "stdout", "stderr"}`` a job.
"""

import contextlib
import io
import json
import os
import sys

#: Where the runner writes a script file it runs (tools/pyodide_run.mjs).
SCRIPTS = "/tmp/pyodide_run"


def arguments(job: dict) -> tuple:
    """``_militakiri_run``'s arguments for ``job``, as the runner's JavaScript makes them."""
    argv = job["argv"]
    if argv[0] in ("-c", "-m"):
        mode, target, args = argv[0], argv[1], argv[2:]
        return mode, target, ["-c", *args] if mode == "-c" else [target, *args], ""
    source_name = SCRIPTS + "/" + argv[0].replace("\\", "/").rpartition("/")[2]
    with open(source_name, "w", encoding="utf-8") as handle:
        handle.write(job["source"])
    return "file", argv[0], list(argv), source_name


def run(militakiri_run, job: dict) -> dict:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.argv, sys.modules["__main__"], list(sys.path)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = militakiri_run(*arguments(job))
    sys.argv, sys.modules["__main__"], sys.path[:] = saved  # (the runner's process ends here instead)
    return {"returncode": status, "stdout": out.getvalue(), "stderr": err.getvalue()}


def main() -> None:
    given = json.loads(sys.stdin.read())
    runner: dict = {"__builtins__": __builtins__}
    exec(compile(given["runner"], "<pyodide_run>", "exec"), runner)  # as the runner loads it
    os.makedirs(SCRIPTS, exist_ok=True)
    print(json.dumps([run(runner["_militakiri_run"], job) for job in given["jobs"]]))


if __name__ == "__main__":
    main()
