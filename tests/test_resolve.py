"""engarde.resolve.resolve_month: the month in its fixed order, and its audit properties."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from helpers import rules_registry
from engarde.calendar import MONTH_END, MONTH_START, GameMonth
from engarde.codes import (
    E_MODULE_OFF,
    E_UNKNOWN_CHARACTER,
    E_WRONG_MONTH,
    EV_NO_ORDERS,
    EV_ORDER_REFUSED,
    EV_REST,
)
from engarde.rules.status.codes import EV_ALLOWANCE, EV_CONSPICUOUS, EV_SL_DROPPED, EV_SUPPORT_PAID
from engarde.rules.bawdyhouse.codes import EV_BAWDYHOUSE_VISIT, EV_FOOTPADS
from engarde.rules.clubs.codes import EV_CLUB_DUES_PAID, EV_CLUB_LAPSED, EV_CLUB_VISIT
from engarde.rules.companionship.codes import EV_NO_COMPANIONSHIP
from engarde.rules.practice.codes import EV_PRACTICE
from engarde.dice import ScriptedDice, SeededDice, month_seed
from engarde.orders import Order, OrderSheet, Rest
from engarde.rules.practice.orders import Practise
from engarde.rules.bawdyhouse.orders import VisitBawdyhouse
from engarde.rules.clubs.orders import VisitClub
from engarde.rules.clubs.orders import ClubOrders
from engarde.rules.status.orders import SupportOrders
from engarde.modules import Action, RuleModule
from engarde.registry import ALL_MODULES, Registry
from engarde.records import Character, replay
from engarde.resolve import MonthResult, resolve_month

APRIL = GameMonth(1607, 4)


def sample_month() -> tuple[list[Character], dict[str, OrderSheet]]:
    """The rulebook's "SAMPLE MONTH: April 1607", the parts in scope so far.

    Porthos: 1 Go to Hunter's with Falstaff, 2 Practice with rapier, 3 (join a
    regiment: not yet), 4 Visit Bawdyhouse and carouse.  Falstaff: 1 Go to
    Hunter's with Porthos, 2 Visit Bawdyhouse and carouse, 3 Visit Hunter's,
    4 Visit Hunter's.  D'Artagnan courts a mistress (not yet): no sheet here.
    """
    porthos = Character("Porthos", social_level=10, crowns=300, expertise=10, club="Hunter's")
    falstaff = Character("Falstaff", social_level=9, crowns=200, expertise=8, club="Hunter's")
    dartagnan = Character("D'Artagnan", social_level=6, crowns=100, expertise=12)
    sheets = {
        "Porthos": OrderSheet("porthos.eml", "Porthos", month=APRIL, weeks={
            1: VisitClub("Hunter's", companions=("Falstaff",)),
            2: Practise("rapier"),
            3: Rest("join the Royal Foot Guards: not yet"),
            4: VisitBawdyhouse(purse=50),
        }),
        "Falstaff": OrderSheet("falstaff.eml", "Falstaff", month=APRIL, weeks={
            1: VisitClub("Hunter's", companions=("Porthos",)),
            2: VisitBawdyhouse(),
            3: VisitClub("Hunter's"),
            4: VisitClub("Hunter's"),
        }),
    }
    return [porthos, falstaff, dartagnan], sheets


def by_name(result: MonthResult) -> dict[str, Character]:
    return {c.name: c for c in result.characters}


def test_sample_month_april_1607():
    """"SAMPLE MONTH: April 1607" (b. Time Sequence), resolved week by week, then the month end in
    its stated order: support, dues, club status, companionship, social level, reset."""
    characters, sheets = sample_month()
    dice = ScriptedDice([3, 6])  # Falstaff's footpads roll in week 2, Porthos's in week 4
    result = resolve_month(APRIL, characters, sheets, dice)
    after = by_name(result)

    # Falstaff: 18 at the bawdyhouse (refreshment 9 + companionship 9), support 18, dues 20;
    # 1 + 6 = 7 status points < 9: drops to 8.
    f = after["Falstaff"]
    assert (f.crowns, f.social_level, f.status_points, f.club) == (144, 8, 0, "Hunter's")
    # Porthos: practice 10, bawdyhouse 20 of a purse of 50, footpads take the 30 left, support 20,
    # dues 20; seen at Hunter's with Falstaff in week 1 (c. Toadying, "visits a club with a character
    # of a higher Social Level": the Toady Table's +1 for a difference of 1; Falstaff half of 1, 0);
    # 8 status points < 10: drops to 9.
    p = after["Porthos"]
    assert (p.crowns, p.social_level, p.status_points) == (200, 9, 0)
    assert p.counters == {"practice.rapier": 1}
    # D'Artagnan sent no orders: rests, support 12, no companionship -2; drops to 5.
    d = after["D'Artagnan"]
    assert (d.crowns, d.social_level, d.status_points, d.months_without_companionship) == (88, 5, 0, 1)

    assert [r.values for r in result.rolls] == [(3,), (6,)]
    assert "Falstaff" in result.rolls[0].reason and "Porthos" in result.rolls[1].reason
    footpads = [e for e in result.events if e.code == EV_FOOTPADS]
    assert [(e.characters, e.week, e.data) for e in footpads] == [(("Porthos",), 4, {"lost": 30})]
    visits = [(e.week, e.characters[0], e.data) for e in result.events if e.code == EV_CLUB_VISIT]
    assert visits == [
        (1, "Falstaff", {"club": "Hunter's", "caroused": False, "companions": ["Porthos"]}),
        (1, "Porthos", {"club": "Hunter's", "caroused": False, "companions": ["Falstaff"]}),
        (3, "Falstaff", {"club": "Hunter's", "caroused": False, "companions": []}),
        (4, "Falstaff", {"club": "Hunter's", "caroused": False, "companions": []}),
    ]
    drops = {e.characters[0]: e.data for e in result.events if e.code == EV_SL_DROPPED}
    assert drops == {
        "D'Artagnan": {"from": 6, "to": 5, "status_points": -2, "reason": "status"},
        "Falstaff": {"from": 9, "to": 8, "status_points": 7, "reason": "status"},
        "Porthos": {"from": 10, "to": 9, "status_points": 8, "reason": "status"},
    }
    assert result.errors == []


def test_does_not_mutate_its_input():
    """resolve_month works on deep copies: the characters passed in are the "before" snapshot."""
    characters, sheets = sample_month()
    before = [c.to_dict() for c in characters]
    sheets_before = {k: s.to_dict() for k, s in sheets.items()}
    result = resolve_month(APRIL, characters, sheets, SeededDice("demo:1607-04"))
    assert [c.to_dict() for c in characters] == before
    assert {k: s.to_dict() for k, s in sheets.items()} == sheets_before
    assert all(a is not b for a, b in zip(characters, result.characters))
    assert [c.to_dict() for c in result.characters] != before


def test_same_seed_same_month():
    """"a seeded month can be replayed exactly": the same seed twice gives the identical result."""
    seed = month_seed("demo", APRIL.key)
    first = resolve_month(APRIL, *sample_month(), SeededDice(seed))
    second = resolve_month(APRIL, *sample_month(), SeededDice(seed))
    assert first == second
    assert first.ledger == second.ledger and first.events == second.events and first.rolls == second.rolls
    assert len(first.rolls) == 2


def test_replaying_the_ledger_reproduces_every_sheet():
    """The audit: "A sheet is its starting values plus its ledger: the audit recomputes it and must
    agree." replay(before, ledger) == after for every character, every ledger-governed value."""
    characters, sheets = sample_month()
    characters.append(Character("Aramis", social_level=7, crowns=40, allowance=30, club="The Blue Gables",
                                months_without_companionship=2, counters={"practice.sabre": 3}))
    sheets["Aramis"] = OrderSheet("aramis.eml", "Aramis", weeks={1: Practise("sabre"), 2: VisitClub(carouse=True)})
    sheets["Aramis"].monthly.edit(SupportOrders).conspicuous_consumption = True
    sheets["Aramis"].monthly.edit(ClubOrders).resign_club = True
    sheets["Aramis"].monthly.edit(ClubOrders).join_club = "Red Phillips"
    for settings in (rules_registry(), rules_registry(allowance="month_end", bawdyhouse_default_purse="all")):
        result = resolve_month(APRIL, characters, sheets, SeededDice("audit"), registry=settings)
        assert len(result.ledger) > 20
        for before, after in zip(characters, result.characters):
            entries = [e for e in result.ledger if e.character == before.name]
            assert replay(before.to_dict(), entries).ledger_values() == after.ledger_values()


