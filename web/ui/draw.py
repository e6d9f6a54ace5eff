"""Canvas drawing of the board, batched: one redraw per animation frame.

``Renderer.request()`` may be called any number of times; the board is drawn
once, in the next requestAnimationFrame. The canvas backing store is
``CSS size x devicePixelRatio`` so lines stay sharp on dense screens; pieces
are painted once per size into small offscreen canvases (sprites) and
stamped with drawImage. So are the board's still parts, each painted again
only when the board's size, side or turn changes: the fields (one opaque
canvas, which also spares clearing the board) and the coordinates (two
strips, the row and the column they stand on). A call into the browser
costs MicroPython more than most drawing it asks for, but a full-board,
mostly transparent layer costs the raster more still: timed interleaved in
one page at CPU 4x on a phone's screen, a frame took 20.4 ms with the
fields stamped, 23.5 ms before, 28.5 ms with the zones' borders and the
coordinates as full-board layers too (so the borders are drawn as lines).

A zoomed view (web/ui/zoom.py, web/model/zoom.py) is drawn the same way, in
the same canvas: the board at a larger square, moved so that part of it
shows; the coordinates go along the edges of what shows.
"""

from __future__ import annotations

import math

import js
from pyscript.ffi import create_proxy, to_js

from militakiri.board import ZONE_ROWS
from militakiri.move import Move
from militakiri.pieces import BLACK, SHAPES, WHITE, stack, tower

from web.model import board_view
from web.model import animation
from web.model.layout import BoardGeometry, clear_of_label, piece_outline
from web.model.shapes import (DARK, GHOST_ALPHA, GHOST_FILL, LETTER_EDGE, LETTER_FILL, LETTER_RIM, LETTER_SIZE, LIGHT,
                              OUTLINE, PALETTE, piece_parts, walls)
from web.i18n.texts import t
from web.ui.dom import next_frame, set_attr

ZONE_LINE = "rgba(92, 58, 28, 0.75)"
LAST = "rgba(246, 206, 60, 0.50)"
SELECTED = "rgba(46, 150, 104, 0.55)"
MOVE_DOT = "rgba(28, 96, 66, 0.62)"
TAKE_RING = "rgba(196, 36, 28, 0.92)"
CURSOR = "#1b6fe0"
#: The review's arrows (web/ui/reviewer.py): the move played, the better one.
PLAYED_ARROW = "rgba(200, 52, 40, 0.72)"
BETTER_ARROW = "rgba(24, 130, 80, 0.80)"
#: A premove (web/model/premove.py): the piece and where it goes.
PREMOVE = "rgba(60, 110, 210, 0.42)"
#: A hint (web/ui/computer.py): the squares of the suggested move.
HINT = "rgba(52, 120, 214, 0.36)"
HINT_EDGE = "rgba(30, 84, 170, 0.95)"
#: Coordinates: on a light square, on a dark one.
LABEL_ON_LIGHT = "#8c6840"
LABEL_ON_DARK = "#f6ead2"
#: Coordinates' letters and numbers: this much of a field high, at least
#: LABEL_LEAST CSS px, kept this much of a field (at least 1 px) from its
#: corner: small and in the corner, as lichess has them.
LABEL_SIZE = 0.155
LABEL_LEAST = 7
LABEL_MARGIN = 0.035


