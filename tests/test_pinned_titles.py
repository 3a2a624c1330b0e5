"""Titles granted by the King, line by line in a month (mutation testing: docs/rules-coverage.md,
"Mutation testing")."""

from __future__ import annotations

from engarde.calendar import MONTH_END, GameMonth
from engarde.dice import ScriptedDice
from engarde.orders import OrderSheet
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.appointments.orders import SeekAppointment
from engarde.rules.titles.rules import RULE_TITLES

APRIL = GameMonth(1607, 4)


def test_ministers_before_the_king_line_by_line():
    """"a character qualifies by ... becoming a Minister ... The King grants on a 6 on one die (influence
    applies; +1 for every 3 SL above the title's minimum; each qualification after the first lowers the roll
    needed by 1). An untitled character becomes a Knight; a titled one moves to the next title."  Three
    ministers appointed by the King in week 1 (a 6 each): Richelieu (SL 16, untitled) needs 6 - 10 // 3 = 3
    for a Knighthood, rolls 3 and is created Knight (10 SP that month; no new level: he is above it); Mazarin
    is a Count, with no higher title to give; Seguier, an Earl with a qualification already, needs 6 - 2 - 1
    = 3 for Viscount and rolls 2.  The Comte, who qualified last month, is not considered again; the
    pensions are paid (the Count's 100, the Earl's 25), not to a Baron by birth."""
    men = [
        Character("Richelieu", social_level=16, rank="General", military_ability=5, crowns=900),
        Character("Mazarin", social_level=18, military_ability=5, title="Count", crowns=900,
                  counters={"title.granted": 1}),
        Character("Seguier", social_level=16, military_ability=5, title="Earl", crowns=900,
                  counters={"title.qualifications": 1}),
        Character("Comte", social_level=12, title="Earl", crowns=0,
                  counters={"title.granted": 1, "title.qualifications": 1}),
        Character("Baron", social_level=8, title="Baron", crowns=0),
    ]
    sheets = {
        "Richelieu": OrderSheet("r", "Richelieu", weeks={1: SeekAppointment("Minister of War")}),
        "Mazarin": OrderSheet("m", "Mazarin", weeks={1: SeekAppointment("Minister of State")}),
        "Seguier": OrderSheet("s", "Seguier", weeks={1: SeekAppointment("Minister of Justice")}),
    }
    result = resolve_month(APRIL, men, sheets, ScriptedDice([6, 6, 6, 3, 2]))
    ledger = [(e.character, e.field, e.delta if e.value is None else e.value, e.week, e.reason)
              for e in result.ledger if e.rule == RULE_TITLES]
    assert ledger == [
        ("Mazarin", "title.qualifications", 1, 1, "qualifies for a title: became Minister of State"),
        ("Richelieu", "title.qualifications", 1, 1, "qualifies for a title: became Minister of War"),
        ("Seguier", "title.qualifications", 1, 1, "qualifies for a title: became Minister of Justice"),
        ("Comte", "crowns", 25, MONTH_END, "pension of a Earl"),
        ("Mazarin", "crowns", 100, MONTH_END, "pension of a Count"),
        ("Richelieu", "title", "Knight", MONTH_END, "created Knight by the King"),
        ("Richelieu", "title.qualifications", -1, MONTH_END, "created Knight"),
        ("Richelieu", "title.granted", 1, MONTH_END, "created Knight by the King (pension)"),
        ("Richelieu", "status_points", 10, MONTH_END, "created Knight"),
    ]
    events = [(e.code, e.week, e.characters, e.public, e.data) for e in result.events
              if e.code.startswith(("title", "pension"))]
    assert events == [
        ("title-qualified", 1, ("Mazarin",), False, {"why": "became Minister of State", "qualifications": 1}),
        ("title-qualified", 1, ("Richelieu",), False, {"why": "became Minister of War", "qualifications": 1}),
        ("title-qualified", 1, ("Seguier",), False, {"why": "became Minister of Justice", "qualifications": 2}),
        ("pension", MONTH_END, ("Comte",), False, {"title": "Earl", "amount": 25}),
        ("pension", MONTH_END, ("Mazarin",), False, {"title": "Count", "amount": 100}),
        ("title-not-granted", MONTH_END, ("Mazarin",), False, {"reason": "no higher title to give"}),
        ("title-granted", MONTH_END, ("Richelieu",), True,
         {"title": "Knight", "from": 16, "to": 16, "needed": 3, "base": 6, "roll": 3, "influence": 0,
          "adjustments": [["SL 16: +1 for every 3 above 6", -3]]}),
        ("title-not-granted", MONTH_END, ("Seguier",), False,
         {"title": "Viscount", "reason": "the King did not grant it", "needed": 3, "base": 6, "roll": 2,
          "influence": 0, "adjustments": [["SL 16: +1 for every 3 above 10", -2], ["2 qualifications", -1]]}),
    ]
    assert [r.reason for r in result.rolls][-2:] == ["King decides the title of Knight for Richelieu: 3+ needed",
                                                     "King decides the title of Viscount for Seguier: 3+ needed"]
