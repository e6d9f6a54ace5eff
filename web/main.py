"""Bootstrap of the page: proves PyScript -> Pyodide -> militakiri works.

The UI is not written yet; whoever writes it replaces the body of this file.
Other modules in web/ are mapped into the Python file system by the build
(web/foo.py -> ``import foo``), and the engine comes as the package
``militakiri`` through pyscript.toml's generated [files] table.
"""

import sys

import militakiri
import pyodide
from pyscript import document

status = document.getElementById("status")
status.textContent = (
    f"Militakiri engine {militakiri.__version__} ready"
    f" (Python {sys.version.split()[0]}, Pyodide {pyodide.__version__})"
)

# Placeholder drawing: proves the canvas 2D API is reachable from Python.
board = document.getElementById("board")
ctx = board.getContext("2d")
ctx.fillStyle = "#e8dcc0"
ctx.fillRect(0, 0, board.width, board.height)
ctx.fillStyle = "#333"
ctx.font = "20px sans-serif"
ctx.fillText(f"engine {militakiri.__version__}: board UI comes later", 20, board.height / 2)
board.setAttribute("data-status", "ready")

# Tests and the UI wait for this.
document.documentElement.setAttribute("data-ready", "1")
