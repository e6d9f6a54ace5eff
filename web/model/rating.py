"""Glicko-2 ratings as lichess keeps them (lila ``modules/rating``).

Glickman's Glicko-2 ("Example of the Glicko-2 system", 2012 revision, the
Illinois step for the volatility) with lichess's choices: a new player starts
at 1500 with a deviation of 500 and a volatility of 0.09, the system
constant tau is 0.75, the deviation stays between 45 and 500, the
volatility at most 0.1, the rating at least 600, a rating moves at most 700
points in a game, and it is provisional while the deviation is 110 or more.
Each rated game is a rating period of its own, as each game is on lichess
(no time passes between them: a device's games are too few to age a
rating by the calendar).

Written here rather than taken from PyPI: the ``glicko2`` package (2.1.0,
pure Python, it runs in MicroPython) squares the player's rating where the
paper's volatility step squares the deviation (``_f``), which is right only
for a player at exactly 1500; its example matches the paper for that reason
alone. The update is 40 lines of the paper's steps.

Glickman's worked example: 1500/200 against 1400/30 (won), 1550/100 (lost)
and 1700/300 (lost), at tau 0.5 and volatility 0.06 (the paper writes the
new volatility 0.05999, cut short: the root of its step 5 is 0.0599960):

>>> player = Glicko(1500, 200, 0.06)
>>> after = player.after([(Glicko(1400, 30, 0.06), 1), (Glicko(1550, 100, 0.06), 0),
...                       (Glicko(1700, 300, 0.06), 0)], tau=0.5, bounded=False)
>>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
(1464.05, 151.52, 0.059996)

A new player who beats a player of 1500/60 (lichess's bounds apply):

>>> NEW.after([(Glicko(1500, 60), 1)]).display()
'1736?'
"""

from __future__ import annotations

import math

#: The Glicko-2 scale's factor (the paper's 173.7178 = 400 / ln 10).
SCALE = 173.7178
START_RATING = 1500.0
START_DEVIATION = 500.0
START_VOLATILITY = 0.09
TAU = 0.75
MIN_DEVIATION, MAX_DEVIATION = 45.0, 500.0
MAX_VOLATILITY = 0.1
#: No rating's volatility comes near this (it stays about 0.07-0.09 over
#: thousands of games); far below it the volatility step has no logarithm
#: (1e-300 squared is 0): a stored value under it is not a rating's.
MIN_VOLATILITY = 0.01
#: lila's floor when this was written; lila's ``Glicko.minRating`` is 400
#: now. Kept: a profile is checked by folding its games again, and another
#: floor would refuse the profiles whose rating has touched this one.
MIN_RATING = 600.0
MAX_RATING_DELTA = 700.0
#: A rating is provisional while its deviation is at least this.
PROVISIONAL_DEVIATION = 110.0
#: The volatility step's tolerance (the paper's epsilon).
EPSILON = 0.000001


class Glicko:
    """A rating, its deviation and its volatility: a value (never changed in place)."""

    __slots__ = ("rating", "deviation", "volatility")

    def __init__(self, rating: float = START_RATING, deviation: float = START_DEVIATION,
                 volatility: float = START_VOLATILITY) -> None:
        self.rating = float(rating)
        self.deviation = float(deviation)
        self.volatility = float(volatility)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Glicko) and (self.rating, self.deviation, self.volatility)
                == (other.rating, other.deviation, other.volatility))

    def __repr__(self) -> str:
        return f"Glicko({self.rating!r}, {self.deviation!r}, {self.volatility!r})"

    @property
    def provisional(self) -> bool:
        return self.deviation >= PROVISIONAL_DEVIATION

    def display(self) -> str:
        """The rating as lichess shows it: ``'1736?'`` while provisional."""
        return f"{round(self.rating)}{'?' if self.provisional else ''}"

    def expected(self, opponent: Glicko) -> float:
        """This player's expected score against ``opponent`` (the paper's E, both deviations counted)."""
        phi = math.sqrt(self.deviation ** 2 + opponent.deviation ** 2) / SCALE
        return 1 / (1 + math.exp(-_g(phi) * (self.rating - opponent.rating) / SCALE))

    def after(self, games: list[tuple[Glicko, float]], tau: float = TAU, bounded: bool = True) -> Glicko:
        """This rating after one rating period of ``games``: (the opponent's
        rating before the game, this player's score: 1, 1/2 or 0). With
        ``bounded``, lichess's bounds are applied to the result."""
        if not games:
            return self
        mu, phi, sigma = (self.rating - START_RATING) / SCALE, self.deviation / SCALE, self.volatility
        v_inverse, delta_sum = 0.0, 0.0
        for opponent, score in games:
            mu_j, phi_j = (opponent.rating - START_RATING) / SCALE, opponent.deviation / SCALE
            g = _g(phi_j)
            expected = 1 / (1 + math.exp(-g * (mu - mu_j)))
            v_inverse += g * g * expected * (1 - expected)
            delta_sum += g * (score - expected)
        v = 1 / v_inverse
        sigma = _volatility(phi, sigma, v * delta_sum, v, tau)
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
        mu = mu + phi * phi * delta_sum
        after = Glicko(mu * SCALE + START_RATING, phi * SCALE, sigma)
        return after.bounded(self) if bounded else after

    def bounded(self, before: Glicko) -> Glicko:
        """This rating within lichess's bounds, ``before`` the rating it came from."""
        delta = max(-MAX_RATING_DELTA, min(MAX_RATING_DELTA, self.rating - before.rating))
        return Glicko(max(MIN_RATING, before.rating + delta),
                      max(MIN_DEVIATION, min(MAX_DEVIATION, self.deviation)),
                      min(MAX_VOLATILITY, self.volatility))


NEW = Glicko()


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """The paper's step 5: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = c, f_c
    return math.exp(low / 2)
