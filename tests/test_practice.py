"""e. Practice."""

from __future__ import annotations

from engarde.tables import Tables
from engarde.calendar import GameMonth
from engarde.codes import EV_CANNOT_AFFORD, EV_ORDER_REFUSED
from engarde.rules.practice.codes import EV_EXPERTISE_GAINED, EV_PRACTICE
from engarde.dice import ScriptedDice
from engarde.rules.practice.orders import Practise
from engarde.records import Character
from engarde.rules.practice import rules as practice
from engarde.turn import Turn

APRIL = GameMonth(1607, 4)


def make_turn(*chars: Character, month: GameMonth = APRIL) -> Turn:
    return Turn(month, {c.name: c for c in chars}, ScriptedDice([]), Tables())


def codes(turn: Turn, code: str):
    return [e for e in turn.events if e.code == code]


def test_a_week_of_practice_costs_his_expertise():
    """"Characters who do not belong to a Regiment must pay crowns equal to their Expertise for each
    week of practice." (There are no regiments yet: everyone pays.)"""
    ch = Character("Porthos", expertise=10, crowns=50)
    turn = make_turn(ch)
    assert practice.practise(turn, ch, Practise("rapier"), 2) is True
    assert ch.crowns == 40 and ch.counters == {"practice.rapier": 1}
    assert [(e.field, e.delta, e.reason, e.rule, e.week) for e in turn.ledger] == [
        ("crowns", -10, "a week's practice with the rapier (Expertise 10)", "e. Practice", 2),
        ("practice.rapier", 1, "a week's practice with the rapier", "e. Practice", 2),
    ]
    (ev,) = codes(turn, EV_PRACTICE)
    assert ev.data == {"weapon": "rapier", "cost": 10} and not ev.public


def test_four_weeks_raise_expertise_by_one():
    """"For every four weeks of practice ... a player raises his Expertise characteristic by one."""
    ch = Character("Porthos", expertise=10, crowns=100)
    turn = make_turn(ch)
    for week in range(1, 5):
        practice.practise(turn, ch, Practise("rapier"), week)
    assert ch.crowns == 60  # four weeks at Expertise 10
    assert ch.counters == {"expertise.rapier": 1}
    assert ch.expertise_with("rapier") == 11 and ch.expertise == 10
    (ev,) = codes(turn, EV_EXPERTISE_GAINED)
    assert ev.week == 4 and ev.data == {"weapon": "rapier", "expertise": 11}
    gain = [(e.field, e.delta) for e in turn.ledger if e.week == 4 and e.field != "crowns"]
    assert gain == [("practice.rapier", 1), ("practice.rapier", -4), ("expertise.rapier", 1)]


def test_practice_weeks_need_not_be_consecutive():
    """"For every four weeks of practice (not necessarily consecutive)": weeks carry over months."""
    ch = Character("Porthos", expertise=10, crowns=100)
    april = make_turn(ch)
    practice.practise(april, ch, Practise("rapier"), 1)
    practice.practise(april, ch, Practise("rapier"), 3)
    may = make_turn(ch, month=APRIL.next())
    practice.practise(may, ch, Practise("rapier"), 2)
    assert codes(may, EV_EXPERTISE_GAINED) == []
    practice.practise(may, ch, Practise("rapier"), 4)
    assert ch.expertise_with("rapier") == 11
    assert codes(may, EV_EXPERTISE_GAINED)[0].week == 4


def test_practice_counts_per_weapon():
    """"must note on their calendars which weapon is used for each practice session. If a character
    becomes proficient with one weapon, then switches to another, he returns to his original
    Expertise for that weapon. He retains, however, whatever Expertise he may have gained with his
    former weapon."""
    ch = Character("Porthos", expertise=10, crowns=200, counters={"expertise.rapier": 1})
    turn = make_turn(ch)
    practice.practise(turn, ch, Practise("sabre"), 1)
    practice.practise(turn, ch, Practise("rapier"), 2)
    practice.practise(turn, ch, Practise("sabre"), 3)
    practice.practise(turn, ch, Practise("rapier"), 4)
    # sabre at his original 10, rapier at 11; two weeks each is no point with either
    assert [e.data["cost"] for e in codes(turn, EV_PRACTICE)] == [10, 11, 10, 11]
    assert ch.crowns == 158
    assert ch.counters == {"expertise.rapier": 1, "practice.rapier": 2, "practice.sabre": 2}
    assert ch.weapons() == {"rapier": 11}


def test_after_a_gain_practice_costs_the_new_expertise():
    """"pay crowns equal to their Expertise": after the gain, a week with the rapier costs 11."""
    ch = Character("Porthos", expertise=10, crowns=100, counters={"practice.rapier": 3})
    turn = make_turn(ch)
    practice.practise(turn, ch, Practise("rapier"), 1)
    practice.practise(turn, ch, Practise("rapier"), 2)
    assert [e.data["cost"] for e in codes(turn, EV_PRACTICE)] == [10, 11]
    assert ch.crowns == 79


def test_no_practice_he_cannot_pay_for():
    """Practice must be paid for: a man who cannot pay his Expertise in crowns does not practise."""
    ch = Character("Pauper", expertise=10, crowns=9)
    turn = make_turn(ch)
    assert practice.practise(turn, ch, Practise("rapier"), 1) is False
    assert ch.crowns == 9 and ch.counters == {} and turn.ledger == []
    (ev,) = codes(turn, EV_CANNOT_AFFORD)
    assert ev.data == {"what": "practice with the rapier", "cost": 10, "had": 9}


def test_unknown_weapon_is_refused():
    """"Characters may practice with any weapon" of Duelling Table C; no other."""
    ch = Character("Porthos", expertise=10, crowns=100)
    turn = make_turn(ch)
    assert practice.practise(turn, ch, Practise("halberd"), 1) is False
    assert turn.ledger == []
    assert codes(turn, EV_ORDER_REFUSED)[0].data["reason"] == "no weapon called 'halberd'"
