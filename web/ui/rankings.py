"""Ratings, points and rank statuses on the page: rated games counted,
the New game dialog's profiles and levels, the Rankings dialog, export
and import.

The profiles are the device's (web/services/profiles.py); the levels'
ratings are each board's ladder's (web/data/ladder-single.json and
ladder-double.json, bench/ladder.py), fetched once the page is idle.
When a rated game ends (the ``over`` event), or a new game is started
over an unfinished rated game against the computer (a loss), each
player's profile counts it: the result dialog says what it
did, the embedding page gets a ``rating`` message (web/ui/embed_port.py),
and what could not be done (a profile that does not read, storage that
refuses the write) is said at that game.
"""

from __future__ import annotations

import asyncio

import js
from pyscript.ffi import to_js

from web.i18n.texts import t
from web.model.ladder import LADDER_URLS, Ladder
from web.model.points import sees_possible_moves, status_name
from web.model.modes.rated import rated_note
from web.model.profiles import MAX_PROFILE_CHARS, PROFILE_KEY, Profile, RatedEnd
from web.model.rated_games import ProfileError, RatingChange
from web.model.rankings import BY_RATING, ORDERS, RankingRow, ranking
from web.model.settings import GameSettings
from web.model.status import Message
from web.model.intents import Say
from web.services.profiles import RatingOutcome
from web.ui.dom import by_id, el, fetch_text, later, on, set_attr, set_text, show, when_idle
from web.ui.svg import rating_plot

BOARDS = ("single", "double")


