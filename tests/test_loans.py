"""d. Loans: between characters and from moneylenders; disgrace; the money audit."""

from __future__ import annotations

import re

import pytest

from engarde.tables import Tables
from engarde.calendar import MONTH_END, MONTH_START, GameMonth
from engarde.codes import EV_CANNOT_AFFORD, EV_ORDER_REFUSED
from engarde.rules.loans.codes import (
    EV_DISGRACE_LIFTED,
    EV_DISGRACED,
    EV_LOAN_CALLED,
    EV_LOAN_OFFER_UNUSED,
    EV_LOAN_OFFERED,
    EV_LOAN_REPAID,
    EV_LOAN_TAKEN,
)
from engarde.dice import ScriptedDice, SeededDice
from engarde.rules.loans.orders import Borrow, Repay
from engarde.rules.mistresses.orders import Court, VisitMistress
from engarde.rules.gambling.orders import Gambling
from engarde.orders import OrderSheet, Parts
from engarde.rules.loans.orders import Lend, LoanOrders
from engarde.rules.bawdyhouse.orders import VisitBawdyhouse
from engarde.rules.clubs.orders import VisitClub
from engarde.records import Character, replay
from engarde.resolve import resolve_month
from engarde.rules.loans import rules as loans
from engarde.turn import Turn
from engarde.world import World
from engarde.rules.loans.state import Loan
from engarde.rules.mistresses.state import Mistress
from helpers import cli, write_campaign
from engarde.registry import Registry, RegistryError
from helpers import tables

APRIL = GameMonth(1607, 4)
JULY = GameMonth(1607, 7)
OCTOBER = GameMonth(1607, 10)


def make_turn(*chars: Character, loans_=(), month: GameMonth = APRIL) -> Turn:
    return Turn(month, {c.name: c for c in chars}, ScriptedDice([]), Tables(),
                world=World(loans=list(loans_), last_loan_number=len(loans_)))


def codes(turn: Turn, code: str):
    return [e for e in turn.events if e.code == code]


def test_months_are_counted_on_the_game_calendar():
    """Due dates use python-dateutil on the game calendar: six months after October 1607 is April 1608."""
    assert loans.months_after(GameMonth(1607, 10), 6) == GameMonth(1608, 4)
    assert loans.months_after(APRIL, 3) == JULY


# -- moneylenders ---------------------------------------------------------------------------------


def test_a_moneylender_lends_up_to_100_times_social_level():
    """"When borrowing from a Shylock, the maximum amount that any character can borrow is 100 times
    his Social Level." Choice: a larger request is lent up to the limit. "he must pay back the money
    plus 10% interest at the end of six months time": 500 lent, 550 owed, due October 1607."""
    ch = Character("Jacques", social_level=5, crowns=10)
    turn = make_turn(ch)
    loan = loans.borrow(turn, ch, Borrow(800, "a moneylender"), 2)
    assert loan == Loan(1, "Jacques", "moneylender", 550, "1607-04", due="1607-10", interest_percent=10,
                        principal=500)
    assert ch.crowns == 510 and ch.counters == {"debt.1": 550}
    assert [(e.field, e.delta, e.reason, e.rule) for e in turn.ledger] == [
        ("crowns", 500, "borrowed from a moneylender (loan 1)", "d. Loans (moneylender)"),
        ("debt.1", 550, "owes a moneylender 500 + 10% by the end of October 1607", "d. Loans (moneylender)"),
    ]
    (ev,) = codes(turn, EV_LOAN_TAKEN)
    assert ev.data == {"loan": 1, "borrower": "Jacques", "lender": "moneylender", "amount": 500, "owed": 550,
                       "due": "1607-10", "asked": 800} and not ev.public
    assert loans.borrow(turn, ch, Borrow(100), 3) is None
    assert "owes moneylenders all they will lend at SL 5" in codes(turn, EV_ORDER_REFUSED)[0].data["reason"]


def test_more_from_a_moneylender_after_a_rise_in_social_level():
    """"If a character borrows up to his capacity and is promoted a level, he may, if he desires,
    borrow more up to his new limit." At SL 6 with 500 lent, 100 more."""
    ch = Character("Jacques", social_level=6, crowns=0)
    old = Loan(1, "Jacques", "moneylender", 550, "1607-03", due="1607-09", interest_percent=10, principal=500)
    turn = make_turn(ch, loans_=[old])
    loan = loans.borrow(turn, ch, Borrow(300, "moneylender"), 1)
    assert loan.number == 2 and loan.principal == 100 and loan.amount == 110 and ch.crowns == 100


