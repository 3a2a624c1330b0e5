"""The campaign season and the battle month, line by line (mutation testing: docs/rules-coverage.md,
"Mutation testing"): the summer's Force Commitment, Deployment and Organisation as the month's start
records them, who marches (and who, dismissed for cowardice, does not), the battle's results with the
mission of each command, and who comes home at the season's end (the dead and the Frontier's own do not)."""

from __future__ import annotations

from engarde.calendar import MONTH_START, GameMonth
from engarde.orders import OrderSheet
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.influence.codes import EV_INFLUENCE_USED
from engarde.rules.influence.orders import UseInfluence
from engarde.rules.military import rules as mil
from engarde.rules.military.orders import Petition, Volunteer
from engarde.rules.regiments.tables import FRONTIER
from engarde.rules.regiments.state import Officer, Regiment
from engarde.tables import Tables
from engarde.turn import Turn
from engarde.world import World
from rigged_dice import RiggedDice
from test_pinned_military_brevets import REG, roster_without_majors
from test_military_campaign import AUGUST, JUNE, NOVEMBER, OCTOBER, SEPTEMBER, field_marshal, henri, roster_69th, turn_for

MAY = GameMonth(1607, 5)
DRAGOONS = "Grand Duke Max's Dragoons"
UNITS = ["Dragoon Brigade", "1st Brigade of Foot", "2nd Brigade of Foot", "4th Brigade of Foot", FRONTIER,
         "Royal North Highland Border Regiment"]
MISSIONS = {"Dragoon Brigade": "field operations", "1st Brigade of Foot": "assault", "2nd Brigade of Foot": "assault",
            "4th Brigade of Foot": "assault", FRONTIER: "assault", "Royal North Highland Border Regiment": "assault"}


def the_men() -> list[Character]:
    aramis = Character("Aramis", social_level=8, crowns=100, regiment="69th Arquebusiers", rank="Captain",
                       military_ability=3, endurance=100, strength=10, constitution=10)
    dragon = Character("Dragon", social_level=6, regiment=DRAGOONS, rank="Captain", military_ability=3)
    fronti = Character("Fronti", social_level=3, regiment=FRONTIER, rank="Private", military_ability=3)
    coward = Character("Coward", social_level=5, regiment="Gascon Regiment", rank="Subaltern", military_ability=3)
    coward.counters[mil.C_DISMISSED] = 1
    return [aramis, coward, dragon, fronti, henri()]


