"""f. Influence: favours, pledges, Influence Tables A to C."""

from __future__ import annotations

from ...modules import Action, LIVING, MONTH_END, MONTH_START, RuleModule, Step, events_of
from .orders import InfluenceOrders, UseInfluence
from . import codes, grammar, rules
from .tables import InfluenceTables

MODULE = RuleModule(
    name="influence",
    title="f. Influence: favours, pledges, Influence Tables A to C",
    tables=InfluenceTables,
    templates=__name__,
    events=events_of(codes),
    codes=codes,
    verbs=grammar.VERBS,
    lines=(grammar.InfluenceLines,),
    parts=(InfluenceOrders,),
    orders=(UseInfluence,),
    actions={UseInfluence: Action(rules.pledge_week)},
    steps=(
        Step("gather_pledges", MONTH_START, rules.pledges_step),
        Step("expire_season_favours", MONTH_END, rules.expire_season_favours, each=LIVING),
        Step("unused_pledges", MONTH_END, rules.unused_pledges),
    ),
)
