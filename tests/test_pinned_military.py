"""The campaign's personal outcome, line by line (mutation testing: docs/rules-coverage.md, "Mutation
testing"): the Henri example's month end with a result better than, and equal to, his superior's, and a
poltroon seen and dismissed."""

from __future__ import annotations

from engarde.dice import ScriptedDice
from engarde.orders import Parts
from engarde.rules.military import rules as mil
from engarde.rules.military.orders import CampaignStanding
from engarde.rules.military.tables import ASSAULT, MilitaryTables
from test_military_campaign import AUGUST, JUNE, henri, turn_for

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