def test_the_summer_determined_and_fought_line_by_line():
    """h. Campaign: "Each summer campaign season, the regular army will send some units on campaign. Roll one
    die and consult the Force Commitment Table, which indicates which Brigades are sent on campaign ... Next,
    roll another
    die and consult the Force Deployment Table, which indicates the specific mission of the Brigades sent";
    "The Frontier and RNHB Regiments are the only ones that regularly campaign during the other seasons and
    are always on campaign, year round."  i. Poltroonery: "he is immediately dismissed from the Regiment";
    a man so dismissed marches with no other regiment until he is mentioned on the Frontier.

    June's rolls of 5 and 3 (organisation 53) send the Dragoon Brigade to field operations and the brigades
    of Foot, the Frontier and the RNHB to an assault; the Frontier and the RNHB stand for themselves, every
    regiment of a brigade sent for its brigade; Aramis, Dragon, Fronti and Henri march at the month's start,
    not as volunteers; Coward (dismissed) stays home.  In August each command's result is read with the
    mission of its own unit (the Dragoons' field operations, not the Frontier's assault), a battalion's
    result is not public; Aramis is killed (12 on two dice), Fronti stays on the Frontier, and Dragon and
    Henri, after both, come home; the campaign's record of each man's outcome (Dragon's with his
    Dragoons' field operations)."""
    men = the_men()
    june = turn_for(JUNE, *men, dice=[5, 3])
    mil.begin_month(june)
    front = june.world.front
    assert [(r.reason, r.total) for r in june.dice.log] == [
        ("Force Commitment Table", 5), ("Force Deployment Table", 3)]
    assert (front.units, front.missions) == (UNITS, MISSIONS)
    assert front.regiments == {
        DRAGOONS: "Dragoon Brigade", "Princess Louisa's Light Dragoons": "Dragoon Brigade",
        "Royal Marines": "1st Brigade of Foot", "Picardy Musketeers": "1st Brigade of Foot",
        "13th Fusiliers": "2nd Brigade of Foot", "53rd Fusiliers": "2nd Brigade of Foot",
        "69th Arquebusiers": "4th Brigade of Foot", "Gascon Regiment": "4th Brigade of Foot",
        FRONTIER: FRONTIER, "Royal North Highland Border Regiment": "Royal North Highland Border Regiment",
    }
    marched = {"since": "1607-06", "week": 0, "volunteer": False}
    assert front.campaigners == {
        "Aramis": {"regiment": "69th Arquebusiers", "rank": "Captain", **marched},
        "Dragon": {"regiment": DRAGOONS, "rank": "Captain", **marched},
        "Fronti": {"regiment": FRONTIER, "rank": "Private", **marched},
        "Henri": {"regiment": "69th Arquebusiers", "rank": "Major", **marched},
    }
    assert [(e.code, e.week, e.characters, e.public, e.data) for e in june.events] == [
        ("campaign-determined", 0, (), True, {
            "commitment": 5, "deployment": 3, "organisation": 53, "units": UNITS, "missions": MISSIONS,
            "armies": ["Field Army: 1st Division (1st Brigade of Foot, 2nd Brigade of Foot); 2nd Division "
                       "(4th Brigade of Foot, Royal North Highland Border Regiment); Frontier Division "
                       "(Frontier Regiment); Dragoon Brigade"]}),
        ("marched-to-campaign", 0, ("Aramis",), True,
         {"regiment": "69th Arquebusiers", "unit": "4th Brigade of Foot", "mission": "assault"}),
        ("marched-to-campaign", 0, ("Dragon",), True,
         {"regiment": DRAGOONS, "unit": "Dragoon Brigade", "mission": "field operations"}),
        ("marched-to-campaign", 0, ("Fronti",), True, {"regiment": FRONTIER, "unit": FRONTIER, "mission": "assault"}),
        ("marched-to-campaign", 0, ("Henri",), True,
         {"regiment": "69th Arquebusiers", "unit": "4th Brigade of Foot", "mission": "assault"}),
    ]

    # every MA and battle roll 1 (result 6); Aramis's death 6 and 6; every other roll 1
    august = turn_for(AUGUST, *men, world=june.world, dice=[1] * 25 + [6, 6] + [1] * 18)
    mil.month_end(august, home=[])
    assert august.dice.remaining == 0
    assert [(c.name, c.state) for c in men] == [
        ("Aramis", "dead"), ("Coward", None), ("Dragon", None), ("Fronti", "on campaign"), ("Henri", None)]
    one = {"ma": 1, "modified_ma": 1, "roll": 1, "result": 6}
    assert front.results == [
        {"command": "Field Army", "level": "army", **one, "mission": "assault", "interpretation": "Crushed"},
        {"command": "2nd Division", "level": "division", **one, "mission": "assault", "interpretation": "Crushed"},
        {"command": "4th Brigade of Foot", "level": "brigade", **one, "mission": "assault",
         "interpretation": "Crushed"},
        {"command": "69th Arquebusiers", "level": "regiment", **one, "mission": "assault",
         "interpretation": "Crushed"},
        {"command": "Dragoon Brigade", "level": "brigade", **one, "mission": "field operations",
         "interpretation": "Own crushed"},
        {"command": DRAGOONS, "level": "regiment", **one, "mission": "field operations",
         "interpretation": "Own crushed"},
        {"command": "Frontier Division", "level": "division", **one, "mission": "assault",
         "interpretation": "Crushed"},
        {"command": FRONTIER, "level": "regiment", **one, "mission": "assault", "interpretation": "Crushed"},
        {"command": "69th Arquebusiers: the battalion of Henri", "level": "battalion", "ma": 4, "modified_ma": 1,
         "roll": 1, "result": 6, "mission": "assault", "interpretation": "Crushed"},
    ]
    assert [(e.public, e.data) for e in august.events if e.code == "battle-result"] == [
        (r["level"] != "battalion", {k: r[k] for k in ("command", "level", "result", "mission", "interpretation")})
        for r in front.results
    ]
    assert [(e.code, e.week, e.characters, e.public, e.data) for e in august.events
            if e.code in ("returned-from-campaign", "killed-in-action")] == [
        ("killed-in-action", 5, ("Aramis",), True, {"regiment": "69th Arquebusiers", "mission": "assault"}),
        ("returned-from-campaign", 5, ("Dragon",), True, {"regiment": DRAGOONS}),
        ("returned-from-campaign", 5, ("Henri",), True, {"regiment": "69th Arquebusiers"}),
    ]
    assert {n: c.get("returned") for n, c in front.campaigners.items()} == {
        "Aramis": None, "Dragon": True, "Fronti": None, "Henri": True}
    # the campaign's record of each man: his own unit's mission (the Dragoons' field operations), his
    # commanding result (Henri's battalion) and what the dice gave
    nothing = {"mentioned": False, "promoted": False, "plunder": 0, "poltroonery": None}
    assert front.outcomes == [
        {"character": "Aramis", "regiment": "69th Arquebusiers", "mission": "assault", "result": 6,
         "own_result": None, "died": True, **nothing, "role": ""},
        {"character": "Dragon", "regiment": DRAGOONS, "mission": "field operations", "result": 6,
         "own_result": None, "died": False, **nothing, "role": ""},
        {"character": "Fronti", "regiment": FRONTIER, "mission": "assault", "result": 6, "own_result": None,
         "died": False, **nothing, "role": ""},
        {"character": "Henri", "regiment": "69th Arquebusiers", "mission": "assault", "result": 6,
         "own_result": 6, "died": False, **nothing, "role": "battalion"},
    ]
    assert [(e.character, e.week, e.field, e.value, e.reason) for e in august.ledger][0] == (
        "Aramis", 5, "state", "dead", "killed on campaign with the 69th Arquebusiers")
    assert [n for n in sorted(front.campaigners) if mil.on_campaign(august, n)] == ["Fronti"]


def test_a_seasons_mission_is_rolled_on_the_force_deployment_table():
    """h. Campaign, the other seasons: "roll one die and consult the Force Deployment Chart. The mission
    shown for a Frontier Regiment is that assigned to all units on campaign."  September's month start rolls
    that one die, and the dice say what for."""
    fronti = Character("Fronti", social_level=3, regiment=FRONTIER, rank="Private", military_ability=3)
    september = turn_for(SEPTEMBER, fronti, dice=[1])
    mil.begin_month(september)
    assert [(r.reason, r.total) for r in september.dice.log] == [("Force Deployment Table (the season's mission)", 1)]
    assert september.world.front.missions == {FRONTIER: "siege", "Royal North Highland Border Regiment": "siege"}


def _refused(name: str, regiment: str, replacing: str, reason: str) -> tuple:
    return ("substitution-refused", (name,), False, {"regiment": regiment, "replacing": replacing, "reason": reason})


