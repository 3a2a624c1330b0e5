"""h. Campaign and i. Campaign Outcome: the Force, Battle Result and Personal Outcome tables.

The rulebook's numbers as data, named as the book names them: ``MilitaryTables`` holds the
book's values as its defaults, and a campaign overrides them in
``[campaigns.ID.tables.military]``.  The rules read them from the turn
(``turn.tables.military``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Mapping

from ...text import normalise_name
from ...tables import column, TablesError, rows, value
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

# == h. Campaign: the units and missions the tables are written in (names, not numbers) =====
# The columns of the Force Commitment and Deployment Tables.
CAMPAIGN_UNITS = (
    GUARDS_BRIGADE, HORSE_GUARDS_BRIGADE, HEAVY_BRIGADE, DRAGOON_BRIGADE,
    FIRST_FOOT, SECOND_FOOT, THIRD_FOOT, FOURTH_FOOT, FRONTIER, RNHB,
)
# The brigades' regiments are Regimental Table C (engarde.rules.regiments.tables).

SIEGE, ASSAULT, DEFENCE, FIELD_OPERATIONS = "siege", "assault", "defence", "field operations"
MISSIONS = (SIEGE, ASSAULT, DEFENCE, FIELD_OPERATIONS)
_M = {"S": SIEGE, "A": ASSAULT, "D": DEFENCE, "F": FIELD_OPERATIONS}

# The higher commands of the Personal Outcome Table Modifiers.
ARMY_COMMAND, DIVISION_COMMAND, BRIGADE_COMMAND = "army", "division", "brigade"
REGIMENT_COMMAND, BATTALION_COMMAND = "regiment", "battalion"

BATTLE_RESULTS = range(1, 7)  # a battle result is 1 (best) to 6 (worst): the tables' rows


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


@dataclass(frozen=True)
class OutcomeLine:
    """One line of the Personal Outcome Table: the two-dice roll needed for
    death, mention in despatches, promotion and crowns (None: "-"), and the
    plunder "(dice x multiplier)"."""

    death: int = column(2, 13, "two dice: he dies on this or more")
    mention: int = column(2, 13, "two dice: mentioned in despatches on this or more")
    promotion: int = column(2, 13, "two dice: promoted on this or more")
    crowns: int | None = column(2, 13, 'two dice: plunder on this or more (None: "-")')
    plunder_dice: int = value(0, high=20, note='"roll six dice and multiply the sum by 100": the dice')
    plunder_multiplier: int = value(0, high=10_000, note="... and the multiplier")


@dataclass(frozen=True)
class TableModifier:
    """Personal Outcome Table Modifiers: "the changes in the numbers on the Personal Outcome
    table" (+1 for death: he needs one more to die)."""

    death: int = value(0, low=-20, high=20)
    mention: int = value(0, low=-20, high=20)
    promotion: int = value(0, low=-20, high=20)
    crowns: int = value(0, low=-20, high=20)


@dataclass(frozen=True)
class OutcomeModifier(TableModifier):
    """One named line of the Personal Outcome Table Modifiers (a command, a regiment, a rank)."""

    name: str = ""


# == h. Campaign Determination ===============================================================

# Force Commitment Table (summer; one die): Y, the unit is sent.  Columns in the order of
# CAMPAIGN_UNITS.  From en-garde-tables.md (derived from the Force Organisation Table; 7 sends all).
_COMMITMENT = {
    1: "- - - - Y - Y Y Y Y",
    2: "Y Y Y Y Y Y Y - Y Y",
    3: "- - - - - Y Y Y Y Y",
    4: "Y - Y Y - Y Y Y Y Y",
    5: "- - - Y Y Y - Y Y Y",
    6: "- Y Y - Y - Y Y Y Y",
    7: "Y Y Y Y Y Y Y Y Y Y",
}

# Force Deployment Table (one die): each unit's mission.  Columns in the order of
# CAMPAIGN_UNITS.  Roll 3 and the Frontier column are the book's; the rest are engarde's
# house values (en-garde-tables.md).
_DEPLOYMENT = {
    1: "S F F F S S S S S S",
    2: "D F F F D D D D D D",
    3: "A F F F A A A A A A",
    4: "S F F F S S S S S S",
    5: "D F F F D D D D D D",
    6: "F F F F F F F F F F",
}


