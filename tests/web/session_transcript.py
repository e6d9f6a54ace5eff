"""The page's plain-Python layers at work, written out: the same text in CPython and MicroPython.

Run by tests/web/test_same_session.py under CPython and under the page's
MicroPython (``node tools/mpy_run.mjs tests/web/session_transcript.py``); in
the subset of Python both share, like the modules it drives. A scripted
session through the UiState (a new game, random set-ups from a seed, the
dice, moves, a take-back, the replay, a premove against the computer), a
lesson's task solved and puzzles tried, saves, links and progress written
and read back, and every text of the page in English and in Dutch.
"""

import web
from militakiri import Game, Players, TimeControl
from militakiri.move import Move
from militakiri.pieces import piece_from_symbol
from militakiri.randomness import Random

from web.i18n import texts
from web.i18n.texts import set_language, t
from web.model import animation, board_view, jsontext
from web.model.modes import computer as computer_mode
from web.model.announce import announce
from web.model.events import GameEvents
from web.model.formatting import clock_text, duration_text, player_label, result_texts, time_control_text
from web.model.layout import BoardGeometry, fit_square
from web.model.legend import legend_html
from web.model.lessons import find_task, read_lessons
from web.model.query import parse_qs, query_params
from web.model.review import GameReview
from web.model.clocks import custom_time_control
from web.model.settings import GameSettings, from_query
from web.model.shapes import icon_svg, piece_parts
from web.model.progress import Progress
from web.model.puzzles import next_puzzle, read_puzzles
from web.model.training import Drill, opponent as drill_opponent, star_line
from web.model.core import PLAYING
from web.model.ui_state import UiState
from web.services.autosave import Autosaver, restore, snapshot
from web.services.embed import embed_options, messages_for, ready_message
from web.services.share import link_of, open_fragment, page_title, prepare, record_filename, time_left_text
from web.services.storage import MemoryStorage, SafeStorage
from web.model.intents import (
    Cancel, ComputerMove, Enter, MoveCursor, MovePiece, OpenGame, RandomSetup, RecallComputer, Resign, RollDice, SetupDone, ShowHint, ShowPly, StartGame, StepReplay, TakeBack, Touch, WorkerAnswer,
)
from web.model.modes import play

START = ("s^s1s1s1s1s1/p1x^p1x1p1x1/x1p1x1p1x1p^/6/6/6/6/6/6/X1P^X1P1X1P1/"
         "P1X1P1X^P1X1/S1S1S^S1S1S1 w 122/122 -/- - 1")
#: The page's data files, beside its Python wherever that is (/app/web in MicroPython).
ROOT = web.__file__.rpartition("/")[0] + "/data/"


def out(*words):
    print(" ".join(str(word) for word in words))


class Clock:
    """A steady clock moved by hand."""

    def __init__(self, t=1000.0):
        self.t = t

    def __call__(self):
        return self.t


def shown(value):
    """``value`` written the same in every interpreter: strings as JSON
    (ASCII), floats as CPython's repr, dicts with their keys sorted."""
    if isinstance(value, str):
        return jsontext.string_text(value)
    if isinstance(value, float):
        return jsontext.float_text(value)
    if isinstance(value, (list, tuple)):
        inside = ", ".join(shown(item) for item in value)
        return "[" + inside + "]" if isinstance(value, list) else "(" + inside + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(shown(key) + ": " + shown(value[key]) for key in sorted(value)) + "}"
    return str(value)


def fields(value, names):
    return type(value).__name__ + "(" + ", ".join(name + "=" + shown(getattr(value, name)) for name in names) + ")"


SETTINGS = ("board", "time_control", "white", "black", "position", "seed", "computer", "level", "touch_move",
            "turn_board", "ignored")


def status(state):
    message = state.status()
    return message.level + " " + message.key + " | " + message.text()


def show(state, what):
    marks = ",".join(mark.kind + ":" + mark.field for mark in board_view.marks(state))
    out(" ", what, "|", state.phase, state.turn, "|", status(state))
    waiting = [board_view.waiting_shown(state, color) for color in (0, 1)] if state.game is not None else None
    out("   ", state.position_string(), "| marks", marks, "| pieces", len(board_view.pieces(state)),
        "| hidden", board_view.hidden_color(state), "| waiting", waiting)


