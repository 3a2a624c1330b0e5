"""e. Duelling: the duel's tables are the campaign's (``[campaigns.ID.tables.duel]``), and reach the rules,
the fight and the order language; a mistake in them is refused with its key named."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engarde.calendar import GameMonth
from engarde.dice import ScriptedDice, SeededDice
from engarde.orders import OrderSheet, Parts
from engarde.parse import parse_sheet
from engarde.records import Character
from engarde.registry import Registry, RegistryError
from engarde.resolve import resolve_month
from engarde.rules.duel.orders import AnswerChallenge, Challenge, DuelStanding, TradeOrders
from engarde.rules.duel.rules import RULE_TABLE_D, Duellist, causes, check_sequence, damage, fight
from engarde.rules.duel.tables import DuelTables
from engarde.rules.duel import grammar as duel_grammar
from engarde.rules.practice import grammar as practice_grammar
from engarde.rules.practice.orders import Practise
from engarde.grammar import Reading
from engarde.tables import Tables
from engarde.turn import Turn
from helpers import rules_registry, tables

APRIL = GameMonth(1607, 4)
BOOK = DuelTables()


def duel_tables(**overrides: object) -> DuelTables:
    """The duel's tables with a campaign's ``[tables.duel]`` overrides, checked as campaigns.toml's are."""
    return tables({"duel": overrides}).duel


def test_the_book_is_the_default():
    """The defaults are the book's numbers (Duelling Table C's "1/2" a Fraction, the weapon numbers in brackets)."""
    assert BOOK.duelling_table_c["sabre"]["L"] == Fraction(1, 2) and BOOK.duelling_table_c["cutlass"]["T"] is None
    assert BOOK.weapons["two-handed sword"] == 4 and BOOK.duelling_table_b["R"]["L"] is None
    assert [BOOK.gap_rests(gap) for gap in range(0, 10)] == [0, 0, 0, 1, 1, 2, 2, 3, 3, 3]
    assert tables().duel == BOOK
    # derived names are built once for a campaign's tables
    assert BOOK.weapon_spellings is BOOK.weapon_spellings and BOOK.weapon_spellings["sabers"] == "sabre"


def test_a_table_c_multiplier_may_be_given_as_a_number():
    """Optional Weapons: "multiply the result by the number on Duelling Table C which corresponds to the weapon
    and type of attack used" (Porthos's sabre lunge: 10 x 2 x 1/2 = 10).  A campaign that makes the sabre's
    lunge 1.5 gets 10 x 2 x 3/2 = 30, and the fraction stays exact."""
    assert damage(BOOK, "L", "X", 10, "sabre") == 10
    sabre = duel_tables(duelling_table_c={"sabre": {"L": 1.5}, "rapier": {"S": 2}})
    assert sabre.duelling_table_c["sabre"]["L"] == Fraction(3, 2)
    assert isinstance(sabre.duelling_table_c["rapier"]["S"], Fraction)
    assert damage(sabre, "L", "X", 10, "sabre") == 30
    assert damage(sabre, "S", "X", 7, "rapier") == 14
    assert damage(sabre, "L", "X", 10, "rapier") == 20  # the rest of the table is the book's


def test_a_campaign_table_d_and_winner_expertise_reach_the_month():
    """Duelling Table D: "Fights a member of a neutral Regiment and wins, he gains 2 Status Points"; "The winner
    of a duel increases his Expertise by one."  A campaign giving 4 and 2 sees them in the ledger."""
    chars = [Character("Porthos", social_level=9, crowns=500, strength=10, constitution=10, expertise=12,
                       endurance=100),
             Character("Falstaff", social_level=9, crowns=500, strength=8, constitution=10, expertise=10,
                       endurance=80)]
    # Falstaff keeps week 1 for the affair: a duel is fought where both men are
    sheets = {"Porthos": OrderSheet("p.eml", "Porthos", month=APRIL,
                                    weeks={1: Challenge("Falstaff", "he trod on my cloak", "rapier")}),
              "Falstaff": OrderSheet("f.eml", "Falstaff", month=APRIL, weeks={1: AnswerChallenge("Porthos")})}
    standing = {"Porthos": Parts([DuelStanding(duel_sequence="X L X")]),
                "Falstaff": Parts([DuelStanding(duel_sequence="X L X",
                                                duel_conditions=("surrender if endurance below 30",))])}

    def won(registry: Registry | None) -> list[tuple[str, int]]:
        result = resolve_month(APRIL, chars, sheets, SeededDice("duel"), standing=standing,
                               inputs={"duel": {}}, registry=registry)
        return [(e.field, e.delta) for e in result.ledger if e.character == "Porthos" and e.rule == RULE_TABLE_D]

    assert won(None) == [("status_points", 2), ("expertise.rapier", 1)]
    campaign = rules_registry({"duel": {"duelling_table_d": {"win_neutral": 4}, "winner_expertise": 2}})
    assert won(campaign) == [("status_points", 4), ("expertise.rapier", 2)]


