"""An import graph read from the source (``ast``, never importing): the
layers of a package, its cycles, and the imports that hide an edge (in a
function, a class body or under ``if TYPE_CHECKING``). The engine's and the
page's layer tests (tests/engine/test_layers.py, tests/web/test_layers.py)
share it."""

from __future__ import annotations

import ast
from pathlib import Path

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


def private_uses(root: Path) -> list[str]:
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
