"""web/boot/lazy_stdlib.py: a standard library module the small zip lacks comes from the whole one.

The browser's synchronous fetch is replaced by a zip written here; what is
tested is the finder: which names it answers for, that it loads the whole
library once, and that modules and submodules then import from it.
"""

from __future__ import annotations

import sys
import zipfile

import pytest

from web.boot.lazy_stdlib import WholeStdlib


@pytest.fixture
def finder(tmp_path, monkeypatch):
    whole = tmp_path / "whole.zip"
    with zipfile.ZipFile(whole, "w") as archive:
        archive.writestr("colorsys.py", "WHERE = 'the whole standard library'\n")
        archive.writestr("xmlrpc/__init__.py", "")
        archive.writestr("xmlrpc/client.py", "WHERE = 'a submodule of the whole library'\n")
    finder = WholeStdlib("https://example.invalid/pyodide/python_stdlib.zip", whole=str(whole))
    loads = []

    def load():
        loads.append(1)
        import zipimport
        finder.importer = finder.importer or zipimport.zipimporter(str(whole))
        return finder.importer

    monkeypatch.setattr(finder, "_load", load)
    finder.loads = loads
    return finder


def test_it_answers_only_for_the_standard_library(finder):
    assert finder.find_spec("militakiri_not_stdlib") is None
    assert finder.find_spec("numpy") is None
    assert finder.loads == []  # nothing fetched for a name that is not the standard library's


def test_a_missing_module_and_a_submodule_import_from_the_whole_library(finder, monkeypatch):
    for name in ("colorsys", "xmlrpc", "xmlrpc.client"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr(sys, "meta_path", [finder])  # as if the small zip lacked them
    import colorsys
    import xmlrpc.client

    assert colorsys.WHERE == "the whole standard library"
    assert xmlrpc.client.WHERE == "a submodule of the whole library"
    for name in ("colorsys", "xmlrpc", "xmlrpc.client"):
        sys.modules.pop(name, None)


def test_a_standard_library_name_the_whole_library_lacks_is_a_plain_import_error(finder, monkeypatch):
    monkeypatch.setattr(sys, "meta_path", [finder])
    monkeypatch.delitem(sys.modules, "_winapi", raising=False)
    with pytest.raises(ImportError):
        import _winapi  # noqa: F401
