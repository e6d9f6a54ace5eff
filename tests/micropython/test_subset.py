"""The engine and the page's plain-Python layers use only what MicroPython has.

What MicroPython lacks is measured, not listed by hand: the test asks the
page's MicroPython (in Node) for the names of its builtins, of the methods
of its built-in types and of every standard module the code imports, and
compares them with this CPython's. Then every module is parsed (never
imported) and these fail, with file and line:

- an import of a module MicroPython does not have, or of a name it lacks
  (typing's names only under ``if TYPE_CHECKING:``; ``__future__`` and
  ``typing`` themselves are the one-line modules of web/boot/micropython);
- ``module.name`` for an imported standard module that lacks ``name``;
- a builtin MicroPython lacks (``vars``, ``format``, ``RecursionError`` ...);
- ``x.name`` where ``name`` is a method CPython's built-in types have and
  MicroPython's lack (``str.ljust``, ``int.bit_length`` ...), unless the
  project defines that name itself;
- syntax MicroPython does not parse or runs differently: ``match``,
  positional-only parameters, ``*``/``**`` unpacking inside a display,
  ``metaclass=``, ``__init_subclass__``.

What cannot be seen in the source (dict order, ``isinstance(True, int)``)
is caught by the transcripts of tests/micropython/test_same_everywhere.py.
"""

from __future__ import annotations

import ast
import builtins
import json
from pathlib import Path

import pytest

from tests.micropython.test_imports import CPYTHON_ONLY, PACKAGES, ROOT

TYPES = ("str", "bytes", "bytearray", "list", "dict", "tuple", "set", "frozenset", "int", "float")
#: The one-line modules of web/boot/micropython: imported only as the subset allows.
STUBBED = {"__future__", "typing"}
#: The browser's modules: ``js`` (the page's global scope) and PyScript's, whose
#: names are the browser's, not MicroPython's.
BROWSER = {"js", "pyscript", "pyscript.ffi"}
#: The browser shell, checked as the layers below it (the page runs there).
SHELL = ("web/ui", "web/main.py")


def sources() -> dict[str, Path]:
    found = {}
    for package in PACKAGES + SHELL:
        paths = [ROOT / package] if package.endswith(".py") else sorted((ROOT / package).rglob("*.py"))
        for path in paths:
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            if name not in CPYTHON_ONLY:
                found[name] = path
    return found


def imported_stdlib(trees: dict[str, ast.Module]) -> set[str]:
    names = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module)
    return {name for name in names
            if name.split(".")[0] not in ("militakiri", "web") and name not in STUBBED | BROWSER}


@pytest.fixture(scope="module")
def trees() -> dict[str, ast.Module]:
    return {name: ast.parse(path.read_text(), str(path)) for name, path in sources().items()}


@pytest.fixture(scope="module")
def micropython_names(mpy_run, trees) -> dict:
    """``{"builtins": [...], "lacking": {type: [CPython's methods it lacks]},
    "modules": {module: [...] or None}}`` (hasattr for the types' methods:
    MicroPython's ``dir`` leaves out some it has, such as ``bytes.fromhex``)."""
    modules = sorted(imported_stdlib(trees))
    methods = {name: sorted(m for m in dir(getattr(builtins, name)) if not m.startswith("_")) for name in TYPES}
    script = (
        "import json, builtins\n"
        "found = {'builtins': dir(builtins), 'lacking': {}, 'modules': {}}\n"
        f"for name, methods in {methods!r}.items():\n"
        "    kind = getattr(builtins, name)\n"
        "    found['lacking'][name] = [m for m in methods if not hasattr(kind, m)]\n"
        f"for name in {modules!r}:\n"
        "    try:\n"
        "        module = __import__(name)\n"
        "        for part in name.split('.')[1:]:\n"
        "            module = getattr(module, part)\n"
        "        found['modules'][name] = dir(module)\n"
        "    except ImportError:\n"
        "        found['modules'][name] = None\n"
        "print(json.dumps(found))\n")
    done = mpy_run("-c", script)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def project_names(trees: dict[str, ast.Module]) -> set[str]:
    """Every attribute name the project defines: methods, class attributes,
    attributes set on objects and ``__slots__`` entries (so ``lesson.title``
    is the project's own, while a module-level ``def bit_length`` does not
    make ``n.bit_length()`` one)."""
    names = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        names.add(item.name)
                    elif isinstance(item, (ast.Assign, ast.AnnAssign)):
                        targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                        names |= {target.id for target in targets if isinstance(target, ast.Name)}
                        if any(isinstance(t, ast.Name) and t.id == "__slots__" for t in targets):
                            names |= {c.value for c in ast.walk(item.value)
                                      if isinstance(c, ast.Constant) and isinstance(c.value, str)}
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
    return names


