"""d. Bawdyhouses: the purse, refreshment, companionship, footpads."""

from __future__ import annotations

from ...modules import Action, RuleModule
from .orders import VisitBawdyhouse
from . import codes, rules

MODULE = RuleModule(
    name="bawdyhouse",
    title="d. Bawdyhouses: the purse, refreshment, companionship, footpads",
    codes=codes,
    requires=("companionship", "gambling"),
    orders=(VisitBawdyhouse,),
    actions={VisitBawdyhouse: Action(rules.visit)},
)
