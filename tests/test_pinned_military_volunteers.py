"""Going on campaign, line by line (mutation testing: docs/rules-coverage.md, "Mutation testing"): a
volunteer's enrolment (his rank, his state by the ledger, the news), a Brigadier's regiment sent and
sent again, the week away told once, the names the RNHB and the Frontier go by, and the RNHB's
requirements at their edges."""

from __future__ import annotations

from engarde.orders import OrderSheet
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.appointments.codes import EV_APPOINTMENT_AWAITS
from engarde.rules.appointments.orders import SeekAppointment
from engarde.rules.influence.codes import EV_INFLUENCE_USED
from engarde.rules.influence.orders import UseInfluence
from engarde.rules.military import rules as mil
from engarde.rules.military.orders import Volunteer
from engarde.rules.regiments.orders import ApplyRegiment
from engarde.rules.regiments.state import BrigadeRecord, Officer, Regiment
from engarde.rules.regiments.tables import FOURTH_FOOT, FRONTIER, RNHB
from engarde.world import World
from helpers import tables
from rigged_dice import RiggedDice
from test_military_campaign import AUGUST, JUNE, NOVEMBER, OCTOBER, brigadier_henri, turn_for

PICARDY = "Picardy Musketeers"
DRAGOONS = "Grand Duke Max's Dragoons"


def events(turn) -> list[tuple]:
    return [(e.code, e.week, e.characters, e.public, e.data) for e in turn.events]


def ledger(turn) -> list[tuple]:
    return [(e.character, e.week, e.field, e.delta, e.value, e.reason, e.rule) for e in turn.ledger]


def test_volunteers_enrolled_and_a_regiment_sent_line_by_line():
    """h. Volunteers: "Any character may volunteer to campaign with a Frontier Regiment ... (or the rank
    of Private)"; "Players who command Brigades may volunteer their entire Brigade or any one Regiment
    thereof. Players who volunteer only a portion of their commands need not accompany it on campaign";
    "While on campaign, characters ... take no weekly action".

    October (the season's mission a siege, one die of 4): Priv, of no rank, volunteers for the Frontier
    in week 1 and is enrolled as a Private, on campaign by the ledger (h. Volunteers), public news; Pal,
    a Captain, the same in week 2; Henri, the 4th Brigade's Brigadier, sends the Gascons in week 1 (a
    unit of their own, his brigade named) and is refused them in week 3, they being gone.  Priv and Pal
    are each told once that they are away.  In week 4 Henri volunteers his brigade and goes with it: the
    Gascons serve in it, no longer a unit of their own."""
    priv = Character("Priv", social_level=3)
    pal = Character("Pal", social_level=5, regiment="Gascon Regiment", rank="Captain")
    henri = brigadier_henri()
    october = turn_for(OCTOBER, priv, pal, henri, dice=[4],
                       world=World(brigades=[BrigadeRecord(FOURTH_FOOT, commander="Henri")]))
    mil.volunteer(october, priv, Volunteer(frontier=True), 1)
    mil.volunteer(october, henri, Volunteer(unit="Gascon Regiment"), 1)
    mil.volunteer(october, pal, Volunteer(frontier=True), 2)
    mil.volunteer(october, henri, Volunteer(unit="Gascon Regiment"), 3)
    for week in (3, 4):
        assert mil.away(october, priv, week) and mil.away(october, pal, week)
    assert not mil.away(october, henri, 4)
    mil.volunteer(october, henri, Volunteer(unit="brigade"), 4)
    front = october.world.front
    assert front.units == [FRONTIER, RNHB, FOURTH_FOOT]
    assert front.campaigners == {
        "Priv": {"regiment": FRONTIER, "since": "1607-10", "week": 1, "volunteer": True, "rank": "Private"},
        "Pal": {"regiment": FRONTIER, "since": "1607-10", "week": 2, "volunteer": True, "rank": "Captain"},
        "Henri": {"regiment": "69th Arquebusiers", "since": "1607-10", "week": 4, "volunteer": True,
                  "rank": "Colonel"},
    }
    assert ledger(october) == [
        ("Priv", 1, "state", None, "on campaign", f"on campaign with the {FRONTIER}", "h. Volunteers"),
        ("Pal", 2, "state", None, "on campaign", f"on campaign with the {FRONTIER}", "h. Volunteers"),
        ("Henri", 4, "state", None, "on campaign", "on campaign with the 69th Arquebusiers", "h. Volunteers"),
    ]
    siege = "siege"
    assert events(october) == [
        ("volunteered", 1, ("Priv",), True, {"regiment": FRONTIER, "unit": FRONTIER, "mission": siege}),
        ("volunteered", 1, ("Henri",), True, {"regiment": "Gascon Regiment", "unit": "Gascon Regiment",
                                             "mission": siege, "sent": True, "brigade_commanded": FOURTH_FOOT}),
        ("volunteered", 2, ("Pal",), True, {"regiment": FRONTIER, "unit": FRONTIER, "mission": siege}),
        ("volunteer-refused", 3, ("Henri",), False, {"reason": "the Gascon Regiment is already on campaign"}),
        ("on-campaign", 3, ("Priv",), False, {"regiment": FRONTIER}),
        ("on-campaign", 3, ("Pal",), False, {"regiment": FRONTIER}),
        ("volunteered", 4, ("Henri",), True, {"regiment": "69th Arquebusiers", "unit": FOURTH_FOOT, "mission": siege,
                                             "brigade": FOURTH_FOOT}),
    ]


