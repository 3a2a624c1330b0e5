"""d. Loans: offers, borrowing, calling in, repaying and disgrace, line by line, each pinned by a
month played (mutation testing: docs/rules-coverage.md, "Mutation testing")."""

from __future__ import annotations

from engarde.calendar import MONTH_END, MONTH_START, GameMonth
from engarde.dice import SeededDice
from engarde.gazette import GazetteData, render_html
from engarde.orders import OrderSheet, Parts
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.loans.orders import Borrow, Lend, LoanOrders, Repay
from engarde.rules.loans.rules import RULE_BETWEEN, RULE_DISGRACE, RULE_MONEYLENDER
from engarde.rules.loans.state import Loan
from engarde.world import World
from helpers import rules_registry
from test_gazette import campaign

APRIL, JUNE, JULY, AUGUST = (GameMonth(1607, m) for m in (4, 6, 7, 8))
LOAN_EVENTS = ("loan-", "disgrace", "order-refused", "cannot-afford")


def _month(month: GameMonth, men: list[Character], sheets: dict[str, OrderSheet], world: World | None = None):
    """The month played; its loans' ledger lines and the events of loans, refusals and purses."""
    result = resolve_month(month, men, sheets, SeededDice("loans"), world=world)
    ledger = [
        (e.character, e.field, e.delta if e.value is None else e.value, e.week, e.reason, e.rule)
        for e in result.ledger
        if e.rule.startswith("d. Loans")
    ]
    events = [(e.code, e.week, e.characters, e.public, e.data) for e in result.events if e.code.startswith(LOAN_EVENTS)]
    return result, ledger, events


def _lends(*offers: Lend) -> Parts:
    return Parts([LoanOrders(lend=offers)])


def _calls(*names: str) -> Parts:
    return Parts([LoanOrders(call_loans=names)])


