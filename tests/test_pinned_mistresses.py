"""d. Mistresses: keeping her at the month's end, the weeks of visits and courting, rival suitors and
indiscretions, line by line, each pinned by a month played (mutation testing: docs/rules-coverage.md,
"Mutation testing")."""

from __future__ import annotations

from engarde.calendar import MONTH_END, GameMonth
from engarde.dice import ScriptedDice, SeededDice
from engarde.orders import OrderSheet, Parts
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.clubs.orders import VisitClub
from engarde.rules.duel.codes import EV_DUEL
from engarde.rules.mistresses.orders import Court, SuitorStanding, VisitMistress
from engarde.rules.mistresses.rules import RULE_FAVOURS, RULE_MISTRESSES, roll_mistresses
from engarde.rules.mistresses.state import Mistress
from engarde.rules.mistresses.tables import MistressesTables
from engarde.world import World

APRIL = GameMonth(1607, 4)
CODES = (
    "mistress-",
    "courting-",
    "new-liaison",
    "thrown-out",
    "suitor-",
    "rival-",
    "caught-",
    "order-refused",
    "cannot-afford",
)


def _month(men, sheets, world, dice, standing=None):
    """April played; its ledger lines of mistresses (and her favours), and the events of mistresses."""
    result = resolve_month(APRIL, men, sheets, ScriptedDice(dice), world=world, standing=standing)
    ledger = [
        (e.character, e.field, e.delta if e.value is None else e.value, e.week, e.reason, e.rule)
        for e in result.ledger
        if e.rule in (RULE_MISTRESSES, RULE_FAVOURS)
    ]
    events = [(e.code, e.week, e.characters, e.public, e.data) for e in result.events if e.code.startswith(CODES)]
    return result, ledger, events


def _withdraws() -> Parts:
    return Parts([SuitorStanding(rival_suitor="withdraw")])


