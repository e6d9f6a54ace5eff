"""A board whose other side the embedding page plays (``?embed=1&remote=``):
the messages read (web/model/remote.py), judged against the game and played
(web/model/modes/remote.py), and what the board tells the page
(web/services/embed.py). Two boards are connected here as a site's server
would connect them: each one's set-up, the dice and each move go to the
other as the protocol's JSON text."""

from __future__ import annotations

import json

import pytest

from militakiri import Game
from militakiri.bounded import MAX_PLIES

from web.model import board_view
from web.model.events import GameEvents
from web.model.modes import remote as remote_mode
from web.model.intents import FromHost, MovePiece, Resign, SetupDone, Tick, Touch
from web.model.remote import MAX_MESSAGE_CHARS, HostMessage, Refused, read_host_message
from web.model.settings import from_query
from web.model.modes import play
from web.services.embed import error_message, messages_for, ready_message, setup_message

from .fakes import state_for

WHITE_SETUP, BLACK_SETUP, DICE = "Sc Xd Pb", "Sa Xb Pf", "4-4 6-2"  # White begins


def host(kind: str, **fields: object) -> str:
    """A message from the embedding page, as the board's port hands it on (JSON text)."""
    return json.dumps({"source": "militakiri-host", "version": 1, "type": kind, **fields})


def send(state, kind: str, **fields: object) -> bool:
    """``state`` takes the message, or raises the refusal it answers with."""
    message = read_host_message(host(kind, **fields))
    assert message is not None
    state.apply(Tick())
    changed = state.apply(FromHost(message))
    if state.host_refusal is not None:
        raise state.host_refusal
    return changed


def refused(state, kind: str, **fields: object) -> Refused:
    """The refusal of a message that must change nothing."""
    before = (state.position_string(), state.phase, state.turn, state.remote_setup, state.remote_dice)
    with pytest.raises(Refused) as caught:
        send(state, kind, **fields)
    assert (state.position_string(), state.phase, state.turn, state.remote_setup, state.remote_dice) == before
    answer = error_message(caught.value, state)
    assert answer["type"] == "error" and answer["code"] == caught.value.code and answer["reason"]
    return caught.value


def place(state, text: str) -> None:
    """The player here places ``text`` (set-up notation) by touching its fields."""
    color = 1 - state.remote
    kind = state.kind
    for word in text.split():
        for letter in word[1:]:
            row = {"S": 1, "X": 2, "P": 3}[word[0]]
            assert state.apply(Touch(f"{letter}{kind.zone_row(color, row) + 1}")), state.status().text()
    assert state.apply(SetupDone()), state.status().text()


def pair(time_control: str = "-"):
    """Two boards: Anna plays White on one, Bram Black on the other."""
    white, white_clock = state_for(time_control=time_control, white="Anna", black="Bram", remote=1)
    black, black_clock = state_for(time_control=time_control, white="Anna", black="Bram", remote=0)
    return white, black, white_clock, black_clock


def started(time_control: str = "-"):
    white, black, white_clock, black_clock = pair(time_control)
    place(white, WHITE_SETUP)
    place(black, BLACK_SETUP)
    send(white, "setup", color="black", towers=BLACK_SETUP)
    send(black, "setup", color="white", towers=WHITE_SETUP)
    send(white, "dice", rolls=DICE)
    send(black, "dice", rolls=DICE)
    return white, black, white_clock, black_clock