def test_offers_and_borrowing_line_by_line():
    """ "Characters may borrow money from other players ... Characters do not charge interest on loans to
    other characters; this is ungentlemanly."  Athos offers Porthos 80 (his monthly order, told to both at
    the month's start); Porthos takes 79 in week 1 and the last crown in week 2 (asking 5), and in week 3 the
    offer is used up; an offer of 0, to a dead man, to himself or to a stranger is refused with the reason; a
    Borrow of 0 is refused.  D'Artagnan lends Aramis exactly the 30 crowns in his purse."""
    men = [
        Character("Athos", social_level=10, crowns=500),
        Character("Porthos", social_level=9, crowns=20),
        Character("Aramis", social_level=6, crowns=0),
        Character("Rochefort", social_level=8, state="dead"),
        Character("D'Artagnan", social_level=3, crowns=30),
    ]
    sheets = {
        "Athos": OrderSheet(
            "a",
            "Athos",
            monthly=_lends(
                Lend(80, "porthos"), Lend(0, "Aramis"), Lend(10, "Rochefort"), Lend(5, "Athos"), Lend(5, "Milady")
            ),
        ),
        "Porthos": OrderSheet(
            "p",
            "Porthos",
            weeks={1: Borrow(79, "Athos"), 2: Borrow(5, "Athos"), 3: Borrow(5, "athos"), 4: Borrow(0, "moneylender")},
        ),
        "D'Artagnan": OrderSheet("d", "D'Artagnan", monthly=_lends(Lend(30, "Aramis"))),
        "Aramis": OrderSheet("r", "Aramis", weeks={1: Borrow(30, "D'Artagnan")}),
    }
    result, ledger, events = _month(APRIL, men, sheets)
    assert ledger == [
        ("D'Artagnan", "crowns", -30, 1, "lent to Aramis (loan 1)", RULE_BETWEEN),
        ("D'Artagnan", "lent.1", 30, 1, "Aramis owes him (loan 1, no interest)", RULE_BETWEEN),
        ("Aramis", "crowns", 30, 1, "borrowed from D'Artagnan (loan 1)", RULE_BETWEEN),
        ("Aramis", "debt.1", 30, 1, "owes D'Artagnan (loan 1, no interest)", RULE_BETWEEN),
        ("Athos", "crowns", -79, 1, "lent to Porthos (loan 2)", RULE_BETWEEN),
        ("Athos", "lent.2", 79, 1, "Porthos owes him (loan 2, no interest)", RULE_BETWEEN),
        ("Porthos", "crowns", 79, 1, "borrowed from Athos (loan 2)", RULE_BETWEEN),
        ("Porthos", "debt.2", 79, 1, "owes Athos (loan 2, no interest)", RULE_BETWEEN),
        ("Athos", "crowns", -1, 2, "lent to Porthos (loan 3)", RULE_BETWEEN),
        ("Athos", "lent.3", 1, 2, "Porthos owes him (loan 3, no interest)", RULE_BETWEEN),
        ("Porthos", "crowns", 1, 2, "borrowed from Athos (loan 3)", RULE_BETWEEN),
        ("Porthos", "debt.3", 1, 2, "owes Athos (loan 3, no interest)", RULE_BETWEEN),
    ]
    assert events == [
        (
            "loan-offered",
            MONTH_START,
            ("Athos", "Porthos"),
            False,
            {"lender": "Athos", "borrower": "Porthos", "amount": 80},
        ),
        (
            "order-refused",
            MONTH_START,
            ("Athos",),
            False,
            {"order": "Lend 0 crowns to Aramis", "reason": "no amount to lend"},
        ),
        (
            "order-refused",
            MONTH_START,
            ("Athos",),
            False,
            {"order": "Lend 10 crowns to Rochefort", "reason": "Rochefort is dead"},
        ),
        (
            "order-refused",
            MONTH_START,
            ("Athos",),
            False,
            {"order": "Lend 5 crowns to Athos", "reason": "he cannot lend to himself"},
        ),
        (
            "order-refused",
            MONTH_START,
            ("Athos",),
            False,
            {"order": "Lend 5 crowns to Milady", "reason": "there is no gentleman called 'Milady'"},
        ),
        (
            "loan-offered",
            MONTH_START,
            ("D'Artagnan", "Aramis"),
            False,
            {"lender": "D'Artagnan", "borrower": "Aramis", "amount": 30},
        ),
        (
            "loan-taken",
            1,
            ("Aramis", "D'Artagnan"),
            False,
            {
                "loan": 1,
                "borrower": "Aramis",
                "lender": "D'Artagnan",
                "amount": 30,
                "owed": 30,
                "due": None,
                "asked": 30,
            },
        ),
        (
            "loan-taken",
            1,
            ("Porthos", "Athos"),
            False,
            {"loan": 2, "borrower": "Porthos", "lender": "Athos", "amount": 79, "owed": 79, "due": None, "asked": 79},
        ),
        (
            "loan-taken",
            2,
            ("Porthos", "Athos"),
            False,
            {"loan": 3, "borrower": "Porthos", "lender": "Athos", "amount": 1, "owed": 1, "due": None, "asked": 5},
        ),
        (
            "order-refused",
            3,
            ("Porthos",),
            False,
            {
                "order": "Borrow 5 crowns from athos",
                "reason": "Athos has not offered to lend him anything this month (a loan between gentlemen needs both: "
                "Athos writes 'Lend N crowns to Porthos' among his orders for the month)",
            },
        ),
        (
            "order-refused",
            4,
            ("Porthos",),
            False,
            {"order": "Borrow 0 crowns from moneylender", "reason": "no amount to borrow"},
        ),
    ]
    assert [(x.number, x.borrower, x.lender, x.amount) for x in result.world.loans] == [
        (1, "Aramis", "D'Artagnan", 30),
        (2, "Porthos", "Athos", 79),
        (3, "Porthos", "Athos", 1),
    ]