def test_a_moneylenders_loan_is_repaid_with_interest_at_six_months():
    """Due at the end of six months: nothing happens at the end of September; at the end of October
    the 550 is paid and the loan is gone (the crowns leave play to the moneylender)."""
    ch = Character("Jacques", social_level=5, crowns=600, counters={"debt.1": 550})
    loan = Loan(1, "Jacques", "moneylender", 550, "1607-04", due="1607-10", interest_percent=10, principal=500)
    turn = make_turn(ch, loans_=[loan], month=GameMonth(1607, 9))
    loans.month_end(turn, ch)
    assert turn.ledger == [] and turn.world.loans == [loan]
    turn = make_turn(ch, loans_=[loan], month=OCTOBER)
    loans.month_end(turn, ch)
    assert ch.crowns == 50 and ch.counters == {} and turn.world.loans == []
    assert turn.ledger[0].reason == "repaid a moneylender when due (loan 1)"
    assert codes(turn, EV_LOAN_REPAID)[0].data == {"loan": 1, "borrower": "Jacques", "lender": "moneylender",
                                                   "amount": 550, "whole": True, "left": 0}


def test_unable_to_pay_a_moneylender_he_is_disgraced_until_he_can():
    """"If unable to pay, the character is disgraced and must join a Frontier Regiment until he can pay
    his debts." No regiments yet: his sheet's state is "disgraced" (by ledger) and the gazette says he
    must join a Frontier Regiment. Choice: paid whole or not at all; he pays at the first month end
    he can, and the disgrace is lifted."""
    ch = Character("Jacques", social_level=5, crowns=300, counters={"debt.1": 550})
    loan = Loan(1, "Jacques", "moneylender", 550, "1607-04", due="1607-10", interest_percent=10, principal=500)
    turn = make_turn(ch, loans_=[loan], month=OCTOBER)
    loans.month_end(turn, ch)
    assert ch.state == "disgraced" and ch.crowns == 300 and loan.defaulted == "1607-10"
    assert ch.counters == {"debt.1": 550, "disgrace.unpaid_loans": 1}
    counter, state = turn.ledger
    assert (state.field, state.value, state.rule) == ("state", "disgraced", "d. Loans (disgrace)")
    assert (counter.field, counter.delta, counter.rule) == ("disgrace.unpaid_loans", 1, "d. Loans (disgrace)")
    assert "must join a Frontier Regiment" in state.reason
    (ev,) = codes(turn, EV_DISGRACED)
    assert ev.public and ev.data == {"loan": 1, "lender": "moneylender", "owed": 550, "had": 300}
    # November: still short; no second disgrace event
    turn = make_turn(ch, loans_=[loan], month=GameMonth(1607, 11))
    loans.month_end(turn, ch)
    assert turn.ledger == [] and turn.events == []
    # December: an allowance came; he pays at last
    ch.crowns = 600
    turn = make_turn(ch, loans_=[loan], month=GameMonth(1607, 12))
    loans.month_end(turn, ch)
    assert ch.state is None and ch.crowns == 50 and turn.world.loans == [] and ch.counters == {}
    assert turn.ledger[0].reason == "repaid a moneylender at last (loan 1)"
    assert codes(turn, EV_DISGRACE_LIFTED)[0].public


def test_disgrace_does_not_overwrite_another_state():
    """A borrower away on campaign when his loan falls due is disgraced on his sheet's counter; his
    state ("on campaign") is the army's, and stays."""
    ch = Character("Jacques", social_level=5, crowns=0, state="on campaign", counters={"debt.1": 550})
    loan = Loan(1, "Jacques", "moneylender", 550, "1607-04", due="1607-10", interest_percent=10, principal=500)
    turn = make_turn(ch, loans_=[loan], month=OCTOBER)
    loans.month_end(turn, ch)
    assert ch.state == "on campaign" and ch.counters["disgrace.unpaid_loans"] == 1
    assert codes(turn, EV_DISGRACED)


# -- between characters ---------------------------------------------------------------------------------