def test_a_summer_volunteer_before_the_summer_is_determined():
    """h. Campaign: "The Frontier and RNHB Regiments ... are always on campaign, year round"; a
    volunteer's unit goes with its mission.  In a June whose summer is not determined (no soldier in
    the campaign), a civilian volunteering for the Frontier rolls the season's mission on the Force
    Deployment Table (one die of 2: the Frontier's column), and marches with it.  No soldier comes: in
    August the summer has no Force Organisation, and his chain is the Frontier Regiment's alone."""
    civ = Character("Civ", social_level=4)
    june = turn_for(JUNE, civ, dice=[2])
    mil.begin_month(june)
    mil.volunteer(june, civ, Volunteer(frontier=True), 1)
    front = june.world.front
    assert [(r.reason, r.total) for r in june.dice.log] == [("Force Deployment Table (the season's mission)", 2)]
    assert (front.regular, front.commitment_roll, front.deployment_roll) == (True, None, 2)
    assert events(june) == [("volunteered", 1, ("Civ",), True,
                             {"regiment": FRONTIER, "unit": FRONTIER, "mission": front.missions[FRONTIER]})]
    # no soldier ever came: the summer has no Force Organisation, and the Frontier fights alone
    august = turn_for(AUGUST, civ, world=june.world, dice=[1, 1])
    assert mil.chain_for(august, front, civ) == (
        [mil.Command("regiment", FRONTIER, 1, 1, False, None, f"{FRONTIER} commander")], "")


def test_the_names_of_the_rnhb_and_the_frontier():
    """h. The Royal North Highland Border Regiment (the RNHB) and the Frontier Regiments, as orders and
    sheets name them."""
    t = tables()
    for name in ("RNHB", "rnhb regiment", "Royal North Highland Borderers", RNHB):
        assert mil.canonical_regiment(t.military, name) == RNHB, name
    for name in ("Frontier Regiment", "frontier regiments", "Frontier"):
        assert mil.canonical_regiment(t.military, name) == FRONTIER, name