def test_a_moneylender_lends_to_the_last_crown_of_his_limit():
    """ "When borrowing from a Shylock, the maximum amount that any character can borrow is 100 times his Social
    Level"; "he must pay back the money plus 10% interest at the end of six months time".  Planchet (SL 1)
    owes 99 of his 100: in week 1 he is lent the last crown (owing 1: the 10% of one crown is nothing), in
    week 2 nothing.  Aramis borrows a single crown.  Athos's offer to Aramis, not taken, lapses at the
    month's end and he is told."""
    men = [
        Character("Planchet", social_level=1, crowns=0, counters={"debt.1": 108}),
        Character("Aramis", social_level=6, crowns=0),
        Character("Athos", social_level=10, crowns=500),
    ]
    world = World(
        loans=[Loan(1, "Planchet", "moneylender", 108, "1607-03", due="1607-09", interest_percent=10, principal=99)],
        last_loan_number=1,
    )
    sheets = {
        "Planchet": OrderSheet("p", "Planchet", weeks={1: Borrow(5, "a moneylender"), 2: Borrow(5, "shylock")}),
        "Aramis": OrderSheet("r", "Aramis", weeks={1: Borrow(1, "the usurer")}),
        "Athos": OrderSheet("a", "Athos", monthly=_lends(Lend(30, "Aramis"))),
    }
    _, ledger, events = _month(APRIL, men, sheets, world)
    assert ledger == [
        ("Aramis", "crowns", 1, 1, "borrowed from a moneylender (loan 2)", RULE_MONEYLENDER),
        ("Aramis", "debt.2", 1, 1, "owes a moneylender 1 + 10% by the end of October 1607", RULE_MONEYLENDER),
        ("Planchet", "crowns", 1, 1, "borrowed from a moneylender (loan 3)", RULE_MONEYLENDER),
        ("Planchet", "debt.3", 1, 1, "owes a moneylender 1 + 10% by the end of October 1607", RULE_MONEYLENDER),
    ]
    assert events == [
        (
            "loan-offered",
            MONTH_START,
            ("Athos", "Aramis"),
            False,
            {"lender": "Athos", "borrower": "Aramis", "amount": 30},
        ),
        (
            "loan-taken",
            1,
            ("Aramis",),
            False,
            {
                "loan": 2,
                "borrower": "Aramis",
                "lender": "moneylender",
                "amount": 1,
                "owed": 1,
                "due": "1607-10",
                "asked": 1,
            },
        ),
        (
            "loan-taken",
            1,
            ("Planchet",),
            False,
            {
                "loan": 3,
                "borrower": "Planchet",
                "lender": "moneylender",
                "amount": 1,
                "owed": 1,
                "due": "1607-10",
                "asked": 5,
            },
        ),
        (
            "order-refused",
            2,
            ("Planchet",),
            False,
            {
                "order": "Borrow 5 crowns from shylock",
                "reason": "he owes moneylenders all they will lend at SL 1 (100 × SL)",
            },
        ),
        (
            "loan-offer-unused",
            MONTH_END,
            ("Athos", "Aramis"),
            False,
            {"lender": "Athos", "borrower": "Aramis", "amount": 30},
        ),
    ]


def _lent_by_athos() -> tuple[list[Character], World]:
    # Given out of order: the loans are called in by their numbers.
    world = World(
        loans=[
            Loan(3, "Porthos", "Aramis", 10, "1607-05", principal=10),
            Loan(1, "Aramis", "Athos", 50, "1607-04", principal=50),
            Loan(2, "Porthos", "Athos", 200, "1607-04", principal=200),
        ],
        last_loan_number=3,
    )
    men = [
        Character("Athos", social_level=10, crowns=500, counters={"lent.1": 50, "lent.2": 200}),
        Character("Porthos", social_level=9, crowns=218, counters={"debt.2": 200, "debt.3": 10}),
        Character("Aramis", social_level=6, crowns=61, counters={"debt.1": 50, "lent.3": 10}),
    ]
    return men, world