def test_petitions_and_their_conflicts_line_by_line():
    """h. Substitutions: "a player may petition to have a Regiment which is not going on campaign during the
    regular campaign season substituted for one which is. The substituted Regiment must be of the same type
    (i.e. infantry or Cavalry) as the unit it is substituted for ... The Field Marshal will grant a player's
    petition on a roll of 7 on one die. This roll may be altered by influence."  "If several players submit
    conflicting petitions and receive modified die rolls of 7 or higher, the petition is granted to the player
    with the highest die roll. If several players have equally high die rolls, the Field Marshal will grant
    the petition of the player with the highest Social Level. If several players have equally high Social
    Levels, either one must withdraw his petition or a duel is required."

    In May Jean petitions (filed for the summer, with its month and week) and then names a regiment there
    is none of (refused; his first petition stands).  In June, after the Force Commitment 5 and Deployment 3:
    Ed (4 + 3 recorded influence, needing 4, rolls 6: 9) beats Fab (5 + 2 = 7) for the 53rd Fusiliers though
    Fab's Social Level is higher; Athos and Bertin both make 7 for the 69th Arquebusiers: Athos's Social Level
    10 beats Bertin's 8; Cesar and Didier make 7 for the 13th Fusiliers at Social Level 6 each: neither is
    granted; Gil makes 7 for the Cardinal's Guard to replace the Picardy Musketeers, but Athos took the
    Cardinal's Guard; cavalry for infantry, the Frontier Regiment replaced, a regiment already going are
    refused with no die; Jean, with no influence, needs 7 on one die: no die is rolled; Luc needs 5 and rolls 4;
    Marc, with 6 recorded, needs 1: no die, his roll counted as a 6 (6 + 6 = 12), the highest."""
    levels = {"Athos": 10, "Bertin": 8, "Cesar": 6, "Didier": 6, "Ed": 6, "Fab": 9, "Gil": 5, "Hugo": 5, "Ivo": 5,
              "Jean": 5, "Kurt": 5, "Luc": 5, "Marc": 5}
    men = {name: Character(name, social_level=sl) for name, sl in levels.items()}
    may = turn_for(MAY, *men.values())
    mil.petition(may, men["Jean"], Petition("King's Musketeers", "Royal Marines"), 2)
    mil.petition(may, men["Jean"], Petition("King's Musketeers", "Nowhere Regiment"), 3)
    assert [(e.code, e.week, e.characters, e.public, e.data) for e in may.events] == [
        ("substitution-petitioned", 2, ("Jean",), False, {"regiment": "King's Musketeers", "replacing": "Royal Marines"}),
        ("substitution-refused", 3, ("Jean",), False,
         {"regiment": "King's Musketeers", "replacing": "Nowhere Regiment", "reason": "unknown regiment"}),
    ]
    assert may.world.petitions == [{"character": "Jean", "regiment": "King's Musketeers", "replacing": "Royal Marines",
                                    "influence": 0, "month": "1607-05", "week": 2}]
    may.world.petitions += [
        {"character": name, "regiment": regiment, "replacing": replacing, "influence": recorded}
        for name, regiment, replacing, recorded in [
            ("Athos", "Cardinal's Guard", "69th Arquebusiers", 2), ("Bertin", "King's Musketeers", "69th Arquebusiers", 2),
            ("Cesar", "Royal Foot Guards", "13th Fusiliers", 2), ("Didier", "27th Musketeers", "13th Fusiliers", 2),
            ("Ed", "4th Arquebusiers", "53rd Fusiliers", 3), ("Fab", "Cardinal's Guard", "53rd Fusiliers", 2),
            ("Gil", "Cardinal's Guard", "Picardy Musketeers", 2), ("Hugo", "Dragoon Guards", "Royal Marines", 2),
            ("Ivo", "King's Musketeers", FRONTIER, 2), ("Kurt", "Gascon Regiment", "Royal Marines", 2),
            ("Luc", "27th Musketeers", "Picardy Musketeers", 2), ("Marc", "King's Musketeers", "Royal Marines", 6)]]
    june = turn_for(JUNE, *men.values(), world=may.world, dice=[5, 3, 5, 5, 5, 5, 6, 5, 5, 4])
    mil.begin_month(june)
    assert june.dice.remaining == 0 and {e.week for e in june.events} == {0}
    assert [(r.reason, r.total) for r in june.dice.log][2:] == [
        (f"Field Marshal decides the substitution of the {regiment} for the {replacing} for {name}: {needed}+ needed",
         roll) for name, regiment, replacing, needed, roll in [
            ("Athos", "Cardinal's Guard", "69th Arquebusiers", 5, 5),
            ("Bertin", "King's Musketeers", "69th Arquebusiers", 5, 5),
            ("Cesar", "Royal Foot Guards", "13th Fusiliers", 5, 5), ("Didier", "27th Musketeers", "13th Fusiliers", 5, 5),
            ("Ed", "4th Arquebusiers", "53rd Fusiliers", 4, 6), ("Fab", "Cardinal's Guard", "53rd Fusiliers", 5, 5),
            ("Gil", "Cardinal's Guard", "Picardy Musketeers", 5, 5),
            ("Luc", "27th Musketeers", "Picardy Musketeers", 5, 4)]]
    assert [(e.code, e.characters, e.public, e.data) for e in june.events if e.code != "campaign-determined"] == [
        _refused("Hugo", "Dragoon Guards", "Royal Marines", "a substitute must be of the same type (infantry or cavalry)"),
        _refused("Ivo", "King's Musketeers", FRONTIER, "the Frontier Regiment is not going"),
        ("substitution-refused", ("Jean",), False, {
            "regiment": "King's Musketeers", "replacing": "Royal Marines", "reason": "needs 7 on one die", "needed": 7,
            "base": 7, "roll": None, "influence": 0, "adjustments": []}),
        _refused("Kurt", "Gascon Regiment", "Royal Marines", "the Gascon Regiment is already going"),
        ("substitution-refused", ("Luc",), False, {
            "regiment": "27th Musketeers", "replacing": "Picardy Musketeers", "reason": "needs 5 on one die, rolled 4",
            "needed": 5, "base": 7, "roll": 4, "influence": 0,
            "adjustments": [["influence recorded with the petition", -2]]}),
        ("substitution-granted", ("Marc",), True, {"regiment": "King's Musketeers", "replacing": "Royal Marines", "roll": 12}),
        ("substitution-granted", ("Ed",), True, {"regiment": "4th Arquebusiers", "replacing": "53rd Fusiliers", "roll": 9}),
        ("substitution-granted", ("Athos",), True,
         {"regiment": "Cardinal's Guard", "replacing": "69th Arquebusiers", "roll": 7}),
        _refused("Fab", "Cardinal's Guard", "53rd Fusiliers", "a rival petition was preferred"),
        _refused("Bertin", "King's Musketeers", "69th Arquebusiers", "a rival petition was preferred"),
        _refused("Cesar", "Royal Foot Guards", "13th Fusiliers", "an equal rival petition: withdraw or duel"),
        _refused("Didier", "27th Musketeers", "13th Fusiliers", "an equal rival petition: withdraw or duel"),
        _refused("Gil", "Cardinal's Guard", "Picardy Musketeers", "a rival petition was preferred"),
    ]
    front = june.world.front
    assert front.substitutions == [
        {"character": "Marc", "regiment": "King's Musketeers", "replacing": "Royal Marines", "roll": 12},
        {"character": "Ed", "regiment": "4th Arquebusiers", "replacing": "53rd Fusiliers", "roll": 9},
        {"character": "Athos", "regiment": "Cardinal's Guard", "replacing": "69th Arquebusiers", "roll": 7},
    ]
    assert (front.regiments["4th Arquebusiers"], front.regiments["Cardinal's Guard"]) == (
        "2nd Brigade of Foot", "4th Brigade of Foot")
    assert "53rd Fusiliers" not in front.regiments and "69th Arquebusiers" not in front.regiments
    assert june.world.petitions == []