def test_two_boards_connected_play_the_same_game_R4_R6():
    white, black, _, _ = pair()
    # The board faces its player; the page's side waits for the page.
    assert (white.flipped, black.flipped) == (False, True)
    # The host's set-up comes first: kept, not shown, until the player's own is done (R4).
    assert send(white, "setup", color="black", towers=BLACK_SETUP)
    assert white.setup_color == 0 and white.remote_setup == BLACK_SETUP
    assert all(piece.color == 0 for piece in board_view.pieces(white).values())
    place(white, WHITE_SETUP)
    assert white.setup_color is None and white.status().key == "rm_waiting_dice"
    assert any(piece.color == 1 for piece in board_view.pieces(white).values())  # both shown together
    told = setup_message(white)
    assert told == {"source": "militakiri", "version": 1, "type": "setup", "color": "white", "towers": WHITE_SETUP}
    # Black's board: its own set-up first, White's waits for the page.
    place(black, BLACK_SETUP)
    assert black.status().key == "rm_waiting_setup" and not black.player_sets_up()
    assert not black.apply(Touch("a12")) and black.status().key == "rm_waiting_setup"
    send(black, "setup", color=told["color"], towers=told["towers"])
    # The page rolls (R6) for both; the dice start the game and say who begins.
    for board in (white, black):
        send(board, "dice", rolls=DICE)
        assert board.phase == "playing" and board.turn == 0
        assert "6-2" in board.status().text() and "Anna" in board.status().text()
    events = GameEvents()
    events.update(white)
    # Anna moves on her board; the page sends the move to Bram's, and back.
    for mover, other, (origin, target) in ((white, black, ("c3", "d4")), (black, white, ("f10", "f9")),
                                           (white, black, ("d4", "c5"))):
        assert not other.destinations()  # nothing to move there while the page's side is to move
        assert remote_mode.status(other).key == "rm_waiting_move"  # (the dice are said until the first move)
        assert mover.apply(MovePiece(origin, target)), mover.status().text()
        token, ply = mover.game.tokens[-1], len(mover.game.tokens) - 1
        assert send(other, "move", token=token, ply=ply)
        assert other.position_string() == mover.position_string()
    said = [message for event in events.update(white) for message in messages_for(event, white)]
    assert [(m["type"], m["token"], m["ply"]) for m in said] == [
        ("move", "c3-d4", 1), ("move", "f10-f9", 2), ("move", "d4-c5", 3)]
    assert ready_message(black)["color"] == "black" and ready_message(black)["ply"] == 3


def test_forged_and_illegal_messages_are_refused_with_a_code_and_change_nothing_R24():
    white, black, _, _ = started()
    # White to move on the board that plays White: the page's move is not its turn.
    assert refused(white, "move", token="f10-f9", ply=0).code == "not-your-turn"
    assert refused(white, "setup", color="white", towers=WHITE_SETUP).code == "not-your-turn"
    assert refused(black, "move", token="c3-c4", ply=0).code == "illegal"  # a cross moves diagonally (R7)
    assert "diagonal" in refused(black, "move", token="c3-c4", ply=0).message.text()
    assert refused(black, "move", token="zz-top", ply=0).code == "illegal"
    assert refused(black, "move", token="c3-d4", ply=1).code == "wrong-ply"
    assert refused(white, "setup", color="black", towers="Sb Xb Pf").code == "illegal"  # another set-up
    assert refused(white, "dice", rolls="1-6").code == "illegal"  # rolled already
    assert refused(white, "dice", rolls="3-3").code == "illegal"
    send(black, "move", token="c3-d4", ply=0)
    assert refused(black, "move", token="c3-b4", ply=0).code == "wrong-ply"  # ply 0 was c3-d4
    assert not send(black, "move", token="c3-d4", ply=0)  # said again: taken, nothing new
    assert not send(white, "setup", color="black", towers=BLACK_SETUP)
    assert not send(white, "dice", rolls=DICE)
    assert refused(white, "clock", white=1000, black=1000).code == "bad-message"  # no clock in this game


def test_messages_before_their_time():
    white, _, _, _ = pair()
    assert refused(white, "move", token="c3-d4", ply=0).code == "wrong-ply"
    assert refused(white, "end", result="1-0", termination="forfeit").code == "wrong-ply"
    assert refused(white, "setup", color="black", towers="Sa Xb").code == "illegal"  # incomplete (R3)
    assert send(white, "dice", rolls=DICE) and white.phase == "setup"  # waits for both set-ups
    place(white, WHITE_SETUP)
    assert white.status().key == "rm_waiting_setup" and white.game is None
    send(white, "setup", color="black", towers=BLACK_SETUP)
    assert white.phase == "playing"


