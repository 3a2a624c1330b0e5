"""c. Toadying: guests and hosts, the Toady Table."""

from __future__ import annotations

from ...modules import WEEK, RuleModule, Step
from . import codes, grammar, rules

MODULE = RuleModule(
    name="toadying",
    title="c. Toadying: guests and hosts, the Toady Table",
    codes=codes,
    verbs=grammar.VERBS,
    requires=("clubs",),
    steps=(Step("after_week", WEEK, rules.after_week),),
)
