"""The campaign's personal outcome, line by line (mutation testing: docs/rules-coverage.md, "Mutation
testing"): the Henri example's month end with a result better than, and equal to, his superior's, and a
poltroon seen and dismissed."""

from __future__ import annotations

from engarde.dice import ScriptedDice, SeededDice
from engarde.orders import Parts
from engarde.rules.military import rules as mil
from engarde.rules.military.orders import CampaignStanding
from engarde.rules.military.tables import ASSAULT, MilitaryTables
from engarde.records import Character
from engarde.rules.regiments.state import Officer
from engarde.world import World
from test_military_campaign import AUGUST, JUNE, henri, roster_69th, turn_for
from test_pinned_military_chains import officer

# name: (the August dice, his campaign modifier, the ledger, the events but the battle results,
#        the dice from his own battle result on, with what each was rolled for)
CASES = {
    "the book's example": (
        [5, 5, 6, 3, 3, 1, 2, 5, 5, 4, 1, 4, 6, 4, 4, 2, 3, 3, 2, 1, 1, 6, 5, 4, 3, 3],
        0,
        [
            (
                "Henri",
                "military_ability",
                1,
                "a battle result better than his immediate superior's",
                "i. Campaign Outcome",
            ),
            (
                "Henri",
                "campaign.despatches",
                1,
                "mentioned in despatches (69th Arquebusiers)",
                "i. Mention in Despatches",
            ),
            ("Henri", "despatch.1.points", 3, "mention 1: 3 status points a month", "i. Mention in Despatches"),
            ("Henri", "despatch.1.months", 3, "mention 1: for the next three months", "i. Mention in Despatches"),
            ("Henri", "title.mentions", 1, "mentioned in despatches", "Titles (en-garde-tables.md)"),
            ("Henri", "crowns", 1800, "plunder: 2 on two dice", "i. Personal Outcome Table"),
            ("Henri", "state", None, "returned from campaign at the season's end", "h. Campaign"),
        ],
        [
            (
                "npc-military-ability-raised",
                (),
                False,
                {
                    "command": "69th Arquebusiers",
                    "officer": None,
                    "military_ability": 3,
                    "result": 3,
                    "superior_result": 5,
                    "kept": False,
                },
            ),
            (
                "personal-outcome",
                ("Henri",),
                False,
                {
                    "mission": "assault",
                    "result": 3,
                    "own_result": 2,
                    "death": 9,
                    "mention": 5,
                    "promotion": 6,
                    "crowns": 2,
                    "campaign_modifier": 0,
                    "death_roll": 8,
                    "mention_roll": 5,
                    "promotion_roll": 5,
                    "plunder_roll": 2,
                    "modifiers": ["69th Arquebusiers", "Major", "better than his immediate superior"],
                },
            ),
            ("military-ability-raised", ("Henri",), False, {"military_ability": 5}),
            (
                "mentioned-in-despatches",
                ("Henri",),
                True,
                {"regiment": "69th Arquebusiers", "points": 3, "instead_of_promotion": False},
            ),
            ("plunder", ("Henri",), False, {"crowns": 1800}),
            ("returned-from-campaign", ("Henri",), True, {"regiment": "69th Arquebusiers"}),
        ],
        [
            ("battle result: 69th Arquebusiers: the battalion of Henri (MA 5)", 6),
            ("Henri: death (needs 9+)", 8),
            ("Henri: mention in despatches (needs 5+)", 5),
            ("Henri: promotion (needs 6+)", 5),
            ("Henri: crowns in plunder (needs 2+)", 2),
            ("Henri: plunder (4 x 100 crowns)", 18),
            ("Henri: status points a month for the mention in despatches", 3),
        ],
    ),
    "a result equal to his superior's": (
        [5, 5, 6, 3, 3, 1, 2, 5, 5, 4, 1, 4, 4, 4, 4],
        0,
        [
            ("Henri", "state", "dead", "killed on campaign with the 69th Arquebusiers", "i. Personal Outcome Table"),
        ],
        [
            (
                "npc-military-ability-raised",
                (),
                False,
                {
                    "command": "69th Arquebusiers",
                    "officer": None,
                    "military_ability": 3,
                    "result": 3,
                    "superior_result": 5,
                    "kept": False,
                },
            ),
            (
                "personal-outcome",
                ("Henri",),
                False,
                {
                    "mission": "assault",
                    "result": 3,
                    "own_result": 3,
                    "death": 8,
                    "mention": 6,
                    "promotion": 7,
                    "crowns": 2,
                    "campaign_modifier": 0,
                    "death_roll": 8,
                    "mention_roll": None,
                    "promotion_roll": None,
                    "plunder_roll": None,
                    "modifiers": ["69th Arquebusiers", "Major"],
                },
            ),
            ("killed-in-action", ("Henri",), True, {"regiment": "69th Arquebusiers", "mission": "assault"}),
        ],
        [("battle result: 69th Arquebusiers: the battalion of Henri (MA 5)", 4), ("Henri: death (needs 8+)", 8)],
    ),
    "a poltroon dismissed": (
        [5, 5, 6, 3, 3, 1, 2, 5, 5, 4, 1, 4, 6, 1, 1, 6],
        -2,
        [
            (
                "Henri",
                "military_ability",
                1,
                "a battle result better than his immediate superior's",
                "i. Campaign Outcome",
            ),
            ("Henri", "campaign.poltroon_penalty", 4, "seen to run (2 on the death roll)", "i. Poltroonery"),
            ("Henri", "campaign.dismissed", 1, "dismissed for cowardice", "i. Poltroonery"),
            (
                "Henri",
                "campaign.dismissed_from.69th Arquebusiers",
                1,
                "dismissed from the 69th Arquebusiers for cowardice: it will never have him back",
                "i. Poltroonery",
            ),
            ("Henri", "rank", None, "dismissed from the 69th Arquebusiers for cowardice", "i. Poltroonery"),
            ("Henri", "regiment", None, "dismissed from the 69th Arquebusiers for cowardice", "i. Poltroonery"),
            ("Henri", "state", None, "returned from campaign at the season's end", "h. Campaign"),
        ],
        [
            (
                "npc-military-ability-raised",
                (),
                False,
                {
                    "command": "69th Arquebusiers",
                    "officer": None,
                    "military_ability": 3,
                    "result": 3,
                    "superior_result": 5,
                    "kept": False,
                },
            ),
            (
                "personal-outcome",
                ("Henri",),
                False,
                {
                    "mission": "assault",
                    "result": 3,
                    "own_result": 2,
                    "death": 11,
                    "mention": 5,
                    "promotion": 6,
                    "crowns": 2,
                    "campaign_modifier": -2,
                    "death_roll": 2,
                    "mention_roll": None,
                    "promotion_roll": None,
                    "plunder_roll": None,
                    "modifiers": ["69th Arquebusiers", "Major", "better than his immediate superior"],
                },
            ),
            ("military-ability-raised", ("Henri",), False, {"military_ability": 5}),
            ("poltroonery", ("Henri",), True, {"verdict": "dismissed", "modifier": 2, "regiment": "69th Arquebusiers"}),
            ("returned-from-campaign", ("Henri",), True, {"regiment": "69th Arquebusiers"}),
        ],
        [
            ("battle result: 69th Arquebusiers: the battalion of Henri (MA 5)", 6),
            ("Henri: death (needs 11+)", 2),
            ("Henri: is his poltroonery noticed?", 6),
        ],
    ),
    "a poltroon seen": (
        [5, 5, 6, 3, 3, 1, 2, 5, 5, 4, 1, 4, 6, 5, 5, 4],
        -2,
        [
            (
                "Henri",
                "military_ability",
                1,
                "a battle result better than his immediate superior's",
                "i. Campaign Outcome",
            ),
            ("Henri", "campaign.poltroon_penalty", 4, "seen to run (2 on the death roll)", "i. Poltroonery"),
            ("Henri", "state", None, "returned from campaign at the season's end", "h. Campaign"),
        ],
        [
            (
                "npc-military-ability-raised",
                (),
                False,
                {
                    "command": "69th Arquebusiers",
                    "officer": None,
                    "military_ability": 3,
                    "result": 3,
                    "superior_result": 5,
                    "kept": False,
                },
            ),
            (
                "personal-outcome",
                ("Henri",),
                False,
                {
                    "mission": "assault",
                    "result": 3,
                    "own_result": 2,
                    "death": 11,
                    "mention": 5,
                    "promotion": 6,
                    "crowns": 2,
                    "campaign_modifier": -2,
                    "death_roll": 10,
                    "mention_roll": None,
                    "promotion_roll": None,
                    "plunder_roll": None,
                    "modifiers": ["69th Arquebusiers", "Major", "better than his immediate superior"],
                },
            ),
            ("military-ability-raised", ("Henri",), False, {"military_ability": 5}),
            ("poltroonery", ("Henri",), True, {"verdict": "seen", "modifier": 2, "regiment": "69th Arquebusiers"}),
            ("returned-from-campaign", ("Henri",), True, {"regiment": "69th Arquebusiers"}),
        ],
        [
            ("battle result: 69th Arquebusiers: the battalion of Henri (MA 5)", 6),
            ("Henri: death (needs 11+)", 10),
            ("Henri: is his poltroonery noticed?", 4),
        ],
    ),
}