def test_the_rnhb_requirements_at_their_edges():
    """h. The RNHB: "Privates may campaign with the RNHB only if they have an Endurance of 110 or more
    and an Expertise of 9.  Officers ... in addition, have received one merit promotion (non-purchased)
    or have been mentioned in despatches.  Officers with a military ability of 1 are not accepted."
    Volunteering in October: a Captain of MA 2 with one merit promotion is taken; one of MA 1 is
    refused (the rulebook's words), and Green (MA 3), neither promoted nor mentioned; Hero, mentioned but
    never promoted, is taken; a campaign asking MA 3 refuses MA 2 ("2 or less")."""
    def captain(name: str, ma: int) -> Character:
        return Character(name, social_level=5, rank="Captain", endurance=110, expertise=9, military_ability=ma,
                         counters={mil.C_MERIT: 1})

    two, one, green, hero = captain("Two", 2), captain("One", 1), captain("Green", 3), captain("Hero", 3)
    green.counters.clear()
    hero.counters = {mil.C_DESPATCHES: 1}
    october = turn_for(OCTOBER, two, one, green, hero, dice=[4])
    for week, man in enumerate((two, one, green, hero), start=1):
        mil.volunteer(october, man, Volunteer(frontier=True, rnhb=True), week)
    assert [(e.code, e.week, e.characters, e.data.get("reason")) for e in october.events] == [
        ("volunteered", 1, ("Two",), None),
        ("volunteer-refused", 2, ("One",), "the RNHB will not have him: officers with a military ability of 1 "
                                           "are not accepted"),
        ("volunteer-refused", 3, ("Green",), "the RNHB will not have him: an officer needs a merit promotion or "
                                             "a mention in despatches"),
        ("volunteered", 4, ("Hero",), None),
    ]
    strict = captain("Two", 2)
    october = turn_for(OCTOBER, strict, dice=[4], campaign=tables({"military": {"rnhb_min_officer_ma": 3}}))
    mil.volunteer(october, strict, Volunteer(frontier=True, rnhb=True), 1)
    assert [e.data["reason"] for e in october.events] == [
        "the RNHB will not have him: officers with a military ability of 2 or less are not accepted"]


def test_battalions_volunteered_and_the_seasons_units_line_by_line():
    """h. Volunteers: "Players who command Regiments may volunteer their Regiment or any
    Squadron/Battalion thereof ... Players who command a Squadron or Battalion may volunteer their unit
    to go along with them"; "A non-player Commander of a Regiment or a Battalion/Squadron will volunteer
    his unit on a die roll of 6"; in the other seasons "all Battalions and Squadrons functioning as part
    of a Frontier Regiment"; Sample Organisation II: the third of three surviving Captains "commands
    the third Squadron. As such, he may volunteer it"; i. Poltroonery: one dismissed for cowardice
    serves on with the Frontier.

    October, before anyone goes, ``engarde front`` shows the Frontier and the RNHB with no mission.
    At the month start Disg (dismissed, of the Frontier) marches; the season's mission is a siege (4).
    In the 69th (a Majority vacant) Capt, the senior Captain, commands the 3rd Battalion and goes at its
    head with the Frontier; Capb, a company's Captain, asks, and his Colonel volunteers the 69th on a
    6.  The Gascons have no roster: their Colonel Gcol sends the 2nd Battalion and stays; their Major
    Gmaj goes at the head of the 1st.  Every unit is shown with the siege.  In November Capt and Gmaj
    command their battalions under the Frontier Regiment's commander."""
    reg = "69th Arquebusiers"
    capt = Character("Capt", social_level=6, regiment=reg, rank="Captain", military_ability=4)
    capb = Character("Capb", social_level=6, regiment=reg, rank="Captain", military_ability=3)
    gcol = Character("Gcol", social_level=9, regiment="Gascon Regiment", rank="Colonel", military_ability=5)
    gmaj = Character("Gmaj", social_level=7, regiment="Gascon Regiment", rank="Major", military_ability=2)
    disg = Character("Disg", social_level=3, regiment=FRONTIER, rank="Private", counters={mil.C_DISMISSED: 1})
    officers = [Officer("NPC 0", ma=3), Officer("NPC 1"), Officer("NPC 2"), Officer(), Officer("Capt", player=True),
                Officer("Capb", player=True)] + [Officer(f"NPC {i}") for i in range(6, 10)]
    men = (capt, capb, gcol, gmaj, disg)
    october = turn_for(OCTOBER, *men, dice=[4, 6], world=World(regiments=[Regiment(reg, officers,
                                                                                    organised="1607-04")]))
    assert mil.describe_organisation(october.tables.military, mil._ensure_front(october)) == [
        f"{FRONTIER}: ?", f"{RNHB}: ?"]
    mil.begin_month(october)
    mil.volunteer(october, capt, Volunteer(unit="battalion"), 1)
    mil.volunteer(october, capb, Volunteer(), 1)
    mil.volunteer(october, gcol, Volunteer(unit="battalion", battalion=2), 2)
    mil.volunteer(october, gmaj, Volunteer(unit="battalion"), 2)
    siege = {"mission": "siege"}
    third, first = f"3rd Battalion of the {reg}", "1st Battalion of the Gascon Regiment"
    assert events(october) == [
        ("marched-to-campaign", 0, ("Disg",), True, {"regiment": FRONTIER, "unit": FRONTIER, **siege}),
        ("volunteered", 1, ("Capt",), True, {"regiment": FRONTIER, "unit": FRONTIER, **siege, "battalion": third}),
        ("volunteered", 1, ("Capb",), True, {"regiment": reg, "unit": reg, **siege}),
        ("volunteered", 2, ("Gcol",), True, {"regiment": "Gascon Regiment", "unit": "2nd Battalion of the Gascon "
                                             "Regiment", **siege, "battalion_sent": True}),
        ("volunteered", 2, ("Gmaj",), True, {"regiment": FRONTIER, "unit": FRONTIER, **siege, "battalion": first}),
    ]
    assert [r.reason for r in october.dice.log][1] == \
        f"Colonel decides volunteering the unit of Capb ({reg}) for Capb: 6+ needed"
    assert ledger(october)[0] == ("Disg", 0, "state", None, "on campaign", f"on campaign with the {FRONTIER}",
                                  "h. Campaign")
    front = october.world.front
    assert mil.describe_organisation(october.tables.military, front) == [
        f"{FRONTIER}: siege", f"{RNHB}: siege", f"{third}: siege", f"{reg}: siege",
        "2nd Battalion of the Gascon Regiment: siege", f"{first}: siege"]

    november = turn_for(NOVEMBER, *men, world=october.world, dice=[1, 2])
    frontier = mil.Command("regiment", FRONTIER, 1, 2, False, None, f"{FRONTIER} commander")
    assert [mil.chain_for(november, front, m) for m in (capt, gmaj)] == [
        ([frontier, mil.Command("battalion", f"{FRONTIER}: the battalion of Capt", 4)], "battalion"),
        ([frontier, mil.Command("battalion", f"{FRONTIER}: the battalion of Gmaj", 2)], "battalion"),
    ]


