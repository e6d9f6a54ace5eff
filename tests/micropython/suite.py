"""Run modules of the engine's own tests in the page's MicroPython.

    node tools/mpy_run.mjs --package tests tests/micropython/suite.py tests.engine.test_rulings ...

Each ``test_*`` function of each module runs once per parameter set, as
pytest would run it, with tests/micropython/stand_in first on the path (the
part of pytest those tests use, and ``random.Random``). One line per case,
``ok ID`` or ``FAIL ID: error``, then ``N passed, M failed``; the exit status
is 1 if any case failed.
"""

import sys

#: Where tools/mpy_run.mjs puts the stand-ins (``--package tests``).
STAND_IN = "/app/tests/micropython/stand_in"


def cases(function):
    """``(id, arguments)`` for each run of ``function``: the product of its parameter sets."""
    runs = [("", {})]
    for names, values in pytest.PARAMETERS.get(function, []):
        expanded = []
        for run_id, arguments in runs:
            for index, value in enumerate(values):
                row = value if len(names) > 1 else (value,)
                merged = dict(arguments)
                for name, item in zip(names, row):
                    merged[name] = item
                expanded.append((run_id + ("-" if run_id else "") + str(index), merged))
        runs = expanded
    return runs


def run(module_name):
    module = __import__(module_name, None, None, ["*"])
    passed = failed = 0
    for name in sorted(dir(module)):
        function = getattr(module, name)
        if not name.startswith("test_") or not callable(function):
            continue
        for run_id, arguments in cases(function):
            case = module_name + "::" + name + ("[" + run_id + "]" if run_id else "")
            try:
                function(**arguments)
            except Exception as error:  # a failing case is reported, the others still run
                failed += 1
                print("FAIL", case + ":", type(error).__name__, error)
            else:
                passed += 1
                print("ok", case)
    return passed, failed


def main(modules):
    passed = failed = 0
    for module_name in modules:
        done = run(module_name)
        passed += done[0]
        failed += done[1]
    print(passed, "passed,", failed, "failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    sys.path.insert(0, STAND_IN)
    import pytest  # the stand-in: first on the path (in CPython this file is only read, as a doctest module)

    main(sys.argv[1:])
