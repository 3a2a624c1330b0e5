"""g. MA and Regiments: Regimental Tables A to D, horses, duty and organisation.

The rulebook's numbers as data, named as the book names them: ``RegimentsTables`` holds
them with the book's values as defaults, and a campaign overrides any of them
(``[campaigns.ID.tables.regiments]``).  The names (of the brigades, the ranks, the posts of
a regiment's establishment) stay constants: the rules and the campaign's saved rosters are
written in them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cached_property
from typing import Mapping

from ...tables import column, TablesError, frozen, rows, value
from ...text import normalise_name

# The brigades, as Regimental Table C names them (the Force tables of h. Campaign use the
# same names), and the two Frontier regiments, which are no brigade's.
# (The Frontier Regiments and the RNHB are not brigades; they appear in every
# campaign as units of their own.)
GUARDS_BRIGADE = "Brigade of Guards"
HORSE_GUARDS_BRIGADE = "Horse Guards Brigade"
HEAVY_BRIGADE = "Heavy Brigade"
DRAGOON_BRIGADE = "Dragoon Brigade"
FIRST_FOOT = "1st Brigade of Foot"
SECOND_FOOT = "2nd Brigade of Foot"
THIRD_FOOT = "3rd Brigade of Foot"
FOURTH_FOOT = "4th Brigade of Foot"
FRONTIER = "Frontier Regiment"
RNHB = "Royal North Highland Border Regiment"

FRONTIER_REGIMENT = FRONTIER  # "Frontier Regiments  Automatic"
RNHB_REGIMENT = RNHB  # volunteers only: no Table A row

# Regimental Table B's ranks, lowest first: the rules name them in their text ("Majors and
# above"), so they are names, not a table a campaign changes.
RANKS = ("Private", "Subaltern", "Captain", "Major", "Lieutenant-Colonel", "Colonel")
GENERAL_RANKS = ("Brigadier-General", "Lieutenant-General", "General", "Field Marshal")

# "There are ten officers above the rank of Subaltern in each Regiment" (Sample Organisation I):
# the posts of a regiment's roster, in order.  A campaign's saved rosters are lists of these
# posts, so the establishment is their shape, not a number a campaign may change.
REGIMENT_ESTABLISHMENT = ("Colonel", "Lieutenant-Colonel", "Major", "Major",
                          "Captain", "Captain", "Captain", "Captain", "Captain", "Captain")
# The command each post of the establishment holds, in the same order
REGIMENT_COMMANDS = ("Regimental Commander", "1st {unit} Commander", "2nd {unit} Commander",
                     "3rd {unit} Commander", "A {sub} Commander", "B {sub} Commander", "C {sub} Commander",
                     "D {sub} Commander", "E {sub} Commander", "F {sub} Commander")

# Regimental Table A's "-": he may not apply at that Social Level.  A number, so that a
# campaign can write it (TOML has no null); any roll needed of 7 or more reads as "-".
NO_APPLICATION = 7


# -- Regimental Table A: Application to Regiment ------------------------------------
# The minimum die roll (one die) to be accepted, by Social Level 1..16; 7 (NO_APPLICATION)
# is "-" (he may not apply at that Social Level).  Listed in order of social
# standing: the Royal Foot Guards highest, the Frontier Regiments lowest.
@dataclass(frozen=True)
class Application:
    """One regiment's row of Regimental Table A."""

    name: str
    rolls: tuple[int, ...] = dataclasses.field(metadata={
        "note": "the roll needed at Social Level 1 to 16 (7: \"-\", he may not apply)"})


