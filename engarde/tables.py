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


# == issue 4: society (appended) ====================================================

# -- c. Gambling ---------------------------------------------------------------------
MAX_BETS_PER_WEEK = 9  # "A character may place only nine bets in any one week."
# House value: a week's gambling whose net result is this many crowns or more, won or
# lost, is "of note" and printed in the gazette (the rules are silent on publicity).
GAMBLING_OF_NOTE = 100

# -- d. Mistresses ---------------------------------------------------------------------
MISTRESS_SL_DICE = 3  # "Roll three dice to find each mistress's Social Level"
MISTRESS_ATTRIBUTE_ON = 2  # "On a roll of one or two, that mistress has that attribute."
MISTRESS_ATTRIBUTES = ("beautiful", "influential", "wealthy")
COURTING_COST_MULTIPLIER = 3  # "three times the mistress's Social Level per week"
EXTRA_PAYMENT_MULTIPLIER = 3  # "each additional amount equal to three times ... add one"
COURTING_ALWAYS_FAILS = 1  # "on a roll of 1, regardless of modifiers, the mistress rejects"
ANOTHERS_MISTRESS_MODIFIER = -1  # "an automatic die roll modifier of -1"
INDISCRETION_ON = 6  # "On a roll of 6, he has committed an indiscretion"
MISTRESS_SUPPORT_MULTIPLIER = 3  # "three times her Social Level once per month"
WEALTHY_GIFTS_MULTIPLIER = 2  # "twice the difference in their Social Levels ... if hers is higher"
MISTRESS_STATUS = 1  # "one Status Point per month for having a mistress"
BEAUTIFUL_STATUS = 1  # "Beautiful mistresses give an additional Status Point"

# Mistress Courting Table: (the lowest difference of the row, die roll needed or higher),
# the difference being his Social Level minus hers.  "-6: 6" also serves below -6.
MISTRESS_COURTING_TABLE = ((3, 2), (0, 3), (-3, 4), (-5, 5))
MISTRESS_COURTING_LOWEST = 6


def courting_roll_needed(difference: int) -> int:
    """Mistress Courting Table: the die roll needed (or higher) at this SL difference."""
    for lowest, needed in MISTRESS_COURTING_TABLE:
        if difference >= lowest:
            return needed
    return MISTRESS_COURTING_LOWEST


# Influence Table C: Influence of Mistress: her Social Level -> (normal influence,
# additionally if Influential); None is the table's "-".  Favours are once a year.
INFLUENCE_TABLE_C: dict[int, tuple[int | None, int]] = {
    18: (9, 9), 17: (8, 9), 16: (7, 8), 15: (6, 7), 14: (6, 6), 13: (5, 5), 12: (4, 5),
    11: (4, 4), 10: (3, 4), 9: (2, 3), 8: (1, 3), 7: (None, 2), 6: (None, 1), 5: (None, 1),
    4: (None, 1), 3: (None, 1),
}
MISTRESS_FAVOURS_EVERY_MONTHS = 12  # "one favour a year"


def mistress_favours(social_level: int, influential: bool) -> tuple[int, ...]:
    """The classes of the favours a mistress gives her lover once a year (Influence Table C).

    A Social Level above 18 reads the 18 row, below 3 gives nothing (the table's range).
    """
    if social_level < min(INFLUENCE_TABLE_C):
        return ()
    normal, extra = INFLUENCE_TABLE_C[min(social_level, max(INFLUENCE_TABLE_C))]
    return tuple(c for c in (normal, extra if influential else None) if c is not None)


# Period names for mistresses rolled at campaign start (the GM can rename them); number 4
# is Roxanne, as in the rulebook's sample month ("Court mistress number 4 (Roxanne)").
MISTRESS_NAMES = (
    "Ninon", "Marion", "Angélique", "Roxanne", "Madeleine", "Isabelle", "Françoise", "Henriette",
    "Geneviève", "Marguerite", "Louise", "Hélène", "Diane", "Gabrielle", "Charlotte", "Catherine",
    "Antoinette", "Julie", "Olympe", "Athénaïs", "Cécile", "Éléonore", "Sidonie", "Victoire",
)

# -- d. Loans ----------------------------------------------------------------------------
MONEYLENDER = "moneylender"  # the lender named on a loan from a Shylock
MONEYLENDER_LIMIT_PER_SL = 100  # "the maximum ... is 100 times his Social Level"
MONEYLENDER_INTEREST_PERCENT = 10  # "the money plus 10% interest"
MONEYLENDER_TERM_MONTHS = 6  # "at the end of six months time"
LOAN_CALLABLE_AFTER_MONTHS = 3  # "At any time after three months from the date of the loan"
DISGRACED = "disgraced"  # Character.state of a borrower who could not pay


