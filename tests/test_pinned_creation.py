"""Character creation, row by row (mutation testing: docs/rules-coverage.md, "Mutation testing"): every die
of Birth Tables A to D and the sibling rank's and the orphan's changes, through the dice as rolled."""

from __future__ import annotations

import pytest
from helpers import tables

from engarde.dice import ScriptedDice
from engarde.rules.creation.rules import CreationError, adjust, birth_from_tables, given_character, roll_character
from engarde.tables import Tables

BOOK = Tables()

# (the dice from Birth Table A on: A, B, the orphan roll for a first son, C, D for a nobleman),
# (class, sibling rank, orphan, father's position, father's title, his title, Social Level, crowns, allowance)
BIRTHS = [
    ((1, 2, 1), ("commoner", "second son", False, "Peasant", None, None, 2, 10, 0)),
    ((2, 2, 1), ("commoner", "second son", False, "Peasant", None, None, 2, 10, 0)),
    ((3, 2, 1), ("gentleman", "second son", False, "Impoverished", None, None, 4, 40, 0)),
    ((4, 2, 1), ("gentleman", "second son", False, "Impoverished", None, None, 4, 40, 0)),
    ((5, 2, 1, 1), ("nobleman", "second son", False, "Impoverished", "Knight", None, 6, 40, 0)),
    ((6, 2, 1, 1), ("nobleman", "second son", False, "Impoverished", "Knight", None, 6, 40, 0)),
    ((3, 1, 6, 4), ("gentleman", "first son", False, "Well-to-do", None, None, 5, 275, 55)),
    ((3, 2, 4), ("gentleman", "second son", False, "Well-to-do", None, None, 4, 250, 50)),
    ((3, 3, 4), ("gentleman", "second son", False, "Well-to-do", None, None, 4, 250, 50)),
    ((3, 4, 4), ("gentleman", "second son", False, "Well-to-do", None, None, 4, 250, 50)),
    ((3, 5, 4), ("gentleman", "bastard", False, "Well-to-do", None, None, 3, 225, 45)),
    ((3, 6, 4), ("gentleman", "bastard", False, "Well-to-do", None, None, 3, 225, 45)),
    ((3, 1, 1, 4), ("gentleman", "first son", True, "Well-to-do", None, None, 5, 1500, 0)),
    ((5, 1, 1, 4, 3), ("nobleman", "first son", True, "Wealthy", "Marquis", "Marquis", 12, 4000, 0)),
    ((1, 1, 1, 6), ("commoner", "first son", True, "Very Wealthy Merchant", None, None, 4, 4000, 0)),
    ((1, 2, 1), ("commoner", "second son", False, "Peasant", None, None, 2, 10, 0)),
    ((1, 2, 2), ("commoner", "second son", False, "Peasant", None, None, 2, 10, 0)),
    ((1, 2, 3), ("commoner", "second son", False, "Small Merchant", None, None, 3, 25, 5)),
    ((1, 2, 4), ("commoner", "second son", False, "Merchant", None, None, 3, 150, 20)),
    ((1, 2, 5), ("commoner", "second son", False, "Wealthy Merchant", None, None, 3, 250, 50)),
    ((1, 2, 6), ("commoner", "second son", False, "Very Wealthy Merchant", None, None, 3, 500, 100)),
    ((3, 2, 1), ("gentleman", "second son", False, "Impoverished", None, None, 4, 40, 0)),
    ((3, 2, 2), ("gentleman", "second son", False, "Impoverished", None, None, 4, 40, 0)),
    ((3, 2, 3), ("gentleman", "second son", False, "Well-to-do", None, None, 4, 250, 50)),
    ((3, 2, 4), ("gentleman", "second son", False, "Well-to-do", None, None, 4, 250, 50)),
    ((3, 2, 5), ("gentleman", "second son", False, "Wealthy", None, None, 4, 500, 100)),
    ((3, 2, 6), ("gentleman", "second son", False, "Very Wealthy", None, None, 5, 750, 125)),
    ((5, 2, 1, 2), ("nobleman", "second son", False, "Impoverished", "Baron", None, 7, 40, 0)),
    ((5, 2, 2, 2), ("nobleman", "second son", False, "Impoverished", "Baron", None, 7, 40, 0)),
    ((5, 2, 3, 2), ("nobleman", "second son", False, "Well-to-do", "Baron", None, 7, 250, 50)),
    ((5, 2, 4, 2), ("nobleman", "second son", False, "Wealthy", "Baron", None, 7, 500, 100)),
    ((5, 2, 5, 2), ("nobleman", "second son", False, "Very Wealthy", "Baron", None, 7, 750, 125)),
    ((5, 2, 6, 2), ("nobleman", "second son", False, "Very Wealthy", "Baron", None, 7, 750, 125)),
    ((5, 2, 1, 1), ("nobleman", "second son", False, "Impoverished", "Knight", None, 6, 40, 0)),
    ((5, 2, 1, 2), ("nobleman", "second son", False, "Impoverished", "Baron", None, 7, 40, 0)),
    ((5, 2, 1, 3), ("nobleman", "second son", False, "Impoverished", "Marquis", None, 8, 40, 0)),
    ((5, 2, 1, 4), ("nobleman", "second son", False, "Impoverished", "Earl", None, 9, 40, 0)),
    ((5, 2, 1, 5), ("nobleman", "second son", False, "Impoverished", "Viscount", None, 10, 40, 0)),
    ((5, 2, 1, 6), ("nobleman", "second son", False, "Impoverished", "Count", None, 11, 40, 0)),
]


