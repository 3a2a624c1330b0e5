"""Regiments, line by line in a month (mutation testing: docs/rules-coverage.md, "Mutation testing"):
applications (Regimental Table A), purchase (Table B), duty and its excusal, pay and status."""

from __future__ import annotations

from engarde.orders import OrderSheet, Rest
from engarde.parse import parse_sheet
from engarde.rules.practice.orders import Practise
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.calendar import GameMonth
from engarde.dice import ScriptedDice, SeededDice
from engarde.rules.influence.orders import UseInfluence
from engarde.rules.loans.state import Loan
from engarde.rules.appointments.orders import SeekAppointment
from engarde.rules.military.orders import Volunteer
from engarde.rules.regiments.orders import ApplyRegiment, BuyRank, RegimentalDuty, ResignCommission
from engarde.rules.regiments.state import BrigadeRecord, Officer, Regiment
from engarde.rules.regiments.tables import FRONTIER_REGIMENT
from rigged_dice import RiggedDice
from test_regiments import APRIL, BOOK, npc_regiment, world_with
from engarde.rules.regiments import rules as regiments_rules
from helpers import rules_registry

MAY, JUNE = GameMonth(1607, 5), GameMonth(1607, 6)


def regiment_lines(result, codes=("regiment", "rank", "order-refused", "duty")) -> tuple[list, list]:
    """The month's ledger lines of the regiments' rules (g.) and its regimental events."""
    ledger = [
        (e.character, e.field, e.delta if e.value is None else e.value, e.week, e.reason)
        for e in result.ledger
        if e.rule.startswith("g.")
    ]
    events = [(e.code, e.week, e.characters, e.public, e.data) for e in result.events if e.code.startswith(codes)]
    return ledger, events


def test_applications_purchases_duty_and_pay_line_by_line():
    """Regimental Table A: "the minimum die roll needed to be accepted into that Regiment per Social Level ...
    A player who unsuccessfully attempts to join a Regiment may apply to other Regiments in the same week, but
    may only apply to Regiments of a lower social standing than the one to which he has been denied
    admission."  "A rank up to and including that of Major may be bought immediately upon entry ... In order to
    initially buy a Majority, for instance, a character would have to pay the costs of the rank of Captain and
    Subaltern in addition to the cost of Major. ... Majors and above in any Regiment must buy three horses";
    Table B's minimum Social Level.  "Characters with the rank of Private must spend two weeks of each month on
    duty ... A non-player Battalion Commander will excuse a player from one week of duty on a roll of 5 or
    greater on one die."

    Month start: the Gascon Privates' duty (Jacques excused on a 5, not on a 4: duty in his last resting week;
    Jussac on two 6s, Planchet on two 5s).  Week 1: Aramis (SL 9) is refused by the King's Musketeers (a 3; 4
    needed), may not then try the Royal Foot Guards (above) nor the Musketeers again, finds no "No Such" and
    joins the Picardy Musketeers with no die (1 needed at SL 9); Porthos (SL 10, the Major's minimum in the Royal
    Foot Guards, exactly 760 crowns) rolls the 4 needed and buys his Majority and three horses; Bazin, a crown
    short, and Rochefort (SL 9) are not eligible; Jacques buys his Subaltern's commission with exactly 50 crowns,
    Jussac has 49; Planchet is already of a regiment; Grimaud may not buy a Lieutenant-Colonelcy on entry.  Month
    end: pay and monthly status by rank and column, a Major's horses and groom (3 x 3 + 2), and Porthos, down to
    SL 9, has three months to regain the Major's 10."""
    regs = [
        npc_regiment(n)
        for n in (
            "King's Musketeers",
            "Royal Foot Guards",
            "Cardinal's Guard",
            "Picardy Musketeers",
            "Gascon Regiment",
            "Royal Marines",
        )
    ]
    men = [
        Character("Aramis", social_level=9, crowns=100),
        Character("Porthos", social_level=10, crowns=760),
        Character("Bazin", social_level=10, crowns=759),
        Character("Rochefort", social_level=9, crowns=2000),
        Character("Jacques", social_level=3, crowns=50, regiment="Gascon Regiment", rank="Private"),
        Character("Jussac", social_level=3, crowns=49, regiment="Gascon Regiment", rank="Private"),
        Character("Planchet", social_level=5, crowns=100, regiment="Gascon Regiment", rank="Private"),
        Character("Grimaud", social_level=14, crowns=5000),
    ]
    orders = {
        "Aramis": {
            1: ApplyRegiment(
                "King's Musketeers", None, ("Royal Foot Guards", "King's Musketeers", "No Such", "Picardy Musketeers")
            )
        },
        "Porthos": {1: ApplyRegiment("Royal Foot Guards", "Major")},
        "Bazin": {1: ApplyRegiment("Royal Foot Guards", "Major")},
        "Rochefort": {1: ApplyRegiment("Royal Foot Guards", "Major")},
        "Jacques": {1: BuyRank("Subaltern")},
        "Jussac": {1: BuyRank("Subaltern")},
        "Planchet": {1: ApplyRegiment("Royal Marines")},
        "Grimaud": {1: ApplyRegiment("Royal Marines", "Lieutenant-Colonel")},
    }
    sheets = {n: OrderSheet(f"{n}.eml", n, month=APRIL, weeks=w) for n, w in orders.items()}
    result = resolve_month(APRIL, men, sheets, ScriptedDice([5, 4, 6, 6, 5, 5, 3, 4]), world_with(*regs))
    ledger, events = regiment_lines(result)
    assert ledger == [
        ("Aramis", "regiment.rejections", 1, 1, "refused by the King's Musketeers"),
        ("Aramis", "regiment.rejections", -1, 1, "accepted by the Picardy Musketeers"),
        ("Aramis", "regiment", "Picardy Musketeers", 1, "accepted by the Picardy Musketeers"),
        ("Aramis", "rank", "Private", 1, "entered the Picardy Musketeers as Private"),
        ("Jacques", "crowns", -50, 1, "bought the rank of Subaltern in the Gascon Regiment"),
        ("Porthos", "regiment", "Royal Foot Guards", 1, "accepted by the Royal Foot Guards"),
        ("Porthos", "crowns", -140, 1, "bought the rank of Subaltern in the Royal Foot Guards"),
        ("Porthos", "crowns", -150, 1, "bought the rank of Captain in the Royal Foot Guards"),
        ("Porthos", "crowns", -170, 1, "bought the rank of Major in the Royal Foot Guards"),
        ("Porthos", "rank", "Major", 1, "entered the Royal Foot Guards as Major"),
        ("Porthos", "crowns", -300, 1, "3 horses and equipment at 100 crowns"),
        ("Porthos", "regiment.horses", 3, 1, "horses for a Major of the Royal Foot Guards"),
        ("Aramis", "crowns", 4, 5, "pay of a Private of the Picardy Musketeers"),
        ("Aramis", "status_points", 1, 5, "monthly status of a Private of the Picardy Musketeers"),
        ("Jacques", "crowns", 4, 5, "pay of a Subaltern of the Gascon Regiment"),
        ("Jussac", "crowns", 2, 5, "pay of a Private of the Gascon Regiment"),
        ("Planchet", "crowns", 2, 5, "pay of a Private of the Gascon Regiment"),
        ("Porthos", "crowns", 22, 5, "pay of a Major of the Royal Foot Guards"),
        ("Porthos", "status_points", 9, 5, "monthly status of a Major of the Royal Foot Guards"),
        ("Porthos", "crowns", -11, 5, "support of 3 horses (3 × 3) and a groom (2)"),
    ]
    assert events == [
        (
            "duty-excused",
            0,
            ("Jacques",),
            False,
            {"needed": 5, "base": 5, "roll": 5, "influence": 0, "adjustments": []},
        ),
        ("duty-excused", 0, ("Jussac",), False, {"needed": 5, "base": 5, "roll": 6, "influence": 0, "adjustments": []}),
        ("duty-excused", 0, ("Jussac",), False, {"needed": 5, "base": 5, "roll": 6, "influence": 0, "adjustments": []}),
        (
            "duty-excused",
            0,
            ("Planchet",),
            False,
            {"needed": 5, "base": 5, "roll": 5, "influence": 0, "adjustments": []},
        ),
        (
            "duty-excused",
            0,
            ("Planchet",),
            False,
            {"needed": 5, "base": 5, "roll": 5, "influence": 0, "adjustments": []},
        ),
        (
            "regiment-rejected",
            1,
            ("Aramis",),
            False,
            {"regiment": "King's Musketeers", "needed": 4, "base": 4, "roll": 3, "influence": 0, "adjustments": []},
        ),
        (
            "regiment-not-eligible",
            1,
            ("Aramis",),
            False,
            {
                "regiment": "Royal Foot Guards",
                "reason": "after a refusal he may apply only to regiments of lower standing",
            },
        ),
        (
            "regiment-not-eligible",
            1,
            ("Aramis",),
            False,
            {
                "regiment": "King's Musketeers",
                "reason": "after a refusal he may apply only to regiments of lower standing",
            },
        ),
        ("regiment-not-eligible", 1, ("Aramis",), False, {"regiment": "No Such", "reason": "no such regiment"}),
        (
            "regiment-joined",
            1,
            ("Aramis",),
            True,
            {
                "regiment": "Picardy Musketeers",
                "rank": "Private",
                "needed": 1,
                "base": 1,
                "roll": None,
                "influence": 0,
                "adjustments": [],
            },
        ),
        (
            "regiment-not-eligible",
            1,
            ("Bazin",),
            False,
            {"regiment": "Royal Foot Guards", "reason": "he has 759 crowns; the commission and horses cost 760"},
        ),
        (
            "order-refused",
            1,
            ("Grimaud",),
            False,
            {
                "order": "Apply to the Royal Marines as Lieutenant-Colonel",
                "reason": "a rank up to Major may be bought on entry, not Lieutenant-Colonel",
            },
        ),
        ("rank-bought", 1, ("Jacques",), True, {"regiment": "Gascon Regiment", "rank": "Subaltern", "price": 50}),
        (
            "rank-refused",
            1,
            ("Jussac",),
            False,
            {"rank": "Subaltern", "reason": "it costs 50 crowns with horses; he has 49"},
        ),
        (
            "order-refused",
            1,
            ("Planchet",),
            False,
            {"order": "Apply to the Royal Marines", "reason": "already of the Gascon Regiment"},
        ),
        (
            "regiment-joined",
            1,
            ("Porthos",),
            True,
            {
                "regiment": "Royal Foot Guards",
                "rank": "Major",
                "needed": 4,
                "base": 4,
                "roll": 4,
                "influence": 0,
                "adjustments": [],
            },
        ),
        (
            "regiment-not-eligible",
            1,
            ("Rochefort",),
            False,
            {
                "regiment": "Royal Foot Guards",
                "reason": "a Major of the Royal Foot Guards needs Social Level 10 (Regimental Table B)",
            },
        ),
        ("regimental-duty", 4, ("Jacques",), False, {"regiment": "Gascon Regiment", "rank": "Subaltern"}),
        (
            "regimental-pay",
            5,
            ("Aramis",),
            False,
            {"regiment": "Picardy Musketeers", "rank": "Private", "pay": 4, "status": 1},
        ),
        (
            "regimental-pay",
            5,
            ("Jacques",),
            False,
            {"regiment": "Gascon Regiment", "rank": "Subaltern", "pay": 4, "status": 0},
        ),
        (
            "regimental-pay",
            5,
            ("Jussac",),
            False,
            {"regiment": "Gascon Regiment", "rank": "Private", "pay": 2, "status": 0},
        ),
        (
            "regimental-pay",
            5,
            ("Planchet",),
            False,
            {"regiment": "Gascon Regiment", "rank": "Private", "pay": 2, "status": 0},
        ),
        (
            "regimental-pay",
            5,
            ("Porthos",),
            False,
            {"regiment": "Royal Foot Guards", "rank": "Major", "pay": 22, "status": 9},
        ),
        (
            "rank-social-level-short",
            5,
            ("Porthos",),
            False,
            {"regiment": "Royal Foot Guards", "rank": "Major", "minimum": 10, "social_level": 9, "months_left": 3},
        ),
    ]
    assert [r.reason for r in result.rolls] == [
        "Lieutenant-Colonel decides excusal from a week of duty for Jacques: 5+ needed",
        "Lieutenant-Colonel decides excusal from a week of duty for Jacques: 5+ needed",
        "Lieutenant-Colonel decides excusal from a week of duty for Jussac: 5+ needed",
        "Lieutenant-Colonel decides excusal from a week of duty for Jussac: 5+ needed",
        "Lieutenant-Colonel decides excusal from a week of duty for Planchet: 5+ needed",
        "Lieutenant-Colonel decides excusal from a week of duty for Planchet: 5+ needed",
        "Colonel decides application to the King's Musketeers for Aramis: 4+ needed",
        "Colonel decides application to the Royal Foot Guards for Porthos: 4+ needed",
    ]