# == h. Campaign ================================================================
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
CAMPAIGN_UNITS = (
    GUARDS_BRIGADE, HORSE_GUARDS_BRIGADE, HEAVY_BRIGADE, DRAGOON_BRIGADE,
    FIRST_FOOT, SECOND_FOOT, THIRD_FOOT, FOURTH_FOOT, FRONTIER, RNHB,
)
CAVALRY_BRIGADES = (HORSE_GUARDS_BRIGADE, HEAVY_BRIGADE, DRAGOON_BRIGADE)
# "The Frontier and RNHB Regiments ... are always on campaign, year round."
ALWAYS_ON_CAMPAIGN = (FRONTIER, RNHB)

# The brigades' regiments are REGIMENTAL_TABLE_C (g. MA and Regiments, below).

SIEGE, ASSAULT, DEFENCE, FIELD_OPERATIONS = "siege", "assault", "defence", "field operations"
MISSIONS = (SIEGE, ASSAULT, DEFENCE, FIELD_OPERATIONS)
_M = {"S": SIEGE, "A": ASSAULT, "D": DEFENCE, "F": FIELD_OPERATIONS}

# Force Commitment Table (summer; one die): the brigades sent on campaign.
# From en-garde-tables.md (derived from the Force Organisation Table; 7 sends all).
FORCE_COMMITMENT_TABLE: dict[int, tuple[str, ...]] = {
    1: (FIRST_FOOT, THIRD_FOOT, FOURTH_FOOT, FRONTIER, RNHB),
    2: (GUARDS_BRIGADE, HORSE_GUARDS_BRIGADE, HEAVY_BRIGADE, DRAGOON_BRIGADE, FIRST_FOOT, SECOND_FOOT,
        THIRD_FOOT, FRONTIER, RNHB),
    3: (SECOND_FOOT, THIRD_FOOT, FOURTH_FOOT, FRONTIER, RNHB),
    4: (GUARDS_BRIGADE, HEAVY_BRIGADE, DRAGOON_BRIGADE, SECOND_FOOT, THIRD_FOOT, FOURTH_FOOT, FRONTIER, RNHB),
    5: (DRAGOON_BRIGADE, FIRST_FOOT, SECOND_FOOT, FOURTH_FOOT, FRONTIER, RNHB),
    6: (HORSE_GUARDS_BRIGADE, HEAVY_BRIGADE, FIRST_FOOT, THIRD_FOOT, FOURTH_FOOT, FRONTIER, RNHB),
    7: CAMPAIGN_UNITS,
}

# Force Deployment Table (one die): each unit's mission.  Columns in the order
# of CAMPAIGN_UNITS.  Roll 3 and the Frontier column are the book's; the rest
# are engarde's house values (en-garde-tables.md).
FORCE_DEPLOYMENT_TABLE: dict[int, dict[str, str]] = {
    roll: dict(zip(CAMPAIGN_UNITS, (_M[c] for c in row.split())))
    for roll, row in {
        1: "S F F F S S S S S S",
        2: "D F F F D D D D D D",
        3: "A F F F A A A A A A",
        4: "S F F F S S S S S S",
        5: "D F F F D D D D D D",
        6: "F F F F F F F F F F",
    }.items()
}


@dataclass(frozen=True)
class Division:
    """A division of the Force Organisation Table and the units it holds."""

    name: str
    units: tuple[str, ...]


@dataclass(frozen=True)
class Army:
    """An army of the Force Organisation Table: its divisions and the brigades
    that serve directly under it."""

    name: str
    units: tuple["Division | str", ...]


def _d(name: str, *units: str) -> Division:
    return Division(name, units)


_GDS, _HG, _HVY, _DRG = GUARDS_BRIGADE, HORSE_GUARDS_BRIGADE, HEAVY_BRIGADE, DRAGOON_BRIGADE
_B1, _B2, _B3, _B4 = FIRST_FOOT, SECOND_FOOT, THIRD_FOOT, FOURTH_FOOT
_FRONTIER_DIV = _d("Frontier Division", FRONTIER)
_FRONTIER_DIV_RNH = _d("Frontier Division", FRONTIER, RNHB)

