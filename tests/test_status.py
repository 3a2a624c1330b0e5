"""b. Time Sequence and Social Status: allowance, support, social level, reset."""

from __future__ import annotations

from engarde.tables import Tables
from helpers import rules_registry
from engarde.calendar import MONTH_END, MONTH_START, GameMonth
from engarde.rules.status.codes import (
    EV_ALLOWANCE,
    EV_CONSPICUOUS,
    EV_SL_DROPPED,
    EV_SL_MAINTAINED,
    EV_SL_RAISED,
    EV_SUPPORT_PAID,
    EV_SUPPORT_UNPAID,
)
from engarde.codes import EV_CANNOT_AFFORD
from engarde.dice import ScriptedDice
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.status import rules as status
from engarde.turn import Turn

APRIL = GameMonth(1607, 4)
JUNE = GameMonth(1607, 6)
JULY = GameMonth(1607, 7)


def make_turn(*chars: Character, month: GameMonth = APRIL) -> Turn:
    turn = Turn(month, {c.name: c for c in chars}, ScriptedDice([]), Tables())
    for c in chars:
        status.begin_month(turn, c)
    return turn


def codes(turn: Turn, code: str):
    return [e for e in turn.events if e.code == code]


def settle(turn: Turn, ch: Character) -> None:
    status.settle_social_level(turn, ch)
    status.reset_status_points(turn, ch)


# -- allowance ------------------------------------------------------------------------


def test_allowance_paid_at_month_start():
    """"he will receive a monthly allowance of (50 + 10%) 55 Crowns" (Bergerac)."""
    rodney = Character("Rodney Bergerac", social_level=10, crowns=275, allowance=55)
    turn = make_turn(rodney)
    status.pay_allowance(turn, rodney, MONTH_START)
    assert rodney.crowns == 330
    (entry,) = turn.ledger
    assert (entry.field, entry.delta, entry.week) == ("crowns", 55, MONTH_START)
    assert entry.reason == "monthly allowance (55 crowns)"
    (ev,) = codes(turn, EV_ALLOWANCE)
    assert ev.data == {"amount": 55} and not ev.public


def test_no_allowance_no_entry():
    """Orphans "do not get an Allowance": an allowance of 0 posts nothing."""
    orphan = Character("Orphan", social_level=4, crowns=100, allowance=0)
    turn = make_turn(orphan)
    status.pay_allowance(turn, orphan, MONTH_START)
    assert orphan.crowns == 100 and turn.ledger == [] and turn.events == []


def test_allowance_at_month_end_comes_before_support():
    """Setting allowance = "month_end": the allowance arrives with the support bill, first."""
    poor = Character("Poor", social_level=5, crowns=0, allowance=10, status_points=0)
    result = resolve_month(APRIL, [poor], {}, ScriptedDice([]), registry=rules_registry(allowance="month_end"))
    crowns = [(e.week, e.delta, e.rule) for e in result.ledger if e.field == "crowns"]
    assert crowns == [(MONTH_END, 10, "a. Birth Table C (Allowance)"), (MONTH_END, -10, "b. Support")]
    assert result.characters[0].crowns == 0


# -- support --------------------------------------------------------------------------------


def test_support_is_twice_social_level():
    """"A character must pay Crowns ... equal to twice his Social Level each month for support"."""
    ch = Character("Athos", social_level=5, crowns=100)
    turn = make_turn(ch)
    assert status.pay_support(turn, ch) is True
    assert ch.crowns == 90 and ch.status_points == 0
    (entry,) = turn.ledger
    assert entry.reason == "support for the month (2 × SL 5)"
    assert entry.rule == "b. Support" and entry.week == MONTH_END
    (ev,) = codes(turn, EV_SUPPORT_PAID)
    assert ev.data == {"amount": 10, "conspicuous": False} and not ev.public


def test_conspicuous_consumption_three_times_and_one_status_point():
    """"A character may gain one additional Status Point each month by conspicuous consumption.
    This consists of spending three times his Social Level for the month, rather than two"."""
    ch = Character("Aramis", social_level=5, crowns=100)
    turn = make_turn(ch)
    assert status.pay_support(turn, ch, conspicuous=True) is True
    assert ch.crowns == 85 and ch.status_points == 1
    assert [(e.field, e.delta, e.rule) for e in turn.ledger] == [
        ("crowns", -15, "b. Support"), ("status_points", 1, "b. Support")]
    assert codes(turn, EV_SUPPORT_PAID)[0].data == {"amount": 15, "conspicuous": True}
    (ev,) = codes(turn, EV_CONSPICUOUS)
    assert ev.data == {"amount": 15} and ev.public


