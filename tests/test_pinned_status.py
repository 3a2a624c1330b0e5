"""b. Social Status: support and the level's settlement, line by line, each pinned by a month
played (mutation testing: docs/rules-coverage.md, "Mutation testing")."""

from __future__ import annotations

from engarde.calendar import MONTH_END, GameMonth
from engarde.dice import ScriptedDice
from engarde.orders import OrderSheet
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.status.orders import SupportOrders
from engarde.rules.status.rules import RULE_SUPPORT, status_change
from engarde.rules.status.tables import StatusTables

APRIL = GameMonth(1607, 4)


def test_support_at_month_end_line_by_line():
    """"A character must pay Crowns equal to twice his Social Level" for support, at the month's end;
    "Conspicuous consumption ... costs three times the character's Social Level and gains him one Status
    Point".  Porthos (SL 6, 100 crowns) pays 18 and gains the point: news for the gazette, his payment his
    own; Aramis (15 crowns) cannot afford 18 and pays the ordinary 12, and is told; Athos (5 crowns) cannot
    pay 12 and pays nothing."""
    men = [Character("Porthos", social_level=6, crowns=100), Character("Aramis", social_level=6, crowns=15),
           Character("Athos", social_level=6, crowns=5)]
    sheets = {}
    for name in ("Porthos", "Aramis"):
        sheets[name] = OrderSheet(name, name, month=APRIL)
        sheets[name].monthly.edit(SupportOrders).conspicuous_consumption = True
    result = resolve_month(APRIL, men, sheets, ScriptedDice([]))
    support = [(e.character, e.field, e.delta, e.week, e.reason) for e in result.ledger if e.rule == RULE_SUPPORT]
    assert support == [
        ("Aramis", "crowns", -12, MONTH_END, "support for the month (2 × SL 6)"),
        ("Porthos", "crowns", -18, MONTH_END, "support with conspicuous consumption (3 × SL 6)"),
        ("Porthos", "status_points", 1, MONTH_END, "conspicuous consumption (3 × SL 6 for support)"),
    ]
    told = [(e.code, e.week, e.characters, e.public, e.data) for e in result.events
            if e.code in ("support-paid", "support-unpaid", "conspicuous-consumption", "cannot-afford")]
    assert told == [
        ("cannot-afford", MONTH_END, ("Aramis",), False, {"what": "conspicuous consumption", "cost": 18, "had": 15}),
        ("support-paid", MONTH_END, ("Aramis",), False, {"amount": 12, "conspicuous": False}),
        ("support-unpaid", MONTH_END, ("Athos",), False, {"owed": 12, "had": 5}),
        ("support-paid", MONTH_END, ("Porthos",), False, {"amount": 18, "conspicuous": True}),
        ("conspicuous-consumption", MONTH_END, ("Porthos",), True, {"amount": 18}),
    ]


def test_too_few_points_drop_exactly_one_level():
    """"If he fails to maintain his Social Level, he drops one level" and "may not be changed more than one
    level per month": the outcome of the points alone is -1 however few they are (a Social Level of 5 with
    no points, or with -20), 0 at exactly the level, +1 at exactly three times the level sought."""
    book = StatusTables()
    assert [status_change(book, 5, sp) for sp in (-20, 0, 4, 5, 17, 18)] == [-1, -1, -1, 0, 0, 1]


def test_the_level_settled_line_by_line():
    """At the month's end: "To rise one level, a character must accumulate three times the level sought"
    (Porthos, SL 4 with 15: up to 5, news); "maintain" with points equal to his level (Aramis, SL 5 with 5:
    his own affair); "A character who fails to do so [pay his support] loses one Social Level" (Athos, SL 6
    with 6 points but 3 crowns: down, news, for want of support); and the allowance, however small, arrives
    at the month's start (Jacques: 1 crown, "Allowance paid monthly")."""
    # each with two points more than he keeps: a month without companionship costs two
    men = [Character("Porthos", social_level=4, status_points=17, crowns=100),
           Character("Aramis", social_level=5, status_points=7, crowns=100),
           Character("Athos", social_level=6, status_points=8, crowns=3),
           Character("Jacques", social_level=2, status_points=4, crowns=100, allowance=1)]
    result = resolve_month(APRIL, men, {}, ScriptedDice([]))
    levels = [(e.character, e.delta, e.week, e.reason) for e in result.ledger if e.field == "social_level"]
    assert levels == [("Athos", -1, MONTH_END, "dropped: the month's support was not paid"),
                      ("Porthos", 1, MONTH_END, "raised: 15 status points ≥ 3 × SL 5 sought")]
    told = [(e.code, e.week, e.characters, e.public) for e in result.events
            if e.code.startswith("social-level") or e.code == "allowance-received"]
    assert told == [("allowance-received", 0, ("Jacques",), False),
                    ("social-level-maintained", MONTH_END, ("Aramis",), False),
                    ("social-level-dropped", MONTH_END, ("Athos",), True),
                    ("social-level-maintained", MONTH_END, ("Jacques",), False),
                    ("social-level-raised", MONTH_END, ("Porthos",), True)]
    assert [(e.delta, e.week) for e in result.ledger if e.character == "Jacques" and e.field == "crowns"][0] == (1, 0)
