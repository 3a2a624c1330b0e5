"""h. Campaign and Volunteers, i. Campaign Outcome: the pure rules (engarde.rules.military)."""

from __future__ import annotations

import pytest

from engarde.dice import ScriptedDice
from engarde.registry import Registry, RegistryError
from engarde.rules.military import rules as mil
from engarde.rules.military.tables import (
    ASSAULT,
    CAMPAIGN_UNITS,
    DEFENCE,
    FIELD_OPERATIONS,
    SIEGE,
    Division,
    MilitaryTables,
)
from engarde.rules.regiments.tables import (
    DRAGOON_BRIGADE,
    FIRST_FOOT,
    FOURTH_FOOT,
    FRONTIER,
    GUARDS_BRIGADE,
    RNHB,
    SECOND_FOOT,
)
from helpers import tables

T = MilitaryTables()  # the book's tables


def henri_chain(dice) -> list[mil.Command]:
    """The MAs of the example, rolled now: "The military abilities of all
    Commanders and Adjutants not previously known are rolled for now"."""
    army, army_adj = mil.roll_ma(dice, "Field Army Commander"), mil.roll_ma(dice, "his Adjutant")
    div, div_adj = mil.roll_ma(dice, "2nd Division Commander"), mil.roll_ma(dice, "his Adjutant")
    bde, bde_major = mil.roll_ma(dice, "4th Brigade Commander"), mil.roll_ma(dice, "the Brigade Major")
    col, col_adj = mil.roll_ma(dice, "Colonel of the 69th Arquebusiers"), mil.roll_ma(dice, "his Adjutant")
    return [
        mil.Command("army", "Field Army", army, army_adj),
        mil.Command("division", "2nd Division", div, div_adj, rnhb=True),
        mil.Command("brigade", "4th Brigade of Foot", bde, bde_major),
        mil.Command("regiment", "69th Arquebusiers", col, col_adj),
        # "Suppose his military ability is 4. As a Battalion Commander he has no Adjutant."
        mil.Command("battalion", "69th Arquebusiers: Henri's battalion", 4),
    ]


def test_henri_example_die_by_die():
    """i. Campaign Outcome, the Henri example, from the MAs to his plunder roll.

    "Field Army Commander 5, Adjutant 5, 2nd Division Commander 6 (7), Adjutant
    3, 4th Brigade Commander 3, Brigade Major 1, Colonel of the 69th
    Arquebusiers 2 (3), Adjutant 5" ... "Henri rolls two dice. If he rolls a 9
    or higher, he dies. If he survives, he may roll for mention in despatches (5
    or higher on two dice), promotion (6 or higher) and crowns in plunder (2 or
    higher) ... 4 x 100 indicates four dice should be rolled and the total
    multiplied by 100".
    """
    dice = ScriptedDice([
        5, 5, 6, 3, 3, 1, 2, 5,  # the MAs
        5, 4, 1, 4, 6,  # battle results: army, division, brigade, colonel, Henri
        4, 4,  # death: 8, under 9: he lives
        2, 3,  # mention: 5, he is mentioned
        3, 2,  # promotion: 5, under 6
        1, 1,  # plunder: 2, "a certain result"
        6, 5, 4, 3,  # 4 x 100
        3,  # the mention: 3 status points a month
    ])
    chain = henri_chain(dice)
    assert [mil.effective_ma(T, c) for c in chain] == [5, 7, 3, 3, 4]
    results = mil.resolve_chain(T, dice, chain)
    assert [(r.modified_ma, r.roll, r.result) for r in results] == [
        (5, 5, 2),  # "The Army Commander's MA is 5 and he receives a die roll of 5, giving a battle result of 2."
        (8, 4, 2),  # "7, plus one for the Army Commander's result equals 8. A die roll of 4 gives ... 2."
        (5, 1, 5),  # "3, plus one ..., plus one more ... equals 5. A die roll of 1 gives ... 5."
        (4, 4, 3),  # "3, plus one ..., plus one ..., minus one ... equals 4. A die roll of 4 gives ... 3."
        (5, 6, 2),  # "a modified MA of 5. A die roll of 6 gives a battle result of 2."
    ]
    regiment, henri = results[3], results[4]
    # "would consult line 3 of the Assault section ... (a Pyrrhic victory)"
    assert T.interpretation(ASSAULT, regiment.result) == "Pyrrhic victory"
    mods = mil.outcome_modifiers(T, regiment="69th Arquebusiers", rank="Major", own_result=henri.result,
                                 superior_result=regiment.result, battalion=True)
    assert [(m.label, m.death, m.mention, m.promotion, m.crowns) for m in mods] == [
        ("69th Arquebusiers", -1, 0, 1, -2),
        ("Major", 2, 0, 0, -2),
        ("better than his immediate superior", 1, -1, -1, 0),
    ]
    needed = mil.outcome_needed(T, ASSAULT, regiment.result, mods)
    assert (needed.death, needed.mention, needed.promotion, needed.crowns) == (9, 5, 6, 2)
    assert (needed.plunder_dice, needed.plunder_multiplier) == (4, 100)
    # "his military ability is increased permanently by one"
    assert mil.better_than_superior(henri.result, regiment.result)
    out = mil.roll_personal_outcome(T, dice, "Henri", needed)
    assert (out.death_roll, out.died) == (8, False)
    assert (out.mention_roll, out.mentioned) == (5, True)
    assert (out.promotion_roll, out.promoted) == (5, False)
    assert (out.plunder_roll, out.plunder) == (2, 1800)
    assert mil.roll_despatch_points(dice, "Henri") == 3
    assert dice.remaining == 0
    assert [r.reason for r in dice.log][8:13] == [
        "battle result: Field Army (MA 5)",
        "battle result: 2nd Division (MA 8)",
        "battle result: 4th Brigade of Foot (MA 5)",
        "battle result: 69th Arquebusiers (MA 4)",
        "battle result: 69th Arquebusiers: Henri's battalion (MA 5)",
    ]


