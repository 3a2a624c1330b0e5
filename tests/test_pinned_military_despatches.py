"""Mentions in despatches and poltroonery, line by line (mutation testing: docs/rules-coverage.md,
"Mutation testing"): the months after two mentions, a mention redeeming a poltroon (on the Frontier and
elsewhere), and every verdict of poltroonery with its ledger and event."""

from __future__ import annotations

from engarde.calendar import MONTH_END
from engarde.records import Character
from engarde.rules.military import rules as mil
from engarde.rules.military.tables import ASSAULT
from engarde.rules.regiments.tables import FRONTIER
from test_military_campaign import NOVEMBER, OCTOBER, SEPTEMBER, turn_for

DESPATCHES, POLTROONERY = mil.RULE_DESPATCHES, mil.RULE_POLTROONERY


def ledger(turn) -> list[tuple]:
    assert all(e.week == MONTH_END for e in turn.ledger)  # everything here happens at the month's end
    return [(e.character, e.field, e.delta if e.value is None else e.value, e.reason, e.rule) for e in turn.ledger]


def ledger_of(turn) -> list:
    assert all(e.week == MONTH_END for e in turn.ledger)
    return turn.ledger


def events(turn) -> list[tuple]:
    assert all(e.week == MONTH_END for e in turn.events)
    return [(e.code, e.characters, e.public, e.data) for e in turn.events]


def test_two_mentions_months_then_a_point_for_life_line_by_line():
    """i. Mention in Despatches: "Each time a character is mentioned in despatches, he rolls one die. The
    result is the number of Status Points per month he receives for the next three months. After the three
    months have passed, he receives one point per month for as long as he lives. The awards of Status Points
    are cumulative."

    Henri at home with two mentions, the first (3 a month) in its last month, the second (5 a month) with two
    left: September 3 + 5 (each a month of its three), October 1 for life + 5, November 1 + 1; each month's
    total in one private event; Jean with none gets nothing."""
    h = Character("Henri", counters={mil.C_DESPATCHES: 2, "despatch.1.points": 3, "despatch.1.months": 1,
                                     "despatch.2.points": 5, "despatch.2.months": 2})
    j = Character("Jean")
    month = "mention {}: a month of its three"
    three, life = "mention in despatches {}: one of three months", "mention in despatches {}: one a month for life"
    expected = {
        SEPTEMBER: ([("Henri", "despatch.1.months", -1, month.format(1), DESPATCHES),
                     ("Henri", "status_points", 3, three.format(1), DESPATCHES),
                     ("Henri", "despatch.2.months", -1, month.format(2), DESPATCHES),
                     ("Henri", "status_points", 5, three.format(2), DESPATCHES)], 8),
        OCTOBER: ([("Henri", "status_points", 1, life.format(1), DESPATCHES),
                   ("Henri", "despatch.2.months", -1, month.format(2), DESPATCHES),
                   ("Henri", "status_points", 5, three.format(2), DESPATCHES)], 6),
        NOVEMBER: ([("Henri", "status_points", 1, life.format(1), DESPATCHES),
                    ("Henri", "status_points", 1, life.format(2), DESPATCHES)], 2),
    }
    for month_of, (entries, total) in expected.items():
        t = turn_for(month_of, h, j)
        mil.month_end(t, home=["Henri", "Jean"])
        assert ledger(t) == entries, month_of
        assert events(t) == [("despatch-status", ("Henri",), False, {"points": total})], month_of
    assert mil.despatch_status(turn_for(NOVEMBER, j), j) == 0


