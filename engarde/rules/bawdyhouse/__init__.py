"""d. Bawdyhouses: the purse, refreshment, companionship, footpads."""

from __future__ import annotations

from ...modules import Action, RuleModule, events_of
from .orders import VisitBawdyhouse
from . import codes, rules
from .tables import BawdyhouseTables

MODULE = RuleModule(
    name="bawdyhouse",
    title="d. Bawdyhouses: the purse, refreshment, companionship, footpads",
    tables=BawdyhouseTables,
    templates=__name__,
    events=events_of(codes, {"society": (codes.EV_FOOTPADS,)}),
    codes=codes,
    requires=("companionship", "gambling"),
    orders=(VisitBawdyhouse,),
    actions={VisitBawdyhouse: Action(rules.visit)},
)
