"""c. Toadying in the order language: "Toady to Cyrano at Bothwell's" is a visit as his guest
(the visit's clauses are the club grammar's)."""

from __future__ import annotations

import re

from ...grammar import Built, Reading, bad_order, names_in, verb
from ..clubs.grammar import make_visit, split_visit

_TOADY = r"toady(?:ing|ies)?\s+(?:up\s+)?(?:to|with|for|on)\s+(?P<rest>.+)"


def _build_toady(m: re.Match[str], r: Reading) -> Built:
    """ "Toady to Cyrano at Bothwell's and carouse": he goes as Cyrano's guest."""
    words, c = split_visit(m.group("rest"), r)
    host, *where = re.split(r"\s+(?:at|in)\s+", words, maxsplit=1)
    place = where[0] if where else ""
    host = host.strip(" ,;.")
    if not host:
        return bad_order("toady to whom?", "write e.g. 'Toady to Cyrano at Bothwell's'")
    names = names_in(host)
    c.host = names[0]
    c.companions = tuple(names[1:]) + c.companions
    return make_visit(place.strip(" ,;."), c, r)


VERBS = (verb("toady", _TOADY, _build_toady, ("toady",)),)
