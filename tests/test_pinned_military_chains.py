"""The chains of command, line by line (mutation testing: docs/rules-coverage.md, "Mutation
testing"): who commands what in the summer's Force Organisation, from the roster or by rank, and
the higher commands a character's appointment (or the Brigade Major's roll) places him at."""

from __future__ import annotations

from engarde.records import Character
from engarde.rules.military import rules as mil
from engarde.rules.military.rules import Command
from engarde.rules.regiments.state import BrigadeRecord, Officer, Regiment
from engarde.rules.regiments.tables import FOURTH_FOOT, RNHB
from engarde.tables import Tables
from engarde.turn import Turn
from engarde.world import World
from rigged_dice import RiggedDice
from test_military_campaign import AUGUST, JUNE, OCTOBER, henri, roster_69th, turn_for

REG = "69th Arquebusiers"
FIRST = "1st Brigade of Foot"
DRAGOONS = "Grand Duke Max's Dragoons"


def officer(name: str, regiment: str, rank: str, ma: int, **kw) -> Character:
    return Character(name, social_level=12, regiment=regiment, rank=rank, military_ability=ma, **kw)


def the_officers() -> list[Character]:
    return [
        officer("Brig", REG, "Major", 5), officer("Lc", REG, "Lieutenant-Colonel", 4),
        officer("Capt", REG, "Captain", 3), officer("Stray", REG, "Major", 2), officer("Rn", RNHB, "Colonel", 6),
        officer("RnCap", RNHB, "Captain", 2), officer("Colo", "Royal Marines", "Colonel", 5),
        officer("Gasmaj", "Gascon Regiment", "Major", 3), officer("Dragon", DRAGOONS, "Captain", 4),
        officer("Capt2", REG, "Captain", 2),
        officer("Aide", "Picardy Musketeers", "Captain", 4, appointment="Aide to a Brigadier-General"),
        officer("Gen", "13th Fusiliers", "Colonel", 6, appointment="Division Commander"),
        officer("Fake", "Picardy Musketeers", "Colonel", 3, appointment="Brigadier (Brigade Commander)"),
    ]


