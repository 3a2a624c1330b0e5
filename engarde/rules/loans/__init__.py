"""d. Loans: between characters and from moneylenders; calling in; disgrace."""

from __future__ import annotations

from ...modules import Action, LIVING, MONTH_END, MONTH_START, RuleModule, Step, events_of
from .orders import Borrow, LoanOrders, Repay
from . import codes, commands, grammar, rules
from .state import LoansState
from .tables import LoansTables

MODULE = RuleModule(
    name="loans",
    title="d. Loans: between characters and from moneylenders; calling in; disgrace",
    tables=LoansTables,
    commands=commands.COMMANDS,
    sheet_view=commands.sheet_view,
    state=LoansState,
    templates=__name__,
    events=events_of(codes, {"society": (codes.EV_DISGRACED, codes.EV_DISGRACE_LIFTED,)}),
    codes=codes,
    verbs=grammar.VERBS,
    lines=(grammar.LoanLines,),
    parts=(LoanOrders,),
    orders=(Borrow, Repay),
    actions={Borrow: Action(rules.borrow), Repay: Action(rules.repay)},
    steps=(
        Step("call", MONTH_START, rules.call_step, each=LIVING, group="orders"),
        Step("offer", MONTH_START, rules.offer_step, each=LIVING, group="orders"),
        Step("month_end", MONTH_END, rules.month_end_step, each=LIVING),
        Step("unused_offers", MONTH_END, rules.unused_offers),
    ),
)
