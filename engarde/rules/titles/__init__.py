"""Titles: the King grants them; the new social level, pensions."""

from __future__ import annotations

from ...modules import LIVING, MONTH_END, RuleModule, Step
from . import codes, rules

MODULE = RuleModule(
    name="titles",
    title="Titles: the King grants them; the new social level, pensions",
    codes=codes,
    requires=("influence", "status"),
    steps=(
        Step("pension", MONTH_END, rules.pension, each=LIVING),
        Step("consider", MONTH_END, rules.consider_step, each=LIVING),
    ),
)
