"""The DOM around the board: player bars (name, spare and waiting towers,
clock element), the move list, the endgame-rule box, the help text, the
marks on a box that scrolls. (The legend is in the page from the build:
web/model/legend.py.)"""

from __future__ import annotations

from militakiri.pieces import WHITE
from militakiri.record import move_number, variation_text

from web.model import board_view
from web.i18n.texts import t
from web.model.formatting import bar_name, move_list_markup, tower_box
from web.model.core import OVER
from web.model.points import status_name
from web.ui.dom import by_id, clear, el, keep, next_frame, on, set_attr, set_text, show

COLOR_IDS = ("white", "black")


class PlayerBars:
    """One bar per color; the bar of the side at the top of the board comes first."""

    def __init__(self, state) -> None:
        self.state = state
        self.bars = []
        self._keys = [None, None]
        for cid in COLOR_IDS:
            bar = by_id(f"bar-{cid}")
            clear(bar)
            who = el("div", cls="who")
            who.appendChild(el("span", cls="chip", aria_hidden="true"))
            # The name alone in view (the chip shows the side: "Tester (W…"
            # was all a bar had room for); the whole label for a screen reader.
            name = el("span", cls="name", aria_hidden="true")
            who.appendChild(name)
            label = el("span", cls="visually-hidden")
            who.appendChild(label)
            rating = el("span", cls="rating", aria_hidden="true")
            who.appendChild(rating)
            standing = el("span", cls="standing", aria_hidden="true")  # rank status and points (R26, R27)
            who.appendChild(standing)
            towers = el("div", cls="towers")
            clock = el("div", cls="clock", role="timer", id=f"clock-{cid}")
            bar.appendChild(who)
            bar.appendChild(towers)
            bar.appendChild(clock)
            self.bars.append({"bar": bar, "name": name, "label": label, "rating": rating, "standing": standing,
                              "towers": towers, "clock": clock})
        self.play = by_id("play")
        #: Each side's rating while a rated game is on, as the bars show it
        #: ("1500?"), and a profile's rank status and points (the status's
        #: key, the points; None for a level), or None: web/ui/rankings.py gives it.
        self.ratings = lambda: (None, None)

    def clock(self, color: int):
        return self.bars[color]["clock"]

    def invalidate(self) -> None:
        """Draw the towers again at the next update (their texts changed language)."""
        self._keys = [None, None]

    def update(self) -> None:
        state = self.state
        top = WHITE if state.flipped else 1 - WHITE
        ratings = self.ratings()
        for color, parts in enumerate(self.bars):
            bar = parts["bar"]
            bar.style.order = "0" if color == top else "2"
            set_attr(bar, "data-place", "top" if color == top else "bottom")  # (beside the board: style.css)
            label = state.label(color)
            level = state.settings.level if state.computer == color else None
            shown = bar_name(color, (state.players.white, state.players.black)[color], level)
            set_text(parts["name"], shown)
            rating, standing = ratings[color] or (None, None)
            set_text(parts["rating"], rating or "")
            status = None if standing is None else status_name(standing[0])
            set_text(parts["standing"], "" if standing is None else t("bar_standing", status=status,
                                                                       points=standing[1]))
            if rating is None:
                said = label
            elif standing is None:
                said = t("bar_rated", player=label, rating=rating)
            else:
                said = t("bar_rated_standing", player=label, rating=rating, status=status, points=standing[1])
            set_text(parts["label"], said)
            set_attr(parts["name"], "title", label)
            active = state.turn == color and state.phase != OVER
            bar.classList.toggle("active", bool(active))
            self._towers(color, parts["towers"])
        by_id("board-wrap").style.order = "1"

    def _towers(self, color: int, box) -> None:
        state = self.state
        game = state.started_game
        if game is None:
            key = None
        else:
            position = state.shown_position()  # a past one while replaying
            left = position.moves_left[color] if position.moves_left is not None else None
            key = (tuple(position.spares[color]), board_view.waiting_shown(state, color), left, position.towers[color])
        if key == self._keys[color]:
            return
        self._keys[color] = key
        if key is None:
            clear(box)
            return
        markup, label = tower_box(color, *key)
        box.innerHTML = markup  # the page's own words and icons (formatting.tower_box)
        set_attr(box, "aria-label", label)