def test_a_colonel_sends_his_squadrons_line_by_line():
    """h. Volunteers: "Players who command Regiments may volunteer their Regiment or any Squadron/Battalion
    thereof ... Players who volunteer only a portion of their commands need not accompany it on
    campaign."  October (a siege): Dmaj, a Major of Grand Duke Max's Dragoons, volunteers for the Frontier
    in week 1; Dcol, their Colonel, sends the 1st Squadron (a cavalry regiment's) the same week, and its
    commander Dlc, a player, goes at its head (sent by Dcol); in week 2 the 1st Squadron again: refused,
    it is gone; in week 3 the 2nd, whose commander Dmaj is already on campaign and is not enrolled again."""
    dragoons = "Grand Duke Max's Dragoons"
    dcol = Character("Dcol", social_level=10, regiment=dragoons, rank="Colonel", military_ability=4)
    dlc = Character("Dlc", social_level=9, regiment=dragoons, rank="Lieutenant-Colonel", military_ability=3)
    dmaj = Character("Dmaj", social_level=8, regiment=dragoons, rank="Major", military_ability=3)
    officers = [Officer("Dcol", player=True), Officer("Dlc", player=True), Officer("Dmaj", player=True)]
    officers += [Officer(f"NPC {i}") for i in range(3, 10)]
    october = turn_for(OCTOBER, dcol, dlc, dmaj, dice=[4],
                       world=World(regiments=[Regiment(dragoons, officers, organised="1607-04")]))
    mil.volunteer(october, dmaj, Volunteer(frontier=True), 1)
    for week, n in ((1, 1), (2, 1), (3, 2)):
        mil.volunteer(october, dcol, Volunteer(unit="squadron", battalion=n), week)
    first, second = f"1st Squadron of the {dragoons}", f"2nd Squadron of the {dragoons}"
    siege = {"mission": "siege"}
    assert events(october) == [
        ("volunteered", 1, ("Dmaj",), True, {"regiment": FRONTIER, "unit": FRONTIER, **siege}),
        ("volunteered", 1, ("Dcol",), True, {"regiment": dragoons, "unit": first, **siege, "battalion_sent": True}),
        ("volunteered", 1, ("Dlc",), True, {"regiment": FRONTIER, "unit": FRONTIER, **siege, "battalion": first,
                                           "sent_by": "Dcol"}),
        ("volunteer-refused", 2, ("Dcol",), False, {"reason": f"the {first} is already on campaign"}),
        ("volunteered", 3, ("Dcol",), True, {"regiment": dragoons, "unit": second, **siege,
                                            "battalion_sent": True}),
    ]
    front = october.world.front
    assert front.units == [FRONTIER, RNHB, first, second]
    assert front.campaigners == {
        "Dmaj": {"regiment": FRONTIER, "since": "1607-10", "week": 1, "volunteer": True, "rank": "Major"},
        "Dlc": {"regiment": FRONTIER, "since": "1607-10", "week": 1, "volunteer": True,
                "rank": "Lieutenant-Colonel", "battalion": first},
    }


