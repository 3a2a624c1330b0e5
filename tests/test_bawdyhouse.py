"""d. Bawdyhouses."""

from __future__ import annotations

import pytest

from engarde.calendar import GameMonth
from engarde.rules.bawdyhouse.codes import EV_BAWDYHOUSE_VISIT, EV_FOOTPADS
from engarde.codes import EV_CANNOT_AFFORD
from engarde.tables import Tables
from helpers import tables
from engarde.dice import DiceExhausted, ScriptedDice
from engarde.rules.bawdyhouse.orders import VisitBawdyhouse
from engarde.records import Character
from engarde.rules.bawdyhouse import rules as bawdyhouse
from engarde.rules.companionship.rules import had_companionship
from engarde.turn import Turn

APRIL = GameMonth(1607, 4)


def make_turn(*chars: Character, rolls=(), settings: Tables | None = None) -> Turn:
    return Turn(APRIL, {c.name: c for c in chars}, ScriptedDice(rolls), settings or Tables())


def codes(turn: Turn, code: str):
    return [e for e in turn.events if e.code == code]


def test_refreshment_and_companionship_each_cost_social_level():
    """"Female companionship costs crowns equal to the character's Social Level. Liquid refreshment
    is mandatory, costing crowns equal to the numerical value of the character's Social Level."
    Refreshment is carousing: "he gains a Status Point"."""
    ch = Character("Falstaff", social_level=4, crowns=50)
    turn = make_turn(ch, rolls=[3])
    assert bawdyhouse.visit(turn, ch, VisitBawdyhouse(), 2) is True
    assert ch.crowns == 42 and ch.status_points == 1
    assert had_companionship(turn, ch)
    assert [(e.field, e.delta, e.reason, e.rule, e.week) for e in turn.ledger] == [
        ("crowns", -4, "liquid refreshment at a bawdyhouse (SL 4 crowns)", "d. Bawdyhouses", 2),
        ("status_points", 1, "caroused at a bawdyhouse", "c. Carousing", 2),
        ("crowns", -4, "female companionship at a bawdyhouse (SL 4 crowns)", "d. Bawdyhouses", 2),
    ]
    (ev,) = codes(turn, EV_BAWDYHOUSE_VISIT)
    assert ev.data == {"caroused": True, "companionship": True, "spent": 8} and not ev.public


def test_footpads_on_a_6_take_what_is_left_of_the_purse():
    """"At the end of his visit, any character in the red light district must roll one die to
    determine if he is set upon by footpads and relieved of his money. This occurs on a roll of 6"."""
    ch = Character("Falstaff", social_level=4, crowns=50)
    turn = make_turn(ch, rolls=[6])
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(purse=30), 2)
    assert ch.crowns == 20  # 50 - 8 spent - 22 left in the purse
    (roll,) = turn.dice.log
    assert roll.values == (6,) and "footpads" in roll.reason and "Falstaff" in roll.reason
    (ev,) = codes(turn, EV_FOOTPADS)
    assert ev.data == {"lost": 22} and ev.public
    robbed = turn.ledger[-1]
    assert (robbed.field, robbed.delta, robbed.reason, robbed.rule) == (
        "crowns", -22, "robbed by footpads in the red light district", "d. Bawdyhouses")


def test_no_footpads_on_a_5():
    """"This occurs on a roll of 6 on one die": a 5 leaves him his purse."""
    ch = Character("Falstaff", social_level=4, crowns=50)
    turn = make_turn(ch, rolls=[5])
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(purse=30), 2)
    assert ch.crowns == 42 and codes(turn, EV_FOOTPADS) == []
    assert [r.values for r in turn.dice.log] == [(5,)]


def test_footpads_find_an_empty_purse():
    """Footpads on a 6 with nothing left in the purse: the event says so with lost 0, no entry."""
    ch = Character("Falstaff", social_level=4, crowns=50)
    turn = make_turn(ch, rolls=[6])
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(), 2)  # default purse: exactly the evening's cost
    assert ch.crowns == 42
    assert codes(turn, EV_FOOTPADS)[0].data == {"lost": 0}
    assert [e.reason for e in turn.ledger if "footpads" in e.reason] == []


def test_default_purse_all_his_crowns():
    """Setting bawdyhouse_default_purse = "all": with no stated purse he carries all he has."""
    ch = Character("Falstaff", social_level=4, crowns=50)
    turn = make_turn(ch, rolls=[6], settings=tables(bawdyhouse_default_purse="all"))
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(), 2)
    assert ch.crowns == 0
    assert codes(turn, EV_FOOTPADS)[0].data == {"lost": 42}


def test_no_credit_purse_capped_at_his_crowns():
    """"Before beginning an evening at a bawdyhouse, all characters must state the number of crowns
    they are bringing with them. Credit is not allowed." A purse of 100 with 20 crowns is 20."""
    ch = Character("Falstaff", social_level=4, crowns=20)
    turn = make_turn(ch, rolls=[6])
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(purse=100), 2)
    assert ch.crowns == 0
    assert codes(turn, EV_FOOTPADS)[0].data == {"lost": 12}


def test_purse_too_small_for_the_mandatory_refreshment():
    """"Liquid refreshment is mandatory": a purse that cannot pay it is turned away; no roll."""
    ch = Character("Pauper", social_level=4, crowns=3)
    turn = make_turn(ch)  # no scripted rolls: a footpads roll would fail the test
    assert bawdyhouse.visit(turn, ch, VisitBawdyhouse(), 1) is False
    assert ch.crowns == 3 and turn.ledger == [] and turn.dice.log == []
    (ev,) = codes(turn, EV_CANNOT_AFFORD)
    assert ev.data == {"what": "liquid refreshment at a bawdyhouse", "cost": 4, "had": 3}
    assert not had_companionship(turn, ch)


def test_purse_covers_refreshment_only():
    """No credit: a purse of 5 at SL 4 buys the refreshment but not the companionship."""
    ch = Character("Falstaff", social_level=4, crowns=50)
    turn = make_turn(ch, rolls=[2])
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(purse=5), 1)
    assert ch.crowns == 46 and ch.status_points == 1
    assert not had_companionship(turn, ch)
    assert codes(turn, EV_CANNOT_AFFORD)[0].data == {"what": "female companionship", "cost": 4, "had": 1}
    assert codes(turn, EV_BAWDYHOUSE_VISIT)[0].data == {"caroused": True, "companionship": False, "spent": 4}


def test_refreshment_without_companionship():
    """Companionship is offered, not mandatory: without it he pays the refreshment alone."""
    ch = Character("Falstaff", social_level=4, crowns=50)
    turn = make_turn(ch, rolls=[1])
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(companionship=False), 1)
    assert ch.crowns == 46 and ch.status_points == 1 and not had_companionship(turn, ch)


def test_refreshment_is_mandatory_even_if_not_ordered():
    """"Liquid refreshment is mandatory": carouse=False still buys it (and its status point)."""
    ch = Character("Falstaff", social_level=4, crowns=50)
    turn = make_turn(ch, rolls=[1])
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(carouse=False, companionship=False), 1)
    assert ch.crowns == 46 and ch.status_points == 1


def test_every_visit_rolls_for_footpads():
    """"any character in the red light district must roll one die": one roll per visit."""
    ch = Character("Falstaff", social_level=4, crowns=50)
    turn = make_turn(ch, rolls=[4])
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(), 1)
    with pytest.raises(DiceExhausted):
        bawdyhouse.visit(turn, ch, VisitBawdyhouse(), 2)