def test_keeping_a_mistress_at_the_months_end_line_by_line():
    """ "he must pay crowns equal to three times her Social Level once per month for her support. If a player
    has a wealthy mistress, he need not pay her support; indeed, she will pay him crowns equal to twice the
    difference in their Social Levels ... if hers is higher.  A character receives one Status Point per month
    for having a mistress ... additional Status Points equal to the difference ... Beautiful mistresses give
    an additional Status Point"; her favours once a year (Influence Table C).  Athos's wealthy Roxanne, of
    his own SL 8, gives him nothing and brings no point of difference, and a year his today, her class 1 favour; Porthos's wealthy, beautiful Bella,
    one level above him, gives 2 crowns and 3 points; Aramis pays Celine's 18 to the last crown; D'Artagnan
    is one crown short of Dora's 12 and she leaves him, with the favour she gave; Planchet's influential Ninon
    (SL 3, the table's lowest row), a year his today, gives her class 1 favour."""
    men = [
        Character("Athos", social_level=8, crowns=100, mistress="Roxanne"),
        Character("Porthos", social_level=7, crowns=100, mistress="Bella"),
        Character("Aramis", social_level=6, crowns=12 + 18, mistress="Celine"),
        Character(
            "D'Artagnan", social_level=5, crowns=10 + 11, mistress="Dora", counters={"mistress_favour.1607.class1": 1}
        ),
        Character("Planchet", social_level=2, crowns=4 + 9, mistress="Ninon"),
    ]
    world = World(
        mistresses=[
            Mistress(1, "Roxanne", 8, wealthy=True, lover="Athos", since="1606-04"),
            Mistress(2, "Bella", 8, wealthy=True, beautiful=True, lover="Porthos", since="1607-01"),
            Mistress(3, "Celine", 6, lover="Aramis", since="1607-01"),
            Mistress(4, "Dora", 4, lover="D'Artagnan", since="1607-01"),
            Mistress(5, "Ninon", 3, influential=True, lover="Planchet", since="1606-04"),
        ]
    )
    sheets = {ch.name: OrderSheet(ch.name, ch.name, weeks={1: VisitMistress()}) for ch in men}
    result, ledger, events = _month(men, sheets, world, [])
    assert ledger == [
        ("Aramis", "crowns", -18, MONTH_END, "support of Celine (3 × her SL 6)", RULE_MISTRESSES),
        ("Aramis", "status_points", 1, MONTH_END, "keeps a mistress, Celine", RULE_MISTRESSES),
        ("Athos", "status_points", 1, MONTH_END, "keeps a mistress, Roxanne", RULE_MISTRESSES),
        (
            "Athos",
            "mistress_favour.1607.class1",
            1,
            MONTH_END,
            "a class 1 favour from Roxanne (SL 8) for the year",
            RULE_FAVOURS,
        ),
        ("D'Artagnan", "mistress", None, MONTH_END, "Dora left him: her support of 12 went unpaid", RULE_MISTRESSES),
        (
            "D'Artagnan",
            "mistress_favour.1607.class1",
            -1,
            MONTH_END,
            "favours from Dora are kept only for the duration of the affair",
            RULE_FAVOURS,
        ),
        ("Planchet", "crowns", -9, MONTH_END, "support of Ninon (3 × her SL 3)", RULE_MISTRESSES),
        ("Planchet", "status_points", 1, MONTH_END, "keeps a mistress, Ninon", RULE_MISTRESSES),
        ("Planchet", "status_points", 1, MONTH_END, "Ninon is of higher Social Level (3 - 2)", RULE_MISTRESSES),
        (
            "Planchet",
            "mistress_favour.1607.class1",
            1,
            MONTH_END,
            "a class 1 favour from Ninon (SL 3, influential) for the year",
            RULE_FAVOURS,
        ),
        ("Porthos", "crowns", 2, MONTH_END, "little gifts from Bella (2 × (her SL 8 - SL 7))", RULE_MISTRESSES),
        ("Porthos", "status_points", 1, MONTH_END, "keeps a mistress, Bella", RULE_MISTRESSES),
        ("Porthos", "status_points", 1, MONTH_END, "Bella is of higher Social Level (8 - 7)", RULE_MISTRESSES),
        ("Porthos", "status_points", 1, MONTH_END, "Bella is beautiful", RULE_MISTRESSES),
    ]
    assert events == [
        ("mistress-visit", 1, ("Aramis",), False, {"mistress": "Celine", "at": None}),
        ("mistress-visit", 1, ("Athos",), False, {"mistress": "Roxanne", "at": None}),
        ("mistress-visit", 1, ("D'Artagnan",), False, {"mistress": "Dora", "at": None}),
        ("mistress-visit", 1, ("Planchet",), False, {"mistress": "Ninon", "at": None}),
        ("mistress-visit", 1, ("Porthos",), False, {"mistress": "Bella", "at": None}),
        ("mistress-support-paid", MONTH_END, ("Aramis",), False, {"mistress": "Celine", "amount": 18}),
        ("mistress-favours", MONTH_END, ("Athos",), False, {"mistress": "Roxanne", "classes": [1]}),
        ("mistress-left", MONTH_END, ("D'Artagnan",), True, {"mistress": "Dora", "owed": 12, "had": 11}),
        ("mistress-support-paid", MONTH_END, ("Planchet",), False, {"mistress": "Ninon", "amount": 9}),
        ("mistress-favours", MONTH_END, ("Planchet",), False, {"mistress": "Ninon", "classes": [1]}),
        ("mistress-gifts", MONTH_END, ("Porthos",), False, {"mistress": "Bella", "amount": 2}),
    ]
    dora = result.world.mistresses[3]
    assert (dora.lover, dora.since) == (None, None)


