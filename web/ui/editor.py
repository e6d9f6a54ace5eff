"""The analysis board's editor (browser glue): set up any position
by hand, then play on from it (against the computer or as two players) or
share it as a link. The model is web/model/editor.py; every check is the
engine's, said as the position changes.

A field is a button: a tap puts the chosen piece there, or takes it away if
that very piece stands there. The side to move, the board and each player's
spare towers are chosen below the board.

Hooks for tests: ``#ed-board button[data-square]`` (``data-piece``: the
piece's symbol, empty for none), ``#ed-problem`` (the engine's reason, in
the row of buttons at the dialog's foot, or that the position can be
played), ``#ed-url``.
"""

from __future__ import annotations

import js

from militakiri.messages import rulings_cited, without_rulings
from militakiri.pieces import BLACK, PROMOTION_HEIGHT, SHAPES, WHITE, stack, tower

from web.i18n.texts import t
from web.model.editor import BoardEditor
from web.model.layout import BoardGeometry, editor_layout
from web.model.shapes import icon_markup, markup_text
from web.ui.dom import add_rulings, by_id, clear, el, on, set_attr, set_text
from web.ui.share_dialogs import copy_text

#: The kinds of piece the editor places: a tower, or a stack of 1 to 4 pawns.
KINDS = ("tower", "1", "2", "3", "4")
KIND_WORDS = {"tower": "ed_tower", "1": "ed_pawn", "2": "ed_rank_2", "3": "ed_rank_3", "4": "ed_rank_4"}
#: The dialog around its board (CSS px, style.css): its padding and the
#: border of the board; above and below, the dialog's margins, its
#: padding and the row that stays at its foot (the reason Play from here
#: is off, up to three lines, and the buttons), so that the board
#: scrolled into view shows whole.
AROUND_WIDTH = 44
AROUND_HEIGHT = 210
#: A phone held sideways (style.css: at most 500 px high, landscape): the
#: foot keeps its buttons only until a reason is said, and the board the
#: room a finger needs, turned (a reason then covers its last row until
#: scrolled).
SHORT_HEIGHT, SHORT_AROUND_HEIGHT = 500, 150
SHAPE_WORDS = ("shape_star", "shape_cross", "shape_plus")
COLOR_WORDS = ("white", "black")


