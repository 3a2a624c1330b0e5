"""d. Female Companionship."""

from __future__ import annotations

from engarde.tables import Tables
from engarde.calendar import MONTH_END, GameMonth
from engarde.rules.companionship.codes import EV_NO_COMPANIONSHIP
from engarde.dice import ScriptedDice
from engarde.rules.bawdyhouse.orders import VisitBawdyhouse
from engarde.records import Character
from engarde.rules.bawdyhouse import rules as bawdyhouse
from engarde.rules.companionship import rules as companionship
from engarde.rules.status import rules as status
from engarde.turn import Turn

APRIL = GameMonth(1607, 4)


def make_turn(*chars: Character, month: GameMonth = APRIL, rolls=()) -> Turn:
    return Turn(month, {c.name: c for c in chars}, ScriptedDice(rolls), Tables())


def codes(turn: Turn, code: str):
    return [e for e in turn.events if e.code == code]


def test_first_month_without_loses_2_then_4_the_next():
    """"Characters lose 2 Status Points the first month in which they lack feminine company and an
    additional 2 points each consecutive month thereafter." -2 in April, -4 in May, -6 in June."""
    ch = Character("Monk", social_level=3)
    month = APRIL
    for months, lost in ((1, 2), (2, 4), (3, 6)):
        turn = make_turn(ch, month=month)
        assert companionship.month_end(turn, ch) == lost
        assert ch.status_points == -lost and ch.months_without_companionship == months
        (ev,) = codes(turn, EV_NO_COMPANIONSHIP)
        assert ev.data == {"months": months, "lost": lost} and not ev.public
        assert [(e.field, e.delta, e.rule, e.week) for e in turn.ledger] == [
            ("months_without_companionship", 1, "d. Female Companionship", MONTH_END),
            ("status_points", -lost, "d. Female Companionship", MONTH_END),
        ]
        status.reset_status_points(turn, ch)
        month = month.next()


def test_companionship_resets_the_count():
    """"Once per month, characters must have some sort of female companionship": a month with it
    costs nothing and the count of consecutive months starts again."""
    ch = Character("Rake", social_level=3, months_without_companionship=2)
    turn = make_turn(ch)
    companionship.satisfy(turn, ch)
    assert companionship.month_end(turn, ch) == 0
    assert ch.months_without_companionship == 0 and ch.status_points == 0
    (entry,) = turn.ledger
    assert (entry.field, entry.delta, entry.reason) == (
        "months_without_companionship", -2, "had female companionship this month")
    assert codes(turn, EV_NO_COMPANIONSHIP) == []

    # The next month without is a "first month" again: -2.
    turn = make_turn(ch, month=APRIL.next())
    assert companionship.month_end(turn, ch) == 2


def test_a_bawdyhouse_satisfies_the_month():
    """"Characters may fulfil the female companionship requirements by acquiring a mistress or by
    going to a bawdyhouse."""
    ch = Character("Falstaff", social_level=4, crowns=50, months_without_companionship=1)
    turn = make_turn(ch, rolls=[1])
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(), 2)
    assert companionship.month_end(turn, ch) == 0
    assert ch.months_without_companionship == 0 and ch.status_points == 1


def test_a_bawdyhouse_without_companionship_does_not():
    """Refreshment alone at a bawdyhouse is not companionship: the month's penalty stands."""
    ch = Character("Falstaff", social_level=4, crowns=50)
    turn = make_turn(ch, rolls=[1])
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(companionship=False), 2)
    assert companionship.month_end(turn, ch) == 2
    assert ch.status_points == -1


def test_status_points_may_go_negative_within_the_month():
    """Choice: the penalty may take status points below 0; the month end resets them to 0."""
    ch = Character("Monk", social_level=3, months_without_companionship=1)
    turn = make_turn(ch)
    companionship.month_end(turn, ch)
    assert ch.status_points == -4
    status.begin_month(turn, ch)
    status.settle_social_level(turn, ch)
    status.reset_status_points(turn, ch)
    assert ch.social_level == 2 and ch.status_points == 0


def test_a_visit_to_his_mistress_satisfies_the_month():
    """"A character need only visit his mistress once per month to satisfy his need for female
    companionship.\""""
    from engarde.rules.mistresses.orders import VisitMistress
    from engarde.rules.mistresses import rules as mistresses
    from engarde.world import World
    from engarde.rules.mistresses.state import Mistress

    ch = Character("Athos", social_level=10, crowns=100, mistress="Roxanne", months_without_companionship=2)
    turn = make_turn(ch)
    turn.world = World(mistresses=[Mistress(4, "Roxanne", 8, lover="Athos")])
    mistresses.visit(turn, ch, VisitMistress(), 3)
    assert companionship.month_end(turn, ch) == 0 and ch.months_without_companionship == 0


def test_keeping_a_mistress_without_seeing_her_does_not():
    """Choice: having a mistress is not companionship; he must visit her (or bring her to his club)."""
    from engarde.world import World
    from engarde.rules.mistresses.state import Mistress

    ch = Character("Athos", social_level=10, crowns=100, mistress="Roxanne")
    turn = make_turn(ch)
    turn.world = World(mistresses=[Mistress(4, "Roxanne", 8, lover="Athos")])
    assert companionship.month_end(turn, ch) == 2


def test_bringing_her_to_the_club_satisfies_the_month():
    """"Mistresses accompanying their lovers to a club count in lieu of the monthly visit.\""""
    from engarde.rules.clubs.orders import VisitClub
    from engarde.rules.clubs import rules as clubs
    from engarde.world import World
    from engarde.rules.mistresses.state import Mistress

    ch = Character("Athos", social_level=10, crowns=100, club="Hunter's", mistress="Roxanne")
    turn = make_turn(ch)
    turn.world = World(mistresses=[Mistress(4, "Roxanne", 8, lover="Athos")])
    clubs.visit(turn, ch, VisitClub(companions=("his mistress",), carouse=True), 1)
    assert companionship.month_end(turn, ch) == 0
    assert [(e.delta, e.reason) for e in turn.ledger if e.field == "crowns"] == [
        (-10, "caroused at Hunter's (SL 10 crowns)"), (-8, "Roxanne's liquid refreshment at Hunter's (her SL 8 crowns)")]