def test_the_weeks_of_visits_and_courting_line_by_line():
    """ "Mistresses accompanying their lovers to a club count in lieu of the monthly visit. Naturally, the
    character is expected to purchase her liquid refreshment" (Athos pays Roxanne's SL in crowns; Grimaud
    cannot pay Dora's, and she does not come; Porthos has no mistress to bring, nor Aramis to visit, and
    Aramis, left without one, goes to his club with Porthos, who is not she).  "A character is caught if he attempts to court another
    player's mistress while the other player is with her" (Bazin at Roxanne's door while Athos has her at his
    club).  Courting "costs money: three times the mistress's Social Level per week"; "For each additional
    amount equal to three times the fair damsel's Social Level the character pays, he may add one to his die
    roll" (Aramis can pay one of three, and wins Celine on a 2 + 1); "Characters courting a wealthy mistress
    may not modify the die roll in this manner" (Porthos, Bella); Planchet cannot pay at Bella's door; no
    mistress Milady.  Week 3: "If successful, he must give up the first mistress": Porthos wins Celine from
    Aramis (-1, another's mistress), giving up Bella."""
    men = [
        Character("Athos", social_level=10, crowns=500, mistress="Roxanne", club="Hunter's"),
        Character("Porthos", social_level=9, crowns=200, club="Hunter's"),
        Character("Aramis", social_level=6, crowns=12 + 18 + 18 + 5, club="Hunter's"),
        Character("D'Artagnan", social_level=7, crowns=200),
        Character("Planchet", social_level=2, crowns=11),
        Character("Bazin", social_level=5, crowns=100),
        Character("Grimaud", social_level=6, crowns=4, mistress="Dora", club="Hunter's"),
    ]
    world = World(
        mistresses=[
            Mistress(1, "Roxanne", 8, lover="Athos", since="1607-01"),
            Mistress(2, "Bella", 8, wealthy=True),
            Mistress(3, "Celine", 6),
            Mistress(4, "Dora", 5, lover="Grimaud", since="1607-01"),
        ]
    )
    sheets = {
        "Athos": OrderSheet(
            "a", "Athos", weeks={1: VisitClub(with_mistress=True), 2: VisitMistress(), 3: Court("Roxanne")}
        ),
        "Porthos": OrderSheet(
            "p",
            "Porthos",
            weeks={
                1: VisitClub(with_mistress=True),
                2: Court("Bella", extra_payments=1),
                3: Court("3"),
            },
        ),
        "Aramis": OrderSheet(
            "r",
            "Aramis",
            weeks={
                1: VisitMistress(),
                2: Court("Celine", extra_payments=3),
                3: Court("Celine"),
                4: VisitClub(companions=("Porthos",)),
            },
        ),
        "D'Artagnan": OrderSheet("d", "D'Artagnan", weeks={1: Court("Milady")}),
        "Planchet": OrderSheet("l", "Planchet", weeks={2: Court("Bella")}),
        "Bazin": OrderSheet("b", "Bazin", weeks={1: Court("Roxanne")}),
        "Grimaud": OrderSheet("g", "Grimaud", weeks={1: VisitClub(with_mistress=True)}),
    }
    result, ledger, events = _month(men, sheets, world, [3, 2, 4], {"Porthos": _withdraws()})
    assert ledger == [
        ("Athos", "crowns", -8, 1, "Roxanne's liquid refreshment at Hunter's (her SL 8 crowns)", RULE_MISTRESSES),
        ("Bazin", "crowns", -24, 1, "courting Roxanne (3 × her SL 8)", RULE_MISTRESSES),
        ("Aramis", "crowns", -18, 2, "courting Celine (3 × her SL 6)", RULE_MISTRESSES),
        ("Aramis", "crowns", -18, 2, "extra payment 1 courting Celine (+1 to the roll)", RULE_MISTRESSES),
        ("Porthos", "crowns", -24, 2, "courting Bella (3 × her SL 8)", RULE_MISTRESSES),
        ("Porthos", "mistress", "Bella", 2, "won Bella by courting (rolled 3, needed 3+ with +0)", RULE_MISTRESSES),
        ("Aramis", "mistress", "Celine", 2, "won Celine by courting (rolled 2, needed 3+ with +1)", RULE_MISTRESSES),
        ("Porthos", "crowns", -18, 3, "courting Celine (3 × her SL 6)", RULE_MISTRESSES),
        ("Porthos", "mistress", None, 3, "gave up Bella for Celine", RULE_MISTRESSES),
        ("Aramis", "mistress", None, 3, "Celine left him for Porthos", RULE_MISTRESSES),
        ("Porthos", "mistress", "Celine", 3, "won Celine by courting (rolled 4, needed 2+ with -1)", RULE_MISTRESSES),
        ("Grimaud", "mistress", None, MONTH_END, "Dora left him: her support of 15 went unpaid", RULE_MISTRESSES),
        ("Porthos", "crowns", -18, MONTH_END, "support of Celine (3 × her SL 6)", RULE_MISTRESSES),
        ("Porthos", "status_points", 1, MONTH_END, "keeps a mistress, Celine", RULE_MISTRESSES),
    ]
    assert events == [
        ("order-refused", 1, ("Aramis",), False, {"order": "Visit his mistress", "reason": "he has no mistress"}),
        ("mistress-visit", 1, ("Athos",), False, {"mistress": "Roxanne", "at": "Hunter's"}),
        (
            "order-refused",
            1,
            ("D'Artagnan",),
            False,
            {"order": "Court Milady", "reason": "there is no mistress 'Milady' (see the GM's list)"},
        ),
        ("cannot-afford", 1, ("Grimaud",), False, {"what": "Dora's liquid refreshment", "cost": 5, "had": 4}),
        (
            "order-refused",
            1,
            ("Porthos",),
            False,
            {"order": "bring his mistress to Hunter's", "reason": "he has no mistress"},
        ),
        ("caught-courting", 1, ("Bazin", "Athos"), True, {"mistress": "Roxanne", "lover": "Athos", "present": True}),
        ("cannot-afford", 2, ("Aramis",), False, {"what": "extra payment 2 courting Celine", "cost": 18, "had": 17}),
        ("cannot-afford", 2, ("Planchet",), False, {"what": "courting Bella", "cost": 24, "had": 11}),
        (
            "order-refused",
            2,
            ("Porthos",),
            False,
            {"order": "Court Bella with 1 extra payment", "reason": "Bella is wealthy: extra payments cannot sway her"},
        ),
        (
            "new-liaison",
            2,
            ("Porthos",),
            True,
            {"mistress": "Bella", "social_level": 8, "roll": 3, "needed": 3, "modifier": 0},
        ),
        (
            "new-liaison",
            2,
            ("Aramis",),
            True,
            {"mistress": "Celine", "social_level": 6, "roll": 2, "needed": 3, "modifier": 1},
        ),
        ("order-refused", 3, ("Aramis",), False, {"order": "Court Celine", "reason": "Celine is already his mistress"}),
        ("mistress-given-up", 3, ("Porthos",), True, {"mistress": "Bella", "new": "Celine"}),
        ("mistress-supplanted", 3, ("Aramis", "Porthos"), True, {"mistress": "Celine", "rival": "Porthos"}),
        (
            "new-liaison",
            3,
            ("Porthos",),
            True,
            {"mistress": "Celine", "social_level": 6, "roll": 4, "needed": 2, "modifier": -1},
        ),
        ("mistress-left", MONTH_END, ("Grimaud",), True, {"mistress": "Dora", "owed": 15, "had": 4}),
        ("mistress-support-paid", MONTH_END, ("Porthos",), False, {"mistress": "Celine", "amount": 18}),
    ]
    assert [(m.name, m.lover, m.since) for m in result.world.mistresses] == [
        ("Roxanne", "Athos", "1607-01"),
        ("Bella", None, None),
        ("Celine", "Porthos", "1607-04"),
        ("Dora", None, None),
    ]


