"""a. Characters and Character Creation: the Birth Tables and the Initial Social Level table.

The rulebook's numbers as data, named as the book names them; a campaign overrides them
in ``[campaigns.ID.tables.creation]`` (and the rounding in ``[campaigns.ID.rules]``), a
table's row by its die roll (``[...tables.creation.birth_table_c_commoner.3]``) or, for
the Initial Social Level, by its "Son of:" (``[...tables.creation.initial_social_level.Earl]``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping

from ...tables import rows, value

# The classes and sibling ranks the rules know (a nobleman's father has a title; a first
# son may be an orphan): names, not numbers.
SOCIAL_CLASSES = ("commoner", "gentleman", "nobleman")
SIBLING_RANKS = ("first son", "second son", "bastard")
FIRST_SON, BASTARD, NOBLEMAN = "first son", "bastard", "nobleman"

_DIE = {"low": 1, "high": 6, "note": "the roll of one die"}
_CROWNS = {"low": 0, "high": 1_000_000}


@dataclass(frozen=True)
class ClassRoll:
    """A row of Birth Table A: Class."""

    roll: int = field(metadata=_DIE)
    social_class: str = field(metadata={"choices": SOCIAL_CLASSES, "note": "Class"})


@dataclass(frozen=True)
class SiblingRoll:
    """A row of Birth Table B: Sibling Rank."""

    roll: int = field(metadata=_DIE)
    sibling_rank: str = field(metadata={"choices": SIBLING_RANKS, "note": "Sibling Rank"})


@dataclass(frozen=True)
class FatherPosition:
    """A row of Birth Table C: Father's Position."""

    roll: int = field(metadata=_DIE)
    name: str
    initial_funds: int = field(metadata={**_CROWNS, "note": "Initial Funds, crowns"})
    allowance: int = field(metadata={**_CROWNS, "note": "Allowance, crowns a month"})
    inheritance: int = field(metadata={**_CROWNS, "note": "Inheritance, crowns (an orphan's, instead of the funds)"})
    # the row of the Initial Social Level table this position falls under
    sl_row: str = field(metadata={"note": 'the row of the Initial Social Level table ("Son of:"); a nobleman\'s '
                                          "is his father's title (Birth Table D)"})


@dataclass(frozen=True)
class TitleRoll:
    """A row of Birth Table D: Father's Title (if Noble)."""

    roll: int = field(metadata=_DIE)
    title: str = field(metadata={"note": "Father's Title: a row of the Initial Social Level table"})


@dataclass(frozen=True)
class SonOf:
    """A row of the Initial Social Level table."""

    name: str
    social_level: int = field(metadata={"low": 1, "high": 30, "note": "Social Level"})


def _by_roll(table: tuple[Any, ...]) -> Mapping[int, Any]:
    return {row.roll: row for row in table}