# Force Organisation Table: the two digits (commitment roll, deployment roll)
# -> the armies.  "same as NN" rows are FORCE_ORGANISATION_SAME_AS.
FORCE_ORGANISATION_TABLE: dict[int, tuple[Army, ...]] = {
    11: (Army("Field Army", (_d("1st Division", _B1, _B3, _B4), _FRONTIER_DIV_RNH)),),
    12: (Army("1st Army", (_d("1st Division", _B3, _B4), _d("2nd Division", _B1, RNHB))),
         Army("2nd Army", (_FRONTIER_DIV,))),
    15: (Army("1st Army", (_FRONTIER_DIV, _B4)),
         Army("2nd Army", (_d("1st Division", _B1, _B3, RNHB),))),
    21: (Army("Field Army", (_d("1st Division", _GDS, _B1), _d("2nd Division", _B2, _B3), _FRONTIER_DIV_RNH,
                             _d("Cavalry Division", _HG, _HVY), _DRG)),),
    22: (Army("1st Army", (_d("1st Division", _GDS, _B1, RNHB), _d("2nd Division", _B2, _B3), _HG)),
         Army("2nd Army", (_FRONTIER_DIV, _d("Cavalry Division", _HVY, _DRG)))),
    23: (Army("1st Army", (_d("1st Division", _B1, _B2, _B3), _FRONTIER_DIV_RNH)),
         Army("2nd Army", (_d("Cavalry Division", _HG, _HVY), _DRG)),
         Army("3rd Army", (_GDS,))),
    24: (Army("1st Army", (_FRONTIER_DIV,)),
         Army("2nd Army", (_d("1st Division", _B1, _B2), _d("2nd Division", _B3, RNHB))),
         Army("3rd Army", (_d("Cavalry Division", _HG, _HVY), _DRG, _GDS))),
    25: (Army("1st Army", (_FRONTIER_DIV,)),
         Army("2nd Army", (_d("1st Division", _GDS, _B1, RNHB), _d("2nd Division", _B2, _B3),
                           _d("Cavalry Division", _HG, _HVY), _DRG))),
    26: (Army("Field Army", (_d("1st Division", _GDS, _B1, RNHB), _d("2nd Division", _B2, _B3), _FRONTIER_DIV,
                             _d("Cavalry Division", _HG, _HVY), _DRG)),),
    31: (Army("Field Army", (_d("1st Division", _B2, _B3), _d("2nd Division", _B4, RNHB), _FRONTIER_DIV)),),
    32: (Army("1st Army", (_d("1st Division", _B2, _B3, _B4, RNHB),)),
         Army("2nd Army", (_FRONTIER_DIV,))),
    35: (Army("1st Army", (_d("1st Division", _B2, _B3, RNHB),)),
         Army("2nd Army", (_d("2nd Division", _B4, FRONTIER),))),
    41: (Army("Field Army", (_d("1st Division", _GDS, RNHB), _d("2nd Division", _B2, _B3, _B4), _FRONTIER_DIV,
                             _d("Cavalry Division", _HVY, _DRG))),),
    42: (Army("1st Army", (_d("1st Division", _GDS, RNHB), _d("2nd Division", _B2, _B3, _B4))),
         Army("2nd Army", (_FRONTIER_DIV, _d("Cavalry Division", _HVY, _DRG)))),
    43: (Army("1st Army", (_d("Cavalry Division", _HVY, _DRG),)),
         Army("2nd Army", (_d("1st Division", _B2, _B3), _d("2nd Division", _B4, RNHB), _FRONTIER_DIV)),
         Army("3rd Army", (_GDS,))),
    44: (Army("1st Army", (_d("Cavalry Division", _HVY, _DRG), _GDS)),
         Army("2nd Army", (_d("1st Division", _B2, _B3), _d("2nd Division", _B4, RNHB))),
         Army("3rd Army", (_FRONTIER_DIV,))),
    45: (Army("1st Army", (_d("1st Division", _GDS, RNHB), _d("2nd Division", _B2, _B3),
                           _d("Cavalry Division", _HVY, _DRG))),
         Army("2nd Army", (_d("3rd Division", _B4, FRONTIER),))),
    51: (Army("Field Army", (_d("1st Division", _B1, _B2), _d("2nd Division", _B4, RNHB), _FRONTIER_DIV, _DRG)),),
    52: (Army("1st Army", (_d("1st Division", _B1, RNHB), _d("2nd Division", _B2, _B4))),
         Army("2nd Army", (_FRONTIER_DIV, _DRG))),
    55: (Army("1st Army", (_d("1st Division", _B4, FRONTIER),)),
         Army("2nd Army", (_d("2nd Division", _B1, _B2, RNHB), _DRG))),
    61: (Army("Field Army", (_d("1st Division", _B1, RNHB), _d("2nd Division", _B3, _B4), _FRONTIER_DIV,
                             _d("Cavalry Division", _HG, _HVY))),),
    62: (Army("1st Army", (_d("1st Division", _B1, RNHB), _d("2nd Division", _B3, _B4), _HG)),
         Army("2nd Army", (_FRONTIER_DIV, _HVY))),
    64: (Army("1st Army", (_FRONTIER_DIV, _d("Cavalry Division", _HG, _HVY))),
         Army("2nd Army", (_d("1st Division", _B1, RNHB), _d("2nd Division", _B3, _B4)))),
    65: (Army("1st Army", (_d("Cavalry Division", _HG, _HVY), _d("1st Division", _B1, _B3, RNHB))),
         Army("2nd Army", (_d("2nd Division", _B4, FRONTIER),))),
    71: (Army("Field Army", (_d("1st Division", _GDS, RNHB), _d("2nd Division", _B1, _B2),
                             _d("3rd Division", _B3, _B4), _FRONTIER_DIV, _d("Cavalry Division", _HG, _HVY),
                             _DRG)),),
    72: (Army("1st Army", (_FRONTIER_DIV, _d("Cavalry Division", _HVY, _DRG))),
         Army("2nd Army", (_d("1st Division", _GDS, _B1, RNHB), _d("2nd Division", _B2, _B3, _B4), _HG))),
    73: (Army("1st Army", (_GDS,)),
         Army("2nd Army", (_d("1st Division", _B1, _B2), _d("2nd Division", _B3, _B4), _FRONTIER_DIV_RNH)),
         Army("3rd Army", (_d("Cavalry Division", _HG, _HVY), _DRG))),
    74: (Army("1st Army", (_d("1st Division", _GDS, _DRG), _d("Cavalry Division", _HG, _HVY))),
         Army("2nd Army", (_FRONTIER_DIV,)),
         Army("3rd Army", (_d("2nd Division", _B3, _B4, RNHB), _d("3rd Division", _B1, _B2)))),
    75: (Army("1st Army", (_d("1st Division", _B4, FRONTIER),)),
         Army("2nd Army", (_d("2nd Division", _GDS, _B1, RNHB), _d("3rd Division", _B2, _B3),
                           _d("Cavalry Division", _HG, _HVY), _DRG))),
}
FORCE_ORGANISATION_SAME_AS = {
    13: 11, 14: 12, 16: 11,
    33: 31, 34: 32, 36: 31,
    46: 41,
    53: 51, 54: 52, 56: 51,
    63: 61, 66: 61,
    76: 71,
}
for _code, _same in FORCE_ORGANISATION_SAME_AS.items():
    FORCE_ORGANISATION_TABLE[_code] = FORCE_ORGANISATION_TABLE[_same]