@pytest.mark.parametrize("text, code, says", [
    ("[1, 2]", None, None),
    ('"militakiri-host"', None, None),
    ('{"source": "other", "version": 1, "type": "move"}', None, None),
    ("null", None, None),
    ("not JSON: TypeError: cyclic object value", "bad-message", "cannot be read"),
    ('{"source": "militakiri-host", "version": 2, "type": "move", "token": "c3-d4", "ply": 0}', "bad-message",
     "version 2"),
    ('{"source": "militakiri-host", "version": "1", "type": "move", "token": "c3-d4", "ply": 0}', "bad-message",
     "version '1'"),
    ('{"source": "militakiri-host", "version": true, "type": "dice", "rolls": "1-2"}', "bad-message", "version True"),
    ('{"source": "militakiri-host", "version": 1, "type": "resign"}', "bad-message", "'resign' is not"),
    ('{"source": "militakiri-host", "version": 1, "type": ["move"]}', "bad-message", "is not a message"),
    ('{"source": "militakiri-host", "version": 1, "type": "move", "token": "c3-d4", "ply": 0, "eval": "x"}',
     "bad-message", "does not know: 'eval'"),
    ('{"source": "militakiri-host", "version": 1, "type": "move", "token": "c3-d4", "ply": 0.5}', "bad-message",
     "not 0.5"),
    ('{"source": "militakiri-host", "version": 1, "type": "move", "token": "c3-d4", "ply": NaN}', "bad-message",
     "not nan"),
    ('{"source": "militakiri-host", "version": 1, "type": "move", "token": "c3-d4", "ply": true}', "bad-message",
     "not True"),
    ('{"source": "militakiri-host", "version": 1, "type": "move", "token": "c3-d4", "ply": -1}', "bad-message",
     "not -1"),
    ('{"source": "militakiri-host", "version": 1, "type": "move", "token": "c3-d4", "ply": 1e300}', "bad-message",
     "0 to 3000"),
    ('{"source": "militakiri-host", "version": 1, "type": "move", "token": {"a": [1]}, "ply": 0}', "bad-message",
     "token must be text"),
    ('{"source": "militakiri-host", "version": 1, "type": "move", "token": "", "ply": 0}', "bad-message",
     "token must be text"),
    ('{"source": "militakiri-host", "version": 1, "type": "move", "token": "%s", "ply": 0}' % ("c" * 5000),
     "bad-message", "5,000 characters"),
    ('{"source": "militakiri-host", "version": 1, "type": "clock", "white": NaN, "black": 1}', "bad-message",
     "not nan"),
    ('{"source": "militakiri-host", "version": 1, "type": "clock", "white": Infinity, "black": 1}',
     "bad-message", "not inf"),
    ('{"source": "militakiri-host", "version": 1, "type": "clock", "white": "60000", "black": 1}',
     "bad-message", "milliseconds"),
    ('{"source": "militakiri-host", "version": 1, "type": "clock", "white": -5, "black": 1}', "bad-message",
     "not -5"),
    ('{"source": "militakiri-host", "version": 1, "type": "setup", "color": "red", "towers": "Sa"}',
     "bad-message", "\"white\" or \"black\", not 'red'"),
    ('{"source": "militakiri-host", "version": 1, "type": "setup", "color": "white"}', "bad-message",
     "no towers"),
    ('{"source": "militakiri-host", "version": 1, "type": "resume", "setups": {"white": "Sc Xd Pb"}, '
     '"dice": "6-1", "moves": []}', "bad-message", "setups must be"),
    ('{"source": "militakiri-host", "version": 1, "type": "resume", "setups": {"white": "Sc Xd Pb", '
     '"black": "Sa Xb Pf"}, "dice": "6-1", "moves": [["c3-d4"]]}', "bad-message", "moves must be"),
    ('{"source": "militakiri-host", "version": 1, "type": "dice", "rolls": "' + "[" * 300 + '"}', "bad-message",
     "1 to 200 characters"),
    ('{"source": "militakiri-host", "version": 1, "type": "dice", "rolls": ' + "[" * 10 + "]" * 10 + "}",
     "bad-message", "nested deeper"),
    ("x" * (MAX_MESSAGE_CHARS + 1), "bad-message", "longer than"),
])
def test_forged_messages_are_not_read(text, code, says):
    """Whatever the page posts, the reader answers with a message for the
    board, None (not the board's: ignored), or a bad-message refusal that
    quotes only an excerpt."""
    if code is None:
        assert read_host_message(text) is None
        return
    with pytest.raises(Refused) as caught:
        read_host_message(text)
    reason = caught.value.message.text()
    assert caught.value.code == code and says in reason, reason
    assert len(reason) < 400