def test_a_player_field_marshals_one_substitution_line_by_line():
    """h. Substitutions: "If a player is Field Marshal, he may substitute one Regiment as he sees fit."  No die
    is rolled; his own petition order comes first, then the petitions he accepted, earliest first; one he
    refused, or did not answer before the forces were determined, is not granted.

    Treville, a brevet Field Marshal, orders the Dragoon Guards (cavalry) to replace the Gascon Regiment
    (infantry): refused, a substitute must be of the same type; Didier's petition of April, accepted, is
    granted (the Royal Foot Guards for the 13th Fusiliers); Athos's of May, also accepted, is refused (one
    Regiment, and he chose Didier's), and so is Aaron's, accepted, of May's fourth week (heard after those of its
    first and second); Bertin's, refused, and Cesar's, unanswered, are not granted."""
    fm = field_marshal()
    men = {name: Character(name, social_level=6) for name in ("Aaron", "Athos", "Bertin", "Cesar", "Didier")}
    april = turn_for(GameMonth(1607, 4), fm, *men.values())
    mil.petition(april, men["Didier"], Petition("Royal Foot Guards", "13th Fusiliers"), 4)
    may = turn_for(MAY, fm, *men.values(), world=april.world)
    mil.petition(may, men["Athos"], Petition("Cardinal's Guard", "69th Arquebusiers"), 1)
    mil.petition(may, men["Bertin"], Petition("King's Musketeers", "Royal Marines"), 1)
    mil.petition(may, men["Cesar"], Petition("27th Musketeers", "53rd Fusiliers"), 2)
    mil.petition(may, fm, Petition("Dragoon Guards", "Gascon Regiment"), 3)
    mil.petition(may, men["Aaron"], Petition("27th Musketeers", "Picardy Musketeers"), 4)
    assert may.world.petitions[-2] == {
        "character": "Treville", "regiment": "Dragoon Guards", "replacing": "Gascon Regiment", "influence": 0,
        "field_marshal": "Treville", "decision": "accept", "own": True, "month": "1607-05", "week": 3}
    assert [(e.code, e.week, e.characters, e.public, e.data) for e in may.events][:1] == [
        ("substitution-awaits-field-marshal", 1, ("Athos", "Treville"), False, {
            "regiment": "Cardinal's Guard", "replacing": "69th Arquebusiers", "field_marshal": "Treville",
            "petitioner": "Athos"})]
    assert str(may.errors[0]) == (
        "Athos:0: Athos petitions for the Cardinal's Guard to replace the 69th Arquebusiers; Treville, a player, is "
        "the Field Marshal and substitutes one Regiment as he sees fit (no roll): the petition waits for his answer "
        "(record his answer: engarde petition decide \"Athos\" --accept|--refuse)")
    answers = {"Aaron": "accept", "Athos": "accept", "Bertin": "refuse", "Didier": "accept"}  # as `engarde petition decide` records
    for p in may.world.petitions:
        if p["character"] in answers:
            p["decision"] = answers[p["character"]]
    june = turn_for(JUNE, fm, *men.values(), world=may.world, dice=[5, 3])
    mil.begin_month(june)
    assert june.dice.remaining == 0 and {e.week for e in june.events} == {0}

    def refused(name, regiment, replacing, reason):
        return ("substitution-refused", (name,), False,
                {"regiment": regiment, "replacing": replacing, "reason": reason, "field_marshal": "Treville"})

    assert [(e.code, e.characters, e.public, e.data) for e in june.events if e.code != "campaign-determined"] == [
        refused("Treville", "Dragoon Guards", "Gascon Regiment",
                "a substitute must be of the same type (infantry or cavalry)"),
        ("substitution-granted", ("Didier",), True,
         {"regiment": "Royal Foot Guards", "replacing": "13th Fusiliers", "field_marshal": "Treville"}),
        refused("Athos", "Cardinal's Guard", "69th Arquebusiers",
                "the Field Marshal substitutes one Regiment, and chose the Royal Foot Guards for the 13th Fusiliers"),
        refused("Bertin", "King's Musketeers", "Royal Marines", "the Field Marshal, Treville, refused it"),
        refused("Cesar", "27th Musketeers", "53rd Fusiliers",
                "the Field Marshal, Treville, gave no answer before the forces were determined"),
        refused("Aaron", "27th Musketeers", "Picardy Musketeers",
                "the Field Marshal substitutes one Regiment, and chose the Royal Foot Guards for the 13th Fusiliers"),
    ]
    assert june.world.front.substitutions == [
        {"character": "Didier", "regiment": "Royal Foot Guards", "replacing": "13th Fusiliers",
         "field_marshal": "Treville"}]
    assert june.world.front.regiments["Royal Foot Guards"] == "2nd Brigade of Foot"


