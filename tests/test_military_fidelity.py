"""Issue 18, rules fidelity of the army: brevets, a dismissed poltroon, the Battle Results
rule's raise for non-player commanders, duty excused by a player Battalion Commander,
volunteering a part of one's command, reckless bravery's rewards as the player's choice.
Each rule is driven through whole months (``resolve_month``)."""

from __future__ import annotations

from engarde.calendar import GameMonth
from engarde.orders import STANDING, OrderSheet, Parts
from engarde.parse import parse_sheet
from engarde.records import Character, replay
from engarde.registry import core_registry
from engarde.resolve import resolve_month
from engarde.rules.military import rules as mil
from engarde.rules.military.codes import (
    EV_DESPATCHES,
    EV_NPC_MA_RAISED,
    EV_PERSONAL_OUTCOME,
    EV_PROMOTED_IN_FIELD,
    EV_VOLUNTEER_REFUSED,
    EV_VOLUNTEERED,
)
from engarde.rules.military.orders import CampaignStanding, Volunteer
from engarde.rules.practice.orders import Practise
from engarde.rules.regiments import dismissal
from engarde.rules.regiments import rules as regiments_rules
from engarde.rules.regiments.codes import (
    EV_DUTY,
    EV_DUTY_EXCUSED,
    EV_RANK_REFUSED,
    EV_REGIMENT_JOINED,
    EV_REGIMENT_NOT_ELIGIBLE,
    EV_REGIMENT_REJECTED,
)
from engarde.rules.regiments.orders import ApplyRegiment, BuyRank, DutyExcusal
from engarde.rules.regiments.state import Officer, Regiment
from engarde.rules.regiments.tables import FRONTIER
from engarde.tables import Tables
from engarde.world import World
from helpers import rules_registry
from rigged_dice import RiggedDice

JUNE_1607 = GameMonth(1607, 6)
MILITARY = Tables().military

# The summer's forces of the Henri example, every summer: Force Commitment 5 and Deployment 3
# (organisation 53) send the 4th Brigade of Foot (the 69th Arquebusiers) to an assault.
FORCE_53 = {"Force Commitment Table": [5, 5, 5], "Force Deployment Table": [3, 3, 3]}


def months(first: GameMonth, last: GameMonth) -> list[GameMonth]:
    out = [first]
    while out[-1] != last:
        out.append(out[-1].next())
    return out


# A campaign without the penalty for going without female companionship, so that a man
# with no orders holds his Social Level (and his rank's minimum) month after month.
REGISTRY = rules_registry({"companionship": {"first_month": 0, "each_month_more": 0}})


def play(characters: list[Character], first: GameMonth, last: GameMonth, rigged: dict[str, list[int]],
         world: World | None = None, standing: dict[str, Parts] | None = None, sheets=None):
    """Resolve the months ``first``..``last`` in turn, the dice of each month seeded by its key
    and rigged as ``rigged`` says (its values shared by all the months, used up in order);
    ``sheets``: month key -> the month's sheets.  Returns the characters, the world, every
    month's result and the whole ledger."""
    world = world or World()
    results, ledger = [], []
    rig = {key: list(values) for key, values in rigged.items()}
    for month in months(first, last):
        dice = RiggedDice(f"fidelity:{month.key}", rig)  # a value used in one month is gone for the next
        sheet = (sheets or {}).get(month.key, {})
        r = resolve_month(month, characters, sheet, dice, world=world, standing=standing, registry=REGISTRY)
        characters, world = r.characters, r.world
        results.append(r)
        ledger += r.ledger
    return characters, world, results, ledger


def by_name(characters: list[Character], name: str) -> Character:
    return next(c for c in characters if c.name == name)


def colonel_henri() -> Character:
    """A Colonel of the 69th, who holds his Social Level 6 by his rank's status."""
    return Character("Henri", social_level=6, crowns=5000, regiment="69th Arquebusiers", rank="Colonel",
                     military_ability=4, endurance=144, strength=12, constitution=12, expertise=12)


# -- 1. a brevet lasts "until the end of the next summer campaign season" ---------------------