class Editor:
    def __init__(self, app) -> None:
        self.app = app
        self.dialog = by_id("dlg-editor")
        self.model: BoardEditor | None = None
        # The one listener the page's start pays for (a proxy into the browser
        # costs MicroPython a few ms on a phone); the rest at the first open.
        on(by_id("ng-editor"), "click", lambda e: (by_id("dlg-new").close(), self.open()))

    def _wire(self) -> None:
        on(by_id("ed-board"), "click", self._board_clicked)
        for name in ("ed-color", "ed-shape", "ed-kind"):
            on(by_id(name), "change", lambda e: self._preview())
        on(by_id("ed-turn"), "change", lambda e: self._turn_changed())
        on(by_id("ed-kindboard"), "change", lambda e: self._board_changed())
        on(by_id("ed-spares"), "change", self._spares_changed)
        on(by_id("ed-clear"), "click", lambda e: (self.model.clear(), self._show()))
        on(by_id("ed-copy"), "click", lambda e: copy_text(by_id("ed-url"), by_id("ed-copied")))
        on(by_id("ed-close"), "click", lambda e: self.dialog.close())
        on(by_id("ed-play"), "click", lambda e: self._play())
        on(js.window, "resize", lambda e: self._show() if self.dialog.open else None)

    def open(self) -> None:
        """The editor, holding the position on the board (else an empty single board)."""
        if self.model is None:
            self._wire()
        state = self.app.state
        if state.started_game is not None:
            self.model = BoardEditor.from_position(state.shown_position())
        else:
            self.model = BoardEditor.empty(state.kind.name)
        self._choices()
        if not self.dialog.open:
            self.dialog.showModal()  # first: the board is sized to the open dialog
        self._show()

    # Choices ---------------------------------------------------------------------

    def _choices(self) -> None:
        """The selects' options in the page's language."""
        def fill(name: str, options: list[tuple[str, str]], value: str) -> None:
            node = by_id(name)
            clear(node)
            for key, words in options:
                node.appendChild(el("option", words, value=key))
            node.value = value

        color = by_id("ed-color").value or "0"
        shape = by_id("ed-shape").value or "0"
        kind = by_id("ed-kind").value or "tower"
        fill("ed-color", [(str(c), t(COLOR_WORDS[c])) for c in (WHITE, BLACK)], color)
        fill("ed-shape", [(str(s), t(SHAPE_WORDS[s])) for s in SHAPES], shape)
        fill("ed-kind", [(k, t(KIND_WORDS[k])) for k in KINDS], kind)
        fill("ed-turn", [(str(c), t(COLOR_WORDS[c])) for c in (WHITE, BLACK)], str(self.model.turn))
        fill("ed-kindboard", [("single", t("ng_single")), ("double", t("ng_double"))], self.model.kind.name)
        set_attr(by_id("ed-board"), "aria-label", t("ed_board"))
        self._preview()

    def _chosen(self):
        color, shape, kind = int(by_id("ed-color").value), int(by_id("ed-shape").value), by_id("ed-kind").value
        return tower(color, shape) if kind == "tower" else stack(color, shape, int(kind))

    def _preview(self) -> None:
        # A rank taller than its shape's promotion height is no piece (R13): not offered.
        tallest = PROMOTION_HEIGHT[int(by_id("ed-shape").value)]
        kinds = by_id("ed-kind")
        for option in kinds.options:
            option.disabled = option.value != "tower" and int(option.value) > tallest
        if kinds.value != "tower" and int(kinds.value) > tallest:
            kinds.value = str(tallest)
        by_id("ed-preview").innerHTML = icon_markup(self._chosen(), 30)  # the page's own icon

    # Changes ---------------------------------------------------------------------

    def _board_clicked(self, event) -> None:
        button = event.target.closest("button[data-square]") if event.target else None
        if not button:
            return
        square = str(button.getAttribute("data-square"))
        piece = self._chosen()
        self.model.put(square, None if self.model.piece_at(square) is piece else piece)
        self._show()

    def _turn_changed(self) -> None:
        self.model.turn = int(by_id("ed-turn").value)
        self._show()

    def _board_changed(self) -> None:
        name = by_id("ed-kindboard").value
        if name != self.model.kind.name:
            self.model = BoardEditor.empty(name)
            self._show()

    def _spares_changed(self, event) -> None:
        node = event.target
        try:
            count = int(str(node.value or "0"))
        except ValueError:
            count = 0
        color, shape = int(node.getAttribute("data-color")), int(node.getAttribute("data-shape"))
        if node.getAttribute("data-waiting"):
            self.model.set_waiting(color, shape, count)
        else:
            self.model.set_spares(color, shape, count)
        self._show()

    def _play(self) -> None:
        """Play on from the position: New game, the position filled in."""
        if self.model.problem() is None:
            self.dialog.close()
            self.app.dialogs.open_new(practice=self.model.position_string())

    # Showing ---------------------------------------------------------------------

    def _show(self) -> None:
        model = self.model
        kind = model.kind
        grid = by_id("ed-board")
        # As wide as the dialog lets it, whole in the window when scrolled to,
        # turned where the game's board would be (layout.editor_layout).
        high, wide = js.window.innerHeight, js.window.innerWidth
        around = SHORT_AROUND_HEIGHT if high <= SHORT_HEIGHT and wide > high else AROUND_HEIGHT
        fit = editor_layout(kind.files, kind.rows, self.dialog.clientWidth - AROUND_WIDTH, high - around)
        g = BoardGeometry(kind.files, kind.rows, fit.square, turned=fit.turned)
        grid.style.gridTemplateColumns = f"repeat({g.across}, {g.square}px)"
        grid.style.width = ""
        parts = []
        for line in range(g.down):
            for column in range(g.across):
                file, rank = g.cell(column, line)
                name = kind.square_name(kind.at(file, rank))
                piece = model.piece_at(name)
                dark = (file + rank) % 2 == 0
                words = markup_text(model.field_words(name))
                # Coordinates as the game's board has them: ranks on the left, files along the foot
                # (turned, the files run down: their letters on the left).
                side, foot = (kind.file_letter(file), str(rank + 1)) if g.turned else \
                    (str(rank + 1), kind.file_letter(file))
                marks = (f'<span class="ed-side">{side}</span>' if column == 0 else "") + \
                    (f'<span class="ed-foot">{foot}</span>' if line == g.down - 1 else "")
                parts.append(f'<button type="button" class="ed-field{" dark" if dark else ""}" data-square="{name}" '
                             f'data-piece="{piece.symbol if piece else ""}" aria-label="{words}">'
                             f'{icon_markup(piece, 26) if piece else ""}{marks}</button>')
        grid.innerHTML = "".join(parts)  # squares, symbols and the page's own words and icons
        spares = by_id("ed-spares")
        if not spares.firstElementChild or spares.getAttribute("data-kind") != kind.name:
            self._spare_inputs(spares)
        for color in (WHITE, BLACK):
            for shape in SHAPES:
                by_id(f"ed-spare-{color}-{shape}").value = str(model.spares[color][shape])
                by_id(f"ed-wait-{color}-{shape}").value = str(model.waiting[color].count(shape))
        by_id("ed-turn").value = str(model.turn)
        problem = model.problem()
        box = by_id("ed-problem")
        set_text(box, without_rulings(problem) if problem else t("ed_fine"))
        add_rulings(box, rulings_cited(problem or ""))  # a refusal's details
        by_id("ed-problem").classList.toggle("error", problem is not None)
        by_id("ed-play").disabled = problem is not None
        by_id("ed-copy").disabled = problem is not None  # (no link to copy)
        url = str(js.window.location.href).split("?")[0].split("#")[0]
        by_id("ed-url").value = "" if problem else f"{url}?position={js.encodeURIComponent(model.position_string())}"

    def _spare_inputs(self, box) -> None:
        """Per player, the spare towers and the waiting ones (R15), per shape."""
        clear(box)
        set_attr(box, "data-kind", self.model.kind.name)
        for words, each, prefix, waiting in (("ed_spares_of", "ed_spares_of_label", "ed-spare", ""),
                                             ("ed_waiting_of", "ed_waiting_of_label", "ed-wait", "1")):
            for color in (WHITE, BLACK):
                row = el("div", cls="ed-spare-row")
                row.appendChild(el("span", t(words, player=t(COLOR_WORDS[color])), "lbl"))
                for shape in SHAPES:
                    label = el("label", cls="ed-spare")
                    label.innerHTML = icon_markup(tower(color, shape), 18)
                    label.appendChild(el("input", type="number", inputmode="numeric", min="0", max="9", step="1",
                                         id=f"{prefix}-{color}-{shape}", data_color=str(color),
                                         data_shape=str(shape), data_waiting=waiting,
                                         aria_label=t(each, player=t(COLOR_WORDS[color]),
                                                      shape=t(SHAPE_WORDS[shape]))))
                    row.appendChild(label)
                box.appendChild(row)