_ = NO_APPLICATION
_TABLE_A: dict[str, tuple[int, ...]] = {
    "Royal Foot Guards": (_, _, _, _, _, _, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1),
    "Cardinal's Guard": (_, _, _, _, _, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0),
    "King's Musketeers": (_, _, _, _, _, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0),
    "Dragoon Guards": (_, _, _, _, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0),
    "Queen's Own Carabiniers": (_, _, _, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, -1),
    "Archduke Leopold Cuirassiers": (_, _, _, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, -1),
    "Crown Prince Cuirassiers": (_, _, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, -1, -1),
    "Royal Marines": (_, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, -1, -1, -2),
    "Grand Duke Max's Dragoons": (_, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, -1, -1, -2),
    "Picardy Musketeers": (5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, -1, -1, -2, -2),
    "13th Fusiliers": (5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, -1, -1, -2, -2, -3),
    "Princess Louisa's Light Dragoons": (5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, -1, -1, -2, -2, -3),
    "53rd Fusiliers": (4, 4, 3, 3, 2, 2, 1, 1, 0, 0, -1, -1, -2, -2, -3, -3),
    "27th Musketeers": (4, 4, 3, 3, 2, 2, 1, 1, 0, 0, -1, -1, -2, -2, -3, -3),
    "4th Arquebusiers": (4, 4, 3, 3, 2, 2, 1, 1, 0, 0, -1, -1, -2, -2, -3, -3),
    "69th Arquebusiers": (4, 3, 3, 2, 2, 1, 1, 0, 0, -1, -1, -2, -2, -3, -3, -4),
    "Gascon Regiment": (4, 3, 3, 2, 2, 1, 1, 0, 0, -1, -1, -2, -2, -3, -3, -4),
}
del _


# -- Regimental Table B: The Regiments -----------------------------------------------
@dataclass(frozen=True)
class RankTerms:
    """One rank in one column of Regimental Table B (None: "-")."""

    min_social_level: int | None = column(1, 30, "Min. social level")
    price: int | None = column(0, 100_000, 'Purchase price: "the amount of money it takes to receive that rank '
                               'from the rank immediately below it"')
    pay: int = column(0, 10_000, "Monthly pay")
    status: int = column(0, 100, "Monthly status")


@dataclass(frozen=True)
class Column:
    """One column of Regimental Table B ("Each regiment uses one of the columns"): the terms
    of each rank, named as ``RANKS`` names them (``Lieutenant-Colonel``: ``lieutenant_colonel``)."""

    column: int
    private: RankTerms
    subaltern: RankTerms
    captain: RankTerms
    major: RankTerms
    lieutenant_colonel: RankTerms
    colonel: RankTerms

    def terms(self, rank: str) -> RankTerms | None:
        return getattr(self, _rank_field(rank), None) if rank in RANKS else None


def _rank_field(rank: str) -> str:
    return rank.lower().replace("-", "_")


def _rank_row(sl, price, pay, status) -> tuple[RankTerms, ...]:
    return tuple(RankTerms(*row) for row in zip(sl, price, pay, status))


_N = (None,) * 10
# _TABLE_B[rank][column - 1], as the book prints it: a rank's row across the ten columns
_TABLE_B: dict[str, tuple[RankTerms, ...]] = {
    "Private": _rank_row((7, 6, 5, 4, 3, 2, None, None, None, None), _N,
                       (12, 10, 10, 8, 8, 6, 4, 4, 2, 2), (6, 5, 4, 3, 3, 2, 1, 0, 0, 0)),
    "Subaltern": _rank_row((8, 7, 6, 5, 4, 3, 2, 2, None, None), (140, 130, 120, 110, 100, 90, 80, 70, 60, 50),
                         (16, 14, 14, 10, 10, 8, 6, 6, 4, 4), (7, 6, 5, 4, 4, 3, 2, 1, 0, 0)),
    "Captain": _rank_row((9, 8, 7, 6, 5, 4, 3, 3, 2, 2), (150, 140, 130, 120, 110, 100, 90, 80, 70, 60),
                       (18, 16, 16, 14, 14, 12, 10, 10, 8, 8), (8, 7, 6, 5, 5, 4, 3, 2, 1, 0)),
    "Major": _rank_row((10, 9, 8, 7, 6, 5, 4, 4, 3, 3), (170, 160, 150, 140, 130, 120, 110, 100, 90, 80),
                     (22, 20, 20, 18, 18, 16, 14, 14, 12, 12), (9, 8, 7, 6, 6, 5, 4, 3, 2, 1)),
    "Lieutenant-Colonel": _rank_row((11, 10, 9, 8, 7, 6, 5, 5, 4, 4), (190, 180, 170, 160, 150, 140, 130, 120, 110, 100),
                                  (26, 24, 24, 22, 22, 20, 18, 18, 16, 16), (10, 9, 8, 7, 7, 6, 5, 4, 3, 2)),
    "Colonel": _rank_row((12, 11, 10, 9, 8, 7, 6, 6, 5, 5), (240, 230, 220, 210, 200, 190, 180, 170, 160, 150),
                       (30, 28, 28, 26, 26, 24, 22, 22, 20, 20), (11, 10, 9, 8, 8, 7, 6, 5, 4, 3)),
}
del _N
_COLUMNS_B = tuple(Column(c, *(_TABLE_B[rank][c - 1] for rank in RANKS)) for c in range(1, 11))
# General officers: the same in every regiment (never bought)
_GENERAL_OFFICERS: dict[str, RankTerms] = {
    "Brigadier-General": RankTerms(6, None, 30, 8),
    "Lieutenant-General": RankTerms(8, None, 35, 9),
    "General": RankTerms(10, None, 40, 10),
    "Field Marshal": RankTerms(12, None, 45, 20),
}


