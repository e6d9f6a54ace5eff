"""The first visit's start: a small standard library and a memory snapshot, made at build time.

A first visit used to spend most of its time in CPython initialising inside
wasm (docs/runtime.md). The build now does that once, in Node, with the very
Pyodide the site ships (tools/snapshot.mjs), and ships the result:

- ``pyodide/stdlib-<hash>.zip``: the standard library modules the start
  imports (traced, plus tools/stdlib_start.txt), instead of the whole 2.5 MB
  ``python_stdlib.zip``; a later import of anything else fetches the whole
  one (web/boot/lazy_stdlib.py);
- ``pyodide/memory-<hash>.bin``: the wasm memory after Pyodide has started
  on that zip and imported those modules, the engine and the page's modules
  that need no browser, gzipped (the page inflates it with the browser's
  DecompressionStream; web/boot/pyodide_start.mjs).

Both are cached by content in node_modules/.cache/militakiri-start, so an
unchanged build does not start Pyodide again.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
STDLIB_LIST = TOOLS / "stdlib_start.txt"
CACHE = Path("node_modules") / ".cache" / "militakiri-start"
# Page modules that are not part of the page's start.
NOT_AT_START = {"web.main", "web.services.ai_worker"}


class SnapshotError(RuntimeError):
    pass


def listed_stdlib(path: Path = STDLIB_LIST) -> list[str]:
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def start_modules(engine: list[str], web: list[str]) -> list[str]:
    """What the snapshot imports: the listed standard library, the engine's
    modules and the page's (``militakiri/x.py`` -> ``militakiri.x``, ``web/ui/x.py`` -> ``web.ui.x``)."""
    def name(path: str, strip: str) -> str:
        return path.removeprefix(strip).removesuffix(".py").removesuffix("/__init__").replace("/", ".")

    ours = [name(p, "") for p in engine if not p.endswith("__main__.py")]
    ours += [name(p, "") for p in web if name(p, "") not in NOT_AT_START]
    return listed_stdlib() + ours


def trim_stdlib(full: bytes, modules: list[str]) -> bytes:
    """The entries of ``full`` (a standard library zip) that hold ``modules``
    and the packages above them, in the same order; the same inputs give the same bytes."""
    wanted = set()
    for module in modules:
        parts = module.split(".")
        for i in range(1, len(parts) + 1):
            stem = "/".join(parts[:i])
            wanted |= {f"{stem}.py", f"{stem}/__init__.py", f"{stem}/"}
    source = zipfile.ZipFile(io.BytesIO(full))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for info in source.infolist():
            if info.filename in wanted:
                out.writestr(info, source.read(info), compress_type=info.compress_type)
    return buffer.getvalue()


def _node(*args: str) -> dict:
    try:
        done = subprocess.run(["node", str(TOOLS / "snapshot.mjs"), *args], capture_output=True, text=True,
                              timeout=600)
    except FileNotFoundError as exc:
        raise SnapshotError("node not found: the build makes the start snapshot with Pyodide in Node") from exc
    if done.returncode != 0:
        raise SnapshotError(f"tools/snapshot.mjs {args[0]} failed:\n{done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()[:12]


def _prune(folder: Path, keep: Path, most: int = 4) -> None:
    """Keep the newest few cached starts (each ~7 MB): the tests build variants."""
    entries = sorted((p for p in folder.iterdir() if p.is_dir() and p != keep), key=lambda p: p.stat().st_mtime)
    for old in entries[: max(0, len(entries) - (most - 1))]:
        shutil.rmtree(old, ignore_errors=True)


def make(pyodide_dir: Path, bundle: Path, modules: list[str], root: Path) -> dict[str, str]:
    """Write ``stdlib-<hash>.zip`` and ``memory-<hash>.bin`` into ``pyodide_dir``
    (the site's copy of Pyodide); return their names."""
    script = (TOOLS / "snapshot.mjs").read_bytes()
    key = _digest(script, (pyodide_dir / "pyodide.asm.wasm").read_bytes(),
                  (pyodide_dir / "python_stdlib.zip").read_bytes(), bundle.read_bytes(),
                  json.dumps(modules).encode())
    cache = root / CACHE / key
    if not (cache / "done").is_file():
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            wanted = Path(tmp) / "modules.json"
            wanted.write_text(json.dumps(modules))
            traced = _node("trace", str(pyodide_dir), str(bundle), str(wanted))
            stdlib = trim_stdlib((pyodide_dir / "python_stdlib.zip").read_bytes(), modules + traced["stdlib"])
            (cache / "stdlib.zip").write_bytes(stdlib)
            made = _node("snapshot", str(pyodide_dir), str(bundle), str(wanted), str(cache / "stdlib.zip"),
                         str(cache / "memory.bin"))
        (cache / "done").write_text(json.dumps({"skipped": made["skipped"], "memory_bytes": made["bytes"]}))
        _prune(cache.parent, keep=cache)
    skipped = json.loads((cache / "done").read_text())["skipped"]
    if skipped:  # each would be imported at every start instead (~10 ms each on a cold start)
        raise SnapshotError("these start modules cannot be imported while the snapshot is made; read "
                            "js.document and js.window when the code runs, not as it is imported "
                            "(tools/snapshot.mjs):\n  " + "\n  ".join(skipped))
    names = {}
    for kind, file in (("stdlib", "stdlib.zip"), ("snapshot", "memory.bin")):
        data = (cache / file).read_bytes()
        stem, suffix = file.split(".")
        names[kind] = f"{stem}-{hashlib.sha256(data).hexdigest()[:12]}.{suffix}"
        (pyodide_dir / names[kind]).write_bytes(data)
    return names
