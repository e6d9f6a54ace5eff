"""Stand-ins for the browser in the pure UI tests, and a UiState built on them."""

from __future__ import annotations

import json

from militakiri.randomness import Random

from web.model.jsontext import check_code, dumps
from web.model.points import no_points
from web.model.settings import GameSettings
from web.model.ui_state import UiState


class FakeClock:
    """A steady clock the test moves by hand: ``clock.t += 5``."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def state_for(position: str | None = None, time_control: str = "-", points=no_points,
              **kw) -> tuple[UiState, FakeClock]:
    """A UiState for ``GameSettings(position, time_control, **kw)`` on a
    FakeClock (returned too), its random numbers from ``Random(1)``
    unless ``seed`` is given (then the UiState seeds its own); ``points``:
    the profiles' points it asks (a ProfileStore's ``points``)."""
    clock = FakeClock()
    settings = GameSettings(position=position, time_control=time_control, **kw)
    return UiState(settings, now=clock, rng=Random(1), points=points), clock


def reseal(text: str, change) -> str:
    """A profile's or a save's JSON ``text`` changed by ``change(data)`` and
    sealed again with its check code: a change made by hand that the
    check alone would not catch."""
    data = json.loads(text)
    data.pop("check")
    change(data)
    data["check"] = check_code(data)
    return dumps(data, compact=True)