def test_the_personal_outcome_line_by_line():
    """i. Campaign Outcome: "If a Commander obtains a battle result that is better than his immediate
    superior's, his military ability is increased permanently by one and he receives a -1 table modification
    for mention in despatches and for promotion. A Battalion/Squadron Commander, in addition, receives a +1
    modifier for death."  The Henri example: "Henri rolls two dice. If he rolls a 9 or higher, he dies. If he
    survives, he may roll for mention in despatches (5 or higher on two dice), promotion (6 or higher) and
    crowns in plunder (2 or higher) ... 4 x 100 indicates four dice should be rolled and the total multiplied
    by 100".  Mention in Despatches: "he rolls one die. The result is the number of Status Points per month
    he receives for the next three months."  Poltroonery: "he may add any number he feels necessary to the
    die roll needed for death ... roll one die; on a die roll of 1 or 2, the player's cowardice has not been
    noticed ... On a roll of 3 through 5, he has been seen. In this case, he loses twice as many Status Points
    as the modification he took ... On a roll of 6, ... he is immediately dismissed from the Regiment ...
    Under no circumstances will his old Regiment have him back."

    The book's example die by die (MA +1, mentioned for 3 a month, 1800 crowns); the same battle with his
    result equal to the regiment's (3): no raise, no modifier, 8 needed and rolled: killed; with 2 added to
    the number needed for death, a 6 dismisses him and a 4 has him seen (4 Status Points a month)."""
    for name, (dice, modifier, ledger, events, rolls) in CASES.items():
        h = henri()
        june = turn_for(JUNE, h, dice=[5, 3])
        mil.begin_month(june)
        standing = {"Henri": Parts([CampaignStanding(campaign_modifier=modifier)])} if modifier else None
        august = turn_for(AUGUST, h, world=june.world, standing=standing, dice=dice)
        mil.month_end(august, home=[])
        assert [
            (e.character, e.field, e.delta if e.value is None else e.value, e.reason, e.rule) for e in august.ledger
        ] == ledger, name
        assert [
            (e.code, e.characters, e.public, e.data) for e in august.events if e.code != "battle-result"
        ] == events, name
        assert [(r.reason, r.total) for r in august.dice.log][12:] == rolls, name
        assert august.dice.remaining == 0, name