def test_loans_called_in_month_by_month():
    """ "At any time after three months from the date of the loan, however, the lender may demand payment from
    the borrower. If the borrower is unable to pay, he is disgraced: he must join a Frontier Regiment and
    remain with it until he is able to pay."  Athos lent in April: in June his call (his order for the month)
    is refused for each loan; in July he calls in Porthos's loan by name (and a Milady's he never made):
    Porthos, left with exactly 200 after his support, pays it at the month's end, and Aramis's loan, older, is not
    called.  Called with "all" in July, Aramis (49 after support) cannot pay 50: he is disgraced, publicly."""
    men, world = _lent_by_athos()
    _, ledger, events = _month(JUNE, men, {"Athos": OrderSheet("a", "Athos", monthly=_calls("all"))}, world)
    assert ledger == []
    assert events == [
        (
            "order-refused",
            MONTH_START,
            ("Athos",),
            False,
            {"order": "call in the loan to Aramis", "reason": "loan 1 of April 1607 may be called from July 1607"},
        ),
        (
            "order-refused",
            MONTH_START,
            ("Athos",),
            False,
            {"order": "call in the loan to Porthos", "reason": "loan 2 of April 1607 may be called from July 1607"},
        ),
    ]
    men, world = _lent_by_athos()
    result, ledger, events = _month(
        JULY, men, {"Athos": OrderSheet("a", "Athos", monthly=_calls("Milady", " porthos "))}, world
    )
    assert ledger == [
        ("Porthos", "crowns", -200, MONTH_END, "repaid Athos when due (loan 2)", RULE_BETWEEN),
        ("Porthos", "debt.2", -200, MONTH_END, "repaid Athos when due (loan 2)", RULE_BETWEEN),
        ("Athos", "crowns", 200, MONTH_END, "Porthos repaid him when due (loan 2)", RULE_BETWEEN),
        ("Athos", "lent.2", -200, MONTH_END, "Porthos repaid him when due (loan 2)", RULE_BETWEEN),
    ]
    assert events == [
        (
            "loan-called",
            MONTH_START,
            ("Athos", "Porthos"),
            False,
            {"loan": 2, "borrower": "Porthos", "lender": "Athos", "amount": 200},
        ),
        (
            "order-refused",
            MONTH_START,
            ("Athos",),
            False,
            {"order": "call in the loan to milady", "reason": "he has lent nothing to anyone of that name"},
        ),
        (
            "loan-repaid",
            MONTH_END,
            ("Porthos", "Athos"),
            False,
            {"whole": True, "left": 0, "loan": 2, "borrower": "Porthos", "lender": "Athos", "amount": 200},
        ),
    ]
    assert [(x.number, x.called) for x in result.world.loans] == [(3, None), (1, None)]
    men, world = _lent_by_athos()
    result, ledger, events = _month(JULY, men, {"Athos": OrderSheet("a", "Athos", monthly=_calls("all"))}, world)
    disgraced = (
        "disgraced: could not repay 50 crowns to Athos (loan 1); he must join a Frontier Regiment until he can pay"
    )
    assert ledger[:2] == [
        ("Aramis", "disgrace.unpaid_loans", 1, MONTH_END, disgraced, RULE_DISGRACE),
        ("Aramis", "state", "disgraced", MONTH_END, disgraced, RULE_DISGRACE),
    ]
    assert [x[:2] for x in events] == [
        ("loan-called", MONTH_START),
        ("loan-called", MONTH_START),
        ("disgraced", MONTH_END),
        ("loan-repaid", MONTH_END),
    ]
    assert events[0][2:] == (
        ("Athos", "Aramis"),
        False,
        {"loan": 1, "borrower": "Aramis", "lender": "Athos", "amount": 50},
    )
    assert events[2][2:] == (("Aramis",), True, {"loan": 1, "lender": "Athos", "owed": 50, "had": 49})
    assert [(x.number, x.called, x.defaulted) for x in result.world.loans] == [
        (3, None, None),
        (1, "1607-07", "1607-07"),
    ]


