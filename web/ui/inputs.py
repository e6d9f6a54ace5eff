"""Pointer (mouse, touch, pen) and keyboard input on the board.

Every input is an intent for the one state (``UiState.apply``): a click or
tap a ``Touch``, a drop after a drag a ``MovePiece``, the arrow keys a
``MoveCursor`` and Enter an ``Enter`` (a ``Touch`` of the cursor's field).
Nothing here knows a rule.
"""

from __future__ import annotations

from web.ui.dom import on
from web.model.intents import Cancel, Enter, MoveCursor, MovePiece, PointerDown, Touch
from web.model.modes import play

DRAG_START_PX = 6
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


class BoardInput:
    def __init__(self, canvas, state, renderer, after) -> None:
        self.canvas = canvas
        self.state = state
        self.renderer = renderer
        #: after(changed): refresh the page after an input.
        self.after = after
        self._down = None  # (pointerId, square, x, y, was_selected)
        self._dragging = False
        for event, handler in (
            ("pointerdown", self.on_down),
            ("pointermove", self.on_move),
            ("pointerup", self.on_up),
            ("pointercancel", self.on_cancel),
            ("keydown", self.on_key),
            ("contextmenu", lambda e: e.preventDefault()),
        ):
            on(canvas, event, handler)

    def square_at(self, event) -> str | None:
        cell = self.renderer.geometry().cell_at(event.offsetX, event.offsetY)
        if cell is None:
            return None
        kind = self.state.kind
        return kind.square_name(kind.at(*cell))

    # Pointer ------------------------------------------------------------------

    def on_down(self, event) -> None:
        if event.pointerType == "mouse" and event.button != 0:
            return
        if self._down is not None:
            return  # a second finger: ignore
        square = self.square_at(event)
        if square is None:
            return
        if event.pointerType != "mouse":
            # No emulated mouse events after a touch; a mouse press keeps its
            # default, which focuses the board for the keyboard (no ring).
            event.preventDefault()
        state = self.state
        was_selected = square == state.selected
        self._down = (event.pointerId, square, event.offsetX, event.offsetY, was_selected)
        self._dragging = False
        state.apply(PointerDown())
        if not was_selected:
            # Select, move to, place: everything but a toggle happens on press.
            self.after(state.apply(Touch(square)))
        try:
            self.canvas.setPointerCapture(event.pointerId)
        except Exception:
            pass

    def on_move(self, event) -> None:
        if self._down is None or event.pointerId != self._down[0]:
            return
        _, square, x0, y0, _ = self._down
        x, y = event.offsetX, event.offsetY
        if not self._dragging:
            if abs(x - x0) + abs(y - y0) < DRAG_START_PX or not play.can_drag(self.state, square):
                return
            if self.state.selected != square:
                return
            self._dragging = True
        self.renderer.drag = (square, x, y)
        self.renderer.request()

    def on_up(self, event) -> None:
        if self._down is None or event.pointerId != self._down[0]:
            return
        _, origin, _, _, was_selected = self._down
        self._down = None
        target = self.square_at(event)
        if self._dragging:
            self._dragging = False
            self.renderer.drag = None
            if target is not None and target != origin:
                self.renderer.skip_animation = True  # it is already where it was dropped
                self.after(self.state.apply(MovePiece(origin, target)))
            else:
                self.after(True)
        elif was_selected and target == origin:
            # A click on the selected piece puts it down again.
            self.after(self.state.apply(Touch(origin)))

    def on_cancel(self, event) -> None:
        self._down = None
        self._dragging = False
        self.renderer.drag = None
        self.renderer.request()

    # Keyboard -----------------------------------------------------------------

    def on_key(self, event) -> None:
        key = event.key
        state = self.state
        if key in ARROWS:
            event.preventDefault()
            state.apply(MoveCursor(*ARROWS[key], turned=self.renderer.turned))
            self.after(True)
        elif key in ("Enter", " "):
            event.preventDefault()
            self.after(state.apply(Enter()))
        elif key == "Escape":
            event.preventDefault()
            self.after(state.apply(Cancel()))
