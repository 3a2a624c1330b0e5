"""h./i. The campaign in the month: who marches, volunteers, the battle fought, the
consequences (engarde.rules.military through engarde.turn and engarde.resolve)."""

from __future__ import annotations

from engarde.tables import Tables
from engarde.calendar import MONTH_END, GameMonth
from engarde.rules.military.codes import (
    EV_BATTLE_RESULT,
    EV_CAMPAIGN_DETERMINED,
    EV_DESPATCHES,
    EV_KILLED_IN_ACTION,
    EV_MARCHED,
    EV_ON_CAMPAIGN,
    EV_POLTROONERY,
    EV_PROMOTED_IN_FIELD,
    EV_RETURNED_FROM_CAMPAIGN,
    EV_SUBSTITUTION_GRANTED,
    EV_VOLUNTEER_REFUSED,
    EV_VOLUNTEERED,
)
from engarde.rules.status.codes import EV_SUPPORT_PAID
from engarde.dice import ScriptedDice, SeededDice
from engarde.orders import OrderSheet, Parts
from engarde.rules.military.orders import CampaignStanding
from engarde.rules.military.orders import Petition, Volunteer
from engarde.rules.practice.orders import Practise
from engarde.records import Character, replay
from engarde.resolve import resolve_month
from engarde.rules.military import rules as mil
from engarde.rules.military.tables import ASSAULT, SIEGE
from engarde.rules.regiments.tables import FOURTH_FOOT, FRONTIER
from engarde.turn import Turn
from engarde.world import World
from engarde.rules.military.state import Front
from helpers import cli, tables, write_campaign

JUNE, JULY, AUGUST, SEPTEMBER = (GameMonth(1607, m) for m in (6, 7, 8, 9))
OCTOBER, NOVEMBER = GameMonth(1607, 10), GameMonth(1607, 11)


def turn_for(month, *chars, dice=(), world=None, standing=None, campaign: Tables | None = None) -> Turn:
    return Turn(month, {c.name: c for c in chars}, ScriptedDice(dice), campaign or Tables(),
                world=world or World(), standing=standing or {})


def codes(turn_or_result, code):
    return [e for e in turn_or_result.events if e.code == code]


def henri() -> Character:
    return Character("Henri", social_level=8, crowns=100, regiment="69th Arquebusiers", rank="Major",
                     military_ability=4, endurance=100, strength=10, constitution=10)


def test_henri_campaign_in_the_month():
    """The Henri example through the month: June's Force Commitment 5 and Deployment 3
    (organisation 53) send the 69th (4th Brigade of Foot, 2nd Division) to an assault;
    August's month end fights it die by die; his MA rises by one ("his military ability is
    increased permanently by one"), he is mentioned, takes 1800 crowns of plunder, and
    comes home."""
    h = henri()
    june = turn_for(JUNE, h, dice=[5, 3])
    mil.begin_month(june)
    front = june.world.front
    assert (front.commitment_roll, front.deployment_roll, front.organisation) == (5, 3, 53)
    assert front.regiments["69th Arquebusiers"] == FOURTH_FOOT and front.missions[FOURTH_FOOT] == ASSAULT
    assert h.state == mil.STATE_ON_CAMPAIGN
    (ev,) = codes(june, EV_MARCHED)
    assert ev.data == {"regiment": "69th Arquebusiers", "unit": FOURTH_FOOT, "mission": ASSAULT}
    assert codes(june, EV_CAMPAIGN_DETERMINED)[0].data["organisation"] == 53

    august = turn_for(AUGUST, h, world=june.world, dice=[
        5, 5, 6, 3, 3, 1, 2, 5,  # MAs: army and adjutant, division, brigade and Brigade Major, colonel
        5, 4, 1, 4, 6,  # battle results
        4, 4, 2, 3, 3, 2, 1, 1, 6, 5, 4, 3,  # death 8, mention 5, promotion 5, plunder 2 and 18
        3,  # the mention's status points
    ])
    mil.month_end(august, home=[])
    assert august.dice.remaining == 0
    results = [(e.data["command"], e.data["result"], e.data["interpretation"]) for e in codes(august, EV_BATTLE_RESULT)]
    assert results == [
        ("Field Army", 2, "Bloody victory"), ("2nd Division", 2, "Bloody victory"),
        ("4th Brigade of Foot", 5, "Repulsed"), ("69th Arquebusiers", 3, "Pyrrhic victory"),
        ("69th Arquebusiers: the battalion of Henri", 2, "Bloody victory"),
    ]
    assert h.military_ability == 5 and h.crowns == 1900
    assert h.counters == {mil.C_DESPATCHES: 1, "despatch.1.points": 3, "despatch.1.months": 3,
                          "title.mentions": 1}  # the first of the two mentions that qualify for a title
    assert h.state is None
    assert codes(august, EV_DESPATCHES)[0].data["points"] == 3
    assert codes(august, EV_RETURNED_FROM_CAMPAIGN)[0].characters == ("Henri",)
    start = henri().to_dict()
    assert replay(start, june.ledger + august.ledger).ledger_values() == h.ledger_values()


def test_mention_pays_three_months_then_one_for_life():
    """"The result is the number of Status Points per month he receives for the next three
    months. After the three months have passed, he receives one point per month for as long
    as he lives." """
    h = Character("Henri", counters={mil.C_DESPATCHES: 1, "despatch.1.points": 3, "despatch.1.months": 3})
    got = []
    for month in (SEPTEMBER, OCTOBER, NOVEMBER, GameMonth(1607, 12), GameMonth(1608, 1)):
        t = turn_for(month, h)
        got.append(mil.despatch_status(t, h))
        t.post(h, "status_points", -h.status_points, MONTH_END, "reset", "")
    assert got == [3, 3, 3, 1, 1]


