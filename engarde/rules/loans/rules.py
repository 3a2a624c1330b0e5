"""d. Loans: between characters, and from moneylenders (Shylocks).

"Characters may borrow money from other players, or from local moneylenders or
Shylocks. Characters do not charge interest on loans to other characters; this
is ungentlemanly. At any time after three months from the date of the loan,
however, the lender may demand payment from the borrower. If the borrower is
unable to pay, he is disgraced: he must join a Frontier Regiment and remain with
it until he is able to pay.  When a character borrows money from a Shylock, he
must pay back the money plus 10% interest at the end of six months time. If
unable to pay, the character is disgraced and must join a Frontier Regiment
until he can pay his debts. When borrowing from a Shylock, the maximum amount
that any character can borrow is 100 times his Social Level. If a character
borrows up to his capacity and is promoted a level, he may, if he desires,
borrow more up to his new limit."

A loan between characters needs both: the lender's monthly order ``Lend 100
crowns to D'Artagnan`` (``LoanOrders.lend``; it costs him no week) offers up to
that much for the month (``offer``), and the borrower's week ``Borrow 100 crowns
from Porthos`` takes what he asks, up to what is still offered him (``borrow``); a
Borrow with no offer is refused.  What is not taken lapses at month end
(``unused_offers``).

The world keeps each loan (``World.loans``); the sheets keep their sides as
ledger counters: the borrower's ``debt.<n>`` (what he owes on loan n) and a
lending character's ``lent.<n>`` (what he is owed).  Crowns lent between
characters move from one sheet to the other (rule ``RULE_BETWEEN``), so their
sum never changes; a moneylender's crowns enter and leave play by his rule
(``RULE_MONEYLENDER``).

Disgrace: the army module is to enforce the Frontier Regiment.  A borrower who
cannot pay when a loan falls due gets the counter ``disgrace.unpaid_loans``
(+1 for each loan in default) and, if his ``state`` is free (not on campaign,
not dead), ``state = "disgraced"``, both by ledger, and a public EV_DISGRACED
event saying he must join a Frontier Regiment; the loan is marked defaulted and
he pays it, whole, at the first month end he can (or by a Repay order), which
lifts the disgrace once no defaulted loan is left.

Dates are game months; "three months" and "six months" are counted with
python-dateutil's ``relativedelta`` on the game calendar (``months_after``).
"""

from __future__ import annotations

import datetime as dt

from dateutil.relativedelta import relativedelta

from ...calendar import MONTH_END, MONTH_START, GameMonth
from typing import Iterable

from ...codes import EV_CANNOT_AFFORD, EV_ORDER_REFUSED
from .codes import (
    EV_DISGRACE_LIFTED,
    EV_DISGRACED,
    EV_LOAN_CALLED,
    EV_LOAN_OFFER_UNUSED,
    EV_LOAN_OFFERED,
    EV_LOAN_REPAID,
    EV_LOAN_TAKEN,
)
from .orders import Borrow, Lend, LoanOrders, Repay
from ...records import Character
from .tables import DISGRACED, MONEYLENDER, LoansTables
from ...turn import Turn
from .state import Loan

RULE_BETWEEN = "d. Loans (between characters)"
RULE_MONEYLENDER = "d. Loans (moneylender)"
RULE_DISGRACE = "d. Loans (disgrace)"
DISGRACE_COUNTER = "disgrace.unpaid_loans"
# Turn.facts of a lender: {borrower's name: crowns still offered him this month}
FACT_OFFERS = "loans.offered"

MONEYLENDER_WORDS = {MONEYLENDER, "moneylenders", "a moneylender", "the moneylender", "shylock", "a shylock",
                     "the shylock", "usurer", "a usurer", "the usurer"}


def months_after(month: GameMonth, months: int) -> GameMonth:
    """The game month ``months`` after ``month`` (python-dateutil on the game calendar)."""
    day = dt.date(month.year, month.month, 1) + relativedelta(months=months)
    return GameMonth(day.year, day.month)


def with_interest(principal: int, percent: int) -> int:
    """What a moneylender is owed for ``principal``: +``percent``% (10%), fractions of a crown dropped."""
    return principal + principal * percent // 100


def first_call(tables: LoansTables, loan: Loan) -> GameMonth:
    """The first month a lender may call in a loan between characters."""
    return months_after(GameMonth.parse(loan.taken), tables.loan_callable_after_months)


def debt_field(loan: Loan) -> str:
    return f"debt.{loan.number}"


def lent_field(loan: Loan) -> str:
    return f"lent.{loan.number}"


def rule_of(loan: Loan) -> str:
    return RULE_MONEYLENDER if loan.from_moneylender else RULE_BETWEEN


# Turn.memo keys: the characters by their name in any case; the month end's men at home.
_LENDERS = "loans.lenders"
_HOME = "loans.home"