def test_a_campaign_price_of_refusal_reaches_the_month():
    """Duelling Table D: "Refuses a challenge that has cause, he loses Status Points equal to half his Social
    Level" (Social Level 9: 4).  A campaign taking a third takes 3, and says so."""
    chars = [Character("Porthos", social_level=9, crowns=500, strength=10, constitution=10, expertise=12,
                       endurance=100),
             Character("Falstaff", social_level=9, crowns=500, strength=8, constitution=10, expertise=10,
                       endurance=80)]
    # Falstaff keeps week 1 to refuse it: a challenge is made where both men are
    sheets = {"Porthos": OrderSheet("p.eml", "Porthos", month=APRIL,
                                    weeks={1: Challenge("Falstaff", "he trod on my cloak", "rapier")}),
              "Falstaff": OrderSheet("f.eml", "Falstaff", month=APRIL,
                                     weeks={1: AnswerChallenge("Porthos", accept=False)})}
    standing = {"Falstaff": Parts([DuelStanding(if_challenged="refuse")])}

    def refused(registry: Registry | None) -> list[tuple[int, str]]:
        result = resolve_month(APRIL, chars, sheets, SeededDice("duel"), standing=standing,
                               inputs={"duel": {}}, registry=registry)
        return [(e.delta, e.reason) for e in result.ledger if e.character == "Falstaff" and e.rule == RULE_TABLE_D]

    ((lost, reason),) = refused(None)
    assert lost == -4 and reason.endswith("half his Social Level")
    ((lost, reason),) = refused(rules_registry({"duel": {"refusal_sl_divisor": 3}}))
    assert lost == -3 and reason.endswith("1/3 of his Social Level")


def test_a_campaign_price_of_strength_reaches_the_trade_and_the_sheet():
    """Practice: "a character may subtract five from his Expertise to add one to his Strength".  A campaign
    asking four: the sheet reads 'Trade 8 expertise for 2 strength' and the month takes 4 a point."""
    four = rules_registry({"duel": {"expertise_per_strength": 4}})
    book = parse_sheet("Character: Porthos\nTrade 8 expertise for 2 strength", "o.txt")
    assert not book.ok and "the rules trade five Expertise for one Strength" in book.errors[0].message
    s = parse_sheet("Character: Porthos\nTrade 8 expertise for 2 strength", "o.txt", four)
    assert s.ok, s.errors
    assert s.monthly.of(TradeOrders).trade_expertise_for_strength == 2
    bad = parse_sheet("Character: Porthos\nTrade 10 expertise for 2 strength", "o.txt", four)
    assert "the rules trade four Expertise for one Strength" in bad.errors[0].message
    ch = Character("Porthos", social_level=9, crowns=500, strength=10, constitution=10, expertise=12,
                   endurance=100)
    result = resolve_month(APRIL, [ch], {"Porthos": s}, ScriptedDice([]), standing={}, registry=four)
    porthos = next(c for c in result.characters if c.name == "Porthos")
    assert (porthos.expertise, porthos.strength) == (4, 12)


def test_a_campaign_swordsmanship_row_reaches_the_fight():
    """Swordsmanship: "if the difference in Expertise is 3 or 4, the player with lower Expertise must add one
    mandatory rest routine into every sequence".  A campaign asking two for that row: the fight counts two."""
    harsh = duel_tables(expertise_gap_rests={"3-4": {"rests": 2}})
    assert (harsh.gap_rests(3), harsh.gap_rests(5), harsh.gap_rests(9)) == (2, 2, 3)

    def owed(t: DuelTables) -> list[int]:
        a, b = Duellist("A", sequence="P", expertise=13), Duellist("B", sequence="B", expertise=10)
        return fight(t, a, b, ScriptedDice([]), turn_limit=1).mandatory_rests

    assert owed(BOOK) == [0, 1] and owed(harsh) == [0, 2]


def test_a_campaign_cutlass_slash_reaches_the_sequence_check_and_the_parser():
    """"Cutlass: The slash routine for a cutlass is -X-S-X-X-X-, not -(X)-X-S-."  A campaign's own cutlass
    slash is what a sheet's sequence is checked against."""
    own = {"duel": {"cutlass_slash": ["X", "S", "X", "X", "C"]}}
    assert check_sequence(BOOK, "X S X X C", "cutlass") != []
    assert check_sequence(tables(own).duel, "X S X X C", "cutlass") == []
    text = "Character: A\nDuel weapon: cutlass\nDuel sequence: X S X X C"
    assert not parse_sheet(text, "o.txt").ok
    s = parse_sheet(text, "o.txt", rules_registry(own))
    assert s.ok, s.errors
    assert s.standing.of(DuelStanding).duel_sequence == "X S X X C"


