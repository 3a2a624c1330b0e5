"""The campaign season and the battle month, line by line (mutation testing: docs/rules-coverage.md,
"Mutation testing"): the summer's Force Commitment, Deployment and Organisation as the month's start
records them, who marches (and who, dismissed for cowardice, does not), the battle's results with the
mission of each command, and who comes home at the season's end (the dead and the Frontier's own do not)."""

from __future__ import annotations

from engarde.records import Character
from engarde.rules.military import rules as mil
from engarde.rules.regiments.tables import FRONTIER
from test_military_campaign import AUGUST, JUNE, SEPTEMBER, henri, turn_for

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
    Henri, after both, come home."""
    men = the_men()
    june = turn_for(JUNE, *men, dice=[5, 3])
    mil.begin_month(june)
    front = june.world.front
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
