"""g. MA and Regiments: application, ranks, horses, duty, officers, vacancies."""

from __future__ import annotations

from ...modules import Action, Commands, Deferred, RuleModule, Section, Step, LIVING, MONTH_END, MONTH_START, events_of, listing
from .orders import ApplyRegiment, BuyRank, DutyExcusal, RegimentalDuty, ResignCommission
from . import codes, gazette, grammar, rules
from . import state
from .state import RegimentsState
from .tables import RegimentsTables

MODULE = RuleModule(
    name="regiments",
    title="g. MA and Regiments: application, ranks, horses, duty, officers, vacancies",
    tables=RegimentsTables,
    commands=Commands(f"{__name__}.commands:COMMANDS", ("regiment",)),
    pending=Deferred(f"{__name__}.commands:pending"),
    state=RegimentsState,
    undo=state.undo,
    templates=__name__,
    events=events_of(codes, {"regiments": (codes.EV_REGIMENT_JOINED, codes.EV_RANK_BOUGHT, codes.EV_BRIGADE_MAJOR,
                                            codes.EV_COMMISSION_RESIGNED),
                             "notices": (codes.EV_EXPELLED, codes.EV_DISGRACE_FRONTIER, codes.EV_DISGRACE_RELEASED)}),
    sections=(
        Section("regiments", "regiments/regiments.html.j2", listing("regiments", "regimental_news")),
        Section("regiment_table", "regiments/roster.html.j2", gazette.table),
    ),
    codes=codes,
    verbs=grammar.VERBS,
    lines=(grammar.RegimentLines,),
    parts=(DutyExcusal,),
    requires=("clubs", "influence", "loans"),
    orders=(ApplyRegiment, BuyRank, RegimentalDuty, ResignCommission),
    actions={
        ApplyRegiment: Action(rules.apply),
        BuyRank: Action(rules.buy_rank),
        RegimentalDuty: Action(rules.duty_order),
        ResignCommission: Action(rules.resign_commission),
    },
    claims=(rules.claim_duty,),
    steps=(
        Step("enforce_disgrace", MONTH_START, rules.enforce_disgrace, each=LIVING),
        Step("settle_decisions", MONTH_START, rules.settle_decisions),
        Step("organise_for_members", MONTH_START, rules.organise_for_members, each=LIVING),
        Step("plan_duty", MONTH_START, rules.duty_step, each=LIVING),
        Step("pay_and_status", MONTH_END, rules.pay_and_status, each=LIVING),
        Step("horse_upkeep", MONTH_END, rules.horse_upkeep, each=LIVING),
        Step("brigade_status", MONTH_END, rules.brigade_status, each=LIVING),
        Step("check_rank_minimum", MONTH_END, rules.check_rank_minimum, each=LIVING),
        Step("yearly_brigade_majors", MONTH_END, rules.yearly_brigade_majors),
    ),
)
