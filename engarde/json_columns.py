"""How the database's JSON columns are written and read.

A month writes tens of thousands of JSON values (each event's data, each roll's dice, every
sheet) and every command reads them back: with the standard library's ``json`` the encoding
and decoding alone were a tenth of a month's resolving and storing.  orjson does the same work
several times faster.  It is stricter than ``json`` about a few values engarde does not mean to
store but that hostile or old data might hold (an integer beyond 64 bits, NaN written by an
older engarde): those fall back to ``json``, so what was stored before still reads and nothing
that stored before is refused now.  orjson would read an integer beyond 64 bits back as a float,
so the text ``json`` writes for such a value begins with a space (JSON allows it; orjson's text
never does), and is read back by ``json``, exactly.  (Such an integer written by an engarde
before this one reads as a float: the parser refuses amounts beyond ``grammar.MAX_AMOUNT``, so
none is known to have been written.)
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS  # ``json`` writes a key 1 as "1": so does this


def dumps(value: Any) -> str:
    """``value`` as JSON text (keys in their order, non-ASCII as it is)."""
    try:
        return orjson.dumps(value, option=_OPTIONS).decode("utf-8")
    except TypeError:  # an integer orjson cannot hold, or a type it does not know: json says which
        return " " + json.dumps(value)


def loads(text: str | bytes) -> Any:
    """The value of JSON ``text``."""
    if text[:1] in (" ", b" "):  # written by json (``dumps``): read by json
        return json.loads(text)
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:  # NaN, or an integer beyond 64 bits, that json wrote
        return json.loads(text)
