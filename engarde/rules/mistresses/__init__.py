"""d. Mistresses: courting, rival suitors, visits, support, gifts, favours."""

from __future__ import annotations

from ...modules import HOME, MONTH_END, WEEK, Action, RuleModule, Step
from .orders import Court, SuitorStanding, VisitMistress
from . import codes, grammar, rules

MODULE = RuleModule(
    name="mistresses",
    title="d. Mistresses: courting, rival suitors, visits, support, gifts, favours",
    codes=codes,
    verbs=grammar.VERBS,
    lines=(grammar.SuitorLines,),
    parts=(SuitorStanding,),
    requires=("companionship",),
    orders=(Court, VisitMistress),
    actions={Court: Action(rules.court), VisitMistress: Action(rules.visit)},
    steps=(
        Step("after_week", WEEK, rules.after_week),
        Step("month_end", MONTH_END, rules.month_end, each=HOME),
    ),
)