def test_conspicuous_consumption_unaffordable_falls_back_to_support():
    """Choice: conspicuous consumption he cannot afford (3 × SL) falls back to 2 × SL support."""
    ch = Character("Aramis", social_level=5, crowns=12)
    turn = make_turn(ch)
    assert status.pay_support(turn, ch, conspicuous=True) is True
    assert ch.crowns == 2 and ch.status_points == 0
    (cant,) = codes(turn, EV_CANNOT_AFFORD)
    assert cant.data == {"what": "conspicuous consumption", "cost": 15, "had": 12}
    assert codes(turn, EV_SUPPORT_PAID)[0].data == {"amount": 10, "conspicuous": False}
    assert codes(turn, EV_CONSPICUOUS) == []


def test_support_unpaid_pays_nothing():
    """"A character must pay Crowns equal to twice his Social Level": choice, no partial support."""
    ch = Character("Pauper", social_level=5, crowns=9)
    turn = make_turn(ch)
    assert status.pay_support(turn, ch) is False
    assert ch.crowns == 9 and turn.ledger == []
    (ev,) = codes(turn, EV_SUPPORT_UNPAID)
    assert ev.data == {"owed": 10, "had": 9}


def test_support_unpaid_loses_a_level():
    """"A character who fails to do so loses one Social Level" (even with the points to maintain)."""
    ch = Character("Pauper", social_level=5, crowns=9, status_points=5)
    turn = make_turn(ch)
    status.pay_support(turn, ch)
    settle(turn, ch)
    assert ch.social_level == 4 and ch.status_points == 0
    (ev,) = codes(turn, EV_SL_DROPPED)
    assert ev.data == {"from": 5, "to": 4, "status_points": 5, "reason": "support"} and ev.public
    sl = [e for e in turn.ledger if e.field == "social_level"]
    assert [(e.delta, e.rule) for e in sl] == [(-1, "b. Support")]


def test_support_unpaid_cancels_a_rise():
    """Choice: unpaid support combines as clamp(SP change - 1): enough for a rise becomes maintaining."""
    ch = Character("Pauper", social_level=3, crowns=0, status_points=12)
    turn = make_turn(ch)
    status.pay_support(turn, ch)
    settle(turn, ch)
    assert ch.social_level == 3
    assert codes(turn, EV_SL_MAINTAINED)[0].data == {"level": 3, "status_points": 12}


def test_support_unpaid_and_too_few_points_drop_only_one_level():
    """"A character's Social Level may not be changed more than one level per month"."""
    ch = Character("Pauper", social_level=3, crowns=0, status_points=1)
    turn = make_turn(ch)
    status.pay_support(turn, ch)
    settle(turn, ch)
    assert ch.social_level == 2
    assert codes(turn, EV_SL_DROPPED)[0].data == {"from": 3, "to": 2, "status_points": 1, "reason": "status"}


# -- social level: the rulebook's worked examples ----------------------------------------------


def test_level_4_needs_15_status_points_to_reach_5():
    """"For a character of Social Level 4 to attain Level 5, he must accumulate 15 Status Points
    in the four weeks of the month"."""
    up = Character("Up", social_level=4, status_points=15)
    short = Character("Short", social_level=4, status_points=14)
    turn = make_turn(up, short)
    settle(turn, up)
    settle(turn, short)
    assert up.social_level == 5 and short.social_level == 4
    (raised,) = codes(turn, EV_SL_RAISED)
    assert raised.characters == ("Up",) and raised.public
    assert raised.data == {"from": 4, "to": 5, "status_points": 15}
    entry = next(e for e in turn.ledger if e.field == "social_level")
    assert entry.reason == "raised: 15 status points ≥ 3 × SL 5 sought"
    assert entry.rule == "b. Status Points and Social Level"
    (kept,) = codes(turn, EV_SL_MAINTAINED)
    assert kept.characters == ("Short",) and not kept.public
    assert kept.data == {"level": 4, "status_points": 14}


def test_level_3_with_7_points_maintains_but_does_not_rise():
    """"A character who ... began July as a Social Level 3 and who ... accumulated 7 Status Points,
    would have sufficient points to maintain his level 3 position (the minimum of 3 needed), but an
    insufficient number to elevate himself to level 4 (three times the aspired level, or 3 x 4 =
    12). This character will enter the next month as a Social Level 3."""
    ch = Character("July", social_level=3, status_points=7)
    turn = make_turn(ch, month=JULY)
    settle(turn, ch)
    assert ch.social_level == 3
    assert codes(turn, EV_SL_MAINTAINED)[0].data == {"level": 3, "status_points": 7}
    assert [e.field for e in turn.ledger] == ["status_points"]


