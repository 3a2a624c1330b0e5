"""h. Campaign and Volunteers, i. Campaign Outcome."""

from __future__ import annotations

from ...modules import MONTH_END, MONTH_START, Action, RuleModule, Step
from .orders import CampaignStanding, Petition, Volunteer
from . import codes, grammar, rules

MODULE = RuleModule(
    name="military",
    title="h. Campaign and Volunteers, i. Campaign Outcome",
    codes=codes,
    verbs=grammar.VERBS,
    lines=(grammar.CampaignLines,),
    parts=(CampaignStanding,),
    requires=("regiments", "influence", "titles"),
    orders=(Volunteer, Petition),
    actions={Volunteer: Action(rules.volunteer), Petition: Action(rules.petition)},
    away=(rules.away,),
    keeps_no_accounts=rules.keeps_no_accounts,
    steps=(
        Step("begin_month", MONTH_START, rules.begin_month),
        Step("month_end", MONTH_END, rules.month_end_step),
    ),
)
