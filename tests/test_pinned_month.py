"""The month's frame, line by line (mutation testing: docs/rules-coverage.md, "Mutation testing"): the
week's actions in name order, the men away, a guest after his host, a month without orders."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engarde.calendar import GameMonth
from engarde.codes import E_MODULE_OFF, EV_ORDER_REFUSED
from engarde.dice import SeededDice
from engarde.modules import Action, RuleModule
from engarde.orders import Order, OrderSheet
from engarde.registry import ALL_MODULES, Registry
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.clubs.orders import VisitClub
from engarde.rules.practice.orders import Practise
from helpers import rules_registry

APRIL = GameMonth(1607, 4)
CODES = ("no-orders", "practice", "club-visit", "rest", "on-campaign", "order-refused")


def test_the_weeks_actions_and_a_month_without_orders_line_by_line():
    """b. Time Sequence: "For each week of the game, all players ... secretly note their personal actions for
    that week ... A character may engage in only one activity per week."  Abel and Aaron, Privates of the
    Frontier Regiment, are on campaign and take no weekly action (told once), which holds up no one named
    after them; Bazin practises in week 1; Aramis, Porthos's guest at Red Phillips in week 2, is taken in
    after his host, though named before him; Cyrano sent no orders: he rests and pays the campaign's
    ``nmr_status_points`` (2), as Abel, on campaign (no status account), does not."""
    men = [Character("Abel", social_level=4, crowns=100, regiment="Frontier Regiment", rank="Private"),
           Character("Aaron", social_level=4, crowns=100, regiment="Frontier Regiment", rank="Private"),
           Character("Bazin", social_level=8, crowns=100), Character("Cyrano", social_level=8, crowns=100),
           Character("Aramis", social_level=8, crowns=100),
           Character("Porthos", social_level=9, crowns=500, club="Red Phillips")]
    sheets = {"Bazin": OrderSheet("b.eml", "Bazin", month=APRIL, weeks={1: Practise("rapier")}),
              "Aramis": OrderSheet("a.eml", "Aramis", month=APRIL,
                                   weeks={2: VisitClub("Red Phillips", guest_of="Porthos")}),
              "Porthos": OrderSheet("p.eml", "Porthos", month=APRIL, weeks={2: VisitClub("Red Phillips")}),
              "Aaron": OrderSheet("x.eml", "Aaron", month=APRIL, weeks={1: Practise("rapier")})}
    result = resolve_month(APRIL, men, sheets, SeededDice("month"), registry=rules_registry(nmr_status_points=2))
    assert [(e.character, e.field, e.delta, e.week, e.reason) for e in result.ledger
            if e.rule == "campaign: nmr_status_points"] == [
        ("Cyrano", "status_points", -2, 0, "no orders this month (the campaign's cost of a missed month)")]
    assert [(e.code, e.week, e.characters) for e in result.events if e.week in (0, 1, 2) and e.code in CODES] == [
        ("no-orders", 0, ("Abel",)), ("no-orders", 0, ("Cyrano",)),
        ("on-campaign", 1, ("Aaron",)), ("on-campaign", 1, ("Abel",)),
        ("rest", 1, ("Aramis",)), ("practice", 1, ("Bazin",)), ("rest", 1, ("Cyrano",)), ("rest", 1, ("Porthos",)),
        ("rest", 2, ("Bazin",)), ("rest", 2, ("Cyrano",)),
        ("club-visit", 2, ("Porthos",)), ("club-visit", 2, ("Aramis",)),
    ]


@dataclass(frozen=True)
class Pray(Order):
    kind: ClassVar[str] = "pray"

    def describe(self) -> str:
        return "Pray at Notre Dame"


def test_an_order_of_a_house_rule_not_in_use_line_by_line():
    """b. Time Sequence: "A character may engage in only one activity per week."  An order of a house rule the
    campaign no longer uses (switched off since the sheet was read) is no activity: the week is lost.  The
    GM's error names the sheet and its line, 0 when the sheet recorded none for the week; the player alone is
    told of the refusal (not in the gazette), in that week."""
    house = RuleModule("prayer", "Prayer", house=True, orders=(Pray,),
                       actions={Pray: Action(lambda turn, ch, order, week: None)})
    registry = Registry.build((), modules=[*ALL_MODULES.values(), house])
    men = [Character("Athos", social_level=6, crowns=100), Character("Aramis", social_level=6, crowns=100)]
    sheets = {"Athos": OrderSheet("athos.eml", "Athos", weeks={2: Pray()}, lines={2: 9}),
              "Aramis": OrderSheet("aramis.eml", "Aramis", weeks={3: Pray()})}
    result = resolve_month(APRIL, men, sheets, SeededDice("month"), registry=registry)
    assert [(e.source, e.line, e.code, e.message) for e in result.errors] == [
        ("athos.eml", 9, E_MODULE_OFF, "Athos, week 2: 'Pray at Notre Dame' is an order of the prayer house rule, "
                                       "which this campaign does not use; he rests"),
        ("aramis.eml", 0, E_MODULE_OFF, "Aramis, week 3: 'Pray at Notre Dame' is an order of the prayer house rule, "
                                        "which this campaign does not use; he rests"),
    ]
    assert [(e.week, e.characters, e.public, e.data) for e in result.events if e.code == EV_ORDER_REFUSED] == [
        (2, ("Athos",), False, {"order": "Pray at Notre Dame", "reason": "the prayer house rule is not in use"}),
        (3, ("Aramis",), False, {"order": "Pray at Notre Dame", "reason": "the prayer house rule is not in use"}),
    ]