def test_reckless_bravery_of_one_lowers_every_number_by_one():
    """i. Reckless Bravery: "the player may choose to subtract any number he wishes from the die roll
    needed. If he lives, he may use the same modifier for his rolls for mention in despatches, promotion
    and plunder."  The least bravery, one: an assault's result of 3 needs 7, 6, 6 and 6; with one, 6, 5,
    5 and 5 (no bravery: the numbers as they stand)."""
    tables = MilitaryTables()
    needed = mil.outcome_needed(tables, ASSAULT, 3, [])
    brave = mil.roll_personal_outcome(tables, ScriptedDice([1, 1, 3, 2, 3, 2, 3, 2, 1, 1, 1, 1]), "Hero", needed, 1)
    assert [brave.need(w) for w in ("death", "mention", "promotion", "crowns")] == [6, 5, 5, 5]
    assert (brave.died, brave.mentioned, brave.promoted, brave.plunder) == (False, True, True, 400)
    plain = mil.roll_personal_outcome(tables, ScriptedDice([1, 1, 3, 2, 3, 2, 3, 2]), "Plain", needed, 0)
    assert [plain.need(w) for w in ("death", "mention", "promotion", "crowns")] == [7, 6, 6, 6]
    assert (plain.mentioned, plain.promoted, plain.plunder) == (False, False, 0)