def test_a_loan_between_characters_bears_no_interest():
    """"Characters do not charge interest on loans to other characters; this is ungentlemanly."
    The crowns move from the lender's sheet to the borrower's; each side is a counter."""
    porthos = Character("Porthos", social_level=9, crowns=20)
    athos = Character("Athos", social_level=10, crowns=500)
    turn = make_turn(porthos, athos)
    loans.offer(turn, athos, (Lend(200, "Porthos"),))
    loan = loans.borrow(turn, porthos, Borrow(200, "athos"), 1)
    assert loan == Loan(1, "Porthos", "Athos", 200, "1607-04", principal=200)
    assert (porthos.crowns, athos.crowns) == (220, 300)
    assert porthos.counters == {"debt.1": 200} and athos.counters == {"lent.1": 200}
    assert {e.rule for e in turn.ledger} == {"d. Loans (between characters)"}
    assert codes(turn, EV_LOAN_TAKEN)[0].characters == ("Porthos", "Athos")


def test_a_lender_must_have_the_crowns():
    porthos = Character("Porthos", social_level=9, crowns=20)
    athos = Character("Athos", social_level=10, crowns=100)
    turn = make_turn(porthos, athos)
    loans.offer(turn, athos, (Lend(200, "Porthos"),))
    assert loans.borrow(turn, porthos, Borrow(200, "Athos"), 1) is None
    assert codes(turn, EV_ORDER_REFUSED)[0].data["reason"] == "Athos could not lend it after all"
    assert codes(turn, EV_CANNOT_AFFORD)[0].characters == ("Athos",)  # his purse is told to him alone
    assert loans.borrow(turn, porthos, Borrow(10, "Milady"), 1) is None
    assert loans.borrow(turn, porthos, Borrow(10, "Porthos"), 1) is None
    assert turn.ledger == []


def test_a_loan_between_characters_needs_the_lenders_offer():
    """"Characters may borrow money from other players": a loan needs both.  The lender's monthly
    order "Lend 100 crowns to Porthos" (no week of his) offers up to that much this month; the
    borrower's Borrow takes what he asks up to what is still offered, and without an offer is
    refused with the reason.  What is not borrowed lapses at month end, and the lender is told."""
    porthos = Character("Porthos", social_level=9, crowns=20)
    athos = Character("Athos", social_level=10, crowns=500)
    aramis = Character("Aramis", social_level=6, crowns=0)
    turn = make_turn(porthos, athos, aramis)
    assert loans.borrow(turn, porthos, Borrow(50, "Athos"), 1) is None
    (refused,) = codes(turn, EV_ORDER_REFUSED)
    assert refused.characters == ("Porthos",) and refused.data["reason"].startswith(
        "Athos has not offered to lend him anything this month")
    assert "'Lend N crowns to Porthos'" in refused.data["reason"] and turn.ledger == []
    assert loans.offer(turn, athos, (Lend(100, "porthos"), Lend(30, "Milady"), Lend(5, "Athos"))) == {"Porthos": 100}
    (offered,) = codes(turn, EV_LOAN_OFFERED)
    assert offered.characters == ("Athos", "Porthos") and not offered.public
    assert [e.data["reason"] for e in codes(turn, EV_ORDER_REFUSED)[1:]] == [
        "there is no gentleman called 'Milady'", "he cannot lend to himself"]
    loan = loans.borrow(turn, porthos, Borrow(150, "Athos"), 2)  # more than offered: the offer
    assert loan.amount == 100 and (porthos.crowns, athos.crowns) == (120, 400)
    assert codes(turn, EV_LOAN_TAKEN)[0].data["asked"] == 150
    assert loans.borrow(turn, porthos, Borrow(10, "Athos"), 3) is None  # the offer is used up
    assert loans.borrow(turn, aramis, Borrow(10, "Athos"), 3) is None  # offered to Porthos, not to him
    # In the month: Athos's sheet offers 80 to Aramis, who borrows 50; 30 lapses.
    sheets = {"Athos": OrderSheet("a.eml", "Athos", monthly=Parts([LoanOrders(lend=(Lend(80, "Aramis"),))])),
              "Aramis": OrderSheet("r.eml", "Aramis", weeks={2: Borrow(50, "Athos")})}
    result = resolve_month(APRIL, [Character("Athos", social_level=10, crowns=500),
                                   Character("Aramis", social_level=6, crowns=0)],
                           sheets, SeededDice("lend"))
    assert [(x.borrower, x.lender, x.amount) for x in result.world.loans] == [("Aramis", "Athos", 50)]
    (lapsed,) = [e for e in result.events if e.code == EV_LOAN_OFFER_UNUSED]
    assert lapsed.week == MONTH_END and lapsed.data == {"lender": "Athos", "borrower": "Aramis", "amount": 30}


