"""Every module of the engine and of the page's plain-Python layers imports
under MicroPython: the page runs them there.

The command line (militakiri/cli.py, militakiri/__main__.py) is a CPython
shell (argparse) and is left out.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("militakiri", "web/model", "web/i18n", "web/services")
CPYTHON_ONLY = {"militakiri.cli", "militakiri.__main__"}


def module_names() -> list[str]:
    names = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            name = ".".join(parts)
            if name not in CPYTHON_ONLY:
                names.append(name)
    return names


def test_every_module_imports_under_micropython(mpy_run):
    names = module_names()
    assert len(names) > 50
    script = ("for name in %r:\n"
              "    try:\n"
              "        __import__(name)\n"
              "    except Exception as error:\n"
              "        print('FAIL', name, type(error).__name__, error)\n"
              "print('imported', %d)\n") % (names, len(names))
    done = mpy_run("-c", script)
    assert done.returncode == 0, done.stderr
    failures = [line for line in done.stdout.splitlines() if line.startswith("FAIL")]
    assert not failures, "\n".join(failures)
    assert done.stdout.strip().endswith(f"imported {len(names)}")