def lender_name(turn: Turn, text: str) -> str | None:
    """"moneylender", or the character the text names (case-insensitive), or None."""
    key = " ".join(text.split()).casefold()
    if key in MONEYLENDER_WORDS:
        return MONEYLENDER
    # An index made once a month (no character is added during one; the first of a spelling
    # wins, as a walk would find him): a scan of every character for each loan made a large
    # month quadratic.
    index = turn.memo.get(_LENDERS)
    if index is None:
        index = turn.memo[_LENDERS] = {}
        for name in turn.characters:
            index.setdefault(name.casefold(), name)
    return index.get(key)


def moneylender_room(turn: Turn, ch: Character) -> int:
    """How much more a moneylender will lend him: 100 x SL less what he already owes
    moneylenders (the sums lent, not the interest)."""
    owed = sum(x.principal for x in turn.world.loans_of(ch.name) if x.from_moneylender)
    return max(0, turn.tables.loans.moneylender_limit_per_sl * ch.social_level - owed)


# -- month start: the lenders' offers --------------------------------------------------------


def offer(turn: Turn, lender: Character, offers: Iterable[Lend]) -> dict[str, int]:
    """The lender's monthly order: "Characters may borrow money from other players" needs the
    lender's word as well as the borrower's.  Each offer stands for this month, for the
    borrower to take with a week's Borrow; returns {borrower: crowns offered}.

    Choice: an offer is a promise, not a payment: the crowns leave his purse only when the
    borrower takes them, and only if he still has them then.
    """
    made: dict[str, int] = turn.fact(lender.name).setdefault(FACT_OFFERS, {})
    for x in offers:
        borrower = lender_name(turn, x.borrower)
        why = None
        if borrower is None or borrower == MONEYLENDER:
            why = f"there is no gentleman called {x.borrower!r}"
        elif borrower == lender.name:
            why = "he cannot lend to himself"
        elif turn.characters[borrower].dead:
            why = f"{borrower} is dead"
        elif x.amount <= 0:
            why = "no amount to lend"
        if why:
            turn.event(EV_ORDER_REFUSED, MONTH_START, lender.name, public=False, order=x.describe(), reason=why)
            continue
        made[borrower] = x.amount
        turn.event(EV_LOAN_OFFERED, MONTH_START, (lender.name, borrower), public=False,
                   lender=lender.name, borrower=borrower, amount=x.amount)
    return made


def offered(turn: Turn, lender: str, borrower: str) -> int:
    """What ``lender`` still offers ``borrower`` this month."""
    return turn.fact(lender).get(FACT_OFFERS, {}).get(borrower, 0)


def unused_offers(turn: Turn) -> None:
    """Month end: what was offered and not borrowed lapses; the lender is told."""
    for name in sorted(turn.characters):
        for borrower, left in sorted(turn.fact(name).get(FACT_OFFERS, {}).items()):
            if left > 0:
                turn.event(EV_LOAN_OFFER_UNUSED, MONTH_END, (name, borrower), public=False,
                           lender=name, borrower=borrower, amount=left)


# -- the weeks --------------------------------------------------------------------------


