#!/usr/bin/env python3
"""Make the app icons in icons/ (checked in; the build only copies them).

    .venv/bin/python tools/icons.py

The picture is a red star tower, drawn as the board draws it
(web/model/shapes.py: the star's prism, four pawns high, marked T; R28, R29), on the
page's dark top-bar color:

    icons/icon.svg            rounded square, the page's favicon
    icons/icon-192.png        "any" purpose, for the manifest and apple-touch-icon
    icons/icon-512.png
    icons/icon-maskable-512.png  full bleed, the picture inside the 80 % safe circle

The PNGs are rendered by the system Chromium through Playwright (never
``playwright install``), so they are anti-aliased exactly like the SVG.
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python tools/icons.py`: tools, militakiri
    sys.path.insert(0, str(ROOT))

from militakiri.pieces import STAR, WHITE, tower  # noqa: E402
from web.model import shapes  # noqa: E402

OUT = ROOT / "icons"
BACKGROUND = "#3b2f27"
CHROMIUM = "/usr/bin/chromium"


def svg(maskable: bool) -> str:
    """The icon as SVG text in a 100 x 100 box."""
    # The picture's box: the whole icon, or the safe zone of a maskable one.
    inset = 20 if maskable else 13
    size = 100 - 2 * inset

    corner = 0 if maskable else 18
    # The tower fills its box: the star's points reach the sides.
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" rx="{corner}" fill="{BACKGROUND}"/>'
        f"{shapes.piece_svg_parts(tower(WHITE, STAR), inset - size * 0.08, inset - size * 0.08, size * 1.16)}"
        "</svg>\n"
    )


def render(svg_text: str, size: int, path: Path) -> None:
    from playwright.sync_api import sync_playwright

    data = base64.b64encode(svg_text.encode()).decode()
    html = (f'<html><body style="margin:0;background:transparent">'
            f'<img src="data:image/svg+xml;base64,{data}" width="{size}" height="{size}">'
            '</body></html>')
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": size, "height": size})
        page.set_content(html)
        page.screenshot(path=str(path), omit_background=True)
        browser.close()


def main() -> int:
    OUT.mkdir(exist_ok=True)
    plain, maskable = svg(False), svg(True)
    (OUT / "icon.svg").write_text(plain)
    render(plain, 192, OUT / "icon-192.png")
    render(plain, 512, OUT / "icon-512.png")
    render(maskable, 512, OUT / "icon-maskable-512.png")
    for path in sorted(OUT.iterdir()):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