def test_volunteers_refused_line_by_line():
    """h. Volunteers, the orders refused, each with its reason (his own news): "the first week in May is
    the latest a player could volunteer for the Spring campaign" (in a season's last month, after week 1:
    too late); in summer "the regular army will send some units on campaign" by the Force Commitment
    Table (a man's own unit is not his to volunteer); a man of no regiment volunteers for the Frontier; "A
    non-player Commander ... will volunteer his unit on a die roll of 6" (a 5: declined, the acting
    Lieutenant-Colonel deciding when the Colonelcy is vacant); a battalion's commander (Capt, the senior
    Captain, commanding the 3rd while the Lieutenant-Colonel acts as Colonel) volunteers his own battalion,
    not another; "Players who command Brigades may volunteer their entire Brigade" (one who
    does not, refused); a man already on campaign.  A Colonel's battalion with no number is the 1st; a
    Major naming his own regiment volunteers it (not his battalion)."""
    reg = "69th Arquebusiers"
    capt = Character("Capt", social_level=6, regiment=reg, rank="Captain", military_ability=4)
    capb = Character("Capb", social_level=6, regiment=reg, rank="Captain", military_ability=3)
    civ = Character("Civ", social_level=4)
    gcol = Character("Gcol", social_level=9, regiment="Gascon Regiment", rank="Colonel", military_ability=5)
    gmaj = Character("Gmaj", social_level=7, regiment="Gascon Regiment", rank="Major", military_ability=2)
    officers = [Officer(), Officer("NPC 1", ma=3), Officer("NPC 2"), Officer("NPC 3"), Officer("Capt", player=True),
                Officer("Capb", player=True)] + [Officer(f"NPC {i}") for i in range(6, 10)]
    men = (capt, capb, civ, gcol, gmaj)
    october = turn_for(OCTOBER, *men, dice=[5, 4], world=World(regiments=[Regiment(reg, officers,
                                                                                    organised="1607-04")]))
    mil.volunteer(october, civ, Volunteer(unit="regiment"), 1)
    mil.volunteer(october, capb, Volunteer(unit="regiment"), 1)
    mil.volunteer(october, capt, Volunteer(unit="battalion", battalion=1), 1)
    mil.volunteer(october, gmaj, Volunteer(unit="brigade"), 1)
    mil.volunteer(october, gcol, Volunteer(unit="battalion"), 2)
    mil.volunteer(october, gmaj, Volunteer(unit="Gascon Regiment"), 2)
    mil.volunteer(october, gmaj, Volunteer(frontier=True), 3)
    refused = "volunteer-refused"
    assert [(e.code, e.week, e.characters, e.public, e.data.get("reason", e.data.get("unit"))) for e in
            october.events] == [
        (refused, 1, ("Civ",), False, "he has no regiment to go with; volunteer for the Frontier"),
        (refused, 1, ("Capb",), False, "his commander declined (needs 6, rolled 5)"),
        (refused, 1, ("Capt",), False, f"he commands the 3rd battalion of the {reg}, not the 1st"),
        (refused, 1, ("Gmaj",), False, "he commands no brigade (a Brigadier commands his own regiment's brigade)"),
        ("volunteered", 2, ("Gcol",), True, "1st Battalion of the Gascon Regiment"),
        ("volunteered", 2, ("Gmaj",), True, "Gascon Regiment"),
        (refused, 3, ("Gmaj",), False, "he is already on campaign"),
    ]
    assert [r.reason for r in october.dice.log][0] == \
        f"Lieutenant-Colonel decides volunteering the unit of Capb ({reg}) for Capb: 6+ needed"

    november = turn_for(NOVEMBER, capt, dice=[])
    mil.volunteer(november, capt, Volunteer(frontier=True), 2)
    june = turn_for(JUNE, capt, dice=[5, 3])
    mil.begin_month(june)
    capt.state = None  # marched at the month start; asked again as if at home
    june.world.front.campaigners.pop("Capt")
    mil.volunteer(june, capt, Volunteer(unit="regiment"), 1)
    assert [e.data["reason"] for e in november.events + june.events if e.code == refused] == [
        "too late for this season: a volunteer must serve at least one month",
        "in summer the regular army goes by the Force Commitment Table; volunteer for the Frontier"]