def borrow(turn: Turn, ch: Character, order: Borrow, week: int) -> Loan | None:
    """Borrow from a moneylender or another character (the week's action)."""

    def refuse(reason: str) -> None:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(), reason=reason)

    lender = lender_name(turn, order.lender)
    if lender is None:
        return refuse(f"no character or moneylender called {order.lender!r}")
    if lender == ch.name:
        return refuse("he cannot borrow from himself")
    amount = order.amount
    if amount <= 0:
        return refuse("no amount to borrow")
    if lender == MONEYLENDER:
        tables = turn.tables.loans
        room = moneylender_room(turn, ch)
        if room <= 0:
            return refuse(f"he owes moneylenders all they will lend at SL {ch.social_level} "
                          f"({tables.moneylender_limit_per_sl} × SL)")
        # Choice: a larger request is lent up to his limit.
        amount = min(amount, room)
        percent = tables.moneylender_interest_percent
        owed = with_interest(amount, percent)
        taken = turn.month
        loan = Loan(turn.world.next_loan_number(), ch.name, MONEYLENDER, owed, taken.key,
                    due=months_after(taken, tables.moneylender_term_months).key,
                    interest_percent=percent, principal=amount)
        turn.world.loans.append(loan)
        turn.post(ch, "crowns", amount, week, f"borrowed from a moneylender (loan {loan.number})", RULE_MONEYLENDER)
        turn.post(ch, debt_field(loan), owed, week,
                  f"owes a moneylender {amount} + {percent}% by the end of "
                  f"{GameMonth.parse(loan.due)}", RULE_MONEYLENDER)
    else:
        giver = turn.characters[lender]
        # "Characters may borrow money from other players": with the lender's consent, his
        # monthly order "Lend N crowns to NAME" (``offer``).  Choice: a larger request is lent
        # up to what is still offered; the lender must have the crowns then (no credit).
        left = offered(turn, lender, ch.name)
        if left <= 0:
            return refuse(f"{lender} has not offered to lend him anything this month (a loan between "
                          f"gentlemen needs both: {lender} writes 'Lend N crowns to {ch.name}' among his "
                          "orders for the month)")
        amount = min(amount, left)
        if giver.crowns < amount:
            # The borrower learns the loan fell through, not what is in the lender's purse; the
            # lender learns why.
            turn.event(EV_CANNOT_AFFORD, week, lender, public=False, what=f"lending {amount} crowns to {ch.name}",
                       cost=amount, had=giver.crowns)
            return refuse(f"{lender} could not lend it after all")
        turn.fact(lender)[FACT_OFFERS][ch.name] = left - amount
        loan = Loan(turn.world.next_loan_number(), ch.name, lender, amount, turn.month.key, principal=amount)
        turn.world.loans.append(loan)
        turn.post(giver, "crowns", -amount, week, f"lent to {ch.name} (loan {loan.number})", RULE_BETWEEN)
        turn.post(giver, lent_field(loan), amount, week, f"{ch.name} owes him (loan {loan.number}, no interest)",
                  RULE_BETWEEN)
        turn.post(ch, "crowns", amount, week, f"borrowed from {lender} (loan {loan.number})", RULE_BETWEEN)
        turn.post(ch, debt_field(loan), amount, week, f"owes {lender} (loan {loan.number}, no interest)",
                  RULE_BETWEEN)
    turn.event(EV_LOAN_TAKEN, week, (ch.name,) if lender == MONEYLENDER else (ch.name, lender), public=False,
               loan=loan.number, borrower=ch.name, lender=lender, amount=amount, owed=loan.amount,
               due=loan.due, asked=order.amount)
    return loan


def repay(turn: Turn, ch: Character, order: Repay, week: int) -> int:
    """Repay a lender (oldest loans first); returns the crowns paid.

    Choice: the amount (or, with none given, everything he owes that lender)
    must be in his purse, else nothing is paid; a moneylender is owed the 10%
    whenever he is repaid.
    """
    lender = lender_name(turn, order.lender)
    loans = [x for x in turn.world.loans_of(ch.name) if x.lender == lender]
    if not loans:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(),
                   reason=f"he owes nothing to {order.lender}")
        return 0
    total = sum(x.amount for x in loans)
    amount = total if order.amount is None else min(order.amount, total)
    if amount <= 0:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(), reason="nothing to repay")
        return 0
    if ch.crowns < amount:
        turn.event(EV_CANNOT_AFFORD, week, ch.name, public=False, what=f"repaying {order.lender}",
                   cost=amount, had=ch.crowns)
        return 0
    left = amount
    for loan in loans:
        if left <= 0:
            break
        left -= pay(turn, ch, loan, min(left, loan.amount), week)
    return amount


def pay(turn: Turn, ch: Character, loan: Loan, amount: int, week: int, when: str = "") -> int:
    """Move ``amount`` of loan ``loan`` from the borrower to its lender (or out of
    play, to a moneylender); returns the amount.  ``when``: " when due", ...."""
    rule = rule_of(loan)
    lender = None if loan.from_moneylender else turn.characters.get(loan.lender)
    whom = "a moneylender" if loan.from_moneylender else loan.lender
    text = f"repaid {whom}{when} (loan {loan.number})"
    turn.post(ch, "crowns", -amount, week, text, rule)
    turn.post(ch, debt_field(loan), -amount, week, text, rule)
    if lender is not None:
        text = f"{ch.name} repaid him{when} (loan {loan.number})"
        turn.post(lender, "crowns", amount, week, text, rule)
        turn.post(lender, lent_field(loan), -amount, week, text, rule)
    loan.amount -= amount
    who = (ch.name,) if lender is None else (ch.name, lender.name)
    data = dict(loan=loan.number, borrower=ch.name, lender=loan.lender, amount=amount)
    if loan.amount <= 0:
        turn.world.loans.remove(loan)
        turn.event(EV_LOAN_REPAID, week, who, public=False, whole=True, left=0, **data)
        if loan.defaulted:
            turn.post(ch, DISGRACE_COUNTER, -1, week, f"loan {loan.number} paid at last", RULE_DISGRACE)
            lift_disgrace(turn, ch, week)
    else:
        turn.event(EV_LOAN_REPAID, week, who, public=False, whole=False, left=loan.amount, **data)
    return amount


# -- month start: calling loans in ---------------------------------------------------------


