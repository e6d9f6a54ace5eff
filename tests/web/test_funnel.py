"""The page's controllers (web/ui) change the state only through
``UiState.apply(intent)``: none assigns to the state or to what it holds,
none calls what changes it another way, and UiState's public methods only
ask. docs/architecture.md says who may write what; this keeps it so."""

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
    assert not found, "controllers write the model (use state.apply(intent)):\n" + "\n".join(found)


MODEL = UI.parent / "model"
#: The state's classes: UiState (the flow) on its Core (the fields every mode shares).
STATE_CLASSES = {"UiState": MODEL / "ui_state.py", "Core": MODEL / "core.py"}
#: What the intents run: the flow's handlers and each mode's.
HANDLER_MODULES = [MODEL / "ui_state.py", *sorted((MODEL / "modes").glob("*.py"))]
#: What a controller may call on what it reaches through the state: questions only.
READS = {"replay.shown", "replay.last_token", "settings.control", "settings.rematch", "setup.draft.is_complete",
         "game.start.string", "kind.square", "kind.square_name", "stars", "task.text",
         "address", "shared_as",  # (what a drill's address and Share give)
         "now", "wall",  # (the clocks the state reads)
         "again"}  # (a new Drill for the next try, begun by the BeginDrill intent)


def _state_classes() -> list[ast.ClassDef]:
    found = []
    for name, path in STATE_CLASSES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == name]
    assert len(found) == len(STATE_CLASSES)
    return found


def _ui_state_methods() -> tuple[set[str], set[str]]:
    """The state's public methods, and what the intents run: the names the
    handler tables of the flow and the modes call."""
    public = {node.name for cls in _state_classes() for node in cls.body
              if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")}
    handlers: set[str] = set()
    for path in HANDLER_MODULES:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            target = node.target if isinstance(node, ast.AnnAssign) else \
                node.targets[0] if isinstance(node, ast.Assign) else None
            if isinstance(target, ast.Name) and target.id.endswith("HANDLERS") and node.value is not None:
                handlers |= {call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
                             for call in ast.walk(node.value) if isinstance(call, ast.Call)}
    return public, handlers


def calls_through_the_model(source: str) -> list[tuple[int, str]]:
    """Each call a controller makes on the state or what it reaches through
    it, as ``state.x.y`` (or ``drill.y``).

    >>> calls_through_the_model("self.app.state.apply(Flip())\\nstate.game.play('c3-d4')\\ndrill.hinted()")
    [(1, 'state.apply'), (2, 'state.game.play'), (3, 'drill.hinted')]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            chain = _chain(node.func)
            if "state" in chain[:-1]:
                found.append((node.lineno, ".".join(chain[chain.index("state"):])))
            elif chain[:1] == ["drill"]:
                found.append((node.lineno, ".".join(chain)))
    return sorted(found)


def test_controllers_change_the_state_only_by_intents():
    """The one way: ``state.apply(intent)``. Besides it, a controller asks
    the state's public questions and a few of its parts' (READS)."""
    public, _ = _ui_state_methods()
    found = []
    for path in sorted(UI.glob("*.py")):
        for line, call in calls_through_the_model(path.read_text(encoding="utf-8")):
            name = call.removeprefix("state.").removeprefix("drill.")
            if not (name == "apply" or (call.startswith("state.") and name in public) or name in READS):
                found.append(f"web/ui/{path.name}:{line}: {call}")
    assert not found, "controllers change the state around UiState.apply:\n" + "\n".join(found)


def test_the_states_public_methods_only_ask():
    """Every change is an intent's handler: no public method of the state
    (apply aside) assigns to the state or runs a handler."""
    public, handlers = _ui_state_methods()
    assert {"touch", "move_piece", "_new_game", "judge", "take_back"} <= handlers
    found = []
    for cls in _state_classes():
        for method in cls.body:
            if not isinstance(method, ast.FunctionDef) or method.name not in public or method.name == "apply":
                continue
            for node in ast.walk(method):
                targets = node.targets if isinstance(node, ast.Assign) else \
                    [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
                if any(isinstance(t, ast.Attribute) and _chain(t)[:1] == ["self"] for t in targets):
                    found.append(f"{method.name}: assigns {ast.unparse(targets[0])}")
                if isinstance(node, ast.Call):
                    called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                    if called in handlers:
                        found.append(f"{method.name}: runs {called}")
    assert not found, found