def test_a_brevet_from_a_battle_still_holds_during_the_next_summers_battle():
    """i. Brevet Rank: "the Colonel of a Regiment is promoted to brevet Brigadier-General
    during the summer campaign. ... His brevet rank lasts for one year, until the end of the
    next summer campaign season ... In the next year's campaign, he receives another
    promotion. His permanent rank is now Brigadier-General, and he assumes the brevet rank of
    Lieutenant-General."  The clock does not tick in the month end that grants the brevet: it
    holds through July 1608 and during August 1608's battle, where the second promotion
    happens."""
    rigged = {**FORCE_53, "Henri: death": [1, 1, 1, 1], "Henri: promotion": [6, 6, 6, 6]}
    start = colonel_henri()
    chars, world, results, ledger = play([start], JUNE_1607, GameMonth(1608, 7), rigged)
    henri = by_name(chars, "Henri")
    granted = [e for r in results for e in r.events if e.code == EV_PROMOTED_IN_FIELD]
    assert [(e.data["rank"], e.data["brevet"]) for e in granted] == [("Colonel", "Brigadier-General")]
    assert henri.rank == "Colonel" and mil.brevet_of(MILITARY, henri) == "Brigadier-General"  # July 1608's end
    chars, world, results, more = play(chars, GameMonth(1608, 8), GameMonth(1608, 8), rigged, world)
    henri = by_name(chars, "Henri")
    (again,) = [e for e in results[0].events if e.code == EV_PROMOTED_IN_FIELD]
    assert again.data["kind"] == mil.BREVET_GENERAL
    assert henri.rank == "Brigadier-General" and mil.brevet_of(MILITARY, henri) == "Lieutenant-General"
    assert replay(start.to_dict(), ledger + more).ledger_values() == henri.ledger_values()


# -- 13. reckless bravery's rewards: the player's choice ----------------------------------


def major_henri() -> Character:
    """The Henri example: a Major of the 69th Arquebusiers, who holds his Social Level 8 by his
    rank's status and seven old mentions in despatches (a point a month each, for life)."""
    return Character("Henri", social_level=8, crowns=100, regiment="69th Arquebusiers", rank="Major",
                     military_ability=4, endurance=100, strength=10, constitution=10, expertise=10,
                     counters={mil.C_DESPATCHES: 7})


def test_reckless_bravery_is_used_for_the_rewards_only_if_the_player_chooses():
    """i. Reckless Bravery: "the player may choose to subtract any number he wishes from the
    die roll needed. If he lives, he may use the same modifier for his rolls for mention in
    despatches, promotion and plunder."  His standing order says whether he does: by default
    he does; "Campaign: reckless bravery +3, death only" keeps it to the death roll."""
    sheet = parse_sheet("Character: Henri\nCampaign: reckless bravery +3, death only", "orders.txt")
    assert sheet.ok, sheet.errors
    conduct = sheet.standing.of(CampaignStanding)
    assert (conduct.campaign_modifier, conduct.rewards) == (3, False)
    assert core_registry().describe(sheet.standing, STANDING) == ["Campaign: reckless bravery +3, death only"]
    plain = parse_sheet("Character: Henri\nCampaign: reckless bravery +3", "orders.txt").standing
    assert plain.of(CampaignStanding).rewards and conduct.merged(plain.of(CampaignStanding)).rewards
    assert parse_sheet("Character: Henri\nCampaign: poltroonery 2, death only", "orders.txt").errors

    needs = {}
    for label, standing in (("rewards", plain), ("death only", sheet.standing)):
        rigged = {**FORCE_53, "Henri: death": [1, 1], "Arquebusiers (MA": [6]}  # a result with plunder
        chars, world, results, ledger = play([major_henri()], JUNE_1607, GameMonth(1607, 8), rigged,
                                             standing={"Henri": standing})
        (outcome,) = [e for e in results[-1].events if e.code == EV_PERSONAL_OUTCOME]
        needs[label] = {k: outcome.data[k] for k in ("death", "mention", "promotion", "crowns")}
    assert needs["rewards"]["death"] == needs["death only"]["death"]
    for roll in ("mention", "promotion", "crowns"):
        assert needs["rewards"][roll] == needs["death only"][roll] - 3, roll


# -- 4. the dismissed poltroon --------------------------------------------------------------