def test_a_pledge_moves_a_non_player_commander_in_the_month_played_line_by_line():
    """h. Volunteers: "A non-player Commander of a Regiment or a Battalion/Squadron will volunteer his unit on
    a die roll of 6 on one die. This roll may be modified by influence."  f. Influence: a pledge moves the
    decision it names (Influence Table B: a class 4 favour moves a Colonel, class 3, by two).

    October is played: Cap, a Captain of the Picardy Musketeers, volunteers his unit in week 2; Porthos's
    order of week 1 pledges his class 4 favour for him, the decision named "volunteer his unit", "Cap's
    campaign" or "send the Picardy Musketeers" (each word of the decision, one October each): the Colonel
    needs 4, rolls 4, and the regiment goes in week 2, when the favour is spent.  Named "a duel", the pledge
    is not the Colonel's decision: a 6 is needed, 4 is rolled, he declines and the favour is kept.  Pledged
    against Cap, it makes 8 needed: no die is rolled and the Colonel declines."""
    def october(pledge: UseInfluence):
        cap = Character("Cap", social_level=6, regiment=PICARDY, rank="Captain", military_ability=3)
        porthos = Character("Porthos", social_level=12, counters={"favour.npc.class4": 1})
        sheets = {"Cap": OrderSheet("c", "Cap", weeks={2: Volunteer()}),
                  "Porthos": OrderSheet("p", "Porthos", weeks={1: pledge})}
        dice = RiggedDice("pledge", {"Colonel decides": [4], "the season's mission": [1]})
        result = resolve_month(OCTOBER, [cap, porthos], sheets, dice)
        seen = [(e.code, e.week, e.characters, e.data) for e in result.events
                if e.code in (EV_INFLUENCE_USED, "volunteered", "volunteer-refused")]
        spent = [(e.character, e.week, e.field, e.delta) for e in result.ledger if e.field == "favour.npc.class4"]
        return seen, spent

    what = f"volunteering the unit of Cap ({PICARDY})"
    for decision in ("volunteer his unit", "Cap's campaign", f"send the {PICARDY}"):
        seen, spent = october(UseInfluence("class 4", decision, "Cap"))
        assert seen == [
            (EV_INFLUENCE_USED, 2, ("Porthos", "Cap"), {"by": "Porthos", "subject": "Cap", "what": what,
                                                       "position": "Colonel", "klass": 4, "against": False,
                                                       "amount": 2}),
            ("volunteered", 2, ("Cap",), {"regiment": PICARDY, "unit": PICARDY, "mission": "siege"}),
        ], decision
        assert spent == [("Porthos", 2, "favour.npc.class4", -1)], decision
    seen, spent = october(UseInfluence("class 4", "a duel", "Cap"))
    assert (seen, spent) == ([("volunteer-refused", 2, ("Cap",), {"reason": "his commander declined (needs 6, "
                                                                             "rolled 4)"})], [])
    seen, spent = october(UseInfluence("class 4", "volunteer his unit", "Cap", against=True))
    assert seen == [
        (EV_INFLUENCE_USED, 2, ("Porthos", "Cap"), {"by": "Porthos", "subject": "Cap", "what": what,
                                                   "position": "Colonel", "klass": 4, "against": True, "amount": 2}),
        ("volunteer-refused", 2, ("Cap",), {"reason": "his commander declined (needs 8)"}),
    ]


