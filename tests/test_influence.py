"""f. Influence: favours by SL, season and mistress; spending; combining; the Athos example."""

from __future__ import annotations

import re

import pytest

from engarde.calendar import MONTH_END, MONTH_START, GameMonth
from engarde.rules.influence.codes import EV_FAVOURS_COMBINED, EV_INFLUENCE_UNUSED, EV_INFLUENCE_USED
from engarde.dice import ScriptedDice
from engarde.rules.regiments.orders import ApplyRegiment
from engarde.orders import OrderSheet
from engarde.rules.influence.orders import InfluenceOrders, UseInfluence
from engarde.parse import parse_sheet
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.influence import rules as influence
from engarde.rules.influence.tables import InfluenceTables
from engarde.registry import Registry, RegistryError
from engarde.turn import Turn
from engarde.world import World
from engarde.rules.regiments.state import Officer, Regiment
from helpers import rules_registry, tables

JUNE = GameMonth(1607, 6)
MAY = GameMonth(1607, 5)


def make_turn(*chars, dice=(), month=JUNE, world=None):
    return Turn(month, {c.name: c for c in chars}, ScriptedDice(dice), world=world or World())


def pledge(turn, by, week, **kw):
    turn.facts.setdefault(influence.FACT_KEY, {"pledges": []})["pledges"].append(
        influence.Pledge(by, week, UseInfluence(**kw)))


def test_influence_table_a_by_social_level():
    """Influence Table A: "8 or 9: 1" ... "22 or 23: 8", "24+: 9"; nothing below 8."""
    table_a = InfluenceTables().influence_of_social_level
    assert [table_a(sl) for sl in (7, 8, 9, 10, 13, 23, 24, 30)] == [None, 1, 1, 2, 3, 8, 9, 9]


def test_table_b_one_per_class_above_the_minimum():
    """"a class 9 favour will obtain a die roll modification of 4 on the decisions of a General";
    a favour below the class needed moves nothing."""
    book = InfluenceTables()
    assert influence.modification(book, 9, "General") == 4
    assert influence.modification(book, 3, "Colonel") == 1 and influence.modification(book, 2, "Colonel") == 0
    assert influence.modification(book, 1, "Captain") == 1


def test_the_athos_example():
    """"If Athos, a Lieutenant-General, seeks to become Inspector-General of Cavalry ... he must go to
    the Minister of War ... The number Athos must roll on one die, unmodified, is 6.  ... Porthos has
    a class 8 favour and uses it ... making the necessary die roll 4 instead of 6.  ... Cyrano ...
    uses a class 9 favour to give an unfavourable die roll modification of 3. The final die roll
    necessary ... becomes 6 - 2 + 3 = 7; poor Athos cannot get the appointment" """
    athos = Character("Athos")
    porthos = Character("Porthos", counters={"favour.npc.class8": 1})
    cyrano = Character("Cyrano", counters={"favour.npc.class9": 1})
    turn = make_turn(athos, porthos, cyrano)
    pledge(turn, "Porthos", 1, favour="class 8", decision="Minister of War", for_whom="Athos")
    pledge(turn, "Cyrano", 1, favour="class 9", decision="Minister of War", for_whom="Athos", against=True)
    dec = influence.decide(turn, "Athos", "the post of Inspector-General of Cavalry", "Minister", 6, 1,
                           words=("Minister of War",))
    assert [(p.by, p.amount) for p in dec.pushes] == [("Porthos", -2), ("Cyrano", 3)]
    assert dec.needed == 7 and not dec.success
    assert turn.dice.log == []  # impossible: no die rolled
    assert porthos.counters == {} and cyrano.counters == {}  # "Once used ... a favour is expended"
    # Porthos alone: 4 needed
    turn = make_turn(athos, Character("Porthos", counters={"favour.npc.class8": 1}), dice=[4])
    pledge(turn, "Porthos", 1, favour="8", decision="", for_whom="Athos")
    dec = influence.decide(turn, "Athos", "the post of Inspector-General of Cavalry", "Minister", 6, 1)
    assert (dec.needed, dec.roll, dec.success) == (4, 4, True)


