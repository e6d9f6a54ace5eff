"""The part of pytest that the engine's rule tests use, for MicroPython.

tests/micropython/suite.py runs tests/engine/test_rulings.py and
test_notation.py in the page's MicroPython, where pytest does not exist:
``raises`` (with ``match`` and ``.value``), ``mark.parametrize`` and
``fail``, with pytest's meaning. Nothing else: a test that needs more fails
there by name, it is never skipped.
"""

import re

#: Each decorated test's parameter sets, outermost decorator last:
#: ``{function: [(names, values), ...]}`` (MicroPython's functions take no attributes).
PARAMETERS = {}


class Failed(AssertionError):
    pass


def fail(reason=""):
    raise Failed(reason)


class RaisesContext:
    def __init__(self, expected, match):
        self.expected = expected
        self.match = match
        self.value = None

    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback):
        if kind is None:
            raise Failed("DID NOT RAISE " + self.expected.__name__)
        if not issubclass(kind, self.expected):
            return False
        if self.match is not None and re.search(self.match, str(value)) is None:
            raise Failed("Regex pattern did not match.\n Regex: %r\n Input: %r" % (self.match, str(value)))
        self.value = value
        return True


def raises(expected, match=None):
    return RaisesContext(expected, match)


class Mark:
    def parametrize(self, names, values):
        names = [name.strip() for name in names.split(",")] if isinstance(names, str) else list(names)

        def mark(function):
            PARAMETERS.setdefault(function, []).append((names, list(values)))
            return function
        return mark


mark = Mark()
