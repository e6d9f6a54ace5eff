"""The review of one game on the page: the worker's scores as they come,
then the engine's judgement (militakiri.ai.review), kept with the game.

Pure Python. web/ui/reviewer.py asks the worker for one position at a time
(:meth:`GameReview.next_position`) and hands each answer to :meth:`add`;
when every position is scored, :meth:`results` marks the moves. A review
that is complete is saved with the game (autosave) and read back with its
types checked: a damaged one is dropped, never the game.

>>> from militakiri import Game
>>> game = Game.from_position("5s^/6/6/6/6/6/6/6/6/6/1x14/S^5 w 000/000 -/- - 1")
>>> game.play("a1-a2")
>>> review = GameReview(game)
>>> review.add("a1xb2", 700); review.add(None, 0)
>>> review.complete, [r.mark for r in review.results()]
(True, ['blunder'])
>>> GameReview.from_saved(game, review.to_saved()).results() == review.results()
True
"""

from __future__ import annotations


from militakiri import Game
from militakiri.ai.review import NAGS, MoveReview, accuracy, chances, clip, explain, for_white, judge
from militakiri.errors import MilitakiriError
from militakiri.messages import Text
from militakiri.record import Annotation


_DIGITS = "0123456789"
#: What a ``[%best ...]`` token never holds: white space (``re``'s ``\\s``).
_SPACE = ("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
          "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")


def _commands(comment: str, name: str) -> list[str]:
    """The text of each ``[%name TEXT]`` in ``comment``, in order (TEXT up
    to the first ``]``)."""
    found = []
    opening = "[%" + name + " "
    at = comment.find(opening)
    while at >= 0:
        start = at + len(opening)
        end = comment.find("]", start)
        if end < 0:
            break
        found.append(comment[start:end])
        at = comment.find(opening, at + 1)
    return found


def _eval_command(comment: str) -> int | None:
    """The first ``[%eval E]`` of the record's form (NOTATION.md: pawns,
    ``[+-]`` up to 3 digits and up to 2 decimals), in hundredths.

    >>> _eval_command("[%eval x] [%eval -1.5] [%eval 2]"), _eval_command("[%eval 1234]")
    (-150, None)
    """
    for text in _commands(comment, "eval"):
        sign = -1 if text[:1] == "-" else 1
        body = text[1:] if text[:1] in ("+", "-") else text
        whole, dot, part = body.partition(".")
        if not 1 <= len(whole) <= 3 or not all(ch in _DIGITS for ch in whole):
            continue
        if dot and (not 1 <= len(part) <= 2 or not all(ch in _DIGITS for ch in part)):
            continue
        return sign * (int(whole) * 100 + (int(part) * (10 if len(part) == 1 else 1) if dot else 0))
    return None


def _best_command(comment: str) -> str | None:
    """The first ``[%best TOKEN]``: 2 to 40 characters, no space, no ``]``."""
    for text in _commands(comment, "best"):
        if 2 <= len(text) <= 40 and not any(ch in _SPACE for ch in text):
            return text
    return None


def _pawns(score: int) -> str:
    """Hundredths of a pawn as the record writes them (``{:+.2f}`` of pawns).

    >>> _pawns(150), _pawns(-5), _pawns(0)
    ('+1.50', '-0.05', '+0.00')
    """
    score = int(score)
    sign = "-" if score < 0 else "+"
    score = -score if score < 0 else score
    part = score % 100
    return f"{sign}{score // 100}.{'0' if part < 10 else ''}{part}"