def test_on_campaign_no_weekly_action_no_support_no_status_account():
    """"While on campaign, characters continue to receive pay and allowances, but do not have
    to pay out any money or keep track of Status Points"; he takes no weekly action."""
    h = henri()
    h.allowance, h.state = 20, mil.STATE_ON_CAMPAIGN
    world = World(front=Front("1607-06", "1607-08", regular=True, commitment_roll=5, deployment_roll=3,
                              organisation=53, units=[FOURTH_FOOT, FRONTIER], missions={FOURTH_FOOT: ASSAULT},
                              regiments={"69th Arquebusiers": FOURTH_FOOT},
                              campaigners={"Henri": {"regiment": "69th Arquebusiers", "since": "1607-06",
                                                     "volunteer": False}}))
    sheet = OrderSheet("h.eml", "Henri", month=JULY, weeks={w: Practise("rapier") for w in range(1, 5)})
    result = resolve_month(JULY, [h], {"Henri": sheet}, SeededDice("july"), world=world)
    after = result.characters[0]
    assert after.crowns == 100 + 20 + 12 and after.social_level == 8  # allowance 20, a 69th Major's pay 12
    assert [e.code for e in result.events if e.characters == ("Henri",) and 1 <= e.week <= 4] == [EV_ON_CAMPAIGN]
    assert not codes(result, EV_SUPPORT_PAID)
    assert [(e.field, e.delta) for e in result.ledger if e.field in ("crowns", "status_points", "social_level")] == [
        ("crowns", 20), ("crowns", 12)]


def test_frontier_always_on_campaign_and_stays():
    """"The Frontier and RNHB Regiments are the only ones that regularly campaign during the
    other seasons and are always on campaign, year round." A member marches every season
    and does not come home at its end."""
    f = Character("Fronti", social_level=3, regiment="Frontier Regiment", rank="Private", military_ability=3)
    oct_turn = turn_for(SEPTEMBER, f, dice=[1])  # the season's mission: Siege
    mil.begin_month(oct_turn)
    front = oct_turn.world.front
    assert not front.regular and front.missions[FRONTIER] == SIEGE and f.state == mil.STATE_ON_CAMPAIGN
    # November: colonel 3, adjutant 3; result roll 3 -> 4 (Inconclusive); death 2 (needs 11-1+0=10)
    nov = turn_for(NOVEMBER, f, world=oct_turn.world, dice=[3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1])
    mil.month_end(nov, home=[])
    assert f.state == mil.STATE_ON_CAMPAIGN and not codes(nov, EV_RETURNED_FROM_CAMPAIGN)
    assert nov.dice.remaining == 0


def test_volunteer_for_the_frontier_keeps_his_rank_and_returns():
    """"volunteer for duty with a Frontier Regiment ... The character maintains the same rank
    on the Frontier ... retains his position in his own Regiment ... and returns to it at the
    end of the campaign." """
    c = Character("Vol", social_level=6, regiment="Picardy Musketeers", rank="Captain", military_ability=2)
    t = turn_for(OCTOBER, c, dice=[6])  # the season's mission: Field Operations
    mil.volunteer(t, c, Volunteer(frontier=True), 2)
    (ev,) = codes(t, EV_VOLUNTEERED)
    assert ev.data["regiment"] == FRONTIER and ev.data["mission"] == "field operations"
    assert t.world.front.campaigners["Vol"]["rank"] == "Captain" and c.regiment == "Picardy Musketeers"
    assert mil.away(t, c, 3) and mil.away(t, c, 4)


def test_volunteer_too_late_in_the_last_month():
    """"All volunteers must be on campaign for at least one month ... the first week in May is
    the latest a player could volunteer for the Spring campaign." """
    c = Character("Late", social_level=6)
    t = turn_for(NOVEMBER, c)
    mil.volunteer(t, c, Volunteer(frontier=True), 2)
    assert "too late" in codes(t, EV_VOLUNTEER_REFUSED)[0].data["reason"]
    ok = turn_for(NOVEMBER, c, dice=[2])
    mil.volunteer(ok, c, Volunteer(frontier=True), 1)
    assert codes(ok, EV_VOLUNTEERED)


def test_npc_commander_volunteers_the_unit_on_a_six():
    """"A non-player Commander of a Regiment or a Battalion/Squadron will volunteer his unit on
    a die roll of 6 on one die." """
    c = Character("Cap", social_level=6, regiment="Picardy Musketeers", rank="Captain")
    t = turn_for(OCTOBER, c, dice=[5])
    mil.volunteer(t, c, Volunteer(), 1)
    assert "declined" in codes(t, EV_VOLUNTEER_REFUSED)[0].data["reason"]
    t = turn_for(OCTOBER, c, dice=[6, 4])
    mil.volunteer(t, c, Volunteer(), 1)
    assert codes(t, EV_VOLUNTEERED)[0].data["regiment"] == "Picardy Musketeers"


def test_player_commander_volunteers_without_a_roll():
    """"Players who command a Squadron or Battalion may volunteer their unit"."""
    c = Character("Maj", social_level=6, regiment="Picardy Musketeers", rank="Major")
    t = turn_for(OCTOBER, c, dice=[4])  # only the season's mission
    mil.volunteer(t, c, Volunteer(), 1)
    assert codes(t, EV_VOLUNTEERED) and t.dice.remaining == 0


def test_rnhb_refuses_the_unqualified():
    """"Privates may campaign with the RNHB only if they have an Endurance of 110 or more and an
    Expertise of 9." """
    c = Character("Weak", social_level=4, endurance=100, expertise=12)
    t = turn_for(OCTOBER, c)
    mil.volunteer(t, c, Volunteer(frontier=True, rnhb=True), 1)
    assert "Endurance" in codes(t, EV_VOLUNTEER_REFUSED)[0].data["reason"]


def test_substitution_petition_granted_on_seven_with_influence():
    """"a player may petition to have a Regiment which is not going on campaign ...
    substituted for one which is ... of the same type ... on a roll of 7 on one die. This roll
    may be altered by influence." The substitute takes the brigade and mission of the replaced."""
    c = henri()
    world = World(petitions=[{"character": "Henri", "regiment": "Cardinal's Guard",
                              "replacing": "69th Arquebusiers", "influence": 2}])
    t = turn_for(JUNE, c, dice=[5, 3, 5], world=world)
    mil.begin_month(t)
    front = t.world.front
    assert front.regiments["Cardinal's Guard"] == FOURTH_FOOT and "69th Arquebusiers" not in front.regiments
    assert codes(t, EV_SUBSTITUTION_GRANTED) and c.state is None  # his own regiment stays home