class Rankings:
    def __init__(self, app, embed) -> None:
        self.app = app
        self.state = app.state
        self.embed = embed
        self.store = app.profiles
        self.ladders: dict[str, Ladder] = {}  # by board, once read
        self.board = "single"
        self.order = BY_RATING
        self.dialog = by_id("dlg-rankings")
        #: The bars' ratings and what they were read for (a game, its
        #: players, how many games were counted since).
        self._bars: tuple[object, tuple[str | None, str | None]] = (None, (None, None))
        self._counted = 0
        app.bars.ratings = self.bar_ratings
        app.rated_note = lambda: rated_note(app.state, self.store.keeps, bool(embed.embed))
        app.events.on(self._on_event, "over")
        app.before_new_game.append(self._leaving)
        app.dialogs.on_open_new.append(self._fill_new_game)
        on(by_id("btn-rankings"), "click", lambda e: self.open())
        by_id("btn-rankings").disabled = False
        on(by_id("rk-close"), "click", lambda e: self.dialog.close())
        on(self.dialog, "close", lambda e: app.after_dialog())
        for board in BOARDS:
            on(by_id(f"rk-{board}"), "click", lambda e, board=board: self._show_board(board))
        for order in ORDERS:
            on(by_id(f"rk-by-{order}"), "click", lambda e, order=order: self._show_order(order))
        on(by_id("rk-import"), "click", lambda e: by_id("rk-file").click())
        on(by_id("rk-file"), "change", lambda e: asyncio.create_task(self._import()))
        for name in ("ng-white", "ng-black"):  # as the name is typed
            on(by_id(name), "input", lambda e: self._suggest())
        for name in ("ng-single", "ng-double"):  # each board its own ladder
            on(by_id(name), "change", lambda e: self._level_options())
        for name in ("ng-human", "ng-computer", "ng-side", "ng-single", "ng-double", "ng-rated", "ng-moves"):
            on(by_id(name), "change", lambda e: self._suggest())
        on(js.window, "storage", self._other_tab)  # (fired for another tab's writes only)
        when_idle(lambda: asyncio.create_task(self._load_ladders()))

    async def _load_ladders(self) -> None:
        for board in BOARDS:
            try:
                self.ladders[board] = Ladder.read(await fetch_text(LADDER_URLS[board]))
            except Exception as error:  # offline before the file was kept, a damaged file: levels unrated
                js.console.warn(f"the levels' ratings on the {board} board did not load: {error}")
        if not self.ladders:
            return
        self._fill_new_game()
        if self.state.rated is not None:  # the level's rating in its bar
            self.app.refresh()

    # Counting rated games ------------------------------------------------------------

    def _on_event(self, event) -> None:
        if self.state.aside:
            return
        end = self.state.rated_end()
        if end is not None:
            self._show_outcome(self._count(end), end)

    def _leaving(self) -> None:
        """A new game over an unfinished rated game against the computer: a loss."""
        end = self.state.rated_end(abandoned=True)
        if end is None:
            return
        outcome = self._count(end)  # (one player: the computer's opponent)
        if not outcome.changes and not outcome.problems:
            return  # counted before (a game's id counts once): nothing to say
        if not outcome.kept:
            said = Message(*self._not_kept_here(end))
        elif outcome.problems:
            said = Message("rating_not_kept", {"reason": outcome.problems[0]}, "warn")
        else:
            said = Message("rating_abandoned", {"change": _change_text(outcome.changes[0])}, "warn")
        # Said once the new game is on the board (the status line is the new game's).
        later(0, lambda: (self.state.apply(Say(said)), self.app.refresh()))

    def _count(self, end: RatedEnd) -> RatingOutcome:
        computer = None
        if end.computer is not None:
            ladder = self.ladders.get(end.board)
            if ladder is None or end.level not in ladder.ratings:
                return RatingOutcome([], [t("rk_no_ladder")])
            computer = ladder.glicko(end.level)
        outcome = self.store.rate(end, computer, int(self.state.wall()))
        self._counted += 1
        for change in outcome.changes:
            self.embed.post_rating(change, end, outcome.kept)
        return outcome

    def _not_kept_here(self, end: RatedEnd) -> tuple[str, dict[str, object], str]:
        """What the player reads of a rated game this page could not keep:
        in an embed the site got its ``rating`` messages, else it is not rated."""
        if self.embed.embed:
            names = " & ".join(end.names[color] for color in end.players())
            return "rating_site_keeps", {"names": names}, "info"
        return "rating_nowhere", {}, "warn"

    def _show_outcome(self, outcome: RatingOutcome, end: RatedEnd) -> None:
        if not outcome.kept:
            key, values, _level = self._not_kept_here(end)
            words = [t(key, **values)]
        else:
            words = [_change_text(change) for change in outcome.changes]
        words += [t("rating_not_kept", reason=problem) for problem in outcome.problems]
        node = by_id("result-rating")
        set_text(node, "\n".join(words))  # a line each (white-space: pre-line)
        node.classList.toggle("error", bool(outcome.problems))
        show(node, bool(words))

    def _other_tab(self, event) -> None:
        """Another tab wrote a profile: a game this page counted in it at
        the same moment is counted again on top of what the other wrote
        (or said lost), below the result."""
        key = event.key
        if not isinstance(key, str) or not key.startswith(PROFILE_KEY):
            return
        said = self.store.recount(key)
        if not said:
            return
        self._counted += 1  # the bars read the profile again
        node = by_id("result-rating")
        shown = "" if node.hidden else str(node.textContent or "")  # (a hidden line is an earlier game's)
        set_text(node, "\n".join(([shown] if shown else []) + [t(key, **values) for key, values in said]))
        show(node, True)
        self.state.apply(Say(Message(said[-1][0], said[-1][1], "warn")))
        self.app.refresh()

    def bar_ratings(self) -> tuple[object, object]:
        """While a rated game is on, each side's rating on its board for the
        player bars, as lichess shows it beside the name: a profile's
        ("1500?" while provisional) with its rank status and points (R26,
        R27), a level's rating from its board's ladder; read once a game and
        after each count, not at every refresh."""
        state = self.state
        if state.rated is None or state.drill is not None:
            return (None, None)
        players = (state.players.white, state.players.black)
        key = (state.rated, state.kind.name, players, state.computer, state.settings.level, self._counted,
               len(self.ladders))
        if key != self._bars[0]:
            self._bars = (key, (self._bar_rating(0, players[0]), self._bar_rating(1, players[1])))
        return self._bars[1]

    def _bar_rating(self, color: int, name: str) -> tuple[str, tuple[str, int] | None] | None:
        """(rating, (rank status, points) or None for a level), or None; the
        status by its key, named by the bars in the page's language then."""
        state = self.state
        if state.computer == color:
            rating = self._level_rating(state.kind.name, state.settings.level)
            return None if rating is None else (str(rating), None)
        try:
            standing = self.store.get(name).standing(state.kind.name)
        except ProfileError:  # (said in New game and when the game is counted)
            return None
        return standing.glicko.display(), (standing.rank_status, standing.points)

    # New game -------------------------------------------------------------------------

    def _level_rating(self, board: str, level: int) -> int | None:
        ladder = self.ladders.get(board)
        return None if ladder is None else ladder.rating(level)

    def _fill_new_game(self) -> None:
        """The profiles' names offered in the name fields, each level's rating, the suggestion."""
        profiles, _ = self.store.all()
        options = by_id("ng-profiles")
        options.replaceChildren(*[el("option", None, value=profile.name) for profile in profiles])
        self._level_options()
        self._suggest()

    def _level_options(self) -> None:
        """Each level in the level menu with its rating on the chosen board."""
        board = _chosen_board()
        for option in by_id("ng-level").options:
            level = int(option.value)
            rating = self._level_rating(board, level)
            words = t(f"level_{level}")
            set_text(option, words if rating is None else t("ng_level_rating", level=words, rating=rating))

    def _suggest(self) -> None:
        """Under the Rated box: each named player's rating on the chosen
        board and, against the computer, the level nearest it; their rank
        status and points, and whether they will see the possible moves (R27)."""
        rated = bool(by_id("ng-rated").checked)
        show(by_id("ng-rated-moves"), rated)
        board = _chosen_board()
        ladder = self.ladders.get(board)
        computer = bool(by_id("ng-computer").checked)
        side = by_id("ng-side").value
        fields = [("ng-white", not computer or side != "black"), ("ng-black", not computer or side != "white")]
        words = []
        leaving = self.state.rated_end(abandoned=True)  # said before, not only after (a trial's wish)
        if leaving is not None:
            words.append(t("ng_forfeit", opponent=leaving.names[leaving.computer]))
        for field, plays in fields:
            name = by_id(field).value.strip()
            if not plays or not name or not rated:
                continue
            try:
                standing = self.store.get(name).standing(board)
            except ProfileError as error:
                words.append(t("ng_rating_unread", name=name, reason=str(error)))
                continue
            glicko = standing.glicko
            level = ladder.nearest(glicko.rating) if computer and ladder is not None else None
            if level is not None and standing.games == 0:
                # 1500 is where every rating starts, not a measure: a new player starts low and climbs.
                words.append(t("ng_rating_new", name=name, rating=glicko.display(), level=GameSettings().level))
            elif level is None:
                words.append(t("ng_rating_note", name=name, rating=glicko.display()))
            else:
                words.append(t("ng_rating_level", name=name, rating=glicko.display(), level=level,
                               level_rating=self._level_rating(board, level)))
            moves = "ng_sees_moves" if sees_possible_moves(standing.rank_status) else "ng_no_moves"
            words.append(t("ng_standing", status=status_name(standing.rank_status), points=standing.points,
                           moves=t(moves)))
        set_text(by_id("ng-rating"), " ".join(words))

    # The Rankings dialog ------------------------------------------------------------

    def open(self) -> None:
        self._show_board(self.state.kind.name if self.state.kind.name in BOARDS else "single")
        set_text(by_id("rk-message"), "")
        if not self.dialog.open:
            self.dialog.showModal()

    def _show_order(self, order: str) -> None:
        self.order = order
        self._show_board(self.board)

    def _show_board(self, board: str) -> None:
        self.board = board
        for name in BOARDS:
            set_attr(by_id(f"rk-{name}"), "aria-selected", "true" if name == board else "false")
        for order in ORDERS:
            set_attr(by_id(f"rk-by-{order}"), "aria-pressed", "true" if order == self.order else "false")
        profiles, refused = self.store.all()
        rows = ranking(profiles, self.ladders.get(board), board, self.order)
        listing = by_id("rk-list")
        listing.replaceChildren()
        if not any(row.name for row in rows):
            listing.append(el("li", t("rk_empty"), "rk-empty"))
        for place, row in enumerate(rows, 1):
            listing.append(self._row(place, row, profiles))
        for _key, reason in refused:
            listing.append(el("li", t("rk_refused", reason=reason), "error"))

    def _row(self, place: int, row: RankingRow, profiles: list[Profile]):
        item = el("li", None, "rk-level" if row.level else "rk-profile")
        head = el("div", None, "rk-head")
        name = row.name or t("rk_level", level=row.level)
        head.append(el("span", str(place), "rk-place"), el("span", name, "rk-name"))
        if not row.level:
            head.append(el("span", t("rk_standing", status=status_name(row.rank_status), points=row.points),
                           "rk-standing"))
        head.append(el("span", row.display, "rk-rating"))
        error = row.error_words()
        if error is not None:
            words = el("span", t(error[0], **error[1]), "note")
            if error[0] == "rk_level_anchor":  # what "fixed" means, on hovering it
                words.setAttribute("title", t("rk_level_anchor_title"))
            head.append(words)
        item.append(head)
        if row.level:
            return item
        if row.next_status is None:
            item.append(el("p", t("rk_top"), "note rk-next"))
        else:
            status, points = row.next_status
            item.append(el("p", t("rk_next", status=status_name(status), points=points, left=points - row.points),
                           "note rk-next"))
        item.append(el("p", t("rk_games", games=row.games, wins=row.wins, draws=row.draws, losses=row.losses),
                       "note"))
        if row.best_win is not None:
            item.append(el("p", t("rk_best", rating=row.best_win.opponent_rating, name=row.best_win.opponent),
                           "note"))
        item.append(el("p", t("rk_rating_plot"), "note rk-plot-title"))
        item.append(rating_plot(row.history, t("rk_graph", name=row.name, first=row.history[0],
                                                last=row.history[-1], games=len(row.history) - 1)))
        item.append(el("p", t("rk_points_plot"), "note rk-plot-title"))
        item.append(rating_plot(row.points_history, t("rk_points_graph", name=row.name, first=row.points_history[0],
                                                      last=row.points_history[-1],
                                                      games=len(row.points_history) - 1), "rk-points-graph"))
        profile = next(profile for profile in profiles if profile.name == row.name)
        export = el("button", t("rk_export"), None, type="button", title=t("rk_export_title"))
        on(export, "click", lambda e, profile=profile: _download(profile))
        item.append(export)
        return item

    async def _import(self) -> None:
        chooser = by_id("rk-file")
        files = chooser.files
        if not files or files.length == 0:
            return
        size = int(files.item(0).size)
        if size > MAX_PROFILE_CHARS:  # refused unread (a profile is ASCII: a byte a character)
            chooser.value = ""
            reason = t("pf_file_too_big", size=f"{size:,}", most=f"{MAX_PROFILE_CHARS:,}")
            self._said(t("rk_import_refused", reason=reason), True)
            return
        try:
            text = str(await files.item(0).text())
        except Exception as error:  # (a file that went away)
            self._said(t("rk_import_refused", reason=str(error)), True)
            return
        finally:
            chooser.value = ""  # the same file may be chosen again
        try:
            profile = self.store.import_text(text)
        except ProfileError as error:
            self._said(t("rk_import_refused", reason=str(error)), True)
            return
        except MemoryError:  # (within the bounds, yet more than this browser's memory holds)
            self._said(t("rk_import_refused", reason=t("pf_too_long", chars=f"{len(text):,}")), True)
            return
        self._show_board(self.board)
        self._said(t("rk_imported", name=profile.name), False)
        for row in by_id("rk-list").querySelectorAll("li.rk-profile"):
            if row.querySelector(".rk-name").textContent == profile.name:
                row.scrollIntoView(to_js({"block": "nearest"}))

    def _said(self, words: str, refused: bool) -> None:
        node = by_id("rk-message")
        set_text(node, words)
        node.classList.toggle("error", refused)