def test_a_board_that_plays_both_sides_takes_no_moves():
    state, _ = state_for(white="Anna", black="Bram")
    assert refused(state, "dice", rolls=DICE).code == "bad-message"


def test_end_from_the_page_forfeit_and_the_record_says_so_R26():
    white, black, _, _ = started("300+0")
    white.apply(MovePiece("c3", "d4"))
    send(black, "move", token="c3-d4", ply=0)
    # Bram's connection was lost: the page ends the game on both boards.
    for board in (white, black):
        assert send(board, "end", result="1-0", termination="forfeit")
        assert board.phase == "over" and str(board.game.outcome()) == "1-0 forfeit"
        assert '[Termination "forfeit"]' in board.game.record()
        assert Game.from_record(board.game.record()).outcome() == board.game.outcome()
        assert "forfeited" in board.status().text()
        assert not send(board, "end", result="1-0", termination="forfeit")  # said again
        assert refused(board, "end", result="0-1", termination="time").code == "over"
        assert refused(board, "move", token="f10-f9", ply=1).code == "over"
    fresh, _, _, _ = started()
    assert refused(fresh, "end", result="1-0", termination="towers").code == "bad-message"  # the board's own
    assert refused(fresh, "end", result="1/2-1/2", termination="forfeit").code == "bad-message"


def test_the_page_sets_the_clocks_and_a_flag_falls_on_the_board_R21():
    white, black, white_clock, _ = started("300+0")
    white_clock.t += 10
    assert send(white, "clock", white=295_000, black=300_000)
    assert white.game.clock.remaining(0, white_clock.t) == 295
    white_clock.t += 5
    assert white.game.clock.remaining(0, white_clock.t) == 290  # White's clock runs on from there
    # The page's word that Black has no time left: Black's turn, the flag falls.
    white.apply(MovePiece("c3", "d4"))
    send(white, "clock", white=290_000, black=0)
    assert str(white.game.outcome()) == "1-0 time"
    corr, _, _, _ = started("c86400")
    assert refused(corr, "clock", white=1000, black=1000).code == "bad-message"


def test_resume_a_board_that_kept_nothing_and_one_that_is_behind():
    white, black, _, _ = started()
    for mover, other, token in ((white, black, "c3-d4"), (black, white, "f10-f9"), (white, black, "d4-c5")):
        mover.apply(MovePiece(*token.split("-")))
        send(other, "move", token=token, ply=len(mover.game.tokens) - 1)
    game = {"setups": {"white": WHITE_SETUP, "black": BLACK_SETUP}, "dice": DICE,
            "moves": list(white.game.tokens)}
    # Reloaded with no storage: a fresh board, in its set-up.
    again, _ = state_for(white="Anna", black="Bram", remote=0)
    assert ready_message(again)["status"] == "setup" and ready_message(again)["ply"] == 0
    assert send(again, "resume", **game)
    assert again.position_string() == black.position_string() and again.remote == 0 and again.flipped
    assert again.status().key != "rm_waiting_move" and again.destinations()  # Black to move, here
    assert refused(again, "move", token="c3-b4", ply=0).code == "wrong-ply"
    # A board one move behind catches up; one with another game refuses.
    behind, _, _, _ = started()  # (the board that plays White)
    behind.apply(MovePiece("c3", "d4"))
    assert send(behind, "resume", **game) and behind.game.tokens == white.game.tokens
    assert not send(behind, "resume", **game)  # nothing new
    other = dict(game, moves=["c3-b4"])
    assert refused(behind, "resume", **other).code == "wrong-ply"
    fresh, _ = state_for(white="Anna", black="Bram", remote=0)
    place(fresh, "Sb Xb Pf")
    assert refused(fresh, "resume", **game).code == "wrong-ply"  # the player's set-up here is another
    bad = dict(game, moves=["c3-d4", "c3-d4"])
    assert "move 2" in refused(state_for(remote=0)[0], "resume", **bad).message.text()