def disgrace_lines(result) -> tuple[list, list]:
    ledger = [
        (e.character, e.field, e.delta if e.value is None else e.value, e.week, e.reason, e.rule)
        for e in result.ledger
        if e.rule.startswith(("g.", "d. Loans (disgrace)", "c. Clubs"))
    ]
    events = [
        (e.code, e.week, e.characters, e.public, e.data)
        for e in result.events
        if e.code.startswith(
            ("regiment", "rank", "order-refused", "disgrace", "commission", "club-membership", "released")
        )
    ]
    return ledger, events


def test_disgrace_resignation_and_leaving_a_regiment_month_by_month():
    """d. Loans: "If the borrower is unable to pay, he is disgraced: he must join a Frontier Regiment and
    remain with it until he is able to pay."  Frontier Regiments "receive the same pay as the Gascon
    Regiment" (Table B column 10, a Private 2).  c. Clubs, The Horse Guards: "Officer of Horse Guards Brigade".

    May, month start: Porthos, a disgraced Captain of the Gascon Regiment, leaves it for the Frontier Regiment
    as a Private; Dartagnan, disgraced and already of it, is recorded as serving his disgrace there.  Week 1:
    Athos resigns his commission in the Dragoon Guards (his Horse Guards membership lapses), Bazin his
    Lieutenant-Colonelcy (and his brevet rank with it); Aramis holds none.  Marching with the Frontier
    Regiment in the season's last month, the disgraced owe no duty at home.  Month end: both disgraced men are
    paid as Frontier Privates; Porthos keeps his horse and groom, pays his loan and his disgrace is over.
    June, month start: his debts paid, he leaves the Frontier Regiment; Dartagnan, who cannot pay, stays."""
    gascon = npc_regiment("Gascon Regiment", c4=Officer("Porthos", player=True), l1=Officer("Bazin", player=True))
    dragoons = npc_regiment("Dragoon Guards", c5=Officer("Athos", player=True))
    men = [
        Character(
            "Porthos",
            social_level=6,
            crowns=100,
            regiment="Gascon Regiment",
            rank="Captain",
            state="disgraced",
            counters={"disgrace.unpaid_loans": 1, "debt.1": 50, "regiment.horses": 1},
        ),
        Character(
            "Dartagnan",
            social_level=4,
            crowns=0,
            regiment="Frontier Regiment",
            rank="Private",
            state="disgraced",
            counters={"disgrace.unpaid_loans": 1, "debt.2": 500},
        ),
        Character(
            "Athos", social_level=10, crowns=100, regiment="Dragoon Guards", rank="Captain", club="The Horse Guards"
        ),
        Character("Aramis", social_level=8, crowns=100),
        Character(
            "Bazin",
            social_level=11,
            crowns=100,
            regiment="Gascon Regiment",
            rank="Lieutenant-Colonel",
            counters={"brevet.rank": 1},
        ),
    ]
    world = world_with(gascon, dragoons)
    world.loans = [
        Loan(
            1,
            "Porthos",
            "moneylender",
            50,
            "1606-10",
            due="1607-04",
            defaulted="1607-04",
            interest_percent=10,
            principal=45,
        ),
        Loan(
            2,
            "Dartagnan",
            "moneylender",
            500,
            "1606-10",
            due="1607-04",
            defaulted="1607-04",
            interest_percent=10,
            principal=455,
        ),
    ]
    sheets = {
        n: OrderSheet(f"{n}.eml", n, month=MAY, weeks={1: ResignCommission()})
        for n in ("Porthos", "Athos", "Aramis", "Bazin")
    }
    # the Frontier's May battle (it is always on campaign) neither kills nor promotes the two disgraced men
    battle = {"MA of the Colonel of the Frontier": [1], "Dartagnan: death": [1, 1], "Porthos: death": [1, 1],
              "Dartagnan: promotion": [1, 1], "Porthos: promotion": [1, 1]}
    may = resolve_month(MAY, men, sheets, RiggedDice("b", battle), world)
    ledger, events = disgrace_lines(may)
    assert ledger == [
        ("Dartagnan", "disgrace.frontier", 1, 0, "serving on the Frontier for his disgrace", "d. Loans (disgrace)"),
        (
            "Porthos",
            "rank",
            None,
            0,
            "disgraced: he leaves the Gascon Regiment for a Frontier Regiment",
            "d. Loans (disgrace)",
        ),
        (
            "Porthos",
            "regiment",
            None,
            0,
            "disgraced: he leaves the Gascon Regiment for a Frontier Regiment",
            "d. Loans (disgrace)",
        ),
        (
            "Porthos",
            "regiment",
            "Frontier Regiment",
            0,
            "disgraced: he must join a Frontier Regiment until he can pay",
            "d. Loans (disgrace)",
        ),
        ("Porthos", "rank", "Private", 0, "disgraced: a Private of the Frontier Regiment", "d. Loans (disgrace)"),
        ("Porthos", "disgrace.frontier", 1, 0, "serving on the Frontier for his disgrace", "d. Loans (disgrace)"),
        ("Athos", "rank", None, 1, "resigned his commission in the Dragoon Guards", "g. Regiments"),
        ("Athos", "regiment", None, 1, "resigned his commission in the Dragoon Guards", "g. Regiments"),
        (
            "Athos",
            "club",
            None,
            1,
            "no longer an officer of the Horse Guards Brigade: his membership of The Horse Guards lapses",
            "c. Clubs (The Horse Guards)",
        ),
        (
            "Bazin",
            "brevet.rank",
            -1,
            1,
            "resigned his commission in the Gascon Regiment: his brevet rank ends",
            "g. Regiments",
        ),
        ("Bazin", "rank", None, 1, "resigned his commission in the Gascon Regiment", "g. Regiments"),
        ("Bazin", "regiment", None, 1, "resigned his commission in the Gascon Regiment", "g. Regiments"),
        ("Dartagnan", "crowns", 2, 5, "pay of a Private of the Frontier Regiment", "g. Regimental Table B"),
        ("Porthos", "crowns", 2, 5, "pay of a Private of the Frontier Regiment", "g. Regimental Table B"),
        ("Porthos", "crowns", -5, 5, "support of 1 horse (1 × 3) and a groom (2)", "g. Regiments (horses)"),
        ("Porthos", "disgrace.unpaid_loans", -1, 5, "loan 1 paid at last", "d. Loans (disgrace)"),
        ("Porthos", "state", None, 5, "his debts paid, his disgrace is over", "d. Loans (disgrace)"),
    ]
    assert events == [
        ("disgraced-to-the-frontier", 0, ("Porthos",), True, {"regiment": "Gascon Regiment"}),
        ("regiment-organised", 0, (), False, {"regiment": "Frontier Regiment", "colonel": "de Montclair", "ma": 1}),
        ("order-refused", 1, ("Aramis",), False, {"order": "Resign my commission", "reason": "he holds no commission"}),
        (
            "club-membership-lapsed",
            1,
            ("Athos",),
            False,
            {"club": "The Horse Guards", "reason": "no longer an officer of the Horse Guards Brigade"},
        ),
        ("commission-resigned", 1, ("Athos",), True, {"regiment": "Dragoon Guards", "rank": "Captain"}),
        ("commission-resigned", 1, ("Bazin",), True, {"regiment": "Gascon Regiment", "rank": "Lieutenant-Colonel"}),
        (
            "regimental-pay",
            5,
            ("Dartagnan",),
            False,
            {"regiment": "Frontier Regiment", "rank": "Private", "pay": 2, "status": 0},
        ),
        (
            "regimental-pay",
            5,
            ("Porthos",),
            False,
            {"regiment": "Frontier Regiment", "rank": "Private", "pay": 2, "status": 0},
        ),
        ("disgrace-lifted", 5, ("Porthos",), True, {}),
    ]
    officers = [o.name for o in may.world.regiment("Gascon Regiment").officers]
    assert "Porthos" not in officers and "Bazin" not in officers
    # marching with the Frontier Regiment in the spring season's last month, neither owes duty at home
    assert may.world.front.end == "1607-05" and not [r for r in may.rolls if "duty" in r.reason]
    june = resolve_month(JUNE, may.characters, {}, SeededDice("b-2"), may.world)
    ledger, events = disgrace_lines(june)
    assert ledger == [
        ("Porthos", "disgrace.frontier", -1, 0, "his debts paid, his disgrace is over", "d. Loans (disgrace)"),
        ("Porthos", "rank", None, 0, "his debts paid, he leaves the Frontier Regiment", "d. Loans (disgrace)"),
        ("Porthos", "regiment", None, 0, "his debts paid, he leaves the Frontier Regiment", "d. Loans (disgrace)"),
        ("Dartagnan", "crowns", 2, 5, "pay of a Private of the Frontier Regiment", "g. Regimental Table B"),
        ("Porthos", "crowns", -5, 5, "support of 1 horse (1 × 3) and a groom (2)", "g. Regiments (horses)"),
    ]
    assert events == [
        ("released-from-the-frontier", 0, ("Porthos",), True, {}),
        (
            "regimental-pay",
            5,
            ("Dartagnan",),
            False,
            {"regiment": "Frontier Regiment", "rank": "Private", "pay": 2, "status": 0},
        ),
    ]
    assert {c.name: (c.regiment, c.rank, c.state) for c in june.characters} == {
        "Porthos": (None, None, None),
        "Dartagnan": ("Frontier Regiment", "Private", "disgraced"),
        "Athos": (None, None, None),
        "Aramis": (None, None, None),
        "Bazin": (None, None, None),
    }


