"""The tap zoom on a touch screen (web/model/zoom.py says how it behaves).

A finger on a board whose fields are smaller than layout.TAP_MIN (the
double board's twelve files across a phone) first zooms: the press never
reaches the board's own input (web/ui/inputs.py), the renderer shows the
part of the board around it. There a tap acts as on any board; when the
finger is lifted, the view follows what the tap picked (zoom.after_tap),
and the renderer drops it once the pieces differ (a move, a tower placed).
A mouse never zooms: it points to the pixel.

Hook for tests: ``#board[data-zoom]`` while a view is zoomed.
"""

from __future__ import annotations

import js

from web.model import board_view
from web.model.zoom import after_tap, zoom_at
from web.ui.dom import by_id, keep, on

#: Listened before the board's own handler, so that a press that zooms stops there.
_CAPTURE = js.Function.new("node", "handler", "node.addEventListener('pointerdown', handler, {capture: true});")


class TapZoom:
    def __init__(self, app) -> None:
        self.app = app
        self.renderer = app.renderer
        self.canvas = app.board
        #: The finger that pressed on a zoomed view: its lifting decides the view.
        self._acting = None
        wrap = by_id("board-wrap")
        _CAPTURE(wrap, keep(self._down))
        on(wrap, "pointerup", self._up)  # bubbling: after the board has taken the tap
        on(wrap, "pointercancel", lambda e: setattr(self, "_acting", None))
        on(js.document, "keydown", self._key)

    def _down(self, event) -> None:
        if event.target != self.canvas:
            return
        renderer = self.renderer
        renderer.check_zoom()
        if renderer.zoom is not None:
            self._acting = event.pointerId
            return
        if event.pointerType != "touch":
            return
        view = zoom_at(renderer.overview(), event.offsetX, event.offsetY)
        if view is None:
            return  # fields large enough for a finger
        event.stopPropagation()  # the board's own input never sees this press
        event.preventDefault()
        renderer.set_zoom(view)

    def _up(self, event) -> None:
        if event.pointerId != self._acting:
            return
        self._acting = None
        renderer = self.renderer
        renderer.check_zoom()  # (a move made: the whole board already)
        if renderer.zoom is None:
            return
        state = self.app.state
        kind = state.kind
        chosen = [(kind.file_of(sq), kind.rank_of(sq)) for sq in map(kind.square, board_view.picked_fields(state))]
        renderer.set_zoom(after_tap(renderer.zoom, renderer.overview(), chosen))

    def _key(self, event) -> None:
        if event.key == "Escape":
            self.renderer.set_zoom(None)
