"""a. Characters and Character Creation: the Birth Tables A-D and Initial Social Level."""

import re

import pytest

from engarde.rules.creation.rules import (
    CreationError,
    adjust,
    birth_from_tables,
    given_character,
    roll_character,
)
from engarde.dice import ScriptedDice
from engarde.rules.creation.tables import CreationTables
from engarde.tables import Tables
from engarde.registry import Registry, RegistryError
from helpers import tables

BOOK = Tables()  # the book's tables


def test_bergerac_birth_worked_example():
    """EXAMPLE: The Bergerac family is blessed with a son. A five is rolled on Birth Table A,
    a 1 on Birth Table B ... not yet an orphan. Rolling a three on the nobles section of
    Table C shows that the character's father is welltodo, and the character has an initial
    fortune of (250 + 10%) 275 Crowns ... a monthly allowance of (50 + 10%) 55 Crowns. A four
    rolled on Table D shows that the senior Bergerac is an Earl. ... an initial Social Level
    of 9, plus one for being a first son, or 10 total."""
    # Strength, Constitution, Expertise (3d6 each), then A=5, B=1, orphan roll 2 (not 1),
    # C=3, D=4, MA=3.
    dice = ScriptedDice([4, 4, 4, 3, 3, 3, 5, 5, 5, 5, 1, 2, 3, 4, 3])
    ch = roll_character(BOOK, "Rodney Bergerac", dice).character
    assert dice.remaining == 0
    assert (ch.social_class, ch.sibling_rank, ch.orphan) == ("nobleman", "first son", False)
    assert (ch.father_position, ch.father_title) == ("Well-to-do", "Earl")
    assert ch.crowns == 275
    assert ch.allowance == 55
    assert ch.social_level == 10
    assert ch.title is None  # the father is the Earl, not the son


def test_abilities_three_dice_and_endurance():
    """The first three of the above abilities are found by rolling three dice for each.
    Endurance is determined by multiplying Constitution by Strength."""
    dice = ScriptedDice([6, 5, 4, 1, 2, 3, 3, 3, 3, 3, 2, 1, 6])
    ch = roll_character(BOOK, "X", dice).character
    assert (ch.strength, ch.constitution, ch.expertise) == (15, 6, 9)
    assert ch.endurance == 90
    assert ch.military_ability == 6  # "MA is determined ... by rolling one die"
    assert [r.reason for r in dice.log][:3] == ["Strength (3d6)", "Constitution (3d6)", "Expertise (3d6)"]


def test_commoner_second_son_peasant():
    """Birth Table C: Commoner 1 Peasant 10 0 0; Initial Social Level: Peasant 2."""
    b = birth_from_tables(BOOK, "P", "commoner", "second son", "Peasant").character
    assert (b.social_level, b.crowns, b.allowance) == (2, 10, 0)


def test_merchants_are_social_level_three():
    """Initial Social Level: Son of Merchant 3 (every merchant row of Table C)."""
    for pos in ("Small Merchant", "Merchant", "Wealthy Merchant", "Very Wealthy Merchant"):
        assert birth_from_tables(BOOK, "M", "commoner", "second son", pos).character.social_level == 3


def test_very_wealthy_gentleman():
    """Gentleman 6 Very Wealthy 750 125 5000; Son of Very Wealthy Gentleman: 5."""
    b = birth_from_tables(BOOK, "G", "gentleman", "second son", "Very Wealthy").character
    assert (b.social_level, b.crowns, b.allowance) == (5, 750, 125)
    g = birth_from_tables(BOOK, "G", "gentleman", "second son", "Wealthy").character
    assert g.social_level == 4


def test_bastard_loses_ten_percent_and_a_level():
    """2 Decrease Initial Funds and Allowance by 10% and subtract 1 from Initial Social Level."""
    b = birth_from_tables(BOOK, "B", "gentleman", "bastard", "Well-to-do").character
    assert (b.crowns, b.allowance, b.social_level) == (225, 45, 3)


def test_orphaned_first_son_inherits():
    """On a roll of 1, you are an orphan: you do not get an Allowance and receive the
    Inheritance instead of Initial Funds."""
    b = birth_from_tables(BOOK, "O", "commoner", "first son", "Merchant", orphan=True).character
    assert (b.crowns, b.allowance, b.social_level) == (750, 0, 4)


def test_orphaned_noble_first_son_takes_the_title():
    """...if noble, you receive your Father's Title and increase your Initial Social Level
    by another 3."""
    dice = ScriptedDice([3, 3, 3, 3, 3, 3, 3, 3, 3, 6, 1, 1, 5, 6, 2])
    ch = roll_character(BOOK, "Count's heir", dice).character
    assert ch.orphan and ch.title == "Count"
    assert ch.social_level == CreationTables().social_level_of("Count") + 1 + 3 == 15
    assert (ch.crowns, ch.allowance) == (5000, 0)