def test_two_favours_combine_into_one_of_the_next_class():
    """"two favours may be combined to produce one favour of the next highest level (two class 4
    favours make a class 5 and so on)": four class 3s make a class 5."""
    ch = Character("Aramis", counters={"favour.season.class3": 2, "favour.npc.class3": 2})
    turn = make_turn(ch)
    assert influence.spend_favour(turn, ch, 5, 1, "for a test")
    assert ch.counters == {}
    assert [e.code for e in turn.events] == [EV_FAVOURS_COMBINED]
    assert not influence.spend_favour(turn, ch, 1, 1, "for a test")


def test_shortest_lived_favour_is_spent_first():
    """Favours of the season lapse first, then a mistress's, then a non-player's (kept indefinitely)."""
    ch = Character("Aramis", counters={"favour.npc.class2": 1, "mistress_favour.1607.class2": 1,
                                       "favour.season.class2": 1})
    turn = make_turn(ch)
    influence.spend_favour(turn, ch, 2, 1, "x")
    assert "favour.season.class2" not in ch.counters
    influence.spend_favour(turn, ch, 2, 1, "x")
    assert ch.counters == {"favour.npc.class2": 1}


def test_several_players_push_the_same_roll_either_way():
    """"More than one favour may be brought to bear ... either additive or subtractive ... and more
    than one player may influence the same decision": two for (+1, +1), one against (+1): 5 - 1 = 4."""
    a = Character("A", counters={"favour.npc.class3": 1})
    b = Character("B", counters={"favour.npc.class4": 1})
    c = Character("C", counters={"favour.npc.class3": 1})
    subject = Character("S")
    turn = make_turn(a, b, c, subject, dice=[4])
    pledge(turn, "A", 1, favour="3", decision="duty", for_whom="S")
    pledge(turn, "B", 2, favour="4", decision="", for_whom="S")
    pledge(turn, "C", 3, favour="3", for_whom="S", against=True)
    dec = influence.decide(turn, "S", "excusal from a week of duty", "Lieutenant-Colonel", 5, 0, words=("duty",))
    assert [p.amount for p in dec.pushes] == [-2, -3, 2] and dec.needed == 2
    assert [e.code for e in turn.events] == [EV_INFLUENCE_USED] * 3


def test_a_favour_too_weak_for_the_decider_is_kept():
    """Influence Table B: a Colonel needs class 3; a class 2 favour has no effect and is not spent."""
    a = Character("A", counters={"favour.npc.class2": 1})
    turn = make_turn(a, Character("S"), dice=[3])
    pledge(turn, "A", 1, favour="2", for_whom="S")
    dec = influence.decide(turn, "S", "application to the Dragoon Guards", "Colonel", 3, 1)
    assert dec.pushes == [] and a.counters == {"favour.npc.class2": 1}
    assert [e.code for e in turn.events] == [EV_INFLUENCE_UNUSED]


def test_favours_for_social_level_and_appointment_each_season():
    """"Favours for Social Level and appointment are received once each season": at the start of June
    an SL 12 character with a class 5 post gets a class 3 and a class 5; in May, nothing."""
    ch = Character("Athos", social_level=12)
    turn = make_turn(ch)
    assert influence.season_favours(turn, ch, 5, "Inspector-General of Cavalry") == [3, 5]
    assert ch.counters == {"favour.season.class3": 1, "favour.season.class5": 1}
    assert all(e.week == MONTH_START for e in turn.ledger)
    turn = make_turn(ch, month=MAY)
    assert influence.season_favours(turn, ch) == []