def test_character_without_orders_rests():
    """A character without an order sheet gets EV_NO_ORDERS (private) and rests all month."""
    idle = Character("Idle", social_level=4, crowns=50)
    result = resolve_month(APRIL, [idle], {}, ScriptedDice([]))
    (no_orders,) = [e for e in result.events if e.code == EV_NO_ORDERS]
    assert no_orders.week == MONTH_START and not no_orders.public and no_orders.characters == ("Idle",)
    rests = [e for e in result.events if e.code == EV_REST]
    assert [e.week for e in rests] == [1, 2, 3, 4]
    assert all(e.data == {"reason": "no orders"} and not e.public for e in rests)
    # Weekly nothing; the month end still happens: support 8, no companionship -2, drop to 3.
    after = result.characters[0]
    assert (after.crowns, after.social_level, after.status_points) == (42, 3, 0)
    assert {e.week for e in result.ledger} == {MONTH_END}


def test_month_end_in_the_stated_order_of_payments():
    """The stated order: allowance (month_end) -> support (conspicuous +1 SP) -> club dues -> club
    status -> companionship -> social level -> status points reset."""
    fop = Character("Fop", social_level=5, crowns=100, allowance=20, club="The Frog & Peach")
    sheet = OrderSheet("fop.eml", "Fop")
    sheet.monthly.edit(SupportOrders).conspicuous_consumption = True
    result = resolve_month(APRIL, [fop], {"Fop": sheet}, ScriptedDice([]), registry=rules_registry(allowance="month_end"))
    assert [(e.field, e.delta, e.rule) for e in result.ledger] == [
        ("crowns", 20, "a. Birth Table C (Allowance)"),
        ("crowns", -15, "b. Support"),
        ("status_points", 1, "b. Support"),
        ("crowns", -10, "c. Clubs"),
        ("status_points", 3, "c. Clubs"),
        ("months_without_companionship", 1, "d. Female Companionship"),
        ("status_points", -2, "d. Female Companionship"),
        ("social_level", -1, "b. Status Points and Social Level"),
        ("status_points", -2, "b. Status Points and Social Level"),
    ]
    month_end = [e.code for e in result.events if e.week == MONTH_END]
    assert month_end == [EV_ALLOWANCE, EV_SUPPORT_PAID, EV_CONSPICUOUS, EV_CLUB_DUES_PAID,
                         EV_NO_COMPANIONSHIP, EV_SL_DROPPED]
    assert result.characters[0].crowns == 95


