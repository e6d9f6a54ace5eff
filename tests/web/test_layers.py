"""web/'s folders are its layers (docs/architecture.md): each module imports
the engine, the standard library, the browser (``pyscript``, ``js``; in
``ui`` and ``main.py`` only) and the page's folders below its own, never
one above it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.layering import find_cycle, layers, scan

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
#: Bottom to top. ``boot`` is the start's plumbing: main.py installs it first.
LAYERS = ("i18n", "model", "services", "ui", "boot", "main")
MODULES = sorted(WEB.rglob("*.py"))


def _layer(path: Path) -> str:
    parts = path.relative_to(WEB).parts
    return "main" if parts == ("main.py",) else parts[0] if len(parts) > 1 else "package"


def _page_imports(path: Path) -> list[tuple[int, str]]:
    """(line, layer) of every import of a page module, at any depth of the file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else \
            [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        for name in names:
            parts = name.split(".")
            if parts[0] == "web" and len(parts) > 1:
                found.append((node.lineno, parts[1]))
    return found


def test_every_module_is_in_a_layer():
    assert {_layer(path) for path in MODULES} == set(LAYERS[:-2]) | {"boot", "main", "package"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(WEB).as_posix())
def test_a_module_imports_only_layers_below_its_own(path):
    layer = _layer(path)
    if layer == "package":
        assert not _page_imports(path)
        return
    mine = LAYERS.index(layer)
    above = [f"{path.relative_to(ROOT)}:{line} imports web.{other}"
             for line, other in _page_imports(path) if other not in LAYERS or LAYERS.index(other) > mine]
    assert not above, above


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(WEB).as_posix())
def test_only_ui_and_main_touch_the_browser(path):
    if _layer(path) in ("ui", "main", "boot"):
        return
    tree = ast.parse(path.read_text(encoding="utf-8"))
    browser = [node.lineno for node in ast.walk(tree)
               if isinstance(node, (ast.Import, ast.ImportFrom))
               and any(name.split(".")[0] in ("pyscript", "js", "pyodide")
                       for name in ([node.module or ""] if isinstance(node, ast.ImportFrom)
                                    else [alias.name for alias in node.names]))]
    assert not browser, f"{path.relative_to(ROOT)} imports the browser at lines {browser}"


# Module by module: no cycle, no hidden import ------------------------------------------
# The engine's rule (tests/engine/test_layers.py) for the page's modules too: an
# import under ``if TYPE_CHECKING`` or in a function is an edge of the graph all
# the same, and it hid the one circle the page's state had (its intents, the
# computer's decisions and the state importing each other).

def test_no_module_of_the_page_is_in_an_import_cycle():
    graph, _ = scan(WEB)
    assert len(graph) > 40
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_page_imports_only_at_module_level():
    _, hidden = scan(WEB)
    assert not hidden, "imports that hide the layering:\n" + "\n".join(hidden)


def test_the_state_s_modes_sit_between_its_core_and_its_flow():
    graph, _ = scan(WEB)
    order = {name: i for i, layer in enumerate(layers(graph)) for name in layer}
    modes = [name for name in graph if name.startswith("web.model.modes.")]
    assert len(modes) >= 6
    for mode in modes:
        assert order["web.model.core"] < order[mode] < order["web.model.ui_state"], mode
    assert "web.model.ui_state" not in graph["web.model.intents"]