def test_petition_is_filed_for_the_summer():
    """A petition order waits for the summer's Force Commitment."""
    c = henri()
    t = turn_for(GameMonth(1607, 5), c)
    mil.petition(t, c, Petition("Cardinal's Guard", "69th Arquebusiers"), 2)
    assert t.world.petitions[0]["regiment"] == "Cardinal's Guard"


def test_killed_in_action():
    """Death: two dice at or above the number needed; "dead" by ledger."""
    h = henri()
    june = turn_for(JUNE, h, dice=[5, 3])
    mil.begin_month(june)
    aug = turn_for(AUGUST, h, world=june.world, dice=[5, 5, 6, 3, 3, 1, 2, 5, 5, 4, 1, 4, 6, 6, 6])
    mil.month_end(aug, home=[])
    assert h.state == mil.STATE_DEAD and codes(aug, EV_KILLED_IN_ACTION)
    assert not codes(aug, EV_RETURNED_FROM_CAMPAIGN)


def test_poltroonery_seen_costs_status_every_month_until_mentioned():
    """"he loses twice as many Status Points as the modification he took on his death die roll
    every month thereafter until he has redeemed himself by being mentioned in despatches." """
    h = henri()
    june = turn_for(JUNE, h, dice=[5, 3])
    mil.begin_month(june)
    standing = {"Henri": Parts([CampaignStanding(campaign_modifier=-2)])}
    aug = turn_for(AUGUST, h, world=june.world, standing=standing,
                   dice=[5, 5, 6, 3, 3, 1, 2, 5, 5, 4, 1, 4, 6, 5, 5, 4])  # 10 < 11; seen on a 4
    mil.month_end(aug, home=[])
    assert codes(aug, EV_POLTROONERY)[0].data["verdict"] == mil.SEEN and codes(aug, EV_POLTROONERY)[0].public
    assert h.counters[mil.C_POLTROON] == 4 and h.regiment == "69th Arquebusiers"
    sept = turn_for(SEPTEMBER, h, world=aug.world)
    mil.month_end(sept, home=["Henri"])
    assert h.status_points == -4


def test_poltroonery_dismissed():
    """"On a roll of 6 ... he is immediately dismissed from the Regiment"."""
    h = henri()
    june = turn_for(JUNE, h, dice=[5, 3])
    mil.begin_month(june)
    aug = turn_for(AUGUST, h, world=june.world, standing={"Henri": Parts([CampaignStanding(campaign_modifier=-2)])},
                   dice=[5, 5, 6, 3, 3, 1, 2, 5, 5, 4, 1, 4, 6, 1, 1, 6])
    mil.month_end(aug, home=[])
    assert h.regiment is None and h.rank is None and h.counters[mil.C_DISMISSED] == 1


def test_promotion_without_vacancy_is_a_mention_in_the_month():
    """"If a character is promoted while on campaign but there is no vacancy in the Regiment
    for the new rank, he is instead mentioned in despatches." (No roster: no opening.)"""
    h = henri()
    june = turn_for(JUNE, h, dice=[5, 3])
    mil.begin_month(june)
    aug = turn_for(AUGUST, h, world=june.world,
                   dice=[5, 5, 6, 3, 3, 1, 2, 5, 5, 4, 1, 4, 6, 1, 1, 1, 1, 6, 6, 1, 1, 1, 1, 1, 1, 4])
    mil.month_end(aug, home=[])
    (ev,) = codes(aug, EV_DESPATCHES)
    assert ev.data["instead_of_promotion"] and h.rank == "Major" and h.counters[mil.C_DESPATCHES] == 1
    assert not codes(aug, EV_PROMOTED_IN_FIELD)