def first_move(state):
    """The player's first move in the engine's order: (origin, target)."""
    destinations = state.destinations()
    origin = sorted(destinations)[0]
    return origin, sorted(destinations[origin])[0]


def random_start(state):
    """Both set-ups at random, the dice rolled, the game started."""
    for intent in (RandomSetup(), SetupDone(), RandomSetup(), SetupDone(), RollDice(), StartGame()):
        state.apply(intent)


def play_on(state, rng, moves):
    """``moves`` moves by pointing as a player does; a waiting tower placed
    first, a promoted tower's field chosen."""
    for _ in range(moves):
        if state.phase != PLAYING:
            return
        while state.placing_shape() is not None:
            square = sorted(state.turn_in_progress.choices.placement_fields(state.turn_in_progress.placed))[0]
            state.apply(Touch(square))
            show(state, "placed " + square)
        destinations = state.destinations()
        origins = sorted(destinations)
        origin = origins[rng.randrange(len(origins))]
        targets = sorted(destinations[origin])
        target = targets[rng.randrange(len(targets))]
        state.apply(Touch(origin))
        show(state, "selected " + origin)
        state.apply(Touch(target))
        if state.pending:
            show(state, "promotes " + origin + "-" + target)
            state.apply(Touch(sorted(state.pending)[0]))
        show(state, "moved " + origin + "-" + target)


def session():
    out("== session")
    clock = Clock()
    state = UiState(GameSettings(seed=5, white="Anna", black="Bram", time_control="600+5"), now=clock,
                    wall=lambda: 1800000000.0)
    events = GameEvents()
    events.update(state)
    show(state, "new game")
    state.apply(Touch("c5"))  # outside the zone: refused
    show(state, "c5")
    state.apply(RandomSetup())
    show(state, "random white")
    state.apply(SetupDone())
    show(state, "white done")
    state.apply(RandomSetup())
    state.apply(SetupDone())
    show(state, "black done")
    out("  events", [event.name for event in events.update(state)])
    state.apply(RollDice())
    dice = state.dice
    out("  dice", dice)
    state.apply(StartGame())
    show(state, "started")
    rng = Random(11)
    for _ in range(12):
        clock.t += 7.25
        play_on(state, rng, 1)
    out("  events", [(event.name, event.ply, event.token) for event in events.update(state)])
    out("  clocks", [clock_text(state.game.clock.remaining(color, clock.t)) for color in (0, 1)])
    game = state.game
    for ply in range(1, len(game.tokens) + 1):
        sounds, words = announce(game, ply, ("Anna", "Bram"))
        out("  say", ply, sounds, words)
    # Replay: back and forth.
    for how in ("first", "next", "next", "prev", "last"):
        state.apply(StepReplay(how))
        show(state, "replay " + how)
    state.apply(ShowPly(3))
    state.apply(Touch("a1"))
    show(state, "click on a past position")
    state.apply(ShowPly(len(game.tokens)))
    # Keyboard.
    for dx, dy in ((0, 0), (1, 0), (0, -1), (-1, 0)):
        state.apply(MoveCursor(dx, dy))
        out("  cursor", state.cursor)
    state.apply(Enter())
    show(state, "enter")
    state.apply(Cancel())
    show(state, "escape")
    # Untimed: a take-back, a hint.
    untimed = UiState(GameSettings(seed=9), now=clock)
    random_start(untimed)
    play_on(untimed, Random(3), 6)
    out("  can take back", play.can_take_back(untimed))
    untimed.apply(TakeBack())
    show(untimed, "took back")
    out("  hint", untimed.can_hint(), untimed.apply(ShowHint(untimed.game.legal_moves()[0])))
    show(untimed, "hint")
    untimed.apply(Resign(untimed.game.position.turn))
    show(untimed, "resigned")
    out("  result", result_texts(untimed.game.outcome(), ("", "Bram")))
    return state