@dataclass(frozen=True)
class CreationTables:
    birth_table_a: tuple[ClassRoll, ...] = rows(
        ClassRoll(1, "commoner"), ClassRoll(2, "commoner"), ClassRoll(3, "gentleman"),
        ClassRoll(4, "gentleman"), ClassRoll(5, "nobleman"), ClassRoll(6, "nobleman"),
        key="roll", note="Birth Table A: Class (one die)")
    birth_table_b: tuple[SiblingRoll, ...] = rows(
        SiblingRoll(1, "first son"), SiblingRoll(2, "second son"), SiblingRoll(3, "second son"),
        SiblingRoll(4, "second son"), SiblingRoll(5, "bastard"), SiblingRoll(6, "bastard"),
        key="roll", note="Birth Table B: Sibling Rank (one die)")
    birth_table_c_commoner: tuple[FatherPosition, ...] = rows(
        FatherPosition(1, "Peasant", 10, 0, 0, "Peasant"),
        FatherPosition(2, "Peasant", 10, 0, 0, "Peasant"),
        FatherPosition(3, "Small Merchant", 25, 5, 100, "Merchant"),
        FatherPosition(4, "Merchant", 150, 20, 750, "Merchant"),
        FatherPosition(5, "Wealthy Merchant", 250, 50, 1500, "Merchant"),
        FatherPosition(6, "Very Wealthy Merchant", 500, 100, 4000, "Merchant"),
        key="roll", note="Birth Table C: Father's Position, Commoner (one die)")
    birth_table_c_gentleman: tuple[FatherPosition, ...] = rows(
        FatherPosition(1, "Impoverished", 40, 0, 100, "Gentleman"),
        FatherPosition(2, "Impoverished", 40, 0, 100, "Gentleman"),
        FatherPosition(3, "Well-to-do", 250, 50, 1500, "Gentleman"),
        FatherPosition(4, "Well-to-do", 250, 50, 1500, "Gentleman"),
        FatherPosition(5, "Wealthy", 500, 100, 4000, "Gentleman"),
        FatherPosition(6, "Very Wealthy", 750, 125, 5000, "Very Wealthy Gentleman"),
        key="roll", note="Birth Table C: Father's Position, Gentleman (one die)")
    # A nobleman's Initial Social Level comes from his father's title (Table D).
    birth_table_c_nobleman: tuple[FatherPosition, ...] = rows(
        FatherPosition(1, "Impoverished", 40, 0, 100, ""),
        FatherPosition(2, "Impoverished", 40, 0, 100, ""),
        FatherPosition(3, "Well-to-do", 250, 50, 1500, ""),
        FatherPosition(4, "Wealthy", 500, 100, 4000, ""),
        FatherPosition(5, "Very Wealthy", 750, 125, 5000, ""),
        FatherPosition(6, "Very Wealthy", 750, 125, 5000, ""),
        key="roll", note="Birth Table C: Father's Position, Nobleman (one die)")
    birth_table_d: tuple[TitleRoll, ...] = rows(
        TitleRoll(1, "Knight"), TitleRoll(2, "Baron"), TitleRoll(3, "Marquis"),
        TitleRoll(4, "Earl"), TitleRoll(5, "Viscount"), TitleRoll(6, "Count"),
        key="roll", note="Birth Table D: Father's Title (if Noble) (one die)")
    initial_social_level: tuple[SonOf, ...] = rows(
        SonOf("Peasant", 2),
        SonOf("Merchant", 3),
        SonOf("Gentleman", 4),
        SonOf("Very Wealthy Gentleman", 5),
        SonOf("Knight", 6),
        SonOf("Baron", 7),
        SonOf("Marquis", 8),
        SonOf("Earl", 9),
        SonOf("Viscount", 10),
        SonOf("Count", 11),
        key="name", note='Initial Social Level, by "Son of:"')
    ability_dice: int = value(3, low=1, high=6, note="Strength, Constitution and Expertise: \"The first three of the "
                              "above abilities are found by rolling three dice for each\"")
    # Birth Table B's notes
    first_son_percent: int = value(10, low=-100, high=1000, note='first son: "Increase Initial Funds and Allowance by '
                                   '10%"')
    first_son_sl: int = value(1, low=-30, high=30, note='first son: "and Initial Social Level by 1"')
    orphan_on: int = value(1, low=0, high=6, note='first son: "Then roll one die again. On a roll of 1, you are an '
                           'orphan" (this roll or lower; 0: never)')
    orphan_noble_sl: int = value(3, low=-30, high=30, note='an orphan: "if noble, you receive your Father\'s Title '
                                 'and increase your Initial Social Level by another 3"')
    bastard_percent: int = value(-10, low=-100, high=1000, note='bastard: "Decrease Initial Funds and Allowance by '
                                 '10%"')
    bastard_sl: int = value(-1, low=-30, high=30, note='bastard: "and subtract 1 from Initial Social Level"')
    rounding: str = value("down", choices=("down", "nearest", "up"), setting=True,
                          note="Birth Table B's +/-10% of crowns: fractions of a crown dropped, rounded or raised")

    def social_class(self, roll: int) -> str:
        """Birth Table A: the class on this roll."""
        return _by_roll(self.birth_table_a)[roll].social_class

    def sibling_rank(self, roll: int) -> str:
        """Birth Table B: the sibling rank on this roll."""
        return _by_roll(self.birth_table_b)[roll].sibling_rank

    def sibling_ranks(self) -> tuple[str, ...]:
        """The sibling ranks Birth Table B gives, each once."""
        return tuple(dict.fromkeys(row.sibling_rank for row in self.birth_table_b))

    def father_positions(self, social_class: str) -> tuple[FatherPosition, ...]:
        """Birth Table C: the section of ``social_class`` (a KeyError for a class not on it)."""
        return self._birth_table_c[social_class]

    def father_position(self, social_class: str, roll: int) -> FatherPosition:
        """Birth Table C: the father's position of ``social_class`` on this roll."""
        return _by_roll(self.father_positions(social_class))[roll]

    def father_title(self, roll: int) -> str:
        """Birth Table D: the father's title on this roll."""
        return _by_roll(self.birth_table_d)[roll].title

    def social_level_of(self, son_of: str | None) -> int | None:
        """Initial Social Level of the son of ``son_of`` (a row's name), or None if no row has it."""
        return next((row.social_level for row in self.initial_social_level if row.name == son_of), None)

    @cached_property
    def _birth_table_c(self) -> Mapping[str, tuple[FatherPosition, ...]]:
        return {"commoner": self.birth_table_c_commoner, "gentleman": self.birth_table_c_gentleman,
                "nobleman": self.birth_table_c_nobleman}