def test_season_favours_may_not_be_saved_beyond_the_season():
    """"All others may not be saved beyond the season in which they are received": at the end of May
    (spring's last month) they lapse; a non-player's and a mistress's stay."""
    ch = Character("Athos", counters={"favour.season.class3": 2, "favour.npc.class1": 1,
                                      "mistress_favour.1607.class4": 1})
    turn = make_turn(ch, month=MAY)
    assert influence.expire_season_favours(turn, ch) == 2
    assert ch.counters == {"favour.npc.class1": 1, "mistress_favour.1607.class4": 1}
    assert turn.ledger[0].week == MONTH_END
    assert influence.expire_season_favours(make_turn(ch), ch) == 0  # June: not the season's end


def test_influence_on_a_regiment_application_in_the_month():
    """"This die roll may be modified by influence with the Regimental Commander": Aramis's class 4
    favour (a Colonel needs 3: two) helps Porthos into the Dragoon Guards: SL 8 needs 4, now 2.
    Using influence is Aramis's week."""
    reg = Regiment("Dragoon Guards", [Officer("NPC", ma=3)] + [Officer(f"N{i}") for i in range(9)])
    porthos = Character("Porthos", social_level=8, crowns=300)
    aramis = Character("Aramis", social_level=8, counters={"favour.npc.class4": 1})
    sheets = {"Porthos": OrderSheet("p", "Porthos", weeks={3: ApplyRegiment("Dragoon Guards")}),
              "Aramis": OrderSheet("a", "Aramis", weeks={4: UseInfluence("class 4", "Dragoon Guards", "Porthos")})}
    result = resolve_month(MAY, [porthos, aramis], sheets, ScriptedDice([2]), world=World(regiments=[reg]))
    after = {c.name: c for c in result.characters}
    assert after["Porthos"].regiment == "Dragoon Guards"
    assert "favour.npc.class4" not in after["Aramis"].counters
    (roll,) = result.rolls
    assert roll.reason == "Colonel decides application to the Dragoon Guards for Porthos: 2+ needed"


def test_unused_pledge_keeps_its_favour():
    """"Once used to influence a decision, a favour is expended": a pledge no decision calls on keeps it."""
    aramis = Character("Aramis", social_level=5, crowns=100, counters={"favour.npc.class4": 1})
    sheets = {"Aramis": OrderSheet("a", "Aramis", weeks={1: UseInfluence("4", "", "Porthos")})}
    result = resolve_month(MAY, [aramis], sheets, ScriptedDice([]))
    assert result.characters[0].counters["favour.npc.class4"] == 1
    assert [e.week for e in result.events if e.code == EV_INFLUENCE_UNUSED] == [MONTH_END]


# -- the campaign's tables -------------------------------------------------------------------------


def test_a_campaigns_influence_tables_reach_the_decision_and_the_season():
    """Influence Table B: "Minister, Field Marshal 7"; Table A: "8 or 9: 1".  In a campaign where a
    Minister is moved by a class 6 favour, Porthos's class 8 moves him by three (the book: two), so
    Athos needs a 3; and where SL 8 brings a class 2 favour each season."""
    book = tables({"influence": {"influence_table_b": {"Minister": {"needed": 6}},
                                 "influence_table_a": {"8": {"favour": 2}}}})
    athos = Character("Athos", social_level=8)
    porthos = Character("Porthos", counters={"favour.npc.class8": 1})
    turn = Turn(JUNE, {c.name: c for c in (athos, porthos)}, ScriptedDice([3]), book, world=World())
    pledge(turn, "Porthos", 1, favour="class 8", decision="", for_whom="Athos")
    dec = influence.decide(turn, "Athos", "the post of Inspector-General of Cavalry", "Minister", 6, 1)
    assert (dec.needed, dec.roll, dec.success) == (3, 3, True)
    assert influence.season_favours(turn, athos) == [2]


