"""Profiles made the way the page makes them: rated games played through
the page's state (set-ups, dice, a move, a resignation) and counted in a
store of profiles, so that a test's points and rank status (R26, R27) are
the model's own fold, never figures written by hand."""

from __future__ import annotations

from militakiri.randomness import Random

from web.model.intents import RandomSetup, Resign, RollDice, SetupDone, StartGame
from web.model.modes import play
from web.model.profiles import RatedEnd
from web.services.profiles import ProfileStore
from web.services.storage import MemoryStorage, SafeStorage

from . import fakes

WHEN = 1_800_000_000


def rated_game(store: ProfileStore, white: str, black: str, board: str = "single", loser: int | None = None,
               seed: int = 5) -> RatedEnd:
    """One rated game between two people on this device: set up, a move
    played, then ``loser``'s resignation (the player not to move, if None),
    counted in ``store``; its end."""
    state, _ = fakes.state_for(None, board=board, white=white, black=black, rated=True, seed=seed,
                               points=store.points)
    for _ in range(2):
        state.apply(RandomSetup())
        state.apply(SetupDone())
    state.apply(RollDice())
    state.apply(StartGame())
    assert play.play_token(state, sorted(state.game.legal_moves())[0])
    state.apply(Resign(1 - state.game.position.turn if loser is None else loser))
    end = state.rated_end()
    assert end is not None
    outcome = store.rate(end, None, WHEN + seed)
    assert not outcome.problems, outcome.problems
    return end


def store_with_wins(name: str, wins: int, board: str = "single", store: ProfileStore | None = None) -> ProfileStore:
    """A store where ``name`` has won ``wins`` rated games on ``board``, each
    against a new opponent who resigned (White or Black, as the seed falls)."""
    store = store or ProfileStore(SafeStorage(MemoryStorage()))
    rng = Random(wins)
    for number in range(wins):
        rival = f"Rival {number + 1}"
        white, black = (name, rival) if rng.randrange(2) else (rival, name)
        rated_game(store, white, black, board, loser=1 if black == rival else 0, seed=number + 1)
    return store