# "If there is no player character serving as the Field Marshal ... The Field
# Marshal will grant a player's petition on a roll of 7 on one die."
SUBSTITUTION_PETITION_ROLL = 7
# "A non-player Commander ... will volunteer his unit on a die roll of 6"
NPC_VOLUNTEERS_ON = 6
# The RNHB: "Privates ... Endurance of 110 or more and an Expertise of 9";
# "Officers with a military ability of 1 are not accepted"; the Commander's MA
# is rolled "adding three to the die roll".
RNHB_MIN_ENDURANCE = 110
RNHB_MIN_EXPERTISE = 9
RNHB_MIN_OFFICER_MA = 2
RNHB_COMMANDER_MA_BONUS = 3
CAMPAIGN_MONTHS = 3  # "Each campaign season lasts for three months"

# == i. Campaign Outcome ========================================================
MA_MIN, MA_MAX = 1, 10  # "may not be reduced below 1 or increased above 10"
ADJUTANT_MARGIN = 2  # "two or more greater than that of the Commander"
ADJUTANT_BONUS = 1
RNHB_DIVISION_BONUS = 1  # "as if the Commander had a military ability one higher"

# Battle Result Table: MA -> the result for die rolls 1..6
BATTLE_RESULT_TABLE: dict[int, tuple[int, ...]] = {
    1: (6, 6, 5, 4, 4, 3),
    2: (6, 5, 5, 4, 3, 3),
    3: (6, 5, 4, 3, 3, 2),
    4: (5, 5, 4, 3, 3, 2),
    5: (5, 4, 4, 3, 2, 2),
    6: (5, 4, 3, 3, 2, 1),
    7: (4, 4, 3, 2, 2, 1),
    8: (4, 3, 3, 2, 1, 1),
    9: (4, 3, 2, 2, 1, 1),
    10: (3, 3, 2, 1, 1, 1),
}
# "If a Commander obtains a result (not die roll) of 1 or 2, his subordinates
# roll as if their Military Abilities were one greater ...; 5 or 6, one less."
BATTLE_RESULT_SHIFT = {1: 1, 2: 1, 3: 0, 4: 0, 5: -1, 6: -1}

# Interpretations of the battle results, per mission
BATTLE_RESULT_INTERPRETATIONS: dict[str, dict[int, str]] = {
    SIEGE: {1: "Success – siege works", 2: "Success – storming party", 3: "Inconclusive",
            4: "Inconclusive", 5: "Broken by sortie", 6: "Scattered by sortie"},
    ASSAULT: {1: "Victorious", 2: "Bloody victory", 3: "Pyrrhic victory", 4: "Inconclusive",
              5: "Repulsed", 6: "Crushed"},
    DEFENCE: {1: "Enemy scattered by sortie", 2: "Enemy broken by sortie", 3: "Inconclusive",
              4: "Inconclusive", 5: "Falls to storming party", 6: "Falls to siege works"},
    FIELD_OPERATIONS: {1: "Enemy crushed", 2: "Enemy driven from field", 3: "Inconclusive",
                       4: "Inconclusive", 5: "Own driven from field", 6: "Own crushed"},
}


@dataclass(frozen=True)
class OutcomeLine:
    """One line of the Personal Outcome Table: the two-dice roll needed for
    death, mention in despatches, promotion and crowns (None: "-"), and the
    plunder "(dice x multiplier)"."""

    death: int
    mention: int
    promotion: int
    crowns: int | None
    plunder_dice: int = 0
    plunder_multiplier: int = 0


