"""Small DOM helpers. Player text is only ever set as textContent."""

from __future__ import annotations

import js
from pyscript.ffi import create_proxy

from web.i18n.texts import language, t

#: Every proxy made by :func:`keep` (listeners, worker handlers), kept for
#: the page's lifetime (they are never removed).
_KEPT: list = []


def keep(fn):
    """A JavaScript function that calls the Python ``fn``, kept for the page's lifetime."""
    proxy = create_proxy(fn)
    _KEPT.append(proxy)
    return proxy


def on(node, event: str, handler) -> None:
    """Call the Python ``handler(event)`` on ``node``'s ``event``."""
    node.addEventListener(event, keep(handler))


# The browser's timers, called through a function of our own: MicroPython
# 1.28 keeps one proxy per JavaScript function, and once its asyncio has
# called setTimeout as a function of the global scope, ``window.setTimeout(f,
# 0)`` from Python is made as ``setTimeout.call(f, 0)`` ("Illegal invocation").
_TIMER = js.Function.new("name", "callback", "ms", "return globalThis[name](callback, ms);")


def timeout(callback, ms: float):
    """``setTimeout(callback, ms)`` for a JavaScript function (a kept proxy)."""
    return _TIMER("setTimeout", callback, ms)


def interval(callback, ms: float):
    """``setInterval(callback, ms)`` for a JavaScript function (a kept proxy)."""
    return _TIMER("setInterval", callback, ms)


def next_frame(callback):
    """``requestAnimationFrame(callback)`` for a JavaScript function (a kept proxy)."""
    return _TIMER("requestAnimationFrame", callback, 0)


_IDLE = js.Function.new(
    "callback", "return globalThis.requestIdleCallback ? globalThis.requestIdleCallback(callback)"
    " : globalThis.setTimeout(callback, 50);")  # Safari has no requestIdleCallback


def when_idle(fn) -> None:
    """Call ``fn()`` once, when the browser has nothing else to do
    (requestIdleCallback): work a player would otherwise wait for later."""
    _IDLE(create_proxy(lambda *args: fn()))


def later(ms: float, fn) -> None:
    """Call ``fn()`` once, ``ms`` milliseconds from now (setTimeout)."""
    timeout(create_proxy(lambda *args: fn()), ms)


def by_id(name: str):
    return js.document.getElementById(name)


def add_rulings(node, rulings: list[str]) -> None:
    """A refusal's details after its sentence: the ids of the
    rulings it applies, as a link to the rules in the page's language."""
    if rulings:
        node.append(" ", el("a", " ".join(rulings), "rule-ref", href=f"./rules/{language()}.html",
                            target="_blank", rel="noopener", title=t("rule_ref_title")))


def el(tag: str, text: str | None = None, cls: str | None = None, **attrs):
    node = js.document.createElement(tag)
    if text is not None:
        node.textContent = text
    if cls:
        node.className = cls
    for key, value in attrs.items():
        node.setAttribute(key.replace("_", "-"), str(value))
    return node


def set_text(node, text: str) -> None:
    if node.textContent != text:
        node.textContent = text


def set_attr(node, name: str, value: str | None) -> None:
    """Set ``name`` to ``value`` (None: remove it), touching the DOM only on a change."""
    if value is None:
        if node.hasAttribute(name):
            node.removeAttribute(name)
    elif node.getAttribute(name) != value:
        node.setAttribute(name, value)


#: A field's length, read in JavaScript: ``node.value`` from Python brings
#: the whole text into Python's memory first (a pasted megabyte would not fit).
_VALUE_LENGTH = js.Function.new("node", "return node.value.length;")


def value_length(node) -> int:
    """How long the text in ``node`` (a textarea, an input) is, in UTF-16 units, left in the browser."""
    return int(_VALUE_LENGTH(node))


def show(node, visible: bool) -> None:
    if bool(node.hidden) == visible:
        node.hidden = not visible


def clear(node) -> None:
    while node.firstChild:
        node.removeChild(node.firstChild)


def apply_texts(root=None) -> None:
    """Fill data-text / data-label / data-title elements from texts.py."""
    root = root or js.document
    for node in root.querySelectorAll("[data-text]"):
        node.textContent = t(node.getAttribute("data-text"))
    for node in root.querySelectorAll("[data-label]"):
        node.setAttribute("aria-label", t(node.getAttribute("data-label")))
    for node in root.querySelectorAll("[data-title]"):
        node.setAttribute("title", t(node.getAttribute("data-title")))


async def fetch_text(url: str) -> str:
    """The text at ``url`` (a file of the site: lessons, puzzles, the ladder); OSError if not found."""
    response = await js.window.fetch(url)
    if not response.ok:
        raise OSError(f"{url}: HTTP {response.status}")
    return str(await response.text())
