"""engarde.patterns: a pattern compiled on first use reads as the compiled one."""

import importlib
import pickle
import pkgutil
import re

import engarde
from engarde.grammar import Verb
from engarde.patterns import Lazy, lazy


def test_lazy_pattern_answers_as_the_compiled_one():
    p = lazy(r"visit\s+(?P<club>\w+)", re.I)
    assert "_compiled" not in p.__dict__  # nothing compiled at import
    assert p.pattern == r"visit\s+(?P<club>\w+)"
    assert p.fullmatch("Visit Hunters")["club"] == "Hunters"
    assert p.search("then VISIT Frog").group("club") == "Frog"
    assert p.sub("x", "visit A and visit B") == "x and x"
    assert [m["club"] for m in p.finditer("visit A, visit B")] == ["A", "B"]
    assert p.flags & re.I and p.groupindex == {"club": 1}
    assert p.match("rest") is None


def test_lazy_pattern_is_compiled_once_and_its_methods_kept():
    p = lazy(r"a+")
    p.match("aa")
    compiled = p.__dict__["_compiled"]
    p.search("baa")
    assert p.__dict__["_compiled"] is compiled
    assert p.__dict__["match"] == compiled.match  # the bound method itself: no wrapper call


def test_lazy_pattern_pickles_as_its_source():
    p = pickle.loads(pickle.dumps(lazy(r"b\d", re.I)))
    assert isinstance(p, Lazy) and p.fullmatch("B7")


def test_a_bad_pattern_fails_on_first_use():
    p = lazy(r"(")
    try:
        p.match("x")
    except re.error:
        pass
    else:
        raise AssertionError("an unbalanced pattern compiled")



def _lazies(value, depth=0):
    """The lazy patterns held in a module's value: itself, a verb's, in tuples, lists and dicts,
    and a class's own attributes (a line reader's ``LINES``)."""
    if isinstance(value, Lazy):
        yield value
    elif depth > 4:
        return
    elif isinstance(value, Verb):
        yield from _lazies(value.pattern, depth + 1)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _lazies(item, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _lazies(item, depth + 1)
    elif isinstance(value, type) and value.__module__.startswith("engarde."):
        for item in list(vars(value).values()):
            yield from _lazies(item, depth + 1)


def test_every_pattern_of_the_package_compiles():
    """Compiled late, a mistyped pattern would fail only on the line that first needs it: every
    module-level pattern of engarde (its verbs', its line readers') is compiled here instead."""
    found = set()
    for info in pkgutil.walk_packages(engarde.__path__, "engarde."):
        if ".migrations" in info.name or info.name.endswith("__main__"):
            continue  # alembic's env runs only under alembic
        for value in list(vars(importlib.import_module(info.name)).values()):
            for p in _lazies(value):
                p.compiled()
                found.add(id(p))
    assert len(found) > 230
