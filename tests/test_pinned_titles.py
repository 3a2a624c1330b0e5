"""Titles granted by the King, line by line in a month (mutation testing: docs/rules-coverage.md,
"Mutation testing")."""

from __future__ import annotations

from engarde.calendar import MONTH_END, GameMonth
from engarde.dice import ScriptedDice
from engarde.orders import OrderSheet
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.appointments.orders import SeekAppointment
from engarde.rules.influence import rules as influence
from engarde.rules.influence.orders import UseInfluence
from engarde.rules.military import rules as mil
from engarde.rules.status import rules as status
from engarde.rules.titles import rules as titles
from engarde.rules.titles.rules import RULE_TITLES
from helpers import rules_registry
from test_military_campaign import AUGUST, JUNE, henri, turn_for
from test_pinned_military import CASES

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


def test_two_mentions_in_despatches_make_a_knight_of_a_major_line_by_line():
    """"a character qualifies by two mentions in despatches ... The King grants on a 6 on one die (influence
    applies; +1 for every 3 SL above the title's minimum ...). An untitled character becomes a Knight ... A
    character below the new SL jumps straight to it (the one exception to one level a month)".  The Henri
    example's August (i. Campaign Outcome: mentioned in despatches), Henri already mentioned once: the second
    mention is his qualification; at SL 8, two above the Knight's 6, he takes nothing off the 6 needed, but
    Athos's class 9 favour with the King ("his title") does: a 5 makes him a Knight, straight to SL 10 with
    the Knight's 10 Status Points, and the month is settled from SL 10: his 27 points maintain it (from SL 8
    they, 3 x 9, would have raised him one level more: b. Status, "a Social Level may not be changed more than one
    level per month except as a result of receiving a title")."""
    h = henri()
    h.counters["title.mentions"] = 1
    h.status_points = 17  # his points of the month before the battle: 27 with the title's, 3 x 9
    athos = Character("Athos", social_level=8, counters={"favour.npc.class9": 1})
    june = turn_for(JUNE, h, dice=[5, 3])
    mil.begin_month(june)
    august = turn_for(AUGUST, h, athos, world=june.world, dice=[*CASES["the book's example"][0], 5])
    pledge = UseInfluence("9", "his title", "Henri")
    influence.gather_pledges(august, {"Athos": OrderSheet("a", "Athos", weeks={1: pledge})})
    status.begin_month(august, h)
    mil.month_end(august, home=[])
    titles.consider_step(august, h)
    assert status.settle_social_level(august, h) == 0
    assert (h.title, h.social_level, h.status_points) == ("Knight", 10, 27)
    assert [(e.field, e.delta if e.value is None else e.value, e.week, e.reason) for e in august.ledger
            if e.rule == RULE_TITLES] == [
        ("title.mentions", 1, MONTH_END, "mentioned in despatches"),
        ("title.mentions", -2, MONTH_END, "2 mentions in despatches"),
        ("title.qualifications", 1, MONTH_END, "qualifies for a title: 2 mentions in despatches"),
        ("title", "Knight", MONTH_END, "created Knight by the King"),
        ("title.qualifications", -1, MONTH_END, "created Knight"),
        ("title.granted", 1, MONTH_END, "created Knight by the King (pension)"),
        ("status_points", 10, MONTH_END, "created Knight"),
        ("social_level", 2, MONTH_END, "created Knight: straight to Social Level 10 (the one exception to one level "
                                       "a month)"),
    ]
    assert [(e.code, e.week, e.characters, e.public, e.data) for e in august.events
            if e.code.startswith(("title", "influence"))] == [
        ("title-qualified", MONTH_END, ("Henri",), False, {"why": "2 mentions in despatches", "qualifications": 1}),
        ("influence-used", MONTH_END, ("Athos", "Henri"), False,
         {"by": "Athos", "subject": "Henri", "what": "the title of Knight", "position": "King", "klass": 9,
          "against": False, "amount": 1}),
        ("title-granted", MONTH_END, ("Henri",), True,
         {"title": "Knight", "from": 8, "to": 10, "needed": 5, "base": 6, "roll": 5, "influence": -1,
          "adjustments": []}),
    ]
    assert august.dice.log[-1].reason == "King decides the title of Knight for Henri: 5+ needed"


def test_ministers_at_the_edges_of_the_titles_table():
    """"one below the minimum SL gets no title"; "A character below the new SL jumps straight to it"; "a titled
    one moves to the next title" (Titles: "Count | 11 | 15"; "Knight | 6 | 10").  A campaign whose Ministers
    need only SL 1: in April Abel (SL 5) becomes Minister of State, Basile (a Viscount of SL 15) Minister of
    Justice, Cesar (SL 6) Minister of War.  At the month's end Abel, one below the Knight's minimum, gets no
    title and no die; Basile, one SL-bonus above the Count's 11, is created Count on a 5 and stays at SL 15,
    the Count's own; Cesar, at exactly the Knight's minimum, needs the full 6, rolls it and jumps to SL 10."""
    ministers = {post: {"min_social_level": 1} for post in ("Minister of State", "Minister of Justice",
                                                            "Minister of War")}
    registry = rules_registry({"appointments": {"appointments": ministers}})
    men = [Character("Abel", social_level=5, military_ability=5, crowns=900),
           Character("Basile", social_level=15, military_ability=5, title="Viscount", crowns=900,
                     counters={"title.granted": 1}),
           Character("Cesar", social_level=6, rank="General", military_ability=5, crowns=900)]
    sheets = {"Abel": OrderSheet("a", "Abel", weeks={1: SeekAppointment("Minister of State")}),
              "Basile": OrderSheet("b", "Basile", weeks={1: SeekAppointment("Minister of Justice")}),
              "Cesar": OrderSheet("c", "Cesar", weeks={1: SeekAppointment("Minister of War")})}
    result = resolve_month(APRIL, men, sheets, ScriptedDice([6, 6, 6, 5, 6]), registry=registry)
    events = [(e.code, e.week, e.characters, e.public, e.data) for e in result.events
              if e.code in ("title-granted", "title-not-granted")]
    assert events == [
        ("title-not-granted", MONTH_END, ("Abel",), False,
         {"title": "Knight", "reason": "a Knight needs Social Level 6"}),
        ("title-granted", MONTH_END, ("Basile",), True,
         {"title": "Count", "from": 15, "to": 15, "needed": 5, "base": 6, "roll": 5, "influence": 0,
          "adjustments": [["SL 15: +1 for every 3 above 11", -1]]}),
        ("title-granted", MONTH_END, ("Cesar",), True,
         {"title": "Knight", "from": 6, "to": 10, "needed": 6, "base": 6, "roll": 6, "influence": 0,
          "adjustments": []}),
    ]
    assert [(e.character, e.field, e.delta) for e in result.ledger
            if e.rule == RULE_TITLES and e.field == "social_level"] == [("Cesar", "social_level", 4)]
    assert [r.reason for r in result.rolls][3:] == ["King decides the title of Count for Basile: 5+ needed",
                                                    "King decides the title of Knight for Cesar: 6+ needed"]