def test_the_chains_of_command_line_by_line():
    """i. Campaign Outcome: "Each command's result is determined from the top down"; "players serving
    with higher commands use the result and modifiers of that command (i.e. a Division Commander, his
    Aide and the Divisional Adjutant would all use the battle result of the Division ...)"; the Brigade
    Major is the brigade's adjutant; h. The RNHB: "Officers of the rank of Major and above may always
    command Battalions (even Colonels and general officers)", its commander "adding three to the die
    roll"; Sample Organisation II: "Since our character is the third of three surviving Captains, he
    commands the third Squadron".

    The summer of organisation 53 (the Field Army: the 1st Division of the 1st and 2nd Brigades of
    Foot, the 2nd Division of the 4th Brigade and the RNHB, the Dragoon Brigade under the army).  In
    the 69th (its roster): Brig, a Major detached as the 4th Brigade's Brigade Major, serves on its
    staff, his MA its Brigade Major's; Lc commands the 1st Battalion; Capt, the senior Captain, the 3rd
    in Brig's stead; Capt2 a company; Stray, a Major off the roster, a battalion by his rank (the 1st
    Brigade's Brigade Major by the record, he serves with the 4th: no staff).  The RNHB's Colonel Rn
    commands a battalion, its Captain none, its commander's MA a die and three.  Colo, the Royal
    Marines' Colonel on their roster, commands his regiment (a player: no officer named); Gen, a
    Division Commander, the 1st Division with his own MA; Aide, an Aide to a Brigadier-General, serves
    with his brigade; Fake, a Brigadier by appointment whom the brigade's record does not name, in his
    regiment.  The Gascons (no roster): Gasmaj a battalion by rank; the Dragoons: army, brigade,
    regiment."""
    men = the_officers()
    o69 = [Officer("NPC 0", ma=3), Officer("Lc", player=True), Officer("NPC 2"),
           Officer("Brig", player=True, detached="Brigade Major"), Officer("Capt", player=True),
           Officer("Capt2", player=True)] + [Officer(f"NPC {i}") for i in range(6, 10)]
    marines = [Officer("Colo", player=True)] + [Officer(f"M {i}") for i in range(1, 10)]
    world = World(regiments=[Regiment(REG, o69, organised="1607-04"), Regiment("Royal Marines", marines,
                                                                                organised="1607-04")],
                  brigades=[BrigadeRecord(FOURTH_FOOT, brigade_major="Brig", brigade_major_regiment=REG),
                            BrigadeRecord(FIRST, brigade_major="Stray", brigade_major_regiment=REG)])
    june = turn_for(JUNE, *men, dice=[5, 3], world=world)
    mil.begin_month(june)
    august = turn_for(AUGUST, *men, world=june.world, dice=list(range(1, 7)) * 5)
    front = august.world.front
    chains = {m.name: mil.chain_for(august, front, m) for m in men}

    army = Command("army", "Field Army", 1, 2, False, None, "Field Army commander")
    second = Command("division", "2nd Division", 3, 4, True, None, "Field Army, 2nd Division commander")
    fourth = Command("brigade", FOURTH_FOOT, 5, 5, False, None, "4th Brigade of Foot commander")
    the_69th = Command("regiment", REG, 3, 6, False, "NPC 0", None)
    rnhb = Command("regiment", RNHB, 4, 2, False, None, f"{RNHB} commander")
    first_div = Command("division", "1st Division", 6, 3, False, None, None)
    first = Command("brigade", FIRST, 4, 5, False, None, "1st Brigade of Foot commander")

    def battalion(reg: str, name: str, ma: int) -> Command:
        return Command("battalion", f"{reg}: the battalion of {name}", ma)

    assert chains == {
        "Brig": ([army, second, fourth], "staff:brigade"),
        "Lc": ([army, second, fourth, the_69th, battalion(REG, "Lc", 4)], "battalion"),
        "Capt": ([army, second, fourth, the_69th, battalion(REG, "Capt", 3)], "battalion"),
        "Stray": ([army, second, fourth, the_69th, battalion(REG, "Stray", 2)], "battalion"),
        "Rn": ([army, second, rnhb, battalion(RNHB, "Rn", 6)], "battalion"),
        "RnCap": ([army, second, rnhb], ""),
        "Colo": ([army, first_div, first, Command("regiment", "Royal Marines", 5, 6)], "regiment"),
        "Gasmaj": ([army, second, fourth, Command("regiment", "Gascon Regiment", 1, 2, False, None,
                                                  "Gascon Regiment commander"),
                    battalion("Gascon Regiment", "Gasmaj", 3)], "battalion"),
        "Dragon": ([army, Command("brigade", "Dragoon Brigade", 3, 4, False, None, "Dragoon Brigade commander"),
                    Command("regiment", DRAGOONS, 5, 6, False, None, f"{DRAGOONS} commander")], ""),
        "Capt2": ([army, second, fourth, the_69th], ""),
        "Aide": ([army, first_div, first], "staff:brigade"),
        "Gen": ([army, first_div], "division"),
        "Fake": ([army, first_div, first, Command("regiment", "Picardy Musketeers", 1, 2, False, None,
                                                  "Picardy Musketeers commander")], ""),
    }
    # the MAs rolled for the campaign, once each: no 4th Brigade Brigade Major (Brig's own), no 1st
    # Division commander (Gen's own), the RNHB's commander a die of 1 and three
    assert front.ma == {
        "Field Army commander": 1, "Field Army adjutant": 2, "Field Army, 2nd Division commander": 3,
        "Field Army, 2nd Division adjutant": 4, "4th Brigade of Foot commander": 5, "69th Arquebusiers adjutant": 6,
        f"{RNHB} commander": 4, f"{RNHB} adjutant": 2, "Field Army, 1st Division adjutant": 3,
        "1st Brigade of Foot commander": 4, "1st Brigade of Foot brigade major": 5, "Royal Marines adjutant": 6,
        "Gascon Regiment commander": 1, "Gascon Regiment adjutant": 2, "Dragoon Brigade commander": 3,
        "Dragoon Brigade brigade major": 4, f"{DRAGOONS} commander": 5, f"{DRAGOONS} adjutant": 6,
        "Picardy Musketeers commander": 1, "Picardy Musketeers adjutant": 2,
    }
    assert [r.reason for r in august.dice.log][6:8] == [f"military ability of {RNHB} commander",
                                                        f"military ability of {RNHB} adjutant"]


def test_the_army_adjutant_and_an_acting_commanders_ma_line_by_line():
    """"players serving with higher commands use the result and modifiers of that command": the Army
    Adjutant serves with the army, his own MA its adjutant's.  "The character has also rolled the
    military ability of the Lieutenant-Colonel, since, as acting Regimental Commander, his MA will
    determine the fate of the Regiment": a roster's commander with no MA has it rolled when the chain
    needs it.  Abel, who marched in June and has died since, holds no post in the chains.

    Organisation 53: Armadj (a Gascon Captain, the Army Adjutant, MA 6) ends his chain at the army;
    Cap9, a Captain of the 69th, serves under the army (its adjutant Armadj), the 2nd Division, the 4th
    Brigade and the 69th, whose Colonel's MA (none on the roster) is rolled: 6."""
    abel = officer("Abel", REG, "Captain", 3)
    armadj = officer("Armadj", "Gascon Regiment", "Captain", 6, appointment="Army Adjutant")
    cap9 = officer("Cap9", REG, "Captain", 2)
    o69 = [Officer(f"NPC {i}") for i in range(9)] + [Officer("Cap9", player=True)]
    june = turn_for(JUNE, abel, armadj, cap9, dice=[5, 3], world=World(regiments=[Regiment(REG, o69,
                                                                                          organised="1607-04")]))
    mil.begin_month(june)
    abel.state = mil.STATE_DEAD
    august = turn_for(AUGUST, abel, armadj, cap9, world=june.world, dice=[1, 2, 3, 4, 5, 6, 4])
    front = august.world.front
    army = Command("army", "Field Army", 1, 6, False, None, "Field Army commander")
    assert mil.chain_for(august, front, armadj) == ([army], "staff:army")
    assert mil.chain_for(august, front, cap9) == ([
        army, Command("division", "2nd Division", 2, 3, True, None, "Field Army, 2nd Division commander"),
        Command("brigade", FOURTH_FOOT, 4, 5, False, None, "4th Brigade of Foot commander"),
        Command("regiment", REG, 6, 4, False, "NPC 0", None)], "")
    assert [r.reason for r in august.dice.log][-2:] == [
        f"MA of the acting commander of the {REG} (Colonel NPC 0)", f"military ability of {REG} adjutant"]