# -- Regimental Table C: Brigades, Friends & Enemies and Weapons ----------------------
@dataclass(frozen=True)
class BrigadeMajorRoll:
    """One line of the yearly Brigade Major roll (one die): on ``low`` to ``high`` the
    Brigade Major is from ``regiment``."""

    low: int = column(1, 6)
    high: int = column(1, 6)
    regiment: str = ""


@dataclass(frozen=True)
class Brigade:
    name: str
    status: int = column(0, 100, '"Status for Brigade position": "awarded to the Brigade commander and '
                         'Brigade Major"')
    regiments: tuple[str, ...] = ()
    # The yearly Brigade Major roll (one die): which regiment's Major serves
    brigade_major_roll: tuple[BrigadeMajorRoll, ...] = ()


def _bm(first: str, second: str) -> tuple[BrigadeMajorRoll, ...]:
    # "On a roll of 1 through 3, the Brigade Major is from the first named Regiment of the
    # Brigade; on a 4 through 6, he is from the second named Regiment."
    return (BrigadeMajorRoll(1, 3, first), BrigadeMajorRoll(4, 6, second))


_TABLE_C: tuple[Brigade, ...] = (
    Brigade(GUARDS_BRIGADE, 6, ("Royal Foot Guards", "Cardinal's Guard", "King's Musketeers"),
            # "from the Royal Foot Guards on a roll of 1 or 2, from the King's Musketeers on a roll of
            # 3 or 4 and from the Cardinal's Guard on a roll of 5 or 6"
            (BrigadeMajorRoll(1, 2, "Royal Foot Guards"), BrigadeMajorRoll(3, 4, "King's Musketeers"),
             BrigadeMajorRoll(5, 6, "Cardinal's Guard"))),
    Brigade(HORSE_GUARDS_BRIGADE, 5, ("Dragoon Guards", "Queen's Own Carabiniers"),
            _bm("Dragoon Guards", "Queen's Own Carabiniers")),
    Brigade(HEAVY_BRIGADE, 4, ("Crown Prince Cuirassiers", "Archduke Leopold Cuirassiers"),
            _bm("Crown Prince Cuirassiers", "Archduke Leopold Cuirassiers")),
    Brigade(DRAGOON_BRIGADE, 3, ("Grand Duke Max's Dragoons", "Princess Louisa's Light Dragoons"),
            _bm("Grand Duke Max's Dragoons", "Princess Louisa's Light Dragoons")),
    Brigade(FIRST_FOOT, 2, ("Royal Marines", "Picardy Musketeers"),
            _bm("Royal Marines", "Picardy Musketeers")),
    Brigade(SECOND_FOOT, 1, ("13th Fusiliers", "53rd Fusiliers"), _bm("13th Fusiliers", "53rd Fusiliers")),
    Brigade(THIRD_FOOT, 1, ("27th Musketeers", "4th Arquebusiers"),
            _bm("27th Musketeers", "4th Arquebusiers")),
    Brigade(FOURTH_FOOT, 0, ("69th Arquebusiers", "Gascon Regiment"),
            _bm("69th Arquebusiers", "Gascon Regiment")),
)