def computer_and_premove():
    out("== computer")
    clock = Clock()
    state = UiState(GameSettings(position=START, computer=1, level=2, seed=4), now=clock)
    events = GameEvents()
    events.update(state)
    out("  request", computer_mode.next_request(state))
    origin, target = first_move(state)
    state.apply(MovePiece(origin, target))
    show(state, "player moved")
    request = computer_mode.next_request(state)
    out("  request", request.name, request.args, request.key, request.seconds)
    for origin, target in (("c3", "c4"), ("d3", "d4")):  # a cross pawn moves diagonally: dropped; then played
        state.apply(Touch(origin))
        show(state, "premove " + origin)
        state.apply(Touch(target))
        show(state, "premove " + origin + "-" + target)
        reply = sorted(state.game.legal_moves())[0]
        out("  applied", state.apply(WorkerAnswer(request, reply)))
        show(state, "computer replied " + reply)
        request = computer_mode.next_request(state)
        if request is None:  # the premove was dropped: the player moves
            origin, target = first_move(state)
            state.apply(MovePiece(origin, target))
            show(state, "player moved")
            request = computer_mode.next_request(state)
    out("  events", [(event.name, event.ply, event.token) for event in events.update(state)])
    out("  memory", computer_mode.memory(state))
    fresh = UiState(GameSettings(position=START), now=clock)
    fresh.apply(OpenGame(Game.from_position(START)))
    out("  recall", fresh.apply(RecallComputer(computer_mode.memory(state))), fresh.apply(RecallComputer("[1")))
    # The computer's set-up.
    setup = UiState(GameSettings(computer=0, level=1, seed=2), now=clock)
    request = computer_mode.next_request(setup)
    out("  setup request", request.name, request.args, request.key)
    out("  placed", setup.apply(WorkerAnswer(request, "Sc Xd Pb")))
    show(setup, "computer set up")


def lessons_and_puzzles():
    out("== lessons")
    lessons = read_lessons(open(ROOT + "lessons.json").read())
    out("  lessons", [lesson.id for lesson in lessons], sum(len(lesson.tasks) for lesson in lessons))
    for lesson in lessons[:4]:
        out("  lesson", lesson.id, lesson.text("title", "en"), "|", lesson.text("title", "nl"))
    tasks = [task for lesson in lessons for task in lesson.tasks if not task.is_setup]
    chosen = tasks[:2] + [task for task in tasks if len(task.solution) >= 3][:4]
    for number, task in enumerate(chosen):
        drill = Drill.for_task(task)
        state = UiState(GameSettings(position=task.position, computer=drill_opponent(drill), level=1), now=Clock())
        state.drill = drill
        out("  task", task.id, task.goal, drill.board, len(task.solution), "|", task.text("prompt", "en"))
        show(state, "task start")
        if number == 1:  # a slip first: a move the rules refuse
            origin = sorted(state.destinations())[0]
            state.apply(MovePiece(origin, origin))
            show(state, "slip")
        step = None
        for index, token in enumerate(task.solution):
            kind = state.kind
            if index % 2 == 0:
                move = Move.from_token(token, kind)
                for square in move.placements:
                    state.apply(Touch(kind.square_name(square)))
                state.apply(MovePiece(kind.square_name(move.origin), kind.square_name(move.target)))
                if state.pending:
                    state.apply(Touch(kind.square_name(move.tower_field)))
            else:
                show(state, "reply due")
                state.apply(ComputerMove(token))
            step = drill.after_move(state.game.position, list(state.game.tokens))
            out("   ", token, step)
            if step.status != "solving":
                break
        out("   stars", drill.stars(), star_line(drill.stars()), "mistakes", drill.mistakes, "|", status(state))
    task = find_task(lessons, "setup/1")
    drill = Drill.for_task(task)
    state = UiState(GameSettings(board=drill.board, computer=drill_opponent(drill), level=1), now=Clock())
    state.drill = drill
    state.apply(Touch("c5"))
    show(state, "set-up task slip")
    for word, row in zip(task.solution[0].split(), "123"):
        state.apply(Touch(word[1] + row))
    state.apply(SetupDone())
    step = drill.setup_done(state.setup.drafts[drill.solver])
    out("  set-up task", task.id, step.status, str(step.reason), "stars", drill.stars())
    task = find_task(lessons, "setup/1")
    out("  find", task.id if task is not None else None, find_task(lessons, "none/1"))
    out("== puzzles")
    puzzles = read_puzzles(open(ROOT + "puzzles.json").read())
    progress = Progress()
    rng = Random(21)
    after = None
    for attempt in range(4):
        board = "single" if attempt < 3 else "double"
        puzzle = next_puzzle(puzzles, progress.rating, set(progress.puzzles), board, rng, after)
        drill = Drill.for_puzzle(puzzle)
        state = UiState(GameSettings(board=drill.board, position=drill.position, computer=drill_opponent(drill),
                                     level=1), now=Clock())
        state.drill = drill
        out("  puzzle", puzzle.id, puzzle.rating, puzzle.goal, len(puzzle.line), "|", status(state))
        step = None
        token = puzzle.line[0]
        if attempt == 1:  # a wrong first move
            token = sorted(t_ for t_ in state.game.legal_moves() if t_ != token)[0]
        while True:
            kind = state.kind
            move = Move.from_token(token, kind)
            for square in move.placements:
                state.apply(Touch(kind.square_name(square)))
            state.apply(MovePiece(kind.square_name(move.origin), kind.square_name(move.target)))
            if state.pending:
                state.apply(Touch(kind.square_name(move.tower_field)))
            step = drill.after_move(state.game.position, list(state.game.tokens))
            out("   ", token, step, "|", status(state))
            if step.reply is not None:
                state.apply(ComputerMove(step.reply))
                step = drill.after_move(state.game.position, list(state.game.tokens))
                out("    reply", step, "|", status(state))
            ply = len(state.game.tokens)
            if step.status != "solving" or ply >= len(puzzle.line):
                break
            token = puzzle.line[ply]
        change = progress.puzzle_done(puzzle, step.status == "solved")
        out("   change", change, "rating", progress.rating, state.position_string())
        after = puzzle.id
    out("  progress", progress.to_json())
    progress.award("plus/1", 2)
    progress.award("plus/1", 1)
    again = Progress.read(progress.to_json())
    out("  read back", again.to_json() == progress.to_json(), again.stars, Progress.read("[").rating)
    out("  retry", progress.to_retry(), sorted(progress.theme_counts(puzzles).items()), progress.display())


