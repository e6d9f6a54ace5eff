"""The engine is pure Python: standard library only, no browser imports."""

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "militakiri"
BROWSER_MODULES = {"js", "pyodide", "pyscript", "micropython"}


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engine_imports_only_the_standard_library():
    files = sorted(PACKAGE.glob("*.py"))
    assert len(files) > 5
    for path in files:
        modules = imported_modules(path)
        assert not modules & BROWSER_MODULES, f"{path.name} imports {modules & BROWSER_MODULES}"
        outside = {m for m in modules if m not in sys.stdlib_module_names and m != "militakiri"}
        assert not outside, f"{path.name} imports {outside}, not in the standard library"


def test_the_check_sees_a_browser_import(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("def f():\n    from pyodide.ffi import to_js\n")
    assert "pyodide" in imported_modules(sneaky)


def test_no_annotation_names_the_termination_object_as_a_type():
    """``Termination`` is an object of string constants (no enum in
    MicroPython), not a class: an end is annotated ``TerminationName``."""
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            annotations = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
                annotations = [arg.annotation for arg in arguments] + [node.returns]
            elif isinstance(node, ast.AnnAssign):
                annotations = [node.annotation]
            for annotation in filter(None, annotations):
                if any(isinstance(n, ast.Name) and n.id == "Termination" for n in ast.walk(annotation)):
                    wrong.append(f"{path.name}:{annotation.lineno}")
    assert not wrong, wrong
