"""Bootstrap of the page: read the URL, build the App, say the page is ready.

Other modules in web/ are mapped into the Python file system by the build
(web/foo.py -> ``import foo``), and the engine comes as the package
``militakiri`` through pyscript.toml's generated [files] table.

URL parameters (all optional): ``board=single|double``, ``time=300+5``
(per player, as in the record's TimeControl tag), ``white=`` / ``black=``
names, ``position=`` a position string to start from (skips set-up and
dice), ``seed=`` for reproducible dice and random set-ups, ``touch=1``
for touch-move (R25); ``embed=1``
(board, clocks and a minimal bar for an iframe, docs/embed.md) and
``link=`` (a start link; the fragment ``#1!...`` works too); against
the computer: ``computer=white|black`` (the colour it plays) and
``level=1..4``. Games from links and the autosave open through
web/ui/session.py; the computer's worker starts only after the page is ready
(web/ui/computer.py).
"""

from pyscript import document, window

window.performance.mark("militakiri:main")  # where the page's own Python starts (docs/runtime.md)

from web.boot import lazy_stdlib

lazy_stdlib.install()  # first: any later import of a module the small standard library lacks

from web.model.settings import from_query, has_game_params
from web.services.embed import embed_options
from web.ui import language
from web.ui.app import App
from web.ui.computer import Computer
from web.ui.early_setup import EarlySetup
from web.ui.feedback import Feedback
from web.ui.review import Reviewer
from web.ui.session import Session
from web.ui.training import Trainer

query = str(window.location.search or "")
options = embed_options(query)
if options.embed:
    document.documentElement.classList.add("embed")
settings = from_query(query)
language.start(query)  # before any text is shown: ?lang=, the saved choice, the browser's
app = App(settings)
language.wire(app)
session = Session(app, query, options)
computer = Computer(app)
feedback = Feedback(app, options.embed, options.sound)
reviewer = Reviewer(app, computer)
trainer = Trainer(app, session)
# A link, the saved game, or the New game dialog (unless the URL starts a
# game, or the player already chose in it before Python ran: web/boot/first_stage.js,
# and maybe placed their set-up: web/boot/early_setup.js).
early = app.dialogs.early_choice()
lessons = trainer.asked(query, early == "learn")  # ?puzzle=ID, ?learn, or "Learn to play" before Python
session.start(has_game_params(query), ask_new_game=early is None and not lessons)
if early == "chosen" and app.dialogs.start_chosen():
    EarlySetup(app).place()  # the towers the player placed meanwhile, if any
app.refresh()
app.renderer.draw()  # the first frame now, not in the next animation frame

# Tests and the UI wait for this.
document.documentElement.setAttribute("data-ready", "1")
session.ready()
computer.ready()  # its worker, if this game needs one: off the start path