def saves_and_links(state):
    out("== saves")
    game = state.game
    wall = 1800000123.4567
    text = snapshot(game, now=state.now() + 0.123456789, flipped=True, wall=wall)
    out("  save", text)
    restored = restore(text, wall_now=wall)
    out("  restored", restored.flipped, restored.note, restored.saved_at, restored.game.tokens == game.tokens,
        shown(restored.game.clock.to_dict(5.0)))
    link = link_of(game)
    out("  link", link)
    shared = open_fragment("#" + link.replace("!", "!", 1))
    out("  opened", shared.game.tokens == game.tokens, shared.game.position.string() == game.position.string())
    out("  prepared", prepare(shared.game, wall_now=wall).note)
    backend = MemoryStorage()
    saver = Autosaver(SafeStorage(backend), slot="tab")
    fresh = UiState(GameSettings(position=START), now=Clock())
    saver.prime(fresh)
    out("  autosave", saver.update(state, state.now(), wall=wall))
    out("  stored", sorted(backend.items), backend.items["militakiri.saved-game.tab"] == saver.storage.get(saver.key))
    out("  loaded", saver.load(wall_now=wall).game.tokens == game.tokens)
    corr = Game.from_position(START, time_control=TimeControl.parse("c86400"),
                              players=Players(white="Zo\u00eb \u2605", black="Bram", date="2026.11.25"))
    prepare(corr, wall_now=wall)
    corr.play("c3-d4", now=wall + 60.5)
    text = snapshot(corr, now=0, wall=wall + 61)
    out("  corr save", text)
    back = restore(text, wall_now=wall + 120)
    out("  corr back", back.game.players.white, back.game.clock.deadline(), back.note)
    out("  names", record_filename(corr), page_title(corr, "Militakiri"), time_left_text(200000))
    # A review, saved and as the record writes it.
    review = GameReview(corr)
    out("  review asks", review.next_position())
    review.add("b3-b4", 35)  # a better move: legal where it stands (checked when read back)
    review.add(None, 1234)  # Black wins after it: the move lost the game
    notes = review.annotations()
    out("  review", review.to_saved(), [(ply, notes[ply].comment) for ply in sorted(notes)])
    out("  from saved", GameReview.from_saved(corr, review.to_saved()).to_saved())
    # The judgement by winning chances, its words and accuracy: floats
    # through exp, rounded to integers that must agree in every interpreter.
    out("  judged", [(r.mark, r.loss, r.turning) for r in review.results()], review.accuracy(),
        review.white_chances(0), review.words(0).say("nl"))
    # Embed messages.
    events = GameEvents()
    embedded = UiState(GameSettings(position=START), now=Clock())
    events.update(embedded)
    out("  ready", jsontext.dumps(ready_message(embedded)))
    embedded.apply(MovePiece("c3", "d4"))
    embedded.apply(Resign(1))
    for event in events.update(embedded):
        for message in messages_for(event, embedded):
            out("  embed", jsontext.dumps(message))
    out("  options", embed_options("?embed=1&link=1%21s&sound=yes"))


