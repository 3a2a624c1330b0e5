"""c. Clubs and Carousing: membership, visits and guests, dues, monthly status."""

from __future__ import annotations

from ...modules import Action, HOME, LIVING, MONTH_END, MONTH_START, RuleModule, Section, Step, events_of
from .orders import ClubOrders, VisitClub
from . import codes, gazette, grammar, rules
from .tables import ClubsTables

MODULE = RuleModule(
    name="clubs",
    title="c. Clubs and Carousing: membership, visits and guests, dues, monthly status",
    tables=ClubsTables,
    templates=__name__,
    events=events_of(codes, {"society": (codes.EV_CLUB_JOINED,), "clubs": (codes.EV_CLUB_RESIGNED, codes.EV_CLUB_LAPSED,)}),
    sections=(
        Section("clubs", "clubs/clubs.html.j2", gazette.section),
        Section("club_table", "clubs/members.html.j2", gazette.members),
    ),
    codes=codes,
    verbs=grammar.VERBS,
    lines=(grammar.ClubLines,),
    parts=(ClubOrders,),
    requires=("bawdyhouse", "gambling", "mistresses", "regiments"),
    orders=(VisitClub,),
    actions={VisitClub: Action(rules.visit, waits=rules.guest_waits)},
    steps=(
        Step("resign", MONTH_START, rules.resign_step, each=LIVING, group="orders"),
        Step("join", MONTH_START, rules.join_step, each=LIVING, group="orders"),
        Step("pay_dues", MONTH_END, rules.pay_dues, each=HOME),
        Step("monthly_status", MONTH_END, rules.monthly_status, each=HOME),
        Step("count_down_bars", MONTH_END, rules.count_down_bars, each=LIVING),
    ),
)