def test_a_defaulted_loan_paid_at_last_while_another_is_still_owed():
    """ "until he is able to pay": Aramis owes two defaulted loans (30 and 50) and a moneylender's 5 due this
    month; after his support he has 55.  He pays the 30 at last (his disgrace counter falls by one, and is not
    lifted: the 50 is still unpaid), passes over the 50 he cannot pay, and pays the moneylender's 5 when
    due.  Athos calls in "all": the loans already called are not called again, Porthos's is, and is paid."""
    world = World(
        loans=[
            Loan(5, "Aramis", "moneylender", 5, "1607-02", due="1607-08", interest_percent=10, principal=5),
            Loan(3, "Aramis", "Athos", 50, "1607-04", principal=50, called="1607-07", defaulted="1607-07"),
            Loan(2, "Aramis", "Athos", 30, "1607-04", principal=30, called="1607-07", defaulted="1607-07"),
            Loan(4, "Porthos", "Athos", 40, "1607-04", principal=40),
            Loan(1, "Aramis", "Porthos", 10, "1607-05", principal=10),
        ],
        last_loan_number=5,
    )
    men = [
        Character("Athos", social_level=10, crowns=500, counters={"lent.2": 30, "lent.3": 50, "lent.4": 40}),
        Character(
            "Aramis",
            social_level=6,
            crowns=67,
            counters={"debt.1": 10, "debt.2": 30, "debt.3": 50, "debt.5": 5, "disgrace.unpaid_loans": 2},
        ),
        Character("Porthos", social_level=9, crowns=100, counters={"debt.4": 40, "lent.1": 10}),
    ]
    result, ledger, events = _month(AUGUST, men, {"Athos": OrderSheet("a", "Athos", monthly=_calls("all"))}, world)
    assert ledger == [
        ("Aramis", "crowns", -30, MONTH_END, "repaid Athos at last (loan 2)", RULE_BETWEEN),
        ("Aramis", "debt.2", -30, MONTH_END, "repaid Athos at last (loan 2)", RULE_BETWEEN),
        ("Athos", "crowns", 30, MONTH_END, "Aramis repaid him at last (loan 2)", RULE_BETWEEN),
        ("Athos", "lent.2", -30, MONTH_END, "Aramis repaid him at last (loan 2)", RULE_BETWEEN),
        ("Aramis", "disgrace.unpaid_loans", -1, MONTH_END, "loan 2 paid at last", RULE_DISGRACE),
        ("Aramis", "crowns", -5, MONTH_END, "repaid a moneylender when due (loan 5)", RULE_MONEYLENDER),
        ("Aramis", "debt.5", -5, MONTH_END, "repaid a moneylender when due (loan 5)", RULE_MONEYLENDER),
        ("Porthos", "crowns", -40, MONTH_END, "repaid Athos when due (loan 4)", RULE_BETWEEN),
        ("Porthos", "debt.4", -40, MONTH_END, "repaid Athos when due (loan 4)", RULE_BETWEEN),
        ("Athos", "crowns", 40, MONTH_END, "Porthos repaid him when due (loan 4)", RULE_BETWEEN),
        ("Athos", "lent.4", -40, MONTH_END, "Porthos repaid him when due (loan 4)", RULE_BETWEEN),
    ]
    assert events == [
        (
            "loan-called",
            MONTH_START,
            ("Athos", "Porthos"),
            False,
            {"loan": 4, "borrower": "Porthos", "lender": "Athos", "amount": 40},
        ),
        (
            "loan-repaid",
            MONTH_END,
            ("Aramis", "Athos"),
            False,
            {"whole": True, "left": 0, "loan": 2, "borrower": "Aramis", "lender": "Athos", "amount": 30},
        ),
        (
            "loan-repaid",
            MONTH_END,
            ("Aramis",),
            False,
            {"whole": True, "left": 0, "loan": 5, "borrower": "Aramis", "lender": "moneylender", "amount": 5},
        ),
        (
            "loan-repaid",
            MONTH_END,
            ("Porthos", "Athos"),
            False,
            {"whole": True, "left": 0, "loan": 4, "borrower": "Porthos", "lender": "Athos", "amount": 40},
        ),
    ]
    assert result.characters[1].counters == {"debt.1": 10, "debt.3": 50, "disgrace.unpaid_loans": 1}


