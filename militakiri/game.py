"""A whole game: how it started, the moves played, and how it ended.

:class:`Game` is what the command line, the browser and a saved game work
with. Its state is its start (two set-ups and the dice, or a position
string) and the list of move tokens; the current position is a fold of the
tokens over the start, so replay, take-back and shared links all come from
the same few facts.

>>> game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
>>> game.play("c3-d4")
>>> game.tokens, game.position.turn
(['c3-d4'], 1)
>>> game.undo()
'c3-d4'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import movegen
from .board import BoardKind, board_kind
from .bounded import MAX_PLIES, excerpt, must_be_index, must_be_text, strip_space
from .clock import Clock, TimeControl
from .errors import ClockError, GameOverError, IllegalMoveError, InvalidPlyError, InvalidSquareError, InvalidTokenError
from .messages import Number, Text, color_word, text
from .move import Move
from .movegen import permutations
from .outcome import Outcome, Termination, TerminationName, ended_by, outcome_words, termination_word
from .position import Position
from .reachable import check_reachable
from .record import Annotation, Players, Variation, read_record, write_record
from .setup import Dice, Setup, start_position

if TYPE_CHECKING:
    from typing import Any, Iterable

#: The names of inputs a refusal says, made once (checked on every call).
_THE_PLY = text("n_ply")
_A_TOKEN = text("n_token")
_A_SQUARE_NAME = text("n_square_name")

__all__ = ["Game", "Players", "TurnChoices"]


#: :meth:`Game.position_at` keeps every CHECKPOINT-th position of a game.
CHECKPOINT = 8


class Game:
    """A game of Militakiri from its start to its end."""

    def __init__(
        self,
        start: Position,
        *,
        setups: tuple[Setup, Setup] | None = None,
        dice: Dice | None = None,
        time_control: TimeControl | None = None,
        players: Players | None = None,
        touch_move: bool = False,
    ) -> None:
        self.start = start.copy()
        self.setups = setups
        self.dice = dice
        self.time_control = time_control or TimeControl()
        self.players = players or Players()
        #: R25 (optional): once a player has touched a piece that can move,
        #: that piece must move.
        self.touch_move = touch_move
        self.touched: int | None = None
        self.position = start.copy()
        self.tokens: list[str] = []
        #: Ends from outside the rules engine (R21-R23).
        self.external_outcome: Outcome | None = None
        #: ``{ply: record.Annotation}``: comments and glyphs the record carries
        #: (a review's evaluations, for one); ply 0 is before the first move.
        self.annotations: dict[int, Annotation] = {}
        #: ``{ply: [record.Variation]}``: the alternatives to each move the
        #: record carries (NOTATION.md variations).
        self.variations: dict[int, list[Variation]] = {}
        self.clock = Clock(self.time_control) if self.time_control.timed else None
        #: ``{ply: position}`` kept for :meth:`position_at`: every
        #: CHECKPOINT-th one and the last one asked, forgotten past a move
        #: taken back.
        self._kept: dict[int, Position] = {}

    # Starting ---------------------------------------------------------------

    @classmethod
    def new(
        cls,
        board: str | BoardKind,
        white_setup: str | Setup,
        black_setup: str | Setup,
        dice: str | Dice,
        **options: Any,
    ) -> Game:
        """A game from the two set-ups (R4) and the dice (R6)."""
        kind = board_kind(board) if isinstance(board, str) else board
        white = white_setup if isinstance(white_setup, Setup) else Setup.parse(white_setup, kind)
        black = black_setup if isinstance(black_setup, Setup) else Setup.parse(black_setup, kind)
        dice = dice if isinstance(dice, Dice) else Dice.parse(dice)
        start = start_position(kind, white, black, dice.first)
        return cls(start, setups=(white, black), dice=dice, **options)

    @classmethod
    def from_position(cls, text: str, reachable: bool = False, **options: Any) -> Game:
        """A game from a position string (puzzles, analysis). With
        ``reachable``, only a position a real game can reach (a position
        from outside: militakiri.reachable), else InvalidPositionError."""
        position = Position.from_string(text)
        if reachable:
            check_reachable(position)
        return cls(position, **options)

    # Asking -----------------------------------------------------------------

    @property
    def kind(self) -> BoardKind:
        return self.start.kind

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self.external_outcome or self.position.outcome()

    def is_over(self) -> bool:
        """Whether the game has ended; cheap, as the position keeps its outcome."""
        return self.outcome() is not None

    def legal_moves(self) -> list[str]:
        """The legal move tokens, sorted; none once the game is over."""
        return sorted(move.token(self.kind) for move in self._moves())

    def turn_choices(self) -> TurnChoices:
        """The legal moves arranged for a board UI, made stage by stage as
        the player goes (see StagedTurnChoices); none once the game is over."""
        if self.external_outcome is not None:
            return TurnChoices(self.kind, [])
        return StagedTurnChoices(self.position, self.touched)

    def _moves(self) -> list[Move]:
        """The legal moves, less those a touched piece rules out (R25)."""
        if self.external_outcome is not None:
            return []
        moves = self.position.generate_moves()
        if self.touched is not None:
            moves = [move for move in moves if move.origin == self.touched]
        return moves

    def position_at(self, ply: int) -> Position:
        """The position after the first ``ply`` moves (InvalidPlyError past
        the moves), a new one the caller may change: a fold of the moves
        over the start, from the nearest position kept on the way (every
        CHECKPOINT-th, and the last asked), so a replay stepping through a
        long game does one move's work a step.

        >>> game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
        >>> for token in ("c3-d4", "f10-f9", "d4-c5"): game.play(token)
        >>> game.position_at(3).string() == game.position.string(), game.position_at(0).string() == game.start.string()
        (True, True)
        """
        must_be_index(ply, 0, len(self.tokens), _THE_PLY, InvalidPlyError)
        kept = self._kept
        if ply not in kept:
            below = [p for p in kept if p < ply]
            base = max(below) if below else 0
            position = kept[base].copy() if below else self.start.copy()
            for k in range(base, ply):
                position.play(self.tokens[k])
                if (k + 1) % CHECKPOINT == 0 and k + 1 < ply:
                    kept[k + 1] = position.copy()
            for asked in [p for p in kept if p % CHECKPOINT]:  # one last asked at most
                del kept[asked]
            kept[ply] = position
        return kept[ply].copy()

    # Playing ----------------------------------------------------------------

    def touch(self, square: str) -> bool:
        """A player selects a piece; with touch-move on, it must move (R25).

        Returns whether the piece is now the one that must move.
        """
        if not self.touch_move or self.touched is not None or self.is_over():
            return False
        sq = self.kind.square(square)
        if any(move.origin == sq for move in movegen.iter_legal_moves(self.position)):
            self.touched = sq
            return True
        return False

    def play(self, token: str, now: float | None = None) -> None:
        """Play ``token``; ``now`` (seconds) is required in a timed game.

        A move made after the mover's time or deadline ran out is refused
        and the game is lost on time (R21, R22).
        """
        must_be_text(token, _A_TOKEN, InvalidTokenError)
        outcome = self.outcome()
        if outcome is not None:
            raise GameOverError(text("token_says", token=excerpt(strip_space(token)),
                                     message=text("game_over", outcome=outcome.words())))
        if len(self.tokens) >= MAX_PLIES:
            raise IllegalMoveError(text("token_says", token=excerpt(strip_space(token)),
                                        message=text("game_most_moves_why", most=Number(MAX_PLIES))))
        if self.clock is not None:
            if now is None:
                raise ClockError(text("game_needs_time"))
            if self.clock.running is None and self.clock.to_move is None:
                self.clock.start(self.position.turn, now)
            self.clock.resume(now)
            if self.check_time(now) is not None:
                raise GameOverError(text("token_says", token=excerpt(strip_space(token)), message=self._time_words()))
        move = self.position.parse_move(token)
        if self.touched is not None and move.origin != self.touched:
            square = self.kind.square_name(self.touched)
            raise IllegalMoveError(text("token_says", token=excerpt(strip_space(token)),
                                        message=text("touch_move", square=square)))
        self._push(move, now)

    def push(self, move: Move) -> None:
        """Play ``move``, one of ``position.generate_moves()``, without the
        checks :meth:`play` makes for a move from outside (as python-chess's
        ``push``): for a game read whole, whose moves come from the legal
        lists themselves (a link's moves are indexes into them). Only in an
        untimed game.

        >>> game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
        >>> game.push(min(game.position.generate_moves(), key=lambda move: move.token(game.kind)))
        >>> game.tokens == game.start.legal_moves()[:1]
        True
        """
        if not isinstance(move, Move):
            raise IllegalMoveError(text("not_a_move", value=excerpt(move)))
        if self.clock is not None:
            raise ClockError(text("game_push_timed"))
        if self.is_over():
            raise GameOverError(text("game_over", outcome=outcome_words(self.outcome())))
        if len(self.tokens) >= MAX_PLIES:
            raise IllegalMoveError(text("game_most_moves", most=Number(MAX_PLIES)))
        self._push(move, None)

    def _push(self, move: Move, now: float | None) -> None:
        """Play ``move`` (legal here) at ``now`` (a timed game's time)."""
        self.position.push(move)
        self.tokens.append(move.token(self.kind))
        self.touched = None
        if self.clock is not None:
            assert now is not None  # refused above
            self.clock.moved(now)
            if self.position.outcome() is not None:
                self.clock.pause(now)

    def undo(self) -> str:
        """Take back the last move and return its token."""
        if not self.tokens:
            raise IllegalMoveError(text("no_take_back"))
        if self.external_outcome is not None:
            raise GameOverError(text("game_ended_by", termination=termination_word(self.external_outcome.termination)))
        if self.clock is not None:
            raise IllegalMoveError(text("take_back_timed"))
        self.annotations = {ply: note for ply, note in self.annotations.items() if ply < len(self.tokens)}
        self.variations = {ply: lines for ply, lines in self.variations.items() if ply < len(self.tokens)}
        self.position.pop()
        self.touched = None
        token = self.tokens.pop()
        for gone in [p for p in self._kept if p > len(self.tokens)]:
            del self._kept[gone]
        return token

    def start_clock(self, now: float) -> None:
        """Start the first player's clock, right after the roll (R21)."""
        if self.clock is not None and self.clock.to_move is None:
            self.clock.start(self.position.turn, now)

    def check_time(self, now: float) -> Outcome | None:
        """End the game if the mover's time or deadline has run out at ``now``."""
        if self.clock is None or self.is_over():
            return self.outcome()
        loser = self.clock.flagged(now)
        if loser is not None:
            reason = Termination.DEADLINE if self.time_control.mode == "correspondence" else Termination.TIME
            self.external_outcome = ended_by(reason, loser)
            self.clock.pause(now)
        return self.outcome()

    def resign(self, color: int) -> Outcome:
        """``color`` resigns and loses (R23)."""
        return self._end(Termination.RESIGNATION, color)

    def end(self, termination: TerminationName | str, loser: int) -> Outcome:
        """End the game from outside the rules: time, deadline, resignation
        or a forfeit (R26: told by the site that connects two devices)."""
        return self._end(Termination(termination), loser)

    def _end(self, termination: TerminationName, loser: int) -> Outcome:
        outcome = self.outcome()
        if outcome is not None:
            raise GameOverError(text("game_already_over", outcome=outcome.words()))
        self.external_outcome = ended = ended_by(termination, loser)
        return ended

    def _time_words(self) -> Text:
        outcome = self.external_outcome
        assert outcome is not None and outcome.winner is not None  # lost on time
        player = color_word(1 - outcome.winner)
        if outcome.termination is Termination.DEADLINE:
            return text("missed_deadline", player=player)
        return text("time_ran_out", player=player)

    # Records ----------------------------------------------------------------

    def record(self) -> str:
        """The game record (NOTATION.md)."""
        return write_record(self)

    @classmethod
    def from_record(cls, text: str, reachable: bool = False) -> Game:
        """Replay a game record; raises InvalidRecordError with line and
        column. ``reachable``: as :meth:`from_position`, for a Position tag."""
        read = read_record(text, reachable)
        game = cls(read.start, setups=read.setups, dice=read.dice,
                   time_control=read.time_control, players=read.players)
        game.clock = None  # the clock's times are not in the record
        game.position = read.position
        game.tokens = read.tokens
        game.external_outcome = read.external_outcome
        game.annotations = read.annotations
        game.variations = read.variations
        return game


class TurnChoices:
    """The legal moves of one turn, arranged the way a board UI asks for them.

    A turn is up to three clicks or drags: the waiting towers placed (R15),
    then a move or take, then for a promoting take the field of the new tower
    (R13). Every answer comes from the legal tokens, so the UI holds no rule.

    >>> game = Game.new("single", "Sc Xd Pb", "Sa Xb Pf", dice="5-2")
    >>> game.play("c3-d4"); game.play("f10-f7")
    >>> choices = game.turn_choices()
    >>> choices.destinations()["b3"]
    {'b4': 'move', 'b5': 'move', 'b6': 'move', 'b7': 'move', 'b8': 'move', 'b9': 'move', 'c3': 'move', 'f7': 'take'}
    >>> choices.token((), "b3", "f7")
    ['b3xf7']
    """

    def __init__(self, kind: BoardKind, tokens: list[str], moves: list[Move] | None = None) -> None:
        self.kind = kind
        self._tokens = tokens
        # A Game passes the Move of each token, so nothing is parsed back.
        if moves is None:
            moves = [Move.from_token(t, kind) for t in tokens]
        self._parsed = list(zip(moves, tokens))

    @property
    def tokens(self) -> list[str]:
        """Every legal token, sorted."""
        return self._tokens

    def placements_needed(self) -> int:
        """How many waiting towers must be placed before moving (R15)."""
        return len(self._parsed[0][0].placements) if self._parsed else 0

    @staticmethod
    def _fields(placed: object) -> tuple[str, ...]:
        """``placed`` as a tuple of field names; InvalidSquareError if it is
        not a tuple or list of text."""
        if not isinstance(placed, (tuple, list)):
            raise InvalidSquareError(text("placed_not_tuple", value=excerpt(placed)))
        for name in placed:
            must_be_text(name, _A_SQUARE_NAME, InvalidSquareError)
        return tuple(placed)

    def placement_fields(self, placed: tuple[str, ...] = ()) -> list[str]:
        """The fields where the next waiting tower may go, after ``placed``."""
        placed = self._fields(placed)
        n = len(placed)
        fields = set()
        for move, _ in self._parsed:
            names = [self.kind.names[sq] for sq in move.placements]
            if len(names) > n and tuple(names[:n]) == tuple(placed):
                fields.add(names[n])
        return sorted(fields)

    def destinations(self, placed: tuple[str, ...] = ()) -> dict[str, dict[str, str]]:
        """``{origin: {target: 'move' or 'take'}}`` after the placements."""
        result: dict[str, dict[str, str]] = {}
        names = self.kind.names
        for move, _ in self._matching(placed):
            result.setdefault(names[move.origin], {})[names[move.target]] = (
                "take" if move.is_take else "move"
            )
        return result

    def token(self, placed: tuple[str, ...], origin: str, target: str) -> list[str]:
        """The tokens of moving ``origin`` to ``target``: one, or one per
        promotion field (choose with :meth:`tower_fields`), or none."""
        names = self.kind.names
        return [
            token
            for move, token in self._matching(placed)
            if names[move.origin] == origin and names[move.target] == target
        ]

    @staticmethod
    def tower_fields(tokens: list[str]) -> dict[str, str]:
        """``{field: token}`` for the promotion choices among ``tokens``."""
        if not isinstance(tokens, (list, tuple)):
            raise InvalidTokenError(text("tokens_not_list", value=excerpt(tokens)))
        for token in tokens:
            must_be_text(token, _A_TOKEN, InvalidTokenError)
        return {t.rsplit("@", 1)[1]: t for t in tokens if "=" in t and "@" in t.split("=", 1)[1]}

    def _matching(self, placed: tuple[str, ...]) -> Iterable[tuple[Move, str]]:
        placed = self._fields(placed)
        names = self.kind.names
        for move, token in self._parsed:
            if tuple(names[sq] for sq in move.placements) == tuple(placed):
                yield move, token


def _token_of(choice: tuple[Move, str]) -> str:
    return choice[1]


class StagedTurnChoices(TurnChoices):
    """The same answers as :class:`TurnChoices`, asked of the position stage
    by stage, as a player makes the turn: the fields for the next waiting
    tower, then the turns that begin with the placements made
    (:func:`movegen.legal_turns_after`). A turn with waiting towers has one
    turn per order of free fields (R15: three towers and 17 free fields make
    4,080 orders and some 129,000 turns); only the orders asked about are
    made. ``touched``: the piece that must move (R25), if any.

    >>> position = Position.from_string("s^5/1s14/6/6/6/6/6/6/6/6/1S14/S^5 w 122/122 P/- - 1")
    >>> choices = StagedTurnChoices(position)
    >>> choices.placements_needed(), choices.placement_fields()
    (1, ['a2', 'a3', 'b1', 'b3', 'c1', 'c2', 'c3', 'd1', 'd2', 'd3', 'e1', 'e2', 'e3', 'f1', 'f2', 'f3'])
    >>> choices.token(("c1",), "a1", "a2")
    ['@c1,a1-a2']
    """

    def __init__(self, position: Position, touched: int | None = None) -> None:
        self.kind = position.kind
        self._position = position.copy()  # placements are tried on its board
        self._touched = touched
        self._count = movegen.placement_count(self._position)
        self._free = self._position.free_zone_fields(self._position.turn)
        self._turns: dict[tuple[int, ...], list[tuple[Move, str]]] = {}

    @property
    def tokens(self) -> list[str]:
        """Every legal token, sorted: every order of fields, made in full."""
        return sorted(token for fields in permutations(self._free, self._count) for _, token in self._after(fields))

    def placements_needed(self) -> int:
        return self._count if self._viable(()) else 0

    def placement_fields(self, placed: tuple[str, ...] = ()) -> list[str]:
        prefix = tuple(self.kind.square(name) for name in self._fields(placed))
        if len(prefix) >= self._count:
            return []
        return sorted(self.kind.names[sq] for sq in self._free
                      if sq not in prefix and self._viable(prefix + (sq,)))

    def _matching(self, placed: tuple[str, ...]) -> Iterable[tuple[Move, str]]:
        return self._after(tuple(self.kind.square(name) for name in self._fields(placed)))

    def _after(self, placements: tuple[int, ...]) -> list[tuple[Move, str]]:
        """The legal turns after exactly ``placements``, with their tokens, sorted."""
        if placements not in self._turns:
            moves = movegen.legal_turns_after(self._position, placements)
            if self._touched is not None:
                moves = [move for move in moves if move.origin == self._touched]
            self._turns[placements] = sorted(((move, move.token(self.kind)) for move in moves), key=_token_of)
        return self._turns[placements]

    def _viable(self, placements: tuple[int, ...]) -> bool:
        """Whether some way to place the rest leads to a legal turn (stops at the first)."""
        if len(placements) == self._count:
            return bool(self._after(placements))
        return any(self._viable(placements + (sq,)) for sq in self._free if sq not in placements)
