"""g. MA and Regiments: Regimental Tables A to D, horses, duty and organisation.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...text import normalise_name

# The brigades, as Regimental Table C names them (the Force tables of h. Campaign use the
# same names), and the two Frontier regiments, which are no brigade's.
# The units of the Force tables, named as Regimental Table C names the brigades.
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

# Regimental friends and enemies: ``REGIMENTAL_TABLE_D`` (g. Regiments, below).


# ==============================================================================
# g. MA and Regiments (owned by engarde.rules.regiments)
# ==============================================================================

# -- Regimental Table A: Application to Regiment ------------------------------------
# The minimum die roll (one die) to be accepted, by Social Level 1..16; None is
# "-" (he may not apply at that Social Level).  Listed in order of social
# standing: the Royal Foot Guards highest, the Frontier Regiments lowest.
_ = None
REGIMENTAL_TABLE_A: dict[str, tuple[int | None, ...]] = {
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
FRONTIER_REGIMENT = "Frontier Regiment"  # "Frontier Regiments  Automatic"
RNHB_REGIMENT = RNHB  # volunteers only: no Table A row

# -- Regimental Table B: The Regiments -----------------------------------------------
RANKS = ("Private", "Subaltern", "Captain", "Major", "Lieutenant-Colonel", "Colonel")
GENERAL_RANKS = ("Brigadier-General", "Lieutenant-General", "General", "Field Marshal")
# "A rank up to and including that of Major may be bought immediately upon entry"
HIGHEST_ENTRY_RANK = "Major"


@dataclass(frozen=True)
class RankTerms:
    """One rank in one column of Regimental Table B (None: "-")."""

    min_social_level: int | None
    price: int | None  # from the rank immediately below
    pay: int
    status: int


def _column(sl, price, pay, status):
    return tuple(RankTerms(*row) for row in zip(sl, price, pay, status))


_N = (None,) * 10
# REGIMENTAL_TABLE_B[rank][column - 1]
REGIMENTAL_TABLE_B: dict[str, tuple[RankTerms, ...]] = {
    "Private": _column((7, 6, 5, 4, 3, 2, None, None, None, None), _N,
                       (12, 10, 10, 8, 8, 6, 4, 4, 2, 2), (6, 5, 4, 3, 3, 2, 1, 0, 0, 0)),
    "Subaltern": _column((8, 7, 6, 5, 4, 3, 2, 2, None, None), (140, 130, 120, 110, 100, 90, 80, 70, 60, 50),
                         (16, 14, 14, 10, 10, 8, 6, 6, 4, 4), (7, 6, 5, 4, 4, 3, 2, 1, 0, 0)),
    "Captain": _column((9, 8, 7, 6, 5, 4, 3, 3, 2, 2), (150, 140, 130, 120, 110, 100, 90, 80, 70, 60),
                       (18, 16, 16, 14, 14, 12, 10, 10, 8, 8), (8, 7, 6, 5, 5, 4, 3, 2, 1, 0)),
    "Major": _column((10, 9, 8, 7, 6, 5, 4, 4, 3, 3), (170, 160, 150, 140, 130, 120, 110, 100, 90, 80),
                     (22, 20, 20, 18, 18, 16, 14, 14, 12, 12), (9, 8, 7, 6, 6, 5, 4, 3, 2, 1)),
    "Lieutenant-Colonel": _column((11, 10, 9, 8, 7, 6, 5, 5, 4, 4), (190, 180, 170, 160, 150, 140, 130, 120, 110, 100),
                                  (26, 24, 24, 22, 22, 20, 18, 18, 16, 16), (10, 9, 8, 7, 7, 6, 5, 4, 3, 2)),
    "Colonel": _column((12, 11, 10, 9, 8, 7, 6, 6, 5, 5), (240, 230, 220, 210, 200, 190, 180, 170, 160, 150),
                       (30, 28, 28, 26, 26, 24, 22, 22, 20, 20), (11, 10, 9, 8, 8, 7, 6, 5, 4, 3)),
}
del _N
# General officers: the same in every regiment (never bought)
GENERAL_OFFICERS: dict[str, RankTerms] = {
    "Brigadier-General": RankTerms(6, None, 30, 8),
    "Lieutenant-General": RankTerms(8, None, 35, 9),
    "General": RankTerms(10, None, 40, 10),
    "Field Marshal": RankTerms(12, None, 45, 20),
}


# -- Regimental Table C: Brigades, Friends & Enemies and Weapons ----------------------
@dataclass(frozen=True)
class Brigade:
    name: str
    status: int  # "Status for Brigade position": to the Brigade commander and Brigade Major
    regiments: tuple[str, ...]
    # The yearly Brigade Major roll (one die): which regiment's Major serves
    brigade_major_roll: tuple[tuple[range, str], ...] = ()


def _bm(first: str, second: str) -> tuple[tuple[range, str], ...]:
    return ((range(1, 4), first), (range(4, 7), second))  # 1-3 the first named, 4-6 the second


REGIMENTAL_TABLE_C: tuple[Brigade, ...] = (
    Brigade("Brigade of Guards", 6, ("Royal Foot Guards", "Cardinal's Guard", "King's Musketeers"),
            # "from the Royal Foot Guards on a roll of 1 or 2, from the King's Musketeers on a roll of
            # 3 or 4 and from the Cardinal's Guard on a roll of 5 or 6"
            ((range(1, 3), "Royal Foot Guards"), (range(3, 5), "King's Musketeers"),
             (range(5, 7), "Cardinal's Guard"))),
    Brigade("Horse Guards Brigade", 5, ("Dragoon Guards", "Queen's Own Carabiniers"),
            _bm("Dragoon Guards", "Queen's Own Carabiniers")),
    Brigade("Heavy Brigade", 4, ("Crown Prince Cuirassiers", "Archduke Leopold Cuirassiers"),
            _bm("Crown Prince Cuirassiers", "Archduke Leopold Cuirassiers")),
    Brigade("Dragoon Brigade", 3, ("Grand Duke Max's Dragoons", "Princess Louisa's Light Dragoons"),
            _bm("Grand Duke Max's Dragoons", "Princess Louisa's Light Dragoons")),
    Brigade("1st Brigade of Foot", 2, ("Royal Marines", "Picardy Musketeers"),
            _bm("Royal Marines", "Picardy Musketeers")),
    Brigade("2nd Brigade of Foot", 1, ("13th Fusiliers", "53rd Fusiliers"), _bm("13th Fusiliers", "53rd Fusiliers")),
    Brigade("3rd Brigade of Foot", 1, ("27th Musketeers", "4th Arquebusiers"),
            _bm("27th Musketeers", "4th Arquebusiers")),
    Brigade("4th Brigade of Foot", 0, ("69th Arquebusiers", "Gascon Regiment"),
            _bm("69th Arquebusiers", "Gascon Regiment")),
)


@dataclass(frozen=True)
class RegimentInfo:
    """One regiment: Tables A (standing), B (column), C (brigade, weapon), D (friend, enemy)."""

    name: str
    standing: int  # 1 = Royal Foot Guards ... 18 = Frontier Regiment (Regimental Table A order)
    column: int  # Regimental Table B column
    cavalry: bool
    brigade: str | None
    weapon: str
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
    return next((b.name for b in REGIMENTAL_TABLE_C if name in b.regiments), None)


REGIMENTS: tuple[RegimentInfo, ...] = tuple(
    RegimentInfo(name, i, _COLUMNS[name], name in _CAVALRY, _brigade_of(name),
                 "sabre" if name in _CAVALRY else _WEAPONS_C.get(name, "rapier"), _ALIASES.get(name, ()))
    for i, name in enumerate(REGIMENTAL_TABLE_A, start=1)
) + (
    # "Frontier Regiments receive the same pay as the Gascon Regiment" (h. Volunteers):
    # Table B column 10.  HOUSE VALUE: the rules give them no brigade or weapon; engarde
    # arms them with the rapier.
    RegimentInfo(FRONTIER_REGIMENT, len(REGIMENTAL_TABLE_A) + 1, 10, False, None, "rapier",
                 _ALIASES[FRONTIER_REGIMENT]),
    # HOUSE VALUES: the Royal North Highland Border Regiment ("an élite Frontier
    # Regiment") has no row in Table A (one campaigns with it by volunteering, meeting
    # its requirements), no Table B column and no weapon in the rules; engarde pays it
    # as a Frontier Regiment (column 10) and arms it with the rapier.  Its outcome
    # modifiers (RNHB Regiment) are the rules'.
    RegimentInfo(RNHB_REGIMENT, len(REGIMENTAL_TABLE_A) + 2, 10, False, None, "rapier",
                 ("rnhb", "rnhb regiment", "royal north highland borderers", "royal north highland border")),
)
RNHB_HOUSE_VALUES = True  # the RNHB's column and weapon above are engarde's, not the rules'

# -- Regimental Table D: friends and enemies (en-garde-tables.md; symmetric) ----------
REGIMENTAL_TABLE_D: dict[str, tuple[str | None, str | None]] = {  # regiment: (friend, enemy)
    "Royal Foot Guards": ("King's Musketeers", None),
    "Cardinal's Guard": (None, "King's Musketeers"),
    "King's Musketeers": ("Royal Foot Guards", "Cardinal's Guard"),
    "Dragoon Guards": ("Grand Duke Max's Dragoons", "Queen's Own Carabiniers"),
    "Queen's Own Carabiniers": ("Crown Prince Cuirassiers", "Dragoon Guards"),
    "Archduke Leopold Cuirassiers": ("Royal Marines", "Grand Duke Max's Dragoons"),
    "Crown Prince Cuirassiers": ("Queen's Own Carabiniers", "53rd Fusiliers"),
    "Grand Duke Max's Dragoons": ("Dragoon Guards", "Archduke Leopold Cuirassiers"),
    "Princess Louisa's Light Dragoons": ("69th Arquebusiers", "Gascon Regiment"),
    "Royal Marines": ("Archduke Leopold Cuirassiers", "69th Arquebusiers"),
    "Picardy Musketeers": ("27th Musketeers", "4th Arquebusiers"),
    "13th Fusiliers": ("53rd Fusiliers", "27th Musketeers"),
    "53rd Fusiliers": ("13th Fusiliers", "Crown Prince Cuirassiers"),
    "27th Musketeers": ("Picardy Musketeers", "13th Fusiliers"),
    "4th Arquebusiers": ("Gascon Regiment", "Picardy Musketeers"),
    "69th Arquebusiers": ("Princess Louisa's Light Dragoons", "Royal Marines"),
    "Gascon Regiment": ("4th Arquebusiers", "Princess Louisa's Light Dragoons"),
}

# -- Horses, grooms, duty, organisation -------------------------------------------------
HORSE_PRICE = 100  # "A horse costs 100 crowns"
HORSE_SUPPORT = 3  # "and requires support of 3 crowns per month"
GROOM_PAY = 2  # "A groom must be paid 2 crowns per month, but only one need be hired"
HORSES_CAVALRY_OR_CAPTAIN = 1  # "Members of Cavalry Regiments and Captains of any Regiment must buy one horse"
HORSES_MAJOR_AND_ABOVE = 3  # "Majors and above in any Regiment must buy three horses"
DUTY_WEEKS = {"Private": 2, "Subaltern": 1}  # weeks of duty each month
DUTY_EXCUSED_ON = 5  # "will excuse a player from one week of duty on a roll of 5 or greater"
REJECTIONS_PER_PENALTY = 2  # "For every two rejections ... subtract one from his die roll"
BELOW_MINIMUM_MONTHS = 3  # "has three game months to raise his Social Level to the required minimum"
# "There are ten officers above the rank of Subaltern in each Regiment" (Sample Organisation I)
REGIMENT_ESTABLISHMENT = ("Colonel", "Lieutenant-Colonel", "Major", "Major",
                          "Captain", "Captain", "Captain", "Captain", "Captain", "Captain")
# The command each post of the establishment holds, in the same order
REGIMENT_COMMANDS = ("Regimental Commander", "1st {unit} Commander", "2nd {unit} Commander",
                     "3rd {unit} Commander", "A {sub} Commander", "B {sub} Commander", "C {sub} Commander",
                     "D {sub} Commander", "E {sub} Commander", "F {sub} Commander")


def regiment_by_name(name: str) -> RegimentInfo | None:
    """Find a regiment by its name or a common spelling (case-insensitive)."""
    key = normalise_name(name).replace("’", "'")
    for reg in REGIMENTS:
        names = {normalise_name(reg.name), *(normalise_name(a) for a in reg.aliases)}
        names |= {n.replace("'", "") for n in names}
        if key in names or key.replace("'", "") in names:
            return reg
    return None


def brigade_by_name(name: str) -> Brigade | None:
    return next((b for b in REGIMENTAL_TABLE_C if b.name == name), None)


def rank_terms(regiment: RegimentInfo, rank: str) -> RankTerms | None:
    """Regimental Table B for ``rank`` in ``regiment`` (general officers: the same everywhere)."""
    if rank in GENERAL_OFFICERS:
        return GENERAL_OFFICERS[rank]
    row = REGIMENTAL_TABLE_B.get(rank)
    return row[regiment.column - 1] if row else None