def test_only_first_sons_roll_for_orphanhood():
    """1 ... Then roll one die again. (The orphan roll follows the first-son note only.)"""
    dice = ScriptedDice([3] * 9 + [3, 2, 4, 2])  # A=3 gentleman, B=2 second son, C=4, MA=2
    roll_character(BOOK, "Y", dice)
    assert dice.remaining == 0
    assert not any("orphan" in r.reason for r in dice.log)


def test_rounding_choice_for_ten_percent():
    """Rounding of +/-10% is the campaign's choice (rules silent): down by default."""
    assert CreationTables().rounding == "down"
    assert adjust(25, 10, "down") == 27
    assert adjust(25, 10, "up") == 28
    assert adjust(25, -10, "nearest") == 23
    assert adjust(250, 10, "down") == 275


def test_given_character_defaults_endurance():
    ch = given_character(BOOK, "Imported", social_level=7, crowns=100, strength=10, constitution=12,
                         expertise=11, military_ability=3).character
    assert ch.endurance == 120


def test_given_character_rejects_bad_values():
    with pytest.raises(CreationError, match="social_level"):
        given_character(BOOK, "Bad", social_level=0, strength=1, constitution=1, expertise=1, military_ability=1)
    with pytest.raises(CreationError, match="unknown"):
        given_character(BOOK, "Bad", wit=3)


def test_noble_needs_a_title():
    with pytest.raises(CreationError, match="title"):
        birth_from_tables(BOOK, "N", "nobleman", "second son", "Wealthy")


# -- the campaign's tables -------------------------------------------------------------------------


def test_a_campaigns_birth_tables_reach_the_birth():
    """Birth Table C: "3 Small Merchant 25 5 100"; Initial Social Level: "Merchant 3"; a first son:
    "Increase Initial Funds and Allowance by 10% and Initial Social Level by 1".  A campaign whose
    Small Merchant has 30 crowns, whose merchants' sons are of SL 4 and whose first sons get 20%."""
    book = tables({"creation": {"birth_table_c_commoner": {"3": {"initial_funds": 30}},
                                "initial_social_level": {"Merchant": {"social_level": 4}},
                                "first_son_percent": 20}})
    b = birth_from_tables(book, "M", "commoner", "first son", "Small Merchant").character
    assert (b.crowns, b.allowance, b.social_level) == (36, 6, 5)
    b = birth_from_tables(BOOK, "M", "commoner", "first son", "Small Merchant").character
    assert (b.crowns, b.allowance, b.social_level) == (27, 5, 4)


def test_a_campaigns_birth_table_a_and_rounding_reach_the_dice():
    """Birth Table A: "1 Commoner"; the rounding of the +/-10% is the campaign's [rules] choice.  A
    campaign where a 1 makes a gentleman, rounding up: a first son of an Impoverished gentleman
    (40 crowns) has 44; of a Well-to-do one, 275 and an allowance of 55."""
    book = tables({"creation": {"birth_table_a": {"1": {"social_class": "gentleman"}}}}, rounding="up")
    # Strength, Constitution, Expertise, then A=1, B=1 (first son), orphan roll 2, C=1, MA=3.
    ch = roll_character(book, "G", ScriptedDice([3] * 9 + [1, 1, 2, 1, 3])).character
    assert (ch.social_class, ch.father_position, ch.crowns) == ("gentleman", "Impoverished", 44)


def test_the_lowest_social_level_is_the_campaigns():
    """b. Status: no Social Level below the campaign's lowest (engarde's: 1)."""
    book = tables({"status": {"lowest_social_level": 3}})
    with pytest.raises(CreationError, match="at least 3"):
        given_character(book, "Low", social_level=2, strength=10, constitution=10, expertise=10,
                        military_ability=3)
    b = birth_from_tables(book, "B", "commoner", "bastard", "Peasant").character
    assert b.social_level == 3  # the son of a peasant, a bastard: 2 - 1, raised to 3


def test_a_bad_override_of_the_creation_tables_names_the_key():
    with pytest.raises(RegistryError, match=re.escape("tables.creation.birth_table_a.5.social_class")):
        Registry.build((), tables={"creation": {"birth_table_a": {"5": {"social_class": "duke"}}}})
    with pytest.raises(RegistryError, match=re.escape("tables.creation.birth_table_c_nobleman.9")):
        Registry.build((), tables={"creation": {"birth_table_c_nobleman": {"9": {"initial_funds": 5}}}})
