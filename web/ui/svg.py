"""Small SVG drawings made of nodes (the review's graph, a rating's history)."""

from __future__ import annotations

import js

from web.model.rankings import history_plot

SVG = "http://www.w3.org/2000/svg"
#: A rating history's plot (px).
PLOT_WIDTH, PLOT_HEIGHT = 220, 70


def add(svg, name: str, **attrs) -> None:
    """A node ``name`` with ``attrs`` (underscores as they are: pass odd names with ``**{}``)."""
    node = js.document.createElementNS(SVG, name)
    for key, value in attrs.items():
        node.setAttribute(key, str(value))
    svg.appendChild(node)


def label(svg, words: str, x: float, y: float, anchor: str) -> None:
    """A small axis label at (x, y), anchored ``start``, ``middle`` or ``end``."""
    node = js.document.createElementNS(SVG, "text")
    for key, value in (("x", f"{x:.1f}"), ("y", f"{y:.1f}"), ("text-anchor", anchor), ("font-size", "9"),
                       ("fill", "#6b5d50")):
        node.setAttribute(key, value)
    node.textContent = words
    svg.appendChild(node)


def rating_plot(history: list[int], words: str, kind: str = "rk-rating-graph"):
    """A rating (or points, R26) after each game or puzzle (``history``, the
    first before any): a line over an axis, the numbers of the first and
    last under it; ``words`` say it for a screen reader; ``kind``: its class
    beside ``rk-graph``."""
    svg = js.document.createElementNS(SVG, "svg")
    for key, value in (("viewBox", f"0 0 {PLOT_WIDTH} {PLOT_HEIGHT}"), ("class", f"rk-graph {kind}"), ("role", "img"),
                       ("aria-label", words)):
        svg.setAttribute(key, value)
    plot = history_plot(history, PLOT_WIDTH, PLOT_HEIGHT)
    left, right = plot.points[0][0], PLOT_WIDTH - 6
    for rating, y in plot.ticks:
        add(svg, "line", x1=left, y1=f"{y:.1f}", x2=right, y2=f"{y:.1f}", stroke="#e0d5c4")
        label(svg, str(rating), left - 3, y + 3, "end")
    for number, x in plot.games:  # the last one's end at its game: "2500" is not cut off by the edge
        last = number > 0 and number == plot.games[-1][0]
        label(svg, str(number), x + 4 if last else x, PLOT_HEIGHT - 2, "end" if last else "middle")
    add(svg, "polyline", points=" ".join(f"{x:.1f},{y:.1f}" for x, y in plot.points), fill="none",
        stroke="#2e9668", **{"stroke-width": 1.8})
    x, y = plot.points[-1]
    add(svg, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=2.6, fill="#2e9668")
    return svg