def test_the_player_resigns_only_their_own_side_and_takes_nothing_back_R23():
    white, black, _, _ = started()
    white.apply(MovePiece("c3", "d4"))
    assert not play.can_take_back(white)
    assert white.apply(Resign(0)) and str(white.game.outcome()) == "0-1 resignation"


def test_a_rated_game_counts_for_the_player_here_against_a_person_by_name():
    again, _ = state_for(white="Anna", black="Bram", remote=1, rated=True)
    assert again.rated is not None
    place(again, WHITE_SETUP)
    send(again, "setup", color="black", towers=BLACK_SETUP)
    send(again, "dice", rolls=DICE)
    again.apply(MovePiece("c3", "d4"))
    send(again, "end", result="1-0", termination="forfeit")
    end = again.rated_end()
    assert end is not None and end.remote == 1 and end.players() == [0] and end.people() == [0, 1]
    assert end.ended == "forfeit" and end.result(0) == "win"


def test_the_address_asks_for_a_remote_side():
    assert from_query("?embed=1&remote=white&white=Anna").remote == 0
    assert from_query("?embed=1&remote=black&computer=white").computer is None
    assert from_query("?embed=1&remote=black&computer=white").ignored == ("computer",)
    assert from_query("?remote=black").remote is None  # only in an embedded board
    assert from_query("?embed=1&remote=red").ignored == ("remote",)


def test_a_host_message_is_a_plain_value():
    assert HostMessage("dice", text="6-1") == HostMessage("dice", text="6-1")
    assert MAX_MESSAGE_CHARS > MAX_PLIES * 10


def test_the_move_message_carries_the_movers_clock_for_the_other_board_R21():
    white, black, white_clock, black_clock = started("300+0")
    events = GameEvents()
    events.update(white)
    white_clock.t += 12.5
    white.apply(MovePiece("c3", "d4"))
    (moved,) = [m for event in events.update(white) for m in messages_for(event, white)]
    assert moved["clock"] == {"white": 287500, "black": 300000}
    black_clock.t += 13
    send(black, "move", token=moved["token"], ply=moved["ply"] - 1)
    send(black, "clock", **moved["clock"])
    assert black.game.clock.remaining(0, black_clock.t) == 287.5
    assert black.game.clock.remaining(1, black_clock.t) == 300


def test_a_saved_game_reopened_on_the_board_still_plays_against_the_page():
    """After a reload where the board keeps its game (autosave), the game
    opened is still one whose other side the page plays."""
    from web.model.intents import OpenGame

    white, _, _, _ = started()
    white.apply(MovePiece("c3", "d4"))
    game = Game.from_record(white.game.record())
    again, _ = state_for(white="Anna", black="Bram", remote=1)
    again.apply(OpenGame(game))
    assert again.remote == 1 and again.remote_turn() and not again.destinations()
    assert send(again, "move", token="f10-f9", ply=1) and again.turn == 0


def test_a_rated_remote_game_is_kept_in_the_local_players_profile_only_R26():
    from web.model.profiles import Profile, profile_key
    from web.services.profiles import ProfileStore
    from web.services.storage import MemoryStorage, SafeStorage

    storage = SafeStorage(MemoryStorage())
    store = ProfileStore(storage)
    store.put(Profile("Bram"))  # Bram has played on this device before: his rating is read, not written
    board, _ = state_for(white="Anna", black="Bram", remote=1, rated=True)
    place(board, WHITE_SETUP)
    send(board, "setup", color="black", towers=BLACK_SETUP)
    send(board, "dice", rolls=DICE)
    board.apply(MovePiece("c3", "d4"))
    send(board, "end", result="1-0", termination="forfeit")
    bram = storage.get(profile_key("Bram"))
    outcome = store.rate(board.rated_end(), None, 1_800_000_000)
    assert [change.name for change in outcome.changes] == ["Anna"] and not outcome.problems
    (game,) = store.get("Anna").games
    assert (game.opponent, game.level, game.result, game.ended) == ("Bram", 0, "win", "forfeit")
    assert storage.get(profile_key("Bram")) == bram