def _o(death: int, mention: int, promotion: int, crowns: int | None = None, dice: int = 0, mult: int = 0) -> OutcomeLine:
    return OutcomeLine(death, mention, promotion, crowns, dice, mult)


# Personal Outcome Table: mission -> battle result -> line
PERSONAL_OUTCOME_TABLE: dict[str, dict[int, OutcomeLine]] = {
    SIEGE: {1: _o(10, 11, 9, 9, 3, 100), 2: _o(8, 9, 7, 8, 4, 100), 3: _o(11, 12, 10, 11, 2, 100),
            4: _o(11, 12, 10, 12, 1, 100), 5: _o(9, 10, 8), 6: _o(7, 8, 6)},
    ASSAULT: {1: _o(9, 9, 8, 4, 4, 100), 2: _o(8, 7, 7, 5, 6, 100), 3: _o(7, 6, 6, 6, 4, 100),
              4: _o(9, 11, 8), 5: _o(8, 9, 7), 6: _o(6, 8, 5)},
    DEFENCE: {1: _o(9, 9, 8, 7, 2, 100), 2: _o(8, 10, 7, 9, 2, 50), 3: _o(10, 12, 9, 12, 1, 50),
              4: _o(10, 12, 9, 12, 1, 50), 5: _o(6, 7, 5), 6: _o(7, 11, 6)},
    FIELD_OPERATIONS: {1: _o(10, 9, 9, 8, 2, 50), 2: _o(10, 10, 9, 9, 2, 100), 3: _o(9, 12, 8, 10, 2, 50),
                       4: _o(8, 12, 7, 11, 1, 50), 5: _o(7, 10, 6, 12, 1, 50), 6: _o(6, 7, 5)},
}

# Personal Outcome Table Modifiers: (death, mention, promotion, crowns), added
# to the numbers needed.
ARMY_COMMAND, DIVISION_COMMAND, BRIGADE_COMMAND = "army", "division", "brigade"
REGIMENT_COMMAND, BATTALION_COMMAND = "regiment", "battalion"
OUTCOME_MODIFIERS_COMMAND: dict[str, tuple[int, int, int, int]] = {
    ARMY_COMMAND: (4, 0, 0, -3),
    DIVISION_COMMAND: (2, 0, 0, -2),
    BRIGADE_COMMAND: (1, 0, 0, -1),
}
OUTCOME_MODIFIERS_REGIMENT: dict[str, tuple[int, int, int, int]] = {
    "Royal Foot Guards": (3, 0, 1, -2),
    "Cardinal's Guard": (2, 0, 0, -1),
    "King's Musketeers": (2, -1, 0, -1),
    "Dragoon Guards": (2, -1, 0, -1),
    "Queen's Own Carabiniers": (2, 0, 0, 0),
    "Archduke Leopold Cuirassiers": (2, 0, 0, 0),  # the book's "Archduke Leo Cuirassiers"
    "Crown Prince Cuirassiers": (1, -1, -1, 0),
    "Royal Marines": (1, 0, 0, 0),
    "Grand Duke Max's Dragoons": (1, 0, 0, 0),
    "Picardy Musketeers": (0, 0, 1, 0),
    "13th Fusiliers": (0, 0, 0, 0),
    "Princess Louisa's Light Dragoons": (0, 0, 0, 0),
    "53rd Fusiliers": (0, 0, 0, 0),
    "27th Musketeers": (0, 0, 0, 0),
    "4th Arquebusiers": (0, 0, 0, 0),
    "69th Arquebusiers": (-1, 0, 1, -2),
    "Gascon Regiment": (-1, 0, 1, -2),
    FRONTIER: (-1, 0, 1, -1),
    RNHB: (-1, -2, -1, -2),
}
OUTCOME_MODIFIERS_RANK: dict[str, tuple[int, int, int, int]] = {
    "Subaltern": (1, 0, 0, -1),
    "Captain": (1, 0, 0, -1),
    "Major": (2, 0, 0, -2),
    "Lieutenant-Colonel": (2, 0, 0, -2),
    "Colonel": (2, 0, 0, -2),
    "Brigadier-General": (3, 0, -1, -4),
    "Lieutenant-General": (4, 0, 0, -5),
    "General": (5, 0, 0, -6),
}
# "better than his immediate superior's": -1 mention and promotion (a
# Battalion/Squadron Commander also +1 death); "2 or more worse": +1 mention and
# promotion (a Battalion/Squadron Commander also -1 death).  MA +1 permanently
# for the better result.
BETTER_THAN_SUPERIOR = (0, -1, -1, 0)
BETTER_BATTALION_DEATH = 1
WORSE_THAN_SUPERIOR = (0, 1, 1, 0)
WORSE_MARGIN = 2
WORSE_BATTALION_DEATH = -1
BETTER_MA_GAIN = 1

