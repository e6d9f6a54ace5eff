"""The page's modes, one module each: what a player can do in it (its
intents' handlers, ``HANDLERS``) and what its status line says
(``status``). Each is a set of functions over the shared
:class:`web.model.core.Core`; web/model/ui_state.py puts them together
(docs/architecture.md walks a click through them)."""