def test_a_dismissed_poltroon_is_barred_until_mentioned_on_the_frontier_and_never_taken_back():
    """i. Poltroonery: "On a roll of 6, his cowardice has been particularly blatant and he is
    immediately dismissed from the Regiment; he may not apply to another Regiment until he has
    redeemed himself by mention in despatches in a Frontier Regiment. Under no circumstances
    will his old Regiment have him back."  Henri runs in August's battle and is dismissed from
    the 69th (recorded on his sheet); in September the Picardy Musketeers and the 69th refuse
    him with the reason, and he volunteers for the Frontier; mentioned in despatches there in
    November, in December the Picardy Musketeers consider him again, and the 69th still
    refuses him."""
    start = major_henri()
    coward = {"Henri": Parts([CampaignStanding(campaign_modifier=-2)])}
    rigged = {**FORCE_53, "Henri: death": [1, 1, 1, 1], "is his poltroonery noticed": [6],
              "Henri: mention": [6, 6]}
    chars, world, results, ledger = play([start], JUNE_1607, GameMonth(1607, 8), rigged, standing=coward)
    henri = by_name(chars, "Henri")
    assert henri.regiment is None and henri.counters[mil.C_DISMISSED] == 1
    assert dismissal.old_regiments(henri) == ["69th Arquebusiers"]

    september = GameMonth(1607, 9)
    applies = OrderSheet("h.eml", "Henri", month=september, weeks={
        1: ApplyRegiment("Picardy Musketeers"), 2: ApplyRegiment("69th Arquebusiers"),
        3: Volunteer(frontier=True)})
    december = GameMonth(1607, 12)
    again = OrderSheet("h.eml", "Henri", month=december, weeks={
        1: ApplyRegiment("69th Arquebusiers"), 2: ApplyRegiment("Picardy Musketeers")})
    brave = {"Henri": Parts([CampaignStanding(campaign_modifier=0)])}
    chars, world, results, more = play(chars, september, december, rigged, world, standing=brave,
                                       sheets={"1607-09": {"Henri": applies}, "1607-12": {"Henri": again}})
    refusals = [(e.week, e.data["regiment"], e.data["reason"]) for e in results[0].events
                if e.code == EV_REGIMENT_NOT_ELIGIBLE]
    assert refusals == [
        (1, "Picardy Musketeers", "he was dismissed for cowardice: he may not apply to another Regiment until he "
                                  "has redeemed himself by mention in despatches in a Frontier Regiment"),
        (2, "69th Arquebusiers", "he was dismissed from the 69th Arquebusiers for cowardice: under no "
                                 "circumstances will his old Regiment have him back")]
    assert [e.data["regiment"] for e in results[0].events if e.code == EV_VOLUNTEERED] == [FRONTIER]
    (mentioned,) = [e for e in results[2].events if e.code == EV_DESPATCHES]
    assert mentioned.data["regiment"] == FRONTIER
    henri = by_name(chars, "Henri")
    assert not henri.counters.get(mil.C_DISMISSED)
    assert [(e.week, e.data["regiment"]) for e in results[3].events if e.code == EV_REGIMENT_NOT_ELIGIBLE] == [
        (1, "69th Arquebusiers")]
    assert [e for e in results[3].events if e.week == 2 and e.code in (EV_REGIMENT_JOINED, EV_REGIMENT_REJECTED)]
    assert replay(start.to_dict(), ledger + more).ledger_values() == henri.ledger_values()


def test_a_dismissed_poltroon_may_not_buy_a_rank_in_his_old_regiment():
    """"Under no circumstances will his old Regiment have him back": a purchase is refused too
    (a GM who put him back on its rolls by hand)."""
    henri = major_henri()
    henri.counters[dismissal.dismissed_from("69th Arquebusiers")] = 1
    may = GameMonth(1607, 5)
    sheet = OrderSheet("h.eml", "Henri", month=may, weeks={1: BuyRank("Lieutenant-Colonel")})
    result = resolve_month(may, [henri], {"Henri": sheet}, RiggedDice("buy", {}), registry=REGISTRY)
    (refused,) = [e for e in result.events if e.code == EV_RANK_REFUSED]
    assert "will his old Regiment have him back" in refused.data["reason"]


# -- 5. a non-player commander's raise --------------------------------------------------------