# January to April 1608, month by month: (ledger lines of the regiments' rules, regimental events, Social Levels)
EXPECTED = [
    (
        [
            ("Aramis", "crowns", 18, 5, "pay of a Captain of the Royal Foot Guards"),
            ("Aramis", "status_points", 8, 5, "monthly status of a Captain of the Royal Foot Guards"),
            ("Porthos", "crowns", 18, 5, "pay of a Captain of the Royal Foot Guards"),
            ("Porthos", "status_points", 8, 5, "monthly status of a Captain of the Royal Foot Guards"),
            ("Aramis", "crowns", -5, 5, "support of 1 horse (1 × 3) and a groom (2)"),
            ("Porthos", "crowns", -5, 5, "support of 1 horse (1 × 3) and a groom (2)"),
            ("Henri", "status_points", 3, 5, "Brigade Major of the Dragoon Brigade (+3)"),
            ("Louis", "status_points", 4, 5, "Brigade commander of the Heavy Brigade (+4)"),
            ("Aramis", "regiment.months_short", 1, 5, "Social Level 8 below the Captain's minimum of 9"),
            ("Porthos", "regiment.months_short", 1, 5, "Social Level 7 below the Captain's minimum of 9"),
        ],
        [
            (
                "regimental-pay",
                5,
                ("Aramis",),
                False,
                {"regiment": "Royal Foot Guards", "rank": "Captain", "pay": 18, "status": 8},
            ),
            (
                "regimental-pay",
                5,
                ("Porthos",),
                False,
                {"regiment": "Royal Foot Guards", "rank": "Captain", "pay": 18, "status": 8},
            ),
            (
                "brigade-status",
                5,
                ("Gaston",),
                False,
                {"brigade": "4th Brigade of Foot", "role": "Brigade Major", "status": 0},
            ),
            (
                "brigade-status",
                5,
                ("Henri",),
                False,
                {"brigade": "Dragoon Brigade", "role": "Brigade Major", "status": 3},
            ),
            (
                "brigade-status",
                5,
                ("Louis",),
                False,
                {"brigade": "Heavy Brigade", "role": "Brigade commander", "status": 4},
            ),
            (
                "rank-social-level-short",
                5,
                ("Aramis",),
                False,
                {"regiment": "Royal Foot Guards", "rank": "Captain", "minimum": 9, "social_level": 8, "months_left": 1},
            ),
            (
                "rank-social-level-short",
                5,
                ("Porthos",),
                False,
                {"regiment": "Royal Foot Guards", "rank": "Captain", "minimum": 9, "social_level": 7, "months_left": 3},
            ),
        ],
        {"Porthos": 7, "Aramis": 8, "Henri": 7, "Gaston": 7, "Louis": 7},
    ),
    (
        [
            ("Aramis", "crowns", 18, 5, "pay of a Captain of the Royal Foot Guards"),
            ("Aramis", "status_points", 8, 5, "monthly status of a Captain of the Royal Foot Guards"),
            ("Porthos", "crowns", 18, 5, "pay of a Captain of the Royal Foot Guards"),
            ("Porthos", "status_points", 8, 5, "monthly status of a Captain of the Royal Foot Guards"),
            ("Aramis", "crowns", -5, 5, "support of 1 horse (1 × 3) and a groom (2)"),
            ("Porthos", "crowns", -5, 5, "support of 1 horse (1 × 3) and a groom (2)"),
            ("Henri", "status_points", 3, 5, "Brigade Major of the Dragoon Brigade (+3)"),
            ("Louis", "status_points", 4, 5, "Brigade commander of the Heavy Brigade (+4)"),
            ("Aramis", "regiment.months_short", -3, 5, "expelled"),
            (
                "Aramis",
                "rank",
                None,
                5,
                "expelled from the Royal Foot Guards: Social Level 7 below the Captain's minimum of 9 for 3 months",
            ),
            (
                "Aramis",
                "regiment",
                None,
                5,
                "expelled from the Royal Foot Guards: Social Level 7 below the Captain's minimum of 9 for 3 months",
            ),
            ("Porthos", "regiment.months_short", 1, 5, "Social Level 6 below the Captain's minimum of 9"),
        ],
        [
            (
                "regimental-pay",
                5,
                ("Aramis",),
                False,
                {"regiment": "Royal Foot Guards", "rank": "Captain", "pay": 18, "status": 8},
            ),
            (
                "regimental-pay",
                5,
                ("Porthos",),
                False,
                {"regiment": "Royal Foot Guards", "rank": "Captain", "pay": 18, "status": 8},
            ),
            (
                "brigade-status",
                5,
                ("Gaston",),
                False,
                {"brigade": "4th Brigade of Foot", "role": "Brigade Major", "status": 0},
            ),
            (
                "brigade-status",
                5,
                ("Henri",),
                False,
                {"brigade": "Dragoon Brigade", "role": "Brigade Major", "status": 3},
            ),
            (
                "brigade-status",
                5,
                ("Louis",),
                False,
                {"brigade": "Heavy Brigade", "role": "Brigade commander", "status": 4},
            ),
            (
                "expelled-from-regiment",
                5,
                ("Aramis",),
                True,
                {"regiment": "Royal Foot Guards", "rank": "Captain", "minimum": 9, "social_level": 7},
            ),
            (
                "rank-social-level-short",
                5,
                ("Porthos",),
                False,
                {"regiment": "Royal Foot Guards", "rank": "Captain", "minimum": 9, "social_level": 6, "months_left": 2},
            ),
        ],
        {"Porthos": 6, "Aramis": 7, "Henri": 6, "Gaston": 6, "Louis": 6},
    ),
    (
        [
            ("Porthos", "crowns", 18, 5, "pay of a Captain of the Royal Foot Guards"),
            ("Porthos", "status_points", 8, 5, "monthly status of a Captain of the Royal Foot Guards"),
            ("Aramis", "crowns", -5, 5, "support of 1 horse (1 × 3) and a groom (2)"),
            ("Porthos", "crowns", -5, 5, "support of 1 horse (1 × 3) and a groom (2)"),
            ("Henri", "status_points", 3, 5, "Brigade Major of the Dragoon Brigade (+3)"),
            ("Louis", "status_points", 4, 5, "Brigade commander of the Heavy Brigade (+4)"),
            ("Porthos", "regiment.months_short", 1, 5, "Social Level 5 below the Captain's minimum of 9"),
        ],
        [
            (
                "regimental-pay",
                5,
                ("Porthos",),
                False,
                {"regiment": "Royal Foot Guards", "rank": "Captain", "pay": 18, "status": 8},
            ),
            (
                "brigade-status",
                5,
                ("Gaston",),
                False,
                {"brigade": "4th Brigade of Foot", "role": "Brigade Major", "status": 0},
            ),
            (
                "brigade-status",
                5,
                ("Henri",),
                False,
                {"brigade": "Dragoon Brigade", "role": "Brigade Major", "status": 3},
            ),
            (
                "brigade-status",
                5,
                ("Louis",),
                False,
                {"brigade": "Heavy Brigade", "role": "Brigade commander", "status": 4},
            ),
            (
                "rank-social-level-short",
                5,
                ("Porthos",),
                False,
                {"regiment": "Royal Foot Guards", "rank": "Captain", "minimum": 9, "social_level": 5, "months_left": 1},
            ),
        ],
        {"Porthos": 5, "Aramis": 6, "Henri": 5, "Gaston": 5, "Louis": 5},
    ),
    (
        [
            ("Porthos", "crowns", 18, 5, "pay of a Captain of the Royal Foot Guards"),
            ("Porthos", "status_points", 8, 5, "monthly status of a Captain of the Royal Foot Guards"),
            ("Aramis", "crowns", -5, 5, "support of 1 horse (1 × 3) and a groom (2)"),
            ("Porthos", "crowns", -5, 5, "support of 1 horse (1 × 3) and a groom (2)"),
            ("Henri", "status_points", 3, 5, "Brigade Major of the Dragoon Brigade (+3)"),
            ("Louis", "status_points", 4, 5, "Brigade commander of the Heavy Brigade (+4)"),
            ("Porthos", "regiment.months_short", -3, 5, "expelled"),
            (
                "Porthos",
                "rank",
                None,
                5,
                "expelled from the Royal Foot Guards: Social Level 4 below the Captain's minimum of 9 for 3 months",
            ),
            (
                "Porthos",
                "regiment",
                None,
                5,
                "expelled from the Royal Foot Guards: Social Level 4 below the Captain's minimum of 9 for 3 months",
            ),
        ],
        [
            (
                "regimental-pay",
                5,
                ("Porthos",),
                False,
                {"regiment": "Royal Foot Guards", "rank": "Captain", "pay": 18, "status": 8},
            ),
            (
                "brigade-status",
                5,
                ("Gaston",),
                False,
                {"brigade": "4th Brigade of Foot", "role": "Brigade Major", "status": 0},
            ),
            (
                "brigade-status",
                5,
                ("Henri",),
                False,
                {"brigade": "Dragoon Brigade", "role": "Brigade Major", "status": 3},
            ),
            (
                "brigade-status",
                5,
                ("Louis",),
                False,
                {"brigade": "Heavy Brigade", "role": "Brigade commander", "status": 4},
            ),
            (
                "expelled-from-regiment",
                5,
                ("Porthos",),
                True,
                {"regiment": "Royal Foot Guards", "rank": "Captain", "minimum": 9, "social_level": 4},
            ),
        ],
        {"Porthos": 4, "Aramis": 5, "Henri": 4, "Gaston": 4, "Louis": 4},
    ),
]


def test_three_months_below_the_rank_minimum_and_brigade_status_month_by_month():
    """ "If a player holds a rank, but his Social Level drops below the minimum necessary to hold that rank, the
    character has three game months to raise his Social Level to the required minimum. If he does not, he is
    expelled from the Regiment."  Regimental Table C: "Status points for positions as listed in the Status Points
    column are awarded to the Brigade commander and Brigade Major."

    Two Captains of the Royal Foot Guards (minimum SL 9) with no support paid sink a level a month: Porthos (8)
    is short in January, February and March and expelled in April; Aramis (9, two months short already) is
    short in January and expelled in February.  Each month Henri, Brigade Major of the Dragoon Brigade, has +3,
    Louis, commanding the Heavy Brigade, +4, and Gaston, Brigade Major of the 4th Brigade of Foot, nothing
    (+0); a Captain's pay, status and one horse's upkeep while they serve."""
    reg = npc_regiment("Royal Foot Guards", c8=Officer("Aramis", player=True), c9=Officer("Porthos", player=True))
    chars = [
        Character(
            "Porthos",
            social_level=8,
            crowns=3000,
            regiment="Royal Foot Guards",
            rank="Captain",
            counters={"regiment.horses": 1},
        ),
        Character(
            "Aramis",
            social_level=9,
            crowns=3000,
            regiment="Royal Foot Guards",
            rank="Captain",
            counters={"regiment.horses": 1, "regiment.months_short": 2},
        ),
        Character("Henri", social_level=8, crowns=3000),
        Character("Gaston", social_level=8, crowns=3000),
        Character("Louis", social_level=8, crowns=3000),
    ]
    world = world_with(reg)
    world.brigades = [
        BrigadeRecord("Dragoon Brigade", "Henri", "Grand Duke Max's Dragoons"),
        BrigadeRecord("4th Brigade of Foot", "Gaston", "69th Arquebusiers"),
        BrigadeRecord("Heavy Brigade", commander="Louis"),
    ]
    for m, (ledger, events, levels) in enumerate(EXPECTED, start=1):
        result = resolve_month(GameMonth(1608, m), chars, {}, SeededDice(f"short{m}"), world)
        assert [
            (e.character, e.field, e.delta if e.value is None else e.value, e.week, e.reason)
            for e in result.ledger
            if e.rule.startswith(("g.", "i. Promotion"))
        ] == ledger
        assert [
            (e.code, e.week, e.characters, e.public, e.data)
            for e in result.events
            if e.code.startswith(("regiment", "rank", "brigade", "expelled"))
        ] == events
        assert {c.name: c.social_level for c in result.characters} == levels
        chars, world = result.characters, result.world


