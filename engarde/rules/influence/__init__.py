"""f. Influence: favours, pledges, Influence Tables A to C."""

from __future__ import annotations

from ...modules import LIVING, MONTH_END, MONTH_START, Action, RuleModule, Step
from .orders import UseInfluence
from . import codes, grammar, rules

MODULE = RuleModule(
    name="influence",
    title="f. Influence: favours, pledges, Influence Tables A to C",
    codes=codes,
    verbs=grammar.VERBS,
    orders=(UseInfluence,),
    actions={UseInfluence: Action(rules.pledge_week)},
    steps=(
        Step("gather_pledges", MONTH_START, rules.pledges_step),
        Step("expire_season_favours", MONTH_END, rules.expire_season_favours, each=LIVING),
        Step("unused_pledges", MONTH_END, rules.unused_pledges),
    ),
)
