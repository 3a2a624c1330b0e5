"""d. Loans: between characters and from moneylenders; calling in; disgrace."""

from __future__ import annotations

from ...modules import Action, Commands, Deferred, RuleModule, Step, LIVING, MONTH_END, MONTH_START, events_of
from .orders import Borrow, LoanOrders, Repay
from . import codes, grammar, rules
from .state import LoansState
from .tables import LoansTables

MODULE = RuleModule(
    name="loans",
    title="d. Loans: between characters and from moneylenders; calling in; disgrace",
    tables=LoansTables,
    commands=Commands(f"{__name__}.commands:COMMANDS", ("loans",)),
    sheet_view=Deferred(f"{__name__}.commands:sheet_view"),
    state=LoansState,
    templates=__name__,
    events=events_of(codes, {"notices": (codes.EV_DISGRACED, codes.EV_DISGRACE_LIFTED, codes.EV_LOAN_CALLED)}),
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