def test_a_loan_may_be_called_only_after_three_months():
    """"At any time after three months from the date of the loan, however, the lender may demand
    payment from the borrower." Lent in April: refused in June, called in July."""
    porthos = Character("Porthos", social_level=9, crowns=20)
    athos = Character("Athos", social_level=10, crowns=500)
    loan = Loan(1, "Porthos", "Athos", 200, "1607-04", principal=200)
    turn = make_turn(porthos, athos, loans_=[loan], month=GameMonth(1607, 6))
    assert loans.call(turn, athos, ("Porthos",)) == []
    assert codes(turn, EV_ORDER_REFUSED)[0].data["reason"] == "loan 1 of April 1607 may be called from July 1607"
    turn = make_turn(porthos, athos, loans_=[loan], month=JULY)
    assert loans.call(turn, athos, ("porthos",)) == [loan] and loan.called == "1607-07"
    assert codes(turn, EV_LOAN_CALLED)[0].week == MONTH_START


def test_a_called_loan_is_repaid_at_month_end_or_he_is_disgraced():
    """"If the borrower is unable to pay, he is disgraced: he must join a Frontier Regiment and remain
    with it until he is able to pay." Called in July and paid: the crowns go back to the lender."""
    porthos = Character("Porthos", social_level=9, crowns=250, counters={"debt.1": 200})
    athos = Character("Athos", social_level=10, crowns=300, counters={"lent.1": 200})
    loan = Loan(1, "Porthos", "Athos", 200, "1607-04", principal=200, called="1607-07")
    turn = make_turn(porthos, athos, loans_=[loan], month=JULY)
    loans.month_end(turn, porthos)
    assert (porthos.crowns, athos.crowns) == (50, 500) and porthos.counters == {} and athos.counters == {}
    poor = Character("Porthos", social_level=9, crowns=150, counters={"debt.1": 200})
    loan = Loan(1, "Porthos", "Athos", 200, "1607-04", principal=200, called="1607-07")
    turn = make_turn(poor, athos, loans_=[loan], month=JULY)
    loans.month_end(turn, poor)
    assert poor.state == "disgraced" and codes(turn, EV_DISGRACED)[0].data["lender"] == "Athos"


def test_repay_an_amount_or_everything_owed():
    """A Repay order pays the lender (oldest loans first); the stated amount, or all he owes that
    lender. Choice: what he cannot cover is not paid at all (no credit)."""
    porthos = Character("Porthos", social_level=9, crowns=150, counters={"debt.1": 100, "debt.2": 100})
    athos = Character("Athos", social_level=10, crowns=0, counters={"lent.1": 100, "lent.2": 100})
    first = Loan(1, "Porthos", "Athos", 100, "1607-01", principal=100)
    second = Loan(2, "Porthos", "Athos", 100, "1607-02", principal=100)
    turn = make_turn(porthos, athos, loans_=[first, second])
    assert loans.repay(turn, porthos, Repay(None, "Athos"), 1) == 0
    assert codes(turn, EV_CANNOT_AFFORD)[0].data == {"what": "repaying Athos", "cost": 200, "had": 150}
    assert loans.repay(turn, porthos, Repay(130, "Athos"), 2) == 130
    assert turn.world.loans == [second] and second.amount == 70
    assert porthos.counters == {"debt.2": 70} and athos.counters == {"lent.2": 70}
    assert (porthos.crowns, athos.crowns) == (20, 130)
    assert [e.data["whole"] for e in codes(turn, EV_LOAN_REPAID)] == [True, False]
    assert loans.repay(turn, porthos, Repay(10, "moneylender"), 3) == 0
    assert codes(turn, EV_ORDER_REFUSED)[0].data["reason"] == "he owes nothing to moneylender"


# -- the stated order and the audit -----------------------------------------------------------------------