def test_later_purchases_pay_on_campaign_and_the_ranks_minimums_line_by_line():
    """Regimental Table B's minimum Social Level and price: "After joining a Regiment, a character may be
    promoted only if there is an opening of the new rank"; "Majors and above in any Regiment must buy three
    horses".  Regimental Table A: "the minimum die roll needed to be accepted into that Regiment per Social
    Level".  "While on campaign, characters continue to receive pay and allowances, but do not have to pay out
    any money or keep track of Status Points."  "Players holding a brevet rank receive all pay, status and
    privileges associated with that rank."  "If a player holds a rank, but his Social Level drops below the
    minimum necessary to hold that rank, the character has three game months to raise his Social Level to the
    required minimum."

    Week 1: Athos, a Captain of the Royal Foot Guards at SL 10 (exactly the Major's minimum) with one horse,
    buys the Majority into an opening with exactly 370 crowns (170 and two more horses); Bazin, of the
    Cardinal's Guard, is a crown short of 160 and two horses; Grimaud (SL 1) is refused by the Gascons on a 3
    (4 needed at SL 1).  Month end: Mousqueton, on campaign, is paid and keeps no status; Treville, a Colonel
    with a brevet Lieutenant-Generalcy, is paid as one and held to its minimum (8, above the Colonel's 6);
    Rochefort, whose brevet is for want of Social Level, is held to no general's minimum; Planchet, two months
    short, again meets the Captain's minimum and his count is cleared."""
    regs = [
        npc_regiment("Royal Foot Guards", c3=Officer(None)),
        npc_regiment("Cardinal's Guard", c3=Officer(None)),
        npc_regiment("Gascon Regiment"),
        npc_regiment("Dragoon Guards"),
    ]
    men = [
        Character("Athos", social_level=10, crowns=370, regiment="Royal Foot Guards", rank="Captain",
                  counters={"regiment.horses": 1}),
        Character("Bazin", social_level=9, crowns=359, regiment="Cardinal's Guard", rank="Captain",
                  counters={"regiment.horses": 1}),
        Character("Grimaud", social_level=1, crowns=100),
        Character("Planchet", social_level=3, crowns=100, regiment="Gascon Regiment", rank="Captain",
                  counters={"regiment.months_short": 2}),
        Character("Treville", social_level=5, crowns=0, regiment="Picardy Musketeers", rank="Colonel",
                  counters={"brevet.rank": 8, "brevet.months": 6}),
        Character("Rochefort", social_level=7, crowns=0, regiment="13th Fusiliers", rank="Colonel",
                  counters={"brevet.rank": 8, "brevet.social_level": 1, "brevet.months": 6}),
        Character("Mousqueton", social_level=8, crowns=0, regiment="Dragoon Guards", rank="Captain",
                  state="on campaign"),
    ]
    orders = {
        "Athos": {1: BuyRank("Major")},
        "Bazin": {1: BuyRank("Major")},
        "Grimaud": {1: ApplyRegiment("Gascon Regiment")},
    }
    sheets = {n: OrderSheet(f"{n}.eml", n, month=APRIL, weeks=w) for n, w in orders.items()}
    result = resolve_month(APRIL, men, sheets, ScriptedDice([3] * 20), world_with(*regs))
    ledger, events = regiment_lines(result, codes=("rank", "regiment-rejected", "regimental-pay"))
    assert ledger == [
        ("Athos", "crowns", -170, 1, "bought the rank of Major in the Royal Foot Guards"),
        ("Athos", "crowns", -200, 1, "2 horses and equipment at 100 crowns"),
        ("Athos", "regiment.horses", 2, 1, "horses for a Major of the Royal Foot Guards"),
        ("Grimaud", "regiment.rejections", 1, 1, "refused by the Gascon Regiment"),
        ("Athos", "crowns", 22, 5, "pay of a Major of the Royal Foot Guards"),
        ("Athos", "status_points", 9, 5, "monthly status of a Major of the Royal Foot Guards"),
        ("Bazin", "crowns", 16, 5, "pay of a Captain of the Cardinal's Guard"),
        ("Bazin", "status_points", 7, 5, "monthly status of a Captain of the Cardinal's Guard"),
        ("Mousqueton", "crowns", 16, 5, "pay of a Captain of the Dragoon Guards"),
        ("Planchet", "crowns", 8, 5, "pay of a Captain of the Gascon Regiment"),
        ("Rochefort", "crowns", 35, 5, "pay of a brevet Lieutenant-General of the 13th Fusiliers"),
        ("Rochefort", "status_points", 9, 5, "monthly status of a brevet Lieutenant-General of the 13th Fusiliers"),
        ("Treville", "crowns", 35, 5, "pay of a brevet Lieutenant-General of the Picardy Musketeers"),
        ("Treville", "status_points", 9, 5, "monthly status of a brevet Lieutenant-General of the Picardy Musketeers"),
        ("Athos", "crowns", -11, 5, "support of 3 horses (3 × 3) and a groom (2)"),
        ("Bazin", "crowns", -5, 5, "support of 1 horse (1 × 3) and a groom (2)"),
    ]
    assert events == [
        ("rank-bought", 1, ("Athos",), True, {"price": 170, "rank": "Major", "regiment": "Royal Foot Guards"}),
        ("rank-refused", 1, ("Bazin",), False, {"rank": "Major", "reason": "it costs 360 crowns with horses; he has 359"}),
        ("regiment-rejected", 1, ("Grimaud",), False,
         {"adjustments": [], "base": 4, "influence": 0, "needed": 4, "regiment": "Gascon Regiment", "roll": 3}),
        ("regimental-pay", 5, ("Athos",), False,
         {"pay": 22, "rank": "Major", "regiment": "Royal Foot Guards", "status": 9}),
        ("regimental-pay", 5, ("Bazin",), False,
         {"pay": 16, "rank": "Captain", "regiment": "Cardinal's Guard", "status": 7}),
        ("regimental-pay", 5, ("Mousqueton",), False,
         {"pay": 16, "rank": "Captain", "regiment": "Dragoon Guards", "status": 0}),
        ("regimental-pay", 5, ("Planchet",), False,
         {"pay": 8, "rank": "Captain", "regiment": "Gascon Regiment", "status": 0}),
        ("regimental-pay", 5, ("Rochefort",), False,
         {"pay": 35, "rank": "Lieutenant-General", "regiment": "13th Fusiliers", "status": 9}),
        ("regimental-pay", 5, ("Treville",), False,
         {"pay": 35, "rank": "Lieutenant-General", "regiment": "Picardy Musketeers", "status": 9}),
        ("rank-social-level-short", 5, ("Athos",), False,
         {"minimum": 10, "months_left": 3, "rank": "Major", "regiment": "Royal Foot Guards", "social_level": 9}),
        ("rank-social-level-short", 5, ("Treville",), False,
         {"minimum": 8, "months_left": 3, "rank": "brevet Lieutenant-General", "regiment": "Picardy Musketeers",
          "social_level": 4}),
    ]
    short = [(e.character, e.delta, e.week, e.reason, e.rule) for e in result.ledger
             if e.field == "regiment.months_short"]
    assert short == [
        ("Athos", 1, 5, "Social Level 9 below the Major's minimum of 10", "i. Promotion"),
        ("Planchet", -2, 5, "Social Level 2 again meets the Captain's minimum", "i. Promotion"),
        ("Treville", 1, 5, "Social Level 4 below the brevet Lieutenant-General's minimum of 8", "i. Promotion"),
    ]
    ranks = [(e.character, e.value, e.week, e.reason) for e in result.ledger if e.field == "rank"]
    assert ranks == [("Athos", "Major", 1, "bought the rank of Major into an opening")]
    guards = next(r for r in result.world.regiments if r.name == "Royal Foot Guards")
    assert [(o.name, o.player) for o in guards.officers[2:4]] == [("NPC 2", False), ("Athos", True)]


def test_a_later_purchase_refused_line_by_line():
    """"After joining a Regiment, a character may be promoted only if there is an opening of the new rank";
    Regimental Table B's minimum Social Level for each rank.  Week 1: Grimaud, of no regiment, may buy no
    rank; Jussac asks for a rank the table lacks; Aramis, a Captain of the Cardinal's Guard at SL 8, is one
    short of the Major's 9 there."""
    men = [
        Character("Grimaud", social_level=5, crowns=500),
        Character("Jussac", social_level=5, crowns=500, regiment="Cardinal's Guard", rank="Captain"),
        Character("Aramis", social_level=8, crowns=500, regiment="Cardinal's Guard", rank="Captain"),
    ]
    orders = {"Grimaud": {1: BuyRank("Subaltern")}, "Jussac": {1: BuyRank("Admiral")}, "Aramis": {1: BuyRank("Major")}}
    sheets = {n: OrderSheet(f"{n}.eml", n, month=APRIL, weeks=w) for n, w in orders.items()}
    regs = [npc_regiment("Cardinal's Guard", c3=Officer(None))]
    result = resolve_month(APRIL, men, sheets, ScriptedDice([3] * 20), world_with(*regs))
    _, events = regiment_lines(result, codes=("rank-refused",))
    assert events == [
        ("rank-refused", 1, ("Aramis",), False,
         {"rank": "Major", "reason": "a Major of the Cardinal's Guard needs Social Level 9"}),
        ("rank-refused", 1, ("Grimaud",), False, {"rank": "Subaltern", "reason": "he is not of any regiment"}),
        ("rank-refused", 1, ("Jussac",), False, {"rank": "Admiral", "reason": "'Admiral' cannot be bought"}),
    ]


def test_horses_bought_and_kept_and_an_expulsion_line_by_line():
    """"Members of Cavalry Regiments and Captains of any Regiment must buy one horse"; "A horse ... requires
    support of 3 crowns per month. A groom must be paid 2 crowns per month, but only one need be hired"; "While
    on campaign, characters ... do not have to pay out any money"; "the character has three game months to
    raise his Social Level to the required minimum. If he does not, he is expelled from the Regiment."

    Week 1: Jacques joins the Gascons as a Private (no horse), Lucien the Dragoon Guards (one horse, 100
    crowns).  Month end: Bazin's pay (10) does not cover his three horses and groom (11); Mousqueton, on
    campaign, pays nothing for his horse; Lucien pays 5, Grimaud 8 for two; Planchet, three months below the Captain's minimum
    of 2, is expelled (i. Promotion)."""
    regs = [npc_regiment("Gascon Regiment"), npc_regiment("Dragoon Guards")]
    men = [
        Character("Planchet", social_level=1, crowns=100, regiment="Gascon Regiment", rank="Captain",
                  counters={"regiment.months_short": 3}),
        Character("Bazin", social_level=6, crowns=0, regiment="Dragoon Guards", rank="Private",
                  counters={"regiment.horses": 3}),
        Character("Mousqueton", social_level=8, crowns=0, regiment="Dragoon Guards", rank="Captain",
                  state="on campaign", counters={"regiment.horses": 1}),
        Character("Jacques", social_level=5, crowns=100),
        Character("Lucien", social_level=12, crowns=100),
        Character("Grimaud", social_level=6, crowns=0, regiment="Dragoon Guards", rank="Private",
                  counters={"regiment.horses": 2}),
    ]
    orders = {"Jacques": {1: ApplyRegiment("Gascon Regiment")}, "Lucien": {1: ApplyRegiment("Dragoon Guards")}}
    sheets = {n: OrderSheet(f"{n}.eml", n, month=APRIL, weeks=w) for n, w in orders.items()}
    result = resolve_month(APRIL, men, sheets, ScriptedDice([6] * 40), world_with(*regs))
    ledger, events = regiment_lines(result, codes=("horse", "cannot", "expelled"))
    assert ledger == [
        ("Jacques", "regiment", "Gascon Regiment", 1, "accepted by the Gascon Regiment"),
        ("Jacques", "rank", "Private", 1, "entered the Gascon Regiment as Private"),
        ("Lucien", "regiment", "Dragoon Guards", 1, "accepted by the Dragoon Guards"),
        ("Lucien", "rank", "Private", 1, "entered the Dragoon Guards as Private"),
        ("Lucien", "crowns", -100, 1, "1 horse and equipment at 100 crowns"),
        ("Lucien", "regiment.horses", 1, 1, "horses for a Private of the Dragoon Guards"),
        ("Bazin", "crowns", 10, 5, "pay of a Private of the Dragoon Guards"),
        ("Bazin", "status_points", 4, 5, "monthly status of a Private of the Dragoon Guards"),
        ("Grimaud", "crowns", 10, 5, "pay of a Private of the Dragoon Guards"),
        ("Grimaud", "status_points", 4, 5, "monthly status of a Private of the Dragoon Guards"),
        ("Jacques", "crowns", 2, 5, "pay of a Private of the Gascon Regiment"),
        ("Lucien", "crowns", 10, 5, "pay of a Private of the Dragoon Guards"),
        ("Lucien", "status_points", 4, 5, "monthly status of a Private of the Dragoon Guards"),
        ("Mousqueton", "crowns", 16, 5, "pay of a Captain of the Dragoon Guards"),
        ("Planchet", "crowns", 8, 5, "pay of a Captain of the Gascon Regiment"),
        ("Grimaud", "crowns", -8, 5, "support of 2 horses (2 × 3) and a groom (2)"),
        ("Lucien", "crowns", -5, 5, "support of 1 horse (1 × 3) and a groom (2)"),
    ]
    assert events == [
        ("horses-bought", 1, ("Lucien",), False, {"cost": 100, "horses": 1}),
        ("cannot-afford", 5, ("Bazin",), False,
         {"cost": 11, "had": 10, "what": "the support of his horses and groom"}),
        ("horse-upkeep", 5, ("Grimaud",), False, {"cost": 8, "horses": 2}),
        ("horse-upkeep", 5, ("Lucien",), False, {"cost": 5, "horses": 1}),
        ("expelled-from-regiment", 5, ("Planchet",), True,
         {"minimum": 2, "rank": "Captain", "regiment": "Gascon Regiment", "social_level": 1}),
    ]
    expelled = "expelled from the Gascon Regiment: Social Level 1 below the Captain's minimum of 2 for 3 months"
    assert [(e.character, e.field, e.delta if e.value is None else e.value, e.week, e.reason, e.rule)
            for e in result.ledger if e.rule.startswith("i.")] == [
        ("Planchet", "regiment.months_short", -3, 5, "expelled", "i. Promotion"),
        ("Planchet", "rank", None, 5, expelled, "i. Promotion"),
        ("Planchet", "regiment", None, 5, expelled, "i. Promotion"),
    ]