def _d(name: str, *units: str) -> Division:
    return Division(name, units)


_GDS, _HG, _HVY, _DRG = GUARDS_BRIGADE, HORSE_GUARDS_BRIGADE, HEAVY_BRIGADE, DRAGOON_BRIGADE
_B1, _B2, _B3, _B4 = FIRST_FOOT, SECOND_FOOT, THIRD_FOOT, FOURTH_FOOT
_FRONTIER_DIV = _d("Frontier Division", FRONTIER)
_FRONTIER_DIV_RNH = _d("Frontier Division", FRONTIER, RNHB)

# Force Organisation Table: the two digits (commitment roll, deployment roll) -> the armies.
# Its "same as NN" rows are _ORGANISATION_SAME_AS.
_ORGANISATION: dict[int, tuple[Army, ...]] = {
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
_ORGANISATION_SAME_AS = {
    13: 11, 14: 12, 16: 11,
    33: 31, 34: 32, 36: 31,
    46: 41,
    53: 51, 54: 52, 56: 51,
    63: 61, 66: 61,
    76: 71,
}

# == i. Campaign Outcome ========================================================================

# Battle Result Table: MA -> the result for die rolls 1..6
_BATTLE_RESULT = {
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

# Interpretations of the battle results, per mission
_INTERPRETATIONS = {
    SIEGE: {1: "Success – siege works", 2: "Success – storming party", 3: "Inconclusive",
            4: "Inconclusive", 5: "Broken by sortie", 6: "Scattered by sortie"},
    ASSAULT: {1: "Victorious", 2: "Bloody victory", 3: "Pyrrhic victory", 4: "Inconclusive",
              5: "Repulsed", 6: "Crushed"},
    DEFENCE: {1: "Enemy scattered by sortie", 2: "Enemy broken by sortie", 3: "Inconclusive",
              4: "Inconclusive", 5: "Falls to storming party", 6: "Falls to siege works"},
    FIELD_OPERATIONS: {1: "Enemy crushed", 2: "Enemy driven from field", 3: "Inconclusive",
                       4: "Inconclusive", 5: "Own driven from field", 6: "Own crushed"},
}


def _o(death: int, mention: int, promotion: int, crowns: int | None = None, dice: int = 0,
       mult: int = 0) -> OutcomeLine:
    return OutcomeLine(death, mention, promotion, crowns, dice, mult)


# Personal Outcome Table: mission -> battle result -> line
_PERSONAL_OUTCOME = {
    SIEGE: {1: _o(10, 11, 9, 9, 3, 100), 2: _o(8, 9, 7, 8, 4, 100), 3: _o(11, 12, 10, 11, 2, 100),
            4: _o(11, 12, 10, 12, 1, 100), 5: _o(9, 10, 8), 6: _o(7, 8, 6)},
    ASSAULT: {1: _o(9, 9, 8, 4, 4, 100), 2: _o(8, 7, 7, 5, 6, 100), 3: _o(7, 6, 6, 6, 4, 100),
              4: _o(9, 11, 8), 5: _o(8, 9, 7), 6: _o(6, 8, 5)},
    DEFENCE: {1: _o(9, 9, 8, 7, 2, 100), 2: _o(8, 10, 7, 9, 2, 50), 3: _o(10, 12, 9, 12, 1, 50),
              4: _o(10, 12, 9, 12, 1, 50), 5: _o(6, 7, 5), 6: _o(7, 11, 6)},
    FIELD_OPERATIONS: {1: _o(10, 9, 9, 8, 2, 50), 2: _o(10, 10, 9, 9, 2, 100), 3: _o(9, 12, 8, 10, 2, 50),
                       4: _o(8, 12, 7, 11, 1, 50), 5: _o(7, 10, 6, 12, 1, 50), 6: _o(6, 7, 5)},
}


def _m(name: str, death: int, mention: int, promotion: int, crowns: int) -> OutcomeModifier:
    return OutcomeModifier(death, mention, promotion, crowns, name=name)


# Personal Outcome Table Modifiers: (death, mention, promotion, crowns), added to the numbers needed.
_MODIFIERS_COMMAND = (
    _m(ARMY_COMMAND, 4, 0, 0, -3),
    _m(DIVISION_COMMAND, 2, 0, 0, -2),
    _m(BRIGADE_COMMAND, 1, 0, 0, -1),
)
_MODIFIERS_REGIMENT = (
    _m("Royal Foot Guards", 3, 0, 1, -2),
    _m("Cardinal's Guard", 2, 0, 0, -1),
    _m("King's Musketeers", 2, -1, 0, -1),
    _m("Dragoon Guards", 2, -1, 0, -1),
    _m("Queen's Own Carabiniers", 2, 0, 0, 0),
    _m("Archduke Leopold Cuirassiers", 2, 0, 0, 0),  # the book's "Archduke Leo Cuirassiers"
    _m("Crown Prince Cuirassiers", 1, -1, -1, 0),
    _m("Royal Marines", 1, 0, 0, 0),
    _m("Grand Duke Max's Dragoons", 1, 0, 0, 0),
    _m("Picardy Musketeers", 0, 0, 1, 0),
    _m("13th Fusiliers", 0, 0, 0, 0),
    _m("Princess Louisa's Light Dragoons", 0, 0, 0, 0),
    _m("53rd Fusiliers", 0, 0, 0, 0),
    _m("27th Musketeers", 0, 0, 0, 0),
    _m("4th Arquebusiers", 0, 0, 0, 0),
    _m("69th Arquebusiers", -1, 0, 1, -2),
    _m("Gascon Regiment", -1, 0, 1, -2),
    _m(FRONTIER, -1, 0, 1, -1),
    _m(RNHB, -1, -2, -1, -2),
)
_MODIFIERS_RANK = (
    _m("Subaltern", 1, 0, 0, -1),
    _m("Captain", 1, 0, 0, -1),
    _m("Major", 2, 0, 0, -2),
    _m("Lieutenant-Colonel", 2, 0, 0, -2),
    _m("Colonel", 2, 0, 0, -2),
    _m("Brigadier-General", 3, 0, -1, -4),
    _m("Lieutenant-General", 4, 0, 0, -5),
    _m("General", 5, 0, 0, -6),
)


@dataclass(frozen=True)
class MilitaryTables:
    """h. Campaign and Volunteers, i. Campaign Outcome: the book's numbers and tables."""

    # -- h. Campaign Determination
    force_commitment_table: Mapping[int, Mapping[str, bool]] = value(
        {roll: dict(zip(CAMPAIGN_UNITS, (c == "Y" for c in row.split()))) for roll, row in _COMMITMENT.items()},
        note='"Roll one die and consult the Force Commitment Table, which indicates which Brigades are sent on '
             'campaign" (true: sent; en-garde-tables.md: derived from the Force Organisation Table, 7 sends all)')
    force_deployment_table: Mapping[int, Mapping[str, str]] = value(
        {roll: dict(zip(CAMPAIGN_UNITS, (_M[c] for c in row.split()))) for roll, row in _DEPLOYMENT.items()},
        note='"roll another die and consult the Force Deployment Table, which indicates the specific mission of '
             'the Brigades sent" (siege, assault, defence or field operations; roll 3 and the Frontier column are '
             "the book's, the rest engarde's house values)")
    force_organisation_table: Mapping[int, tuple[Army, ...]] = value(
        _ORGANISATION, note='"Create a two digit number using the die roll for Force Commitment as the first digit '
                            'and the die roll for Force Deployment as the second ... Consult the Force Organisation '
                            'Table" (the armies, their divisions and brigades)')
    force_organisation_same_as: Mapping[int, int] = value(
        _ORGANISATION_SAME_AS, note='the Force Organisation Table\'s "13 same as 11" rows')
    always_on_campaign: tuple[str, ...] = value(
        (FRONTIER, RNHB), note='"The Frontier and RNHB Regiments ... are always on campaign, year round."')
    cavalry_brigades: tuple[str, ...] = value(
        (HORSE_GUARDS_BRIGADE, HEAVY_BRIGADE, DRAGOON_BRIGADE), note="the cavalry brigades of Regimental Table C")
    # -- h. Substitutions and Volunteers
    substitution_petition_roll: int = value(7, low=1, high=12, note='"The Field Marshal will grant a player\'s '
                                            'petition on a roll of 7 on one die. This roll may be altered by '
                                            'influence."')
    npc_volunteers_on: int = value(6, low=1, high=7, note='"A non-player Commander of a Regiment or a '
                                   'Battalion/Squadron will volunteer his unit on a die roll of 6 on one die" '
                                   '(7: never)')
    volunteer_last_week: int = value(1, low=1, high=4, note='"All volunteers must be on campaign for at least one '
                                     'month ... the first week in May is the latest a player could volunteer for '
                                     'the Spring campaign": the last week of a season\'s last month he may')
    # -- h. The Royal North Highland Border Regiment
    rnhb_min_endurance: int = value(110, high=10_000, note='"Privates may campaign with the RNHB only if they '
                                    'have an Endurance of 110 or more ..."')
    rnhb_min_expertise: int = value(9, high=100, note='"... and an Expertise of 9"')
    rnhb_min_officer_ma: int = value(2, low=1, high=11, note='"Officers with a military ability of 1 are not '
                                     'accepted into the RNHB" (the least MA an officer needs; 11: none)')
    rnhb_min_merit_promotions: int = value(1, high=100, note='officers: "have received one merit promotion '
                                           '(non-purchased) or ..."')
    rnhb_min_despatches: int = value(1, high=100, note='officers: "... or have been mentioned in despatches"')
    rnhb_commander_ma_bonus: int = value(3, high=10, note='"roll for the military ability of the Commander of '
                                         'the unit in the normal manner, adding three to the die roll"')
    rnhb_division_bonus: int = value(1, high=10, note='"the Division containing the Royal North Highland Border '
                                     'Regiment rolls for its battle result as if the Commander had a military '
                                     'ability one higher than he really does"')
    rnhb_battalion_rank: str = value("Major", note='"Officers of the rank of Major and above may always command '
                                     'Battalions (even Colonels and general officers)" (a rank of the '
                                     'promotion ladder)')
    # -- i. Campaign Outcome: battle results
    ma_min: int = value(1, low=1, high=10, note='"A character\'s effective military ability may not be reduced '
                        'below 1 ..."')
    ma_max: int = value(10, low=1, high=10, note='"... or increased above 10" (the Battle Result Table\'s rows)')
    adjutant_margin: int = value(2, low=1, high=10, note='"If an Adjutant\'s (or a Brigade Major\'s) Military '
                                 'Ability is two or more greater than that of the Commander ..."')
    adjutant_bonus: int = value(1, high=10, note='"... that Commander is treated as if his MA were one greater '
                                'than it actually is"')
    battle_result_table: Mapping[int, tuple[int, ...]] = value(
        _BATTLE_RESULT, note="Battle Result Table: the Commander's MA -> the result (1-6) for die rolls 1 to 6")
    battle_result_shift: Mapping[int, int] = value(
        {1: 1, 2: 1, 3: 0, 4: 0, 5: -1, 6: -1},
        note='"If a Commander obtains a result (not die roll) of 1 or 2, his subordinates roll as if their '
             'Military Abilities were one greater than they actually are; if a result of 5 or 6 is obtained, '
             'they roll as if their abilities were one less" (result -> the change)')
    battle_result_interpretations: Mapping[str, Mapping[int, str]] = value(
        _INTERPRETATIONS, note="Interpretations: each mission's words for the battle results 1 to 6")
    # -- i. Personal Outcome Table and its modifiers
    personal_outcome_table: Mapping[str, Mapping[int, OutcomeLine]] = value(
        _PERSONAL_OUTCOME, note="Personal Outcome Table: mission -> battle result -> the two-dice rolls needed "
                                "for death, mention in despatches, promotion and crowns, and the plunder")
    outcome_modifiers_command: tuple[OutcomeModifier, ...] = rows(
        *_MODIFIERS_COMMAND, note="Personal Outcome Table Modifiers of the Army, Division and Brigade commanders "
                                  '("players serving with higher commands use the result and modifiers of that '
                                  'command")')
    outcome_modifiers_regiment: tuple[OutcomeModifier, ...] = rows(
        *_MODIFIERS_REGIMENT, note="Personal Outcome Table Modifiers of the Regiments")
    outcome_modifiers_rank: tuple[OutcomeModifier, ...] = rows(
        *_MODIFIERS_RANK, note='Personal Outcome Table Modifiers of the ranks ("All players use the modifiers of '
                               'their rank")')
    better_than_superior: TableModifier = value(
        TableModifier(mention=-1, promotion=-1), note='"If a Commander obtains a battle result that is better '
        'than his immediate superior\'s, ... he receives a -1 table modification for mention in despatches and '
        'for promotion"')
    better_battalion_death: int = value(1, low=-20, high=20, note='"A Battalion/Squadron Commander, in addition, '
                                        'receives a +1 modifier for death"')
    better_ma_gain: int = value(1, high=9, note='"his military ability is increased permanently by one"')
    worse_than_superior: TableModifier = value(
        TableModifier(mention=1, promotion=1), note='"If a Commander obtains a result 2 or more worse than his '
        'immediate superior, he receives a +1 modifier for mention in despatches and promotion"')
    worse_margin: int = value(2, low=1, high=6, note='"a result 2 or more worse than his immediate superior"')
    worse_battalion_death: int = value(-1, low=-20, high=20, note='"A Battalion/Squadron Commander additionally '
                                       'receives a -1 modifier for death"')
    title_result: int = value(1, low=1, high=7, note='Titles: "a battle result of 1 while commanding a unit" '
                              'qualifies (7: never)')
    title_margin: int = value(3, low=1, high=6, note='Titles: "a result 3 or more better than his immediate '
                              'superior" qualifies (6: never)')
    # -- i. Poltroonery and Mention in Despatches
    poltroon_seen_on: int = value(3, low=1, high=7, note='poltroonery, one die: "on a die roll of 1 or 2, the '
                                  'player\'s cowardice has not been noticed ... On a roll of 3 through 5, he has '
                                  'been seen" (seen on this or more)')
    poltroon_dismissed_on: int = value(6, low=1, high=7, note='"On a roll of 6, ... he is immediately dismissed '
                                       'from the Regiment" (7: never)')
    poltroon_sp_multiplier: int = value(2, high=100, note='"he loses twice as many Status Points as the '
                                        'modification he took on his death die roll every month thereafter"')
    despatch_months: int = value(3, high=120, note='"The result is the number of Status Points per month he '
                                 'receives for the next three months."')
    despatch_life_points: int = value(1, high=100, note='"After the three months have passed, he receives one '
                                      'point per month for as long as he lives."')
    # -- i. Promotion and Brevet Rank
    promotion_ladder: tuple[str, ...] = value(
        ("Private", "Subaltern", "Captain", "Major", "Lieutenant-Colonel", "Colonel",
         "Brigadier-General", "Lieutenant-General", "General", "Field Marshal"),
        note="the ranks in order, Regimental Table B's then the general officers' (\"A character cannot, under "
             "any circumstances, skip a rank\"); a brevet rank is kept as its place in this list")
    brevet_months: int = value(12, low=1, high=120, note='"He then has one year from the date of his promotion"; '
                               '"Such a promotion is for a duration of one year"')
    captain_vacancies_kept: int = value(2, high=20, note='"all Captaincy vacancies in excess of two are '
                                        'considered filled by purchase"')

    def __post_init__(self) -> None:
        # What the overrides cannot say cell by cell: every cell must be a value the rules read on.
        for roll, missions in self.force_deployment_table.items():
            for unit, mission in missions.items():
                if mission not in MISSIONS:
                    raise TablesError(f"tables.military.force_deployment_table.{roll}.\"{unit}\": must be one of "
                                      f"{', '.join(MISSIONS)}, not {mission!r}")
        for ma, results in self.battle_result_table.items():
            for i, result in enumerate(results):
                if result not in BATTLE_RESULTS:
                    raise TablesError(f"tables.military.battle_result_table.{ma}[{i}]: must be a battle result "
                                      f"from 1 to 6, not {result!r}")
        missing = [ma for ma in range(self.ma_min, self.ma_max + 1) if ma not in self.battle_result_table]
        if missing or self.ma_min > self.ma_max:
            raise TablesError(f"tables.military.ma_min, ma_max: {self.ma_min} to {self.ma_max} must be rows of "
                              "the Battle Result Table")
        for code, same in self.force_organisation_same_as.items():
            if same not in self.force_organisation_table:
                raise TablesError(f"tables.military.force_organisation_same_as.{code}: {same} is not a row of "
                                  "the Force Organisation Table")
        if self.rnhb_battalion_rank not in self.promotion_ladder:
            raise TablesError(f"tables.military.rnhb_battalion_rank: {self.rnhb_battalion_rank!r} is not a rank "
                              "of the promotion ladder")

    # -- h. Campaign Determination

    def force_commitment(self, roll: int) -> tuple[str, ...]:
        """The units the Force Commitment Table sends on a roll, in the table's order."""
        return tuple(unit for unit, sent in self.force_commitment_table[roll].items() if sent)

    def force_deployment(self, roll: int) -> dict[str, str]:
        """Each unit's mission on a roll of the Force Deployment Table."""
        return dict(self.force_deployment_table[roll])

    def force_organisation(self, code: int) -> tuple[Army, ...]:
        """The Force Organisation Table's armies for a two-digit code ("same as" rows followed)."""
        return self.force_organisation_table[self.force_organisation_same_as.get(code, code)]

    # -- i. Campaign Outcome

    def clamp_ma(self, ma: int) -> int:
        """"may not be reduced below 1 or increased above 10"."""
        return max(self.ma_min, min(self.ma_max, ma))

    def battle_result(self, ma: int, roll: int) -> int:
        """Battle Result Table: the result for a commander's (modified) MA and die."""
        return self.battle_result_table[self.clamp_ma(ma)][roll - 1]

    def interpretation(self, mission: str, result: int) -> str:
        """The Battle Results Table's interpretation of a result for a mission."""
        return self.battle_result_interpretations[mission][result]

    def outcome_line(self, mission: str, result: int) -> OutcomeLine:
        return self.personal_outcome_table[mission][result]

    @cached_property
    def _command_modifiers(self) -> dict[str, OutcomeModifier]:
        return {m.name: m for m in self.outcome_modifiers_command}

    @cached_property
    def _regiment_modifiers(self) -> dict[str, OutcomeModifier]:
        return {m.name: m for m in self.outcome_modifiers_regiment}

    @cached_property
    def _rank_modifiers(self) -> dict[str, OutcomeModifier]:
        return {m.name: m for m in self.outcome_modifiers_rank}

    def command_modifier(self, command: str | None) -> OutcomeModifier | None:
        """The modifiers of a higher command ("army", "division", "brigade"), or None."""
        return self._command_modifiers.get(command or "")

    @cached_property
    def _regiment_keys(self) -> dict[str, str]:
        return {normalise_name(m.name): m.name for m in self.outcome_modifiers_regiment}

    def regiment_named(self, name: str) -> str | None:
        """The regiment of the Personal Outcome Table's modifiers called ``name`` (in any case,
        with or without "the"), or None.  The regiments module turns a player's spellings into
        these names; a character's regiment is always one of them."""
        return self._regiment_keys.get(normalise_name(name))

    def regiment_modifier(self, regiment: str | None) -> OutcomeModifier | None:
        """A regiment's modifiers (Regimental Table A's name, the Frontier's or the RNHB's), or None."""
        return self._regiment_modifiers.get(regiment or "")

    def rank_modifier(self, rank: str | None) -> OutcomeModifier | None:
        return self._rank_modifiers.get(rank or "")

    # -- i. Promotion and Brevet Rank

    def next_rank(self, rank: str | None) -> str | None:
        """The rank above ``rank`` (none: the first), or None at the top or off the ladder."""
        ladder = self.promotion_ladder
        if rank is None:
            return ladder[0]
        if rank not in ladder or rank == ladder[-1]:
            return None
        return ladder[ladder.index(rank) + 1]

    def place_of_rank(self, rank: str | None) -> int:
        """The 1-based place of a rank on the ladder; 0 for none."""
        return self.promotion_ladder.index(rank) + 1 if rank else 0

    def rank_below(self, rank: str) -> str:
        return self.promotion_ladder[self.promotion_ladder.index(rank) - 1]

    def rnhb_battalion_ranks(self) -> tuple[str, ...]:
        """"Officers of the rank of Major and above may always command Battalions"."""
        ladder = self.promotion_ladder
        return ladder[ladder.index(self.rnhb_battalion_rank):]
