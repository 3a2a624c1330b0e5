"""The month's frame, line by line (mutation testing: docs/rules-coverage.md, "Mutation testing"): the
week's actions in name order, the men away, a guest after his host, a month without orders."""

from __future__ import annotations

from engarde.calendar import GameMonth
from engarde.dice import SeededDice
from engarde.orders import OrderSheet
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