def test_repaying_week_by_week():
    """A Repay order (a week's action; "Choice: the amount ... must be in his purse, else nothing is paid"):
    Porthos (199 crowns) cannot repay all 200 he owes Athos, so pays nothing in week 1; 101 pays the older
    loan whole and 1 of the next; 98 (all he has left) leaves that loan at one crown; with nothing left he
    cannot repay the moneylender a crown.  D'Artagnan's 0 is nothing to repay, he owes Aramis nothing, and 10
    to Athos pays the older of his two loans of 10 and not a crown of the other."""
    world = World(
        loans=[
            Loan(1, "Porthos", "Athos", 100, "1607-01", principal=100),
            Loan(2, "Porthos", "Athos", 100, "1607-02", principal=100),
            Loan(3, "Porthos", "moneylender", 55, "1607-03", due="1607-09", interest_percent=10, principal=50),
            Loan(4, "D'Artagnan", "moneylender", 11, "1607-03", due="1607-09", interest_percent=10, principal=10),
            Loan(5, "D'Artagnan", "Athos", 10, "1607-04", principal=10),
            Loan(6, "D'Artagnan", "Athos", 10, "1607-05", principal=10),
        ],
        last_loan_number=6,
    )
    men = [
        Character(
            "Athos", social_level=10, crowns=0, counters={"lent.1": 100, "lent.2": 100, "lent.5": 10, "lent.6": 10}
        ),
        Character("Porthos", social_level=9, crowns=199, counters={"debt.1": 100, "debt.2": 100, "debt.3": 55}),
        Character("D'Artagnan", social_level=3, crowns=50, counters={"debt.4": 11, "debt.5": 10, "debt.6": 10}),
    ]
    sheets = {
        "Porthos": OrderSheet(
            "p",
            "Porthos",
            weeks={1: Repay(None, "Athos"), 2: Repay(101, "Athos"), 3: Repay(98, "athos"), 4: Repay(1, "moneylender")},
        ),
        "D'Artagnan": OrderSheet(
            "d", "D'Artagnan", weeks={1: Repay(0, "moneylender"), 2: Repay(20, "Aramis"), 3: Repay(10, "Athos")}
        ),
    }
    result, ledger, events = _month(AUGUST, men, sheets, world)
    assert ledger == [
        ("Porthos", "crowns", -100, 2, "repaid Athos (loan 1)", RULE_BETWEEN),
        ("Porthos", "debt.1", -100, 2, "repaid Athos (loan 1)", RULE_BETWEEN),
        ("Athos", "crowns", 100, 2, "Porthos repaid him (loan 1)", RULE_BETWEEN),
        ("Athos", "lent.1", -100, 2, "Porthos repaid him (loan 1)", RULE_BETWEEN),
        ("Porthos", "crowns", -1, 2, "repaid Athos (loan 2)", RULE_BETWEEN),
        ("Porthos", "debt.2", -1, 2, "repaid Athos (loan 2)", RULE_BETWEEN),
        ("Athos", "crowns", 1, 2, "Porthos repaid him (loan 2)", RULE_BETWEEN),
        ("Athos", "lent.2", -1, 2, "Porthos repaid him (loan 2)", RULE_BETWEEN),
        ("D'Artagnan", "crowns", -10, 3, "repaid Athos (loan 5)", RULE_BETWEEN),
        ("D'Artagnan", "debt.5", -10, 3, "repaid Athos (loan 5)", RULE_BETWEEN),
        ("Athos", "crowns", 10, 3, "D'Artagnan repaid him (loan 5)", RULE_BETWEEN),
        ("Athos", "lent.5", -10, 3, "D'Artagnan repaid him (loan 5)", RULE_BETWEEN),
        ("Porthos", "crowns", -98, 3, "repaid Athos (loan 2)", RULE_BETWEEN),
        ("Porthos", "debt.2", -98, 3, "repaid Athos (loan 2)", RULE_BETWEEN),
        ("Athos", "crowns", 98, 3, "Porthos repaid him (loan 2)", RULE_BETWEEN),
        ("Athos", "lent.2", -98, 3, "Porthos repaid him (loan 2)", RULE_BETWEEN),
    ]
    assert events == [
        (
            "order-refused",
            1,
            ("D'Artagnan",),
            False,
            {"order": "Repay 0 crowns to moneylender", "reason": "nothing to repay"},
        ),
        ("cannot-afford", 1, ("Porthos",), False, {"what": "repaying Athos", "cost": 200, "had": 199}),
        (
            "order-refused",
            2,
            ("D'Artagnan",),
            False,
            {"order": "Repay 20 crowns to Aramis", "reason": "he owes nothing to Aramis"},
        ),
        (
            "loan-repaid",
            2,
            ("Porthos", "Athos"),
            False,
            {"whole": True, "left": 0, "loan": 1, "borrower": "Porthos", "lender": "Athos", "amount": 100},
        ),
        (
            "loan-repaid",
            2,
            ("Porthos", "Athos"),
            False,
            {"whole": False, "left": 99, "loan": 2, "borrower": "Porthos", "lender": "Athos", "amount": 1},
        ),
        (
            "loan-repaid",
            3,
            ("D'Artagnan", "Athos"),
            False,
            {"whole": True, "left": 0, "loan": 5, "borrower": "D'Artagnan", "lender": "Athos", "amount": 10},
        ),
        (
            "loan-repaid",
            3,
            ("Porthos", "Athos"),
            False,
            {"whole": False, "left": 1, "loan": 2, "borrower": "Porthos", "lender": "Athos", "amount": 98},
        ),
        ("cannot-afford", 4, ("Porthos",), False, {"what": "repaying moneylender", "cost": 1, "had": 0}),
    ]
    assert [(x.number, x.amount) for x in result.world.loans] == [(2, 1), (3, 55), (4, 11), (6, 10)]


