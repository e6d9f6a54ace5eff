"""Bootstrap of the page: read the URL, build the App, say the page is ready.

Other modules in web/ are mapped into the Python file system by the build
(web/foo.py -> ``import foo``), and the engine comes as the package
``militakiri`` through pyscript.toml's generated [files] table.

URL parameters (all optional): ``board=single|double``, ``time=300+5``
(per player, as in the record's TimeControl tag), ``white=`` / ``black=``
names, ``position=`` a position string to start from (skips set-up and
dice), ``seed=`` for reproducible dice and random set-ups.
"""

from pyscript import document, window

from app import App
from settings import from_query, has_game_params

query = str(window.location.search or "")
settings = from_query(query)
app = App(settings)
app.refresh()
app.renderer.draw()  # the first frame now, not in the next animation frame
if not has_game_params(query):
    app.dialogs.open_new()

# Tests and the UI wait for this.
document.documentElement.setAttribute("data-ready", "1")