def test_a_player_colonels_answers_and_the_waiting_request_line_by_line():
    """Regimental Table A: "If the Regiment is commanded by a player, no roll is required: the Commander
    decides who is accepted. The candidate must meet all the minimum criteria for acceptance into the
    Regiment."

    Month start (May): Athos's answers recorded by the GM are carried out: D'Artagnan accepted joins (his
    horse bought); Jussac refused has a rejection; accepted, Grimaud (dead), Planchet (already a Gascon) and
    Bazin (50 crowns, a horse costs 100) do not join, each told why; Mousqueton accepted as a Captain buys
    the Subaltern's and Captain's commissions and a horse and is the junior Captain.  Week 1: Rochefort's application waits
    for Athos, who is told with him; the GM is told the command that records the answer."""
    athos = Character("Athos", social_level=14, rank="Colonel", regiment="Dragoon Guards")
    men = [
        athos,
        Character("D'Artagnan", social_level=8, crowns=200),
        Character("Jussac", social_level=8, crowns=200),
        Character("Grimaud", social_level=8, crowns=200, state="dead"),
        Character("Planchet", social_level=8, crowns=200, regiment="Gascon Regiment", rank="Private"),
        Character("Bazin", social_level=8, crowns=50),
        Character("Rochefort", social_level=8, crowns=200),
        Character("Mousqueton", social_level=12, crowns=2000),
    ]
    reg = npc_regiment("Dragoon Guards", Officer("Athos", player=True))
    answers = {"D'Artagnan": "accept", "Jussac": "refuse", "Grimaud": "accept", "Planchet": "accept",
               "Bazin": "accept"}
    reg.pending = [{"character": n, "rank": "Private", "month": "1607-04", "week": 1, "colonel": "Athos",
                    "decision": d} for n, d in answers.items()]
    reg.pending.append({"character": "Mousqueton", "rank": "Captain", "month": "1607-04", "week": 1,
                        "colonel": "Athos", "decision": "accept"})
    sheets = {"Rochefort": OrderSheet("r.eml", "Rochefort", month=MAY, weeks={1: ApplyRegiment("Dragoon Guards")})}
    dice = ScriptedDice([6] * 4)  # the Privates D'Artagnan and Planchet excused from duty
    result = resolve_month(MAY, men, sheets, dice, world_with(reg, npc_regiment("Gascon Regiment")))
    ledger, events = regiment_lines(result, codes=("regiment",))
    assert [line for line in ledger if line[3] < 5] == [  # the month end's pay and status pinned above
        ("D'Artagnan", "regiment", "Dragoon Guards", 0, "accepted by the Dragoon Guards"),
        ("D'Artagnan", "rank", "Private", 0, "entered the Dragoon Guards as Private"),
        ("D'Artagnan", "crowns", -100, 0, "1 horse and equipment at 100 crowns"),
        ("D'Artagnan", "regiment.horses", 1, 0, "horses for a Private of the Dragoon Guards"),
        ("Jussac", "regiment.rejections", 1, 0, "refused by the commander of the Dragoon Guards"),
        ("Mousqueton", "regiment", "Dragoon Guards", 0, "accepted by the Dragoon Guards"),
        ("Mousqueton", "crowns", -120, 0, "bought the rank of Subaltern in the Dragoon Guards"),
        ("Mousqueton", "crowns", -130, 0, "bought the rank of Captain in the Dragoon Guards"),
        ("Mousqueton", "rank", "Captain", 0, "entered the Dragoon Guards as Captain"),
        ("Mousqueton", "crowns", -100, 0, "1 horse and equipment at 100 crowns"),
        ("Mousqueton", "regiment.horses", 1, 0, "horses for a Captain of the Dragoon Guards"),
    ]
    answer = {"regiment": "Dragoon Guards", "rank": "Private", "colonel": "Athos"}
    assert [e for e in events if e[1] < 5] == [
        ("regiment-application-decided", 0, ("D'Artagnan",), False, dict(answer, decision="accept", joined=True)),
        ("regiment-joined", 0, ("D'Artagnan",), True,
         {"regiment": "Dragoon Guards", "rank": "Private", "accepted_by": "Athos"}),
        ("regiment-application-decided", 0, ("Jussac",), False, dict(answer, decision="refuse")),
        ("regiment-application-decided", 0, ("Grimaud",), False,
         dict(answer, decision="accept", reason="dead", joined=False)),
        ("regiment-application-decided", 0, ("Planchet",), False,
         dict(answer, decision="accept", reason="already of the Gascon Regiment", joined=False)),
        ("regiment-application-decided", 0, ("Bazin",), False,
         dict(answer, decision="accept", reason="he has 50 crowns; the commission and horses cost 100", joined=False)),
        ("regiment-application-decided", 0, ("Mousqueton",), False, dict(answer, rank="Captain", decision="accept",
                                                                         joined=True)),
        ("regiment-joined", 0, ("Mousqueton",), True,
         {"regiment": "Dragoon Guards", "rank": "Captain", "accepted_by": "Athos"}),
        ("regiment-awaits-colonel", 1, ("Rochefort", "Athos"), False,
         {"regiment": "Dragoon Guards", "colonel": "Athos", "rank": "Private"}),
    ]
    waiting = [(e.source, e.code, e.message, e.suggestion) for e in result.errors if e.code == "awaits-player-decision"]
    assert waiting == [("Rochefort", "awaits-player-decision",
                        "Rochefort applies to the Dragoon Guards as Private; its commander Athos is a player and "
                        "decides (no roll): the application waits for his answer",
                        'record the colonel\'s answer: engarde regiment decide "Dragoon Guards" "Rochefort" '
                        "--accept|--refuse")]
    dragoons = result.world.regiment("Dragoon Guards")
    assert [p["character"] for p in dragoons.pending] == ["Rochefort"]
    assert (dragoons.officers[9].name, dragoons.officers[9].player) == ("Mousqueton", True)  # the junior Captain
    assert dice.remaining == 0


def test_applications_the_frontier_a_fallback_and_the_rejections_penalty_line_by_line():
    """Regimental Table A: "Frontier Regiments  Automatic"; "A player who unsuccessfully attempts to join a
    Regiment may apply to other Regiments in the same week"; "For every two rejections, the character must
    subtract one from his die roll on subsequent applications" (a campaign subtracting two).

    Week 1: Aramis (no crowns) may not join the Dragoon Guards (a Private's horse costs 100) and joins the
    Gascon Regiment named after it (no die at Social Level 9); Mousqueton, as poor but with a horse of his own,
    may apply there (the Private's one horse is his) and joins on a 4; Porthos, two rejections behind him, needs the
    Royal Foot Guards' 4 and 2 more: a 5 refuses him; Rochefort (Social Level 7: 5 needed) is helped by three
    friends' class 3 favours ("One level of modification may be effected with a favour of the class needed"),
    each pledged in its own words (the regiment, his application, the colonel), and joins on a 2.  Week 2: Jacques enters the Frontier Regiment as a
    Captain with no die, paying the Subaltern's and Captain's prices and a horse; the regiment is organised
    that week (its Colonel's MA rolled) and he is its junior Captain."""
    men = [
        Character("Aramis", social_level=9, crowns=0),
        Character("Porthos", social_level=9, crowns=0, counters={"regiment.rejections": 2}),
        Character("Jacques", social_level=8, crowns=1000),
        Character("Rochefort", social_level=7, crowns=0),
        Character("Mousqueton", social_level=9, crowns=0, counters={"regiment.horses": 1}),
        *(Character(n, social_level=6, counters={"favour.npc.class3": 1}) for n in ("Treville", "Jussac", "Bazin")),
    ]
    orders = {
        "Aramis": {1: ApplyRegiment("Dragoon Guards", None, ("Gascon Regiment",))},
        "Rochefort": {1: ApplyRegiment("Royal Foot Guards")},
        "Mousqueton": {1: ApplyRegiment("Dragoon Guards")},
        "Treville": {1: UseInfluence("class 3", "his regiment", "Rochefort")},
        "Jussac": {1: UseInfluence("class 3", "his application", "Rochefort")},
        "Bazin": {1: UseInfluence("class 3", "his colonel", "Rochefort")},
        "Porthos": {1: ApplyRegiment("Royal Foot Guards")},
        "Jacques": {2: ApplyRegiment("Frontier", "Captain")},
    }
    sheets = {n: OrderSheet(f"{n}.eml", n, month=APRIL, weeks=w) for n, w in orders.items()}
    dice = ScriptedDice([4, 5, 2, 3])  # Mousqueton's, Porthos's and Rochefort's applications; the Frontier's MA
    result = resolve_month(APRIL, men, sheets, dice, world_with(npc_regiment("Gascon Regiment"),
                                                                  npc_regiment("Royal Foot Guards"),
                                                                  npc_regiment("Dragoon Guards")),
                           registry=rules_registry({"regiments": {"rejection_penalty": 2}}))
    ledger, events = regiment_lines(result, codes=("regiment",))
    assert [line for line in ledger if line[3] < 5] == [
        ("Aramis", "regiment", "Gascon Regiment", 1, "accepted by the Gascon Regiment"),
        ("Aramis", "rank", "Private", 1, "entered the Gascon Regiment as Private"),
        ("Mousqueton", "regiment", "Dragoon Guards", 1, "accepted by the Dragoon Guards"),
        ("Mousqueton", "rank", "Private", 1, "entered the Dragoon Guards as Private"),
        ("Porthos", "regiment.rejections", 1, 1, "refused by the Royal Foot Guards"),
        ("Rochefort", "regiment", "Royal Foot Guards", 1, "accepted by the Royal Foot Guards"),
        ("Rochefort", "rank", "Private", 1, "entered the Royal Foot Guards as Private"),
        ("Jacques", "regiment", "Frontier Regiment", 2, "accepted by the Frontier Regiment"),
        ("Jacques", "crowns", -50, 2, "bought the rank of Subaltern in the Frontier Regiment"),
        ("Jacques", "crowns", -60, 2, "bought the rank of Captain in the Frontier Regiment"),
        ("Jacques", "rank", "Captain", 2, "entered the Frontier Regiment as Captain"),
        ("Jacques", "crowns", -100, 2, "1 horse and equipment at 100 crowns"),
        ("Jacques", "regiment.horses", 1, 2, "horses for a Captain of the Frontier Regiment"),
    ]
    no_die = {"influence": 0, "adjustments": []}
    assert [e for e in events if e[1] < 5] == [
        ("regiment-not-eligible", 1, ("Aramis",), False,
         {"regiment": "Dragoon Guards", "reason": "he has 0 crowns; the commission and horses cost 100"}),
        ("regiment-joined", 1, ("Aramis",), True,
         dict(no_die, regiment="Gascon Regiment", rank="Private", needed=0, base=0, roll=None)),
        ("regiment-joined", 1, ("Mousqueton",), True,
         dict(no_die, regiment="Dragoon Guards", rank="Private", needed=3, base=3, roll=4)),
        ("regiment-rejected", 1, ("Porthos",), False,
         {"regiment": "Royal Foot Guards", "needed": 6, "base": 4, "roll": 5, "influence": 0,
          "adjustments": [["2 rejections", 2]]}),
        ("regiment-joined", 1, ("Rochefort",), True,
         dict(no_die, regiment="Royal Foot Guards", rank="Private", needed=2, base=5, roll=2, influence=-3)),
        ("regiment-organised", 2, (), False, {"regiment": "Frontier Regiment", "colonel": "de Montclair", "ma": 3}),
        ("regiment-joined", 2, ("Jacques",), True, {"regiment": "Frontier Regiment", "rank": "Captain", "automatic": True}),
    ]
    frontier = result.world.regiment("Frontier Regiment")
    assert [(o.name, o.player) for o in frontier.officers][9] == ("Jacques", True)
    # each pledge names the application in its own words: the regiment, his application, the colonel
    used = [(e.week, e.data["by"], e.data["amount"]) for e in result.events if e.code == "influence-used"]
    assert used == [(1, "Bazin", 1), (1, "Jussac", 1), (1, "Treville", 1)]
    assert dice.remaining == 0