def test_rival_suitors_and_indiscretions_line_by_line():
    """ "Either character may withdraw in favour of the other. If a character withdraws in favour of a
    character of a lower Social Level than himself, he loses Status Points equal to the difference ... If
    neither character withdraws, a duel is required".  At Dora's door Porthos (SL 9) withdraws in favour of
    the higher of those who stay, D'Artagnan (SL 7): -2; D'Artagnan and Aramis must fight.  At Celine's door
    Planchet and Bazin both withdraw: Bazin (SL 3, who paid an extra 6) loses 1, Planchet nothing.  "on a roll
    of 1, regardless of modifiers, the mistress rejects the character"; "If unsuccessful, he must roll one die
    ... On a roll of 6, he has committed an indiscretion and his present mistress throws him out", and "A
    character is caught if he ... courts, fails to win her and commits an indiscretion" (Athos, Rochefort's
    Ninon, Rochefort not there).  Eloise's lover Cyrano is no player: no -1 for Grimaud."""
    men = [
        Character("Porthos", social_level=9, crowns=200),
        Character("D'Artagnan", social_level=7, crowns=200),
        Character("Aramis", social_level=6, crowns=200),
        Character("Planchet", social_level=2, crowns=100),
        Character("Bazin", social_level=3, crowns=100),
        Character("Athos", social_level=10, crowns=500, mistress="Roxanne"),
        Character("Rochefort", social_level=8, crowns=100, mistress="Ninon"),
        Character("Grimaud", social_level=4, crowns=100),
    ]
    world = World(
        mistresses=[
            Mistress(1, "Roxanne", 8, lover="Athos", since="1607-01"),
            Mistress(2, "Ninon", 7, lover="Rochefort", since="1607-01"),
            Mistress(3, "Celine", 2),
            Mistress(4, "Dora", 4),
            Mistress(5, "Eloise", 3, lover="Cyrano", since="1606-01"),
        ]
    )
    sheets = {
        "Porthos": OrderSheet("p", "Porthos", weeks={1: Court("Dora")}),
        "D'Artagnan": OrderSheet("d", "D'Artagnan", weeks={1: Court("Dora")}),
        "Aramis": OrderSheet("r", "Aramis", weeks={1: Court("Dora")}),
        "Planchet": OrderSheet("l", "Planchet", weeks={1: Court("Celine")}),
        "Bazin": OrderSheet("b", "Bazin", weeks={1: Court("Celine", extra_payments=1)}),
        "Athos": OrderSheet("a", "Athos", weeks={1: Court("Ninon")}),
        "Grimaud": OrderSheet("g", "Grimaud", weeks={1: Court("Eloise")}),
    }
    standing = {name: _withdraws() for name in ("Porthos", "Planchet", "Bazin")}
    _, ledger, events = _month(men, sheets, world, [1, 6, 3], standing)
    assert ledger == [
        ("Aramis", "crowns", -12, 1, "courting Dora (3 × her SL 4)", RULE_MISTRESSES),
        ("Athos", "crowns", -21, 1, "courting Ninon (3 × her SL 7)", RULE_MISTRESSES),
        ("Bazin", "crowns", -6, 1, "courting Celine (3 × her SL 2)", RULE_MISTRESSES),
        ("Bazin", "crowns", -6, 1, "extra payment 1 courting Celine (+1 to the roll)", RULE_MISTRESSES),
        ("D'Artagnan", "crowns", -12, 1, "courting Dora (3 × her SL 4)", RULE_MISTRESSES),
        ("Grimaud", "crowns", -9, 1, "courting Eloise (3 × her SL 3)", RULE_MISTRESSES),
        ("Planchet", "crowns", -6, 1, "courting Celine (3 × her SL 2)", RULE_MISTRESSES),
        ("Porthos", "crowns", -12, 1, "courting Dora (3 × her SL 4)", RULE_MISTRESSES),
        ("Athos", "mistress", None, 1, "Roxanne threw him out: an indiscretion courting Ninon", RULE_MISTRESSES),
        (
            "Bazin",
            "status_points",
            -1,
            1,
            "withdrew from Celine's door in favour of Planchet, of lower Social Level (3 - 2)",
            RULE_MISTRESSES,
        ),
        (
            "Porthos",
            "status_points",
            -2,
            1,
            "withdrew from Dora's door in favour of D'Artagnan, of lower Social Level (9 - 7)",
            RULE_MISTRESSES,
        ),
        ("Grimaud", "mistress", "Eloise", 1, "won Eloise by courting (rolled 3, needed 3+ with +0)", RULE_MISTRESSES),
        ("Grimaud", "crowns", -9, MONTH_END, "support of Eloise (3 × her SL 3)", RULE_MISTRESSES),
        ("Grimaud", "status_points", 1, MONTH_END, "keeps a mistress, Eloise", RULE_MISTRESSES),
        ("Rochefort", "crowns", -21, MONTH_END, "support of Ninon (3 × her SL 7)", RULE_MISTRESSES),
        ("Rochefort", "status_points", 1, MONTH_END, "keeps a mistress, Ninon", RULE_MISTRESSES),
    ]
    assert events == [
        (
            "courting-failed",
            1,
            ("Athos",),
            False,
            {"mistress": "Ninon", "roll": 1, "needed": 2, "modifier": -1, "spent": 21},
        ),
        ("thrown-out", 1, ("Athos",), True, {"mistress": "Roxanne", "courting": "Ninon"}),
        (
            "caught-courting",
            1,
            ("Athos", "Rochefort"),
            True,
            {"mistress": "Ninon", "lover": "Rochefort", "present": False},
        ),
        ("suitor-withdrew", 1, ("Bazin", "Planchet"), False, {"mistress": "Celine", "lost": 1, "spent": 12}),
        ("suitor-withdrew", 1, ("Planchet", "Bazin"), False, {"mistress": "Celine", "lost": 0, "spent": 6}),
        (
            "suitor-withdrew",
            1,
            ("Porthos", "Aramis", "D'Artagnan"),
            False,
            {"mistress": "Dora", "lost": 2, "spent": 12},
        ),
        ("rival-suitors", 1, ("Aramis", "D'Artagnan"), True, {"mistress": "Dora", "duel": True}),
        (
            "new-liaison",
            1,
            ("Grimaud",),
            True,
            {"mistress": "Eloise", "social_level": 3, "roll": 3, "needed": 3, "modifier": 0},
        ),
        ("mistress-support-paid", MONTH_END, ("Grimaud",), False, {"mistress": "Eloise", "amount": 9}),
        ("mistress-support-paid", MONTH_END, ("Rochefort",), False, {"mistress": "Ninon", "amount": 21}),
    ]


