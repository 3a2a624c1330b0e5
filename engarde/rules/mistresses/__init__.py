"""d. Mistresses: courting, rival suitors, visits, support, gifts, favours."""

from __future__ import annotations

from ...modules import Action, Commands, RuleModule, Section, Step, HOME, MONTH_END, WEEK, events_of
from .orders import Court, SuitorStanding, VisitMistress
from . import codes, gazette, grammar, rules
from . import state
from .state import MistressesState
from .tables import MistressesTables

MODULE = RuleModule(
    name="mistresses",
    title="d. Mistresses: courting, rival suitors, visits, support, gifts, favours",
    tables=MistressesTables,
    commands=Commands(f"{__name__}.commands:COMMANDS", ("mistress",)),
    state=MistressesState,
    undo=state.undo,
    templates=__name__,
    events=events_of(codes, {"society": (codes.EV_NEW_LIAISON, codes.EV_MISTRESS_GIVEN_UP, codes.EV_MISTRESS_SUPPLANTED, codes.EV_THROWN_OUT, codes.EV_MISTRESS_LEFT, codes.EV_RIVAL_SUITORS, codes.EV_CAUGHT_COURTING,)}),
    sections=(Section("mistress_table", "mistresses/table.html.j2", gazette.table),),
    codes=codes,
    verbs=grammar.VERBS,
    lines=(grammar.SuitorLines,),
    parts=(SuitorStanding,),
    requires=("companionship",),
    orders=(Court, VisitMistress),
    actions={Court: Action(rules.court), VisitMistress: Action(rules.visit)},
    steps=(
        Step("after_week", WEEK, rules.after_week),
        Step("month_end", MONTH_END, rules.month_end, each=HOME),
    ),
)