def test_the_non_player_officers_after_the_battle_line_by_line():
    """i. Non-Player Characters: "When rolling for the death of non-player characters, do not give them the
    benefit of rank or Regiment. Do give them the benefit of their regimental modifiers when rolling for
    promotion."  "At the conclusion of each battle where there is a Captain's vacancy, roll two dice on the
    Personal Outcome Table to see if a Subaltern is promoted into that slot."  "At the end of the campaign,
    after rolling for the one Subaltern's promotion, all Captaincy vacancies in excess of two are considered
    filled by purchase".

    The Henri example's battle (the 69th's result 3, an assault) with the 69th's roster: each non-player
    officer needs 6 to die: the Lieutenant-Colonel rolls exactly 6 and dies, four Captains die, the others
    live (Henri, a player, does not roll with them).  Henri is not promoted; the senior non-player Major rolls
    exactly the 7 needed and becomes Lieutenant-Colonel; the senior Captain, one short for the Major's post
    left, is not promoted (and no one after him is asked); a Subaltern, on exactly 7, takes one of the four
    Captaincies; of the three left, the one in excess of two is filled by purchase."""
    h = henri()
    june = turn_for(JUNE, h, dice=[5, 3], world=World(regiments=[roster_69th((2, "Henri"))]))
    mil.begin_month(june)
    deaths = [1, 1, 3, 3, 1, 1, 1, 1, 2, 4, 3, 3, 5, 1, 4, 2, 1, 1]  # NPC 0, 1, 3 to 9 (Henri, post 2, does not)
    henris = [1] * 12  # death, mention, promotion, plunder 2 and its four dice
    august = turn_for(AUGUST, h, world=june.world,
                      dice=[5, 5, 6, 3, 3, 1, 5, 5, 4, 1, 4, 6, *deaths, *henris, 3, 4, 3, 3, 4, 3])
    mil.month_end(august, home=[])
    assert august.dice.remaining == 0
    npc_rolls = [(r.reason, r.total) for r in august.dice.log if r.reason.startswith(("NPC", "69th"))]
    assert npc_rolls == [
        *[(f"NPC {i} (69th Arquebusiers): death (needs 6+)", total)
          for i, total in zip((0, 1, 3, 4, 5, 6, 7, 8, 9), (2, 6, 2, 2, 6, 6, 6, 6, 2))],
        ("NPC 3 (69th Arquebusiers): promotion to Lieutenant-Colonel (needs 7+)", 7),
        ("NPC 4 (69th Arquebusiers): promotion to Major (needs 7+)", 6),
        ("69th Arquebusiers: a Subaltern's promotion (needs 7+)", 7),
    ]
    npc_events = [(e.code, e.week, e.public, e.data) for e in august.events if e.code.startswith("npc-")
                  and e.code != "npc-military-ability-raised"]
    assert npc_events == [
        *[("npc-officer-killed", 5, True, {"officer": f"NPC {i}", "regiment": "69th Arquebusiers"})
          for i in (1, 5, 6, 7, 8)],
        ("npc-officer-promoted", 5, False,
         {"officer": "NPC 3", "regiment": "69th Arquebusiers", "rank": "Lieutenant-Colonel", "roll": 7}),
        ("npc-subaltern-promoted", 5, False,
         {"officer": "de Montclair", "regiment": "69th Arquebusiers", "purchase": False}),
        ("npc-subaltern-promoted", 5, False, {"officer": "de Brissac", "regiment": "69th Arquebusiers", "purchase": True}),
    ]
    roster = august.world.regiment("69th Arquebusiers")
    assert [(o.name, o.player) for o in roster.officers] == [
        ("NPC 0", False), ("NPC 3", False), ("Henri", True), (None, False), ("NPC 4", False), ("NPC 9", False),
        ("de Montclair", False), ("de Brissac", False), (None, False), (None, False)]
    assert h.rank == "Major"


def test_a_character_promoted_into_an_opening_line_by_line():
    """i. Promotion: "After joining a Regiment, a character may be promoted only if there is an opening of the
    new rank in the Regiment."  "Player characters have precedence over equally ranked non-player characters
    for promotion."  The Lieutenant-Colonel of the 69th dies in the
    battle (12 on two dice); Henri, a Major, rolls the 6 needed for promotion: his merit promotion counted, his
    rank made Lieutenant-Colonel by the ledger at the month's end, his post on the roster the Lieutenant-
    Colonel's (his Major's post left to the senior Captain, who rolls 12), the campaign's record and the
    public event saying so."""
    h = henri()
    june = turn_for(JUNE, h, dice=[5, 3], world=World(regiments=[roster_69th((2, "Henri"))]))
    mil.begin_month(june)
    deaths = [1, 1, 6, 6] + [1, 1] * 7
    august = turn_for(AUGUST, h, world=june.world, dice=[5, 5, 6, 3, 3, 1, 5, 5, 4, 1, 4, 6, *deaths,
                                                           2, 2, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 3, 6, 6, 6, 6])
    mil.month_end(august, home=[])
    assert august.dice.remaining == 0
    promotion = [(e.field, e.delta if e.value is None else e.value, e.week, e.reason, e.rule) for e in august.ledger
                 if e.rule == "i. Promotion"]
    assert promotion == [
        ("campaign.merit_promotions", 1, 5, "promoted on campaign (promoted)", "i. Promotion"),
        ("rank", "Lieutenant-Colonel", 5, "promoted to Lieutenant-Colonel on campaign", "i. Promotion"),
    ]
    assert [(e.week, e.public, e.data) for e in august.events if e.code == "promoted-in-the-field"] == [
        (5, True, {"kind": "promoted", "rank": "Lieutenant-Colonel", "brevet": None, "regiment": "69th Arquebusiers"})]
    assert august.world.front.outcomes[0]["promotion"] == "promoted"
    roster = august.world.regiment("69th Arquebusiers")
    assert [(o.name, o.player) for o in roster.officers[:4]] == [
        ("NPC 0", False), ("Henri", True), ("NPC 3", False), ("NPC 4", False)]
    assert h.rank == "Lieutenant-Colonel" and h.counters["campaign.merit_promotions"] == 1