def test_a_brigadiers_own_regiment_a_squadron_and_an_unknown_regiment_line_by_line():
    """h. Volunteers: "Players who command Brigades may volunteer their entire Brigade or any one Regiment
    thereof"; "Players who command a Squadron or Battalion may volunteer their unit to go along with them";
    "A non-player Commander ... will volunteer his unit on a die roll of 6".

    October: Henri, a Brigadier-General commanding the 4th Brigade of Foot (no post in the 69th, whose
    Colonel is a non-player), names his own regiment in week 2: it goes at his word, no die rolled, he with
    it, a volunteer.  Max, a Major of Grand Duke Max's Dragoons (a squadron's commander by his rank, no
    roster), volunteers "his squadron" in week 3: the 1st Squadron goes with him at its head, serving with
    the Frontier Regiment, not his whole regiment.  Nemo names a regiment there is none of: refused, with
    the name he wrote.  Coward, dismissed for cowardice ("he may not apply to another Regiment until he has
    redeemed himself by mention in despatches in a Frontier Regiment"), still written of the Gascons (as
    the season's test of who marches has him), has no unit to volunteer: only the Frontier."""
    henri = brigadier_henri()
    henri.rank = "Brigadier-General"
    max_ = Character("Max", social_level=7, regiment=DRAGOONS, rank="Major", military_ability=3)
    nemo = Character("Nemo", social_level=7, regiment=PICARDY, rank="Captain")
    coward = Character("Coward", social_level=5, regiment="Gascon Regiment", rank="Subaltern",
                       counters={mil.C_DISMISSED: 1})
    october = turn_for(OCTOBER, henri, max_, nemo, coward, dice=[4],
                       world=World(brigades=[BrigadeRecord(FOURTH_FOOT, commander="Henri")]))
    mil.volunteer(october, henri, Volunteer(unit="the 69th Arquebusiers"), 2)
    mil.volunteer(october, max_, Volunteer(unit="squadron"), 3)
    mil.volunteer(october, nemo, Volunteer(unit="Nowhere Regiment"), 3)
    mil.volunteer(october, coward, Volunteer(unit="regiment"), 4)
    squadron = f"1st Squadron of the {DRAGOONS}"
    front = october.world.front
    assert front.units == [FRONTIER, RNHB, "69th Arquebusiers", squadron]
    assert front.campaigners == {
        "Henri": {"regiment": "69th Arquebusiers", "since": "1607-10", "week": 2, "volunteer": True,
                  "rank": "Brigadier-General"},
        "Max": {"regiment": FRONTIER, "since": "1607-10", "week": 3, "volunteer": True, "rank": "Major",
                "battalion": squadron},
    }
    assert ledger(october) == [
        ("Henri", 2, "state", None, "on campaign", "on campaign with the 69th Arquebusiers", "h. Volunteers"),
        ("Max", 3, "state", None, "on campaign", f"on campaign with the {FRONTIER}", "h. Volunteers"),
    ]
    assert [(e.code, e.week, e.characters, e.data) for e in october.events] == [
        ("volunteered", 2, ("Henri",), {"regiment": "69th Arquebusiers", "unit": "69th Arquebusiers",
                                       "mission": "siege"}),
        ("volunteered", 3, ("Max",), {"regiment": FRONTIER, "unit": FRONTIER, "mission": "siege",
                                     "battalion": squadron}),
        ("volunteer-refused", 3, ("Nemo",), {"reason": "no regiment called 'Nowhere Regiment' to volunteer"}),
        ("volunteer-refused", 4, ("Coward",), {"reason": "he has no regiment to go with; volunteer for the Frontier"}),
    ]
    assert october.dice.remaining == 0


