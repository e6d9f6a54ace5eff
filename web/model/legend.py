"""The legend beside the board: the pieces it shows and the words beside
them (keys of web/i18n/texts.py).

The build writes it into index.html (tools/prerender.py), so it is there
at the first paint and the page's Python never builds it: its words are
keyed texts (``data-text``), relabelled with every other text when the
language changes.

>>> html = legend_html()
>>> html.count("<li>"), html.count("<svg"), 'data-text="legend_marks"' in html
(6, 10, True)
"""

from __future__ import annotations

from militakiri.pieces import BLACK, WHITE, stack, tower

from web.model.shapes import icon_svg

#: Each row: two pieces, and the key of the words beside them.
ROWS = (
    (tower(WHITE, 0), stack(WHITE, 0, 1), "legend_star"),
    (tower(WHITE, 1), stack(WHITE, 1, 1), "legend_cross"),
    (tower(WHITE, 2), stack(WHITE, 2, 1), "legend_plus"),
    (tower(WHITE, 2), tower(BLACK, 1), "legend_tower"),
    (stack(WHITE, 0, 1), stack(BLACK, 1, 3), "legend_pawn"),
)
#: Then a row of words alone: what the marks on the board mean.
MARKS = "legend_marks"
ICON_SIZE = 26


def legend_html() -> str:
    """The legend's list items (the inside of ``<ul id="legend-list">``)."""
    rows = [f'<li>{icon_svg(first, ICON_SIZE)}{icon_svg(second, ICON_SIZE)}<span data-text="{key}"></span></li>'
            for first, second, key in ROWS]
    return "".join(rows) + f'<li><span data-text="{MARKS}"></span></li>'