def test_higher_commands_outcomes_line_by_line():
    """i. Campaign Outcome: "players serving with higher commands use the result and modifiers of that
    command (i.e. a Division Commander, his Aide and the Divisional Adjutant would all use the battle result
    of the Division ...)"; "If a Commander obtains a battle result that is better than his immediate
    superior's, his military ability is increased permanently by one and he receives a -1 table
    modification for mention in despatches and for promotion."  Titles: "a result 3 or more better than his
    immediate superior" qualifies.

    Organisation 53, the seeded month (the Field Army 6, the 1st Division 2, the 1st Brigade of Foot 3, an
    assault): Aide, a Captain serving as Aide to a Brigadier-General, uses the brigade's 3 and the brigade
    commander's modifiers with his Captain's (9, 6, 6, 4); Gen, a Colonel commanding the 1st Division
    under the army (his immediate superior, the second of his chain), has the division's 2 with its
    commander's modifiers, his Colonel's and -1 for a result better than the army's (12, 6, 6, 1), his MA
    raised by one and a title's qualification for a result 4 better; the campaign's record of both."""
    men = [officer("Aide", "Picardy Musketeers", "Captain", 4, appointment="Aide to a Brigadier-General"),
           officer("Gen", "13th Fusiliers", "Colonel", 6, appointment="Division Commander")]
    june = turn_for(JUNE, *men, dice=[5, 3])
    mil.begin_month(june)
    august = turn_for(AUGUST, *men, world=june.world)
    august.dice = SeededDice(34)
    mil.month_end(august, home=[])
    front = august.world.front
    assert [(r["command"], r["result"]) for r in front.results] == [
        ("Field Army", 6), ("1st Division", 2), ("1st Brigade of Foot", 3)]
    assert [(e.characters, {k: e.data[k] for k in ("result", "own_result", "death", "mention", "promotion",
                                                    "crowns", "modifiers")})
            for e in august.events if e.code == "personal-outcome"] == [
        (("Aide",), {"result": 3, "own_result": None, "death": 9, "mention": 6, "promotion": 6, "crowns": 4,
                     "modifiers": ["brigade commander", "Captain"]}),
        (("Gen",), {"result": 2, "own_result": 2, "death": 12, "mention": 6, "promotion": 6, "crowns": 1,
                    "modifiers": ["division commander", "Colonel", "better than his immediate superior"]}),
    ]
    assert [(e.field, e.delta, e.reason) for e in august.ledger if e.character == "Gen"][:2] == [
        ("military_ability", 1, "a battle result better than his immediate superior's"),
        ("title.qualifications", 1, "qualifies for a title: a battle result of 2, 4 better than his immediate "
                                    "superior's 6")]
    assert [(o["character"], o["role"], o["result"], o["own_result"]) for o in front.outcomes] == [
        ("Aide", "staff:brigade", 3, None), ("Gen", "division", 2, 2)]


def test_a_character_killed_leaves_his_post_on_the_roster():
    """i. Promotion: "The other Major's position is vacant, either due to the former occupant's death or
    promotion"; "When a vacancy occurs at the top, all others of that rank move up and the vacancy is shown
    at the bottom."  Henri, the 69th's Major on its roster, is killed in the seeded August battle: the ledger
    says so at the month's end, and his post is no longer his (another officer now holds it)."""
    h = henri()
    june = turn_for(JUNE, h, dice=[5, 3], world=World(regiments=[roster_69th((2, "Henri"))]))
    mil.begin_month(june)
    august = turn_for(AUGUST, h, world=june.world)
    august.dice = SeededDice(1)
    mil.month_end(august, home=[])
    assert [(e.week, e.field, e.value, e.reason) for e in august.ledger if e.field == "state"] == [
        (5, "state", "dead", "killed on campaign with the 69th Arquebusiers")]
    roster = august.world.regiment("69th Arquebusiers")
    assert "Henri" not in [o.name for o in roster.officers]
    assert roster.officers[2].name == "NPC 5"