class MoveList:
    def __init__(self, state) -> None:
        self.state = state
        self.list = by_id("moves")
        self.empty = by_id("moves-empty")
        self._key = None
        self._scroll_frame = keep(self._scroll)

    def update(self) -> None:
        state = self.state
        game = state.started_game
        tokens = list(game.tokens) if game is not None else []
        # Each move is clickable (web/ui/session.py): data-ply = moves played after it.
        shown = state.replay.shown(game) if tokens and state.viewing_past() else None
        review = state.review if state.review is not None and state.review.complete else None
        # The variations beside the moves (a record's, or explored here), as the record writes them.
        first = state.first_move_number()
        variations = {}
        if game is not None and tokens:
            for ply, lines in game.variations.items():
                number, mover = move_number(ply, first, game.start.turn)
                variations[ply] = [variation_text(line, number, mover) for line in lines]
        beside = tuple(sorted((ply, tuple(texts)) for ply, texts in variations.items()))
        key = (state.game_id, tuple(tokens), shown, id(review), beside)
        if key == self._key:
            return
        self._key = key
        show(self.empty, not tokens)
        if not tokens:
            clear(self.list)
            return
        marks = [review.mark(ply) for ply in range(1, len(tokens) + 1)] if review is not None else []
        # One step into the page (a row of elements made one by one was a
        # dozen calls into the browser per move, every move).
        self.list.innerHTML = move_list_markup(tokens, first, game.start.turn, shown, marks, variations)
        # Scrolling reads the layout: in the next frame, which lays the page
        # out anyway, not now, between the refresh's other changes.
        next_frame(self._scroll_frame)

    def _scroll(self, *_args) -> None:
        """The move shown in the middle of the list, or the last move in view."""
        marked = self.list.querySelector(".shown")
        if marked:  # (JS null is falsy) scroll the list only, never the page (.moves is positioned)
            self.list.scrollTop = max(0, marked.offsetTop - self.list.clientHeight // 2)
        else:
            self.list.scrollTop = self.list.scrollHeight


class ScrollEdges:
    """Says on a box that scrolls where more of it is: ``data-more`` is
    "above", "below", "above below", or absent when all of it shows
    (style.css fades such an edge: a scrollbar may not show, and a line cut
    at the box's edge looked like words running under what is next to it).
    Marked again at each scroll and whenever the page calls ``update``."""

    def __init__(self, node) -> None:
        self.node = node
        on(node, "scroll", lambda event: self.update())

    def update(self) -> None:
        node = self.node
        top = node.scrollTop
        more = " ".join(word for word, there in (("above", top > 1),
                                                  ("below", top + node.clientHeight < node.scrollHeight - 1))
                        if there)
        set_attr(node, "data-more", more or None)


class EndgameBox:
    def __init__(self, state) -> None:
        self.state = state
        self.box = by_id("endgame")
        self._key = None

    def invalidate(self) -> None:
        """Write the box again at the next update (its texts changed language)."""
        self._key = None

    def update(self) -> None:
        state = self.state
        left = state.shown_position().moves_left if state.started_game is not None else None
        if left == self._key:
            return
        self._key = left
        show(self.box, left is not None)
        if left is None:
            return
        clear(self.box)
        self.box.appendChild(el("strong", t("endgame_on")))
        self.box.appendChild(el("span", t("endgame_left", white=state.label(0), wleft=left[0],
                                          black=state.label(1), bleft=left[1])))


def fill_help(against_computer: bool = False) -> None:
    """How to play, for a game against the computer or between two people here."""
    body = by_id("help-body")
    clear(body)
    players = "help_vs_computer" if against_computer else "help_hotseat"
    body.appendChild(el("p", t("help_goal") + " " + t(players)))
    for key in ("help_setup", "help_move", "help_take", "help_promote",
                "help_endgame", "help_computer", "help_controls"):
        body.appendChild(el("p", t(key)))

