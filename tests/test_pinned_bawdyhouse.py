"""d. Bawdyhouses: the evening's boundaries, each pinned by a month played (mutation testing:
docs/rules-coverage.md, "Mutation testing")."""

from __future__ import annotations

from engarde.calendar import GameMonth
from engarde.dice import ScriptedDice, SeededDice
from engarde.orders import OrderSheet
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.bawdyhouse.orders import VisitBawdyhouse
from engarde.rules.bawdyhouse.rules import RULE_BAWDYHOUSE
from engarde.rules.duel.codes import EV_DUEL
from engarde.rules.gambling.orders import Gambling

APRIL = GameMonth(1607, 4)


def _evening(order: VisitBawdyhouse, dice: list[int], crowns: int = 100, sl: int = 5):
    ch = Character("D'Artagnan", social_level=sl, crowns=crowns)
    sheet = OrderSheet("d", ch.name, month=APRIL, weeks={1: order})
    return resolve_month(APRIL, [ch], {ch.name: sheet}, ScriptedDice(dice))


def _week_one(result):
    return [(e.field, e.delta, e.week, e.reason) for e in result.ledger if e.week == 1]


def test_a_purse_of_exactly_the_evening_pays_for_it_all():
    """"Liquid refreshment is mandatory, costing crowns equal to the numerical value of the character's
    Social Level"; "Female companionship costs crowns equal to the character's Social Level"; "all characters
    must state the number of crowns they are bringing with them. Credit is not allowed."  At SL 5 a purse of
    10 pays both; the footpads' 5 spares him ("on a roll of 6")."""
    result = _evening(VisitBawdyhouse(purse=10), [5])
    assert _week_one(result) == [
        ("crowns", -5, 1, "liquid refreshment at a bawdyhouse (SL 5 crowns)"),
        ("status_points", 1, 1, "caroused at a bawdyhouse"),
        ("crowns", -5, 1, "female companionship at a bawdyhouse (SL 5 crowns)"),
    ]
    (visit,) = [e for e in result.events if e.code == "bawdyhouse-visit"]
    assert (visit.week, visit.public, visit.data) == (1, False, {"caroused": True, "companionship": True, "spent": 10})
    assert not [e for e in result.events if e.code == "footpads"]


def test_a_purse_one_short_of_companionship_buys_the_drink_only():
    """A purse of 9 at SL 5: the refreshment (5), and companionship (5) he cannot pay: he is told."""
    result = _evening(VisitBawdyhouse(purse=9), [1])
    assert [r for _, _, _, r in _week_one(result)] == ["liquid refreshment at a bawdyhouse (SL 5 crowns)",
                                                       "caroused at a bawdyhouse"]
    (short,) = [e for e in result.events if e.code == "cannot-afford"]
    assert (short.week, short.public, short.data) == (1, False, {"what": "female companionship", "cost": 5, "had": 4})


def test_a_purse_exactly_the_refreshment_is_let_in_and_one_less_is_not():
    """The mandatory refreshment: a purse of 5 at SL 5 is let in (and robbed of nothing left on a 6), one of
    4 is turned away at the door (no footpads' die)."""
    result = _evening(VisitBawdyhouse(purse=5, companionship=False), [6])
    (robbed,) = [e for e in result.events if e.code == "footpads"]
    assert (robbed.week, robbed.public, robbed.data) == (1, True, {"lost": 0})
    turned = _evening(VisitBawdyhouse(purse=4, companionship=False), [])
    assert not [e for e in turned.events if e.code == "bawdyhouse-visit"]
    (short,) = [e for e in turned.events if e.code == "cannot-afford"]
    assert (short.week, short.public, short.data) == (
        1, False, {"what": "liquid refreshment at a bawdyhouse", "cost": 5, "had": 4})
    # a man of SL 1 with no crowns at all brings none, and is turned away
    penniless = _evening(VisitBawdyhouse(companionship=False), [], crowns=0, sl=1)
    assert [e.data["had"] for e in penniless.events if e.code == "cannot-afford"] == [0]