def test_henri_dies_on_a_nine():
    """"Henri rolls two dice. If he rolls a 9 or higher, he dies." Nothing more is rolled."""
    needed = mil.outcome_needed(T, ASSAULT, 3, mil.outcome_modifiers(T, 
        regiment="69th Arquebusiers", rank="Major", own_result=2, superior_result=3, battalion=True))
    dice = ScriptedDice([4, 5])
    out = mil.roll_personal_outcome(T, dice, "Henri", needed)
    assert out.died and out.death_roll == 9 and out.mention_roll is None and dice.remaining == 0


# -- h. Campaign Determination -------------------------------------------------------------


def test_force_commitment_five_sends_the_dragoons_and_three_foot_brigades():
    """"if a 5 is rolled, the Dragoon Brigade and the 1st, 2nd and 4th Brigades of
    Foot of the regular army go ... Notice that the Frontier Regiments and the
    Royal North Highland Border Regiment always go." """
    roll, units = mil.force_commitment(T, ScriptedDice([5]))
    assert roll == 5
    assert units == (DRAGOON_BRIGADE, FIRST_FOOT, SECOND_FOOT, FOURTH_FOOT, FRONTIER, RNHB)
    for committed in (T.force_commitment(r) for r in range(1, 8)):
        assert FRONTIER in committed and RNHB in committed


def test_force_deployment_three_dragoons_in_the_field_others_assault():
    """"A roll of 3, for example, would mean that the Dragoon Brigade was engaged in
    field operations, while all the other units listed above as being sent would
    take part in an assault." """
    roll, missions = mil.force_deployment(T, ScriptedDice([3]))
    assert roll == 3
    assert missions[DRAGOON_BRIGADE] == FIELD_OPERATIONS
    assert {missions[u] for u in (FIRST_FOOT, SECOND_FOOT, FOURTH_FOOT, FRONTIER, RNHB)} == {ASSAULT}


def test_force_deployment_frontier_column():
    """en-garde-tables.md: the Frontier column is 1 S, 2 D, 3 A, 4 S, 5 D, 6 F."""
    got = [mil.force_deployment(T, ScriptedDice([r]))[1][FRONTIER] for r in range(1, 7)]
    assert got == [SIEGE, DEFENCE, ASSAULT, SIEGE, DEFENCE, FIELD_OPERATIONS]


