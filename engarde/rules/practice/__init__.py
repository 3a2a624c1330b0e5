"""e. Practice: weeks with a weapon, +1 Expertise for every four."""

from __future__ import annotations

from ...modules import Action, RuleModule, events_of
from .orders import Practise
from . import codes, grammar, rules
from .tables import PracticeTables

MODULE = RuleModule(
    name="practice",
    title="e. Practice: weeks with a weapon, +1 Expertise for every four",
    tables=PracticeTables,
    templates=__name__,
    events=events_of(codes),
    codes=codes,
    verbs=grammar.VERBS,
    requires=("duel", "regiments"),
    orders=(Practise,),
    actions={Practise: Action(rules.practise)},
)