def test_loans_are_paid_after_support_dues_and_mistress_support():
    """The stated order of payments: support, club dues, mistress support, loan repayments. With 300
    crowns at SL 5: support 10, dues 10, Ninon's support 15, then the moneylender's 275 cannot be met:
    he is disgraced, not evicted."""
    ch = Character("Jacques", social_level=5, crowns=300, club="The Frog & Peach", mistress="Ninon",
                   counters={"debt.1": 275})
    world = World(mistresses=[Mistress(2, "Ninon", 5, lover="Jacques", since="1607-01")],
                  loans=[Loan(1, "Jacques", "moneylender", 275, "1607-04", due="1607-10", interest_percent=10,
                              principal=250)], last_loan_number=1)
    result = resolve_month(OCTOBER, [ch], {"Jacques": OrderSheet("j.eml", "Jacques")}, ScriptedDice([]),
                           world)
    paid = [(e.delta, e.rule) for e in result.ledger if e.field == "crowns"]
    assert paid == [(-10, "b. Support"), (-10, "c. Clubs"), (-15, "d. Mistresses")]
    after = result.characters[0]
    assert after.state == "disgraced" and after.mistress == "Ninon" and after.club == "The Frog & Peach"
    assert result.world.loans[0].defaulted == "1607-10"


def society_month():
    """A month with every money rule of society: loans between characters made and repaid, a
    moneylender, gambling at a club and a bawdyhouse, a guest, courting and a kept mistress."""
    chars = [
        Character("Athos", social_level=10, crowns=500, allowance=100, club="Hunter's"),
        Character("Porthos", social_level=9, crowns=60, club="Hunter's"),
        Character("Jacques", social_level=4, crowns=30, club="Red Phillips"),
        Character("D'Artagnan", social_level=6, crowns=150, mistress="Ninon"),
    ]
    world = World(mistresses=[Mistress(1, "Roxanne", 8), Mistress(2, "Ninon", 5, lover="D'Artagnan",
                                                                   since="1607-01", wealthy=True)])
    sheets = {
        "Athos": OrderSheet("a.eml", "Athos", weeks={
            1: VisitClub("Hunter's", carouse=True, companions=("Jacques",), gamble=Gambling(3, 100, cut_at=6)),
            2: VisitBawdyhouse(purse=200, gamble=Gambling(2, 50))}, monthly=Parts([LoanOrders(lend=(Lend(200, "Porthos"),))])),
        "Porthos": OrderSheet("p.eml", "Porthos", weeks={
            1: Borrow(200, "Athos"), 2: Borrow(300, "moneylender"), 3: Court("Roxanne", extra_payments=1),
            4: Repay(150, "Athos")}, monthly=Parts([LoanOrders(lend=(Lend(20, "Jacques"),))])),
        "Jacques": OrderSheet("j.eml", "Jacques", weeks={
            1: VisitClub("Hunter's", carouse=True, guest_of="Athos"), 2: Borrow(20, "Porthos")}),
        "D'Artagnan": OrderSheet("d.eml", "D'Artagnan", weeks={1: VisitMistress(), 2: Borrow(100, "moneylender")}),
    }
    return chars, world, sheets


def test_no_crown_is_created_or_destroyed_except_by_a_rule():
    """The money audit: the crowns on every sheet change only by ledger entries, each with its rule;
    crowns moving between characters (loans between characters, lent and repaid) sum to zero; every
    other change is money entering or leaving play by a named rule (the house: allowance, support,
    dues, carousing, gambling, courting, a moneylender, footpads, a wealthy mistress's gifts); and what
    characters owe each other on their sheets is what the world's loans say."""
    chars, world, sheets = society_month()
    for seed in ("audit-1", "audit-2", "audit-3"):
        result = resolve_month(APRIL, chars, sheets, SeededDice(seed), world)
        after = {c.name: c for c in result.characters}
        crowns = [e for e in result.ledger if e.field == "crowns"]
        between = [e for e in crowns if e.rule == loans.RULE_BETWEEN]
        house = [e for e in crowns if e.rule != loans.RULE_BETWEEN]
        assert between and sum(e.delta for e in between) == 0
        assert sum(c.crowns for c in after.values()) == sum(c.crowns for c in chars) + sum(e.delta for e in house)
        assert all(e.rule and e.reason for e in crowns)
        # each loan's two sides agree with the world
        for loan in result.world.loans:
            assert after[loan.borrower].counters.get(f"debt.{loan.number}") == loan.amount
            if not loan.from_moneylender:
                assert after[loan.lender].counters.get(f"lent.{loan.number}") == loan.amount
        owed_between = sum(x.amount for x in result.world.loans if not x.from_moneylender)
        lent = sum(v for c in after.values() for k, v in c.counters.items() if k.startswith("lent."))
        assert owed_between == lent
        # and the sheets replay from their ledgers
        for before in chars:
            entries = [e for e in result.ledger if e.character == before.name]
            assert replay(before.to_dict(), entries).ledger_values() == after[before.name].ledger_values()


