"""Ratings and profiles written out: the same text in every interpreter.

Run by tests/micropython/test_ratings_everywhere.py under CPython and
MicroPython: Glicko-2 (the paper's example, lichess's bounds), profiles
folded from seeded games, their stored text and check code, rated games
between people and against the computer, and the refusals of damaged
profiles, in the subset of Python both share.
"""

from militakiri.randomness import Random

from web.model.ladder import Ladder
from web.model import profiles as profiles_module
from web.model.names import fold
from web.model.profiles import Profile, RatedEnd, legacy_keys, profile_key, rate
from web.model.rated_games import ProfileError, RatedGame
from web.model.rating import NEW, Glicko


def out(*words):
    print(" ".join(str(word) for word in words))


def figures(glicko):
    return f"{glicko.rating:.6f} {glicko.deviation:.6f} {glicko.volatility:.8f} {glicko.display()}"


def main():
    example = Glicko(1500, 200, 0.06).after([(Glicko(1400, 30), 1), (Glicko(1550, 100), 0), (Glicko(1700, 300), 0)],
                                            tau=0.5, bounded=False)
    out("paper", figures(example))
    out("upset", figures(NEW.after([(Glicko(3000, 45), 1)])))
    rng = Random(26)
    profiles = {0: Profile("Anna"), 1: Profile("Zoë")}
    ladder = Ladder.read('{"levels": [{"level": 1, "rating": 800, "error": 0},'
                         ' {"level": 5, "rating": 1400, "error": 38}]}')
    for number in range(40):
        board = ("single", "double")[rng.randrange(2)]
        winner = (0, 1, None)[rng.randrange(3)]
        if number % 3 == 0:  # against the computer, level 1 or 5
            level = (1, 5)[rng.randrange(2)]
            end = RatedEnd(f"c{number}", board, ("Anna", f"Computer, level {level}"), 1, level, winner, "towers")
            after, changes = rate(end, {0: profiles[0]}, ladder.glicko(level), 1800000000 + number)
        else:
            end = RatedEnd(f"p{number}", board, ("Anna", "Zoë"), None, 0, winner, "resignation")
            after, changes = rate(end, profiles, None, 1800000000 + number)
        profiles.update(after)
        for change in changes:
            out(number, change.name, change.board, figures(change.after), change.difference, change.points_before, change.points_after, change.rank_status)
    for profile in profiles.values():
        text = profile.text()
        out(profile.name, len(text), text[-12:])
        out("reads back", Profile.read(text) == profile)
        for board in ("single", "double"):
            standing = profile.standing(board)
            best = standing.best_win
            out(board, standing.games, standing.wins, standing.draws, standing.losses,
                None if best is None else best.opponent_rating, standing.history[-3:])
    text = profiles[0].text()
    for damaged in (text[:-5], text.replace('"win"', '"loss"', 1), "[" * 100, "{}", '{"kind": "militakiri-profile"}'):
        try:
            Profile.read(damaged)
        except ProfileError as error:
            out("refused:", error)
    try:
        profiles[0].rated(RatedGame("c0", "single", 0, "X", 0, 1500, 60, "win", "towers"))
    except ProfileError as error:
        out("refused:", error)
    out("nearest", ladder.nearest(1000), ladder.nearest(1300))
    # Names: folded by the page's own tables, not str.lower (ASCII only in MicroPython).
    for name in ("\u00c9LODIE", "\u00e9lodie", "Zo\u00eb", "ZOE\u0308", "Stra\u00dfe", "\u0130stanbul"):
        out("name", profile_key(name), profile_key(name) == profile_key(fold(name)), legacy_keys(name)[0])
    # Past the limit the oldest games fold into a start: the profile reads back the same.
    # (The limit put back after: pytest imports this script too, in the same process as the other tests.)
    limit, profiles_module.MAX_GAMES = profiles_module.MAX_GAMES, 6
    try:
        anna = profiles[0]
        anna = Profile(anna.name, anna.games[:6], anna.start)
        for number in range(3):
            anna, _ = anna.rated(RatedGame(f"z{number}", "single", 1900000000 + number, "X", 0, 1500, 60, "win",
                                           "towers"))
        text = anna.text()
        out("limit", len(anna.games), text[-160:], Profile.read(text) == anna)
    finally:
        profiles_module.MAX_GAMES = limit


main()