def test_brevet_for_social_level_reverts_after_a_year():
    """"He then has one year from the date of his promotion ... If, at the end of that year,
    he has not done so, he reverts to his former permanent rank of Subaltern." """
    s = Character("Sub", social_level=8, regiment="Royal Foot Guards", rank="Subaltern")
    t = turn_for(AUGUST, s)
    mil._set_brevet(t, s, "Captain", True)
    assert mil.effective_rank_of(t.tables.military, s) == "Captain"
    for i in range(12):
        mil.brevet_clock(turn_for(GameMonth(1607 + (8 + i) // 12, (8 + i) % 12 + 1), s), s)
    assert mil.brevet_of(t.tables.military, s) is None and s.rank == "Subaltern"


def test_brevet_for_social_level_confirmed_when_level_reached():
    """"Immediately upon doing so, his brevet rank becomes his permanent rank." """
    s = Character("Sub", social_level=9, regiment="Royal Foot Guards", rank="Subaltern")
    t = turn_for(AUGUST, s)
    mil._set_brevet(t, s, "Captain", True)
    mil.brevet_clock(turn_for(SEPTEMBER, s), s)
    assert s.rank == "Captain" and mil.brevet_of(t.tables.military, s) is None and s.counters == {}


def test_summer_rolls_nothing_without_soldiers():
    """Choice: a campaign with nobody in the army rolls no dice (the Force tables wait for the
    first soldier or petition)."""
    t = turn_for(JUNE, Character("Civilian", social_level=5))
    mil.begin_month(t)
    assert t.world.front.commitment_roll is None and not t.dice.log


def test_resolved_summer_replays_and_repeats():
    """Same seed, same months; the ledger reproduces every sheet through the campaign."""
    def run():
        chars, world, ledger = [henri()], World(), []
        for month in (JUNE, JULY, AUGUST):
            r = resolve_month(month, chars, {}, SeededDice(f"s:{month.key}"), world=world)
            chars, world, ledger = r.characters, r.world, ledger + r.ledger
        return chars, world, ledger
    a, wa, la = run()
    b, wb, lb = run()
    assert [c.to_dict() for c in a] == [c.to_dict() for c in b] and wa.to_dict() == wb.to_dict()
    assert replay(henri().to_dict(), la).ledger_values() == a[0].ledger_values()
    assert wa.front.fought and wa.front.start == "1607-06"


def test_news_from_the_front_in_the_gazette_and_report():
    """The gazette's "News from the Front" prints the campaign's public events by code; the
    private report gives the numbers of his personal outcome."""
    from engarde.config import Campaign
    from engarde.gazette import GazetteData, render_html, render_report

    h = henri()
    june = turn_for(JUNE, h, dice=[5, 3])
    mil.begin_month(june)
    aug = turn_for(AUGUST, h, world=june.world, dice=[5, 5, 6, 3, 3, 1, 2, 5, 5, 4, 1, 4, 6,
                                                       4, 4, 2, 3, 3, 2, 1, 1, 6, 5, 4, 3, 3])
    mil.month_end(aug, home=[])
    camp = Campaign(id="demo", name="Demo", newspaper="The Paris Gazette", first_month=JUNE, seed="s",
                    database="sqlite:///:memory:")
    html = render_html(GazetteData(camp, AUGUST, [h], aug.events))
    assert "News from the Front" in html
    results = html[html.index("The results of the campaign"):]
    assert "4th Brigade of Foot" in results and "assault" in results and "Repulsed" in results
    assert "Mentioned in despatches" in html and "Henri" in html[html.index("Mentioned in despatches"):]
    report = render_report(GazetteData(camp, AUGUST, [h], aug.events), "Henri", aug.ledger)
    assert "You took 1,800 crowns in plunder." in report or "You took 1800 crowns in plunder." in report
    assert "you needed 9 to die (rolled 8)" in report
    assert "Recorded: <code>" not in report


def test_cli_front(tmp_path):
    """`engarde front` shows the season's campaign (or says there is none yet)."""
    import json

    from engarde import queries, store
    from engarde.config import load_one

    run = cli(write_campaign(tmp_path, newspaper="The Test Gazette", first_month="June 1607"))
    run("init")
    assert "No campaign yet" in run("front")
    camp = load_one(tmp_path / "campaigns.toml", "test")
    with store.transaction(camp.database) as s:
        row, world = queries.load_world(s, camp)
        world.front = Front("1607-06", "1607-08", regular=True, commitment_roll=5, deployment_roll=3,
                            organisation=53, units=[FOURTH_FOOT], missions={FOURTH_FOOT: ASSAULT},
                            campaigners={"Henri": {"regiment": "69th Arquebusiers", "since": "1607-06"}})
        queries.save_world(s, row, world)
    out = run("front")
    assert "organisation 53" in out and "Field Army: 1st Division (1st Brigade of Foot, 2nd Brigade of Foot)" in out
    assert "Henri: 69th Arquebusiers since June 1607" in out
    assert json.loads(run("front", "--json"))["organisation"] == 53


# -- issue 6: the two halves joined ---------------------------------------------------------


def roster_69th(*players):
    """The 69th Arquebusiers' roster: NPC officers, ``players`` placed by post index."""
    from engarde.rules.regiments.tables import REGIMENT_ESTABLISHMENT
    from engarde.rules.regiments.state import Officer, Regiment

    officers = [Officer(f"NPC {i}", ma=3 if i == 0 else None) for i in range(len(REGIMENT_ESTABLISHMENT))]
    for index, name in players:
        officers[index] = Officer(name, player=True)
    return Regiment("69th Arquebusiers", officers, organised="1607-04")


HENRI_AUGUST = [5, 5, 6, 3, 3, 1, 2, 5, 5, 4, 1, 4, 6]  # the MAs and battle results of the Henri example


def test_npc_officers_die_first_and_the_character_is_promoted_into_the_opening():
    """i. Non-Player Characters: "Player characters have precedence over equally ranked
    non-player characters for promotion"; "roll two dice on the Personal Outcome Table to see
    if a Subaltern is promoted into that slot"; "all Captaincy vacancies in excess of two are
    considered filled by purchase".  NPC and player officers share one roster: the Lieutenant-
    Colonel dies in the battle, Henri (a Major) is promoted into his post, Henri's old Major's
    post goes to the senior NPC Captain on his promotion roll, and his Captaincy to a Subaltern."""
    from engarde.rules.military.codes import (
        EV_NPC_OFFICER_KILLED,
        EV_NPC_OFFICER_PROMOTED,
        EV_NPC_SUBALTERN_PROMOTED,
    )
    from engarde.rules.regiments import rules as regiments

    h = henri()
    world = World(regiments=[roster_69th((2, "Henri"))])
    june = turn_for(JUNE, h, dice=[5, 3], world=world)
    mil.begin_month(june)
    npc_deaths = [1, 1, 6, 6] + [1, 1] * 7  # two dice each: the Lieutenant-Colonel dies (needs 6+), the rest live
    aug = turn_for(AUGUST, h, world=june.world, dice=[
        5, 5, 6, 3, 3, 1, 5,  # army, adjutant, division, adjutant, brigade, Brigade Major; the 69th's adjutant
        5, 4, 1, 4, 6,  # battle results (the Colonel's MA 3 is on the roster)
        *npc_deaths,
        2, 2, 3, 3, 3, 3, 1, 1,  # Henri: death 4 (needs 9), mention 6 (5), promotion 6 (6), plunder 2 (2)
        1, 1, 1, 1,  # his plunder: four dice x 100
        3,  # the mention's status die
        6, 6,  # NPC 4, the senior Captain, rolls for the Major's post Henri left: 12
        6, 6,  # "a Subaltern is promoted into that slot": 12
    ])
    mil.month_end(aug, home=[])
    roster = aug.world.regiment("69th Arquebusiers")
    assert codes(aug, EV_NPC_OFFICER_KILLED)[0].data["officer"] == "NPC 1"
    assert h.rank == "Lieutenant-Colonel" and roster.officers[1].name == "Henri" and roster.officers[1].player
    assert codes(aug, EV_NPC_OFFICER_PROMOTED)[0].data == {"officer": "NPC 4", "regiment": "69th Arquebusiers",
                                                           "rank": "Major", "roll": 12}
    assert [o.name for o in roster.officers[2:4]] == ["NPC 3", "NPC 4"]
    assert regiments.vacancies(roster, "Captain") == 0 and codes(aug, EV_NPC_SUBALTERN_PROMOTED)
    assert aug.dice.remaining == 0


def test_titles_from_battle_results_and_mentions():
    """Titles (en-garde-tables.md): "a character qualifies by two mentions in despatches, ...
    a battle result of 1 while commanding a unit, or a result 3 or more better than his
    immediate superior"."""
    from engarde.rules.titles import rules as titles

    h = henri()
    t = turn_for(AUGUST, h)
    mil._title_qualifications(t, h, own=1, superior=5, role="battalion")  # a 1, and 4 better: two
    assert h.counters[titles.QUALIFICATIONS] == 2
    mil._title_qualifications(t, h, own=1, superior=1, role="")  # not commanding: nothing
    assert h.counters[titles.QUALIFICATIONS] == 2
    p = Character("Porthos", counters={titles.MENTIONS: 1})
    t = turn_for(AUGUST, p, dice=[4])
    mil.mention(t, p, "69th Arquebusiers")  # his second mention
    assert p.counters[titles.QUALIFICATIONS] == 1 and t.fact("Porthos")[titles.FACT_QUALIFIED]


def test_brigadier_commands_his_brigade_on_campaign():
    """"players serving with higher commands use the result and modifiers of that command": a
    Brigadier (by appointment, the brigade's commander) ends his chain at the brigade, with his
    own MA; a Division Adjutant serves with the division, his MA its adjutant's."""
    from engarde.rules.regiments.state import BrigadeRecord

    h = henri()
    h.rank, h.appointment = "Colonel", "Brigadier (Brigade Commander)"
    h.counters[mil.C_BREVET_RANK] = 7  # brevet Brigadier-General
    adj = Character("Aramis", social_level=9, regiment="69th Arquebusiers", rank="Major", military_ability=6,
                    appointment="Division Adjutant")
    world = World(brigades=[BrigadeRecord(FOURTH_FOOT, commander="Henri")])
    june = turn_for(JUNE, h, adj, dice=[5, 3], world=world)
    mil.begin_month(june)
    aug = turn_for(AUGUST, h, adj, world=june.world, dice=[5, 5, 6, 1])  # army, adjutant, division, Brigade Major
    chain, role = mil.chain_for(aug, aug.world.front, h)
    assert [c.level for c in chain] == ["army", "division", "brigade"] and role == "brigade"
    assert chain[-1].ma == h.military_ability and chain[1].adjutant_ma == 6  # Aramis's MA, not rolled
    chain, role = mil.chain_for(aug, aug.world.front, adj)
    assert [c.level for c in chain] == ["army", "division"] and role == "staff:division"
    assert aug.dice.remaining == 0
    mods = mil.outcome_modifiers(aug.tables.military, command="brigade", regiment="69th Arquebusiers",
                                 rank="Brigadier-General")
    assert mods[0].label == "brigade commander"


def test_disgraced_man_joins_the_frontier_and_is_released_when_he_pays():
    """d. Loans: "If unable to pay, the character is disgraced and must join a Frontier Regiment
    until he can pay his debts."  At month start he leaves his regiment for the Frontier
    Regiment (and marches with it); on the Frontier he pays the defaulted loan when he can, and
    the next month start releases him.  The ledger replays every sheet."""
    from engarde.rules.regiments.codes import EV_DISGRACE_FRONTIER, EV_DISGRACE_RELEASED
    from engarde.rules.regiments import rules as regiments
    from engarde.rules.loans.state import Loan

    p = Character("Porthos", social_level=6, crowns=100, regiment="Gascon Regiment", rank="Captain",
                  state="disgraced", counters={"disgrace.unpaid_loans": 1, "debt.1": 50})
    gascons = roster_69th((4, "Porthos"))
    gascons.name = "Gascon Regiment"
    world = World(loans=[Loan(1, "Porthos", "moneylender", 50, "1606-10", due="1607-04", defaulted="1607-04",
                              interest_percent=10, principal=45)], regiments=[gascons])
    may = resolve_month(GameMonth(1607, 5), [p], {}, SeededDice("disgrace"), world)
    (after,) = may.characters
    assert [e.code for e in may.events if e.code == EV_DISGRACE_FRONTIER]
    assert after.regiment == FRONTIER and after.rank == "Private" and after.counters.get("debt.1", 0) == 0
    assert "Porthos" in may.world.front.campaigners and after.state is None  # paid at month end: disgrace over
    assert "Porthos" not in [o.name for o in may.world.regiment("Gascon Regiment").officers]  # his post vacant
    june = resolve_month(JUNE, [after], {}, SeededDice("disgrace-2"), may.world)
    (free,) = june.characters
    assert [e.code for e in june.events if e.code == EV_DISGRACE_RELEASED]
    assert free.regiment is None and free.counters.get(regiments.FRONTIER_DISGRACE, 0) == 0
    for before, month in ((p, may), (after, june)):
        mine = [e for e in month.ledger if e.character == "Porthos"]
        assert replay(before.to_dict(), mine).ledger_values() == month.characters[0].ledger_values()


def test_influence_moves_the_petition_and_the_npc_volunteer_rolls():
    """"The Field Marshal will grant a player's petition on a roll of 7 on one die. This roll may
    be altered by influence."  "A non-player Commander ... will volunteer his unit on a die roll
    of 6 on one die. This roll may be modified by influence." (f. Influence Table B: a class 8
    favour moves a Field Marshal by two, a class 4 a Colonel by two.)"""
    from engarde.rules.influence.orders import UseInfluence
    from engarde.rules.influence import rules as influence

    h = henri()
    porthos = Character("Porthos", social_level=12, counters={"favour.npc.class8": 1, "favour.npc.class4": 1})
    world = World(petitions=[{"character": "Henri", "regiment": "Cardinal's Guard",
                              "replacing": "69th Arquebusiers", "influence": 0}])
    t = turn_for(JUNE, h, porthos, dice=[5, 3, 5], world=world)
    influence.gather_pledges(t, {"Porthos": OrderSheet("p", "Porthos", weeks={
        1: UseInfluence("class 8", "petition", "Henri")})})
    mil.begin_month(t)
    assert codes(t, EV_SUBSTITUTION_GRANTED) and "favour.npc.class8" not in {
        k for k, v in porthos.counters.items() if v}
    # without influence a 7 is impossible: no die is rolled, the petition fails
    t = turn_for(JUNE, henri(), dice=[5, 3], world=World(petitions=[dict(world.petitions[0])] if world.petitions else [
        {"character": "Henri", "regiment": "Cardinal's Guard", "replacing": "69th Arquebusiers"}]))
    mil.begin_month(t)
    assert not codes(t, EV_SUBSTITUTION_GRANTED) and t.dice.remaining == 0
    c = Character("Cap", social_level=6, regiment="Picardy Musketeers", rank="Captain")
    t = turn_for(OCTOBER, c, porthos, dice=[4, 4])  # needs 6 - 2 = 4; then the season's mission
    influence.gather_pledges(t, {"Porthos": OrderSheet("p", "Porthos", weeks={
        1: UseInfluence("class 4", "volunteer", "Cap")})})
    mil.volunteer(t, c, Volunteer(), 1)
    assert codes(t, EV_VOLUNTEERED)


# -- a Brigadier volunteers his brigade; a player Field Marshal ------------------------------


def brigadier_henri() -> Character:
    h = henri()
    h.rank, h.appointment = "Colonel", "Brigadier (Brigade Commander)"
    h.counters[mil.C_BREVET_RANK] = 7  # brevet Brigadier-General
    return h


def test_brigadier_volunteers_his_brigade_in_a_non_regular_season():
    """h. VOLUNTEERS: "Players who command Brigades may volunteer their entire Brigade or any one
    Regiment thereof." ... "No Army, Division or Brigade organisation is needed (unless a Brigadier
    volunteers his Brigade), all Battalions and Squadrons functioning as part of a Frontier Regiment
    and all Regiments functioning independently."  The 4th Brigade of Foot goes as one unit with the
    Frontier's mission; the Gascons (volunteered before, independent) come under it; its players
    march at the next month start; the Brigadier commands it (the brigade's result, his own MA) and
    its regiments roll under him.  A man who commands no brigade cannot volunteer one.  (The Gascons'
    Major volunteering his battalion would send it alone: tests/test_military_fidelity.py.)"""
    from engarde.rules.regiments.state import BrigadeRecord

    h = brigadier_henri()
    gascon = Character("Porthos", social_level=6, regiment="Gascon Regiment", rank="Captain", military_ability=3)
    major = Character("Maj", social_level=6, regiment="Gascon Regiment", rank="Major")
    world = World(brigades=[BrigadeRecord(FOURTH_FOOT, commander="Henri")])
    t = turn_for(OCTOBER, h, gascon, major, dice=[4], world=world)  # the season's mission
    mil.volunteer(t, h, Volunteer(unit="Gascon Regiment"), 1)  # the Gascons go first, independently
    assert t.world.front.regiments["Gascon Regiment"] == "Gascon Regiment"
    mil.volunteer(t, gascon, Volunteer(unit="brigade"), 1)
    assert "commands no brigade" in codes(t, EV_VOLUNTEER_REFUSED)[0].data["reason"]
    mil.volunteer(t, h, Volunteer(unit="brigade"), 2)
    front = t.world.front
    assert front.regiments["69th Arquebusiers"] == front.regiments["Gascon Regiment"] == FOURTH_FOOT
    assert FOURTH_FOOT in front.units and "Gascon Regiment" not in front.units
    assert front.missions[FOURTH_FOOT] == front.missions[FRONTIER]
    ev = codes(t, EV_VOLUNTEERED)[-1]
    assert ev.characters == ("Henri",) and ev.data["brigade"] == FOURTH_FOOT and ev.data["unit"] == FOURTH_FOOT
    assert t.dice.remaining == 0

    nov = turn_for(NOVEMBER, h, gascon, major, world=t.world, dice=[2, 5, 3])
    mil.begin_month(nov)
    assert gascon.state == mil.STATE_ON_CAMPAIGN  # a member of a unit on campaign marches
    chain, role = mil.chain_for(nov, nov.world.front, h)
    assert [c.level for c in chain] == ["brigade"] and role == "brigade" and chain[0].ma == h.military_ability
    chain, role = mil.chain_for(nov, nov.world.front, gascon)
    assert [c.level for c in chain] == ["brigade", "regiment"] and chain[0].ma == h.military_ability
    assert nov.dice.remaining == 0  # the Brigade Major's MA, the Gascons' commander's and adjutant's


def test_a_brigadier_volunteers_one_regiment_of_his_brigade():
    """"or any one Regiment thereof": his own regiment goes at his word, functioning independently
    (no brigade organisation)."""
    from engarde.rules.regiments.state import BrigadeRecord

    h = henri()
    h.rank, h.appointment = "Brigadier-General", "Brigadier (Brigade Commander)"
    world = World(brigades=[BrigadeRecord(FOURTH_FOOT, commander="Henri")])
    t = turn_for(OCTOBER, h, dice=[4], world=world)  # the season's mission only: no NPC roll
    mil.volunteer(t, h, Volunteer(unit="regiment"), 1)
    assert t.world.front.regiments["69th Arquebusiers"] == "69th Arquebusiers" and t.dice.remaining == 0
    assert FOURTH_FOOT not in t.world.front.units


def test_a_brigadier_volunteers_any_one_regiment_of_his_brigade():
    """h. VOLUNTEERS: "Players who command Brigades may volunteer their entire Brigade or any one
    Regiment thereof. Players who volunteer only a portion of their commands need not accompany it
    on campaign."  "Volunteer the Gascon Regiment" (the order names it) sends the Gascons, functioning
    independently with the season's mission, at his word (no NPC roll); he stays in Paris; its members
    march at the next month start.  A regiment of another brigade, or one named by a man who commands
    no brigade, is refused; naming his own regiment volunteers it as before."""
    from engarde.rules.military.codes import EV_VOLUNTEER_REFUSED
    from engarde.parse import parse_action
    from engarde.rules.regiments.state import BrigadeRecord

    order = parse_action("Volunteer the Gascon Regiment for the campaign")
    assert order == Volunteer(unit="Gascon Regiment") and parse_action(order.describe()) == order
    assert parse_action("Volunteer the 69th Arquebusiers") == Volunteer(unit="69th Arquebusiers")
    h = brigadier_henri()
    gascon = Character("Porthos", social_level=6, regiment="Gascon Regiment", rank="Captain", military_ability=3)
    world = World(brigades=[BrigadeRecord(FOURTH_FOOT, commander="Henri")])
    t = turn_for(OCTOBER, h, gascon, dice=[4], world=world)  # the season's mission only
    mil.volunteer(t, gascon, Volunteer(unit="69th Arquebusiers"), 1)
    assert "commands no brigade" in codes(t, EV_VOLUNTEER_REFUSED)[-1].data["reason"]
    mil.volunteer(t, h, Volunteer(unit="27th Musketeers"), 1)
    assert "not of his brigade" in codes(t, EV_VOLUNTEER_REFUSED)[-1].data["reason"]
    mil.volunteer(t, h, Volunteer(unit="Gascon Regiment"), 1)
    front = t.world.front
    assert front.regiments["Gascon Regiment"] == "Gascon Regiment" and "Gascon Regiment" in front.units
    assert "69th Arquebusiers" not in front.regiments
    assert FOURTH_FOOT not in front.units and "Henri" not in front.campaigners and h.state is None
    ev = codes(t, EV_VOLUNTEERED)[-1]
    assert ev.characters == ("Henri",) and ev.data["sent"] and ev.data["regiment"] == "Gascon Regiment"
    assert ev.data["mission"] == front.missions[FRONTIER] and t.dice.remaining == 0
    mil.volunteer(t, h, Volunteer(unit="Gascon Regiment"), 2)
    assert "already on campaign" in codes(t, EV_VOLUNTEER_REFUSED)[-1].data["reason"]
    mil.volunteer(t, h, Volunteer(unit="69th Arquebusiers"), 2)  # his own, named: he goes with it
    assert front.campaigners["Henri"]["regiment"] == "69th Arquebusiers"

    nov = turn_for(NOVEMBER, h, gascon, world=t.world, dice=[])
    mil.begin_month(nov)
    assert gascon.state == mil.STATE_ON_CAMPAIGN and nov.world.front.campaigners["Porthos"]["regiment"] == \
        "Gascon Regiment"


def field_marshal() -> Character:
    fm = Character("Treville", social_level=14, rank="General", military_ability=6)
    fm.counters[mil.C_BREVET_RANK] = 10  # brevet Field Marshal ("No player may ever attain the permanent rank")
    return fm


def test_a_player_field_marshal_decides_petitions_without_a_roll():
    """h. CAMPAIGN: "If there is no player character serving as the Field Marshal, a player may
    petition ... The Field Marshal will grant a player's petition on a roll of 7 on one die." ... "If
    a player is Field Marshal, he may substitute one Regiment as he sees fit."  With a player Field
    Marshal no die is rolled: a petition waits for his answer (petitioner, Field Marshal and GM
    told); unanswered when the forces are determined it is not granted; accepted, the substitute
    takes the brigade and mission of the replaced; one Regiment only, his own order first."""
    from engarde.codes import E_AWAITS_PLAYER
    from engarde.rules.military.codes import EV_SUBSTITUTION_AWAITS_FIELD_MARSHAL, EV_SUBSTITUTION_REFUSED

    fm, h = field_marshal(), henri()
    may = turn_for(GameMonth(1607, 5), h, fm)
    mil.petition(may, h, Petition("Cardinal's Guard", "69th Arquebusiers"), 2)
    assert may.dice.log == [] and [e.code for e in may.errors] == [E_AWAITS_PLAYER]
    assert "engarde petition decide" in may.errors[0].suggestion
    (ev,) = codes(may, EV_SUBSTITUTION_AWAITS_FIELD_MARSHAL)
    assert ev.characters == ("Henri", "Treville") and may.world.petitions[0]["field_marshal"] == "Treville"

    unanswered = turn_for(JUNE, h, fm, dice=[5, 3], world=may.world.copy())  # commitment, deployment only
    mil.begin_month(unanswered)
    assert "no answer" in codes(unanswered, EV_SUBSTITUTION_REFUSED)[0].data["reason"]
    assert "Cardinal's Guard" not in unanswered.world.front.regiments and unanswered.dice.remaining == 0

    world = may.world.copy()
    world.petitions[0]["decision"] = "accept"
    june = turn_for(JUNE, h, fm, dice=[5, 3], world=world)
    mil.begin_month(june)
    assert june.world.front.regiments["Cardinal's Guard"] == FOURTH_FOOT and june.dice.remaining == 0
    assert codes(june, EV_SUBSTITUTION_GRANTED)[0].data["field_marshal"] == "Treville"

    # His own petition order is his choice; another he accepted is refused: one Regiment.
    world = may.world.copy()
    world.petitions[0]["decision"] = "accept"
    own = turn_for(GameMonth(1607, 5), fm, h, world=world)
    mil.petition(own, fm, Petition("Royal Foot Guards", "Gascon Regiment"), 3)
    assert own.world.petitions[-1]["decision"] == "accept" and own.errors == []
    june = turn_for(JUNE, h, fm, dice=[5, 3], world=own.world)
    mil.begin_month(june)
    front = june.world.front
    assert front.regiments["Royal Foot Guards"] == FOURTH_FOOT and "Cardinal's Guard" not in front.regiments
    assert "one Regiment" in codes(june, EV_SUBSTITUTION_REFUSED)[0].data["reason"]


def test_engarde_petition_decide_records_the_field_marshals_answer(tmp_path):
    """`engarde petition decide PETITIONER --accept|--refuse`: "If a player is Field Marshal, he may
    substitute one Regiment as he sees fit": the GM records his answer; a second acceptance is
    refused (one Regiment); a petition not waiting for a player Field Marshal cannot be decided."""
    from engarde.config import load_one
    from engarde.store import CampaignRow, transaction

    config = write_campaign(tmp_path, database=f"sqlite:///{tmp_path / 't.sqlite'}")
    run = cli(config)
    run("init")
    camp = load_one(config, "test")
    world = World(petitions=[
        {"character": "Henri", "regiment": "Cardinal's Guard", "replacing": "69th Arquebusiers", "influence": 0,
         "field_marshal": "Treville", "month": "1607-05", "week": 2},
        {"character": "Aramis", "regiment": "Royal Foot Guards", "replacing": "Gascon Regiment", "influence": 0,
         "field_marshal": "Treville", "month": "1607-05", "week": 2},
        {"character": "Porthos", "regiment": "Royal Marines", "replacing": "Gascon Regiment", "influence": 0,
         "month": "1607-05", "week": 2}])
    with transaction(camp.database) as s:
        row = s.get(CampaignRow, "test")
        row.world = world.to_dict()
        s.add(row)
    assert "accepted by the Field Marshal, Treville" in run("petition", "decide", "henri", "--accept")
    assert "one Regiment" in run("petition", "decide", "Aramis", "--accept", code=2)
    run("petition", "decide", "Aramis", "--refuse")
    assert "no petition from 'Porthos'" in run("petition", "decide", "Porthos", "--accept", code=2)
    with transaction(camp.database) as s:
        stored = World.from_dict(s.get(CampaignRow, "test").world)
    assert [p.get("decision") for p in stored.petitions] == ["accept", "refuse", None]


def test_a_volunteered_brigade_through_the_season_replays_and_repeats():
    """"Players who command Brigades may volunteer their entire Brigade": through the resolver
    (September to November, the battle at November's end, the brigade's result above its
    regiments'), the same seed gives the same months and the ledger reproduces every sheet."""
    from engarde.rules.regiments.state import BrigadeRecord

    def start():
        gascon = Character("Porthos", social_level=6, crowns=100, regiment="Gascon Regiment", rank="Captain",
                           military_ability=3, endurance=100, strength=10, constitution=10)
        return [brigadier_henri(), gascon]

    def run():
        chars, world, ledger = start(), World(brigades=[BrigadeRecord(FOURTH_FOOT, commander="Henri")]), []
        for month in (SEPTEMBER, OCTOBER, NOVEMBER):
            sheets = {"Henri": OrderSheet("h", "Henri", weeks={1: Volunteer(unit="brigade")})} \
                if month == SEPTEMBER else {}
            r = resolve_month(month, chars, sheets, SeededDice(f"b:{month.key}"), world=world)
            chars, world, ledger = r.characters, r.world, ledger + r.ledger
            if month == NOVEMBER:
                results = [e.data["command"] for e in r.events if e.code == EV_BATTLE_RESULT]
        return chars, world, ledger, results

    a, wa, la, results = run()
    b, wb, lb, _ = run()
    assert [c.to_dict() for c in a] == [c.to_dict() for c in b] and wa.to_dict() == wb.to_dict()
    for before, after in zip(start(), a):
        assert replay(before.to_dict(), [e for e in la if e.character == before.name]).ledger_values() \
            == after.ledger_values()
    assert wa.front.fought and results[0] == FOURTH_FOOT and "Gascon Regiment" in results
    assert {n: c["regiment"] for n, c in wa.front.campaigners.items()} == {
        "Henri": "69th Arquebusiers", "Porthos": "Gascon Regiment"}


# -- a campaign's tables ------------------------------------------------------------------------


def test_a_campaigns_force_deployment_reaches_the_march():
    """"Next, roll another die and consult the Force Deployment Table, which indicates the specific
    mission of the Brigades sent": a campaign whose roll of 3 puts the 4th Brigade of Foot to a
    siege sends Henri to one."""
    h = henri()
    campaign = tables({"military": {"force_deployment_table": {"3": {FOURTH_FOOT: SIEGE}}}})
    june = turn_for(JUNE, h, dice=[5, 3], campaign=campaign)
    mil.begin_month(june)
    assert june.world.front.missions[FOURTH_FOOT] == SIEGE
    assert codes(june, EV_MARCHED)[0].data["mission"] == SIEGE


def test_a_campaigns_rnhb_requirements():
    """"Privates may campaign with the RNHB only if they have an Endurance of 110 or more": a
    campaign asking 100 takes a Private of 100."""
    c = Character("Weak", social_level=4, endurance=100, expertise=12)
    t = turn_for(OCTOBER, c, dice=[2], campaign=tables({"military": {"rnhb_min_endurance": 100}}))
    mil.volunteer(t, c, Volunteer(frontier=True, rnhb=True), 1)
    assert codes(t, EV_VOLUNTEERED)[0].data["regiment"] == "Royal North Highland Border Regiment"


def test_a_campaigns_despatch_months_and_brevet_year():
    """"Status Points per month he receives for the next three months"; a brevet for want of
    Social Level: "He then has one year from the date of his promotion": a campaign of two months
    and six shows them."""
    campaign = tables({"military": {"despatch_months": 2, "brevet_months": 6}})
    h = henri()
    t = turn_for(AUGUST, h, dice=[4], campaign=campaign)
    mil.mention(t, h, "69th Arquebusiers")
    assert h.counters["despatch.1.months"] == 2
    assert "mention 1: for the next two months" in [e.reason for e in t.ledger]
    s = Character("Sub", social_level=8, regiment="Royal Foot Guards", rank="Subaltern")
    t = turn_for(AUGUST, s, campaign=campaign)
    mil._set_brevet(t, s, "Captain", True)
    assert s.counters[mil.C_BREVET_MONTHS] == 6
    assert "six months from the date of his promotion" in [e.reason for e in t.ledger]