class Renderer:
    def __init__(self, canvas, state) -> None:
        self.canvas = canvas
        self.ctx = canvas.getContext("2d")
        self.state = state
        self.square = 50
        self.dpr = 1.0
        #: Ranks across, files down: a wide board turned to fit a narrow
        #: screen (App.fit; layout.BoardGeometry). A matter of the screen,
        #: not of the game: the model never sees it.
        self.turned = False
        #: A zoomed view of part of the board (web/ui/zoom.py), and what the
        #: board showed when it was made: it lasts while that stays.
        self.zoom: BoardGeometry | None = None
        self._zoom_for: tuple | None = None
        #: (origin square name, x, y) while a piece is being dragged.
        self.drag = None
        self._sprites: dict = {}
        #: The fields, painted once per board: (what they were painted for, canvas).
        self._fields = None
        #: The coordinates' two strips: (what they were painted for, [(canvas, box)],
        #: the fields with a rank's number, the box the widest one covers in its field,
        #: {piece's symbol: (dx, dy, size)}: where that piece stands clear of it).
        self._strips = None
        self._queued = False
        self._frame = create_proxy(self._on_frame)
        #: What the last frame showed: (game id, ply) and its pieces.
        self._shown: tuple | None = None
        self._pieces: dict = {}
        #: What the canvas shows now (see _picture); None: paint the next frame.
        self._painted: tuple | None = None
        #: A move being animated: (sprites, covered squares), or None; its
        #: sprites are elements over the canvas that the compositor moves.
        self._animation = None
        self._sprite_elements: list = []
        self._launch = False  # the next frame starts the sprites
        self._finished = create_proxy(lambda *args: self._end_animation(True))
        #: The next move is not animated (the player dropped it there).
        self.skip_animation = False
        self._motion = js.window.matchMedia("(prefers-reduced-motion: reduce)")

    # Size ---------------------------------------------------------------------

    def overview(self) -> BoardGeometry:
        """The whole board, as the canvas holds it."""
        kind = self.state.kind
        return BoardGeometry(kind.files, kind.rows, self.square, self.state.flipped, self.turned)

    def geometry(self) -> BoardGeometry:
        """What the canvas shows: the whole board, or a zoomed view of part of it."""
        return self.zoom if self.zoom is not None else self.overview()

    def _shows(self) -> tuple:
        """What a zoomed view was made for: the board, its size and side, the pieces on it."""
        state = self.state
        pieces = board_view.pieces(state)
        return (self.overview(), state.game_id, state.phase,
                tuple(sorted((sq, piece.symbol) for sq, piece in pieces.items())))

    def set_zoom(self, view: BoardGeometry | None) -> None:
        """Show ``view`` (None: the whole board) from the next frame on."""
        if view != self.zoom:
            self.zoom = view
            self._zoom_for = self._shows() if view is not None else None
            set_attr(self.canvas, "data-zoom", None if view is None else "1")
            self.request()

    def check_zoom(self) -> None:
        """The whole board again once the board the zoom was made for has
        changed (a move made, a tower placed, another game, another size)."""
        if self.zoom is not None and self._shows() != self._zoom_for:
            self.set_zoom(None)

    def resize(self, square: int) -> None:
        dpr = float(js.window.devicePixelRatio or 1)
        if square == self.square and dpr == self.dpr and self._sized():
            return
        self.square, self.dpr = square, dpr
        self._end_animation(False)  # its sprites stood on the old fields
        self.set_zoom(None)
        g = self.overview()
        self.canvas.style.width = f"{g.width}px"
        self.canvas.style.height = f"{g.height}px"
        self.canvas.width = round(g.width * dpr)
        self.canvas.height = round(g.height * dpr)  # which clears it
        self._sprites.clear()
        self._painted = None
        self.request()

    def _sized(self) -> bool:
        g = self.overview()
        return self.canvas.width == round(g.width * self.dpr) and self.canvas.height == round(g.height * self.dpr)

    # Scheduling ---------------------------------------------------------------

    def request(self) -> None:
        if not self._queued:
            self._queued = True
            next_frame(self._frame)

    def _on_frame(self, _timestamp=None) -> None:
        self._queued = False
        self.draw()

    # Animation ----------------------------------------------------------------

    def _animate(self, pieces: dict) -> bool:
        """Start the animation of the move just shown (its sprites in this
        frame), or end one overtaken by another change; whether a move is
        being animated (its fields are then drawn only as sprites)."""
        state = self.state
        game = state.game
        started = state.started_game
        shown = (state.game_id, state.replay.shown(started) if started is not None else None)
        before, self._pieces = self._pieces, pieces
        if shown != self._shown:
            one_step = (self._shown is not None and shown[0] == self._shown[0] and shown[1] is not None
                        and self._shown[1] is not None and shown[1] == self._shown[1] + 1)
            self._shown = shown
            self._end_animation(False)
            token = state.replay.last_token(game) if one_step else None
            if token is not None and not self.skip_animation and not self._motion.matches:
                self._animation = animation.plan(before, pieces, Move.from_token(token, state.kind))
                self._launch = True
                set_attr(self.canvas, "data-animating", "1")
            self.skip_animation = False
        if self._animation is not None and self.drag:
            self._end_animation(False)
        return self._animation is not None

    def _start_sprites(self, g: BoardGeometry) -> None:
        """Each sprite of the move as a small canvas over the board, which
        the compositor slides and fades (animation.keyframes): the board's
        canvas is not painted again until the move has arrived, so a phone
        spends no main-thread time on the frames between."""
        self._launch = False
        kind = self.state.kind
        s = g.square
        duration = float(getattr(js.window, "militakiriAnimationMs", None) or animation.DURATION_MS)
        left, top = float(self.canvas.offsetLeft), float(self.canvas.offsetTop)
        parent = self.canvas.parentElement
        last = None
        for sprite in self._animation[0]:
            element = js.document.createElement("canvas")
            element.className = "sprite"
            picture = self._sprite(sprite.piece, s)
            element.width = picture.width
            element.height = picture.height
            element.getContext("2d").drawImage(picture, 0, 0)
            element.style.cssText = f"left:{left}px;top:{top}px;width:{s}px;height:{s}px"
            parent.append(element)
            self._sprite_elements.append(element)
            start = g.origin(kind.file_of(sprite.origin), kind.rank_of(sprite.origin))
            end = g.origin(kind.file_of(sprite.target), kind.rank_of(sprite.target))
            last = element.animate(to_js(animation.keyframes(sprite, start, end)),
                                   to_js({"duration": duration, "easing": animation.EASING, "fill": "forwards"}))
        if last is None:
            self._end_animation(True)
        else:
            last.onfinish = self._finished  # (all have one duration; a removed one never finishes)

    def _end_animation(self, arrived: bool) -> None:
        """The sprites go; if the move ``arrived``, the board is painted as
        it is now (else what overtook the animation paints it)."""
        for element in self._sprite_elements:
            element.remove()
        self._sprite_elements = []
        if self._animation is not None:
            self._animation = None
            self._launch = False
            self.canvas.removeAttribute("data-animating")
            if arrived:
                self._painted = None
                self.request()

    # Drawing ------------------------------------------------------------------

    def _picture(self, g: BoardGeometry, marks: list, pieces: dict, hidden: int | None, arrows: tuple) -> tuple:
        """All a still frame shows, as a value: a frame equal to the last
        one is not painted again (a tap that changes only the DOM, a second
        request in one frame)."""
        state = self.state
        return (
            state.kind.name, g, self.dpr, self.drag, arrows,
            tuple((mark.kind, mark.field, mark.piece.symbol if mark.piece is not None else None) for mark in marks),
            tuple(sorted((sq, piece.symbol) for sq, piece in pieces.items())),
            None if hidden is None else t("hidden_setup", side=t(("white", "black")[hidden])),
        )

    def draw(self) -> None:
        if not self._sized():
            self.resize(self.square)
        state = self.state
        kind = state.kind
        self.check_zoom()
        g = self.geometry()
        marks = board_view.marks(state)
        pieces = board_view.pieces(state)
        animating = self._animate(pieces)
        hidden = board_view.hidden_color(state)
        arrows = self._arrows(state)
        picture = self._picture(g, marks, pieces, hidden, arrows)
        if animating:  # the fields under the sprites are left out
            picture += (tuple(sorted(self._animation[1])),)
        if picture == self._painted:
            if self._launch:
                self._start_sprites(g)
            return  # nothing to paint, and no canvas for the browser to send on
        self._painted = picture
        # What is highlighted, for tests and tools: "selected:c3 move:c4 take:d4 ..."
        set_attr(self.canvas, "data-marks", " ".join(f"{mark.kind}:{mark.field}" for mark in marks) or None)

        s = g.square
        ctx = self.ctx
        ctx.setTransform(self.dpr, 0, 0, self.dpr, 0, 0)
        self._stamp_fields(g)  # opaque, the whole canvas: nothing to clear

        by_kind: dict[str, list] = {}
        for mark in marks:
            by_kind.setdefault(mark.kind, []).append(mark)

        for kind_name, color in (("last", LAST), ("selected", SELECTED), ("premove", PREMOVE)):
            ctx.fillStyle = color
            for mark in by_kind.get(kind_name, ()):
                x, y = self._origin(mark.field)
                ctx.fillRect(x, y, s, s)
        for mark in by_kind.get("ghost", ()):
            x, y = self._origin(mark.field)
            ctx.fillStyle = GHOST_FILL
            ctx.fillRect(x, y, s, s)
        for mark in by_kind.get("hint", ()):
            x, y = self._origin(mark.field)
            width = max(2, round(s * 0.05))
            ctx.fillStyle = HINT
            ctx.fillRect(x, y, s, s)
            ctx.strokeStyle = HINT_EDGE
            ctx.lineWidth = width
            ctx.strokeRect(x + width / 2, y + width / 2, s - width, s - width)

        self._zone_lines(g)

        # Pieces (those of a move being animated apart, over the rest),
        # clear of the ranks' numbers on the fields that have one.
        labelled = self._labelled(g)
        covered = self._animation[1] if animating else ()
        drag_origin = self.drag[0] if self.drag else None
        for sq, piece in pieces.items():
            if sq in covered:
                continue
            name = kind.square_name(sq)
            if name == drag_origin:
                ctx.globalAlpha = 0.3
                self._stamp_on(g, labelled, piece, sq)
                ctx.globalAlpha = 1
            else:
                self._stamp_on(g, labelled, piece, sq)

        # Ghost towers where a tower can be put.
        ctx.globalAlpha = GHOST_ALPHA
        for mark in by_kind.get("ghost", ()):
            if mark.piece is not None:  # (none over a pawn: board_view.marks)
                self._stamp_on(g, labelled, mark.piece, kind.square(mark.field))
        ctx.globalAlpha = 1

        # Moves as dots, takes as rings.
        ctx.fillStyle = MOVE_DOT
        for mark in by_kind.get("move", ()):
            cx, cy = self._center(mark.field)
            ctx.beginPath()
            ctx.arc(cx, cy, s * 0.15, 0, math.tau)
            ctx.fill()
        ctx.strokeStyle = TAKE_RING
        ctx.lineWidth = max(2.5, s * 0.075)
        for mark in by_kind.get("take", ()):
            cx, cy = self._center(mark.field)
            ctx.beginPath()
            ctx.arc(cx, cy, s * 0.455, 0, math.tau)
            ctx.stroke()

        played, better = arrows
        if played is not None:
            self._arrow(g, played, PLAYED_ARROW)
        if better is not None:
            self._arrow(g, better, BETTER_ARROW)
        self._coordinates(g)  # over the pieces: a piece never hides them

        if hidden is not None:
            self._hidden_zone(g, hidden)

        for mark in by_kind.get("cursor", ()):
            x, y = self._origin(mark.field)
            width = max(3, round(s * 0.06))
            ctx.strokeStyle = CURSOR
            ctx.lineWidth = width
            ctx.strokeRect(x + width / 2 + 1, y + width / 2 + 1, s - width - 2, s - width - 2)

        if self.drag:
            origin, px, py = self.drag
            piece = pieces.get(kind.square(origin))
            if piece is not None:
                size = s * 1.15
                self._stamp(piece, px - size / 2, py - size / 2, size)
        if self._launch:
            self._start_sprites(g)

    @staticmethod
    def _arrows(state) -> tuple[str | None, str | None]:
        """The review's (move played, better move) where the move from the
        position shown was marked (web/model/review.py), else Nones."""
        review = state.review
        if review is None or not review.complete or state.started_game is None:
            return None, None
        return review.arrows(state.replay.shown(state.game))

    def _arrow(self, g: BoardGeometry, token: str, color: str) -> None:
        """A move of the review, as an arrow."""
        state = self.state
        kind = state.kind
        move = Move.from_token(token, kind)
        x1, y1 = g.center(kind.file_of(move.origin), kind.rank_of(move.origin))
        x2, y2 = g.center(kind.file_of(move.target), kind.rank_of(move.target))
        angle = math.atan2(y2 - y1, x2 - x1)
        head = g.square * 0.32
        ctx = self.ctx
        ctx.strokeStyle = ctx.fillStyle = color
        ctx.lineWidth = max(3, g.square * 0.14)
        ctx.lineCap = "round"
        ctx.beginPath()
        ctx.moveTo(x1, y1)
        ctx.lineTo(x2 - math.cos(angle) * head, y2 - math.sin(angle) * head)
        ctx.stroke()
        ctx.beginPath()
        ctx.moveTo(x2, y2)
        for side in (-1, 1):
            ctx.lineTo(x2 - math.cos(angle + side * 0.5) * head * 1.3, y2 - math.sin(angle + side * 0.5) * head * 1.3)
        ctx.closePath()
        ctx.fill()

    def _origin(self, name: str):
        kind = self.state.kind
        sq = kind.square(name)
        return self.geometry().origin(kind.file_of(sq), kind.rank_of(sq))

    def _center(self, name: str):
        kind = self.state.kind
        sq = kind.square(name)
        return self.geometry().center(kind.file_of(sq), kind.rank_of(sq))

    def _zone_lines(self, g: BoardGeometry) -> None:
        """Lines between the set-up zones and the neutral rows (R1)."""
        ctx = self.ctx
        ctx.strokeStyle = ZONE_LINE
        ctx.lineWidth = max(2, g.square * 0.045)
        whole = self.overview()  # the canvas
        for rank in (ZONE_ROWS, g.rows - ZONE_ROWS):  # the first rank above a border
            at = g.border(rank)
            ctx.beginPath()
            if g.turned:  # the ranks run across: the borders stand upright
                ctx.moveTo(at, 0)
                ctx.lineTo(at, whole.height)
            else:
                ctx.moveTo(0, at)
                ctx.lineTo(whole.width, at)
            ctx.stroke()

    def _offscreen(self, box: tuple) -> tuple:
        """``(canvas, ctx)``: a canvas for the part ``box`` (x, y, width,
        height in board pixels) of the board, at the screen's density, whose
        context takes board pixels (a still part painted once, then stamped)."""
        x0, y0, width, height = box
        canvas = js.document.createElement("canvas")
        canvas.width = round(width * self.dpr)
        canvas.height = round(height * self.dpr)
        ctx = canvas.getContext("2d")
        ctx.setTransform(self.dpr, 0, 0, self.dpr, -x0 * self.dpr, -y0 * self.dpr)
        return canvas, ctx

    def _stamp_fields(self, g: BoardGeometry) -> None:
        """The fields the canvas shows, painted into a canvas of their own
        the first time this board's geometry shows, then stamped."""
        whole = self.overview()
        painted_for = (g, self.dpr)
        if self._fields is None or self._fields[0] != painted_for:
            canvas, ctx = self._offscreen((0, 0, whole.width, whole.height))
            _paint_fields(ctx, g)
            self._fields = (painted_for, canvas)
        self.ctx.drawImage(self._fields[1], 0, 0, whole.width, whole.height)

    def _labelled(self, g: BoardGeometry) -> tuple:
        """The coordinates' strips made for ``g`` if they are not yet: ``(the
        fields with a rank's number, the box the widest covers in its field,
        {symbol: place})``, the last filled as pieces stand there (_stamp_on)."""
        painted_for = (self.state.kind.name, g, self.dpr)
        if self._strips is None or self._strips[0] != painted_for:
            files, ranks = self._labels(g)
            # The letters may stand over a piece's foot, rimmed in the field's
            # color; no piece comes near a number (_stamp_on).
            (file_strip, _), (rank_strip, number) = self._strip(g, files, True), self._strip(g, ranks, False)
            self._strips = (painted_for, [file_strip, rank_strip],
                            ({(file, rank) for file, rank, _, _ in ranks}, number, {}))
        return self._strips[2]

    def _stamp_on(self, g: BoardGeometry, labelled: tuple, piece, sq: int) -> None:
        """``piece`` on its field; on a field with a rank's number, as large
        as it may be and clear of the widest number (layout.clear_of_label),
        so that the pieces of one kind stand in line along the edge."""
        kind = self.state.kind
        file, rank = kind.file_of(sq), kind.rank_of(sq)
        x, y = g.origin(file, rank)
        fields, number, places = labelled
        if (file, rank) in fields:
            place = places.get(piece.symbol)
            if place is None:
                place = places[piece.symbol] = clear_of_label(g.square, number, piece_outline(piece))
            dx, dy, size = place
            self._stamp(piece, x + dx, y + dy, size)
        else:
            self._stamp(piece, x, y, g.square)

    def _coordinates(self, g: BoardGeometry) -> None:
        """The files' letters and the ranks' numbers, each group painted once
        per board into a strip of its own (one row, one column of fields) and
        stamped: some 120 calls into the browser a frame became two, and the
        strips' raster is small (a full-board layer cost more, see above)."""
        self._labelled(g)
        for canvas, (x, y, w, h) in self._strips[1]:
            self.ctx.drawImage(canvas, x, y, w, h)

    def _labels(self, g: BoardGeometry) -> tuple[list, list]:
        """``(foot, side)``: each label as (file, rank, corner, text), the
        corner "top left" or "bottom right" of its field."""
        kind = self.state.kind
        whole = self.overview()
        # Along the foot of what shows and along its left side: files and
        # ranks (turned: the files run down, so their letters go on the left).
        foot, side = g.edges(whole.width, whole.height)
        files, ranks = (side, foot) if g.turned else (foot, side)
        file_corner, rank_corner = ("top left", "bottom right") if g.turned else ("bottom right", "top left")
        return ([(file, rank, file_corner, kind.file_letter(file)) for file, rank in files],
                [(file, rank, rank_corner, str(rank + 1)) for file, rank in ranks])

    def _strip(self, g: BoardGeometry, labels: list, rimmed: bool) -> tuple:
        """``((canvas, box), ink)``: ``labels`` painted into a canvas the size
        of the fields they stand on (``box``, board pixels), as they would be
        on the board, ``rimmed`` in the field's color; ``ink``: the box the
        widest of them covers in its field, with its rim (left, top, right,
        bottom from the field's corner)."""
        s = g.square
        corners = [g.origin(file, rank) for file, rank, _, _ in labels]
        x0, y0 = min(x for x, _ in corners), min(y for _, y in corners)
        box = (x0, y0, max(x for x, _ in corners) + s - x0, max(y for _, y in corners) + s - y0)
        canvas, ctx = self._offscreen(box)
        size = max(LABEL_LEAST, round(s * LABEL_SIZE))
        ctx.font = f"700 {size}px system-ui, sans-serif"
        rim = max(1, size * 0.11) if rimmed else 0
        ctx.lineWidth = rim * 2
        ctx.lineJoin = "round"
        ctx.textBaseline = "alphabetic"
        margin = max(1, round(s * LABEL_MARGIN))
        measures = [ctx.measureText(label) for _, _, _, label in labels]
        high = max(float(m.actualBoundingBoxAscent) for m in measures)  # one line for all: they stand in line
        wide = max(float(m.width) for m in measures)
        whole = self.overview()  # a zoomed view's last field may be cut at the canvas's edge
        for file, rank, corner, label in labels:
            x, y = g.origin(file, rank)
            top = corner.startswith("top")
            ctx.textAlign = "left" if corner.endswith("left") else "right"
            light = (file + rank) % 2
            ctx.fillStyle = LABEL_ON_LIGHT if light else LABEL_ON_DARK
            ctx.strokeStyle = LIGHT if light else DARK
            at = ((x + margin) if corner.endswith("left") else (min(x + s, whole.width) - margin),
                  (y + margin + high) if top else (min(y + s, whole.height) - margin))
            if rimmed:
                ctx.strokeText(label, *at)
            ctx.fillText(label, *at)
        corner = labels[0][2]
        left = margin if corner.endswith("left") else s - margin - wide
        upper = margin if corner.startswith("top") else s - margin - high
        return (canvas, box), (left - rim, upper - rim, left + wide + rim, upper + high + rim)

    def _hidden_zone(self, g: BoardGeometry, color: int) -> None:
        """Cover a set-up that must stay unseen (R4, hot-seat)."""
        kind = self.state.kind
        ctx = self.ctx
        ranks = [kind.zone_row(color, row) for row in (1, 2, 3)]
        if g.turned:  # the zone is three columns
            x0 = min(g.origin(0, r)[0] for r in ranks)
            box = (x0, g.top, g.square * 3, g.height)
        else:
            box = (g.left, min(g.origin(0, r)[1] for r in ranks), g.width, g.square * 3)
        ctx.fillStyle = "rgba(59, 47, 39, 0.82)"
        ctx.fillRect(*box)
        ctx.fillStyle = "#f7efe1"
        ctx.textAlign = "center"
        ctx.textBaseline = "middle"
        size = max(12, round(g.square * 0.26))
        ctx.font = f"600 {size}px system-ui, sans-serif"
        side = t("white") if color == 0 else t("black")
        x, y, w, h = box
        whole = self.overview()  # the words in the middle of what shows of the zone
        x, y = max(x, 0), max(y, 0)
        w, h = min(box[0] + w, whole.width) - x, min(box[1] + h, whole.height) - y
        ctx.fillText(t("hidden_setup", side=side), x + w / 2, y + h / 2, w - 8)
        ctx.textAlign = "left"
        ctx.textBaseline = "alphabetic"

    # Pieces -------------------------------------------------------------------

    def _stamp(self, piece, x: float, y: float, size: float) -> None:
        self.ctx.drawImage(self._sprite(piece, size), x, y, size, size)

    def _sprite(self, piece, size: float):
        """``piece`` painted ``size`` board pixels wide, once per size."""
        px = max(8, round(size * self.dpr))
        key = (piece.symbol, px)
        sprite = self._sprites.get(key)
        if sprite is None:
            sprite = js.document.createElement("canvas")
            sprite.width = px
            sprite.height = px
            paint_piece(sprite.getContext("2d"), piece, px)
            self._sprites[key] = sprite
        return sprite

    def prepare_sprites(self) -> None:
        """Paint the pieces of a set-up (both sides' towers and pawns) ahead,
        in time a player spends reading: each costs a phone's first frame
        with it a few milliseconds."""
        size = self.geometry().square
        for color in (WHITE, BLACK):
            for shape in SHAPES:
                self._sprite(tower(color, shape), size)
                self._sprite(stack(color, shape, 1), size)