def test_level_3_with_1_point_drops_to_2():
    """"If the level 3 character in the above example had attained only 1 Status Point in July, he
    would have entered August as a level 2."""
    ch = Character("July", social_level=3, status_points=1)
    turn = make_turn(ch, month=JULY)
    settle(turn, ch)
    assert ch.social_level == 2
    (ev,) = codes(turn, EV_SL_DROPPED)
    assert ev.data == {"from": 3, "to": 2, "status_points": 1, "reason": "status"} and ev.public
    entry = next(e for e in turn.ledger if e.field == "social_level")
    assert entry.reason == "dropped: 1 status points < SL 3 to maintain"
    assert entry.rule == "b. Status Points and Social Level"


def test_promoted_in_june_starts_july_at_7():
    """"A player who is promoted from level 6 to level 7 during June starts July as a level 7."
    (So maintaining in July needs 7 points, his level at the beginning of July.)"""
    ch = Character("Promoted", social_level=6, status_points=21)
    june = make_turn(ch, month=JUNE)
    settle(june, ch)
    assert ch.social_level == 7 and ch.status_points == 0

    keeps = ch.copy()
    keeps.status_points = 7
    july = make_turn(keeps, month=JULY)
    settle(july, keeps)
    assert keeps.social_level == 7

    slips = ch.copy()
    slips.status_points = 6
    july = make_turn(slips, month=JULY)
    settle(july, slips)
    assert slips.social_level == 6


def test_only_one_level_a_month():
    """"A character's Social Level may not be changed more than one level per month except as a
    result of receiving a title"."""
    climber = Character("Climber", social_level=3, status_points=60)  # 3 x 6 = 18 would be two levels
    faller = Character("Faller", social_level=5, status_points=-10)
    turn = make_turn(climber, faller)
    settle(turn, climber)
    settle(turn, faller)
    assert climber.social_level == 4 and faller.social_level == 4


def test_never_below_social_level_1():
    """Choice: Social Level 1 is the floor; a drop there leaves him at 1 (reported as maintained)."""
    ch = Character("Lowly", social_level=1, status_points=0)
    turn = make_turn(ch)
    settle(turn, ch)
    assert ch.social_level == 1
    assert codes(turn, EV_SL_DROPPED) == []
    assert codes(turn, EV_SL_MAINTAINED)[0].data == {"level": 1, "status_points": 0}


def test_status_points_dropped_at_month_end():
    """"At the end of the month, all Status Points accumulated that month are dropped and the
    character begins anew. Please note that while Status Points are dropped, Social Levels are not."""
    ch = Character("Any", social_level=3, status_points=7)
    negative = Character("Neg", social_level=3, status_points=-3)
    turn = make_turn(ch, negative)
    status.reset_status_points(turn, ch)
    status.reset_status_points(turn, negative)
    assert ch.status_points == 0 and negative.status_points == 0 and ch.social_level == 3
    assert [(e.character, e.delta, e.reason, e.rule) for e in turn.ledger] == [
        ("Any", -7, "status points of the month dropped", "b. Status Points and Social Level"),
        ("Neg", 3, "status points of the month dropped", "b. Status Points and Social Level"),
    ]


def test_conspicuous_status_point_counts_toward_the_level():
    """Support is paid before the level is settled, so the conspicuous point counts this month."""
    ch = Character("Fop", social_level=4, crowns=100, status_points=14)
    turn = make_turn(ch)
    status.pay_support(turn, ch, conspicuous=True)
    settle(turn, ch)
    assert ch.social_level == 5 and ch.crowns == 88


def test_a_mistress_status_points_count_toward_the_level():
    """"A character receives one Status Point per month for having a mistress ... additional Status
    Points equal to the difference" (if hers is higher): they come before the level is settled.
    SL 4: 2 from Red Phillips, 1 + 4 from an SL 8 mistress, -2 as he did not see her: 5 holds SL 4."""
    from engarde.orders import OrderSheet
    from engarde.world import World
    from engarde.rules.mistresses.state import Mistress

    ch = Character("Jacques", social_level=4, crowns=100, club="Red Phillips", mistress="Roxanne")
    world = World(mistresses=[Mistress(4, "Roxanne", 8, lover="Jacques", since="1607-01")])
    result = resolve_month(APRIL, [ch], {"Jacques": OrderSheet("j.eml", "Jacques")}, ScriptedDice([]),
                           world)
    assert [e.code for e in result.events if e.code in (EV_SL_MAINTAINED, EV_SL_DROPPED)] == [EV_SL_MAINTAINED]
    # red phillips 2 + mistress 1 + 4 - no companionship 2 = 5 >= 4
    (held,) = [e for e in result.events if e.code == EV_SL_MAINTAINED]
    assert held.data == {"level": 4, "status_points": 5}
    # her support (24) is paid after his (8) and his dues (5)
    assert [e.delta for e in result.ledger if e.field == "crowns"] == [-8, -5, -24]