def test_a_petition_answered_by_a_field_marshal_since_dead_line_by_line():
    """h. Substitutions: "If a player is Field Marshal, he may substitute one Regiment as he sees fit."  The
    answer is the Field Marshal's who gave it: Treville, the brevet Field Marshal of May, accepts Didier's
    petition and refuses Bertin's, then dies; in June Vendome is the Field Marshal.  Didier's substitution is
    granted as Treville's (the campaign's record and the event name him), Bertin's refusal is Treville's, and
    each refusal's event names the present Field Marshal, Vendome.  "Units substituted ... serve in the Brigade
    of ... the Regiment they have replaced rather than their own": the Royal Foot Guards (of the Brigade of
    Guards, not in this summer's Force Organisation 53) serve under the 1st Division of the Field Army with the
    2nd Brigade of Foot, and the 13th Fusiliers, left at home, are still placed by their brigade: Lugo, a
    Division Commander of the 13th, is the player commanding the division of Rene, a Major of the Royal Foot
    Guards (he would appoint its Adjutant)."""
    fm = field_marshal()
    didier, bertin = Character("Didier", social_level=6), Character("Bertin", social_level=6)
    may = turn_for(MAY, fm, didier, bertin)
    mil.petition(may, didier, Petition("Royal Foot Guards", "13th Fusiliers"), 1)
    mil.petition(may, bertin, Petition("King's Musketeers", "Royal Marines"), 2)
    for p, answer in zip(may.world.petitions, ("accept", "refuse")):  # as `engarde petition decide` records
        assert p["field_marshal"] == "Treville"
        p["decision"] = answer
    fm.state = mil.STATE_DEAD
    vendome = Character("Vendome", social_level=14, rank="General", military_ability=5)
    vendome.counters[mil.C_BREVET_RANK] = 10
    lugo = Character("Lugo", social_level=12, regiment="13th Fusiliers", rank="Lieutenant-General",
                     appointment="Division Commander")
    rene = Character("Rene", social_level=8, regiment="Royal Foot Guards", rank="Major")
    june = turn_for(JUNE, fm, vendome, didier, bertin, lugo, rene, world=may.world, dice=[5, 3])
    mil.begin_month(june)
    assert mil.field_marshal(june) == "Vendome"
    assert [(e.code, e.characters, e.data) for e in june.events if e.code.startswith("substitution")] == [
        ("substitution-granted", ("Didier",),
         {"regiment": "Royal Foot Guards", "replacing": "13th Fusiliers", "field_marshal": "Treville"}),
        ("substitution-refused", ("Bertin",),
         {"regiment": "King's Musketeers", "replacing": "Royal Marines",
          "reason": "the Field Marshal, Treville, refused it", "field_marshal": "Vendome"}),
    ]
    assert june.world.front.substitutions == [
        {"character": "Didier", "regiment": "Royal Foot Guards", "replacing": "13th Fusiliers",
         "field_marshal": "Treville"}]
    tables = june.tables
    assert [mil.regiment_command(tables.regiments, tables.military, june.world.front, reg, level)
            for reg in ("Royal Foot Guards", "13th Fusiliers") for level in ("army", "division")] == [
        "Field Army", "Field Army, 1st Division", "Field Army", "Field Army, 1st Division"]
    assert mil.player_commander(june, rene, "division") == "Lugo"