def _never_run(tree: ast.Module) -> set[int]:
    """ids of the nodes MicroPython never runs: under ``if TYPE_CHECKING:``,
    and annotations (never evaluated there; in CPython only by a type checker,
    with ``from __future__ import annotations``)."""
    hidden = set()
    for node in ast.walk(tree):
        annotations = []
        if isinstance(node, ast.arg) and node.annotation:
            annotations.append(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns:
            annotations.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            annotations.append(node.annotation)
        for annotation in annotations:
            hidden |= {id(sub) for sub in ast.walk(annotation)}
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for child in node.body:
                hidden |= {id(sub) for sub in ast.walk(child)}
    return hidden


def problems(trees: dict[str, ast.Module], mp: dict, paths: dict[str, str]) -> list[str]:
    """``path:line: what`` for each use of what MicroPython lacks (``paths``: module -> shown path)."""
    # A name counts only where no built-in type has it in MicroPython: the
    # source does not say which type ``x`` in ``x.name`` is (bytes.fromhex
    # is there, float.fromhex is not).
    lacking = set().union(*mp["lacking"].values())
    somewhere = {name for kind in TYPES for name in dir(getattr(builtins, kind))
                 if name in lacking and name not in mp["lacking"][kind]}
    missing_methods = lacking - somewhere - project_names(trees)
    missing_builtins = {name for name in dir(builtins) if not name.startswith("_")} - set(mp["builtins"])
    found = []
    for name, tree in trees.items():
        where = paths[name]
        hidden = _never_run(tree)
        modules: dict[str, str] = {}  # local name -> standard module
        local = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}
        local |= {node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.ClassDef))}

        def say(node: ast.AST, what: str, where: str = where) -> None:  # this file's
            found.append(f"{where}:{getattr(node, 'lineno', '?')}: {what}")

        for node in ast.walk(tree):
            if id(node) in hidden:
                continue
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] in ("militakiri", "web") or alias.name in BROWSER:
                        continue
                    if alias.name in STUBBED or mp["modules"].get(alias.name) is None:
                        say(node, f"import {alias.name}: MicroPython has no such module")
                    else:
                        modules[alias.asname or alias.name] = alias.name
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                if node.module.split(".")[0] in ("militakiri", "web") or node.module in BROWSER:
                    continue
                if node.module == "__future__":
                    if [alias.name for alias in node.names] != ["annotations"]:
                        say(node, "from __future__ imports only annotations")
                    continue
                if node.module == "typing":
                    if [alias.name for alias in node.names] != ["TYPE_CHECKING"]:
                        say(node, "typing's names other than TYPE_CHECKING only under `if TYPE_CHECKING:`")
                    continue
                names = mp["modules"].get(node.module)
                if names is None:
                    say(node, f"from {node.module}: MicroPython has no such module")
                    continue
                for alias in node.names:
                    if alias.name not in names:
                        say(node, f"from {node.module} import {alias.name}: MicroPython's {node.module} lacks it")
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                base = node.value
                if isinstance(base, ast.Name) and base.id in modules:
                    names = mp["modules"][modules[base.id]]
                    if node.attr not in names:
                        say(node, f"{base.id}.{node.attr}: MicroPython's {modules[base.id]} lacks it")
                elif node.attr in missing_methods:
                    say(node, f".{node.attr}(): a method MicroPython's built-in types lack")
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                if node.id in missing_builtins and node.id not in local:
                    say(node, f"{node.id}: a builtin MicroPython lacks")
            elif isinstance(node, ast.Match):
                say(node, "match statement: MicroPython does not parse it")
            elif isinstance(node, ast.arguments) and node.posonlyargs:
                say(node.posonlyargs[0], "positional-only parameters: MicroPython does not parse them")
            elif isinstance(node, (ast.List, ast.Tuple, ast.Set)) and not isinstance(
                    getattr(node, "ctx", None), ast.Store) and any(
                    isinstance(element, ast.Starred) for element in node.elts):
                say(node, "*unpacking inside a display: MicroPython does not parse it")
            elif isinstance(node, ast.Dict) and any(key is None for key in node.keys):
                say(node, "**unpacking inside a dict display: MicroPython does not parse it")
            elif isinstance(node, ast.ClassDef) and any(keyword.arg == "metaclass" for keyword in node.keywords):
                say(node, "metaclass=: MicroPython has none")
            elif isinstance(node, ast.FunctionDef) and node.name == "__init_subclass__":
                say(node, "__init_subclass__: MicroPython never calls it")
    return found


def test_the_code_uses_only_what_micropython_has(trees, micropython_names):
    paths = {name: str(path.relative_to(ROOT)) for name, path in sources().items()}
    found = problems(trees, micropython_names, paths)
    assert not found, f"{len(found)} use(s) of what MicroPython lacks:\n" + "\n".join(found[:300])


def test_the_check_sees_what_micropython_lacks(micropython_names):
    """The check itself: each kind of problem in a made-up module is found."""
    code = '''
from __future__ import annotations
from typing import Iterator
import dataclasses
import json
from itertools import permutations
def f(a, /, b):
    match a:
        case 1: pass
    return [*a, *b], {**b}, "x".ljust(3), vars(a), json.JSONDecoder, (5).bit_length()
class A(metaclass=type):
    def __init_subclass__(cls): pass
'''
    found = "\n".join(problems({"made_up": ast.parse(code)}, micropython_names, {"made_up": "made_up.py"}))
    for expected in ("typing's names", "import dataclasses", "lacks it", "match statement",
                     "positional-only", "*unpacking", "**unpacking", "ljust", "vars", "bit_length",
                     "metaclass=", "__init_subclass__"):
        assert expected in found, (expected, found)