# Poltroonery: one die after the battle.  1-2 unnoticed; 3-5 seen (twice the
# modifier in Status Points every month until mentioned in despatches); 6
# dismissed from the Regiment as well.
POLTROON_UNNOTICED = (1, 2)
POLTROON_SEEN = (3, 4, 5)
POLTROON_DISMISSED = (6,)
POLTROON_SP_MULTIPLIER = 2

# Mention in Despatches: one die of Status Points a month for three months,
# then one a month for life.
DESPATCH_MONTHS = 3
DESPATCH_LIFE_POINTS = 1

# The ladder of promotion (Regimental Table B's ranks, then the general
# officers, who are brevetted: see RANKS and GENERAL_RANKS below).
PROMOTION_LADDER = (
    "Private", "Subaltern", "Captain", "Major", "Lieutenant-Colonel", "Colonel",
    "Brigadier-General", "Lieutenant-General", "General", "Field Marshal",
)
BREVET_MONTHS = 12  # "one year from the date of his promotion"
# "all Captaincy vacancies in excess of two are considered filled by purchase"
CAPTAIN_VACANCIES_KEPT = 2


# =============================================================================
# e. Duelling
# =============================================================================
# The Duelling Tables of section e, as the rules print them.  The duel rules
# (``engarde.rules.duel``) read only these names.

# Duelling Table A: Actions
DUELLING_TABLE_A_ACTIONS = {
    "X": "Rest/Guard/Recover",
    "L": "Lunge",
    "S": "Slash",
    "C": "Cut",
    "K": "Kick",
    "JB": "Jump Back",
    "CL": "Close",
    "R": "Riposte",
    "T": "Throw",
    "P": "Parry",
    "B": "Block",
    "Sur": "Surrender",
    "OP1": "Optional Parry 1",
    "OP2": "Optional Parry 2",
    "OB1": "Optional Block 1",
    "OB2": "Optional Block 2",
}

# Duelling Table A: Routines, written as the book writes them; a bracketed
# action may be left out: the Slash may be X-S after a routine that ended in a
# rest (not a mandatory rest); the Parry's riposte is optional.
DUELLING_TABLE_A_ROUTINES: dict[str, tuple[str, ...]] = {
    "Rest": ("X",),
    "Lunge": ("X", "L", "X"),
    "Slash": ("(X)", "X", "S"),
    "Furious Slash": ("X", "S", "X", "C", "X", "X", "X"),
    "Furious Lunge": ("L", "X", "X", "C", "X", "X", "X"),
    "Kick": ("CL", "K", "X", "X", "X"),
    "Jump Back": ("JB", "X"),
    "Throw": ("JB", "X", "T"),
    "Parry": ("P", "(R)"),
    "Block": ("B",),
    "Close": ("CL",),
    "Optional Block": ("OB1", "OB2"),
    "Optional Parry": ("OP1", "OP2"),
    "Optional Surrender": ("Sur",),
}
# "Cutlass: The slash routine for a cutlass is -X-S-X-X-X-, not -(X)-X-S-."
CUTLASS_SLASH = ("X", "S", "X", "X", "X")
# The routines a player may substitute at the start of a turn (Optional Routines).
OPTIONAL_ROUTINES = ("Parry", "Optional Block", "Optional Parry", "Optional Surrender")

# The attacks ("a lunge, slash, cut, kick, throw or riposte").
ATTACKS = ("L", "S", "C", "K", "T", "R")

# Duelling Table B: the attacker's action (row) against the defender's (column);
# None is the book's "-" (a riposte can only meet a rest).
_B_COLUMNS = ("X", "L", "S", "C", "K", "JB", "CL", "T", "P", "B", "OB1", "OB2", "OP1", "OP2")
_B_ROWS = {
    "L": (2, 2, 1, 1, 2, 0, 3, 2, 0, 2, 2, 2, 1, 0),
    "S": (1, 1, 1, 1, 1, 0, 2, 1, 1, 0, 1, 0, 1, 1),
    "C": (2, 2, 2, 2, 2, 0, 3, 2, 2, 2, 2, 2, 2, 2),
    "K": (3, 2, 2, 2, 1, 0, 3, 3, 3, 3, 3, 3, 3, 3),
    "T": (4, 4, 4, 4, 3, 4, 3, 4, 4, 4, 4, 4, 4, 4),
    "R": (1, None, None, None, None, None, None, None, None, None, None, None, None, None),
}
DUELLING_TABLE_B: dict[str, dict[str, int | None]] = {
    attack: dict(zip(_B_COLUMNS, row)) for attack, row in _B_ROWS.items()
}
# Table B's note: a throw hits on 1 or 2 on one die (a dagger on 1, 2 or 3);
# a two-handed sword or cutlass thrown kills outright on a 2 on two dice.
THROW_HITS_ON = 2
DAGGER_THROW_HITS_ON = 3
THROW_KILLS_ON_TWO_DICE = 2
# "If a player's Endurance goes below half its original level, he must add one
# mandatory rest routine into every sequence."
WOUNDED_MANDATORY_RESTS = 1