def test_a_campaigns_number_of_favours_combined():
    """"two favours may be combined to produce one favour of the next highest level": a campaign
    that wants three of them."""
    book = tables({"influence": {"favours_combined": 3}})
    ch = Character("Aramis", counters={"favour.npc.class3": 3})
    turn = Turn(JUNE, {ch.name: ch}, ScriptedDice([]), book, world=World())
    assert influence.spend_favour(turn, ch, 4, 1, "for a test") and ch.counters == {}
    ch = Character("Aramis", counters={"favour.npc.class3": 2})
    turn = Turn(JUNE, {ch.name: ch}, ScriptedDice([]), book, world=World())
    assert not influence.spend_favour(turn, ch, 4, 1, "for a test")


def test_a_bad_override_of_the_influence_tables_names_the_key():
    """There are nine classes of favours: a class 10 is refused."""
    with pytest.raises(RegistryError, match=re.escape("tables.influence.influence_table_b.King.needed")):
        Registry.build((), tables={"influence": {"influence_table_b": {"King": {"needed": 10}}}})


# -- using influence takes no time (the book); a week's action as a campaign setting ------------------


def _aramis_sheet(registry=None):
    return parse_sheet("\n".join(("Character: Aramis", "Weeks 1-4: Practise rapier",
                                  "Use a class 4 favour on the Dragoon Guards for Porthos")), "a.txt", registry)


def test_using_influence_costs_no_week():
    """f. Influence: "Favours are used to modify the die rolls that represent the decisions of non-player
    characters. ... Once used to influence a decision, a favour is expended." The book gives using a favour
    no time cost: Aramis practises all four weeks and, on a line of its own, uses his class 4 favour with
    the Colonel (class 3 needed: two) for Porthos, who needs 4 at SL 8 and gets in on a 2."""
    sheet = _aramis_sheet()
    assert sheet.ok and len(sheet.monthly.of(InfluenceOrders).pledges) == 1
    reg = Regiment("Dragoon Guards", [Officer("NPC", ma=3)] + [Officer(f"N{i}") for i in range(9)])
    porthos = Character("Porthos", social_level=8, crowns=300)
    aramis = Character("Aramis", social_level=8, crowns=100, expertise=10, counters={"favour.npc.class4": 1})
    sheets = {"Porthos": OrderSheet("p", "Porthos", weeks={3: ApplyRegiment("Dragoon Guards")}), "Aramis": sheet}
    result = resolve_month(MAY, [porthos, aramis], sheets, ScriptedDice([2]), world=World(regiments=[reg]))
    after = {c.name: c for c in result.characters}
    assert after["Porthos"].regiment == "Dragoon Guards"
    assert "favour.npc.class4" not in after["Aramis"].counters
    assert after["Aramis"].expertise_with("rapier") == 11  # four weeks of practice: "raises his Expertise by one"
    (used,) = [e for e in result.events if e.code == EV_INFLUENCE_USED]
    assert used.data["amount"] == 2


def test_influence_as_the_weeks_action_is_a_campaign_setting():
    """`influence_takes = "week"` in [campaigns.ID.rules]: using influence is the week's action of the one
    who uses it, written on a week line; on a line of its own it is refused, saying so.  With the book's
    reading a week line still counts, and the confirmation says the week could have been kept free."""
    sheet = _aramis_sheet(rules_registry(influence_takes="week"))
    (error,) = sheet.errors
    assert "the week's action" in error.message and error.line == 3
    assert not sheet.monthly.of(InfluenceOrders).pledges
    on_week = parse_sheet("Character: Aramis\nWeek 2: Use a class 4 favour on the Dragoon Guards for Porthos",
                          "a.txt", rules_registry(influence_takes="week"))
    assert on_week.ok and isinstance(on_week.weeks[2], UseInfluence)
    assert not any("takes no time" in n for n in on_week.notes)
    book = parse_sheet("Character: Aramis\nWeek 2: Use a class 4 favour on the Dragoon Guards for Porthos", "a.txt")
    assert isinstance(book.weeks[2], UseInfluence) and any("takes no time" in n for n in book.notes)
