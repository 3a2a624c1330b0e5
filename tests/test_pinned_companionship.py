"""d. Female Companionship: the month's need and its penalty line by line, pinned by a month played
(mutation testing: docs/rules-coverage.md, "Mutation testing")."""

from __future__ import annotations

from engarde.calendar import MONTH_END, GameMonth
from engarde.dice import ScriptedDice
from engarde.orders import OrderSheet
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.companionship.rules import RULE_COMPANIONSHIP
from engarde.rules.mistresses.orders import VisitMistress
from engarde.rules.mistresses.state import Mistress
from engarde.world import World

APRIL = GameMonth(1607, 4)


def test_companionship_at_the_months_end_line_by_line():
    """"Once per month, characters must have some sort of female companionship. ... Characters lose 2 Status
    Points the first month in which they lack feminine company and an additional 2 points each consecutive
    month thereafter."  "A character need only visit his mistress once per month": Aramis, three months
    without, visits Celine and his count goes back to 0; Planchet keeps Dora but does not see her: his first
    month without, -2, as Athos's; Porthos's third month running costs 6."""
    men = [
        Character("Athos", social_level=6, crowns=100),
        Character("Porthos", social_level=6, crowns=100, months_without_companionship=2),
        Character("Aramis", social_level=6, crowns=100, mistress="Celine", months_without_companionship=3),
        Character("Planchet", social_level=6, crowns=100, mistress="Dora"),
    ]
    world = World(mistresses=[Mistress(1, "Celine", 6, lover="Aramis", since="1607-01"),
                              Mistress(2, "Dora", 6, lover="Planchet", since="1607-01")])
    sheets = {"Aramis": OrderSheet("r", "Aramis", weeks={3: VisitMistress()})}
    result = resolve_month(APRIL, men, sheets, ScriptedDice([]), world=world)
    ledger = [(e.character, e.field, e.delta, e.week, e.reason) for e in result.ledger if e.rule == RULE_COMPANIONSHIP]
    without = "a month without female companionship"
    assert ledger == [
        ("Aramis", "months_without_companionship", -3, MONTH_END, "had female companionship this month"),
        ("Athos", "months_without_companionship", 1, MONTH_END, without),
        ("Athos", "status_points", -2, MONTH_END, "no female companionship (1 month running)"),
        ("Planchet", "months_without_companionship", 1, MONTH_END, without),
        ("Planchet", "status_points", -2, MONTH_END, "no female companionship (1 month running)"),
        ("Porthos", "months_without_companionship", 1, MONTH_END, without),
        ("Porthos", "status_points", -6, MONTH_END, "no female companionship (3 months running)"),
    ]
    assert [(e.week, e.characters, e.public, e.data) for e in result.events if e.code == "no-companionship"] == [
        (MONTH_END, ("Athos",), False, {"months": 1, "lost": 2}),
        (MONTH_END, ("Planchet",), False, {"months": 1, "lost": 2}),
        (MONTH_END, ("Porthos",), False, {"months": 3, "lost": 6}),
    ]