@dataclass(frozen=True)
class RegimentInfo:
    """One regiment: Tables A (standing), B (column), C (brigade, weapon), D (friend, enemy)."""

    name: str
    standing: int = column(1, 100, "1 = Royal Foot Guards ... 18 = Frontier Regiment (Regimental Table A order)")
    column: int = column(1, 10, '"Each regiment uses one of the columns" of Regimental Table B')
    cavalry: bool = dataclasses.field(metadata={"note": '"* Cavalry Regiment"'})
    brigade: str | None = dataclasses.field(metadata={"note": "Regimental Table C: its brigade (none: the Frontier's)"})
    weapon: str = dataclasses.field(metadata={"note": "Regimental Table C: its weapon"})
    aliases: tuple[str, ...] = ()


_WEAPONS_C = {"Royal Marines": "cutlass"}
_CAVALRY = {"Dragoon Guards", "Queen's Own Carabiniers", "Archduke Leopold Cuirassiers", "Crown Prince Cuirassiers",
            "Grand Duke Max's Dragoons", "Princess Louisa's Light Dragoons"}
# "Each regiment uses one of the columns as follows"
_COLUMNS = {"Royal Foot Guards": 1, "Cardinal's Guard": 2, "King's Musketeers": 2, "Dragoon Guards": 3,
            "Queen's Own Carabiniers": 4, "Archduke Leopold Cuirassiers": 4, "Crown Prince Cuirassiers": 5,
            "Royal Marines": 6, "Grand Duke Max's Dragoons": 6, "Picardy Musketeers": 7, "13th Fusiliers": 8,
            "Princess Louisa's Light Dragoons": 8, "53rd Fusiliers": 9, "27th Musketeers": 9,
            "4th Arquebusiers": 9, "69th Arquebusiers": 10, "Gascon Regiment": 10}
_ALIASES = {"Royal Foot Guards": ("foot guards", "rfg"), "Cardinal's Guard": ("cardinals guard", "cardinal's guards"),
            "King's Musketeers": ("kings musketeers", "musketeers"), "Queen's Own Carabiniers": ("carabiniers",),
            "Archduke Leopold Cuirassiers": ("archduke leo cuirassiers",), "Grand Duke Max's Dragoons": ("gdmd",),
            "Princess Louisa's Light Dragoons": ("princess louisa light dragoons", "pllfd", "light dragoons"),
            "Gascon Regiment": ("the gascon regiment", "gascons"), FRONTIER_REGIMENT: ("frontier", "frontier regiments")}


def _brigade_of(name: str) -> str | None:
    return next((b.name for b in _TABLE_C if name in b.regiments), None)


_REGIMENTS: tuple[RegimentInfo, ...] = tuple(
    RegimentInfo(name, i, _COLUMNS[name], name in _CAVALRY, _brigade_of(name),
                 "sabre" if name in _CAVALRY else _WEAPONS_C.get(name, "rapier"), _ALIASES.get(name, ()))
    for i, name in enumerate(_TABLE_A, start=1)
) + (
    # "Frontier Regiments receive the same pay as the Gascon Regiment" (h. Volunteers):
    # Table B column 10.  HOUSE VALUE: the rules give them no brigade or weapon; engarde
    # arms them with the rapier.
    RegimentInfo(FRONTIER_REGIMENT, len(_TABLE_A) + 1, 10, False, None, "rapier",
                 _ALIASES[FRONTIER_REGIMENT]),
    # HOUSE VALUES: the Royal North Highland Border Regiment ("an élite Frontier
    # Regiment") has no row in Table A (one campaigns with it by volunteering, meeting
    # its requirements), no Table B column and no weapon in the rules; engarde pays it
    # as a Frontier Regiment (column 10) and arms it with the rapier.  Its outcome
    # modifiers (RNHB Regiment) are the rules'.
    RegimentInfo(RNHB_REGIMENT, len(_TABLE_A) + 2, 10, False, None, "rapier",
                 ("rnhb", "rnhb regiment", "royal north highland borderers", "royal north highland border")),
)
RNHB_HOUSE_VALUES = True  # the RNHB's column and weapon above are engarde's, not the rules'


