"""web/model/query.py reads query strings exactly as urllib.parse does."""

from __future__ import annotations

import ast
import random
import urllib.parse
from pathlib import Path

import pytest

from web.model.query import parse_qs, unquote_plus

WEB = Path(__file__).resolve().parents[2] / "web"
PIECES = ["a", "b", "=", "&", "+", "%", "%2B", "%2b", "%26", "%3D", "%C3%A9", "%E2%82", "%zz", "%4", "é", " ",
          "board", "lang", "nl", "?", "#", ";", "%F0%9F%98%80", "%%", "=="]


@pytest.mark.parametrize("keep", [False, True])
def test_the_same_as_urllib_on_many_strings(keep):
    rng = random.Random(7)
    for _ in range(3000):
        query = "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 14)))
        assert parse_qs(query, keep_blank_values=keep) == urllib.parse.parse_qs(query, keep_blank_values=keep), query
        assert unquote_plus(query) == urllib.parse.unquote_plus(query), query


def test_the_page_does_not_import_urllib_at_start():
    """Only link.py may use urllib.parse, and only when a link is made or read."""
    for path in WEB.rglob("*.py"):
        for node in ast.parse(path.read_text()).body:  # module level: runs at import
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                assert not [n for n in names if n.startswith("urllib")], path.name


def test_the_model_imports_no_private_name_of_the_engine():
    """The query reader uses the link's public ``unquote`` (documented in
    militakiri/link.py), not a name with a leading underscore."""
    for path in (WEB / "model").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("militakiri"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, (path.name, node.module, private)


def test_unquote_is_urllibs_unquote():
    from militakiri.textcodec import unquote
    rng = random.Random(8)
    for _ in range(3000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 14)))
        assert unquote(text) == urllib.parse.unquote(text), text
