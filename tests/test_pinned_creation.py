"""Character creation, row by row (mutation testing: docs/rules-coverage.md, "Mutation testing"): every die
of Birth Tables A to D and the sibling rank's and the orphan's changes, through the dice as rolled."""

from __future__ import annotations

from engarde.dice import ScriptedDice
from engarde.rules.creation.rules import adjust, given_character, roll_character
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