def graph_ticks(plies: int) -> list[int]:
    """The moves (plies, from 1) whose numbers label the review's graph:
    up to five, evenly apart, the last move always, none crowding it.

    >>> graph_ticks(0), graph_ticks(3), graph_ticks(36), graph_ticks(10)
    ([], [1, 2, 3], [1, 10, 19, 28, 36], [1, 4, 7, 10])
    """
    if plies < 1:
        return []
    step = max(1, -(-(plies - 1) // 4))
    ticks = list(range(1, plies, step))
    if len(ticks) > 1 and plies - ticks[-1] < step / 2:
        ticks.pop()
    return ticks + [plies]


class GameReview:
    """One game's review: ``scores[p]`` is (best move, score for the player
    to move) after ``p`` moves."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.plies = len(game.tokens)
        self.scores: list[tuple[str | None, int]] = []
        self._results: list[MoveReview] | None = None
        #: The position the next question is about, walked forward one move
        #: at a time (only when asked: a saved review needs none).
        self._position = game.start.copy()
        self._at = 0

    @property
    def total(self) -> int:
        return self.plies + 1

    @property
    def complete(self) -> bool:
        return len(self.scores) == self.total

    def next_position(self) -> str | None:
        """The next position to score (a position string), or None when done."""
        if self.complete:
            return None
        while self._at < len(self.scores):
            self._position.play(self.game.tokens[self._at])
            self._at += 1
        return self._position.string()

    def add(self, best: str | None, score: int) -> None:
        self.scores.append((best, clip(int(score))))
        self._results = None

    def turn_at(self, ply: int) -> int:
        """Who is to move after ``ply`` moves (the players take turns, R9)."""
        return (self.game.start.turn + ply) % 2

    def white_score(self, ply: int) -> int:
        """The score after ``ply`` moves, for White."""
        return for_white(self.scores[ply][1], self.turn_at(ply))

    def results(self) -> list[MoveReview]:
        """Every move judged (once every position is scored)."""
        if self._results is None:
            self._results = judge(self.game, self.scores) if self.complete else []
        return self._results

    def mark(self, ply: int) -> str | None:
        """Move ``ply``'s mark (``inaccuracy``, ``mistake``, ``blunder``), or None."""
        if not self.complete or not 1 <= ply <= self.plies:
            return None
        return self.results()[ply - 1].mark

    def white_chances(self, ply: int) -> int:
        """White's winning chances after ``ply`` moves, in thousandths."""
        return chances(self.white_score(ply))

    def moments(self) -> list[MoveReview]:
        """The moves the review has something to say of: the marked ones
        and the turning point, in the game's order."""
        return [r for r in self.results() if r.noted]

    def moment(self, shown: int) -> MoveReview | None:
        """The move played from the position after ``shown`` moves, when the
        review has something to say of it: the board there shows it with
        the better move, and the words say why."""
        if not self.complete or not 0 <= shown < self.plies:
            return None
        found = self.results()[shown]
        return found if found.noted else None

    def arrows(self, shown: int) -> tuple[str | None, str | None]:
        """(the move played, the better move) to draw on the position after
        ``shown`` moves, where the move played from there was noted."""
        found = self.moment(shown)
        if found is None:
            return None, None
        return found.token, (found.best if found.best != found.token else None)

    def words(self, shown: int) -> Text | None:
        """What the review says of the move played from the position after
        ``shown`` moves (militakiri.ai.review.explain), or None."""
        found = self.moment(shown)
        if found is None:
            return None
        return explain(self.game.position_at(shown), found)

    def accuracy(self) -> dict[int, int | None]:
        """Each player's accuracy in percent (militakiri.ai.review.accuracy)."""
        return accuracy(self.results(), self.game.start.turn)

    def annotations(self) -> dict[int, Annotation]:
        """The review as the game record carries it (NOTATION.md): before
        the first move ``{[%eval …]}``; after each move its glyph, the
        evaluation after it (White's side, in pawns) and the better move
        where one was better (``[%best …]``, this program's own command)."""
        notes = {0: Annotation(f"[%eval {_pawns(self.white_score(0))}]")}
        for r in self.results():
            words = f"[%eval {_pawns(r.eval)}]"
            if r.best is not None:
                words += f" [%best {r.best}]"
            notes[r.ply] = Annotation(words, (NAGS[r.mark],) if r.mark else ())
        return notes

    @classmethod
    def from_annotations(cls, game: Game) -> GameReview | None:
        """The review a record brought (every move with its ``[%eval]``), or
        None: a record without one, or with another program's comments."""
        review = cls(game)
        found = {}
        for ply in range(review.total):
            note = game.annotations.get(ply)
            score = _eval_command(note.comment) if note is not None else None
            if note is None or score is None:
                return None
            found[ply] = (score, _best_command(note.comment))
        for ply in range(review.total):
            best = found.get(ply + 1, (0, None))[1]  # written after the move it would have replaced
            review.add(best, for_white(found[ply][0], review.turn_at(ply)))
        return review if review._bests_are_legal() else None

    def to_saved(self) -> list[object]:
        return [[best, score] for best, score in self.scores]

    @classmethod
    def from_saved(cls, game: Game, data: object) -> GameReview | None:
        """A saved review of ``game``, or None if it is not one (wrong
        length or types): the game loads without it."""
        review = cls(game)
        if not isinstance(data, list) or len(data) != review.total:
            return None
        for item in data:
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], (str, type(None)))
                    and isinstance(item[1], int) and not isinstance(item[1], bool)):
                return None
            review.add(item[0], item[1])
        return review if review._bests_are_legal() else None

    def _bests_are_legal(self) -> bool:
        """Whether every better move is a legal move where it stands: a forged
        ``[%best zz]`` or saved one once made every frame fail. One walk
        through the game."""
        position = self.game.start.copy()
        for ply, (best, _score) in enumerate(self.scores):
            if best is not None:
                try:
                    position.parse_move(best)
                except MilitakiriError:
                    return False
            if ply < self.plies:
                position.play(self.game.tokens[ply])
        return True
