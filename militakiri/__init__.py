"""Militakiri: the rules engine.

Pure Python, standard library only, so the same code runs in CPython and in
Pyodide in the browser.
"""

__version__ = "0.1.0"