def test_a_lender_without_the_crowns_and_the_wrong_lenders():
    """ "Characters may borrow money from other players": the lender must have the crowns when the borrower
    takes them (Choice: no credit).  Athos offers Porthos 100 but has 99 when Porthos borrows it: the loan
    falls through, Porthos is told so and Athos why.  Porthos cannot borrow from himself nor from a man who
    is not in the campaign.  Athos's offer of a single crown to Aramis, not taken, lapses."""
    men = [
        Character("Athos", social_level=10, crowns=99),
        Character("Porthos", social_level=9, crowns=20),
        Character("Aramis", social_level=6, crowns=0),
    ]
    sheets = {
        "Athos": OrderSheet("a", "Athos", monthly=_lends(Lend(100, "Porthos"), Lend(1, "Aramis"))),
        "Porthos": OrderSheet(
            "p", "Porthos", weeks={1: Borrow(100, "Athos"), 2: Borrow(10, "porthos"), 3: Borrow(10, "Milady")}
        ),
    }
    _, ledger, events = _month(APRIL, men, sheets)
    assert ledger == []
    assert events == [
        (
            "loan-offered",
            MONTH_START,
            ("Athos", "Porthos"),
            False,
            {"lender": "Athos", "borrower": "Porthos", "amount": 100},
        ),
        (
            "loan-offered",
            MONTH_START,
            ("Athos", "Aramis"),
            False,
            {"lender": "Athos", "borrower": "Aramis", "amount": 1},
        ),
        ("cannot-afford", 1, ("Athos",), False, {"what": "lending 100 crowns to Porthos", "cost": 100, "had": 99}),
        (
            "order-refused",
            1,
            ("Porthos",),
            False,
            {"order": "Borrow 100 crowns from Athos", "reason": "Athos could not lend it after all"},
        ),
        (
            "order-refused",
            2,
            ("Porthos",),
            False,
            {"order": "Borrow 10 crowns from porthos", "reason": "he cannot borrow from himself"},
        ),
        (
            "order-refused",
            3,
            ("Porthos",),
            False,
            {"order": "Borrow 10 crowns from Milady", "reason": "no character or moneylender called 'Milady'"},
        ),
        (
            "loan-offer-unused",
            MONTH_END,
            ("Athos", "Aramis"),
            False,
            {"lender": "Athos", "borrower": "Aramis", "amount": 1},
        ),
        (
            "loan-offer-unused",
            MONTH_END,
            ("Athos", "Porthos"),
            False,
            {"lender": "Athos", "borrower": "Porthos", "amount": 100},
        ),
    ]