def _chosen_board() -> str:
    """The board New game has chosen."""
    return "double" if by_id("ng-double").checked else "single"


def _signed(number: int) -> str:
    return ("+" if number > 0 else "\u2212" if number < 0 else "\u00b1") + str(abs(number))


def _change_text(change: RatingChange) -> str:
    """A rated game's change in one player's rating and points (R26), and a
    rank status reached (R27) on a line of its own."""
    standing = t("points_change", status=status_name(change.rank_status), points=change.points_after,
                 change=_signed(change.points_after - change.points_before))
    words = t("rating_change", name=change.name, before=change.before.display(), after=change.after.display(),
              difference=_signed(change.difference), standing=standing)
    if change.rank_status != change.rank_status_before:
        words += "\n" + t("status_reached", name=change.name, status=status_name(change.rank_status))
    return words


def _download(profile: Profile) -> None:
    """The profile as a file the browser saves (its name from the player's)."""
    blob = js.Blob.new(to_js([profile.text()]), to_js({"type": "application/json"}))
    url = js.URL.createObjectURL(blob)
    link = el("a", None, None, href=url, download=f"militakiri-profile-{_file_name(profile.name)}.json")
    js.document.body.append(link)
    link.click()
    link.remove()
    later(1000, lambda: js.URL.revokeObjectURL(url))


def _file_name(name: str) -> str:
    """``name`` as a file name: letters and digits kept, the rest dashes."""
    kept = "".join(char if char.isalpha() or char.isdigit() else "-" for char in name).strip("-")
    return kept or "player"
