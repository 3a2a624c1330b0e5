"""h./i. The campaign in the month: who marches, volunteers, the battle fought, the
consequences (engarde.rules.military through engarde.turn and engarde.resolve)."""

from __future__ import annotations

from engarde.calendar import MONTH_END, MONTH_START, GameMonth
from engarde.codes import (
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
    EV_SUPPORT_PAID,
    EV_VOLUNTEER_REFUSED,
    EV_VOLUNTEERED,
)
from engarde.config import RuleSettings
from engarde.dice import ScriptedDice, SeededDice
from engarde.orders import OrderSheet, Petition, Practise, StandingOrders, Volunteer
from engarde.records import Character, replay
from engarde.resolve import resolve_month
from engarde.rules import military as mil
from engarde.tables import ASSAULT, FOURTH_FOOT, FRONTIER, SIEGE
from engarde.turn import Turn
from engarde.world import Front, World

JUNE, JULY, AUGUST, SEPTEMBER = (GameMonth(1607, m) for m in (6, 7, 8, 9))
OCTOBER, NOVEMBER = GameMonth(1607, 10), GameMonth(1607, 11)


def turn_for(month, *chars, dice=(), world=None, standing=None) -> Turn:
    return Turn(month, {c.name: c for c in chars}, ScriptedDice(dice), RuleSettings(),
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
    assert h.counters == {mil.C_DESPATCHES: 1, "despatch.1.points": 3, "despatch.1.months": 3}
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
    standing = {"Henri": StandingOrders(campaign_modifier=-2)}
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
    aug = turn_for(AUGUST, h, world=june.world, standing={"Henri": StandingOrders(campaign_modifier=-2)},
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
    assert mil.effective_rank(s) == "Captain"
    for i in range(12):
        mil.brevet_clock(turn_for(GameMonth(1607 + (8 + i) // 12, (8 + i) % 12 + 1), s), s)
    assert mil.brevet_rank(s) is None and s.rank == "Subaltern"


def test_brevet_for_social_level_confirmed_when_level_reached():
    """"Immediately upon doing so, his brevet rank becomes his permanent rank." """
    s = Character("Sub", social_level=9, regiment="Royal Foot Guards", rank="Subaltern")
    t = turn_for(AUGUST, s)
    mil._set_brevet(t, s, "Captain", True)
    mil.brevet_clock(turn_for(SEPTEMBER, s), s)
    assert s.rank == "Captain" and mil.brevet_rank(s) is None and s.counters == {}


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
    assert "4th Brigade of Foot (assault): Repulsed." in html
    assert "is mentioned in despatches" in html
    report = render_report(GazetteData(camp, AUGUST, [h], aug.events), "Henri", aug.ledger)
    assert "You took 1,800 crowns in plunder." in report or "You took 1800 crowns in plunder." in report
    assert "you needed 9 to die (rolled 8)" in report
    assert "Recorded: <code>" not in report


def test_cli_front(tmp_path):
    """`engarde front` shows the season's campaign (or says there is none yet)."""
    import json

    from click.testing import CliRunner

    from engarde import campaign as ops
    from engarde import store
    from engarde.cli import main
    from engarde.config import load_one

    (tmp_path / "campaigns.toml").write_text(
        '[campaigns.test]\nname = "Test"\nnewspaper = "The Test Gazette"\n'
        'first_month = "June 1607"\nseed = "test"\n')
    runner = CliRunner()

    def run(*args):
        result = runner.invoke(main, ["--config", str(tmp_path / "campaigns.toml"), *args], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return result.output

    run("init")
    assert "No campaign yet" in run("front")
    camp = load_one(tmp_path / "campaigns.toml", "test")
    with store.transaction(camp.database) as s:
        row, world = ops._world(s, camp)
        world.front = Front("1607-06", "1607-08", regular=True, commitment_roll=5, deployment_roll=3,
                            organisation=53, units=[FOURTH_FOOT], missions={FOURTH_FOOT: ASSAULT},
                            campaigners={"Henri": {"regiment": "69th Arquebusiers", "since": "1607-06"}})
        ops._save_world(s, row, world)
    out = run("front")
    assert "organisation 53" in out and "Field Army: 1st Division (1st Brigade of Foot, 2nd Brigade of Foot)" in out
    assert "Henri: 69th Arquebusiers since June 1607" in out
    assert json.loads(run("front", "--json"))["organisation"] == 53
