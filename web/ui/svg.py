"""Small SVG drawings made of nodes (the review's graph, a rating's history)."""

from __future__ import annotations

import js

SVG = "http://www.w3.org/2000/svg"


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
