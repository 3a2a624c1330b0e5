"""The month's frame: rest, a month without orders, and the week's actions."""

from __future__ import annotations

from ...modules import LIVING, MONTH_START, WEEK, Action, RuleModule, Step
from ...orders import Rest
from . import grammar, rules

MODULE = RuleModule(
    name="month",
    title="The month: rest, no orders, the week's actions",
    verbs=grammar.VERBS,
    orders=(Rest,),
    actions={Rest: Action(rules.rest)},
    steps=(
        Step("no_orders", MONTH_START, rules.no_orders, each=LIVING, group="orders"),
        Step("actions", WEEK, rules.week_actions),
    ),
)
