"""Stand-ins for the browser in the pure UI tests."""

from __future__ import annotations


class FakeClock:
    """A steady clock the test moves by hand: ``clock.t += 5``."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t