def test_support_is_paid_before_club_dues():
    """Support comes before dues: with 15 crowns at SL 5 he pays support 10, then his Frog & Peach
    dues of 10 are unpaid and the membership lapses (no club status points)."""
    ch = Character("Thin", social_level=5, crowns=15, club="The Frog & Peach")
    result = resolve_month(APRIL, [ch], {"Thin": OrderSheet("thin.eml", "Thin")}, ScriptedDice([]))
    after = result.characters[0]
    assert after.crowns == 5 and after.club is None
    assert [e.code for e in result.events if e.code in (EV_SUPPORT_PAID, EV_CLUB_LAPSED)] == [
        EV_SUPPORT_PAID, EV_CLUB_LAPSED]
    assert not [e for e in result.ledger if e.field == "status_points" and e.delta == 3]


def test_dice_rolled_in_sorted_name_order():
    """Characters act in sorted name order each week, so the dice order does not depend on input order."""
    a = Character("Athos", social_level=3, crowns=50)
    b = Character("Bazin", social_level=3, crowns=50)
    sheets = {n: OrderSheet(f"{n}.eml", n, weeks={1: VisitBawdyhouse()}) for n in ("Athos", "Bazin")}
    result = resolve_month(APRIL, [b, a], sheets, ScriptedDice([1, 2]))
    assert ["Athos" in r.reason for r in result.rolls] == [True, False]
    assert [c.name for c in result.characters] == ["Bazin", "Athos"]  # the order given
    visits = [e.characters[0] for e in result.events if e.code == EV_BAWDYHOUSE_VISIT]
    assert visits == ["Athos", "Bazin"]


def test_orders_for_unknown_character_or_wrong_month_are_errors():
    """Bad input is collected as error records; it never spoils anyone else's month."""
    ch = Character("Athos", social_level=3, crowns=50)
    sheets = {
        "Nobody": OrderSheet("nobody.eml", "Nobody", weeks={1: Practise()}),
        "Athos": OrderSheet("athos.eml", "Athos", month=APRIL.next(), weeks={1: Practise()}),
    }
    result = resolve_month(APRIL, [ch], sheets, ScriptedDice([]))
    assert sorted((e.source, e.code) for e in result.errors) == [
        ("athos.eml", E_WRONG_MONTH), ("nobody.eml", E_UNKNOWN_CHARACTER)]
    assert [e.code for e in result.events if e.code in (EV_NO_ORDERS, EV_PRACTICE)] == [EV_NO_ORDERS]


@dataclass(frozen=True)
class Pray(Order):
    kind: ClassVar[str] = "pray"

    def describe(self) -> str:
        return "Pray at Notre Dame"


def test_order_of_a_module_not_in_use_wastes_the_week():
    """An order no module of the campaign carries out (a house rule switched off since the sheet was
    read): an error record (with its line) names the house rule, and the week is lost."""
    house = RuleModule("prayer", "Prayer", house=True, orders=(Pray,),
                       actions={Pray: Action(lambda turn, ch, order, week: None)})
    registry = Registry.build((), modules=[*ALL_MODULES.values(), house])
    ch = Character("D'Artagnan", social_level=6, crowns=100)
    sheet = OrderSheet("dart.eml", "D'Artagnan", weeks={1: Pray()}, lines={1: 7})
    result = resolve_month(APRIL, [ch], {"D'Artagnan": sheet}, ScriptedDice([]), registry=registry)
    (err,) = result.errors
    assert (err.source, err.line, err.code) == ("dart.eml", 7, E_MODULE_OFF)
    assert "an order of the prayer house rule, which this campaign does not use" in err.message
    (refused,) = [e for e in result.events if e.code == EV_ORDER_REFUSED]
    assert refused.week == 1
    assert refused.data == {"order": "Pray at Notre Dame", "reason": "the prayer house rule is not in use"}