def test_the_player_commanding_a_mans_division_or_army_line_by_line():
    """Appointments: the Division Adjutant "is appointed by the Lieutenant-General", the Army Adjutant by
    the General: the player holding the command ``ch`` serves in (the choice written in
    ``player_commander``).  Organisation 53: Gen1 (13th Fusiliers) commands a division, Gen2 (Gascons)
    another, Gen3 (dead) no longer; Marsh (Dragoons) the army.  Ask (69th, the 2nd Division) is Gen2's;
    Fus (13th, the 1st Division) Gen1's; Fro (the Frontier Division, which no player commands): nobody;
    Dra (the Dragoon Brigade, under the army and no division), Home (Royal Foot Guards, not sent) and
    Solo (no regiment): the first holder by name, Gen1.  Every man's army is Marsh's.  In October (no
    organisation) the first holder but himself: Gen1's is Gen2."""
    def man(name: str, reg: str | None, appointment: str | None = None, **kw) -> Character:
        return Character(name, social_level=12, regiment=reg, rank="Colonel" if appointment else "Captain",
                         appointment=appointment, **kw)

    men = [man("Gen1", "13th Fusiliers", "Division Commander"), man("Gen2", "Gascon Regiment", "Division Commander"),
           man("Gen3", "Picardy Musketeers", "Division Commander", state=mil.STATE_DEAD),
           man("Marsh", DRAGOONS, "Army Commander"), man("Ask", REG), man("Fus", "13th Fusiliers"),
           man("Fro", "Frontier Regiment"), man("Dra", "Princess Louisa's Light Dragoons"),
           man("Home", "Royal Foot Guards"), man("Solo", None)]
    june = turn_for(JUNE, *men, dice=[5, 3])
    mil.begin_month(june)
    askers = men[4:]
    assert {m.name: (mil.player_commander(june, m, "division"), mil.player_commander(june, m, "army"))
            for m in askers} == {
        "Ask": ("Gen2", "Marsh"), "Fus": ("Gen1", "Marsh"), "Fro": (None, "Marsh"), "Dra": ("Gen1", "Marsh"),
        "Home": ("Gen1", "Marsh"), "Solo": ("Gen1", "Marsh")}
    rt, mt, front = june.tables.regiments, june.tables.military, june.world.front
    assert {m.name: (mil.regiment_command(rt, mt, front, m.regiment, "division"),
                     mil.regiment_command(rt, mt, front, m.regiment, "army")) for m in askers} == {
        "Ask": ("Field Army, 2nd Division", "Field Army"), "Fus": ("Field Army, 1st Division", "Field Army"),
        "Fro": ("Field Army, Frontier Division", "Field Army"), "Dra": (None, "Field Army"),
        "Home": (None, None), "Solo": (None, None)}
    october = turn_for(OCTOBER, *men)
    assert [mil.player_commander(october, m, "division") for m in men[:2] + askers] == ["Gen2"] + ["Gen1"] * 7


def test_a_non_player_colonel_who_shares_a_characters_name_keeps_his_own_ma():
    """Sample Organisation II: "The character has also rolled the military ability of the Lieutenant-Colonel,
    since, as acting Regimental Commander, his MA will determine the fate of the Regiment."  The 69th's
    non-player Colonel is called "NPC 0" (MA 3 on the roster), and so, at home, is a character of MA 6: in
    August's battle the 69th is led with its Colonel's own MA (the regiment's MA 4 with its adjutant's), not
    the character's."""
    h = henri()
    namesake = Character("NPC 0", social_level=3, military_ability=6)
    june = turn_for(JUNE, h, namesake, dice=[5, 3], world=World(regiments=[roster_69th((2, "Henri"))]))
    mil.begin_month(june)
    august = Turn(AUGUST, {"Henri": h, "NPC 0": namesake}, RiggedDice("namesake", {}), Tables(), world=june.world)
    assert mil._regiment_commander(august, august.world.front, REG) == ("NPC 0", 3)
    mil.month_end(august, home=["NPC 0"])
    assert [(r.reason, r.total) for r in august.dice.log if r.reason.startswith(f"battle result: {REG} (")] == [
        (f"battle result: {REG} (MA 4)", 2)]