def test_duty_weeks_a_players_excusal_and_the_disgraced_line_by_line():
    """g. Regiments: "Characters with the rank of Private must spend two weeks of each month on duty ... While
    on duty, they may undertake no other action.  Privates and Subalterns may be excused from duty by the
    permission of their Battalion Commanders.  A non-player Battalion Commander will excuse a player from one
    week of duty on a roll of 5 or greater on one die."  d. Loans: "he must join a Frontier Regiment and
    remain with it until he is able to pay."

    March, month start (the spring season begins): Jacques, a Gascon Private resting in week 1 and practising after, is refused excusal
    twice (two 4s): he serves week 1 (his rest) and week 4 (his latest practice, which he loses); Planchet, a
    Gascon Private on campaign, owes no duty at home; Grimaud, a Dragoon Guards Private, is excused both weeks
    by Athos, his player Battalion Commander, by his standing order (no die); Rochefort, disgraced and out of
    any regiment though already counted as serving his disgrace, joins the Frontier Regiment as a Private (the
    count stays one); Mousqueton and Fourreau, Gascon Privates, are each helped by a friend's class 4 favour
    pledged in his own words ("his duty", "being excused"): excused on a 4 once (2 needed), not the second time
    (the favour spent), they serve week 4.  Week 1: Aramis, of no regiment, is refused the duty he orders."""
    MARCH = GameMonth(1607, 3)
    athos = Character("Athos", social_level=11, regiment="Dragoon Guards", rank="Lieutenant-Colonel")
    men = [
        athos,
        Character("Jacques", social_level=3, crowns=10, regiment="Gascon Regiment", rank="Private"),
        Character("Planchet", social_level=3, crowns=10, regiment="Gascon Regiment", rank="Private",
                  state="on campaign"),
        Character("Grimaud", social_level=5, crowns=10, regiment="Dragoon Guards", rank="Private"),
        Character("Rochefort", social_level=5, crowns=0, state="disgraced",
                  counters={"disgrace.frontier": 1, "disgrace.unpaid_loans": 1, "debt.1": 50}),
        Character("Aramis", social_level=8, crowns=10),
        *(Character(n, social_level=3, crowns=10, regiment="Gascon Regiment", rank="Private")
          for n in ("Mousqueton", "Fourreau")),
        *(Character(n, social_level=6, counters={"favour.npc.class4": 1}) for n in ("Treville", "Bazin")),
    ]
    world = world_with(npc_regiment("Gascon Regiment"), npc_regiment("Dragoon Guards", l1=Officer("Athos", player=True)))
    world.loans = [Loan(1, "Rochefort", "moneylender", 50, "1606-10", due="1607-02", defaulted="1607-02",
                        interest_percent=10, principal=45)]
    jacques = {1: Rest(), **{w: Practise("rapier") for w in (2, 3, 4)}}
    sheets = {"Jacques": OrderSheet("j.eml", "Jacques", month=MARCH, weeks=jacques),
              "Grimaud": OrderSheet("g.eml", "Grimaud", month=MARCH, weeks={w: Practise("sabre") for w in range(1, 5)}),
              "Aramis": OrderSheet("a.eml", "Aramis", month=MARCH, weeks={1: RegimentalDuty()}),
              "Treville": OrderSheet("t.eml", "Treville", month=MARCH,
                                     weeks={1: UseInfluence("class 4", "his duty", "Mousqueton")}),
              "Bazin": OrderSheet("b.eml", "Bazin", month=MARCH,
                                  weeks={1: UseInfluence("class 4", "being excused", "Fourreau")})}
    excusal = parse_sheet("Character: Athos\nExcuse from duty: Grimaud", "athos.txt").standing
    dice = RiggedDice("duty", {"duty for Jacques": [4, 4], "duty for Mousqueton": [4, 4], "duty for Fourreau": [4, 4]})
    result = resolve_month(MARCH, men, sheets, dice, world, standing={"Athos": excusal})
    ledger, events = disgrace_lines(result)
    assert [line for line in ledger if line[3] < 5] == [
        ("Rochefort", "regiment", "Frontier Regiment", 0, "disgraced: he must join a Frontier Regiment until he can pay",
         "d. Loans (disgrace)"),
        ("Rochefort", "rank", "Private", 0, "disgraced: a Private of the Frontier Regiment", "d. Loans (disgrace)"),
    ]
    assert [e for e in events if e[1] < 5 and e[0] != "regiment-organised" and "duty" not in e[0]] == [
        ("disgraced-to-the-frontier", 0, ("Rochefort",), True, {"regiment": None}),
        ("order-refused", 1, ("Aramis",), False, {"order": "Regimental duty", "reason": "he is not of any regiment"}),
    ]
    # he marches with the Frontier Regiment at once: no duty at home, no die for its excusal
    assert "Rochefort" in result.world.front.campaigners
    assert [r.reason.split(" for ")[1] for r in result.rolls if "duty" in r.reason] == [
        "Fourreau: 2+ needed", "Fourreau: 5+ needed", "Jacques: 5+ needed", "Jacques: 5+ needed",
        "Mousqueton: 2+ needed", "Mousqueton: 5+ needed"]
    private = {"regiment": "Gascon Regiment", "rank": "Private"}
    helped = {"needed": 2, "base": 5, "roll": 4, "influence": -3, "adjustments": []}
    duty = [(e.code, e.week, e.characters, e.public, e.data) for e in result.events if "duty" in e.code]
    assert duty == [
        ("duty-excused", 0, ("Fourreau",), False, helped),
        ("duty-excused", 0, ("Grimaud",), False, {"by": "Athos"}),
        ("duty-excused", 0, ("Grimaud",), False, {"by": "Athos"}),
        ("duty-excused", 0, ("Mousqueton",), False, helped),
        ("regimental-duty", 1, ("Jacques",), False, private),
        ("regimental-duty", 4, ("Fourreau",), False, private),
        ("duty-instead", 4, ("Jacques",), False, {"regiment": "Gascon Regiment", "order": "Practise with the rapier"}),
        ("regimental-duty", 4, ("Jacques",), False, private),
        ("regimental-duty", 4, ("Mousqueton",), False, private),
    ]
    used = [(e.week, e.data["by"], e.data["subject"]) for e in result.events if e.code == "influence-used"]
    assert used == [(0, "Bazin", "Fourreau"), (0, "Treville", "Mousqueton")]
    assert next(c for c in result.characters if c.name == 'Jacques').get("practice.rapier") == 2  # weeks 2 and 3


def test_a_disgraced_man_released_within_the_season_comes_home_from_the_frontier():
    """d. Loans: "he must join a Frontier Regiment and remain with it until he is able to pay"; "The Frontier
    and RNHB Regiments ... are always on campaign, year round."

    April: Porthos, disgraced, leaves the Gascons for the Frontier Regiment and marches with it; he pays his
    loan at the month's end.  May, the same season: released at the month's start, he comes home from the
    campaign (he is no longer among those fighting): his week's practice is done, and the Frontier's battle is
    not his."""
    porthos = Character("Porthos", social_level=6, crowns=100, regiment="Gascon Regiment", rank="Captain",
                        state="disgraced", counters={"disgrace.unpaid_loans": 1, "debt.1": 50})
    world = world_with(npc_regiment("Gascon Regiment", c4=Officer("Porthos", player=True)))
    world.loans = [Loan(1, "Porthos", "moneylender", 50, "1606-10", due="1607-04", defaulted="1607-04",
                        interest_percent=10, principal=45)]
    april = resolve_month(APRIL, [porthos], {}, SeededDice("release"), world)
    assert "returned" not in april.world.front.campaigners["Porthos"]
    sheet = {"Porthos": OrderSheet("p.eml", "Porthos", month=MAY, weeks={1: Practise("rapier")})}
    may = resolve_month(MAY, april.characters, sheet, SeededDice("release-2"), april.world)
    assert (may.world.front.start, may.world.front.end) == (april.world.front.start, april.world.front.end)
    assert may.world.front.campaigners["Porthos"]["returned"] is True
    ledger, _ = disgrace_lines(may)
    assert [line for line in ledger if line[3] == 0] == [
        ("Porthos", "disgrace.frontier", -1, 0, "his debts paid, his disgrace is over", "d. Loans (disgrace)"),
        ("Porthos", "rank", None, 0, "his debts paid, he leaves the Frontier Regiment", "d. Loans (disgrace)"),
        ("Porthos", "regiment", None, 0, "his debts paid, he leaves the Frontier Regiment", "d. Loans (disgrace)"),
    ]
    his = [(e.code, e.week, e.public) for e in may.events if "Porthos" in e.characters and e.week < 5]
    assert his == [("released-from-the-frontier", 0, True), ("practice", 1, False), ("rest", 2, False),
                   ("rest", 3, False), ("rest", 4, False)]
    assert not [e for e in may.events if e.code in ("personal-outcome", "killed-in-action")]