def test_every_row_of_the_birth_tables():
    """Birth Table A: "1 Commoner 2 Commoner 3 Gentleman 4 Gentleman 5 Nobleman 6 Nobleman"; Table B: "1 First
    son ... Increase Initial Funds and Allowance by 10% and add 1 to Initial Social Level. Then roll one die
    again. On a roll of 1, you are an orphan ... inheritance", 2 to 4 second son, 5 and 6 bastard ("Decrease
    Initial Funds and Allowance by 10% and subtract 1 from Initial Social Level"); Table C, each class's six
    rows (position, Initial Funds, Allowance, Inheritance); Table D: "1 Knight 2 Baron 3 Marquis 4 Earl
    5 Viscount 6 Count"; the Initial Social Level of the son of each.  Strength, Constitution and Expertise
    (3d6 each) come first and Military Ability (1d6) last, as rolled."""
    for table_dice, expected in BIRTHS:
        dice = ScriptedDice([3, 3, 3, 4, 4, 4, 5, 5, 5, *table_dice, 2])
        ch = roll_character(BOOK, "X", dice).character
        assert dice.remaining == 0, table_dice
        assert (
            ch.social_class,
            ch.sibling_rank,
            ch.orphan,
            ch.father_position,
            ch.father_title,
            ch.title,
            ch.social_level,
            ch.crowns,
            ch.allowance,
        ) == expected, table_dice
        assert (ch.strength, ch.constitution, ch.expertise, ch.endurance, ch.military_ability) == (9, 12, 15, 108, 2)


# (the dice from Birth Table A on, his story as told to him, the dice as asked for)
STORIES = [
    (
        (5, 1, 1, 4, 3),
        [
            "Strength 9, Constitution 12, Expertise 15 (3d6 each)",
            "Nobleman, first son; father Wealthy, Marquis: Social Level 8 (son of Marquis), funds 500, allowance 100",
            "First son: +10% funds and allowance (550, 110), +1 Social Level",
            "Orphan: inheritance 4000 instead of funds, no allowance",
            "Orphaned noble: inherits the title of Marquis, +3 Social Level",
            "Initial Social Level 12",
            "Endurance 108 (Constitution x Strength); Military Ability 2",
        ],
        [
            "Strength (3d6)",
            "Constitution (3d6)",
            "Expertise (3d6)",
            "Birth Table A: Class",
            "Birth Table B: Sibling Rank",
            "Birth Table B note 1: orphan on a 1",
            "Birth Table C: Father's Position (nobleman)",
            "Birth Table D: Father's Title",
            "Military Ability (1d6)",
        ],
    ),
    (
        (3, 5, 4),
        [
            "Strength 9, Constitution 12, Expertise 15 (3d6 each)",
            "Gentleman, bastard; father Well-to-do: Social Level 4 (son of Gentleman), funds 250, allowance 50",
            "Bastard: -10% funds and allowance (225, 45), -1 Social Level",
            "Initial Social Level 3",
            "Endurance 108 (Constitution x Strength); Military Ability 2",
        ],
        [
            "Strength (3d6)",
            "Constitution (3d6)",
            "Expertise (3d6)",
            "Birth Table A: Class",
            "Birth Table B: Sibling Rank",
            "Birth Table C: Father's Position (gentleman)",
            "Military Ability (1d6)",
        ],
    ),
    (
        (1, 2, 6),
        [
            "Strength 9, Constitution 12, Expertise 15 (3d6 each)",
            "Commoner, second son; father Very Wealthy Merchant: Social Level 3 (son of Merchant), funds 500, allowance 100",
            "Initial Social Level 3",
            "Endurance 108 (Constitution x Strength); Military Ability 2",
        ],
        [
            "Strength (3d6)",
            "Constitution (3d6)",
            "Expertise (3d6)",
            "Birth Table A: Class",
            "Birth Table B: Sibling Rank",
            "Birth Table C: Father's Position (commoner)",
            "Military Ability (1d6)",
        ],
    ),
]