def test_a_regiment_a_campaigns_table_c_leaves_in_no_brigade_volunteers_alone():
    """h. Volunteers: "A non-player Commander of a Regiment or a Battalion/Squadron will volunteer his unit on
    a die roll of 6 on one die"; "all Regiments functioning independently" (Regimental Table C, a campaign's
    to change: `[tables.regiments.regimental_table_c]`).

    A campaign whose 4th Brigade of Foot is the 69th Arquebusiers and the Royal Marines leaves the Gascon
    Regiment in no brigade: Pal, a Gascon Captain, commands no brigade; in October his Colonel rolls the 6
    needed and the Gascons go as their own unit, he with them."""
    campaign = tables({"regiments": {"regimental_table_c": {FOURTH_FOOT: {
        "regiments": ["69th Arquebusiers", "Royal Marines"],
        "brigade_major_roll": [{"low": 1, "high": 3, "regiment": "69th Arquebusiers"},
                               {"low": 4, "high": 6, "regiment": "Royal Marines"}]}}}})
    pal = Character("Pal", social_level=5, regiment="Gascon Regiment", rank="Captain")
    assert mil.brigade_of(campaign.regiments, campaign.military, pal.regiment) is None
    october = turn_for(OCTOBER, pal, dice=[6, 4], campaign=campaign)
    mil.volunteer(october, pal, Volunteer(), 1)
    assert october.world.front.units == [FRONTIER, RNHB, "Gascon Regiment"]
    assert [(e.code, e.week, e.characters, e.data) for e in october.events] == [
        ("volunteered", 1, ("Pal",), {"regiment": "Gascon Regiment", "unit": "Gascon Regiment", "mission": "siege"})]
    assert [r.reason for r in october.dice.log] == [
        "Colonel decides volunteering the unit of Pal (Gascon Regiment) for Pal: 6+ needed",
        "Force Deployment Table (the season's mission)"]


def test_a_division_commander_of_no_regiment_in_a_summer_never_determined():
    """h. Campaign: the Force Organisation Table places the army's units only once the summer is determined
    (choice: at the first month start with a soldier in the campaign); Appointments: "the Division Adjutant
    is appointed by the Lieutenant-General" (a player holding the Division Commander's post decides).

    Treville holds the post of Division Commander with no regiment (an appointment outlives his commission
    until its term ends).  June is played with no soldier at its start, so the summer is not determined:
    Athos joins the 69th Arquebusiers as Major in week 1 and seeks the Division Adjutant's post in week 2;
    with no Force Organisation to place his regiment, Treville, the holder of the post, decides: the
    application waits for him.  Another June, Treville volunteers for the Frontier, the only man of the
    campaign: in August the summer has still no Force Organisation, so his post places him at no division,
    and he serves in the Frontier Regiment's chain alone."""
    athos = Character("Athos", social_level=9, crowns=3000)
    treville = Character("Treville", social_level=12, appointment="Division Commander")
    sheets = {"Athos": OrderSheet("a", "Athos", weeks={1: ApplyRegiment("69th Arquebusiers", "Major"),
                                                        2: SeekAppointment("Division Adjutant")}),
              "Treville": OrderSheet("t", "Treville")}
    june = resolve_month(JUNE, [athos, treville], sheets, RiggedDice("adjutant", {"69th": [6]}))
    front = june.world.front
    assert (front.regular, front.organisation) == (True, None)
    assert [(e.code, e.week, e.characters, e.data) for e in june.events if e.code == EV_APPOINTMENT_AWAITS] == [
        (EV_APPOINTMENT_AWAITS, 2, ("Athos", "Treville"),
         {"post": "Division Adjutant", "appointer": "Treville", "applicant": "Athos"})]

    treville = Character("Treville", social_level=12, appointment="Division Commander")
    june = turn_for(JUNE, treville, dice=[2])
    mil.begin_month(june)
    mil.volunteer(june, treville, Volunteer(frontier=True), 1)
    august = turn_for(AUGUST, treville, world=june.world, dice=[1, 1])
    assert mil.chain_for(august, august.world.front, treville) == (
        [mil.Command("regiment", FRONTIER, 1, 1, False, None, f"{FRONTIER} commander")], "")