def test_the_yearly_brigade_major_roll_line_by_line():
    """Regimental Table C: "A player from each Brigade should roll once each game year to determine if one of
    the Majors is serving as Brigade Major ... On a roll of 1 through 3, the Brigade Major is from the first
    named Regiment of the Brigade; on a 4 through 6, he is from the second named Regiment. ... Re-roll Brigade
    Major assignments at the end of the regular campaign season each year."  Sample Organisation II: "One of
    the Majors has been detached from the Regiment as Brigade Major."

    Week 1 of August: Jussac's application organises the 13th Fusiliers and the 53rd with them (non-player
    officers named in turn, the names numbered once the list is used up) and the 2nd Brigade of Foot's first
    Brigade Major is rolled (a 1: the 13th's senior Major).  Month end, the yearly roll, for every brigade
    organised (the 2nd Brigade of Foot again; a 1, the same Major) in Table C's order: in the 4th Brigade of
    Foot Henri returns to the 69th and a 5 names the Gascon Regiment, whose two Majors' posts are vacant (the
    season's dead): no one serves this year; in the Dragoon Brigade a 6 names Princess Louisa's Light Dragoons
    and Aramis, their senior Major and acting commander, is detached (the other Major takes the command, his
    MA rolled); the Heavy Brigade, known only by its Brigadier, has its regiments organised by the roll (a 2:
    the Crown Prince Cuirassiers' senior Major)."""
    aug = GameMonth(1607, 8)
    gascons = npc_regiment("Gascon Regiment", m2=Officer(), m3=Officer())
    louisa = npc_regiment("Princess Louisa's Light Dragoons", Officer(), l1=Officer(), m2=Officer("Aramis", player=True))
    max_ = npc_regiment("Grand Duke Max's Dragoons", m2=Officer("Old BM", detached="Brigade Major"))
    the_69th = npc_regiment("69th Arquebusiers", m2=Officer("Henri", player=True, detached="Brigade Major"))
    world = world_with(the_69th, gascons, max_, louisa)
    world.brigades = [BrigadeRecord("4th Brigade of Foot", "Henri", "69th Arquebusiers", "1606-08"),
                      BrigadeRecord("Dragoon Brigade", "Old BM", "Grand Duke Max's Dragoons", "1606-08"),
                      BrigadeRecord("Heavy Brigade", commander="Louis")]
    world.npc_serial = 39  # the last of the names
    men = [
        Character("Henri", social_level=9, crowns=100, regiment="69th Arquebusiers", rank="Major",
                  appointment="Brigade Major"),
        Character("Aramis", social_level=9, crowns=100, regiment="Princess Louisa's Light Dragoons", rank="Major"),
        Character("Jussac", social_level=12, crowns=100),
    ]
    sheets = {"Jussac": OrderSheet("j.eml", "Jussac", month=aug, weeks={1: ApplyRegiment("13th Fusiliers")})}
    rolls = {"Brigade Major of the 2nd Brigade of Foot": [1, 1], "Brigade Major of the 4th Brigade of Foot": [5],
             "Brigade Major of the Dragoon Brigade": [6], "Brigade Major of the Heavy Brigade": [2],
             "MA of the acting commander of the Princess Louisa's": [4]}
    result = resolve_month(aug, men, sheets, RiggedDice("bm", rolls), world)
    appointments = [(e.character, e.value, e.week, e.reason, e.rule) for e in result.ledger if e.field == "appointment"]
    assert appointments == [  # the brigades in Table C's order
        ("Aramis", "Brigade Major", 5, "Brigade Major of the Dragoon Brigade (the yearly roll: 6)",
         "g. Regimental Organisation"),
        ("Henri", None, 5, "no longer Brigade Major of the 4th Brigade of Foot (the yearly roll)",
         "g. Regimental Organisation"),
    ]
    rolled = [(e.week, e.characters, e.public, e.data) for e in result.events if e.code == "brigade-major"]
    w = result.world
    fusiliers = {"brigade": "2nd Brigade of Foot", "regiment": "13th Fusiliers", "officer": "de Brissac (2)", "roll": 1}
    assert rolled == [
        (1, (), False, fusiliers),
        (5, (), False, {"brigade": "Heavy Brigade", "regiment": "Crown Prince Cuirassiers",
                        "officer": "de Rantzau (2)", "roll": 2}),
        (5, ("Aramis",), True, {"brigade": "Dragoon Brigade", "regiment": "Princess Louisa's Light Dragoons",
                                "officer": "Aramis", "roll": 6}),
        (5, (), False, fusiliers),  # organised this August, it is rolled for again at the season's end
        (5, (), False, {"brigade": "4th Brigade of Foot", "regiment": "Gascon Regiment", "officer": None, "roll": 5}),
    ]
    organised = [(e.week, e.data["regiment"]) for e in result.events if e.code == "regiment-organised"]
    assert organised == [(1, "13th Fusiliers"), (1, "53rd Fusiliers"), (5, "Crown Prince Cuirassiers"),
                         (5, "Archduke Leopold Cuirassiers")]
    assert [r.organised for r in w.regiments[4:]] == ["1607-08"] * 4
    assert [o.name for o in w.regiment("13th Fusiliers").officers][:3] == [
        "de Béthune", "de Montclair (2)", "de Brissac (2)"]
    assert w.npc_serial == 39 + 40
    records = {b.name: (b.brigade_major, b.brigade_major_regiment, b.rolled) for b in w.brigades}
    assert records == {
        "4th Brigade of Foot": (None, "Gascon Regiment", "1607-08"),
        "Dragoon Brigade": ("Aramis", "Princess Louisa's Light Dragoons", "1607-08"),
        "Heavy Brigade": ("de Rantzau (2)", "Crown Prince Cuirassiers", "1607-08"),
        "2nd Brigade of Foot": ("de Brissac (2)", "13th Fusiliers", "1607-08"),
    }
    assert [(o.name, o.detached) for o in w.regiment("69th Arquebusiers").officers[2:4]] == [
        ("Henri", None), ("NPC 3", None)]
    assert [(o.name, o.detached) for o in w.regiment("Gascon Regiment").officers[2:4]] == [(None, None), (None, None)]
    assert w.regiment("Grand Duke Max's Dragoons").officers[2].detached is None
    louisa = w.regiment("Princess Louisa's Light Dragoons")
    assert [(o.name, o.detached, o.ma) for o in louisa.officers[2:4]] == [
        ("Aramis", "Brigade Major", None), ("NPC 3", None, 4)]


def test_the_gms_roster_and_a_captaincy_bought_into_a_vacancy_line_by_line():
    """g. Regimental Organisation: "There are ten officers above the rank of Subaltern in each Regiment ... all
    vacancies are shown at the bottom of the rank"; "Upon achieving the rank of Captain or above a player
    becomes the junior officer holding that rank"; Sample Organisation II (an officer below the rank of his
    command's own post is acting).

    April, week 1: Porthos joins the Dragoon Guards as a Captain and takes their vacant junior Captaincy (no
    non-player officer leaves).  Month end: Treville, the Gascons' Lieutenant-Colonel, is paid as one (Table B
    column 10).  The GM's roster (``engarde regiment``): each post with its rank, seniority, holder, MA (a
    player's from his sheet) and command, Treville acting Regimental Commander for the vacant Colonelcy; then
    the regiment's Subaltern and Privates, highest rank first and by name; no man of another regiment."""
    officers = {"l1": Officer("Treville", player=True), "m3": Officer("Henri", player=True), "c9": Officer()}
    gascons = npc_regiment("Gascon Regiment", Officer(), **officers)
    men = [
        Character("Treville", social_level=12, crowns=0, regiment="Gascon Regiment", rank="Lieutenant-Colonel",
                  military_ability=4),
        Character("Henri", social_level=9, crowns=0, regiment="Gascon Regiment", rank="Major", military_ability=5),
        Character("Porthos", social_level=10, crowns=1000, military_ability=2),
        Character("Planchet", social_level=3, crowns=0, regiment="Gascon Regiment", rank="Private", military_ability=3),
        Character("Jacques", social_level=3, crowns=0, regiment="Gascon Regiment", rank="Subaltern",
                  military_ability=1),
        Character("Bazin", social_level=3, crowns=0, regiment="Gascon Regiment", rank="Private", military_ability=6),
        Character("Athos", social_level=3, crowns=0, regiment="Dragoon Guards", rank="Private", military_ability=6),
    ]
    sheets = {"Porthos": OrderSheet("p.eml", "Porthos", month=APRIL, weeks={1: ApplyRegiment("Dragoon Guards",
                                                                                            "Captain")})}
    dice = RiggedDice("roster", {"excusal": [6] * 7, "Colonel decides application": [6]})
    result = resolve_month(APRIL, men, sheets, dice, world_with(gascons, npc_regiment("Dragoon Guards", c9=Officer())))
    pay = [(e.character, e.delta, e.reason) for e in result.ledger if e.character == "Treville" and e.field == "crowns"]
    assert pay == [("Treville", 16, "pay of a Lieutenant-Colonel of the Gascon Regiment")]
    dragoons = result.world.regiment("Dragoon Guards")
    assert [(o.name, o.player) for o in dragoons.officers[8:]] == [("NPC 8", False), ("Porthos", True)]
    post = {"detached": None, "player": False, "ma": None}
    captain = dict(post, rank="Captain")
    assert regiments_rules.roster(BOOK, result.world, "the gascons", result.characters) == [
        dict(post, rank="Colonel", seniority=1, name=None, command=None),
        dict(post, rank="Lieutenant-Colonel", seniority=1, name="Treville", player=True, ma=4,
             command="acting Regimental Commander"),
        dict(post, rank="Major", seniority=1, name="NPC 2", command="acting 1st Battalion Commander"),
        dict(post, rank="Major", seniority=2, name="Henri", player=True, ma=5, command="2nd Battalion Commander"),
        dict(captain, seniority=1, name="NPC 4", command="acting 3rd Battalion Commander"),
        dict(captain, seniority=2, name="NPC 5", command="A Company Commander"),
        dict(captain, seniority=3, name="NPC 6", command="B Company Commander"),
        dict(captain, seniority=4, name="NPC 7", command="C Company Commander"),
        dict(captain, seniority=5, name="NPC 8", command="D Company Commander"),
        dict(captain, seniority=6, name=None, command=None),
        dict(post, rank="Subaltern", seniority=None, name="Jacques", player=True, ma=1, command=None),
        dict(post, rank="Private", seniority=None, name="Bazin", player=True, ma=6, command=None),
        dict(post, rank="Private", seniority=None, name="Planchet", player=True, ma=3, command=None),
    ]
    assert regiments_rules.roster(BOOK, result.world, "No Such", result.characters) == []
    assert regiments_rules.roster(BOOK, result.world, "Royal Marines", result.characters) == []  # not organised


def test_the_rank_spellings_the_gm_imports():
    """Regimental Table B's ranks, "Private, Subaltern, Captain, Major, Lieutenant-Colonel, Colonel", and the
    general officers' ("Brigadier-General, Lieutenant-General, General, Field Marshal"), as a GM's records spell
    them (``engarde character import --rank``): any case, hyphens or spaces, and the Subaltern's and
    Lieutenant-Colonel's common names; anything else is no rank."""
    spellings = {
        "private": "Private", "CAPTAIN": "Captain", "Lieutenant-Colonel": "Lieutenant-Colonel",
        "lieutenant  colonel": "Lieutenant-Colonel", "Lt Colonel": "Lieutenant-Colonel", "Lieutenant": "Subaltern",
        "ensign": "Subaltern", "Cornet": "Subaltern", "brigadier general": "Brigadier-General",
        "Brigadier": "Brigadier-General", "Lieutenant-General": "Lieutenant-General", "field marshal": "Field Marshal",
        "Admiral": None, "": None, None: None,
    }
    assert {text: regiments_rules.normalise_rank(text) for text in spellings} == spellings


def test_who_decides_when_the_commanders_posts_are_empty_line_by_line():
    """Regimental Table A: "This die roll may be modified by influence with the Regimental Commander"; g.
    Regiments: "A non-player Battalion Commander will excuse a player from one week of duty on a roll of 5 or
    greater"; Sample Organisation II (the senior officer present commands, acting).

    April, after a season that emptied the Gascon Regiment of officers and took the 69th's Colonel and
    Lieutenant-Colonel: Planchet, a Gascon Private, asks his excusal of the absent 1st Battalion Commander,
    reckoned a Lieutenant-Colonel (choice), and Aramis applies to the Gascons' absent Colonel; in the 69th the
    senior Major commands the regiment (Bazin's application) and the junior Major the 1st Battalion (Jussac's
    excusal)."""
    empty = Regiment("Gascon Regiment", [Officer() for _ in range(10)], organised="1607-03")
    the_69th = npc_regiment("69th Arquebusiers", Officer(), l1=Officer(), m2=Officer("NPC 2", ma=4))
    men = [
        Character("Planchet", social_level=3, crowns=0, regiment="Gascon Regiment", rank="Private"),
        Character("Jussac", social_level=3, crowns=0, regiment="69th Arquebusiers", rank="Private"),
        Character("Aramis", social_level=3, crowns=0),
        Character("Bazin", social_level=3, crowns=0),
    ]
    orders = {"Aramis": {1: ApplyRegiment("Gascon Regiment")}, "Bazin": {1: ApplyRegiment("69th Arquebusiers")}}
    sheets = {n: OrderSheet(f"{n}.eml", n, month=APRIL, weeks=w) for n, w in orders.items()}
    result = resolve_month(APRIL, men, sheets, RiggedDice("empty", {"decides": [6] * 6}),
                           world_with(empty, the_69th))
    assert [r.reason for r in result.rolls if "decides" in r.reason] == [
        "Major decides excusal from a week of duty for Jussac: 5+ needed",
        "Major decides excusal from a week of duty for Jussac: 5+ needed",
        "Lieutenant-Colonel decides excusal from a week of duty for Planchet: 5+ needed",
        "Lieutenant-Colonel decides excusal from a week of duty for Planchet: 5+ needed",
        "Colonel decides application to the Gascon Regiment for Aramis: 3+ needed",
        "Major decides application to the 69th Arquebusiers for Bazin: 3+ needed",
    ]


def test_a_regiment_named_with_its_apostrophe_misplaced():
    """Regimental Table A names "Cardinal's Guard" and "King's Musketeers"; a sheet or a GM's record that
    writes them with the apostrophe elsewhere, curled, or left out names the same regiment."""
    spellings = {"Cardinals' Guard": "Cardinal's Guard", "the Cardinal\u2019s Guard": "Cardinal's Guard",
                 "Kings Musketeers": "King's Musketeers", "KING'S MUSKETEERS": "King's Musketeers"}
    assert {text: BOOK.regiment(text).name for text in spellings} == spellings


