"""The engine's rule tests pass in the page's MicroPython too.

Every ruling's test (tests/engine/test_rulings.py) and the notation's round
trips and refusals (tests/engine/test_notation.py) run there case by case,
by tests/micropython/suite.py with the part of pytest they use
(tests/micropython/stand_in). The transcript (test_same_everywhere.py)
shows MicroPython plays seeded games as CPython does; these show it keeps
each rule where a random game may never go.
"""

from __future__ import annotations

import importlib
import math

import pytest

MODULES = ["tests.engine.test_rulings", "tests.engine.test_notation"]


def expected_cases(module_name: str) -> int:
    """How many cases pytest runs for ``module_name``: each test once per parameter set."""
    module = importlib.import_module(module_name)
    total = 0
    for name in dir(module):
        if name.startswith("test_") and callable(getattr(module, name)):
            marks = [mark for mark in getattr(getattr(module, name), "pytestmark", [])
                     if mark.name == "parametrize"]
            total += math.prod(len(mark.args[1]) for mark in marks)
    return total


def suite(mpy_run, *modules: str):
    return mpy_run("--package", "tests", "tests/micropython/suite.py", *modules, timeout=120)


def test_the_rule_tests_pass_in_micropython(mpy_run):
    done = suite(mpy_run, *MODULES)
    lines = done.stdout.splitlines()
    failures = [line for line in lines if line.startswith("FAIL")]
    assert done.returncode == 0 and not failures, "\n".join(failures) or done.stderr[-3000:]
    for module_name in MODULES:
        ran = [line for line in lines if line.startswith("ok " + module_name + "::")]
        assert len(ran) == expected_cases(module_name), module_name
    assert any("::test_R24_" in line for line in lines)  # the rulings by id, parametrized ones too
    assert lines[-1] == f"{sum(map(expected_cases, MODULES))} passed, 0 failed"


@pytest.mark.parametrize("body, says", [
    ("pass", "FAIL tests.probe::test_probe: Failed DID NOT RAISE ValueError"),
    ("raise ValueError('R4 says no')", "ok tests.probe::test_probe"),
    ("raise ValueError('R5 says no')", "FAIL tests.probe::test_probe: Failed Regex pattern did not match."),
])
def test_the_stand_in_fails_where_pytest_would(mpy_run, body, says):
    """A case that does not raise, or raises the wrong words, fails in MicroPython as in pytest."""
    probe = ("import pytest\n\ndef test_probe():\n"
             "    with pytest.raises(ValueError, match='R4'):\n        " + body + "\n")
    done = mpy_run("--package", "tests", "-c",
                   "import sys\n"
                   "open('/app/tests/probe.py', 'w').write(" + repr(probe) + ")\n"
                   "sys.argv[1:] = ['tests.probe']\n"
                   "exec(open('/app/tests/micropython/suite.py').read())")
    assert done.stdout.splitlines()[0].startswith(says), done.stdout + done.stderr
    assert done.returncode == (0 if says.startswith("ok") else 1)