# -- Regimental Table D: friends and enemies (en-garde-tables.md; symmetric) ----------
@dataclass(frozen=True)
class Relations:
    """A regiment's friend and enemy (None: none; a regiment not named is neutral)."""

    friend: str | None = None
    enemy: str | None = None


_TABLE_D: dict[str, Relations] = {
    "Royal Foot Guards": Relations("King's Musketeers", None),
    "Cardinal's Guard": Relations(None, "King's Musketeers"),
    "King's Musketeers": Relations("Royal Foot Guards", "Cardinal's Guard"),
    "Dragoon Guards": Relations("Grand Duke Max's Dragoons", "Queen's Own Carabiniers"),
    "Queen's Own Carabiniers": Relations("Crown Prince Cuirassiers", "Dragoon Guards"),
    "Archduke Leopold Cuirassiers": Relations("Royal Marines", "Grand Duke Max's Dragoons"),
    "Crown Prince Cuirassiers": Relations("Queen's Own Carabiniers", "53rd Fusiliers"),
    "Grand Duke Max's Dragoons": Relations("Dragoon Guards", "Archduke Leopold Cuirassiers"),
    "Princess Louisa's Light Dragoons": Relations("69th Arquebusiers", "Gascon Regiment"),
    "Royal Marines": Relations("Archduke Leopold Cuirassiers", "69th Arquebusiers"),
    "Picardy Musketeers": Relations("27th Musketeers", "4th Arquebusiers"),
    "13th Fusiliers": Relations("53rd Fusiliers", "27th Musketeers"),
    "53rd Fusiliers": Relations("13th Fusiliers", "Crown Prince Cuirassiers"),
    "27th Musketeers": Relations("Picardy Musketeers", "13th Fusiliers"),
    "4th Arquebusiers": Relations("Gascon Regiment", "Picardy Musketeers"),
    "69th Arquebusiers": Relations("Princess Louisa's Light Dragoons", "Royal Marines"),
    "Gascon Regiment": Relations("4th Arquebusiers", "Princess Louisa's Light Dragoons"),
}


