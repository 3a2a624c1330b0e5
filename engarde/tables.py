"""The rulebook's tables, as data, named as the book names them.

A GM's house rules change a number here (or override it per campaign), never
the code that reads it.  Section letters refer to ``en-garde-rules.txt``.
"""

from __future__ import annotations

from dataclasses import dataclass

# -- a. Characters and Character Creation -------------------------------------

# Birth Table A: Class (one die)
BIRTH_TABLE_A = {1: "commoner", 2: "commoner", 3: "gentleman", 4: "gentleman", 5: "nobleman", 6: "nobleman"}

# Birth Table B: Sibling Rank (one die)
BIRTH_TABLE_B = {1: "first son", 2: "second son", 3: "second son", 4: "second son", 5: "bastard", 6: "bastard"}


@dataclass(frozen=True)
class FatherPosition:
    name: str
    initial_funds: int
    allowance: int
    inheritance: int
    # the row of the Initial Social Level table this position falls under
    sl_row: str


# Birth Table C: Father's Position, by class then die roll
BIRTH_TABLE_C: dict[str, dict[int, FatherPosition]] = {
    "commoner": {
        1: FatherPosition("Peasant", 10, 0, 0, "Peasant"),
        2: FatherPosition("Peasant", 10, 0, 0, "Peasant"),
        3: FatherPosition("Small Merchant", 25, 5, 100, "Merchant"),
        4: FatherPosition("Merchant", 150, 20, 750, "Merchant"),
        5: FatherPosition("Wealthy Merchant", 250, 50, 1500, "Merchant"),
        6: FatherPosition("Very Wealthy Merchant", 500, 100, 4000, "Merchant"),
    },
    "gentleman": {
        1: FatherPosition("Impoverished", 40, 0, 100, "Gentleman"),
        2: FatherPosition("Impoverished", 40, 0, 100, "Gentleman"),
        3: FatherPosition("Well-to-do", 250, 50, 1500, "Gentleman"),
        4: FatherPosition("Well-to-do", 250, 50, 1500, "Gentleman"),
        5: FatherPosition("Wealthy", 500, 100, 4000, "Gentleman"),
        6: FatherPosition("Very Wealthy", 750, 125, 5000, "Very Wealthy Gentleman"),
    },
    # A nobleman's Initial Social Level comes from his father's title (Table D).
    "nobleman": {
        1: FatherPosition("Impoverished", 40, 0, 100, ""),
        2: FatherPosition("Impoverished", 40, 0, 100, ""),
        3: FatherPosition("Well-to-do", 250, 50, 1500, ""),
        4: FatherPosition("Wealthy", 500, 100, 4000, ""),
        5: FatherPosition("Very Wealthy", 750, 125, 5000, ""),
        6: FatherPosition("Very Wealthy", 750, 125, 5000, ""),
    },
}

# Birth Table D: Father's Title (if noble)
BIRTH_TABLE_D = {1: "Knight", 2: "Baron", 3: "Marquis", 4: "Earl", 5: "Viscount", 6: "Count"}

# Initial Social Level, by "Son of:"
INITIAL_SOCIAL_LEVEL = {
    "Peasant": 2,
    "Merchant": 3,
    "Gentleman": 4,
    "Very Wealthy Gentleman": 5,
    "Knight": 6,
    "Baron": 7,
    "Marquis": 8,
    "Earl": 9,
    "Viscount": 10,
    "Count": 11,
}

# Birth Table B notes: first son +10% funds and allowance, +1 SL; an orphaned
# noble first son +3 SL more; a bastard -10% and -1 SL.
FIRST_SON_PERCENT = 10
FIRST_SON_SL = 1
ORPHAN_NOBLE_SL = 3
BASTARD_PERCENT = -10
BASTARD_SL = -1

# -- e. Duelling: weapons (Duelling Table C; the number is the weapon number) --
WEAPONS = {
    "rapier": 1,
    "dagger": 1,
    "foil": 1,
    "sabre": 2,
    "cutlass": 3,
    "two-handed sword": 4,
}

# -- c. Clubs -------------------------------------------------------------------


@dataclass(frozen=True)
class Club:
    rank: int
    name: str
    min_social_level: int | None  # None: the requirement is not a Social Level
    requirement: str
    dues: int
    status_per_month: int
    house_limit: int | None  # None: no limit
    house_minimum: int  # Bothwell's: "None; min of 100"
    gambling_divisor: int
    aliases: tuple[str, ...] = ()


# Clubs Table
CLUBS: tuple[Club, ...] = (
    Club(1, "Bothwell's", 12, "SL of 12+", 30, 8, None, 100, 500, ("bothwells", "bothwell")),
    Club(2, "Hunter's", 9, "SL of 9+", 20, 6, 200, 0, 300, ("hunters", "hunter")),
    Club(3, "The Horse Guards", None, "Officer of Horse Guards Brigade", 20, 4, 250, 0, 300,
         ("horse guards", "horse guards club")),
    Club(4, "The Blue Gables", 7, "SL of 7+", 15, 4, 150, 0, 200, ("blue gables",)),
    Club(5, "The Frog & Peach", 5, "SL of 5+", 10, 3, 100, 0, 150,
         ("frog & peach", "frog and peach", "the frog and peach")),
    Club(6, "Red Phillips", 3, "SL of 3+", 5, 2, 50, 0, 150, ("red phillip", "red philips", "red phillips'")),
)
NO_CLUB_RANK = 7  # "7 No club"
# "Upon resigning, a player may not rejoin that club for three months"
REJOIN_BAR_MONTHS = 3

# Toady Table: the host's status points by the Social Level difference to his guest
TOADY_TABLE = ((range(0, 4), 1), (range(4, 7), 0), (range(7, 9), -1), (range(9, 11), -2))
TOADY_TABLE_11_PLUS = -3

# -- b. Time Sequence and Social Status -----------------------------------------
SUPPORT_MULTIPLIER = 2  # "twice his Social Level each month"
CONSPICUOUS_MULTIPLIER = 3  # "three times his Social Level ... rather than two"
CONSPICUOUS_STATUS = 1
RAISE_MULTIPLIER = 3  # "three times the number of the Social Level sought"
LOWEST_SOCIAL_LEVEL = 1

# -- d. Female Companionship ------------------------------------------------------
NO_COMPANIONSHIP_FIRST = 2  # "lose 2 Status Points the first month"
NO_COMPANIONSHIP_EACH_MORE = 2  # "and an additional 2 points each consecutive month"
FOOTPADS_ON = 6  # "This occurs on a roll of 6 on one die."

# -- e. Duelling: Practice ----------------------------------------------------------
PRACTICE_WEEKS_PER_POINT = 4


def club_by_name(name: str) -> Club | None:
    """Find a club by its name or a common spelling of it (case-insensitive)."""
    key = normalise_name(name)
    for club in CLUBS:
        if key == normalise_name(club.name) or key in {normalise_name(a) for a in club.aliases}:
            return club
    return None


def normalise_name(text: str) -> str:
    """Lower case, straight apostrophes, no leading 'the', single spaces."""
    s = text.lower().replace("\u2019", "'").replace("\u2018", "'").strip()
    s = " ".join(s.split())
    if s.startswith("the "):
        s = s[4:]
    return s.rstrip(".")