def test_non_player_commanders_raised_once_line_by_line():
    """i. Campaign Outcome: "If a Commander obtains a battle result that is better than his immediate
    superior's, his military ability is increased permanently by one".

    The 69th on its roster, Henri (its Major) and Aramis (a Captain) both under it, the seeded August of
    organisation 53 (the army 4, the 2nd Division 2, the 4th Brigade 5, the 69th 4): the 2nd Division's
    commander raised (kept on the campaign's record only) and the 69th's Colonel, NPC 0, raised once to 4
    on the roster, though two men's chains run through his regiment.  Then Vauban, a player commanding the
    1st Division, and Pic under him in the 1st Brigade, Pic's chain read first (the army 3, the division 2,
    the brigade 1): Vauban's raise is his own (the ledger's), and the brigade's non-player commander, below
    him in Pic's chain, is raised too.  Colo, a player Colonel on the 69th's roster (a post of it vacant),
    better than his brigade: raised by the ledger, no post of the roster for him."""
    h = henri()
    aramis = Character("Aramis", social_level=8, regiment="69th Arquebusiers", rank="Captain", military_ability=3)
    world = World(regiments=[roster_69th((2, "Henri"), (4, "Aramis"))])
    june = turn_for(JUNE, h, aramis, dice=[5, 3], world=world)
    mil.begin_month(june)
    august = turn_for(AUGUST, h, aramis, world=june.world)
    august.dice = SeededDice(2)
    mil.month_end(august, home=[])
    assert [(r["command"], r["result"]) for r in august.world.front.results][:4] == [
        ("Field Army", 4), ("2nd Division", 2), ("4th Brigade of Foot", 5), ("69th Arquebusiers", 4)]
    assert [e.data for e in august.events if e.code == "npc-military-ability-raised"] == [
        {"command": "2nd Division", "officer": None, "military_ability": 4, "result": 2, "superior_result": 4,
         "kept": False},
        {"command": "69th Arquebusiers", "officer": "NPC 0", "military_ability": 4, "result": 4,
         "superior_result": 5, "kept": True}]

    men = [officer("Vauban", "13th Fusiliers", "Colonel", 6, appointment="Division Commander"),
           officer("Pic", "Picardy Musketeers", "Captain", 3)]
    june = turn_for(JUNE, *men, dice=[5, 3])
    mil.begin_month(june)
    august = turn_for(AUGUST, *men, world=june.world)
    august.dice = SeededDice(5)
    mil.month_end(august, home=[])
    assert [(r["command"], r["result"]) for r in august.world.front.results][:3] == [
        ("Field Army", 3), ("1st Division", 2), ("1st Brigade of Foot", 1)]
    assert [(e.code, e.characters, e.data) for e in august.events if "military-ability-raised" in e.code] == [
        ("npc-military-ability-raised", (), {"command": "1st Brigade of Foot", "officer": None,
                                             "military_ability": 7, "result": 1, "superior_result": 2,
                                             "kept": False}),
        ("military-ability-raised", ("Vauban",), {"military_ability": 7})]

    # Colo, a player Colonel commanding the 69th on its roster (one post of it vacant), 4 to his brigade's 5:
    # his raise is his own, by the ledger, and no post of the roster is raised for it
    colo = Character("Colo", social_level=12, regiment="69th Arquebusiers", rank="Colonel", military_ability=5)
    roster = roster_69th((0, "Colo"))
    roster.officers[5] = Officer(None)
    june = turn_for(JUNE, colo, dice=[5, 3], world=World(regiments=[roster]))
    mil.begin_month(june)
    august = turn_for(AUGUST, colo, world=june.world)
    august.dice = SeededDice(2)
    mil.month_end(august, home=[])
    assert [(r["command"], r["result"]) for r in august.world.front.results] == [
        ("Field Army", 4), ("2nd Division", 2), ("4th Brigade of Foot", 5), ("69th Arquebusiers", 4)]
    assert [(e.code, e.data.get("command")) for e in august.events if "military-ability-raised" in e.code] == [
        ("npc-military-ability-raised", "2nd Division"), ("military-ability-raised", None)]
    assert colo.military_ability == 6