def test_the_society_month_with_the_same_seed_is_the_same_month():
    """Same seed, same month: rolls, ledger, events and the world."""
    chars, world, sheets = society_month()
    first = resolve_month(APRIL, chars, sheets, SeededDice("same"), world)
    second = resolve_month(APRIL, chars, sheets, SeededDice("same"), world)
    assert first == second and first.world == second.world
    assert {e.field for e in first.ledger} >= {"debt.1", "lent.1", "debt.2", "crowns", "status_points"}
    assert any(e.week == MONTH_END and e.rule == "d. Mistresses" for e in first.ledger)


def test_the_loans_command_lists_who_owes_whom(tmp_path):
    """`engarde loans`: every loan outstanding, when it falls due or may be called, who is disgraced."""
    from engarde import store
    from engarde.config import load_one

    run = cli(write_campaign(tmp_path))
    run("init")
    assert "No loans outstanding." in run("loans")
    camp = load_one(tmp_path / "campaigns.toml", "test")
    with store.transaction(camp.database) as s:
        row = s.get(store.CampaignRow, "test")
        row.world = World(loans=[
            Loan(1, "Porthos", "Athos", 200, "1607-04", principal=200),
            Loan(2, "Jacques", "moneylender", 550, "1607-04", due="1607-10", interest_percent=10, principal=500,
                 defaulted="1607-10"),
        ], last_loan_number=2).to_dict()
        s.add(row)
    out = run("loans")
    assert "1  Porthos owes Athos 200 crowns (lent in April 1607, no interest), callable from July 1607" in out
    assert ("2  Jacques owes a moneylender 550 crowns (500 lent in April 1607, +10%), due at the end of "
            "October 1607; unpaid since October 1607: Jacques is disgraced") in out
    assert '"borrower": "Porthos"' in run("loans", "--json")


def test_the_gazette_prints_disgrace():
    """The gazette prints a disgrace ("he must join a Frontier Regiment") and its end."""
    from test_gazette import campaign

    from engarde.gazette import GazetteData, render_html, render_report
    from engarde.records import Event

    events = [Event(APRIL, MONTH_END, EV_DISGRACED, ("Jacques",), True,
                    dict(loan=1, lender="moneylender", owed=550, had=300)),
              Event(APRIL, MONTH_END, EV_DISGRACE_LIFTED, ("Porthos",), True, {})]
    gz = GazetteData(campaign(), APRIL, [Character("Jacques"), Character("Porthos")], events)
    html = render_html(gz)
    assert 'class="event disgraced"' in html and "Frontier" in html  # in the Notices, one phrasing of several
    assert "his disgrace is at an end" in html
    assert "must join a Frontier Regiment until you can pay" in render_report(gz, "Jacques", [])


# -- the campaign's tables -------------------------------------------------------------------------


def test_a_campaigns_moneylender_terms_reach_the_loan():
    """"he must pay back the money plus 10% interest at the end of six months time ... the maximum
    amount that any character can borrow is 100 times his Social Level".  A campaign's moneylender
    lends 50 times his Social Level at 20% for three months: 250 lent, 300 owed by July; a loan
    between characters may be called in after one month."""
    book = tables({"loans": {"moneylender_limit_per_sl": 50, "moneylender_interest_percent": 20,
                             "moneylender_term_months": 3, "loan_callable_after_months": 1}})
    ch = Character("Jacques", social_level=5, crowns=10)
    turn = Turn(APRIL, {ch.name: ch}, ScriptedDice([]), book, world=World())
    loan = loans.borrow(turn, ch, Borrow(800, "a moneylender"), 2)
    assert (loan.principal, loan.amount, loan.due, loan.interest_percent) == (250, 300, "1607-07", 20)
    between = Loan(2, "Jacques", "Porthos", 100, "1607-04", principal=100)
    assert loans.first_call(book.loans, between) == GameMonth(1607, 5)
    assert loans.first_call(Tables().loans, between) == JULY


def test_a_bad_override_of_the_loans_tables_names_the_key():
    with pytest.raises(RegistryError, match=re.escape("tables.loans.moneylender_interest_percent")):
        Registry.build((), tables={"loans": {"moneylender_interest_percent": -5}})
