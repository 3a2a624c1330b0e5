"""Regular expressions compiled when first used.

Every module's grammar is imported to read one player's sheet (``engarde orders check``), and
compiling their three hundred patterns was a fifth of the command's start, though a sheet uses
fewer than half of them.  A :func:`lazy` pattern compiles on its first use, then answers each
method from the compiled pattern itself (its bound methods kept on the instance: no extra call
on the parser's hot path).
"""

from __future__ import annotations

import re
from typing import Any

# What a compiled pattern answers that the parsers call: bound once, on first use.
_BOUND = ("match", "fullmatch", "search", "finditer", "findall", "sub", "subn", "split", "scanner")


class Lazy:
    """A regular expression not yet compiled: ``pattern`` as written; every other attribute of
    ``re.Pattern`` is the compiled pattern's (``flags``, ``groupindex``, the methods)."""

    def __init__(self, pattern: str, flags: int | re.RegexFlag = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    def compiled(self) -> re.Pattern[str]:
        found = self.__dict__.get("_compiled")
        if found is None:
            found = re.compile(self.pattern, self._flags)
            self.__dict__.update({name: getattr(found, name) for name in _BOUND}, _compiled=found)
        return found

    def __getattr__(self, name: str) -> Any:
        # only what the instance does not hold yet: the first use of a method, or an attribute
        if name.startswith("__") or name in ("_compiled", "_flags"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Lazy, (self.pattern, self._flags))

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}, {int(self._flags)})"


# A pattern either way, for annotations.
Regex = Lazy | re.Pattern[str]


def lazy(pattern: str, flags: int | re.RegexFlag = 0) -> Lazy:
    """``re.compile(pattern, flags)``, compiled on first use (for patterns made at import)."""
    return Lazy(pattern, flags)