def test_a_mention_redeems_a_poltroon_line_by_line():
    """i. Poltroonery: "he loses twice as many Status Points as the modification he took on his death die
    roll every month thereafter until he has redeemed himself by being mentioned in despatches"; "he may not
    apply to another Regiment until he has redeemed himself by mention in despatches in a Frontier
    Regiment."  i. Mention in Despatches: "he rolls one die. The result is the number of Status Points per
    month he receives for the next three months."

    Jean, seen to run and dismissed, already once mentioned, mentioned again in the Frontier Regiment
    (instead of a promotion) on a 4: his second mention's points and months, the penalty and the dismissal
    both redeemed, the public event; Paul, the same, mentioned in the 69th on a 2: the penalty redeemed, the
    dismissal not; the status of the month after (Jean's 2 for life and 4 of three months, no penalty)."""
    j = Character("Jean", counters={mil.C_DESPATCHES: 1, "despatch.1.points": 2, mil.C_POLTROON: 4,
                                    mil.C_DISMISSED: 1})
    t = turn_for(SEPTEMBER, j, dice=[4])
    assert mil.mention(t, j, FRONTIER, instead_of_promotion=True) == 4
    assert ledger(t) == [
        ("Jean", mil.C_DESPATCHES, 1, "mentioned in despatches (Frontier Regiment)", DESPATCHES),
        ("Jean", "despatch.2.points", 4, "mention 2: 4 status points a month", DESPATCHES),
        ("Jean", "despatch.2.months", 3, "mention 2: for the next three months", DESPATCHES),
        ("Jean", mil.C_POLTROON, -4, "redeemed by a mention in despatches", POLTROONERY),
        ("Jean", mil.C_DISMISSED, -1, "redeemed by a mention in despatches in a Frontier Regiment", POLTROONERY),
        ("Jean", "title.mentions", 1, "mentioned in despatches", "Titles (en-garde-tables.md)"),
    ]
    assert events(t) == [("mentioned-in-despatches", ("Jean",), True,
                          {"regiment": FRONTIER, "points": 4, "instead_of_promotion": True})]
    october = turn_for(OCTOBER, j)
    mil.month_end(october, home=["Jean"])
    assert [(e.field, e.delta) for e in ledger_of(october)] == [("status_points", 1), ("despatch.2.months", -1),
                                                             ("status_points", 4)]

    p = Character("Paul", counters={mil.C_POLTROON: 4, mil.C_DISMISSED: 1})
    t = turn_for(SEPTEMBER, p, dice=[2])
    assert mil.mention(t, p, "69th Arquebusiers") == 2
    assert [(e.field, e.delta) for e in ledger_of(t)] == [(mil.C_DESPATCHES, 1), ("despatch.1.points", 2),
                                                       ("despatch.1.months", 3), (mil.C_POLTROON, -4),
                                                       ("title.mentions", 1)]
    assert p.counters[mil.C_DISMISSED] == 1
    assert events(t)[0][3] == {"regiment": "69th Arquebusiers", "points": 2, "instead_of_promotion": False}


def test_every_verdict_of_poltroonery_line_by_line():
    """i. Poltroonery: "on a die roll of 1 or 2, the player's cowardice has not been noticed ... On a roll of
    3 through 5, he has been seen. In this case, he loses twice as many Status Points as the modification he
    took on his death die roll every month thereafter ... On a roll of 6, his cowardice has been particularly
    blatant and he is immediately dismissed from the Regiment ... Under no circumstances will his old
    Regiment have him back."

    Unnoticed (2 taken): a private event, nothing on his sheet; seen (3 taken) with 4 a month already owed:
    6 a month (the counter raised by 2), public; dismissed from the 69th (2 taken): 4 a month, dismissed,
    barred from the 69th for ever, his rank and regiment gone; dismissed while serving in the Frontier
    Regiment (1 taken): 2 a month and dismissed, but the Frontier keeps him (no old regiment barred); one
    of no regiment already dismissed: only the penalty (his dismissal stands, once)."""
    needed = mil.outcome_needed(mil.MilitaryTables(), ASSAULT, 3, [])
    arq = "69th Arquebusiers"
    cases = [
        (arq, mil.UNNOTICED, -2, {}, [], False),
        (arq, mil.SEEN, -3, {mil.C_POLTROON: 4},
         [(mil.C_POLTROON, 2, "seen to run (3 on the death roll)")], True),
        (arq, mil.DISMISSED, -2, {},
         [(mil.C_POLTROON, 4, "seen to run (2 on the death roll)"),
          (mil.C_DISMISSED, 1, "dismissed for cowardice"),
          (f"campaign.dismissed_from.{arq}", 1, f"dismissed from the {arq} for cowardice: it will never have him "
                                                f"back"),
          ("rank", None, f"dismissed from the {arq} for cowardice"),
          ("regiment", None, f"dismissed from the {arq} for cowardice")], True),
        (FRONTIER, mil.DISMISSED, -1, {},
         [(mil.C_POLTROON, 2, "seen to run (1 on the death roll)"),
          (mil.C_DISMISSED, 1, "dismissed for cowardice")], True),
        (None, mil.DISMISSED, -2, {mil.C_DISMISSED: 1},
         [(mil.C_POLTROON, 4, "seen to run (2 on the death roll)")], True),
    ]
    for reg, verdict, modifier, counters, entries, public in cases:
        h = Character("Henri", regiment=reg, rank="Captain" if reg else None, counters=dict(counters))
        t = turn_for(SEPTEMBER, h)
        served = reg or FRONTIER
        mil._poltroon(t, h, mil.PersonalOutcome(needed, campaign_modifier=modifier, poltroonery=verdict), served)
        assert [(e.field, e.delta if e.value is None else e.value, e.reason) for e in ledger_of(t)] == entries, reg
        assert all(e.rule == POLTROONERY for e in t.ledger)
        assert events(t) == [("poltroonery", ("Henri",), public,
                              {"verdict": verdict, "modifier": -modifier, "regiment": served})], reg
        assert h.regiment == (None if verdict == mil.DISMISSED and reg == arq else reg), reg
