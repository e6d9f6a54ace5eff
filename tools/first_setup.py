"""The set-up before Python: what the engine says of every click, as data.

On a first visit the runtime takes seconds to load (on a phone, many), and
a new game begins with the player placing their towers (R4). So that the
board takes those clicks at once, this build step asks the page's own
set-up stage (web/model/setup_stage.py, which asks the engine's SetupDraft)
about every field of the single board, for each colour, and writes the
answers into index.html (``<script id="first-setup">``) for
web/boot/early_setup.js. The script only looks answers up; it holds no rule.

For one colour the answers are:

- ``row``: the set-up row (1-3) of each field of the set-up zone;
- ``shows``: what the board shows with a tower on that field, the tower and
  the pawns its row fills in (R4), as ``{field: sprite}``;
- ``ghosts``: per row without a tower, the fields where its tower may go;
- ``refusals``: for every field where a click is refused once its row is
  empty, the page's words for it in every language (R24);
- ``prompt`` / ``complete``: the status line while placing and once every
  row has its tower, with ``{player}`` left to fill.

A click on the single board means what SetupStage.point makes of it: on a
tower, that tower goes; elsewhere on a row, the row's tower moves there.
So every answer depends on the field and its own row alone. ``table``
does not assume this: it checks it against the stage, and
tests/web/test_first_setup.py checks every reachable set-up against it.
"""

from __future__ import annotations

import json
from itertools import product
from pathlib import Path
from urllib.parse import quote

from militakiri.board import board_kind
from militakiri.pieces import SHAPES, WHITE, stack, tower
from tools import page_module
from tools.rules import piece_svg

#: The board the set-up before Python runs on. The double board's set-up
#: waits for Python: its clicks depend on the row's other tower (R5).
BOARD = "single"


#: The script that reads the table; the table goes right before it.
SCRIPT = '<script src="./web/boot/early_setup.js"></script>'


def render(page: str, root: Path) -> str:
    """``page`` with the table as JSON before the script (which must be there)."""
    if SCRIPT not in page:
        raise FirstSetupError(f"index.html: no {SCRIPT}")
    data = json.dumps(table(root), ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return page.replace(SCRIPT, f'<script id="first-setup" type="application/json">{data}</script>\n{SCRIPT}', 1)


def pawn(color: int, shape: int):
    return stack(color, shape, 1)


class FirstSetupError(ValueError):
    """An answer would depend on more than its field and row: the table would lie."""


def sprite_name(piece) -> str:
    """``"t0s"``: tower/pawn, colour, shape letter, as keys of the sprites."""
    return f"{'t' if piece.is_tower else 'p'}{piece.color}{'sxp'[piece.shape]}"


def table(root: Path) -> dict:
    """Every answer of the set-up stage the script needs (see the module)."""
    setup_stage = page_module(root, "web.model.setup_stage")
    texts = page_module(root, "web.i18n.texts")
    shapes = page_module(root, "web.model.shapes")

    kind = board_kind(BOARD)
    names = [kind.square_name(sq) for sq in range(kind.files * kind.rows)]
    colours = []
    for color in (WHITE, 1 - WHITE):
        stage = setup_stage.SetupStage(kind)
        stage.color = color
        draft = stage.draft
        rows = {name: draft.row_of(name) for name in names if draft.row_of(name) is not None}
        by_row = {row: [name for name in rows if rows[name] == row] for row in (1, 2, 3)}
        shows, refusals, ghosts, accepted = {}, {}, {}, set()
        # Every set-up this colour can hold: no tower, or one on any field, per row.
        for placed in product(*[[None, *by_row[row]] for row in (1, 2, 3)]):
            for name in names:
                answer = _answer(setup_stage, kind, color, placed, name, texts)
                row = rows.get(name)
                if row is not None and placed[row - 1] is None and answer["refusal"] is None:
                    _same(shows, name, {sq: sprite_name(piece) for sq, piece in answer["pieces"].items()}, placed)
                if answer["refusal"] is not None:
                    _same(refusals, name, answer["refusal"], placed)
                else:
                    accepted.add(name)
                if name in accepted and name in refusals:
                    raise FirstSetupError(f"{name}: refused in one set-up, not in another ({placed})")
            for row in (1, 2, 3):
                if placed[row - 1] is None:
                    _same(ghosts, str(row), _ghosts(setup_stage, kind, color, placed, row), placed)
        prompt, complete = {}, {}
        for code in texts.TEXTS:
            texts.set_language(code)
            prompt[code] = stage.prompt("{player}").text()
            done = setup_stage.SetupStage(kind)
            done.color = color
            for name in (by_row[1][0], by_row[2][0], by_row[3][0]):
                done.point(name)
            complete[code] = done.prompt("{player}").text()
        texts.set_language("en")
        colours.append({"row": rows, "shows": shows, "ghosts": ghosts, "refusals": refusals,
                        "prompt": prompt, "complete": complete})

    pieces = [make(color, shape) for color in (0, 1) for shape in SHAPES for make in (tower, pawn)]
    images = {sprite_name(piece): "data:image/svg+xml," + quote(piece_svg(piece), safe=" =:/,\"'()")
              for piece in pieces}
    words = {code: {key: texts.TEXTS[code].get(key, texts.TEXTS["en"][key])
                    for key in ("white", "black", "name_side", "setup_early_done")} for code in texts.TEXTS}
    return {"board": BOARD, "files": kind.files, "rows": kind.rows,
            "letters": "".join(kind.square_name(f)[0] for f in range(kind.files)),
            "colours": colours, "sprites": images, "words": words,
            "ghost": {"fill": shapes.GHOST_FILL, "alpha": shapes.GHOST_ALPHA}}


def _stage(setup_stage, kind, color: int, placed):
    stage = setup_stage.SetupStage(kind)
    stage.color = color
    for name in placed:
        if name is not None:
            stage.draft.place(name)
    return stage


def _answer(setup_stage, kind, color: int, placed, name: str, texts) -> dict:
    """What a click on ``name`` does to the set-up ``placed``: the words of a
    refusal in every language, and what the clicked field's row shows after."""
    stage = _stage(setup_stage, kind, color, placed)
    message = stage.point(name)
    refusal = None
    if message is not None:
        refusal = {}
        for code in texts.TEXTS:
            texts.set_language(code)
            refusal[code] = message.text()
        texts.set_language("en")
    row = stage.draft.row_of(name)
    pieces = {}
    if row is not None:
        rank = kind.zone_row(color, row)
        pieces = {kind.square_name(sq): piece for sq, piece in stage.draft.pieces().items()
                  if kind.rank_of(sq) == rank}
    return {"refusal": refusal, "pieces": pieces}


def _ghosts(setup_stage, kind, color: int, placed, row: int) -> list[str]:
    stage = _stage(setup_stage, kind, color, placed)
    return sorted(mark.square for mark in stage.ghosts() if stage.draft.row_of(mark.square) == row)


def _same(answers: dict, key: str, answer, placed) -> None:
    """Keep ``answer`` for ``key``, or check it is the one kept (row independence)."""
    if key in answers and answers[key] != answer:
        raise FirstSetupError(f"{key}: the set-up stage answers differently in the set-up {placed}")
    answers[key] = answer