def _paint_fields(ctx, g: BoardGeometry) -> None:
    """The fields, checkered so that diagonals are easy to follow: the light
    ones, then the dark ones (a color set twice, not once a field)."""
    for color, parity in ((LIGHT, 1), (DARK, 0)):
        ctx.fillStyle = color
        for rank in range(g.rows):
            for file in range(g.files):
                if (file + rank) % 2 == parity:
                    x, y = g.origin(file, rank)
                    ctx.fillRect(x, y, g.square, g.square)


def paint_piece(ctx, piece, s: float) -> None:
    """Paint ``piece`` into a square of ``s`` pixels at (0, 0): its prisms'
    walls, its top face and its label (shapes.piece_parts, as the SVG
    pictures draw it: shapes.piece_svg_parts)."""
    colors = PALETTE[piece.color]
    parts = piece_parts(piece)
    ctx.lineJoin = "round"
    ctx.lineWidth = s * OUTLINE
    ctx.strokeStyle = colors["edge"]
    ctx.fillStyle = colors["side"]
    for top, bottom in parts.layers:
        for wall in walls(parts.face, top, bottom):
            _polygon(ctx, wall, s)
    ctx.fillStyle = colors["fill"]
    _polygon(ctx, parts.face, s)
    x, y = parts.label_at
    ctx.font = f"700 {round(s * LETTER_SIZE)}px system-ui, sans-serif"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.lineWidth = s * LETTER_RIM
    ctx.strokeStyle = LETTER_EDGE
    ctx.strokeText(parts.label, x * s, y * s + s * 0.01)
    ctx.fillStyle = LETTER_FILL
    ctx.fillText(parts.label, x * s, y * s + s * 0.01)


def _polygon(ctx, points, s: float) -> None:
    """Fill and outline ``points`` (unit box) in a square of ``s`` pixels."""
    ctx.beginPath()
    ctx.moveTo(points[0][0] * s, points[0][1] * s)
    for px, py in points[1:]:
        ctx.lineTo(px * s, py * s)
    ctx.closePath()
    ctx.fill()
    ctx.stroke()
