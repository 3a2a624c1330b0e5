"""d. Bawdyhouses in the order language: "Visit the bawdyhouse and carouse carrying 30 crowns".

The visit's words are read by the club grammar (``engarde.rules.clubs.grammar``), which
hands a bawdyhouse's clauses here.
"""

from __future__ import annotations

from typing import Any

from ...grammar import I, Reading
from ...records import ErrorRecord
from ..gambling.grammar import note_gambling
from .orders import VisitBawdyhouse
from ...patterns import lazy

BAWDYHOUSE = lazy(
    r"(?:(?:a|an|the|local|nearest|some|my|his)\s+)?(?:bawdy[\s-]?houses?|brothels?|bordellos?|"
    r"whorehouses?|stews|red[\s-]light(?:\s+district)?|house\s+of\s+ill\s+repute)", I)


def bawdyhouse_visit(c: Any, r: Reading) -> VisitBawdyhouse | ErrorRecord:
    """A visit to a bawdyhouse, from the clauses of a visit (``engarde.rules.clubs.grammar``)."""
    if c.purse_error is not None:
        return c.purse_error
    if c.gamble_error is not None:
        return c.gamble_error
    if c.name_error is not None:  # a companion who is no one of the campaign
        return c.name_error
    if not c.carouse or c.no_carouse:
        # Bawdyhouses: "Liquid refreshment is mandatory".
        r.note("carousing is mandatory at a bawdyhouse (liquid refreshment is mandatory): he carouses")
    if c.companions or c.host or c.with_mistress:
        who = list(c.companions) + ([c.host] if c.host else []) + (["his mistress"] if c.with_mistress else [])
        r.note(f"companions ({', '.join(who)}) do not change a bawdyhouse visit")
    note_gambling(c, r)
    return VisitBawdyhouse(carouse=True, companionship=c.companionship, purse=c.purse, gamble=c.gamble)
