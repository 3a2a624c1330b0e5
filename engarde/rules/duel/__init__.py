"""e. Duelling: sequences, cause and challenges, the fight, recovery, the trade."""

from __future__ import annotations

from ...modules import Action, Commands, Deferred, RuleModule, Section, Step, LIVING, MONTH_START, WEEK, events_of, listing
from .orders import AnswerChallenge, Challenge, DuelStanding, TradeOrders
from . import codes, grammar, rules
from .tables import DuelTables

MODULE = RuleModule(
    name="duel",
    title="e. Duelling: sequences, cause and challenges, the fight, recovery, the trade",
    commands=Commands(f"{__name__}.commands:COMMANDS", ("duel",)),
    inputs=Deferred(f"{__name__}.commands:rulings_for"),
    tables=DuelTables,
    templates=__name__,
    events=events_of(codes, {"affairs": (codes.EV_INSULT, codes.EV_DUEL, codes.EV_DUEL_REFUSED, codes.EV_DUEL_NO_CAUSE, codes.EV_DUEL_CAUSE_IGNORED,), "deaths": (codes.EV_DUEL_DEATH,)}),
    sections=(
        Section("affairs", "duel/affairs.html.j2", listing("affairs", "affairs")),
        Section("duels", "duel/report.html.j2", report=True),
    ),
    codes=codes,
    verbs=grammar.VERBS,
    lines=(grammar.DuelLines,),
    parts=(TradeOrders, DuelStanding,),
    requires=("mistresses", "regiments"),
    orders=(Challenge, AnswerChallenge),
    actions={Challenge: Action(rules.challenge), AnswerChallenge: Action(rules.answer)},
    steps=(
        Step("trade_expertise", MONTH_START, rules.trade_step, each=LIVING, group="orders"),
        Step("note_answers", MONTH_START, rules.answers_step, each=LIVING, group="orders"),
        Step("resolve_week", WEEK, rules.week_duels),
        Step("recover", WEEK, rules.recover),
    ),
)