def test_mistresses_rolled_past_the_list_of_names():
    """ "Roll three dice to find each mistress's Social Level, then roll one die for each attribute for each
    mistress. On a roll of one or two, that mistress has that attribute."  With two names on the list the
    third mistress rolled is "Mistress 3"."""
    book = MistressesTables(mistress_names=("Roxanne", "Bella"))
    dice = ScriptedDice([1, 1, 1, 1, 2, 3] * 3)
    rolled = roll_mistresses(book, dice, 3)
    assert [(m.number, m.name, m.social_level, m.beautiful, m.influential, m.wealthy) for m in rolled] == [
        (1, "Roxanne", 3, True, True, False),
        (2, "Bella", 3, True, True, False),
        (3, "Mistress 3", 3, True, True, False),
    ]


def test_two_suitors_of_one_mistress_meet_at_a_club():
    """Cause: "Two characters courting the same mistress."  Porthos courts Ninon in week 1 and D'Artagnan in
    week 2 (neither wins her), Aramis courts Bella in week 1; all three are at Red Phillips in week 3: Porthos
    and D'Artagnan meet there with cause and fight; Aramis, who courted another, has no quarrel with them."""
    men = [Character(n, social_level=4, crowns=500, strength=10, constitution=10, expertise=10, endurance=100,
                     club="Red Phillips") for n in ("Porthos", "D'Artagnan", "Aramis")]
    world = World(mistresses=[Mistress(3, "Ninon", 12), Mistress(5, "Bella", 12)])
    sheets = {"Porthos": OrderSheet("p", "Porthos", weeks={1: Court("Ninon"), 3: VisitClub()}),
              "D'Artagnan": OrderSheet("d", "D'Artagnan", weeks={2: Court("Ninon"), 3: VisitClub()}),
              "Aramis": OrderSheet("a", "Aramis", weeks={1: Court("Bella"), 3: VisitClub()})}
    result = resolve_month(GameMonth(1607, 4), men, sheets, SeededDice("suitors"), world=world)
    assert [m.lover for m in result.world.mistresses] == [None, None]
    assert [(e.week, sorted(e.characters), e.data["place"]) for e in result.events if e.code == EV_DUEL] == [
        (3, ["D'Artagnan", "Porthos"], "club:Red Phillips")]