def test_a_non_player_colonel_who_beats_his_brigade_keeps_the_raise_on_the_roster():
    """i. Campaign Outcome: "If a Commander obtains a battle result that is better than his
    immediate superior's, his military ability is increased permanently by one".  The 69th's
    non-player Colonel gets a better result than the 4th Brigade of Foot in August 1607: his
    MA on the regiment's roster rises by one, and the next summer's battle is fought with it.
    The brigade's commander, rolled for the campaign, has his raise on that campaign's record
    only."""
    rigged = {**FORCE_53, "Henri: death": [1, 1] * 2, "(69th Arquebusiers): death": [1] * 80,
              "battle result: 4th Brigade of Foot": [1, 1],  # a bad result for the brigade ...
              "Arquebusiers (MA": [6, 6]}  # ... and a good one for the regiment, each summer
    start = major_henri()
    chars, world, results, ledger = play([start], JUNE_1607, GameMonth(1607, 8), rigged)
    fought = {r["command"]: r for r in world.front.results}
    before = fought["69th Arquebusiers"]["ma"]
    assert fought["69th Arquebusiers"]["result"] < fought["4th Brigade of Foot"]["result"]
    colonel = world.regiment("69th Arquebusiers").officers[0]
    assert not colonel.player and colonel.ma == before + 1
    (raised,) = [e for e in results[-1].events if e.code == EV_NPC_MA_RAISED]
    assert raised.data["officer"] == colonel.name and raised.data["kept"]

    chars, world, results, more = play(chars, GameMonth(1607, 9), GameMonth(1608, 8), rigged, world)
    assert world.front.start == "1608-06"
    fought = {r["command"]: r for r in world.front.results}
    assert fought["69th Arquebusiers"]["ma"] == before + 1


def test_a_non_player_brigadier_has_the_raise_for_the_campaign_only():
    """The same rule for a non-player Brigadier whose result beats his division's: choice, his MA
    is rolled for each campaign, so the raise is on the campaign's record (``Front.ma``) and the
    next summer's Brigadier is rolled afresh."""
    rigged = {**FORCE_53, "Henri: death": [1, 1], "(69th Arquebusiers): death": [1] * 40,
              "battle result: 2nd Division": [1],  # a bad result for the division ...
              "battle result: 4th Brigade of Foot": [6]}  # ... and a good one for the brigade
    chars, world, results, ledger = play([major_henri()], JUNE_1607, GameMonth(1607, 8), rigged)
    fought = {r["command"]: r for r in world.front.results}
    assert fought["4th Brigade of Foot"]["result"] < fought["2nd Division"]["result"]
    key = "4th Brigade of Foot commander"
    assert world.front.ma[key] == fought["4th Brigade of Foot"]["ma"] + 1
    raised = [e.data for e in results[-1].events if e.code == EV_NPC_MA_RAISED and e.data["command"] ==
              "4th Brigade of Foot"]
    assert raised and not raised[0]["kept"]


# -- 7. a player Battalion Commander excuses his men ------------------------------------------


def test_a_player_battalion_commander_excuses_his_men_from_duty_by_his_standing_order():
    """g. Regiments: "Privates and Subalterns may be excused from duty by the permission of their
    Battalion Commanders. A non-player Battalion Commander will excuse a player from one week of
    duty on a roll of 5 or greater".  A player's permission is his word, not a roll: Henri, a
    player Lieutenant-Colonel commanding the 69th's 1st Battalion, writes "Excuse from duty:
    Jacques", and Jacques, a Private, practises all four weeks; without it he serves his two
    weeks, and no die is rolled either way."""
    sheet = parse_sheet("Character: Henri\nExcuse from duty: Jacques", "orders.txt")
    assert sheet.ok, sheet.errors
    assert core_registry().describe(sheet.standing, STANDING) == ["Excuse from duty: Jacques"]
    assert parse_sheet("Character: Henri\nExcuse my men from duty", "o.txt").standing.of(
        DutyExcusal).excuse_from_duty == ("all",)
    assert parse_sheet("Character: Henri\nExcuse from duty: none", "o.txt").standing.of(
        DutyExcusal).excuse_from_duty == ("none",)
    assert parse_sheet("Character: Henri\nWeek 1: Excuse Jacques from duty", "o.txt").errors

    april = GameMonth(1607, 4)
    duty_weeks = {}
    for label, standing in (("excused", sheet.standing), ("not said", Parts()),
                            ("none", parse_sheet("Character: Henri\nExcuse from duty: none", "o.txt").standing)):
        henri = Character("Henri", social_level=8, crowns=500, regiment="69th Arquebusiers", rank="Lieutenant-Colonel",
                          military_ability=4)
        jacques = Character("Jacques", social_level=4, crowns=50, regiment="69th Arquebusiers", rank="Private",
                            military_ability=3)
        practice = OrderSheet("j.eml", "Jacques", month=april, weeks={w: Practise("rapier") for w in range(1, 5)})
        result = resolve_month(april, [henri, jacques], {"Jacques": practice}, RiggedDice(f"duty:{label}", {}),
                               standing={"Henri": standing}, registry=REGISTRY)
        roster = result.world.regiment("69th Arquebusiers")
        assert regiments_rules.battalion_commander(roster)[0].name == "Henri"
        assert not [r for r in result.rolls if "excusal" in r.reason]
        duty_weeks[label] = [e.week for e in result.events if e.code == EV_DUTY and e.characters == ("Jacques",)]
        if label == "excused":
            excused = [e for e in result.events if e.code == EV_DUTY_EXCUSED]
            assert [e.data for e in excused] == [{"by": "Henri"}, {"by": "Henri"}]
    assert duty_weeks == {"excused": [], "not said": [3, 4], "none": [3, 4]}


