"""The engine is layered: no import cycle, and no import hidden in a body.

Every module of ``militakiri/`` is parsed (never imported) and its
module-level imports make the graph. A cycle fails, naming it. So does an
import inside a function, method or class body, or under ``if
TYPE_CHECKING`` (but of ``typing`` itself): such an import hides an edge of the graph (usually the one
that would close a cycle), and in the hottest paths it costs time on every
call. ``importlib.import_module`` and ``__import__`` hide edges too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.layering import find_cycle, layers, modules, private_uses, scan

PACKAGE = Path(__file__).resolve().parents[2] / "militakiri"

#: Modules allowed imports in a body, each with the reason. None today:
#: militakiri/cli.py imports the search at the top (cheap, and the command
#: line is never loaded in the browser).
EXEMPT: dict[str, str] = {}

# The engine ---------------------------------------------------------------------


def test_the_engine_has_no_import_cycle():
    graph, _ = scan(PACKAGE)
    assert len(graph) > 10
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_engine_imports_only_at_module_level():
    _, hidden = scan(PACKAGE)
    exempt = {f"militakiri.{name}" for name in EXEMPT}
    hidden = [h for h in hidden if h.split(":")[0] not in exempt]
    assert not hidden, "imports that hide the layering:\n" + "\n".join(hidden)


def test_every_exemption_is_a_module_with_a_reason():
    names = modules(PACKAGE)
    for name, reason in EXEMPT.items():
        assert f"militakiri.{name}" in names and reason.strip()


def test_the_layers_put_values_at_the_bottom_and_codecs_above_game():
    graph, _ = scan(PACKAGE)
    assert find_cycle(graph) is None
    order = {name: i for i, layer in enumerate(layers(graph)) for name in layer}
    below = lambda a, b: order[f"militakiri.{a}"] < order[f"militakiri.{b}"]  # noqa: E731
    for bottom in ("errors", "pieces", "messages"):
        assert below(bottom, "state")
    assert below("state", "movegen") and below("movegen", "explain")
    assert below("explain", "position") and below("notation", "position")
    assert below("position", "game") and below("game", "link")


def test_no_module_uses_another_modules_private_names():
    """The AI, the codecs and the command line ask the rules through their
    public names: a private name of movegen used elsewhere is a rule written
    around its owner (the AI once built its takes on movegen._rays)."""
    assert not private_uses(PACKAGE)


def test_the_computer_sits_above_the_rules_and_its_levels_import_alone():
    graph, _ = scan(PACKAGE)
    order = {name: i for i, layer in enumerate(layers(graph)) for name in layer}
    assert order["militakiri.ai.search"] > order["militakiri.position"] > order["militakiri.movegen"]
    assert graph["militakiri.ai.levels"] <= {"militakiri.errors", "militakiri.bounded", "militakiri.messages"}
    assert graph["militakiri.ai"] == {"militakiri.ai.levels"}


# The checks themselves ----------------------------------------------------------


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "pkg"
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source)
    return root


def test_an_import_in_a_function_still_closes_a_cycle(tmp_path):
    root = _package(tmp_path, {
        "__init__.py": "",
        "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n",
        "b.py": "from . import a\n",
    })
    graph, hidden = scan(root)
    assert sorted(find_cycle(graph)[1:]) == ["pkg.a", "pkg.b"] and len(hidden) == 1


def test_the_check_sees_a_cycle_through_a_package_import(tmp_path):
    root = _package(tmp_path, {
        "__init__.py": "from .b import B\n",
        "a.py": "from . import b\n",
        "b.py": "import pkg.c\nB = 1\n",
        "c.py": "from pkg.a import x\n",
        "d.py": "from . import B\n",  # from the package: d -> pkg -> b, no cycle
    })
    graph, hidden = scan(root)
    assert graph["pkg.d"] == {"pkg"} and not hidden
    cycle = find_cycle(graph)
    assert cycle[0] == cycle[-1] and sorted(cycle[1:]) == ["pkg.a", "pkg.b", "pkg.c"]


def test_the_check_sees_a_private_name_taken_from_another_module(tmp_path):
    root = _package(tmp_path, {
        "__init__.py": "",
        "a.py": "from .b import _rays\nfrom . import b\nx = b._takes\ny = b.public\n",
        "b.py": "_rays = _takes = public = 1\n",
    })
    assert private_uses(root) == ["pkg.a:1 _rays", "pkg.a:3 b._takes"]


@pytest.mark.parametrize("source, where", [
    ("def f():\n    from . import b\n", "pkg.a:2 import in a function (f)"),
    ("class C:\n    def f(self):\n        import json\n", "pkg.a:3 import in a function (C.f)"),
    ("class C:\n    import json\n", "pkg.a:2 import in a class body (C)"),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n",
     "pkg.a:3 import under if TYPE_CHECKING"),
    ("import importlib\nm = importlib.import_module('pkg.b')\n", "pkg.a:2 import_module() call"),
])
def test_the_check_sees_a_hidden_import(tmp_path, source, where):
    graph, hidden = scan(_package(tmp_path, {"__init__.py": "", "a.py": source, "b.py": ""}))
    assert hidden == [where]


def test_a_module_level_try_or_if_import_is_an_edge(tmp_path):
    source = "try:\n    from . import b\nexcept ImportError:\n    b = None\nif True:\n    from . import c\n"
    graph, hidden = scan(_package(tmp_path, {"__init__.py": "", "a.py": source, "b.py": "", "c.py": ""}))
    assert graph["pkg.a"] == {"pkg.b", "pkg.c"} and not hidden