def test_force_organisation_53_is_the_example():
    """"The above example would create the number 53": Field Army: 1st Division (1st &
    2nd Brigades), 2nd Division (4th Brigade & RNHB), Frontier Division, Dragoon Brigade."""
    code, armies = mil.force_organisation(T, 5, 3)
    assert code == 53
    (army,) = armies
    assert army.name == "Field Army"
    assert army.units == (
        Division("1st Division", (FIRST_FOOT, SECOND_FOOT)),
        Division("2nd Division", (FOURTH_FOOT, RNHB)),
        Division("Frontier Division", (FRONTIER,)),
        DRAGOON_BRIGADE,
    )
    assert mil.place_of(armies, FOURTH_FOOT) == ("Field Army", "2nd Division")
    assert mil.place_of(armies, DRAGOON_BRIGADE) == ("Field Army", None)
    assert mil.division_has_rnhb(armies, "Field Army", "2nd Division")


def test_force_organisation_table_has_every_two_digit_entry_and_sends_the_committed_brigades():
    """The Force Organisation Table: 11-16 ... 71-76, "same as" rows included; every
    organisation places exactly the brigades its Force Commitment roll sends, once."""
    codes = [c * 10 + d for c in range(1, 8) for d in range(1, 7)]
    assert sorted([*T.force_organisation_table, *T.force_organisation_same_as]) == codes
    for code in codes:
        armies = T.force_organisation(code)
        units = mil.units_of(armies)
        assert len(units) == len(set(units)), code
        assert set(units) == set(T.force_commitment(code // 10)), code
        assert set(units) <= set(CAMPAIGN_UNITS)


def test_force_organisation_same_as_rows():
    """"13 same as 11", "14 same as 12", "56 same as 51", "76 same as 71"."""
    assert T.force_organisation(13) == T.force_organisation(11)
    assert T.force_organisation(14) == T.force_organisation(12)
    assert T.force_organisation(56) == T.force_organisation(51)
    assert T.force_organisation(76) == T.force_organisation(71)


# -- i. Battle results -----------------------------------------------------------------------


def test_adjutant_two_better_adds_one():
    """"If an Adjutant's (or a Brigade Major's) Military Ability is two or more greater
    than that of the Commander ... treated as if his MA were one greater"; one better does not."""
    assert mil.effective_ma(T, mil.Command("regiment", "r", 2, 4)) == 3
    assert mil.effective_ma(T, mil.Command("regiment", "r", 2, 3)) == 2
    assert mil.effective_ma(T, mil.Command("regiment", "r", 2, None)) == 2


def test_rnhb_division_adds_one():
    """"the Division containing the Royal North Highland Border Regiment rolls ... as if
    the Commander had a military ability one higher" (with an able adjutant, two)."""
    assert mil.effective_ma(T, mil.Command("division", "d", 6, 3, rnhb=True)) == 7
    assert mil.effective_ma(T, mil.Command("division", "d", 6, 8, rnhb=True)) == 8


def test_results_move_subordinates_cumulatively_within_1_to_10():
    """"if ... both the Army and Divisional Commanders get a result of 5 or 6, the player
    commanding the Brigade rolls as if his Military Ability is two less"; "may not be
    reduced below 1 or increased above 10"."""
    chain = [mil.Command("army", "A", 1), mil.Command("division", "D", 1), mil.Command("brigade", "B", 2)]
    # army MA 1 roll 1 -> 6; division MA 1-1=0 -> 1, roll 1 -> 6; brigade 2-2=0 -> 1
    results = mil.resolve_chain(T, ScriptedDice([1, 1, 1]), chain)
    assert [(r.shift, r.modified_ma, r.result) for r in results] == [(0, 1, 6), (-1, 1, 6), (-2, 1, 6)]
    chain = [mil.Command("army", "A", 10), mil.Command("division", "D", 10)]
    results = mil.resolve_chain(T, ScriptedDice([6, 6]), chain)
    assert [(r.shift, r.modified_ma, r.result) for r in results] == [(0, 10, 1), (1, 10, 1)]


def test_a_command_shared_by_two_chains_rolls_once():
    """"first the result of the Army is determined, then the Division ...": one result per command."""
    known: dict = {}
    dice = ScriptedDice([3, 3, 4])
    a = mil.resolve_chain(T, dice, [mil.Command("army", "A", 5), mil.Command("brigade", "B1", 5)], known)
    b = mil.resolve_chain(T, dice, [mil.Command("army", "A", 5), mil.Command("brigade", "B2", 5)], known)
    assert a[0] is b[0] and dice.remaining == 0 and set(known) == {"A", "B1", "B2"}


def test_battle_result_interpretations():
    """Interpretations: Siege 1 "Success – siege works"; Defence 6 "Falls to siege works";
    Field Operations 5 "Own driven from field"."""
    assert T.interpretation(SIEGE, 1) == "Success – siege works"
    assert T.interpretation(DEFENCE, 6) == "Falls to siege works"
    assert T.interpretation(FIELD_OPERATIONS, 5) == "Own driven from field"


# -- i. Personal Outcome Table -----------------------------------------------------------


def test_gascon_death_modifier_example():
    """"on a Siege outcome of 5, a 9 or higher must be rolled for the character to die. If
    he is a member of the Gascon regiment ... he must roll an 8 or higher"."""
    assert mil.outcome_needed(T, SIEGE, 5, []).death == 9
    assert mil.outcome_needed(T, SIEGE, 5, mil.outcome_modifiers(T, regiment="the Gascon Regiment")).death == 8


def test_higher_command_uses_its_own_modifiers_not_the_regiments():
    """"a Division Commander, his Aide and the Divisional Adjutant would all use the
    battle result of the Division and the table modifiers of a Division Commander"."""
    mods = mil.outcome_modifiers(T, command="division", regiment="Royal Foot Guards", rank="Lieutenant-General")
    assert [(m.label, m.death, m.crowns) for m in mods] == [("division commander", 2, -2),
                                                          ("Lieutenant-General", 4, -5)]


def test_two_worse_than_superior():
    """"If a Commander obtains a result 2 or more worse than his immediate superior, he
    receives a +1 modifier for mention in despatches and promotion. A Battalion/Squadron
    Commander additionally receives a -1 modifier for death." One worse: nothing."""
    (m,) = mil.outcome_modifiers(T, own_result=5, superior_result=3, battalion=True)
    assert (m.death, m.mention, m.promotion, m.crowns) == (-1, 1, 1, 0)
    (m,) = mil.outcome_modifiers(T, own_result=5, superior_result=3)
    assert (m.death, m.mention, m.promotion) == (0, 1, 1)
    assert mil.outcome_modifiers(T, own_result=4, superior_result=3) == []


def test_no_plunder_on_a_dash():
    """Assault 5: "8 9 7 -": no roll for crowns."""
    dice = ScriptedDice([1, 1, 6, 6, 6, 6])
    out = mil.roll_personal_outcome(T, dice, "X", mil.outcome_needed(T, ASSAULT, 5, []))
    assert out.plunder_roll is None and out.plunder == 0 and out.mentioned and out.promoted
    assert dice.remaining == 0


def test_defence_two_plunder_is_two_times_fifty():
    """Defence 2: "(2 x 50)"."""
    dice = ScriptedDice([1, 1, 1, 1, 1, 1, 5, 4, 6, 6])
    out = mil.roll_personal_outcome(T, dice, "X", mil.outcome_needed(T, DEFENCE, 2, []))
    assert out.plunder_roll == 9 and out.plunder == 600


def test_npc_death_has_no_benefit_of_rank_or_regiment():
    """"do not give them the benefit of rank or Regiment. Do give them the benefit of their
    regimental modifiers when rolling for promotion ... In those Regiments where there is an
    unfavourable modification for death, give it to non-player characters." """
    (guards,) = mil.npc_modifiers(T, "Royal Foot Guards")
    assert (guards.death, guards.promotion) == (0, 1)
    (gascon,) = mil.npc_modifiers(T, "Gascon Regiment")
    assert (gascon.death, gascon.promotion) == (-1, 1)


# -- poltroonery and reckless bravery --------------------------------------------------------


def test_poltroonery_unnoticed_rolls_for_mention_and_promotion_but_not_plunder():
    """"The player choosing to take the poltroonery option may add any number ... to the
    die roll needed for death ... on a die roll of 1 or 2, the player's cowardice has not
    been noticed, and he may roll normally for mention in despatches and promotion, but
    not plunder"."""
    needed = mil.outcome_needed(T, ASSAULT, 3, [])  # death 7
    dice = ScriptedDice([4, 4, 2, 3, 3, 3, 3])
    out = mil.roll_personal_outcome(T, dice, "Coward", needed, campaign_modifier=-3)
    assert out.need("death") == 10 and not out.died  # 8 would have killed him
    assert out.poltroonery == mil.UNNOTICED and out.mentioned and out.promoted
    assert out.plunder_roll is None and dice.remaining == 0


@pytest.mark.parametrize("roll,verdict", [(3, mil.SEEN), (5, mil.SEEN), (6, mil.DISMISSED)])
def test_poltroonery_seen_or_dismissed_rolls_nothing_more(roll, verdict):
    """"On a roll of 3 through 5, he has been seen ... On a roll of 6, his cowardice has been
    particularly blatant and he is immediately dismissed from the Regiment"."""
    dice = ScriptedDice([1, 1, roll])
    out = mil.roll_personal_outcome(T, dice, "Coward", mil.outcome_needed(T, ASSAULT, 3, []), campaign_modifier=-2)
    assert out.poltroonery == verdict and out.mention_roll is None and dice.remaining == 0


def test_reckless_bravery_lowers_every_roll_needed():
    """"the player may choose to subtract any number he wishes from the die roll needed.
    If he lives, he may use the same modifier for his rolls for mention in despatches,
    promotion and plunder." """
    needed = mil.outcome_needed(T, ASSAULT, 3, [])  # 7 6 6 6
    out = mil.roll_personal_outcome(T, ScriptedDice([2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1]), "Hero", needed, 2)
    assert [out.need(w) for w in ("death", "mention", "promotion", "crowns")] == [5, 4, 4, 4]
    assert not out.died and out.mentioned and out.promoted and out.plunder == 400


def test_reckless_bravery_when_death_is_impossible():
    """"A player who must, for example, roll a 15 for death is permitted to choose an
    unfavourable modification of two, making it still impossible for him to be killed,
    and still reap the benefits of heroism." """
    needed = mil.outcome_needed(T, SIEGE, 3, mil.outcome_modifiers(T, command="army", rank="General"))
    assert needed.death == 20
    out = mil.roll_personal_outcome(T, ScriptedDice([6, 6, 6, 6, 1, 1, 1, 1, 3, 3]), "Marshal", needed, 2)
    assert out.need("death") == 18 and not out.died
    assert out.need("mention") == 10 and out.mentioned and out.need("promotion") == 8 and not out.promoted
    assert out.need("crowns") == 0 and out.plunder == 600


# -- promotion and brevet rank ------------------------------------------------------------------

MIN_SL_FOOT_GUARDS = {"Subaltern": 8, "Captain": 9, "Major": 10, "Lieutenant-Colonel": 11, "Colonel": 12}


def min_sl(rank):
    return MIN_SL_FOOT_GUARDS.get(rank)


def test_promotion_into_a_vacancy():
    """"a character may be promoted only if there is an opening of the new rank"."""
    p = mil.promote(T, "Captain", None, False, 12, min_sl, lambda r: r == "Major")
    assert (p.kind, p.rank, p.brevet) == (mil.PROMOTED, "Major", None)


def test_promotion_without_a_vacancy_is_a_mention():
    """"If a character is promoted while on campaign but there is no vacancy in the
    Regiment for the new rank, he is instead mentioned in despatches." """
    p = mil.promote(T, "Captain", None, False, 12, min_sl, lambda r: False)
    assert (p.kind, p.rank) == (mil.MENTION_INSTEAD, "Captain")


def test_brevet_for_social_level():
    """"a Subaltern in the Foot Guards with a Social Level of 8 is promoted ... Captain ...
    requires a Social Level of 9. Consequently, our Subaltern would be promoted to brevet
    Captain." """
    p = mil.promote(T, "Subaltern", None, False, 8, min_sl, lambda r: True)
    assert (p.kind, p.rank, p.brevet, p.brevet_for_sl) == (mil.BREVET_SL, "Subaltern", "Captain", True)


def test_brevet_for_social_level_promoted_again_converts():
    """"a brevet Lieutenant-Colonel of the Foot Guards, with a Social Level of 10 ...
    receives a promotion ... he is made full Lieutenant-Colonel (no brevet rank)"."""
    p = mil.promote(T, "Major", "Lieutenant-Colonel", True, 10, min_sl, lambda r: True)
    assert (p.kind, p.rank, p.brevet) == (mil.BREVET_CONFIRMED, "Lieutenant-Colonel", None)


def test_colonel_promoted_is_brevet_brigadier_general():
    """"the Colonel of a Regiment is promoted. He becomes brevet Brigadier-General, but
    retains the permanent rank of Colonel." """
    p = mil.promote(T, "Colonel", None, False, 12, min_sl, lambda r: False)
    assert (p.kind, p.rank, p.brevet) == (mil.BREVET_GENERAL, "Colonel", "Brigadier-General")


def test_brevet_general_promoted_again():
    """"In the next year's campaign, he receives another promotion. His permanent rank is
    now Brigadier-General, and he assumes the brevet rank of Lieutenant-General." """
    p = mil.promote(T, "Colonel", "Brigadier-General", False, 12, min_sl, lambda r: False)
    assert (p.kind, p.rank, p.brevet) == (mil.BREVET_GENERAL, "Brigadier-General", "Lieutenant-General")


def test_never_a_permanent_field_marshal():
    """"No player may ever attain the permanent rank of Field Marshal": a brevet General
    promoted becomes a permanent General and brevet Field Marshal."""
    p = mil.promote(T, "Lieutenant-General", "General", False, 14, min_sl, lambda r: False)
    assert (p.rank, p.brevet) == ("General", "Field Marshal")


@pytest.mark.parametrize("for_sl,left,sl,appointed,verdict", [
    (True, 5, 9, False, mil.CONFIRM),  # "Immediately upon doing so, his brevet rank becomes his permanent rank"
    (True, 5, 8, False, mil.KEEP),
    (True, 0, 8, False, mil.REVERT),  # "he reverts to his former permanent rank"
    (False, 3, 12, False, mil.KEEP),
    (False, 0, 12, True, mil.EXTEND),  # "his brevet rank commission is extended for that additional year"
    (False, 0, 12, False, mil.REVERT),
])
def test_brevet_clock(for_sl, left, sl, appointed, verdict):
    """Brevet Rank: one year from promotion; confirmed, extended or reverted."""
    assert mil.review_brevet("Captain", for_sl, left, sl, 9, appointed) == verdict


# -- the RNHB ------------------------------------------------------------------------------------


def test_rnhb_requirements():
    """"Privates ... Endurance of 110 or more and an Expertise of 9. Officers ... in addition,
    have received one merit promotion (non-purchased) or have been mentioned in despatches.
    Officers with a military ability of 1 are not accepted." """
    assert mil.rnhb_accepts(T, "Private", 110, 9, 1, 0, 0) is None
    assert mil.rnhb_accepts(T, "Private", 109, 9, 3, 0, 0) is not None
    assert mil.rnhb_accepts(T, "Private", 110, 8, 3, 0, 0) is not None
    assert mil.rnhb_accepts(T, "Captain", 120, 10, 3, 0, 0) is not None
    assert mil.rnhb_accepts(T, "Captain", 120, 10, 3, 0, 1) is None
    assert mil.rnhb_accepts(T, "Captain", 120, 10, 1, 1, 1) is not None


# -- a campaign's tables ----------------------------------------------------------------------


def test_a_campaigns_personal_outcome_table_and_modifiers_reach_the_numbers_needed():
    """"on a Siege outcome of 5, a 9 or higher must be rolled for the character to die. If he is a
    member of the Gascon regiment, the death modifier is -1": a campaign that makes that line 10
    and the Gascons' modifier -2 needs 8."""
    campaign = tables({"military": {
        "personal_outcome_table": {"siege": {"5": {"death": 10}}},
        "outcome_modifiers_regiment": {"Gascon Regiment": {"death": -2}},
    }}).military
    assert mil.outcome_needed(campaign, SIEGE, 5, []).death == 10
    gascon = mil.outcome_modifiers(campaign, regiment="the Gascon Regiment")
    assert mil.outcome_needed(campaign, SIEGE, 5, gascon).death == 8


def test_a_campaigns_battle_tables_reach_the_chain():
    """"If an Adjutant's ... Military Ability is two or more greater ..., that Commander is treated
    as if his MA were one greater"; the Battle Result Table: a campaign that asks three more and
    makes MA 2 roll 1 a result of 1 sees its own numbers."""
    campaign = tables({"military": {"adjutant_margin": 3, "battle_result_table": {"2": [1, 5, 5, 4, 3, 3]}}}).military
    assert mil.effective_ma(campaign, mil.Command("regiment", "r", 2, 4)) == 2
    (res,) = mil.resolve_chain(campaign, ScriptedDice([1]), [mil.Command("regiment", "r", 2, 4)])
    assert (res.modified_ma, res.result, res.passes_on) == (2, 1, 1)
    (res,) = mil.resolve_chain(T, ScriptedDice([1]), [mil.Command("regiment", "r", 2, 4)])
    assert (res.modified_ma, res.result) == (3, 6)


def test_a_campaigns_poltroonery_die():
    """"On a roll of 6, his cowardice has been particularly blatant and he is immediately
    dismissed": a campaign that never dismisses (7) has him only seen on the 6."""
    campaign = tables({"military": {"poltroon_dismissed_on": 7}}).military
    out = mil.roll_personal_outcome(campaign, ScriptedDice([1, 1, 6]), "Coward",
                                    mil.outcome_needed(campaign, ASSAULT, 3, []), campaign_modifier=-2)
    assert out.poltroonery == mil.SEEN


def test_a_campaigns_force_tables():
    """"Roll one die and consult the Force Commitment Table"; "13 same as 11": a campaign that sends
    the Guards on a 5 and makes 13 the same as 12 has them."""
    campaign = tables({"military": {"force_commitment_table": {"5": {GUARDS_BRIGADE: True}},
                                    "force_organisation_same_as": {"13": 12}}}).military
    assert mil.force_commitment(campaign, ScriptedDice([5]))[1][0] == GUARDS_BRIGADE
    assert mil.force_organisation(campaign, 1, 3)[1] == T.force_organisation(12)


@pytest.mark.parametrize("override,key", [
    ({"outcome_modifiers_regiment": {"Gascon Regiment": {"death": -30}}},
     'tables.military.outcome_modifiers_regiment."Gascon Regiment".death'),
    ({"personal_outcome_table": {"siege": {"5": {"death": 1}}}},
     "tables.military.personal_outcome_table.siege.5.death"),
    ({"force_deployment_table": {"3": {DRAGOON_BRIGADE: "seige"}}},
     'tables.military.force_deployment_table.3."Dragoon Brigade"'),
    ({"battle_result_table": {"5": [5, 4, 4, 3, 2, 7]}}, "tables.military.battle_result_table.5[5]"),
    ({"poltroon_seen_on": 0}, "tables.military.poltroon_seen_on"),
    ({"ma_max": 11}, "tables.military.ma_max"),
    ({"force_organisation_same_as": {"13": 19}}, "tables.military.force_organisation_same_as.13"),
    ({"rnhb_battalion_rank": "Majr"}, "tables.military.rnhb_battalion_rank"),
])
def test_a_bad_override_is_refused_with_its_key(override, key):
    with pytest.raises(RegistryError) as refused:
        Registry.build((), tables={"military": override})
    assert key in str(refused.value)