# -- 8. volunteering a part of one's command --------------------------------------------------


def test_a_colonel_volunteers_one_battalion_and_stays_home():
    """h. Volunteers: "Players who command Regiments may volunteer their Regiment or any
    Squadron/Battalion thereof ... Players who volunteer only a portion of their commands need
    not accompany it on campaign"; "all Battalions and Squadrons functioning as part of a
    Frontier Regiment".  Henri, the player Colonel of the 69th, volunteers the battalion Aramis (a
    player Major) commands in September: it goes with the season's mission, Aramis at its
    head, fights November's battle as its commander and comes home; Henri never leaves Paris."""
    order = parse_sheet("Character: Henri\nWeek 1: Volunteer the 2nd battalion", "orders.txt").weeks[1]
    assert order == Volunteer(unit="battalion", battalion=2)
    assert order.describe() == "Volunteer the 2nd battalion for the campaign"
    henri = Character("Henri", social_level=8, crowns=2000, regiment="69th Arquebusiers", rank="Colonel",
                      military_ability=4, counters={mil.C_DESPATCHES: 7})
    aramis = Character("Aramis", social_level=8, crowns=500, regiment="69th Arquebusiers", rank="Major",
                       military_ability=5, counters={mil.C_DESPATCHES: 7})
    chars, world, results, ledger = play([henri, aramis], GameMonth(1607, 4), GameMonth(1607, 4), {})
    roster = world.regiment("69th Arquebusiers")
    commands = regiments_rules.unit_commands(Tables().regiments, roster)
    (n,) = [n for n in (1, 2, 3) if commands[n].officer.name == "Aramis"]
    assert commands[0].officer.name == "Henri"

    september = GameMonth(1607, 9)
    sheet = OrderSheet("h.eml", "Henri", month=september, weeks={1: Volunteer(unit="battalion", battalion=n)})
    rigged = {"Aramis: death": [1, 1]}
    chars, world, results, more = play(chars, september, GameMonth(1607, 11), rigged, world,
                                       sheets={"1607-09": {"Henri": sheet}})
    sent = [e for e in results[0].events if e.code == EV_VOLUNTEERED]
    assert [(e.characters, e.data["unit"]) for e in sent] == [
        (("Henri",), f"{('1st', '2nd', '3rd')[n - 1]} Battalion of the 69th Arquebusiers"), (("Aramis",), FRONTIER)]
    assert sent[1].data["sent_by"] == "Henri" and "69th Arquebusiers" not in world.front.regiments
    assert not [e for r in results for e in r.ledger if e.character == "Henri" and e.field == "state"]
    (outcome,) = world.front.outcomes
    assert (outcome["character"], outcome["role"], outcome["regiment"]) == ("Aramis", "battalion", FRONTIER)
    assert by_name(chars, "Aramis").state is None and by_name(chars, "Henri").state is None



