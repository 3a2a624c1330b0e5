"""d. Female Companionship: status lost for a month without it."""

from __future__ import annotations

from ...modules import HOME, MONTH_END, RuleModule, Step, events_of
from . import codes, rules
from .tables import CompanionshipTables

MODULE = RuleModule(
    name="companionship",
    title="d. Female Companionship: status lost for a month without it",
    tables=CompanionshipTables,
    templates=__name__,
    events=events_of(codes),
    codes=codes,
    steps=(Step("month_end", MONTH_END, rules.month_end, each=HOME),),
)