def words():
    out("== words")
    for code in texts.LANGUAGES:
        set_language(code)
        out("  language", code, texts.LANGUAGE_NAMES[code])
        for key in sorted(texts.TEXTS["en"]):
            template = texts.TEXTS[code][key]
            names = []
            rest = template
            while "{" in rest:
                rest = rest[rest.index("{") + 1:]
                names.append(rest[:rest.index("}")])
            out("   ", key, "=", t(key, **dict((name, "<" + name + ">") for name in names)))
        out("  clocks", [clock_text(s) for s in (0, 0.05, 9.47, 59.99, 300, 3725, 86399.5)])
        out("  durations", [duration_text(s) for s in (45, 150, 300, 5400, 86400)])
        out("  controls", [time_control_text(TimeControl.parse(text))
                           for text in ("-", "300+0", "300+5", "600d3", "c86400", "c5400")])
        out("  custom", custom_time_control(10, 0, "fischer", 5).text(), custom_time_control("1", "30", "none", 0).text())
        out("  labels", player_label(0, "Anna"), player_label(1, ""), player_label(0, "Wit"), player_label(1, "Blauw"))
        state = UiState(GameSettings(seed=5, white="Anna"), now=Clock())
        show(state, "new game")
        state.apply(Touch("c5"))
        show(state, "refused")
        random_start(state)
        play_on(state, Random(2), 4)
        show(state, "after moves")
    set_language("en")


def pictures_and_places():
    out("== pictures")
    for symbol in ("S^", "X^", "P^", "s^", "X1", "p2", "S3", "x4"):
        piece = piece_from_symbol(symbol)
        out("  icon", symbol, icon_svg(piece, 26))
        out("  parts", symbol, fields(piece_parts(piece), ("face", "layers", "label", "label_at")))
    out("  legend", legend_html())
    g = BoardGeometry(12, 12, 46, flipped=True, turned=True)
    out("  geometry", g, g.width, g.height, g.origin(3, 9), g.center(3, 9), g.cell_at(100.5, 200.25), g.step(3, 9, 1, 1))
    out("  fit", fit_square(6, 12, 374, 600), fit_square(12, 12, 1000, 480))
    before = {12: piece_from_symbol("X1"), 19: piece_from_symbol("p1"), 3: piece_from_symbol("S^")}
    after = {19: piece_from_symbol("X2"), 3: piece_from_symbol("S^"), 4: piece_from_symbol("P^")}
    sprites, covered = animation.plan(before, after, Move(12, 19))
    out("  sprites", sprites, sorted(covered))
    out("  keyframes", [[sorted(frame.items()) for frame in animation.keyframes(sprite, (sprite.origin * 10.5, 3), (sprite.target * 10.25, 0))]
                        for sprite in sprites])
    out("== queries")
    for query in ("?board=double&time=300%2B5&white=Zo%C3%AB+B&seed=12&computer=black&level=max",
                  "?time=1e400%2B0&seed=%C2%B2&level=4&computer=black", "?position=x&touch=on&lang=nl",
                  "a=%E2%82&b=%zz&c"):
        settings = from_query(query)
        out("  query", fields(settings, SETTINGS), "|", shown(query_params(query)), shown(parse_qs(query, True)))
    out("  rematch", fields(GameSettings(white="Anna", computer=1, level=3).rematch(), SETTINGS))
    out("  floats", [jsontext.float_text(x) for x in (0.1, 1 / 3, 2.5e-7, 123456789.125, 1e22, 299.87654321)])
    out("  json", jsontext.dumps({"z": [1.5, "\u00e9\U0001F600"], "a": {"y": None, "b": True}}, compact=True))