def test_the_birth_told_and_rolled_in_the_books_order():
    """ "The first three of the above abilities are found by rolling three dice for each. Endurance is determined
    by multiplying Constitution by Strength"; "Generate a character by rolling on the Birth Tables"; "Finally,
    determine his Military Ability": each roll asked for by its table, in that order, and the story of his
    birth told line by line: an orphaned noble first son (his father's title his), a bastard, a merchant's
    second son."""
    for table_dice, story, reasons in STORIES:
        dice = ScriptedDice([3, 3, 3, 4, 4, 4, 5, 5, 5, *table_dice, 2])
        birth = roll_character(BOOK, "X", dice)
        assert birth.story == story and [r.reason for r in dice.log] == reasons, table_dice


def test_rounding_to_the_nearest_and_a_given_character_at_the_edges():
    """Birth Table B's 10% with the campaign's rounding "nearest": a half goes up (27.5 is 28, 13.5 is 14), a whole stays (22);
    up and down as named.  A character given by the GM may have no crowns and the lowest Social Level (1);
    his Endurance is Constitution x Strength when not given."""
    assert [
        adjust(25, 10, "nearest"),
        adjust(15, -10, "nearest"),
        adjust(20, 10, "nearest"),
        adjust(25, 10, "up"),
        adjust(25, 10, "down"),
    ] == [28, 14, 22, 28, 27]
    birth = given_character(BOOK, "Y", crowns=0, social_level=1, strength=10, constitution=10)
    assert (birth.character.crowns, birth.character.social_level, birth.character.endurance) == (0, 1, 100)
    assert birth.story == ["Created by the GM with given values"]


def test_the_campaigns_rounding_of_a_first_son_and_a_bastard_and_a_half_crown():
    """Birth Table B: "Increase Initial Funds and Allowance by 10%"; "Decrease Initial Funds and Allowance by
    10%": the fraction rounded as the campaign's [rules] say (the book is silent).  Rounding up, the first
    son of a Small Merchant (25 crowns, 5 a month) has 28 and 6, the bastard 23 and 5 (rounding down: 27 and
    5, 22 and 4); with a campaign's -50%, a crown's half rounds up to the nearest (1), down to 0."""
    up = tables(rounding="up")
    down = tables()
    # Strength, Constitution, Expertise; A=1 (commoner), B=1 (first son), the orphan roll 2, C=3; MA.
    first_son = [3] * 9 + [1, 1, 2, 3, 4]
    bastard = [3] * 9 + [1, 5, 3, 4]
    assert [(b.crowns, b.allowance) for b in (roll_character(book, "S", ScriptedDice(dice)).character
                                                for book in (up, down) for dice in (first_son, bastard))] == [
        (28, 6), (23, 5), (27, 5), (22, 4)]
    half = tables({"creation": {"bastard_percent": -50}}, rounding="nearest")
    assert birth_from_tables(half, "H", "commoner", "bastard", "Small Merchant").character.allowance == 3
    assert [adjust(1, -50, "nearest"), adjust(1, -50, "down"), adjust(1, -50, "up"), adjust(0, 10, "nearest")] == [
        1, 0, 1, 0]


