"""The month's frame: rest, a month without orders, and the week's actions."""

from __future__ import annotations

from ... import codes as core_codes
from ...modules import Action, LIVING, MONTH_START, RuleModule, Section, Step, WEEK, events_of, listing
from ...orders import Rest
from . import gazette, grammar, rules
from .tables import MonthTables

MODULE = RuleModule(
    name="month",
    title="The month: rest, no orders, the week's actions",
    tables=MonthTables,
    templates=__name__,
    events=events_of(core_codes),
    sections=(
        Section("deaths", "month/deaths.html.j2", gazette.section),
        # The Notices: the public disgraces, dismissals and the like; the modules that own
        # those events send them here (``events_of(codes, {"notices": ...})``).
        Section("notices", "month/notices.html.j2", listing("notices", "notices")),
        Section("points", "month/points.html.j2", gazette.points),
    ),
    verbs=grammar.VERBS,
    orders=(Rest,),
    actions={Rest: Action(rules.rest)},
    steps=(
        Step("no_orders", MONTH_START, rules.no_orders, each=LIVING, group="orders"),
        Step("actions", WEEK, rules.week_actions),
    ),
)