# Duelling Table C: weapon multipliers by attack; "*" (the cutlass's and the
# two-handed sword's throw) is None: see Table B's note.  Weapon numbers (the
# bracketed numbers, for breakage) are ``WEAPONS`` above.
DUELLING_TABLE_C: dict[str, dict[str, "Fraction | None"]] = {}

from fractions import Fraction as _F  # noqa: E402

_HALF = _F(1, 2)
_C_ROWS = {  # L, S, C, K, T, R
    "rapier": (1, 1, 1, 1, 1, 1),
    "dagger": (1, _HALF, _HALF, 1, 2, 1),
    "foil": (1, 0, 0, 1, 1, 1),
    "sabre": (_HALF, 2, 2, 1, _HALF, _HALF),
    "cutlass": (0, 4, 0, _HALF, None, 0),
    "two-handed sword": (0, 3, 2, _HALF, None, 0),
}
DUELLING_TABLE_C.update({
    weapon: {a: (None if m is None else _F(m)) for a, m in zip(("L", "S", "C", "K", "T", "R"), row)}
    for weapon, row in _C_ROWS.items()
})
# "A broken weapon is treated as a dagger in all respects except for throwing.
# If thrown, it is treated as a sabre. A character with a broken dagger is
# disarmed."
BROKEN_WEAPON_FIGHTS_AS = "dagger"
BROKEN_WEAPON_THROWS_AS = "sabre"
# Daggers: closes needed before each attack (two against a two-handed sword).
DAGGER_CLOSES = 1
DAGGER_CLOSES_AGAINST_TWO_HANDED = 2

# Swordsmanship: mandatory rest routines per sequence by the Expertise gap.
EXPERTISE_GAP_RESTS = ((range(3, 5), 1), (range(5, 7), 2))
EXPERTISE_GAP_RESTS_7_PLUS = 3

# Sequencing: "the player with the advantage writes ... a short sequence of 6
# turns, while his opponent writes a full sequence of 12 turns".
SEQUENCE_TURNS = 12
SHORT_SEQUENCE_TURNS = 6
# Not in the rules: a duel that neither side ends (both on guard for ever) is
# stopped by the seconds after this many turns, with no winner.
DUEL_TURN_LIMIT = 120

# Not in the rules: the sequence fought by a character who wrote none (one
# legal sequence of 12 turns per weapon, repeated; the player is told).
DEFAULT_SEQUENCES = {
    "rapier": "X L X P X X S B X L X X",
    "foil": "X L X P X L X B X L X X",
    "sabre": "X X S P X S X C X X X B",
    "two-handed sword": "X X S P X S X C X X X B",
    "cutlass": "X S X X X P X S X X X B",
    "dagger": "CL X L X P CL X X S B X X",
}

# Duelling Table D: Status Point Gains and Losses from Duels
DUELLING_TABLE_D = {
    "win_friendly": -1,  # Fights a member of a friendly Regiment and wins
    "win_neutral": 2,  # ... a neutral Regiment and wins
    "win_enemy": 5,  # ... an enemy Regiment and wins
    "lose_enemy": -2,  # ... an enemy Regiment and loses
    "challenge_without_cause": -2,  # Challenges with insufficient cause
    "opponent_refused": 2,  # Meets an opponent who refuses a challenge (with cause)
    "kill": 2,  # Kills his opponent
}
# "Refuses a challenge that has cause, he loses Status Points equal to half his
# Social Level" (also: has cause and opportunity and does not fight).
REFUSAL_SL_DIVISOR = 2
WINNER_EXPERTISE = 1  # "The winner of a duel increases his Expertise by one."
WOUNDED_ACCEPTS_STATUS = 3  # under 50% Endurance and accepts: +3 SP
# Causes: "If a noble meets a non-noble who is four or more Social Levels above him."
NOBLE_AFFRONT_LEVELS = 4

# Recovery: half the loss the first week after the duel, then Constitution a week.
FIRST_WEEK_RECOVERY_DIVISOR = 2

# Practice: "subtract five from his Expertise to add one to his Strength".
EXPERTISE_PER_STRENGTH = 5

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


# ==============================================================================
# f. Influence (owned by engarde.rules.influence)
# ==============================================================================

# Influence Table A: Influence of Social Level: (lowest SL, favour class), "24+": 9
INFLUENCE_TABLE_A = ((8, 1), (10, 2), (12, 3), (14, 4), (16, 5), (18, 6), (20, 7), (22, 8), (24, 9))

# Influence Table B: Influence required (the class of favour that moves a decision by one)
INFLUENCE_TABLE_B: dict[str, int] = {
    "King": 9,
    "Crown Prince": 8,
    "Cardinal": 8,
    "Minister": 7,
    "Field Marshal": 7,
    "General": 6,
    "Lieutenant-General": 5,
    "Brigadier-General": 4,
    "Colonel": 3,
    "Lieutenant-Colonel": 2,
    "Major": 1,
    "Captain": 1,
}
FAVOUR_CLASSES = range(1, 10)  # "nine classes of favours, rated ... from 1 to 9"

