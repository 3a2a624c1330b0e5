"""Titles: the King grants them; the new social level, pensions."""

from __future__ import annotations

from ...modules import LIVING, MONTH_END, RuleModule, Step, events_of
from . import codes, rules
from .tables import TitlesTables

MODULE = RuleModule(
    name="titles",
    title="Titles: the King grants them; the new social level, pensions",
    tables=TitlesTables,
    templates=__name__,
    events=events_of(codes, {"regiments": (codes.EV_TITLE_GRANTED,)}),
    codes=codes,
    requires=("influence", "status"),
    steps=(
        Step("pension", MONTH_END, rules.pension, each=LIVING),
        Step("consider", MONTH_END, rules.consider_step, each=LIVING),
    ),
)