def test_a_volunteer_of_no_regiment_comes_home_a_private_of_none_line_by_line():
    """h. Volunteers: "The character maintains the same rank on the Frontier as he had with his own Regiment,
    or the rank of Private if he does not belong to a Regiment when he volunteers for Frontier service."
    Regimental Table B pays a rank "of the Regiment"; "the character has three game months to raise his
    Social Level to the required minimum. If he does not, he is expelled from the Regiment."

    October: Priv, a Gascon Captain one month below the Captain's minimum of 2, resigns his commission in
    week 1 (his month short stays on his sheet: it is his regiment's rule, read only while he has one) and
    volunteers for the Frontier in week 2.  November's battle promotes him: having no rank he comes home a
    Private of no regiment.  December: a Private of no regiment may buy no rank ("he is not of any
    regiment"); at the month's end no regiment pays him, no rank's minimum is his, and his month short is
    neither counted on nor cleared (he keeps his horse and pays its support)."""
    priv = Character("Priv", social_level=1, crowns=500, regiment="Gascon Regiment", rank="Captain",
                     military_ability=3, endurance=100, strength=10, constitution=10,
                     counters={"regiment.months_short": 1, "regiment.horses": 1})
    rig = {"Priv: death": [1, 1], "Priv: mention": [1, 1], "Priv: promotion": [6, 6]}
    october = resolve_month(
        GameMonth(1607, 10), [priv],
        {"Priv": OrderSheet("p.eml", "Priv", month=GameMonth(1607, 10),
                            weeks={1: ResignCommission(), 2: Volunteer(frontier=True)})},
        RiggedDice("october", rig), world_with(npc_regiment("Gascon Regiment")))
    november = resolve_month(GameMonth(1607, 11), october.characters, {}, RiggedDice("november", rig),
                             october.world)
    assert [(e.field, e.value, e.week, e.reason) for e in november.ledger
            if e.character == "Priv" and e.field in ("rank", "regiment", "state")] == [
        ("rank", "Private", 5, "promoted to Private on campaign"),
        ("state", None, 5, "returned from campaign at the season's end"),
    ]
    (priv,) = november.characters
    assert (priv.rank, priv.regiment, priv.get("regiment.months_short")) == ("Private", None, 1)
    december = resolve_month(
        GameMonth(1607, 12), november.characters,
        {"Priv": OrderSheet("p.eml", "Priv", month=GameMonth(1607, 12), weeks={1: BuyRank("Subaltern")})},
        RiggedDice("december", rig), november.world)
    assert [(e.code, e.week, e.data) for e in december.events if e.code.startswith(("rank", "regiment"))] == [
        ("rank-refused", 1, {"rank": "Subaltern", "reason": "he is not of any regiment"})]
    assert [(e.field, e.delta, e.reason) for e in december.ledger if e.rule.startswith(("g.", "i."))] == [
        ("crowns", -5, "support of 1 horse (1 × 3) and a groom (2)")]  # he keeps his horse: no pay, no minimum
    (priv,) = december.characters
    assert (priv.rank, priv.regiment, priv.get("regiment.months_short")) == ("Private", None, 1)


def test_a_man_disgraced_again_within_the_season_marches_with_the_frontier_again():
    """d. Loans: "he must join a Frontier Regiment and remain with it until he is able to pay"; "The Frontier
    and RNHB Regiments ... are always on campaign, year round."  (A fix: the campaign's record still marked him
    home from his first disgrace, so the month's start did not march him, and he took his weekly orders.)

    March: Porthos, disgraced, joins the Frontier Regiment and marches; he pays that loan at the month's end.
    April, the same season: released, he comes home; at the month's end his second loan falls due and he
    cannot pay it.  May, the same season still: disgraced again, he joins the Frontier Regiment again and
    marches with it at the month's start, taking no weekly action (his sheet's resignation and purchase are
    not read: he is told once that he is away)."""
    porthos = Character("Porthos", social_level=6, crowns=100, regiment="Gascon Regiment", rank="Captain",
                        state="disgraced", counters={"disgrace.unpaid_loans": 1, "debt.1": 50, "debt.2": 1000})
    world = world_with(npc_regiment("Gascon Regiment", c4=Officer("Porthos", player=True)))
    world.loans = [Loan(1, "Porthos", "moneylender", 50, "1606-09", due="1607-03", defaulted="1607-03",
                        interest_percent=10, principal=45),
                   Loan(2, "Porthos", "moneylender", 1000, "1606-10", due="1607-04", interest_percent=10,
                        principal=909)]
    march = resolve_month(GameMonth(1607, 3), [porthos], {}, SeededDice("march"), world)
    april = resolve_month(APRIL, march.characters, {}, SeededDice("april"), march.world)
    assert april.world.front.campaigners["Porthos"]["returned"] is True
    assert [(c.state, c.regiment) for c in april.characters] == [("disgraced", None)]
    sheet = {"Porthos": OrderSheet("p.eml", "Porthos", month=MAY,
                                   weeks={1: ResignCommission(), 2: BuyRank("Subaltern")})}
    may = resolve_month(MAY, april.characters, sheet, SeededDice("may"), april.world)
    assert (may.world.front.start, may.world.front.end) == (march.world.front.start, march.world.front.end)
    assert may.world.front.campaigners["Porthos"] == {
        "regiment": "Frontier Regiment", "since": "1607-05", "week": 0, "volunteer": False, "rank": "Private"}
    his = [(e.code, e.week, e.public, e.data) for e in may.events if "Porthos" in e.characters and e.week < 5]
    assert his == [
        ("disgraced-to-the-frontier", 0, True, {"regiment": None}),
        ("marched-to-campaign", 0, True,
         {"regiment": "Frontier Regiment", "unit": "Frontier Regiment", "mission": "assault"}),
        ("on-campaign", 1, False, {"regiment": "Frontier Regiment"}),
    ]
    assert [(c.regiment, c.rank) for c in may.characters] == [("Frontier Regiment", "Private")]


def test_a_disgraced_man_at_home_may_not_resign_from_the_frontier_line_by_line():
    """d. Loans: "he must join a Frontier Regiment and remain with it until he is able to pay."  In a campaign
    whose tables do not keep the Frontier Regiment always on campaign (``[tables.military]
    always_on_campaign``: the RNHB and the Picardy Musketeers), a disgraced man of the Frontier stays home and takes his weekly
    orders.

    October: Porthos, disgraced, leaves the Gascons for the Frontier Regiment, which does not march; in week
    1 he may not resign his commission (the refusal's words, to him alone); once dismissed from the Frontier
    Regiment for cowardice ("Under no circumstances will his old Regiment have him back"), in week 2 he may
    buy no rank in it; he pays his loan at the month's end.  November: released at the month's start, he leaves the Frontier Regiment (never having
    marched, he has no campaign to come home from)."""
    registry = rules_registry(
        {"military": {"always_on_campaign": ["Royal North Highland Border Regiment", "Picardy Musketeers"]}})
    porthos = Character("Porthos", social_level=6, crowns=100, regiment="Gascon Regiment", rank="Captain",
                        state="disgraced", counters={"disgrace.unpaid_loans": 1, "debt.1": 50,
                                                     "campaign.dismissed": 1,
                                                     f"campaign.dismissed_from.{FRONTIER_REGIMENT}": 1})
    world = world_with(npc_regiment("Gascon Regiment", c4=Officer("Porthos", player=True)))
    world.loans = [Loan(1, "Porthos", "moneylender", 50, "1607-03", due="1607-09", defaulted="1607-09",
                        interest_percent=10, principal=45)]
    october = GameMonth(1607, 10)
    sheet = {"Porthos": OrderSheet("p.eml", "Porthos", month=october,
                                   weeks={1: ResignCommission(), 2: BuyRank("Subaltern")})}
    oct_ = resolve_month(october, [porthos], sheet, SeededDice("october"), world, registry=registry)
    assert "Porthos" not in oct_.world.front.campaigners
    _, events = disgrace_lines(oct_)
    assert [e for e in events if e[1] in (1, 2)] == [
        ("order-refused", 1, ("Porthos",), False,
         {"order": "Resign my commission",
          "reason": "disgraced, he must remain with the Frontier Regiment until he can pay"}),
        ("rank-refused", 2, ("Porthos",), False,
         {"rank": "Subaltern", "reason": "he was dismissed from the Frontier Regiment for cowardice: under no "
                                         "circumstances will his old Regiment have him back"})]
    assert [(c.state, c.regiment, c.rank) for c in oct_.characters] == [(None, "Frontier Regiment", "Private")]
    nov = resolve_month(GameMonth(1607, 11), oct_.characters, {}, SeededDice("november"), oct_.world,
                        registry=registry)
    ledger, events = disgrace_lines(nov)
    assert [line for line in ledger if line[3] == 0] == [
        ("Porthos", "disgrace.frontier", -1, 0, "his debts paid, his disgrace is over", "d. Loans (disgrace)"),
        ("Porthos", "rank", None, 0, "his debts paid, he leaves the Frontier Regiment", "d. Loans (disgrace)"),
        ("Porthos", "regiment", None, 0, "his debts paid, he leaves the Frontier Regiment", "d. Loans (disgrace)"),
    ]
    assert [e for e in events if e[1] == 0] == [("released-from-the-frontier", 0, ("Porthos",), True, {})]
    assert "Porthos" not in nov.world.front.campaigners


def test_the_ranks_order_below_a_private_in_a_campaigns_appointments():
    """g. Regiments: the ranks in order, Private the lowest ("Private, Subaltern, Captain ..." of Regimental
    Table B); a government post's rank "or higher" (the appointments).  A campaign whose Minister of Justice
    needs only a Private's rank and SL 1: in April Abel, of no rank, is refused it (below every rank); Basile, a
    Gascon Private, is appointed on the 5 needed."""
    registry = rules_registry({"appointments": {"appointments": {
        "Minister of Justice": {"rank": "Private", "min_social_level": 1}}}})
    men = [Character("Abel", social_level=5, military_ability=5, crowns=900),
           Character("Basile", social_level=5, military_ability=5, crowns=900, regiment="Gascon Regiment",
                     rank="Private")]
    sheets = {"Abel": OrderSheet("a", "Abel", weeks={1: SeekAppointment("Minister of Justice")}),
              "Basile": OrderSheet("b", "Basile", weeks={2: SeekAppointment("Minister of Justice")})}
    result = resolve_month(APRIL, men, sheets, ScriptedDice([6] * 6), registry=registry)
    assert [(e.code, e.week, e.characters, e.data) for e in result.events if e.code == "appointment-refused"] == [
        ("appointment-refused", 1, ("Abel",), {"post": "Minister of Justice",
                                               "reason": "the post of Minister of Justice needs a Private or higher"})]
    assert {c.name: c.appointment for c in result.characters} == {"Abel": None, "Basile": "Minister of Justice"}


def test_a_colonel_resigns_and_the_acting_commanders_ma_is_rolled():
    """Sample Organisation II: "The character has also rolled the military ability of the Lieutenant-Colonel,
    since, as acting Regimental Commander, his MA will determine the fate of the Regiment."  Week 1 of April:
    Treville, the Gascons' player Colonel, resigns his commission; his post falls vacant and the non-player
    Lieutenant-Colonel, now acting commander, has his MA rolled that week (a 4)."""
    treville = Character("Treville", social_level=12, crowns=100, regiment="Gascon Regiment", rank="Colonel",
                         counters={"regiment.horses": 3})
    world = world_with(npc_regiment("Gascon Regiment", Officer("Treville", player=True)))
    sheet = {"Treville": OrderSheet("t.eml", "Treville", month=APRIL, weeks={1: ResignCommission()})}
    result = resolve_month(APRIL, [treville], sheet, RiggedDice("colonel", {"acting commander": [4]}), world)
    assert [(r.reason, r.total) for r in result.rolls if "acting commander" in r.reason] == [
        ("MA of the acting commander of the Gascon Regiment (Lieutenant-Colonel NPC 1)", 4)]
    officers = result.world.regiment("Gascon Regiment").officers
    assert [(o.name, o.ma) for o in officers[:2]] == [(None, None), ("NPC 1", 4)]
