"""b. Time Sequence and Social Status: allowance, support, conspicuous consumption, the social level."""

from __future__ import annotations

from .orders import SupportOrders
from ...modules import HOME, LIVING, MONTH_END, MONTH_START, RuleModule, Section, Step, events_of
from . import codes, gazette, grammar, rules
from .tables import StatusTables

MODULE = RuleModule(
    name="status",
    title="b. Time Sequence and Social Status: allowance, support, conspicuous consumption, the social level",
    tables=StatusTables,
    templates=__name__,
    events=events_of(codes, {"society": (codes.EV_SL_RAISED, codes.EV_SL_DROPPED, codes.EV_CONSPICUOUS,)}),
    sections=(
        Section("society", "status/society.html.j2", gazette.society),
        Section("greasy_pole", "status/greasy_pole.html.j2", gazette.pole),
        Section("precedence", "status/precedence.html.j2", gazette.table),
    ),
    codes=codes,
    verbs=grammar.VERBS,
    lines=(grammar.SupportLines,),
    parts=(SupportOrders,),
    steps=(
        Step("begin_month", MONTH_START, rules.begin_month, each=LIVING, group="orders"),
        Step("allowance_at_start", MONTH_START, rules.allowance_at_start, each=LIVING, group="orders"),
        Step("allowance_at_end", MONTH_END, rules.allowance_at_end, each=LIVING),
        Step("pay_support", MONTH_END, rules.support_step, each=HOME),
        Step("settle_social_level", MONTH_END, rules.settle_social_level, each=HOME),
        Step("reset_status_points", MONTH_END, rules.reset_status_points, each=HOME),
    ),
)
