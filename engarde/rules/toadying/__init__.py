"""c. Toadying: guests and hosts, the Toady Table."""

from __future__ import annotations

from ...modules import RuleModule, Step, WEEK, events_of
from . import codes, grammar, rules
from .tables import ToadyingTables

MODULE = RuleModule(
    name="toadying",
    title="c. Toadying: guests and hosts, the Toady Table",
    tables=ToadyingTables,
    templates=__name__,
    events=events_of(codes),
    codes=codes,
    verbs=grammar.VERBS,
    requires=("clubs",),
    steps=(Step("after_week", WEEK, rules.after_week),),
)
