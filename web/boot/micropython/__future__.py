annotations = True  # MicroPython never evaluates annotations; CPython's __future__ is the real one.
