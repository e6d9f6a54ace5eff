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
