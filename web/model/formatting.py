"""Text the page shows, computed from engine objects: clocks, move list,
time controls, results. Pure Python; the words come from texts.py.

>>> clock_text(300), clock_text(59.99), clock_text(9.47), clock_text(0)
('5:00', '0:59', '0:09.4', '0:00.0')
>>> clock_text(3725)
'1:02:05'
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from militakiri import Game, Outcome, TimeControl
from militakiri.ai.review import GLYPHS
from militakiri.pieces import SHAPES, WHITE, tower
from militakiri.record import move_number, move_rows

from web.i18n.texts import TEXTS, t
from web.model.shapes import icon_markup, markup_text

if TYPE_CHECKING:
    from typing import Sequence

#: Below this many seconds a clock shows tenths.
TENTHS_BELOW = 10
#: Each side's default name in every language ("Red", "Rood", ...): a game
#: started in another language was named so; and the names the sides had
#: before they were named by their colors (R28), which a game saved then
#: still has, as a record or link without names has (NOTATION.md's tags).
#: (TEXTS is complete once texts is imported.)
SIDE_NAMES = tuple(frozenset([table.get(key) for table in TEXTS.values()] + list(before))
                   for key, before in (("white", ("White", "Wit")), ("black", ("Black", "Zwart"))))


#: The computer's name in every language, split around its level
#: ("Computer, level " and ""): the name a game keeps in its players is
#: the language's it began in.
COMPUTER_NAMES = tuple(frozenset((template.split("{level}")[0], template.split("{level}")[1])
                                 for template in (table["computer_name"] for table in TEXTS.values())))


def computer_level(name: str) -> int | None:
    """The level in ``name`` if it is the computer's name in any of the
    page's languages, else None.

    >>> computer_level("Computer, level 3"), computer_level("Computer, niveau 4"), computer_level("Anna")
    (3, 4, None)
    """
    for before, after in COMPUTER_NAMES:
        middle = name[len(before):len(name) - len(after)] if after else name[len(before):]
        if name.startswith(before) and name.endswith(after) and middle.isdigit():
            return int(middle)
    return None


def shown_name(name: str) -> str:
    """A player's name as the page shows it: the computer's in the page's
    language, whichever it was stored in (the record keeps that one).

    >>> shown_name("Computer, niveau 3"), shown_name("Anna")
    ('Computer, level 3', 'Anna')
    """
    level = computer_level(name)
    return name if level is None else t("computer_name", level=level)


def tower_box(color: int, spares: tuple[int, ...], waiting: tuple[int, ...], left: int | None,
              on_board: int) -> tuple[str, str]:
    """A player bar's towers: ``(markup, label)``, the towers ``on_board``
    (what the game is won by taking, R19), the spare towers counted per
    shape, the waiting ones (R15) and the moves left under the move rule
    (R17), as markup (one step into the page, not one per element) and as the
    words a screen reader says. Only the page's own words go in the markup.

    >>> markup, label = tower_box(0, (1, 2, 2), (1,), None, 3)
    >>> markup.count("<svg"), label
    (4, 'Towers on the board: 3. Spare towers: 1 star, 2 cross, 2 plus. Waiting: cross')
    """
    spares_word, waiting_word = markup_text(t("spares")), markup_text(t("waiting"))
    board_word = markup_text(t("on_board"))
    names = [t("shape_" + name) for name in ("star", "cross", "plus")]
    # Short words in view, under the name (the whole words in the title
    # and the screen reader's label): one line at every width.
    parts = [f'<span class="group on-board" title="{board_word}">'
             f'<span class="lbl">{markup_text(t("on_board_short"))}</span>'
             f'<span class="count">{on_board}</span></span>',
             f'<span class="group" title="{spares_word}"><span class="lbl">{markup_text(t("spares_short"))}</span>']
    for shape in SHAPES:
        parts.append(f'{icon_markup(tower(color, shape))}<span class="count">{spares[shape]}</span>')
    parts.append("</span>")
    label = f'{t("on_board")}: {on_board}. ' + t("spares") + ": " + ", ".join(f"{spares[s]} {names[s]}" for s in SHAPES)
    if waiting:
        parts.append(f'<span class="group waiting-group" title="{waiting_word}">'
                     f'<span class="lbl">{waiting_word}</span>')
        parts += [icon_markup(tower(color, shape)) for shape in waiting]
        parts.append("</span>")
        label += ". " + t("waiting") + ": " + ", ".join(names[s] for s in waiting)
    if left is not None:
        parts.append(f'<span class="group moves-left" title="{markup_text(t("moves_left_title"))}">'
                     f'{markup_text(t("moves_left_short", n=left))}</span>')
        label += ". " + t("moves_left_title") + ": " + str(left)
    return "".join(parts), label


def move_list_markup(tokens: Sequence[str], number: int, turn: int, shown: int | None = None,
                     marks: Sequence[str | None] = (), variations: dict[int, list[str]] | None = None) -> str:
    """The move list's rows as markup, one step into the page: numbered as
    the record numbers them (record.move_rows), each move a ``span.mv`` with
    ``data-ply`` (the moves played after it: a click shows that position),
    the last one ``last``, the one ``shown`` (a ply) ``shown``, a
    review's mark (``marks[ply - 1]``: its class and PGN sign), and the
    variations beside a move (``variations[ply]``: their texts, as the
    record writes them) in a row of their own after its row.

    >>> print(move_list_markup(["c3-d4", "f10-f9", "d4-c5"], 1, 0, shown=2, marks=[None, "mistake"])
    ...       .replace("</span>", "</span>\\n"))
    <li><span class="num">1.</span>
    <span class="mv" data-ply="1">c3-d4</span>
    <span class="mv shown mark-mistake" data-ply="2">f10-f9?</span>
    </li><li><span class="num">2.</span>
    <span class="mv last" data-ply="3">d4-c5</span>
    <span></span>
    </li>
    >>> move_list_markup(["f10-f9"], 7, 1)  # Black first: White's half is an ellipsis
    '<li><span class="num">7.</span><span>\u2026</span><span class="mv last" data-ply="1">f10-f9</span></li>'
    """
    parts = []
    last = len(tokens)
    ply = 0
    after: list[tuple[int, int, str]] = []  # the variations beside this row's moves
    for row_number, white, black in move_rows(tokens, number, turn):
        parts.append(f'<li><span class="num">{row_number}.</span>')
        for token in (white, black):
            if token is None:  # Black's move first (a game from a position), or not made yet
                parts.append("<span>\u2026</span>" if ply == 0 else "<span></span>")
                continue
            ply += 1
            cls = "mv"
            if ply == last:
                cls += " last"
            if ply == shown:
                cls += " shown"
            mark = marks[ply - 1] if ply <= len(marks) else None
            if mark is not None:
                cls += f" mark-{mark}"
            sign = GLYPHS[mark] if mark else ""
            parts.append(f'<span class="{cls}" data-ply="{ply}">{markup_text(token + sign)}</span>')
            after += [(ply, i, text) for i, text in enumerate((variations or {}).get(ply, []))]
        parts.append("</li>")
        for beside, index, text in after:  # a button: go on with it on the board
            parts.append(f'<li class="variation"><button type="button" class="var" data-beside="{beside}" '
                         f'data-line="{index}">{markup_text(text)}</button></li>')
        after = []
    return "".join(parts)


def clock_text(seconds: float) -> str:
    """A clock reading. Rounded down, so it shows 0 only when the time is up."""
    if seconds == math.inf:
        return "-"
    seconds = max(0.0, seconds)
    if seconds < TENTHS_BELOW:
        tenths = int(seconds * 10 + 1e-9)
        return f"0:{tenths // 10:02d}.{tenths % 10}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def duration_text(seconds: float) -> str:
    """``'5 min'``, ``'1 h 30 min'``, ``'45 s'``, ``'2 min 30 s'``."""
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    parts = []
    if hours:
        parts.append(t("unit_h", n=hours))
    if minutes:
        parts.append(t("unit_min", n=minutes))
    if secs or not parts:
        parts.append(t("unit_s", n=secs))
    return " ".join(parts)


def time_control_text(control: TimeControl) -> str:
    """A time control in words: each player's time (R21: the manual's clocks
    are per player), or the time per move in correspondence (R22).

    >>> time_control_text(TimeControl.parse("600+5"))
    '10 min each, +5 s per move'
    """
    if not control.timed:
        return t("tc_none")
    if control.mode == "correspondence":  # per move (R22)
        days, rest = divmod(int(control.seconds), 86400)
        each = t("unit_d", n=days) if days and not rest else duration_text(control.seconds)
        return t("tc_corr", each=each)
    text = t("tc_each", each=duration_text(control.seconds))
    if control.mode == "fischer" and control.bonus:
        text += t("tc_fischer", s=f"{control.bonus:g}")
    elif control.mode == "bronstein" and control.bonus:
        text += t("tc_bronstein", s=f"{control.bonus:g}")
    return text


def player_label(color: int, name: str) -> str:
    """``'Anna (Red)'``, or just ``'Red'`` without a name (or with a
    side's default name, in any language, of now or before R28).

    >>> player_label(0, "Anna"), player_label(0, ""), player_label(1, "Zwart")
    ('Anna (Red)', 'Red', 'Blue')
    """
    side = t("white") if color == 0 else t("black")
    name = shown_name(name.strip())
    # A game started in another language was named "Red" / "Rood" by
    # default, an older one "White" / "Wit" (``side`` is one of those names too).
    if not name or name in SIDE_NAMES[color]:
        return side
    return t("name_side", name=name, side=side)


def bar_name(color: int, name: str, level: int | None = None) -> str:
    """What a player bar shows of ``player_label``: the name without the
    side (its chip shows that), or the side when there is no name; the
    computer at ``level`` (if it plays this side) is "Level 4", short enough
    for a bar with a clock.

    >>> bar_name(0, "Anna"), bar_name(1, ""), bar_name(1, "Computer, level 4", 4)
    ('Anna', 'Blue', 'Level 4')
    """
    if level is not None and computer_level(name) == level:  # (its name stored in any language)
        return t("computer_short", level=level)
    side = t("white") if color == 0 else t("black")
    return side if player_label(color, name) == side else shown_name(name.strip())


def result_texts(outcome: Outcome, names: tuple[str, str]) -> tuple[str, str]:
    """The title and reason of the result dialog, naming the rule."""
    labels = (player_label(0, names[0]), player_label(1, names[1]))
    if outcome.winner is None:
        return t("result_draw"), t("why_move-rule")
    winner, loser = labels[outcome.winner], labels[1 - outcome.winner]
    title = t("result_wins", winner=winner)
    reason = t("why_" + str(outcome.termination), loser=loser, winner=winner)  # its value: "towers", "time" ...
    return title, reason


def today() -> str:
    """Today's date as the game record writes it (``2026.11.25``, local time)."""
    year, month, day = time.localtime()[:3]
    return "%04d.%02d.%02d" % (year, month, day)


def move_label(game: Game, ply: int, first: int | None = None) -> str:
    """``'7.'`` or ``'7…'``: the number the move list gives the game's
    ``ply``-th move (record.move_number), from ``first`` (the start's
    number unless given: Core.first_move_number)."""
    number, mover = move_number(ply, game.start.number if first is None else first, game.start.turn)
    return f"{number}." if mover == WHITE else f"{number}\u2026"