def test_promotions_on_campaign_by_kind_line_by_line():
    """i. Promotion: "After joining a Regiment, a character may be promoted only if there is an opening of the
    new rank in the Regiment. If ... there is no vacancy in the Regiment for the new rank, he is instead
    mentioned in despatches"; "an unlimited number of Subalterns and Privates"; i. Brevet Rank: "If a character
    is promoted to a rank for which his Social Level is too low, he receives a brevet rank"; "Should such a
    player receive a promotion on campaign, he instead converts his present brevet rank to his permanent rank".

    August's battle (the 69th's result 5), every character rolling the 12 his promotion needs, in name order:
    Brev, a Subaltern holding a brevet Captaincy for want of Social Level, has it made his permanent rank;
    Cap, a Captain of SL 2 (the 69th's Majors need 3), takes the first vacant Majority as a brevet Major for
    want of Social Level; Dupont (SL 9) takes the last as Major; Emile, with no Majority left, is mentioned in
    despatches instead (the 69th's); Priv, a Private, becomes a Subaltern (no opening needed).  The
    non-player Lieutenant-Colonel died in the battle (12 on the 6 needed): with no non-player Major to take his
    post (both Majors are characters) none is promoted into it, and the Subaltern's roll for the Captaincy
    Dupont left is still made (a 2: none)."""
    roster = roster_without_majors()  # both Majorities vacant
    for index, name in ((6, "Emile"), (7, "Dupont"), (8, "Brev"), (9, "Cap")):
        roster.officers[index] = Officer(name, player=True)
    ladder = Tables().military
    able = dict(military_ability=3, endurance=100, strength=10, constitution=10, regiment=REG)
    men = [Character("Brev", social_level=2, rank="Subaltern", **able,
                     counters={mil.C_BREVET_RANK: ladder.place_of_rank("Captain"), mil.C_BREVET_MONTHS: 6,
                               mil.C_BREVET_SL: 1}),
           Character("Cap", social_level=2, rank="Captain", **able),
           Character("Dupont", social_level=9, rank="Captain", **able),
           Character("Emile", social_level=9, rank="Captain", **able),
           Character("Priv", social_level=2, rank="Private", **able)]
    june = turn_for(JUNE, *men, dice=[5, 3], world=World(regiments=[roster]))
    mil.begin_month(june)
    rig = {"(69th Arquebusiers): death": [1, 1, 6, 6, 1, 1, 1, 1], "a Subaltern's promotion": [1, 1],
           "Emile: status points": [1]}
    for ch in men:
        rig.update({f"{ch.name}: death": [1, 1], f"{ch.name}: mention": [1, 1], f"{ch.name}: promotion": [6, 6]})
    august = Turn(AUGUST, {c.name: c for c in men}, RiggedDice("promotions", rig), Tables(), world=june.world)
    mil.month_end(august, home=[])
    assert [r.total for r in august.dice.log if r.reason.startswith(tuple(c.name for c in men))
            and "promotion" in r.reason] == [12] * 5
    assert [(e.character, e.field, e.delta if e.value is None else e.value, e.reason) for e in august.ledger
            if e.rule in ("i. Promotion", "i. Brevet Rank", "i. Mentions in Despatches")
            or e.field == "campaign.despatches"] == [
        ("Brev", "campaign.merit_promotions", 1, "promoted on campaign (brevet-confirmed)"),
        ("Brev", "rank", "Captain", "promoted to Captain on campaign"),
        ("Brev", "brevet.rank", -3, "brevet rank ends"),
        ("Brev", "brevet.months", -6, "brevet rank ends"),
        ("Brev", "brevet.social_level", -1, "not a brevet for want of Social Level"),
        ("Cap", "campaign.merit_promotions", 1, "promoted on campaign (brevet-social-level)"),
        ("Cap", "brevet.rank", 4, "brevet Major"),
        ("Cap", "brevet.months", 12, "one year from the date of his promotion"),
        ("Cap", "brevet.social_level", 1, "a brevet for want of Social Level"),
        ("Dupont", "campaign.merit_promotions", 1, "promoted on campaign (promoted)"),
        ("Dupont", "rank", "Major", "promoted to Major on campaign"),
        ("Emile", "campaign.despatches", 1, "mentioned in despatches (69th Arquebusiers)"),
        ("Priv", "campaign.merit_promotions", 1, "promoted on campaign (promoted)"),
        ("Priv", "rank", "Subaltern", "promoted to Subaltern on campaign"),
    ]
    assert [(e.code, e.characters, e.data) for e in august.events
            if e.code in ("promoted-in-the-field", "mentioned-in-despatches")] == [
        ("promoted-in-the-field", ("Brev",), {"kind": "brevet-confirmed", "rank": "Captain", "brevet": None,
                                             "regiment": REG}),
        ("promoted-in-the-field", ("Cap",), {"kind": "brevet-social-level", "rank": "Captain", "brevet": "Major",
                                            "regiment": REG}),
        ("promoted-in-the-field", ("Dupont",), {"kind": "promoted", "rank": "Major", "brevet": None,
                                               "regiment": REG}),
        ("mentioned-in-despatches", ("Emile",), {"regiment": REG, "points": 1, "instead_of_promotion": True}),
        ("promoted-in-the-field", ("Priv",), {"kind": "promoted", "rank": "Subaltern", "brevet": None,
                                             "regiment": REG}),
    ]
    assert [(r.reason, r.total) for r in august.dice.log if r.reason.startswith(("NPC", REG))] == [
        *[(f"NPC {i} ({REG}): death (needs 6+)", 12 if i == 1 else 2) for i in (0, 1, 4, 5)],
        (f"{REG}: a Subaltern's promotion (needs 7+)", 2)]
    assert [o.name for o in august.world.regiment(REG).officers] == [
        "NPC 0", None, "Cap", "Dupont", "NPC 4", "NPC 5", "Emile", "Cap", "Brev", None]


def test_a_volunteer_with_the_rnhb_is_promoted_without_an_opening_at_home():
    """h. The RNHB: "there are always openings available for qualified officers and men"; i. Promotion: "a
    character may be promoted only if there is an opening of the new rank in the Regiment".  Hero, a Captain
    of the 69th (a regiment with no roster: no Majority known vacant) mentioned once, volunteers for the RNHB
    in October; at November's battle he rolls the 12 his promotion needs and is promoted Major (not mentioned
    instead), the RNHB's promotion."""
    hero = Character("Hero", social_level=9, regiment="69th Arquebusiers", rank="Captain", endurance=110,
                     expertise=9, military_ability=3, strength=10, constitution=10, counters={mil.C_DESPATCHES: 1})
    october = turn_for(OCTOBER, hero, dice=[4])
    mil.volunteer(october, hero, Volunteer(frontier=True, rnhb=True), 1)
    rig = {"Hero: death": [1, 1], "Hero: mention": [1, 1], "Hero: promotion": [6, 6]}
    november = Turn(NOVEMBER, {"Hero": hero}, RiggedDice("rnhb", rig), Tables(), world=october.world)
    mil.month_end(november, home=[])
    assert [(e.field, e.delta if e.value is None else e.value, e.reason) for e in november.ledger
            if e.rule == "i. Promotion"] == [
        ("campaign.merit_promotions", 1, "promoted on campaign (promoted)"),
        ("rank", "Major", "promoted to Major on campaign")]
    assert [(e.code, e.data) for e in november.events if e.code == "promoted-in-the-field"] == [
        ("promoted-in-the-field", {"kind": "promoted", "rank": "Major", "brevet": None,
                                   "regiment": "Royal North Highland Border Regiment"})]
    assert hero.get(mil.C_DESPATCHES) == 1


