"""e. Practice: the weeks of practice line by line, each pinned by a month played (mutation testing:
docs/rules-coverage.md, "Mutation testing")."""

from __future__ import annotations

from engarde.calendar import GameMonth
from engarde.dice import SeededDice
from engarde.orders import OrderSheet
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.practice.orders import Practise
from engarde.rules.practice.rules import RULE_PRACTICE

APRIL = GameMonth(1607, 4)
POINT = "4 weeks' practice with the {} make a point of Expertise"


def test_the_weeks_of_practice_line_by_line():
    """"For every four weeks of practice (not necessarily consecutive) a player raises his Expertise
    characteristic by one."  "Characters who do not belong to a Regiment must pay crowns equal to their
    Expertise for each week of practice"; "Characters in a Regiment may practice free with that Regiment's
    weapon, but must pay for practice with any other weapon."  D'Artagnan (Expertise 5, 20 crowns) pays 5 a
    week, the last week with his last 5, and his fourth week makes a point; Athos of the Dragoon Guards
    (sabre), with three weeks behind him, practises the sabre free and gains a point in week 1, then pays 7
    for the two-handed sword; there is no halberd; Planchet (Expertise 4) has 3 crowns and cannot practise."""
    men = [
        Character("D'Artagnan", social_level=6, expertise=5, crowns=20),
        Character("Athos", social_level=10, expertise=7, crowns=100, regiment="Dragoon Guards", rank="Captain",
                  counters={"practice.sabre": 3}),
        Character("Planchet", social_level=2, expertise=4, crowns=3),
    ]
    sheets = {
        "D'Artagnan": OrderSheet("d", "D'Artagnan", weeks={w: Practise("Rapier") for w in (1, 2, 3, 4)}),
        "Athos": OrderSheet("a", "Athos", weeks={1: Practise("sabre"), 2: Practise("two-handed  sword"),
                                                 3: Practise("halberd")}),
        "Planchet": OrderSheet("p", "Planchet", weeks={1: Practise("dagger")}),
    }
    result = resolve_month(APRIL, men, sheets, SeededDice("practice"))
    ledger = [(e.character, e.field, e.delta, e.week, e.reason) for e in result.ledger if e.rule == RULE_PRACTICE]
    rapier = ("D'Artagnan", "crowns", -5, "a week's practice with the rapier (Expertise 5)")
    week = "a week's practice with the rapier"
    assert ledger == [
        ("Athos", "practice.sabre", 1, 1, "a week's practice with the sabre"),
        ("Athos", "practice.sabre", -4, 1, POINT.format("sabre")),
        ("Athos", "expertise.sabre", 1, 1, POINT.format("sabre")),
        (*rapier[:3], 1, rapier[3]),
        ("D'Artagnan", "practice.rapier", 1, 1, week),
        ("Athos", "crowns", -7, 2, "a week's practice with the two-handed sword (Expertise 7)"),
        ("Athos", "practice.two-handed sword", 1, 2, "a week's practice with the two-handed sword"),
        (*rapier[:3], 2, rapier[3]),
        ("D'Artagnan", "practice.rapier", 1, 2, week),
        (*rapier[:3], 3, rapier[3]),
        ("D'Artagnan", "practice.rapier", 1, 3, week),
        (*rapier[:3], 4, rapier[3]),
        ("D'Artagnan", "practice.rapier", 1, 4, week),
        ("D'Artagnan", "practice.rapier", -4, 4, POINT.format("rapier")),
        ("D'Artagnan", "expertise.rapier", 1, 4, POINT.format("rapier")),
    ]
    events = [(e.code, e.week, e.characters, e.public, e.data) for e in result.events
              if e.code in ("practice", "expertise-gained", "order-refused", "cannot-afford")]
    assert events == [
        ("practice", 1, ("Athos",), False, {"weapon": "sabre", "cost": 0}),
        ("expertise-gained", 1, ("Athos",), False, {"weapon": "sabre", "expertise": 8}),
        ("practice", 1, ("D'Artagnan",), False, {"weapon": "rapier", "cost": 5}),
        ("cannot-afford", 1, ("Planchet",), False, {"what": "practice with the dagger", "cost": 4, "had": 3}),
        ("practice", 2, ("Athos",), False, {"weapon": "two-handed sword", "cost": 7}),
        ("practice", 2, ("D'Artagnan",), False, {"weapon": "rapier", "cost": 5}),
        ("order-refused", 3, ("Athos",), False,
         {"order": "Practise with the halberd", "reason": "no weapon called 'halberd'"}),
        ("practice", 3, ("D'Artagnan",), False, {"weapon": "rapier", "cost": 5}),
        ("practice", 4, ("D'Artagnan",), False, {"weapon": "rapier", "cost": 5}),
        ("expertise-gained", 4, ("D'Artagnan",), False, {"weapon": "rapier", "expertise": 6}),
    ]
