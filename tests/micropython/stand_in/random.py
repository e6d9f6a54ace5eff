"""``random.Random`` for the rule tests in MicroPython, whose own random has no class.

The engine's PRNG (militakiri/randomness.py) has the methods the tests use;
its numbers differ from CPython's, which the rule tests do not depend on.
"""

from militakiri.randomness import Random  # noqa: F401
