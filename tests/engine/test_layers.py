"""The engine is layered: no import cycle, and no import hidden in a body.

Every module of ``militakiri/`` is parsed (never imported) and its
module-level imports make the graph. A cycle fails, naming it. So does an
import inside a function, method or class body, or under ``if
TYPE_CHECKING`` (but of ``typing`` itself): such an import hides an edge of the graph (usually the one
that would close a cycle), and in the hottest paths it costs time on every
call. ``importlib.import_module`` and ``__import__`` hide edges too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "militakiri"

#: Modules allowed imports in a body, each with the reason. None today:
#: militakiri/cli.py imports the search at the top (cheap, and the command
#: line is never loaded in the browser).
EXEMPT: dict[str, str] = {}

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path) -> dict[str, Path]:
    """``{dotted name: path}`` of every module of the package at ``root``."""
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports_typing(node: ast.Import | ast.ImportFrom) -> bool:
    if isinstance(node, ast.ImportFrom):
        return node.module == "typing" and not node.level
    return all(alias.name == "typing" for alias in node.names)


def _resolve(node: ast.Import | ast.ImportFrom, name: str, is_package: bool,
             known: dict[str, Path]) -> set[str]:
    """The package's own modules that ``node`` (in module ``name``) imports."""
    top = next(iter(known), "").split(".")[0]
    targets = set()
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name == top or alias.name.startswith(top + "."):
                targets.add(alias.name)
        return targets & set(known)
    if node.level:
        package = name if is_package else name.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{node.module}" if node.module else package
    else:
        base = node.module or ""
    if base != top and not base.startswith(top + "."):
        return set()
    # ``from . import movegen`` imports the module; ``from . import Game``
    # (a name of the package's __init__) imports the package itself.
    submodules = {f"{base}.{alias.name}" for alias in node.names} & set(known)
    names_from_base = len(submodules) < len(node.names)
    if names_from_base or node.module:
        targets.add(base)
    return (targets | submodules) & set(known)


def scan(root: Path) -> tuple[dict[str, set[str]], list[str]]:
    """The import graph, and the hidden imports (``module:line where``).

    The graph has every import, hidden ones too: an import in a function or
    under ``if TYPE_CHECKING`` closes a cycle as surely as one at the top.
    """
    known = modules(root)
    graph: dict[str, set[str]] = {name: set() for name in known}
    hidden: list[str] = []
    for name, path in known.items():
        tree = ast.parse(path.read_text(), str(path))
        is_package = path.name == "__init__.py"

        def visit(node: ast.AST, where: str | None, scope: str,
                  name: str = name, is_package: bool = is_package) -> None:  # this module's
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                # ``typing`` under ``if TYPE_CHECKING`` is for the type checker
                # alone: MicroPython has no typing module (docs/architecture.md).
                typing_only = where == "under if TYPE_CHECKING" and _imports_typing(node)
                if where is not None and not typing_only:
                    hidden.append(f"{name}:{node.lineno} import {where}")
                graph[name] |= _resolve(node, name, is_package, known)
                return
            if isinstance(node, ast.Call):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called in ("import_module", "__import__"):
                    hidden.append(f"{name}:{node.lineno} {called}() call")
            if isinstance(node, ast.If) and _is_type_checking(node.test):
                for child in node.body:
                    visit(child, where or "under if TYPE_CHECKING", scope)
                for child in node.orelse:
                    visit(child, where, scope)
                return
            if isinstance(node, _SCOPES):
                scope = f"{scope}.{getattr(node, 'name', 'lambda')}".lstrip(".")
                kind = "in a class body" if isinstance(node, ast.ClassDef) else "in a function"
                where = f"{kind} ({scope})"
            for child in ast.iter_child_nodes(node):
                visit(child, where, scope)

        visit(tree, None, "")
        graph[name].discard(name)
    return graph, hidden


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as ``[a, b, ..., a]``, or ``None``."""
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = walk(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = walk(node)
            if found:
                return found
    return None


def layers(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules by layer: each imports only from layers before its own."""
    level: dict[str, int] = {}

    def depth(node: str) -> int:
        if node not in level:
            level[node] = 1 + max((depth(n) for n in graph[node]), default=-1)
        return level[node]

    result: list[list[str]] = []
    for node in sorted(graph):
        d = depth(node)
        result += [[] for _ in range(d + 1 - len(result))]
        result[d].append(node)
    return result


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


def _private_uses(root: Path) -> list[str]:
    """``module:line name`` for each private name (``_x``) one module takes
    from another: ``from .movegen import _rays`` or ``movegen._rays``."""
    known = modules(root)
    found = []
    for name, path in known.items():
        tree = ast.parse(path.read_text(), str(path))
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    imported.add(alias.asname or alias.name)
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.append(f"{name}:{node.lineno} {alias.name}")
            elif isinstance(node, ast.Import):
                imported.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in imported and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                found.append(f"{name}:{node.lineno} {node.value.id}.{node.attr}")
    return found


def test_no_module_uses_another_modules_private_names():
    """The AI, the codecs and the command line ask the rules through their
    public names: a private name of movegen used elsewhere is a rule written
    around its owner (the AI once built its takes on movegen._rays)."""
    assert not _private_uses(PACKAGE)


def test_the_computer_sits_above_the_rules_and_its_levels_import_alone():
    graph, _ = scan(PACKAGE)
    order = {name: i for i, layer in enumerate(layers(graph)) for name in layer}
    assert order["militakiri.ai.search"] > order["militakiri.position"] > order["militakiri.movegen"]
    assert graph["militakiri.ai.levels"] <= {"militakiri.errors", "militakiri.bounded"}
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
    assert _private_uses(root) == ["pkg.a:1 _rays", "pkg.a:3 b._takes"]


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