# Influence Table C (mistresses) is INFLUENCE_TABLE_C above, with d. Mistresses.


def influence_of_social_level(sl: int) -> int | None:
    """Influence Table A: the class of the seasonal favour of Social Level ``sl`` (None below 8)."""
    found = None
    for lowest, klass in INFLUENCE_TABLE_A:
        if sl >= lowest:
            found = klass
    return found


# ==============================================================================
# Titles (en-garde-tables.md "Titles"; owned by engarde.rules.titles)
# ==============================================================================


@dataclass(frozen=True)
class Title:
    name: str
    min_social_level: int
    new_social_level: int
    status_that_month: int
    pension: int  # crowns a month


TITLES: tuple[Title, ...] = (
    Title("Knight", 6, 10, 10, 0),
    Title("Baron", 7, 11, 10, 10),
    Title("Marquis", 8, 12, 15, 15),
    Title("Earl", 9, 13, 15, 25),
    Title("Viscount", 10, 14, 20, 100),
    Title("Count", 11, 15, 20, 100),
)
TITLE_GRANTED_ON = 6  # "The King grants on a 6 on one die"
TITLE_SL_PER_BONUS = 3  # "+1 for every 3 SL above the title's minimum"
TITLE_GRANTED_BY = "King"
MENTIONS_PER_QUALIFICATION = 2  # "two mentions in despatches"


# ==============================================================================
# Appointments (en-garde-tables.md "Appointments"; owned by engarde.rules.appointments)
#
# HOUSE VALUES.  The Military and Government Appointments Tables are lost.  Only
# the columns, the Inspector-General of Cavalry (a Lieutenant-General, appointed
# by the Minister of War, roll 6), the Brigade Major and the brigade status are
# known; every other number below is engarde's house value, to be replaced or
# extended by the GM.
# ==============================================================================


@dataclass(frozen=True)
class Post:
    name: str
    rank: str | None  # None: no rank needed (government posts held by civilians)
    min_social_level: int
    requirement: str
    number: int  # how many may hold it
    appointed_by: str  # a position of Influence Table B (whose decision it is)
    status: int | None  # SP per month; None: the brigade's status (Regimental Table C)
    favour: int  # favour class each season (0: none)
    roll: int | None  # die roll needed on one die; None: not applied for (e.g. the yearly roll)
    military: bool = True  # military posts need exactly the rank; government posts the rank or higher
    term_months: int = 12
    house_value: bool = True
    aliases: tuple[str, ...] = ()


APPOINTMENTS: tuple[Post, ...] = (
    Post("Regimental Adjutant", "Captain", 0, "a Captain of the regiment", 17, "Colonel", 2, 0, 4),
    Post("Aide to a Brigadier-General", "Captain", 6, "", 8, "Brigadier-General", 3, 1, 4),
    Post("Brigade Major", "Major", 0, "a Major of the brigade (the yearly roll)", 8, "Brigadier-General",
         None, 1, None, house_value=False),
    Post("Division Adjutant", "Major", 8, "", 4, "Lieutenant-General", 4, 2, 5),
    Post("Army Adjutant", "Lieutenant-Colonel", 9, "", 2, "General", 5, 3, 5),
    Post("Brigadier (Brigade Commander)", "Brigadier-General", 0, "", 8, "Minister", None, 3, 5,
         aliases=("brigadier", "brigade commander")),
    Post("Division Commander", "Lieutenant-General", 10, "", 4, "Minister", 6, 4, 5),
    Post("Inspector-General of Cavalry", "Lieutenant-General", 10, "", 1, "Minister", 6, 5, 6,
         house_value=False, aliases=("inspector general of cavalry",)),
    Post("Inspector-General of Infantry", "Lieutenant-General", 10, "", 1, "Minister", 6, 5, 6,
         aliases=("inspector general of infantry",)),
    Post("Army Commander", "General", 12, "", 2, "King", 8, 6, 6),
    Post("Minister of War", "General", 16, "", 1, "King", 10, 7, 6, military=False),
    Post("Minister of State", None, 18, "", 1, "King", 10, 7, 6, military=False),
    Post("Minister of Justice", None, 16, "", 1, "King", 8, 7, 6, military=False),
)
APPOINTMENT_RETRY_MONTHS = 3  # "a failed application cannot be repeated for three months"
APPOINTMENT_SL_PER_BONUS = 3  # "-1 for every 3 SL above the minimum"


def appointment_ma_modifier(ma: int) -> int:
    """The change to the roll needed for a character's MA: MA 1: +1, 2-5: 0, 6-7: -1, 8+: -2."""
    if ma <= 1:
        return 1
    if ma <= 5:
        return 0
    if ma <= 7:
        return -1
    return -2


def post_by_name(name: str) -> Post | None:
    key = normalise_name(name).replace("-", " ")
    for post in APPOINTMENTS:
        names = {normalise_name(post.name).replace("-", " "), *(normalise_name(a) for a in post.aliases)}
        if key in names:
            return post
    return None
