"""The page's Python zip under the site's own Pyodide, imported from where it
lies (zipimport, as web/boot/pyodide_start.mjs does): its bytecode is valid
there and is what gets imported (the sources are not compiled again)."""

from __future__ import annotations

import base64

from tools import build as site_build

SCRIPT = '''
import base64, io, sys, zipfile
shipped = zipfile.ZipFile(io.BytesIO(base64.b64decode(DATA)))
# The same zip with every source broken: only the bytecode beside it can be imported now.
with zipfile.ZipFile("/tmp/app.zip", "w") as broken:
    for info in shipped.infolist():
        data = shipped.read(info)
        if info.filename.endswith(".py"):
            data = b"raise SystemExit('compiled from source: ' + __name__)\\n"
        broken.writestr(info, data)
for name in [m for m in sys.modules if m.split(".")[0] in ("militakiri", "web")]:
    del sys.modules[name]
sys.path.insert(0, "/tmp/app.zip")
import militakiri
from web.i18n import texts
from web.model import board_view, ui_state
from militakiri.messages import text
print(militakiri.__file__)
texts.set_language("nl")
print(texts.t("to_move", player="Wit"), "|", text("no_piece", square="c4").say("nl"))
state = ui_state.UiState()
print(state.phase, len(board_view.marks(state)))
'''


def test_the_zip_imports_from_its_bytecode(pyodide_run, tmp_path):
    summary = site_build.build(tmp_path / "dist")
    data = base64.b64encode((tmp_path / "dist" / summary["bundle"]).read_bytes()).decode()
    script = tmp_path / "script.py"  # a file: stdin of this size is not read whole by Node
    script.write_text(f"DATA = {data!r}\n" + SCRIPT)
    done = pyodide_run(str(script))
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "/tmp/app.zip/militakiri/__init__.pyc"  # zipimport took the bytecode
    assert lines[1] == "Wit is aan zet: kies een stuk. | er staat geen stuk op c4"
    assert lines[2].startswith("setup ")