def test_a_moneylenders_default_and_a_disgrace_lifted():
    """ "If unable to pay, the character is disgraced and must join a Frontier Regiment until he can pay his
    debts."  In October Planchet cannot pay the moneylender's 110 due: disgraced, publicly.  Bazin, disgraced
    for one loan, pays it at last: his disgrace is over, and the gazette says so."""
    world = World(
        loans=[
            Loan(1, "Planchet", "moneylender", 110, "1607-04", due="1607-10", interest_percent=10, principal=100),
            Loan(2, "Bazin", "Athos", 30, "1607-04", principal=30, called="1607-07", defaulted="1607-07"),
        ],
        last_loan_number=2,
    )
    men = [
        Character("Planchet", social_level=2, crowns=113, counters={"debt.1": 110}),
        Character(
            "Bazin", social_level=2, crowns=34, state="disgraced", counters={"debt.2": 30, "disgrace.unpaid_loans": 1}
        ),
        Character("Athos", social_level=10, crowns=100, counters={"lent.2": 30}),
    ]
    _, ledger, events = _month(GameMonth(1607, 10), men, {}, world)
    disgraced = (
        "disgraced: could not repay 110 crowns to a moneylender (loan 1); he must join a Frontier Regiment "
        "until he can pay"
    )
    # His joining the Frontier Regiment, at the month's start, is the army's (tests/test_military*.py).
    army = ("regiment", "rank", "disgrace.frontier")
    assert [x for x in ledger if x[0] != "Athos" and x[1] not in army] == [
        ("Bazin", "crowns", -30, MONTH_END, "repaid Athos at last (loan 2)", RULE_BETWEEN),
        ("Bazin", "debt.2", -30, MONTH_END, "repaid Athos at last (loan 2)", RULE_BETWEEN),
        ("Bazin", "disgrace.unpaid_loans", -1, MONTH_END, "loan 2 paid at last", RULE_DISGRACE),
        ("Bazin", "state", None, MONTH_END, "his debts paid, his disgrace is over", RULE_DISGRACE),
        ("Planchet", "disgrace.unpaid_loans", 1, MONTH_END, disgraced, RULE_DISGRACE),
        ("Planchet", "state", "disgraced", MONTH_END, disgraced, RULE_DISGRACE),
    ]
    assert [x for x in events if x[0] not in ("loan-repaid", "disgraced-to-the-frontier")] == [
        ("disgrace-lifted", MONTH_END, ("Bazin",), True, {}),
        ("disgraced", MONTH_END, ("Planchet",), True, {"loan": 1, "lender": "moneylender", "owed": 110, "had": 109}),
    ]


def test_a_loan_to_a_man_of_two_names_called_in_by_name():
    """ "At any time after three months from the date of the loan, however, the lender may demand payment from
    the borrower."  Athos lent Rodney Bergerac 100 crowns in April; in July he calls it in by name, written
    with its spaces loose and in another case ("rodney   BERGERAC"): it is called, and paid at the month's
    end."""
    world = World(loans=[Loan(1, "Rodney Bergerac", "Athos", 100, "1607-04", principal=100)], last_loan_number=1)
    men = [Character("Athos", social_level=10, crowns=500, counters={"lent.1": 100}),
           Character("Rodney Bergerac", social_level=9, crowns=400, counters={"debt.1": 100})]
    _, ledger, events = _month(JULY, men, {"Athos": OrderSheet("a", "Athos", monthly=_calls("rodney   BERGERAC"))},
                               world)
    assert [e for e in events if e[0] in ("loan-called", "order-refused")] == [
        ("loan-called", MONTH_START, ("Athos", "Rodney Bergerac"), False,
         {"loan": 1, "borrower": "Rodney Bergerac", "lender": "Athos", "amount": 100}),
    ]
    assert ledger[0] == ("Rodney Bergerac", "crowns", -100, MONTH_END, "repaid Athos when due (loan 1)", RULE_BETWEEN)


def test_a_called_loan_is_news_only_where_the_campaign_says_so():
    """"At any time after three months from the date of the loan, however, the lender may demand payment from
    the borrower": the book says nothing of the demand being known.  Choice (the campaign's `[rules]
    called_loans`): "private" by default, the demand told only to the two men; "public", the gazette's Notices
    print it, lender, borrower and sum."""
    for setting, public in (("private", False), ("public", True)):
        men, world = _lent_by_athos()
        result = resolve_month(JULY, men, {"Athos": OrderSheet("a", "Athos", monthly=_calls("Porthos"))},
                               SeededDice("loans"), world=world, registry=rules_registry(called_loans=setting))
        (called,) = [e for e in result.events if e.code == "loan-called"]
        assert called.public is public, setting
        html = render_html(GazetteData(campaign(), JULY, result.characters, result.events))
        notices = html.split('<section class="notices">')[1].split("</section>")[0] if public else ""
        assert ('class="event loan-called"' in html) is public
        assert public is ("Athos" in notices and "Porthos" in notices and "200 crowns" in notices)
