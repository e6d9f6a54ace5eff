"""The browser game: a thin shell around the engine (docs/architecture.md).

Layers, each importing only those before it: ``i18n`` (words), ``model``
(the page's state, pure Python), ``services`` (saves, links, the embed's
messages, the computer's worker side: pure Python), ``ui`` (DOM, canvas,
dialogs and the controllers that wire them; imports ``pyscript``), then
``main.py``. ``boot/`` holds what runs before Python.
"""