@dataclass(frozen=True)
class RegimentsTables:
    """g. MA and Regiments: Regimental Tables A to D, the regiments, horses, duty, promotion."""

    regimental_table_a: tuple[Application, ...] = rows(
        *(Application(name, rolls) for name, rolls in _TABLE_A.items()), key="name",
        note='Regimental Table A: "the minimum die roll needed to be accepted into that Regiment per Social '
        'Level" (Social Level 1 to 16, in order of social standing; 7: "-", he may not apply)')
    regimental_table_b: tuple[Column, ...] = rows(
        *_COLUMNS_B, key="column", note='Regimental Table B: "the minimum Social Level, Status Points received '
        'monthly, pay per month, and price required to purchase a particular rank", by column')
    general_officers: Mapping[str, RankTerms] = value(
        _GENERAL_OFFICERS, note="Regimental Table B: the general officers, the same in every regiment")
    regimental_table_c: tuple[Brigade, ...] = rows(
        *_TABLE_C, key="name", note="Regimental Table C: the brigades, their regiments, the status of a Brigade "
        "position and the yearly Brigade Major roll")
    regimental_table_d: Mapping[str, Relations] = value(
        _TABLE_D, note="Regimental Table D: each regiment's friend and enemy (en-garde-tables.md)")
    regiments: tuple[RegimentInfo, ...] = rows(
        *_REGIMENTS, key="name", note="each regiment: its standing (Table A), column (Table B), brigade and "
        "weapon (Table C), and the spellings it is known by")
    highest_entry_rank: str = value("Major", choices=RANKS, note='"A rank up to and including that of Major may be '
                                    'bought immediately upon entry into the Regiment"')
    rejections_per_penalty: int = value(2, low=1, high=100, note='"For every two rejections, the character must '
                                        'subtract one from his die roll on subsequent applications"')
    rejection_penalty: int = value(1, high=6, note='"For every two rejections, the character must subtract one '
                                   'from his die roll"')
    horse_price: int = value(100, high=100_000, note='"A horse costs 100 crowns"')
    horse_support: int = value(3, high=10_000, note='"and requires support of 3 crowns per month"')
    groom_pay: int = value(2, high=10_000, note='"A groom must be paid 2 crowns per month, but only one need be '
                           'hired"')
    horses_cavalry_or_captain: int = value(1, high=10, note='"Members of Cavalry Regiments and Captains of any '
                                           'Regiment must buy one horse and equipment"')
    horses_major_and_above: int = value(3, high=10, note='"Majors and above in any Regiment must buy three horses '
                                        'and equipment"')
    duty_weeks: Mapping[str, int] = value(
        {"Private": 2, "Subaltern": 1}, low=0, high=4, note='"Characters with the rank of Private must spend two '
        'weeks of each month on duty ... Subalterns must spend one week of every month on duty" (a month has four)')
    duty_excused_on: int = value(5, low=1, high=7, note='"A non-player Battalion Commander will excuse a player from '
                                 'one week of duty on a roll of 5 or greater on one die" (7: never)')
    below_minimum_months: int = value(3, low=1, high=120, note='"the character has three game months to raise his '
                                      'Social Level to the required minimum. If he does not, he is expelled"')

    def __post_init__(self) -> None:
        # What an override cannot say cell by cell: each brigade's yearly Brigade Major roll
        # names, for every face of the die, exactly one of the brigade's own regiments.
        for brigade in self.regimental_table_c:
            key = f'tables.regiments.regimental_table_c."{brigade.name}".brigade_major_roll'
            faces = [face for line in brigade.brigade_major_roll for face in range(line.low, line.high + 1)]
            if brigade.brigade_major_roll and sorted(faces) != list(range(1, 7)):
                raise TablesError(f"{key}: its lines must cover each face of one die, 1 to 6, once "
                                  f"(they cover {sorted(faces)})")
            for line in brigade.brigade_major_roll:
                if line.regiment not in brigade.regiments:
                    raise TablesError(f"{key}: {line.regiment!r} is not a regiment of the {brigade.name} "
                                      f"({', '.join(brigade.regiments)})")

    # -- lookups ---------------------------------------------------------------------

    @cached_property
    def spellings(self) -> Mapping[str, RegimentInfo]:
        """Every spelling of every regiment (its name and aliases, with and without
        apostrophes, normalised) -> the regiment; the first regiment listed keeps a
        spelling two share."""
        found: dict[str, RegimentInfo] = {}
        for reg in self.regiments:
            names = {normalise_name(reg.name), *(normalise_name(a) for a in reg.aliases)}
            names |= {n.replace("'", "") for n in names}
            for spelling in sorted(names):
                found.setdefault(spelling, reg)
        return frozen(found)

    @cached_property
    def applications(self) -> Mapping[str, tuple[int, ...]]:
        """Regimental Table A by regiment: the rolls needed at Social Level 1 to 16."""
        return frozen({row.name: row.rolls for row in self.regimental_table_a})

    @cached_property
    def columns(self) -> Mapping[int, Column]:
        """Regimental Table B by column number."""
        return frozen({c.column: c for c in self.regimental_table_b})

    def regiment(self, name: str) -> RegimentInfo | None:
        """Find a regiment by its name or a common spelling (case-insensitive)."""
        key = normalise_name(name).replace("’", "'")
        return self.spellings.get(key.replace("'", ""))

    def brigade(self, name: str | None) -> Brigade | None:
        """Regimental Table C's brigade called ``name``."""
        return next((b for b in self.regimental_table_c if b.name == name), None)

    def rank_terms(self, regiment: RegimentInfo, rank: str) -> RankTerms | None:
        """Regimental Table B for ``rank`` in ``regiment`` (general officers: the same everywhere)."""
        if rank in self.general_officers:
            return self.general_officers[rank]
        column = self.columns.get(regiment.column)
        return column.terms(rank) if column else None
