"""c. Toadying in the order language: "Toady to Cyrano at Bothwell's" is a visit as his guest
(the visit's clauses are the club grammar's)."""

from __future__ import annotations

import re

from ...grammar import Built, Reading, bad_order, verb
from ...records import ErrorRecord
from ..clubs.grammar import make_visit, split_visit

_TOADY = (r"(?:toady(?:ing|ies)?\s+(?:up\s+)?(?:to|with|for|on)|suck(?:s|ing)?\s+up\s+to|fawn(?:s|ing)?\s+(?:on|over)|"
          r"curry(?:ing)?\s+favou?r\s+with|flatter(?:s|ing)?)\s+(?P<rest>.+)")


def _build_toady(m: re.Match[str], r: Reading) -> Built:
    """ "Toady to Cyrano at Bothwell's and carouse": he goes as Cyrano's guest (the longest
    names of the campaign the words begin with; without them, the words up to "at")."""
    words, c = split_visit(m.group("rest"), r)
    words = words.strip(" ,;.")
    if not words:
        return bad_order("toady to whom?", "write e.g. 'Toady to Cyrano at Bothwell's'")
    if r.known.checked:
        read = r.characters_at(words)
        if isinstance(read, ErrorRecord):
            return read
        names, rest = read
        place = re.sub(r"^\s*(?:at|in)\s+", "", rest, flags=re.I)
    else:
        host, *where = re.split(r"\s+(?:at|in)\s+", words, maxsplit=1)
        place = where[0] if where else ""
        if not host.strip(" ,;."):
            return bad_order("toady to whom?", "write e.g. 'Toady to Cyrano at Bothwell's'")
        read_names = r.characters(host.strip(" ,;."))
        if isinstance(read_names, ErrorRecord):
            return read_names
        names = read_names
    c.host = names[0]
    c.companions = tuple(names[1:]) + c.companions
    return make_visit(place.strip(" ,;."), c, r)


VERBS = (verb("toady", _TOADY, _build_toady, ("toady",), clause=True),)