#: Names past U+FFFF (an emoji, a musical symbol, a trophy) and within it.
ASTRAL_NAMES = ("Zo\u00eb \U0001F600", "\U0001D11E Bram \U0001F3C6")


def stored_json():
    """What the page keeps, written as CPython's json.dumps writes it (every
    character past U+FFFF a surrogate pair of escapes), read back the same:
    MicroPython's json.loads leaves such a pair as two surrogates."""
    out("== stored json")
    wall = 1800000123.5
    game = Game.from_position(START, players=Players(white=ASTRAL_NAMES[0], black=ASTRAL_NAMES[1]))
    game.play("c3-d4")
    text = snapshot(game, now=0, wall=wall)
    out("  save", text)
    back = restore(text, wall_now=wall)
    players = [back.game.players.white, back.game.players.black]
    out("  save back", shown(players), players == list(ASTRAL_NAMES), back.game.tokens == game.tokens)
    # The computer remembered across a reload: the names are in the JSON itself.
    remembered = jsontext.dumps({"start": START, "names": list(ASTRAL_NAMES), "computer": 1, "level": 2})
    out("  memory", remembered)
    fresh = UiState(GameSettings(position=START), now=Clock())
    fresh.apply(OpenGame(game))
    out("  recall", fresh.apply(RecallComputer(remembered)), fresh.settings.computer, fresh.settings.level)
    # Puzzle progress with keys past U+FFFF.
    progress = Progress.read(jsontext.dumps({"stars": {"\U0001F600/1": 2, "plus/1": 3}, "rating": 1300}))
    out("  astral progress", shown(progress.stars), progress.stars == {"\U0001F600/1": 2, "plus/1": 3})
    cases = [
        ('"\\ud83d\\ude00"', "\U0001F600"),
        ('["\\uD83D\\uDE00x", {"\\ud834\\udd1e": "\\ud83d", "k": ["\\u00e9\\udbff\\udfff"]}]',
         ["\U0001F600x", {"\U0001D11E": "\ud83d", "k": ["\u00e9\U0010FFFF"]}]),
        ('["\\ude00\\ud83d", "\\ud83d", "\\ud83dx\\ude00"]', ["\ude00\ud83d", "\ud83d", "\ud83dx\ude00"]),
        ('"\\\\ud83d\\\\ude00"', "\\ud83d\\ude00"),  # escaped backslashes: no escapes of surrogates
        ('{"a": [1, 2.5, null, true], "b": "plain"}', {"a": [1, 2.5, None, True], "b": "plain"}),
    ]
    for text, expected in cases:
        value = jsontext.loads(text)
        out("  loads", text, shown(value), value == expected)
    for depth in (jsontext.MAX_DEPTH, jsontext.MAX_DEPTH + 1, 2000, 100000):
        for text in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
            try:
                out("  depth", depth, text[:2], "read", jsontext.loads(text) is not None)
            except ValueError as error:
                out("  depth", depth, text[:2], "refused:", error)
    for text in ("[" * 100000, "[1", "", "nul", '"\\ud83d'):
        try:
            out("  not json", shown(text[:8]), shown(jsontext.loads(text)))
        except ValueError:  # (the message is the interpreter's own)
            out("  not json", shown(text[:8]), "ValueError")
    # Nested data in storage is refused as the rest: nothing half-read, no crash.
    deep = '{"format": 1, "x": ' + "[" * 9990 + "]" * 9990 + "}"
    try:
        restore(deep, wall_now=wall)
    except ValueError as error:
        out("  deep save", type(error).__name__, error)
    out("  deep progress", Progress.read('{"stars": ' + "[" * 5000 + "]" * 5000 + "}").stars,
        fresh.apply(RecallComputer("[" * 5000 + "]" * 5000)))


def main():
    state = session()
    computer_and_premove()
    lessons_and_puzzles()
    saves_and_links(state)
    stored_json()
    words()
    pictures_and_places()


if __name__ == "__main__":
    main()
