"""The page's controllers (web/ui) change the model only through its
methods (UiState's, Drill's): none assigns to the state or to what it holds.
docs/architecture.md says who may write what; this keeps it so."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "web" / "ui"
#: Names a controller binds to the model or to part of it.
MODEL_NAMES = {"state", "drill"}


def _chain(node: ast.expr) -> list[str]:
    """``self.app.state.review`` -> ['self', 'app', 'state', 'review']."""
    names: list[str] = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        names.append(node.id)
    return names[::-1]


def writes_to_the_model(source: str) -> list[tuple[int, str]]:
    """Each assignment in ``source`` whose target is an attribute of the
    model: ``state.x = ...``, ``self.state.x = ...``, ``drill.x += ...``.

    >>> writes_to_the_model("self.state.review = None\\nself.renderer.drag = None\\ndrill.hints += 1")
    [(1, 'self.state.review'), (3, 'drill.hints')]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute):
                    chain = _chain(part)
                    # the model itself, or anything reached through it
                    if chain[:1] and (chain[0] in MODEL_NAMES or "state" in chain[1:-1]):
                        found.append((node.lineno, ".".join(chain)))
                        break
    return found


def test_the_finder_finds_what_it_should():
    assert writes_to_the_model("state.message = None") == [(1, "state.message")]
    assert writes_to_the_model("self.app.state.drill.status = 'failed'") == [(1, "self.app.state.drill.status")]
    assert writes_to_the_model("self.state = UiState()\nself._keys[0] = None") == []


def test_no_controller_writes_the_model():
    found = [f"web/ui/{path.name}:{line}: {target}"
             for path in sorted(UI.glob("*.py"))
             for line, target in writes_to_the_model(path.read_text(encoding="utf-8"))]
    assert not found, "controllers write the model (use a UiState method):\n" + "\n".join(found)
