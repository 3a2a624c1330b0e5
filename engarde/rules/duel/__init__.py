"""e. Duelling: sequences, cause and challenges, the fight, recovery, the trade."""

from __future__ import annotations

from ...modules import LIVING, MONTH_START, WEEK, Action, RuleModule, Step
from .orders import AnswerChallenge, Challenge, DuelStanding, TradeOrders
from . import codes, grammar, rules

MODULE = RuleModule(
    name="duel",
    title="e. Duelling: sequences, cause and challenges, the fight, recovery, the trade",
    codes=codes,
    verbs=grammar.VERBS,
    lines=(grammar.DuelLines,),
    parts=(TradeOrders, DuelStanding,),
    requires=("mistresses",),
    orders=(Challenge, AnswerChallenge),
    actions={Challenge: Action(rules.challenge), AnswerChallenge: Action(rules.answer)},
    steps=(
        Step("trade_expertise", MONTH_START, rules.trade_step, each=LIVING, group="orders"),
        Step("note_answers", MONTH_START, rules.answers_step, each=LIVING, group="orders"),
        Step("resolve_week", WEEK, rules.week_duels),
        Step("recover", WEEK, rules.recover),
    ),
)
