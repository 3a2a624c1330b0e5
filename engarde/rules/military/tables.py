"""h. Campaign and i. Campaign Outcome: the Force, Battle Result and Personal Outcome tables.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..regiments.tables import (
    DRAGOON_BRIGADE,
    FIRST_FOOT,
    FOURTH_FOOT,
    FRONTIER,
    GUARDS_BRIGADE,
    HEAVY_BRIGADE,
    HORSE_GUARDS_BRIGADE,
    RNHB,
    SECOND_FOOT,
    THIRD_FOOT,
)

# == h. Campaign ================================================================
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