def call(turn: Turn, lender: Character, borrowers: tuple[str, ...] | list[str]) -> list[Loan]:
    """The lender's monthly order: demand payment of his loans to these borrowers
    (names; "all" for every loan of his).  Payable at this month end."""
    called = []
    wanted = {" ".join(b.split()).casefold() for b in borrowers}
    everyone = "all" in wanted
    mine = sorted((x for x in turn.world.loans if x.lender == lender.name), key=lambda x: x.number)
    matched = set()
    for loan in mine:
        key = loan.borrower.casefold()
        if not everyone and key not in wanted:
            continue
        matched.add(key)
        if loan.called:
            continue
        first = first_call(turn.tables.loans, loan)
        if turn.month < first:
            turn.event(EV_ORDER_REFUSED, MONTH_START, lender.name, public=False,
                       order=f"call in the loan to {loan.borrower}",
                       reason=f"loan {loan.number} of {GameMonth.parse(loan.taken)} may be called from {first}")
            continue
        loan.called = turn.month.key
        called.append(loan)
        turn.event(EV_LOAN_CALLED, MONTH_START, (lender.name, loan.borrower),
                   public=turn.tables.loans.called_loans == "public",
                   loan=loan.number, borrower=loan.borrower, lender=lender.name, amount=loan.amount)
    for key in sorted(wanted - matched - {"all"}):
        turn.event(EV_ORDER_REFUSED, MONTH_START, lender.name, public=False, order=f"call in the loan to {key}",
                   reason="he has lent nothing to anyone of that name")
    return called


# -- month end ----------------------------------------------------------------------------


def is_due(turn: Turn, loan: Loan) -> bool:
    if loan.from_moneylender:
        return loan.due is not None and turn.month >= GameMonth.parse(loan.due)
    return loan.called is not None


def month_end(turn: Turn, ch: Character) -> None:
    """His loans falling due this month end (a moneylender's at six months, a called
    loan between characters), and defaulted ones he can now pay; oldest first.

    Choice: a loan due is paid whole or not at all; unpaid, he is disgraced.
    """
    for loan in list(turn.world.loans_of(ch.name)):
        if not is_due(turn, loan):
            continue
        if ch.crowns >= loan.amount:
            pay(turn, ch, loan, loan.amount, MONTH_END, " at last" if loan.defaulted else " when due")
            continue
        if loan.defaulted:
            continue
        loan.defaulted = turn.month.key
        whom = "a moneylender" if loan.from_moneylender else loan.lender
        text = (f"disgraced: could not repay {loan.amount} crowns to {whom} (loan {loan.number}); "
                f"he must join a Frontier Regiment until he can pay")
        turn.post(ch, DISGRACE_COUNTER, 1, MONTH_END, text, RULE_DISGRACE)
        if ch.state is None:
            turn.assign(ch, "state", DISGRACED, MONTH_END, text, RULE_DISGRACE)
        turn.event(EV_DISGRACED, MONTH_END, ch.name, public=True, loan=loan.number, lender=loan.lender,
                   owed=loan.amount, had=ch.crowns)


def lift_disgrace(turn: Turn, ch: Character, week: int) -> None:
    """"until he is able to pay": called when a defaulted loan is paid off; with no
    defaulted loan left, the disgrace is over."""
    if ch.get(DISGRACE_COUNTER) > 0 or any(x.defaulted for x in turn.world.loans_of(ch.name)):
        return
    if ch.state == DISGRACED:
        turn.assign(ch, "state", None, week, "his debts paid, his disgrace is over", RULE_DISGRACE)
    turn.event(EV_DISGRACE_LIFTED, week, ch.name, public=True)


# -- its steps in the month (their order: engarde.rules.MONTH) -------------------------------


def call_step(turn: Turn, ch: Character) -> None:
    sheet = turn.sheet(ch.name)
    called = sheet.monthly.of(LoanOrders).call_loans if sheet else ()
    if called:
        call(turn, ch, called)


def offer_step(turn: Turn, ch: Character) -> None:
    sheet = turn.sheet(ch.name)
    offers = sheet.monthly.of(LoanOrders).lend if sheet else ()
    if offers:
        offer(turn, ch, offers)  # his consent, for borrowers to take this month


def _home(turn: Turn) -> set[str]:
    """``turn.home`` as a set, made once (it is set before the month end and not changed)."""
    home, names = turn.memo.get(_HOME, (None, set()))
    if home is not turn.home:
        names = set(turn.home)
        turn.memo[_HOME] = (turn.home, names)
    return names


def month_end_step(turn: Turn, ch: Character) -> None:
    # A disgraced man on the Frontier pays his defaulted loans "when he is able".
    if ch.name in _home(turn) or ch.state == DISGRACED:
        month_end(turn, ch)

