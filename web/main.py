"""Bootstrap of the page: read the URL, build the App, say the page is ready.

PyScript runs this file on MicroPython (index.html's ``<script type="mpy">``);
the engine (``militakiri``) and the page (``web``) are bytecode in a ROMFS
image that web/boot/romfs.mjs has mounted at /rom, first on ``sys.path``
(the one-line modules MicroPython lacks, web/boot/micropython, last).

URL parameters (all optional): ``board=single|double``, ``time=300+5``
(per player, as in the record's TimeControl tag), ``white=`` / ``black=``
names, ``position=`` a position string to start from (skips set-up and
dice), ``seed=`` for reproducible dice and random set-ups, ``touch=1``
for touch-move (R25); ``embed=1``
(board, clocks and a minimal bar for an iframe, docs/embed.md) and
``link=`` (a start link; the fragment ``#1!...`` works too); against
the computer: ``computer=white|black`` (the color it plays) and
``level=1..8``. Games from links and the autosave open through
web/ui/session.py; the computer's workers start only after the page is ready
(web/ui/computer.py).
"""

import js

js.performance.mark("militakiri:main")  # where the page's own Python starts (docs/runtime.md)

from militakiri.movegen import prepare as prepare_moves  # noqa: E402

from web.model.settings import from_query, has_game_params  # noqa: E402
from web.services.embed import embed_options  # noqa: E402
from web.ui import language  # noqa: E402
from web.ui.app import App  # noqa: E402
from web.ui.computer import Computer  # noqa: E402
from web.ui.dom import when_idle  # noqa: E402
from web.ui.embed_port import EmbedPort  # noqa: E402
from web.ui.feedback import Feedback  # noqa: E402
from web.ui.reviewer import Reviewer  # noqa: E402
from web.ui.editor import Editor  # noqa: E402
from web.ui.rankings import Rankings  # noqa: E402
from web.ui.saved_games import SavedGames  # noqa: E402
from web.ui.session import Session  # noqa: E402
from web.ui.training import Trainer  # noqa: E402

query = str(js.location.search or "")
options = embed_options(query)
if options.embed:
    js.document.documentElement.classList.add("embed")
settings = from_query(query)
language.start(query)  # before any text is shown: ?lang=, the saved choice, the browser's
app = App(settings)
language.wire(app)
session = Session(app, query, options)
embed = EmbedPort(app, options.embed)
saved_games = SavedGames(app, session)
rankings = Rankings(app, embed)
computer = Computer(app, session.warn)
feedback = Feedback(app, options.embed, options.sound)
reviewer = Reviewer(app, computer)
editor = Editor(app)  # the analysis board's editor, from New game
trainer = Trainer(app, session, computer)
reviewer.learn = trainer.start_mistakes  # Learn from your mistakes: the review's moves as drills
# A link, the saved game, or the New game dialog (unless the URL starts a game).
lessons = trainer.asked(query, False)  # ?puzzle=ID, ?learn
session.start(has_game_params(query), ask_new_game=not lessons)
app.refresh()  # the board is painted in the next animation frame, before the page's first paint

embed.ready()
computer.ready()  # its workers, if this game needs them: off the start path (a timer)
# This board's move tables, built at its first move otherwise, while the
# player reads the New game dialog or sets up (the other board's wait for its
# first move: built now, they would take a tap's time in the middle of a set-up).
when_idle(lambda: prepare_moves(app.state.kind))
when_idle(app.renderer.prepare_sprites)  # and the pieces a set-up puts on it

# Tests and the UI wait for this.
js.performance.mark("militakiri:ready")
js.document.documentElement.setAttribute("data-ready", "1")