def test_a_birth_from_the_tables_results_and_its_mistakes():
    """"Generate a character by rolling on the Birth Tables" -- or from their results given (a worked example):
    the Bergerac example, "the first son of a nobleman ... father is welltodo ... an Earl", named, his father's
    title and the story of his birth returned; each result the tables lack refused, naming what they have;
    an orphan who is no first son refused; a campaign's Table C row naming an Initial Social Level row that
    does not exist refused, naming it."""
    birth = birth_from_tables(BOOK, "Rodney Bergerac", "nobleman", "first son", "Well-to-do", "Earl")
    ch = birth.character
    assert (ch.name, ch.father_title, ch.social_level, ch.crowns, ch.allowance, ch.title) == (
        "Rodney Bergerac", "Earl", 10, 275, 55, None)
    assert birth.story == [
        "Nobleman, first son; father Well-to-do, Earl: Social Level 9 (son of Earl), funds 250, allowance 50",
        "First son: +10% funds and allowance (275, 55), +1 Social Level",
        "Initial Social Level 10",
    ]
    mistakes = [
        (("squire", "second son", "Peasant"), "class must be one of commoner, gentleman, nobleman, not 'squire'"),
        (("commoner", "third son", "Peasant"), "sibling rank must be one of bastard, first son, second son"),
        (("commoner", "second son", "Earl"),
         "a commoner's father is one of Merchant, Peasant, Small Merchant, Very Wealthy Merchant, Wealthy Merchant, "
         "not 'Earl'"),
        (("nobleman", "second son", "Wealthy", "Duke"),
         "a nobleman's father needs a title from Birth Table D, not 'Duke'"),
        (("gentleman", "second son", "Wealthy", None, True), "only a first son rolls for being an orphan"),
    ]
    for given, message in mistakes:
        with pytest.raises(CreationError) as refused:
            birth_from_tables(BOOK, "X", *given)
        assert str(refused.value) == message
    no_row = tables({"creation": {"birth_table_c_commoner": {"3": {"sl_row": "Duke"}}}})
    with pytest.raises(CreationError) as refused:
        birth_from_tables(no_row, "X", "commoner", "second son", "Small Merchant")
    assert str(refused.value) == "the Initial Social Level table has no row for the son of 'Duke'"


def test_a_rolled_character_is_named_and_belongs_to_no_player_until_given_one():
    """"the character may be given a name": the name given; the player and his address empty unless given."""
    dice = [3] * 9 + [1, 2, 1, 4]
    ch = roll_character(BOOK, "Planchet", ScriptedDice(dice)).character
    assert (ch.name, ch.player, ch.email) == ("Planchet", "", "")
    ch = roll_character(BOOK, "Planchet", ScriptedDice(dice), player="pl", email="pl@example.org").character
    assert (ch.name, ch.player, ch.email) == ("Planchet", "pl", "pl@example.org")


def test_the_gms_given_values_line_by_line():
    """Importing a running campaign, the GM gives each value; "Endurance is determined by multiplying
    Constitution by Strength" when he gives none (None is none), his own kept when he does.  Every value a
    sheet holds may be given; an unknown one, a number not whole, crowns below 0 are refused, saying which."""
    values = dict(player="p", email="p@example.org", social_level=9, crowns=40, strength=10, constitution=12,
                  expertise=11, military_ability=3, allowance=50, club="Hunter's", title="Knight",
                  social_class="nobleman", sibling_rank="first son", father_position="Wealthy", father_title="Earl",
                  orphan=True)
    ch = given_character(BOOK, "Imported", **values).character
    assert {key: getattr(ch, key) for key in values} == values and ch.endurance == 120
    assert given_character(BOOK, "E", strength=10, constitution=12, endurance=90).character.endurance == 90
    assert given_character(BOOK, "E", strength=10, constitution=12, endurance=None).character.endurance == 120
    mistakes = [
        ({"wit": 3, "charm": 2}, "unknown character value(s): charm, wit"),
        ({"strength": 9.5}, "strength must be a whole number"),
        ({"crowns": -1}, "crowns cannot be negative"),
    ]
    for given, message in mistakes:
        with pytest.raises(CreationError) as refused:
            given_character(BOOK, "Bad", **given)
        assert str(refused.value) == message
