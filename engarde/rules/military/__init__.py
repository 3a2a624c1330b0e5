"""h. Campaign and Volunteers, i. Campaign Outcome."""

from __future__ import annotations

from ...modules import Action, Commands, Deferred, RuleModule, Section, Step, MONTH_END, MONTH_START, events_of, listing
from .orders import CampaignStanding, Petition, Volunteer
from . import codes, grammar, rules
from . import state
from .state import MilitaryState
from .tables import MilitaryTables

MODULE = RuleModule(
    name="military",
    title="h. Campaign and Volunteers, i. Campaign Outcome",
    commands=Commands(f"{__name__}.commands:COMMANDS", ("front", "petition")),
    pending=Deferred(f"{__name__}.commands:pending"),
    tables=MilitaryTables,
    state=MilitaryState,
    undo=state.undo,
    templates=__name__,
    events=events_of(codes, {"front": (codes.EV_CAMPAIGN_DETERMINED, codes.EV_SUBSTITUTION_GRANTED, codes.EV_MARCHED, codes.EV_VOLUNTEERED, codes.EV_BATTLE_RESULT, codes.EV_KILLED_IN_ACTION, codes.EV_DESPATCHES, codes.EV_PROMOTED_IN_FIELD, codes.EV_POLTROONERY, codes.EV_RETURNED_FROM_CAMPAIGN, codes.EV_NPC_OFFICER_KILLED,), "regiments": (codes.EV_BREVET_CONFIRMED, codes.EV_BREVET_REVERTED,), "deaths": (codes.EV_KILLED_IN_ACTION,)}),
    sections=(
        Section("front", "military/front.html.j2", listing("front", "front_news")),
    ),
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