def test_the_footpads_take_what_is_left_on_a_six_only():
    """"At the end of his visit, any character in the red light district must roll one die to determine if
    he is set upon by footpads and relieved of his money. This occurs on a roll of 6 on one die."  A purse of
    30 at SL 5 with companionship: 20 left; a 6 takes it, a 5 does not."""
    six = _evening(VisitBawdyhouse(purse=30), [6])
    robbed = [(e.delta, e.week, e.reason, e.rule) for e in six.ledger if "footpads" in e.reason]
    assert robbed == [(-20, 1, "robbed by footpads in the red light district", RULE_BAWDYHOUSE)]
    assert [e.data for e in six.events if e.code == "footpads"] == [{"lost": 20}]
    five = _evening(VisitBawdyhouse(purse=30), [5])
    assert not [e for e in five.ledger if "footpads" in e.reason]
    assert "robbed on a 6" in five.rolls[-1].reason


def test_the_default_purse_holds_the_evening_and_the_stakes():
    """No purse stated: the campaign's default ("cost": the evening's refreshment and companionship and the
    stakes of the bets ordered).  SL 5, two bets of 10: a purse of 30; he wins both (house 1, he 6), so 20
    more than he brought is taken on a 6.  Bawdyhouse gambling: "without house limit or house divisor ...
    no points are gained for the total amount bet"."""
    result = _evening(VisitBawdyhouse(gamble=Gambling(bets=2, stake=10)), [1, 6, 1, 6, 6], crowns=500)
    (ev,) = [e for e in result.events if e.code == "gambling"]
    assert (ev.data["where"], ev.data["net"], ev.data["status"], ev.data["staked"]) == ("a bawdyhouse", 20, 2, 20)
    assert [e.data for e in result.events if e.code == "footpads"] == [{"lost": 40}]
    assert not [e for e in result.ledger if "÷" in e.reason]


def test_the_default_purse_of_a_man_without_company_or_luck():
    """The default purse ("cost") holds only what he ordered: without companionship, the refreshment and
    the stakes; two bets of 10 at SL 5 make a purse of 25.  He loses both (house 6, he 1), so nothing is
    left for the footpads' 6.  With 12 crowns he cannot cover a bet after his drink: no gambling, and the
    footpads find the 7 left of his purse."""
    lost = _evening(VisitBawdyhouse(companionship=False, gamble=Gambling(bets=2, stake=10)), [6, 1, 6, 1, 6])
    assert [e.data for e in lost.events if e.code == "footpads"] == [{"lost": 0}]
    poor = _evening(VisitBawdyhouse(companionship=False, purse=12, gamble=Gambling(bets=1, stake=10)), [6],
                    crowns=12)
    assert not [e for e in poor.events if e.code == "gambling"]
    assert [e.data for e in poor.events if e.code == "footpads"] == [{"lost": 7}]


def test_two_men_of_unfriendly_regiments_meet_at_the_bawdyhouse():
    """Cause: "Two characters of two unfriendly Regiments meeting": the bawdyhouse is a place where men meet.
    Jussac (the Cardinal's Guard) and Athos (the King's Musketeers) both spend week 2 at the bawdyhouse,
    Aramis (no regiment) week 3: Jussac and Athos meet there in week 2 and fight; Aramis meets no one."""
    men = [Character(n, social_level=9, crowns=500, strength=10, constitution=10, expertise=10, endurance=100, **kw)
           for n, kw in (("Jussac", {"regiment": "Cardinal's Guard", "rank": "Private"}),
                         ("Athos", {"regiment": "King's Musketeers", "rank": "Private"}), ("Aramis", {}))]
    sheets = {"Jussac": OrderSheet("j", "Jussac", weeks={2: VisitBawdyhouse()}),
              "Athos": OrderSheet("a", "Athos", weeks={2: VisitBawdyhouse()}),
              "Aramis": OrderSheet("ar", "Aramis", weeks={3: VisitBawdyhouse()})}
    result = resolve_month(GameMonth(1607, 4), men, sheets, SeededDice("bawdyhouse"))
    assert [(e.week, sorted(e.characters), e.data["place"]) for e in result.events if e.code == EV_DUEL] == [
        (2, ["Athos", "Jussac"], "bawdyhouse")]