def test_a_major_volunteers_his_own_battalion_and_the_regiment_stays_home():
    """h. Volunteers: "Players who command a Squadron or Battalion may volunteer their unit to go along with
    them" -- his unit, not his regiment: "No Army, Division or Brigade organisation is needed ..., all
    Battalions and Squadrons functioning as part of a Frontier Regiment and all Regiments functioning
    independently."  Aramis, a player Major commanding a battalion of the 69th on its roster, volunteers his
    battalion in September: it goes as part of the Frontier Regiment with him at its head; Porthos, a player
    Captain of the 69th who did not volunteer, stays in Paris (the 69th is not on campaign)."""
    officers = [Officer(f"NPC {i}", ma=3 if i == 0 else None) for i in range(10)]
    officers[2], officers[5] = Officer("Aramis", player=True), Officer("Porthos", player=True)
    world = World(regiments=[Regiment("69th Arquebusiers", officers, organised="1607-04")])
    aramis = Character("Aramis", social_level=8, crowns=500, regiment="69th Arquebusiers", rank="Major",
                       military_ability=5)
    porthos = Character("Porthos", social_level=8, crowns=500, regiment="69th Arquebusiers", rank="Captain")
    commands = regiments_rules.unit_commands(Tables().regiments, world.regiment("69th Arquebusiers"))
    (n,) = [n for n in (1, 2, 3) if commands[n].officer.name == "Aramis"]
    label = f"{('1st', '2nd', '3rd')[n - 1]} Battalion of the 69th Arquebusiers"
    september, october = GameMonth(1607, 9), GameMonth(1607, 10)
    sheet = OrderSheet("a.eml", "Aramis", month=september, weeks={1: Volunteer(unit="battalion")})
    chars, world, results, ledger = play([aramis, porthos], september, october, {}, world,
                                         sheets={"1607-09": {"Aramis": sheet}})
    sent = [(e.characters, e.data["unit"], e.data.get("battalion")) for e in results[0].events
            if e.code == EV_VOLUNTEERED]
    assert sent == [(("Aramis",), FRONTIER, label)]
    assert label in world.front.units and "69th Arquebusiers" not in world.front.regiments
    assert world.front.campaigners["Aramis"]["regiment"] == FRONTIER
    assert world.front.campaigners["Aramis"]["battalion"] == label
    assert "Porthos" not in world.front.campaigners and by_name(chars, "Porthos").state is None
    assert not [e for r in results for e in r.ledger if e.character == "Porthos" and e.field == "state"]

def sample_organisation_ii() -> World:
    """Sample Organisation II on the 69th's roster: the Colonel a brevet Brigadier-General
    serving elsewhere, the Lieutenant-Colonel acting Regimental Commander, a Major (Maj, a
    player) detached as Brigade Major, the other Major's post vacant, so Captains command all
    three battalions: Cap, a player, the third."""
    officers = [Officer("de Montclair", ma=3, detached="brevet Brigadier-General"), Officer("de Brissac", ma=2),
                Officer("Maj", player=True, detached="Brigade Major"), Officer(),
                Officer("de Vautrin"), Officer("d'Aubigny"), Officer("Cap", player=True), Officer("de Lorme"),
                Officer(), Officer()]
    return World(regiments=[Regiment("69th Arquebusiers", officers, organised="1607-04")])


def test_an_acting_battalion_commander_volunteers_it_and_a_detached_major_needs_the_roll():
    """g. Regimental Organisation, Sample Organisation II: "This leaves all Squadron commands in
    the hands of Captains. Since our character is the third of three surviving Captains, he
    commands the third Squadron. As such, he may volunteer it for service": Cap, a Captain
    acting as the 3rd Battalion's commander, volunteers it at his word.  Maj, "detached from
    the Regiment as Brigade Major", commands no battalion: "A non-player Commander of a Regiment
    or a Battalion/Squadron will volunteer his unit on a die roll of 6 on one die"."""
    cap = Character("Cap", social_level=8, crowns=500, regiment="69th Arquebusiers", rank="Captain",
                    military_ability=3)
    maj = Character("Maj", social_level=8, crowns=500, regiment="69th Arquebusiers", rank="Major",
                    military_ability=3, appointment="Brigade Major")
    october = GameMonth(1607, 10)
    sheets = {name: OrderSheet(f"{name}.eml", name, month=october, weeks={1: Volunteer(unit="battalion")})
              for name in ("Cap", "Maj")}
    rigged = {"decides volunteering the unit of Maj": [5]}
    chars, world, results, ledger = play([cap, maj], october, october, rigged, sample_organisation_ii(),
                                         sheets={"1607-10": sheets})
    events = results[0].events
    assert [e.characters for e in events if e.code == EV_VOLUNTEERED] == [("Cap",)]
    (refused,) = [e for e in events if e.code == EV_VOLUNTEER_REFUSED]
    assert refused.characters == ("Maj",) and "declined" in refused.data["reason"]
    asked = [r.reason for r in results[0].rolls if "volunteering the unit" in r.reason]
    assert len(asked) == 1 and "of Maj" in asked[0]
