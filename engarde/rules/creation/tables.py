"""a. Characters and Character Creation: the Birth Tables and the Initial Social Level table.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...tables import value

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


@dataclass(frozen=True)
class CreationTables:
    rounding: str = value("down", choices=("down", "nearest", "up"), setting=True,
                          note="Birth Table B's +/-10% of crowns: fractions of a crown dropped, rounded or raised")
