"""What the start snapshot can hold (tools/snapshot.mjs, run by the build in
Node): a page module that imports ``js`` and reads the browser only when it
runs goes in; one that reads the browser as it is imported cannot (there is
no ``document`` in Node) and is named, so the build stops
(tools/start_snapshot.py) instead of the page importing it at every start."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tools import start_snapshot

ROOT = Path(__file__).resolve().parents[2]

MODULES = {
    "shell/__init__.py": "",
    # The browser read when called: importable while the snapshot is made.
    "shell/calm.py": "import js\n\ndef title():\n    return js.document.title\n",
    # The browser read as it is imported: not.
    "shell/eager.py": "import js\n\nTITLE = js.document.title\n",
    # PyScript needs the page itself.
    "shell/pyscript_user.py": "from pyscript import document\n",
}


def test_a_module_reading_the_browser_as_it_is_imported_is_named(tmp_path):
    node = shutil.which("node")
    assert node, "node not found"
    app = tmp_path / "app.zip"
    with zipfile.ZipFile(app, "w") as bundle:
        for name, source in MODULES.items():
            bundle.writestr(name, source)
    wanted = tmp_path / "modules.json"
    wanted.write_text(json.dumps(["shell.calm", "shell.eager", "shell.pyscript_user"]))
    done = subprocess.run([node, "tools/snapshot.mjs", "trace", "node_modules/pyodide", str(app), str(wanted)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    skipped = json.loads(done.stdout.strip().splitlines()[-1])["skipped"]
    assert [line.split(":")[0] for line in skipped] == ["shell.eager", "shell.pyscript_user"]
    assert "document" in skipped[0]


def test_the_build_stops_on_a_module_the_snapshot_cannot_hold(tmp_path, monkeypatch):
    def fake_node(mode, *args):
        if mode == "trace":
            return {"stdlib": [], "skipped": ["web.ui.eager: AttributeError: document"]}
        Path(args[-1]).write_bytes(b"memory")
        return {"bytes": 6, "skipped": ["web.ui.eager: AttributeError: document"]}

    monkeypatch.setattr(start_snapshot, "_node", fake_node)
    pyodide = tmp_path / "pyodide"
    pyodide.mkdir()
    (pyodide / "pyodide.asm.wasm").write_bytes(b"")
    with zipfile.ZipFile(pyodide / "python_stdlib.zip", "w"):
        pass
    (tmp_path / "app.zip").write_bytes(b"app")
    with pytest.raises(start_snapshot.SnapshotError, match="web.ui.eager: AttributeError: document"):
        start_snapshot.make(pyodide, tmp_path / "app.zip", ["web.ui.eager"], tmp_path)