def test_the_non_player_officers_of_a_dragoon_regiment_roll_with_its_own_mission():
    """i. Campaign Outcome: the numbers needed are read "for the mission" of the unit; i. Non-Player Characters:
    "When rolling for the death of non-player characters, do not give them the benefit of rank or Regiment. Do
    give them the benefit of their regimental modifiers when rolling for promotion."  In the summer of
    organisation 53 the Dragoon Brigade is on field operations while the Frontier Regiment assaults: after
    August's battle Grand Duke Max's Dragoons' non-player officers need the field operations' numbers (death
    9, promotion 8), not the assault's.  Their Lieutenant-Colonel dies (12); the senior Major takes his post
    on a 12; the senior Captain, on a 2, does not take the Major's."""
    officers = [Officer(f"NPC {i}", ma=3 if i == 0 else None) for i in range(10)]
    officers[9] = Officer("Dragon", player=True)
    dragon = Character("Dragon", social_level=6, regiment=DRAGOONS, rank="Captain", military_ability=3,
                       endurance=100, strength=10, constitution=10)
    june = turn_for(JUNE, dragon, dice=[5, 3], world=World(regiments=[Regiment(DRAGOONS, officers,
                                                                                organised="1607-04")]))
    mil.begin_month(june)
    assert (june.world.front.missions["Dragoon Brigade"], june.world.front.missions[FRONTIER]) == (
        "field operations", "assault")
    rig = {f"({DRAGOONS}): death": [1, 1, 6, 6] + [1, 1] * 7, "promotion to": [6, 6, 1, 1],
           "Dragon: death": [1, 1], "Dragon: mention": [1, 1], "Dragon: promotion": [1, 1], "Dragon: plunder": [1, 1]}
    august = Turn(AUGUST, {"Dragon": dragon}, RiggedDice("dragoons", rig), Tables(), world=june.world)
    mil.month_end(august, home=[])
    assert [(r.reason, r.total) for r in august.dice.log if r.reason.startswith("NPC")] == [
        *[(f"NPC {i} ({DRAGOONS}): death (needs 9+)", 12 if i == 1 else 2) for i in range(9)],
        (f"NPC 2 ({DRAGOONS}): promotion to Lieutenant-Colonel (needs 8+)", 12),
        (f"NPC 4 ({DRAGOONS}): promotion to Major (needs 8+)", 2),
    ]
    assert [o.name for o in august.world.regiment(DRAGOONS).officers[:5]] == ["NPC 0", "NPC 2", "NPC 3", None, "NPC 4"]


def test_a_pledge_moves_the_field_marshal_in_the_month_played_line_by_line():
    """h. Substitutions: "The Field Marshal will grant a player's petition on a roll of 7 on one die. This roll
    may be altered by influence."  f. Influence: a pledge moves the decision it names (Influence Table B: a
    class 8 favour moves a Field Marshal, class 7, by two).

    Henri petitioned in May for the Cardinal's Guard to replace the 69th Arquebusiers.  June is played
    (Force Commitment 5, Deployment 3: the 69th goes); Porthos's June order pledges his class 8 favour for
    Henri, the decision named "Henri's petition", "Henri's substitution" or "the Field Marshal's favour" (each word
    of the decision, one June each): the Field Marshal needs 5, rolls 5, and grants it; the favour is spent at
    the month's start, when the forces are determined.  Named "a duel", the pledge is not the Field Marshal's
    decision: a 7 is needed, no die is rolled, the petition is refused and the favour kept."""
    def june(decision: str):
        porthos = Character("Porthos", social_level=12, counters={"favour.npc.class8": 1})
        sheets = {"Henri": OrderSheet("h", "Henri"),
                  "Porthos": OrderSheet("p", "Porthos", weeks={1: UseInfluence("class 8", decision, "Henri")})}
        world = World(petitions=[{"character": "Henri", "regiment": "Cardinal's Guard", "replacing": REG,
                                  "influence": 0, "month": "1607-05", "week": 2}])
        dice = RiggedDice("pledge", {"Force Commitment": [5], "Force Deployment": [3], "Field Marshal decides": [5]})
        result = resolve_month(JUNE, [henri(), porthos], sheets, dice, world=world)
        return result, [(e.code, e.week, e.characters, e.data) for e in result.events
                        if e.code in (EV_INFLUENCE_USED, mil.EV_SUBSTITUTION_GRANTED, mil.EV_SUBSTITUTION_REFUSED)]

    what = f"the substitution of the Cardinal's Guard for the {REG}"
    for decision in ("Henri's petition", "Henri's substitution", "the Field Marshal's favour"):
        result, seen = june(decision)
        assert seen == [
            (EV_INFLUENCE_USED, MONTH_START, ("Porthos", "Henri"),
             {"by": "Porthos", "subject": "Henri", "what": what, "position": "Field Marshal", "klass": 8,
              "against": False, "amount": 2}),
            (mil.EV_SUBSTITUTION_GRANTED, MONTH_START, ("Henri",),
             {"regiment": "Cardinal's Guard", "replacing": REG, "roll": 7}),
        ], decision
        assert [(e.character, e.week, e.field, e.delta) for e in result.ledger if e.field == "favour.npc.class8"] == [
            ("Porthos", MONTH_START, "favour.npc.class8", -1)], decision
    result, seen = june("a duel")
    assert seen == [(mil.EV_SUBSTITUTION_REFUSED, MONTH_START, ("Henri",),
                     {"regiment": "Cardinal's Guard", "replacing": REG, "reason": "needs 7 on one die", "needed": 7,
                      "base": 7, "roll": None, "influence": 0, "adjustments": []})]
    assert not [e for e in result.ledger if e.field == "favour.npc.class8"]