def test_the_order_language_reads_the_weapons_from_the_tables():
    """Practice ("must note on their calendars which weapon is used") and challenges read the weapons of
    Duelling Table C, as the order language spells them, from the tables of the Reading, not an import."""
    fencer = DuelTables()
    fencer.__dict__["weapon_spellings"] = {**BOOK.weapon_spellings, "epee": "rapier"}  # a campaign's own spelling
    reading = Reading(Tables({"duel": fencer}))
    practise = next(v for v in practice_grammar.VERBS if v.name == "practise")
    assert practise.build(practise.pattern.fullmatch("Practise with the epee"), reading) == Practise("rapier")
    unknown = practise.build(practise.pattern.fullmatch("Practise with the epee"), Reading(tables()))
    assert unknown.code == "unknown-weapon"
    challenge = next(v for v in duel_grammar.VERBS if v.name == "challenge")
    built = challenge.build(challenge.pattern.fullmatch("Challenge Athos for an insult with the epee"), reading)
    assert (built.opponent, built.weapon) == ("Athos", "rapier")


def test_the_campaigns_regimental_friends_and_enemies_are_cause():
    """Cause: "Two characters of two unfriendly Regiments meeting (Regimental friends and enemies are listed in
    Regimental Table D)": the duel reads the campaign's Regimental Table D."""
    a = Character("A", social_level=9, crowns=500, strength=10, constitution=10, expertise=10, endurance=100,
                  regiment="Royal Marines")
    b = Character("B", social_level=9, crowns=500, strength=10, constitution=10, expertise=10, endurance=100,
                  regiment="Dragoon Guards")

    def found(t) -> list[str]:
        return [c.text for c in causes(Turn(APRIL, {"A": a, "B": b}, ScriptedDice([]), tables=t), a, b)]

    assert found(tables()) == []
    feud = tables({"regiments": {"regimental_table_d": {"Royal Marines": {"enemy": "Dragoon Guards"}}}})
    assert found(feud) == ["the Royal Marines and the Dragoon Guards are unfriendly regiments"]


def test_a_table_d_entry_may_change_sign():
    """Duelling Table D: "Fights a member of a friendly Regiment and wins, he loses 1 Status Point"; a campaign
    may reward it instead (its entries run from -100 to 100)."""
    assert duel_tables(duelling_table_d={"win_friendly": 1}).duelling_table_d["win_friendly"] == 1


@pytest.mark.parametrize("override, key", [
    ({"duelling_table_c": {"sabre": {"L": -1}}}, "tables.duel.duelling_table_c.sabre.L"),
    ({"duelling_table_c": {"sabre": {"L": "half"}}}, "tables.duel.duelling_table_c.sabre.L"),
    ({"duelling_table_c": {"cutlass": {"T": 1}}}, "tables.duel.duelling_table_c.cutlass.T"),
    ({"duelling_table_c": {"musket": {"L": 1}}}, "tables.duel.duelling_table_c.musket"),
    ({"expertise_gap_rests": {"3-4": {"rests": 13}}}, "tables.duel.expertise_gap_rests.3-4.rests"),
    ({"expertise_gap_rests": {"8-9": {"rests": 1}}}, "tables.duel.expertise_gap_rests.8-9"),
    ({"throw_hits_on": 7}, "tables.duel.throw_hits_on"),
    ({"dagger_closes": 3}, "tables.duel.dagger_closes"),
    ({"broken_weapon_fights_as": "musket"}, "tables.duel.broken_weapon_fights_as"),
    ({"expertise_per_strength": 0}, "tables.duel.expertise_per_strength"),
    ({"may_decline_below": 2}, "tables.duel.may_decline_below"),
    ({"duelling_table_d": {"kill": 101}}, "tables.duel.duelling_table_d.kill"),
    ({"duelling_table_b": {"L": {"X": 11}}}, "tables.duel.duelling_table_b.L.X"),
    ({"weapons": {"sabre": 7}}, "tables.duel.weapons.sabre"),
    ({"cutlass_slash": ["X", "S", "X", "X", "Q"]}, "tables.duel.cutlass_slash[4]"),
    ({"cutlass_slash": ["X", "S"]}, "tables.duel.cutlass_slash"),
    ({"duelling_table_a_routines": {"Lunge": ["X", "Q", "X"]}}, "tables.duel.duelling_table_a_routines.Lunge[1]"),
])
def test_a_bad_override_is_refused_with_its_key(override, key):
    with pytest.raises(RegistryError) as exc:
        Registry.build((), tables={"duel": override})
    assert key in str(exc.value)
