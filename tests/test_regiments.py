"""g. MA and Regiments: application, ranks, purchase, horses, pay, duty, organisation."""

from __future__ import annotations

import json

import pytest

from engarde import ops
from engarde.rules.regiments.commands import decide_application
from engarde.rules.regiments.commands import regiments as regiment_views
from engarde.tables import Tables
from engarde.calendar import MONTH_END, GameMonth
from engarde.codes import E_AWAITS_PLAYER
from engarde.rules.regiments.codes import (
    EV_BRIGADE_MAJOR,
    EV_DUTY,
    EV_DUTY_EXCUSED,
    EV_DUTY_INSTEAD,
    EV_EXPELLED,
    EV_RANK_REFUSED,
    EV_REGIMENT_AWAITS_COLONEL,
    EV_REGIMENT_JOINED,
    EV_REGIMENT_NOT_ELIGIBLE,
    EV_REGIMENT_REJECTED,
)
from engarde.rules.clubs.codes import EV_CLUB_JOINED, EV_CLUB_REFUSED
from engarde.config import load_one
from engarde.dice import ScriptedDice, SeededDice
from engarde.rules.regiments.orders import ApplyRegiment, BuyRank, RegimentalDuty
from engarde.orders import OrderSheet
from engarde.rules.practice.orders import Practise
from engarde.rules.clubs.orders import VisitClub
from engarde.records import Character, replay
from engarde.resolve import resolve_month
from engarde.rules.clubs import rules as clubs
from engarde.rules.practice import rules as practice
from engarde.rules.regiments import rules as regiments
from engarde.rules.regiments.tables import REGIMENT_ESTABLISHMENT, RegimentsTables
from engarde.turn import Turn
from engarde.world import World
from engarde.rules.regiments.state import BrigadeRecord, Officer, Regiment
from engarde.registry import Registry, RegistryError
from helpers import cli, rules_registry, tables, write_campaign

APRIL = GameMonth(1607, 4)
BOOK = RegimentsTables()  # the book's tables
regiment_by_name = BOOK.regiment


def make_turn(*chars: Character, dice=(), world: World | None = None, month: GameMonth = APRIL,
              tables: Tables | None = None) -> Turn:
    return Turn(month, {c.name: c for c in chars}, ScriptedDice(dice), tables=tables or Tables(),
                world=world or World())


def npc_regiment(name: str, colonel: Officer | None = None, **posts: Officer) -> Regiment:
    """An organised regiment of non-players (the Colonel MA 3), without dice."""
    officers = [Officer(f"NPC {i}") for i in range(len(REGIMENT_ESTABLISHMENT))]
    officers[0] = colonel or Officer("NPC 0", ma=3)
    for key, officer in posts.items():
        officers[int(key[1:])] = officer
    return Regiment(name, officers, organised=APRIL.key)


def world_with(*regs: Regiment) -> World:
    return World(regiments=list(regs))


def codes_of(turn: Turn) -> list[str]:
    return [e.code for e in turn.events]


# -- the tables ------------------------------------------------------------------------


def test_regimental_tables_as_data():
    """Regimental Table A (roll per SL), B (SL, price, pay, status per column), C (brigades,
    weapons), D (friends and enemies, symmetric) are data named as the book names them."""
    rfg, gascon = regiment_by_name("Royal Foot Guards"), regiment_by_name("the Gascon Regiment")
    assert regiments.application_roll(BOOK, rfg, 6) is None and regiments.application_roll(BOOK, rfg, 7) == 5
    assert regiments.application_roll(BOOK, gascon, 16) == -4 and regiments.application_roll(BOOK, gascon, 20) == -4
    assert regiments.application_roll(BOOK, regiment_by_name("Frontier"), 1) == 1  # "Automatic"
    major = BOOK.rank_terms(rfg, "Major")
    assert (major.min_social_level, major.price, major.pay, major.status) == (10, 170, 22, 9)
    private = BOOK.rank_terms(gascon, "Private")
    assert (private.min_social_level, private.price, private.pay, private.status) == (None, None, 2, 0)
    assert BOOK.rank_terms(gascon, "General").pay == 40
    dg = regiment_by_name("Dragoon Guards")
    assert (dg.column, dg.cavalry, dg.brigade, dg.weapon) == (3, True, "Horse Guards Brigade", "sabre")
    assert regiment_by_name("Royal Marines").weapon == "cutlass"
    assert [b.status for b in BOOK.regimental_table_c] == [6, 5, 4, 3, 2, 1, 1, 0]
    table_d = BOOK.regimental_table_d
    for reg, relations in table_d.items():
        if relations.friend:
            assert table_d[relations.friend].friend == reg
        if relations.enemy:
            assert table_d[relations.enemy].enemy == reg


# -- application -------------------------------------------------------------------------


def test_application_accepted_on_the_table_a_roll():
    """"Regimental Table A lists ... the minimum die roll needed to be accepted into that Regiment
    per Social Level": SL 10 needs 3 for the Dragoon Guards; a 3 is accepted."""
    ch = Character("Porthos", social_level=10, crowns=200)
    # the Horse Guards Brigade is organised first: two Colonels' MAs, the Brigade Major roll
    turn = make_turn(ch, dice=[4, 2, 1, 3])
    assert regiments.apply(turn, ch, ApplyRegiment("Dragoon Guards"), 1)
    assert (ch.regiment, ch.rank, ch.crowns, ch.get("regiment.horses")) == ("Dragoon Guards", "Private", 100, 1)
    (joined,) = [e for e in turn.events if e.code == EV_REGIMENT_JOINED]
    assert joined.public and joined.data["needed"] == 3 and joined.data["roll"] == 3
    assert turn.world.regiment("Dragoon Guards").officers[0].ma == 4
    assert turn.world.regiment("Queen's Own Carabiniers").officers[0].ma == 2


def test_refused_he_may_try_only_lower_regiments_the_same_week():
    """"A player who unsuccessfully attempts to join a Regiment may apply to other Regiments in the
    same week, but may only apply to Regiments of a lower social standing than the one to which he
    has been denied admission." """
    ch = Character("Aramis", social_level=9, crowns=100)
    order = ApplyRegiment("Royal Foot Guards", None, ("King's Musketeers", "Royal Foot Guards", "Picardy Musketeers"))
    # Guards: 3 MAs + Brigade Major; RFG 3 (4 needed); KM 2 (4 needed); the 1st Brigade of
    # Foot: 2 MAs + Brigade Major; Picardy needs 1, +1 for two rejections: 2.
    turn = make_turn(ch, dice=[1, 2, 3, 1, 3, 2, 4, 5, 6, 2])
    assert regiments.apply(turn, ch, order, 1)
    assert ch.regiment == "Picardy Musketeers"
    rejected = [e.data["regiment"] for e in turn.events if e.code == EV_REGIMENT_REJECTED]
    assert rejected == ["Royal Foot Guards", "King's Musketeers"]
    (skipped,) = [e for e in turn.events if e.code == EV_REGIMENT_NOT_ELIGIBLE]
    assert skipped.data["regiment"] == "Royal Foot Guards" and "lower standing" in skipped.data["reason"]
    (joined,) = [e for e in turn.events if e.code == EV_REGIMENT_JOINED]
    assert joined.data["needed"] == 2 and joined.data["adjustments"] == [["2 rejections", 1]]
    assert ch.get("regiment.rejections") == 0


def test_every_two_rejections_subtract_one_from_his_roll():
    """"For every two rejections, the character must subtract one from his die roll on subsequent
    applications": with 3 rejections behind him, Picardy at SL 9 needs 1 + 1 = 2; a 1 fails, and
    he has 4."""
    ch = Character("Aramis", social_level=9, crowns=100, counters={"regiment.rejections": 3})
    turn = make_turn(ch, dice=[1], world=world_with(npc_regiment("Picardy Musketeers")))
    assert not regiments.apply(turn, ch, ApplyRegiment("Picardy Musketeers"), 2)
    (rej,) = [e for e in turn.events if e.code == EV_REGIMENT_REJECTED]
    assert (rej.data["needed"], rej.data["roll"]) == (2, 1)
    assert ch.get("regiment.rejections") == 4 and ch.regiment is None


def test_not_eligible_below_table_a_costs_no_rejection():
    """Table A's "-": he may not apply at that Social Level; no die is rolled and it is no rejection."""
    ch = Character("Jacques", social_level=3, crowns=50)
    turn = make_turn(ch)
    assert not regiments.apply(turn, ch, ApplyRegiment("Royal Foot Guards"), 1)
    assert codes_of(turn) == [EV_REGIMENT_NOT_ELIGIBLE] and ch.get("regiment.rejections") == 0


def test_player_commanded_regiment_the_colonel_decides():
    """"If the Regiment is commanded by a player, no roll is required: the Commander decides who is
    accepted."  The application waits and the GM is told (he records the answer with
    `engarde regiment decide`)."""
    athos = Character("Athos", social_level=14, rank="Colonel", regiment="Dragoon Guards")
    ch = Character("D'Artagnan", social_level=8, crowns=200)
    world = world_with(npc_regiment("Dragoon Guards", Officer("Athos", player=True)))
    turn = make_turn(athos, ch, world=world)
    assert not regiments.apply(turn, ch, ApplyRegiment("Dragoon Guards"), 1)
    assert turn.dice.log == [] and ch.regiment is None
    (ev,) = [e for e in turn.events if e.code == EV_REGIMENT_AWAITS_COLONEL]
    assert ev.characters == ("D'Artagnan", "Athos")
    assert [e.code for e in turn.errors] == [E_AWAITS_PLAYER]
    assert world.regiment("Dragoon Guards").pending == [
        {"character": "D'Artagnan", "rank": "Private", "month": "1607-04", "week": 1, "colonel": "Athos"}]


def test_frontier_regiment_is_automatic():
    """Regimental Table A: "Frontier Regiments  Automatic"."""
    ch = Character("Jacques", social_level=1, crowns=0)
    turn = make_turn(ch, dice=[2])  # the Colonel's MA
    assert regiments.apply(turn, ch, ApplyRegiment("Frontier"), 1)
    assert (ch.regiment, ch.rank) == ("Frontier Regiment", "Private")


# -- ranks and purchase -----------------------------------------------------------------------


def test_buy_major_on_entry_paying_each_rank_below():
    """"In order to initially buy a Majority ... a character would have to pay the costs of the rank
    of Captain and Subaltern in addition to the cost of Major"; a Major buys three horses.  He becomes
    the junior Major; the junior non-player Major sells out."""
    ch = Character("Porthos", social_level=10, crowns=1000)
    turn = make_turn(ch, dice=[1], world=world_with(npc_regiment("Picardy Musketeers")))
    assert regiments.apply(turn, ch, ApplyRegiment("Picardy Musketeers", "Major"), 1)
    assert [e.delta for e in turn.ledger if e.field == "crowns"] == [-80, -90, -110, -300]
    assert (ch.rank, ch.crowns, ch.get("regiment.horses")) == ("Major", 420, 3)
    reg = turn.world.regiment("Picardy Musketeers")
    assert [o.name for o in reg.officers[2:4]] == ["NPC 2", "Porthos"] and reg.officers[3].player


def test_lieutenant_colonel_may_not_be_bought_on_entry():
    """"For the ranks of Lieutenant-Colonel and above, commissions may not be bought initially." """
    ch = Character("Porthos", social_level=14, crowns=5000)
    turn = make_turn(ch)
    assert not regiments.apply(turn, ch, ApplyRegiment("Picardy Musketeers", "Lieutenant-Colonel"), 1)
    assert ch.regiment is None and turn.dice.log == []


def test_rank_not_bought_when_players_hold_every_post_of_it():
    """"A rank cannot be bought if there are so many players with characters in the same Regiment that
    all positions of that rank are filled by those characters." """
    reg = npc_regiment("Picardy Musketeers", m2=Officer("A", player=True), m3=Officer("B", player=True))
    ch = Character("Porthos", social_level=10, crowns=1000)
    turn = make_turn(ch, world=world_with(reg))
    assert not regiments.apply(turn, ch, ApplyRegiment("Picardy Musketeers", "Major"), 1)
    (ev,) = [e for e in turn.events if e.code == EV_REGIMENT_NOT_ELIGIBLE]
    assert "held by a player" in ev.data["reason"]


def test_later_purchase_only_into_an_opening_never_skipping_a_rank():
    """"After joining a Regiment, a character may be promoted only if there is an opening of the new
    rank" ... "A character cannot, under any circumstances, skip a rank." """
    reg = npc_regiment("Picardy Musketeers", c9=Officer("Porthos", player=True))
    ch = Character("Porthos", social_level=10, crowns=1000, regiment="Picardy Musketeers", rank="Captain",
                   counters={"regiment.horses": 1})
    turn = make_turn(ch, world=world_with(reg))
    assert not regiments.buy_rank(turn, ch, BuyRank("Lieutenant-Colonel"), 1)
    assert not regiments.buy_rank(turn, ch, BuyRank("Major"), 1)  # no opening
    reasons = [e.data["reason"] for e in turn.events if e.code == EV_RANK_REFUSED]
    assert "no rank may be skipped" in reasons[0] and "no opening" in reasons[1]
    regiments.vacate(reg, 2)  # the senior Major dies: the other moves up, the vacancy at the bottom
    assert reg.officers[2].name == "NPC 3" and reg.officers[3].name is None
    assert regiments.buy_rank(turn, ch, BuyRank("Major"), 2)
    assert [e.delta for e in turn.ledger if e.field == "crowns"] == [-110, -200]  # price, two more horses
    assert reg.officers[3].name == "Porthos" and reg.officers[9].name is None  # his captaincy falls vacant


def test_subaltern_is_bought_without_an_opening():
    """"there are an unlimited number of Subalterns and Privates": a Private may buy Subaltern any time."""
    ch = Character("Jacques", social_level=3, crowns=60, regiment="Gascon Regiment", rank="Private")
    turn = make_turn(ch, world=world_with(npc_regiment("Gascon Regiment")))
    assert regiments.buy_rank(turn, ch, BuyRank("Subaltern"), 1)
    assert (ch.rank, ch.crowns) == ("Subaltern", 10)


def test_horses_for_cavalry_captains_and_majors():
    """"Members of Cavalry Regiments and Captains of any Regiment must buy one horse ... Majors and
    above in any Regiment must buy three horses" """
    dg, gascon = regiment_by_name("Dragoon Guards"), regiment_by_name("Gascon Regiment")
    assert [regiments.horses_required(BOOK, dg, r) for r in ("Private", "Captain", "Major", "Colonel")] == [1, 1, 3, 3]
    assert [regiments.horses_required(BOOK, gascon, r) for r in ("Private", "Subaltern", "Captain", "Major")] == [0, 0, 1, 3]


def test_horse_and_groom_support_each_month():
    """"A horse ... requires support of 3 crowns per month. A groom must be paid 2 crowns per month, but
    only one need be hired": three horses cost 3 x 3 + 2 = 11."""
    ch = Character("Porthos", crowns=20, counters={"regiment.horses": 3})
    turn = make_turn(ch)
    assert regiments.horse_upkeep(turn, ch)
    assert ch.crowns == 9


def test_pay_and_monthly_status_by_rank():
    """Regimental Table B: a Captain of the Dragoon Guards (column 3) draws 16 crowns and 6 status
    points a month."""
    ch = Character("Porthos", crowns=0, regiment="Dragoon Guards", rank="Captain")
    turn = make_turn(ch)
    regiments.pay_and_status(turn, ch)
    assert (ch.crowns, ch.status_points) == (16, 6)
    assert [(e.week, e.rule) for e in turn.ledger] == [(MONTH_END, "g. Regimental Table B")] * 2


# -- duty ----------------------------------------------------------------------------------


def test_privates_owe_two_weeks_of_duty_excused_on_a_5():
    """"Characters with the rank of Private must spend two weeks of each month on duty" ... "A
    non-player Battalion Commander will excuse a player from one week of duty on a roll of 5 or
    greater on one die."  Excused once (5), not the second time (4): the week he rests becomes duty."""
    ch = Character("Jacques", social_level=4, crowns=50, regiment="Gascon Regiment", rank="Private")
    sheet = OrderSheet("j.eml", "Jacques", weeks={1: Practise("rapier"), 2: VisitClub("Red Phillips")})
    world = world_with(npc_regiment("Gascon Regiment"))
    turn = make_turn(ch, dice=[5, 4], world=world)
    assert regiments.plan_duty(turn, ch, sheet) == [4]
    assert [r.reason for r in turn.dice.log] == [
        "Lieutenant-Colonel decides excusal from a week of duty for Jacques: 5+ needed"] * 2
    assert codes_of(turn) == [EV_DUTY_EXCUSED]
    assert regiments.duty_week(turn, ch, 4) and not regiments.duty_week(turn, ch, 1)


def test_subalterns_owe_one_week_and_duty_ordered_needs_no_roll():
    """"Subalterns must spend one week of every month on duty"; a week ordered as duty pays it."""
    ch = Character("Jacques", social_level=4, regiment="Gascon Regiment", rank="Subaltern")
    sheet = OrderSheet("j.eml", "Jacques", weeks={3: RegimentalDuty()})
    turn = make_turn(ch, world=world_with(npc_regiment("Gascon Regiment")))
    assert regiments.plan_duty(turn, ch, sheet) == [] and turn.dice.log == []


def test_unexcused_duty_replaces_his_latest_order():
    """"While on duty, they may undertake no other action": with no rest week, the latest order gives way."""
    ch = Character("Jacques", social_level=4, crowns=100, expertise=5, regiment="Gascon Regiment",
                   rank="Subaltern")
    weeks = {w: Practise("sabre") for w in range(1, 5)}
    sheet = OrderSheet("j.eml", "Jacques", weeks=weeks)
    result = resolve_month(APRIL, [ch], {"Jacques": sheet}, ScriptedDice([4]),
                           world=world_with(npc_regiment("Gascon Regiment")))
    duty = [(e.week, e.code) for e in result.events if e.code in (EV_DUTY, EV_DUTY_INSTEAD)]
    assert duty == [(4, EV_DUTY_INSTEAD), (4, EV_DUTY)]
    assert result.characters[0].get("practice.sabre") == 3


# -- organisation ---------------------------------------------------------------------------


def test_colonel_ma_and_the_brigade_major_rolled_when_organised():
    """"Since the Colonel's Military Ability ... is important, determine it upon enlisting"; "In the
    Guards Brigade, the Brigade Major is ... from the King's Musketeers on a roll of 3 or 4": the
    senior Major of the King's Musketeers is detached as Brigade Major."""
    turn = make_turn(dice=[2, 5, 6, 3])
    reg = regiments.organise(turn, "King's Musketeers")
    rfg = turn.world.regiment("Royal Foot Guards")
    # the regiment asked for first, then its brigade's others in Table C order
    assert reg.officers[0].ma == 2
    assert rfg.officers[0].ma == 5 and turn.world.regiment("Cardinal's Guard").officers[0].ma == 6
    assert reg.officers[2].detached == "Brigade Major" and reg.officers[3].detached is None
    record = turn.world.brigade("Brigade of Guards")
    assert (record.brigade_major, record.brigade_major_regiment) == (reg.officers[2].name, "King's Musketeers")
    assert len({o.name for r in turn.world.regiments for o in r.officers}) == 30  # every name distinct


def test_vacancies_shown_at_the_bottom_of_the_rank():
    """"When a vacancy occurs at the top, all others of that rank move up and the vacancy is shown at
    the bottom."  A new Captain becomes the junior Captain."""
    reg = npc_regiment("Gascon Regiment")
    regiments.vacate(reg, 4)
    assert [o.name for o in reg.officers[4:]] == ["NPC 5", "NPC 6", "NPC 7", "NPC 8", "NPC 9", None]
    assert regiments.place_junior(reg, "Captain", Officer("x", player=True)) == 9


def test_acting_commands_as_in_sample_organisation_ii():
    """Sample Organisation II: the Colonel (brevet Brigadier-General) and one Major (Brigade Major)
    are detached, the other Major's post vacant, two Captaincies vacant: the Lieutenant-Colonel is
    acting Regimental Commander, the three senior Captains acting Squadron Commanders, the fourth
    commands A Troop."""
    officers = [Officer("Col", ma=3, detached="brevet Brigadier-General"), Officer("LtCol", ma=2),
                Officer("BM", detached="Brigade Major"), Officer(), Officer("C1"), Officer("C2"),
                Officer("x", player=True), Officer("C4"), Officer(), Officer()]
    reg = Regiment("Dragoon Guards", officers)
    got = [(c.command, c.officer.name if c.officer else None, c.acting) for c in regiments.unit_commands(BOOK, reg)][:6]
    assert got == [
        ("Regimental Commander", "LtCol", True),
        ("1st Squadron Commander", "C1", True),
        ("2nd Squadron Commander", "C2", True),
        ("3rd Squadron Commander", "x", True),
        ("A Troop Commander", "C4", False),
        ("B Troop Commander", None, False),
    ]


def test_acting_commander_ma_is_rolled():
    """"The character has also rolled the military ability of the Lieutenant-Colonel, since, as
    acting Regimental Commander, his MA will determine the fate of the Regiment." """
    reg = npc_regiment("Gascon Regiment")
    turn = make_turn(dice=[4], world=world_with(reg))
    regiments.vacate(reg, 0)
    regiments.ensure_commander_ma(turn, reg, 1)
    assert regiments.unit_commands(BOOK, reg)[0].acting and reg.officers[1].ma == 4


def test_yearly_brigade_major_roll_at_the_end_of_august():
    """"Re-roll Brigade Major assignments at the end of the regular campaign season each year": a 5
    names the second regiment (4-6); the old Brigade Major, a player, returns to his regiment."""
    a = npc_regiment("69th Arquebusiers", m2=Officer("Henri", player=True, detached="Brigade Major"))
    b = npc_regiment("Gascon Regiment")
    henri = Character("Henri", regiment="69th Arquebusiers", rank="Major", appointment="Brigade Major")
    world = World(regiments=[a, b], brigades=[BrigadeRecord("4th Brigade of Foot", "Henri", "69th Arquebusiers")])
    turn = make_turn(henri, dice=[5], world=world, month=GameMonth(1607, 8))
    regiments.yearly_brigade_majors(turn)
    assert henri.appointment is None and a.officers[2].detached is None
    assert b.officers[2].detached == "Brigade Major"
    assert world.brigade("4th Brigade of Foot").brigade_major == "NPC 2"
    assert [e.code for e in turn.events] == [EV_BRIGADE_MAJOR]


def test_brigade_status_for_the_brigade_major():
    """Regimental Table C: "Status points for positions ... are awarded to the Brigade commander and
    Brigade Major": +3 in the Dragoon Brigade."""
    henri = Character("Henri")
    world = World(brigades=[BrigadeRecord("Dragoon Brigade", "Henri", "Grand Duke Max's Dragoons")])
    turn = make_turn(henri, world=world)
    assert regiments.brigade_status(turn, henri) == 3 and henri.status_points == 3


def test_social_level_below_the_rank_minimum_three_months_then_expelled():
    """"If a player holds a rank, but his Social Level drops below the minimum necessary to hold that
    rank, the character has three game months to raise his Social Level to the required minimum. If
    he does not, he is expelled from the Regiment." """
    reg = npc_regiment("Royal Foot Guards", c9=Officer("Porthos", player=True))
    ch = Character("Porthos", social_level=8, regiment="Royal Foot Guards", rank="Captain")  # needs 9
    turn = make_turn(ch, world=world_with(reg))
    for _ in range(3):
        regiments.check_rank_minimum(turn, ch)
    assert ch.get("regiment.months_short") == 3 and ch.regiment == "Royal Foot Guards"
    regiments.check_rank_minimum(turn, ch)
    assert (ch.regiment, ch.rank, ch.get("regiment.months_short")) == (None, None, 0)
    assert reg.officers[9].name is None
    assert [e for e in turn.events if e.code == EV_EXPELLED][0].public


def test_recovering_the_minimum_stops_the_clock():
    ch = Character("Porthos", social_level=9, regiment="Royal Foot Guards", rank="Captain",
                   counters={"regiment.months_short": 2})
    turn = make_turn(ch)
    regiments.check_rank_minimum(turn, ch)
    assert ch.get("regiment.months_short") == 0 and ch.regiment == "Royal Foot Guards"


# -- other modules that read the regiment -------------------------------------------------


def test_free_practice_with_the_regiments_weapon():
    """"Characters in a Regiment may practice free with that Regiment's weapon, but must pay for
    practice with any other weapon" (the Dragoon Guards' sabre)."""
    ch = Character("Porthos", crowns=50, expertise=10, regiment="Dragoon Guards", rank="Private")
    turn = make_turn(ch)
    practice.practise(turn, ch, Practise("sabre"), 1)
    practice.practise(turn, ch, Practise("rapier"), 2)
    assert ch.crowns == 40


def test_horse_guards_club_takes_officers_of_the_brigade():
    """The Horse Guards: "Officer of Horse Guards Brigade": a Subaltern of the Queen's Own
    Carabiniers joins; a Private of the same regiment does not."""
    officer = Character("Porthos", social_level=5, regiment="Queen's Own Carabiniers", rank="Subaltern")
    private = Character("Jacques", social_level=5, regiment="Queen's Own Carabiniers", rank="Private")
    turn = make_turn(officer, private)
    assert clubs.join(turn, officer, "The Horse Guards") and not clubs.join(turn, private, "The Horse Guards")
    assert codes_of(turn) == [EV_CLUB_JOINED, EV_CLUB_REFUSED]


# -- the month and the audit ------------------------------------------------------------------


def army_month():
    chars = [Character("Porthos", social_level=10, crowns=1000, expertise=10),
             Character("Jacques", social_level=4, crowns=100, expertise=6)]
    sheets = {
        "Porthos": OrderSheet("p.eml", "Porthos", weeks={1: ApplyRegiment("Dragoon Guards", "Captain",
                                                                          ("Picardy Musketeers",)),
                                                         2: Practise("sabre")}),
        "Jacques": OrderSheet("j.eml", "Jacques", weeks={1: ApplyRegiment("Gascon Regiment"), 2: RegimentalDuty()}),
    }
    return chars, sheets


def test_replaying_the_ledger_reproduces_every_sheet_with_regiments():
    """The audit holds with regiments: replay(before, ledger) == after; the same seed gives the same
    month, world included."""
    chars, sheets = army_month()
    first = resolve_month(APRIL, chars, sheets, SeededDice("army"))
    second = resolve_month(APRIL, *army_month(), SeededDice("army"))
    assert first == second
    assert first.world.regiments
    for before, after in zip(chars, first.characters):
        entries = [e for e in first.ledger if e.character == before.name]
        assert replay(before.to_dict(), entries).ledger_values() == after.ledger_values()
    assert World.from_dict(json.loads(json.dumps(first.world.to_dict()))) == first.world


def gm_campaign(tmp_path):
    """An initialised throwaway campaign: the CLI on it, and the campaign."""
    run = cli(write_campaign(tmp_path, name="T", seed="t"))
    run("init")
    return run, load_one(tmp_path / "campaigns.toml", "test")


def store_world(camp, world) -> None:
    """Put a prepared world (regiments, pending answers) into the campaign's row."""
    from engarde.store import CampaignRow, transaction

    with transaction(camp.database) as s:
        row = s.get(CampaignRow, "test")
        row.world = world.to_dict()
        s.add(row)


def test_engarde_regiment_shows_the_roster(tmp_path):
    """`engarde regiment NAME`: the GM sees a regiment's roster; `engarde regiment list` every regiment."""
    run, camp = gm_campaign(tmp_path)
    turn = make_turn(dice=[3, 4, 2])
    regiments.organise(turn, "Dragoon Guards")
    store_world(camp, turn.world)
    lines = run("regiment", "Dragoon Guards").splitlines()
    assert lines[0] == "Dragoon Guards (Horse Guards Brigade; cavalry; sabre)"
    assert "Colonel" in lines[1] and "Regimental Commander" in lines[1] and "(MA 3)" in lines[1]
    assert len(lines) == 11
    listing = run("regiment", "list").splitlines()
    assert len(listing) == 19 and "not yet organised" in listing[0] and "organised" in listing[3]
    run("regiment", "Nowhere", code=2)
    assert regiment_views(camp, Tables(), "dragoon guards")[0].organised


# -- issue 6: the two halves joined ---------------------------------------------------------


def test_brevet_rank_pay_status_and_the_detached_colonel():
    """i. Brevet Rank: "Players holding a brevet rank receive all pay, status and privileges
    associated with that rank"; "A Colonel brevetted to Brigadier-General still occupies the
    Colonel's slot" and serves elsewhere, the Lieutenant-Colonel acting (Sample Organisation II);
    at the end of the year without an appointment he reverts and commands again."""
    from engarde.rules.military import rules as mil

    col = Character("Athos", social_level=12, regiment="69th Arquebusiers", rank="Colonel", military_ability=4,
                    counters={mil.C_BREVET_RANK: 7, mil.C_BREVET_MONTHS: 1})  # brevet Brigadier-General
    world = world_with(npc_regiment("69th Arquebusiers", Officer("Athos", player=True)))
    turn = make_turn(col, world=world, dice=[2])  # the acting commander's MA
    regiments.pay_and_status(turn, col)
    assert (col.crowns, col.status_points) == (30, 8)  # Brigadier-General: 30 crowns, 8 SP (Table B)
    mil.sync_roster(turn, col)
    reg = world.regiment("69th Arquebusiers")
    assert reg.officers[0].detached == "brevet Brigadier-General" and reg.officers[0].name == "Athos"
    officer, rank = regiments.commander(reg)
    assert (officer.name, rank) == ("NPC 1", "Lieutenant-Colonel") and officer.ma == 2
    mil.brevet_clock(turn, col)  # the year ends; no appointment requires the rank: he reverts
    assert mil.brevet_of(turn.tables.military, col) is None and reg.officers[0].detached is None
    assert regiments.commander(reg)[0].name == "Athos"


def test_brevet_for_social_level_holds_both_posts_and_is_not_expelled():
    """"a Captain serving as brevet Major occupies both a Major's and a Captain's slot"; "He then
    has one year from the date of his promotion to raise his Social Level" (not the three months
    of a rank's minimum: that rule applies to his permanent rank); reverting frees the Major's."""
    from engarde.rules.military import rules as mil

    cap = Character("Henri", social_level=3, regiment="69th Arquebusiers", rank="Captain",
                    counters={mil.C_BREVET_RANK: 4, mil.C_BREVET_SL: 1, mil.C_BREVET_MONTHS: 1})  # brevet Major
    world = world_with(npc_regiment("69th Arquebusiers", p3=Officer(), p4=Officer("Henri", player=True)))
    turn = make_turn(cap, world=world)
    mil.sync_roster(turn, cap)
    reg = world.regiment("69th Arquebusiers")
    assert reg.officers[3].name == "Henri" and reg.officers[4].detached == "brevet Major"
    regiments.check_rank_minimum(turn, cap)  # Major needs SL 3 in column 10; Captain 2: nothing short
    cap.social_level = 2
    regiments.check_rank_minimum(turn, cap)
    assert not cap.counters.get(regiments.MONTHS_SHORT)
    mil.brevet_clock(turn, cap)  # the year is out, SL 2 < 3: he reverts
    assert reg.officers[3].name is None and reg.officers[4].name == "Henri" and reg.officers[4].detached is None


def test_the_brigadier_takes_the_brigade_and_its_status():
    """Regimental Table C: "Status points for positions ... are awarded to the Brigade commander":
    the appointment "Brigadier (Brigade Commander)" (a brevet Brigadier-General qualifies) makes him
    his regiment's brigade's commander; the brigade's status comes to him; his term's end ends it."""
    from engarde.rules.appointments import rules as appointments
    from engarde.rules.military import rules as mil
    from engarde.rules.appointments.tables import AppointmentsTables

    col = Character("Athos", social_level=14, regiment="Royal Foot Guards", rank="Colonel",
                    counters={mil.C_BREVET_RANK: 7})
    turn = make_turn(col)
    post = AppointmentsTables().post("Brigadier (Brigade Commander)")
    assert appointments.qualifies(turn.tables, col, post, turn) is None
    appointments.appoint(turn, col, post, 1, "appointed")
    assert turn.world.brigade("Brigade of Guards").commander == "Athos"
    assert regiments.brigade_status(turn, col) == 6 and col.status_points == 6
    col.counters[appointments.MONTHS_LEFT] = 1
    appointments.month_end(turn, col)
    assert col.appointment is None and turn.world.brigade("Brigade of Guards").commander is None


def test_rnhb_is_a_regiment_with_house_values():
    """h. The RNHB, "an élite Frontier Regiment": the rules give it no Table A row, Table B column or
    weapon; engarde pays it as a Frontier Regiment ("Frontier Regiments receive the same pay as the
    Gascon Regiment") and arms it with the rapier (house values); one may not apply to it."""
    from engarde.rules.regiments.tables import RNHB, RNHB_HOUSE_VALUES

    rnhb = regiment_by_name("RNHB")
    assert rnhb.name == RNHB and rnhb.column == 10 and rnhb.weapon == "rapier" and RNHB_HOUSE_VALUES
    assert regiments.application_roll(BOOK, rnhb, 10) is None


def test_resigning_a_commission_and_the_horse_guards_lapse():
    """Resigning his commission (the week's action) vacates his post; c. Clubs, The Horse Guards:
    "Officer of Horse Guards Brigade": no longer one, his membership lapses."""
    from engarde.rules.clubs.codes import EV_CLUB_LAPSED
    from engarde.rules.regiments.codes import EV_COMMISSION_RESIGNED
    from engarde.rules.regiments.orders import ResignCommission

    ch = Character("Porthos", social_level=10, regiment="Dragoon Guards", rank="Captain", club="The Horse Guards")
    world = world_with(npc_regiment("Dragoon Guards", p4=Officer("Porthos", player=True)))
    turn = make_turn(ch, world=world)
    assert regiments.resign_commission(turn, ch, ResignCommission(), 2)
    assert ch.regiment is None and ch.rank is None and ch.club is None
    assert "Porthos" not in [o.name for o in world.regiment("Dragoon Guards").officers]
    assert {EV_CLUB_LAPSED, EV_COMMISSION_RESIGNED} <= set(codes_of(turn))
    assert not regiments.resign_commission(turn, ch, ResignCommission(), 3)  # no commission to resign


def test_the_colonels_answer_is_carried_out_at_month_start():
    """"If the Regiment is commanded by a player, no roll is required: the Commander decides who is
    accepted. The candidate must meet all the minimum criteria": accepted, he joins (paying for his
    horse in a cavalry regiment); refused, it is a rejection."""
    athos = Character("Athos", social_level=14, rank="Colonel", regiment="Dragoon Guards")
    dart = Character("D'Artagnan", social_level=8, crowns=200)
    jussac = Character("Jussac", social_level=8, crowns=200)
    reg = npc_regiment("Dragoon Guards", Officer("Athos", player=True))
    reg.pending = [{"character": "D'Artagnan", "rank": "Private", "month": "1607-04", "week": 1, "decision": "accept"},
                   {"character": "Jussac", "rank": "Private", "month": "1607-04", "week": 1, "decision": "refuse"},
                   {"character": "Athos", "rank": "Private", "month": "1607-04", "week": 1}]
    turn = make_turn(athos, dart, jussac, world=world_with(reg), month=GameMonth(1607, 5))
    regiments.settle_decisions(turn)
    assert (dart.regiment, dart.rank, dart.crowns) == ("Dragoon Guards", "Private", 100)
    assert jussac.regiment is None and jussac.counters[regiments.REJECTIONS] == 1
    assert [p["character"] for p in reg.pending] == ["Athos"]  # undecided: still waiting


def test_engarde_regiment_decide_records_the_answer(tmp_path):
    """`engarde regiment decide REGIMENT APPLICANT --accept|--refuse`: the GM records a player
    colonel's answer; it waits in the world for the next month's start."""
    run, camp = gm_campaign(tmp_path)
    reg = npc_regiment("Dragoon Guards", Officer("Athos", player=True))
    reg.pending = [{"character": "D'Artagnan", "rank": "Private", "month": "1607-04", "week": 1}]
    store_world(camp, world_with(reg))
    assert "accepted" in run("regiment", "decide", "Dragoon Guards", "d'artagnan", "--accept")
    assert regiment_views(camp, Tables(), "Dragoon Guards")[0].pending[0]["decision"] == "accept"
    run("regiment", "decide", "Dragoon Guards", "Nobody", "--refuse", code=2)
    run("regiment", "decide", "Dragoon Guards", code=2)


def test_undo_keeps_the_colonels_answer_recorded_after_the_month(tmp_path):
    """"If the Regiment is commanded by a player, no roll is required: the Commander decides who is
    accepted."  The GM records the colonel's answer after April was resolved (for May); undoing April
    restores the world before April but keeps that answer, since the application was made before
    April and still waits; April run again is the same April (the answer is for May), and May's
    start carries it out.  An answer to a request the undone month made is gone with it."""
    from engarde.ops import undone_world
    from engarde.registry import core_registry
    from engarde.rules.creation.rules import given_character
    from engarde.tables import Tables

    run, camp = gm_campaign(tmp_path)
    for name, sl in (("Athos", 12), ("D'Artagnan", 12)):
        ops.add_character(camp, given_character(Tables(), name, social_level=sl, crowns=2000, strength=10,
                                                constitution=10, expertise=10, military_ability=3))
    reg = npc_regiment("Dragoon Guards", Officer("Athos", player=True))
    reg.pending = [{"character": "D'Artagnan", "rank": "Private", "colonel": "Athos", "month": "1607-03", "week": 4}]
    store_world(camp, world_with(reg))
    first = ops.run_turn(camp, force=True)
    assert regiment_views(camp, Tables(), "Dragoon Guards")[0].pending[0].get("decision") is None
    decide_application(camp, Tables(), "Dragoon Guards", "D'Artagnan", True)
    ops.undo_turn(camp)
    (kept,) = regiment_views(camp, Tables(), "Dragoon Guards")[0].pending
    assert (kept["decision"], kept["decided_for"], kept["month"]) == ("accept", "1607-05", "1607-03")
    assert [p["answer_by"] for p in ops.pending_requests(camp)] == ["Athos"]
    again = ops.run_turn(camp, force=True)
    assert again.ledger == first.ledger and again.events == first.events
    assert regiment_views(camp, Tables(), "Dragoon Guards")[0].pending[0]["decision"] == "accept"
    ops.run_turn(camp, force=True)  # May: carried out
    assert [c.regiment for c in ops.list_characters(camp) if c.name == "D'Artagnan"] == ["Dragoon Guards"]
    assert regiment_views(camp, Tables(), "Dragoon Guards")[0].pending == []
    assert ops.audit(camp)[1] == []

    # A request the month made (not in the snapshot) loses its answer with the month.
    before = world_with(npc_regiment("Dragoon Guards")).to_dict()
    now = world_with(npc_regiment("Dragoon Guards")).to_dict()
    now["regiments"]["regiments"][0]["pending"] = [{"character": "Porthos", "rank": "Private", "month": "1607-04",
                                                    "week": 1, "decision": "accept", "decided_for": "1607-05"}]
    assert undone_world(before, now, core_registry().modules)["regiments"]["regiments"][0]["pending"] == []


# -- a campaign's tables -------------------------------------------------------------------


def test_a_campaigns_prices_reach_the_purchase_on_entry():
    """"In order to initially buy a Majority ... a character would have to pay the costs of the rank
    of Captain and Subaltern in addition to the cost of Major"; "A horse costs 100 crowns".  A
    campaign that prices Picardy's Majority (column 7) at 200 and a horse at 50 charges them."""
    campaign = tables({"regiments": {"regimental_table_b": {"7": {"Major": {"price": 200}}}, "horse_price": 50}})
    ch = Character("Porthos", social_level=10, crowns=1000)
    turn = make_turn(ch, dice=[1], world=world_with(npc_regiment("Picardy Musketeers")), tables=campaign)
    assert regiments.apply(turn, ch, ApplyRegiment("Picardy Musketeers", "Major"), 1)
    assert [e.delta for e in turn.ledger if e.field == "crowns"] == [-80, -90, -200, -150]


def test_a_campaigns_table_a_and_entry_rank_reach_the_application():
    """Regimental Table A: "the minimum die roll needed to be accepted into that Regiment per Social
    Level" ("-": he may not apply, written 7), and "A rank up to and including that of Major may be
    bought immediately upon entry".  A campaign that opens the Royal Foot Guards (and its Privates,
    Table B column 1) to Social Level 6 on a 6, and sells no rank above Captain on entry: the order
    of a Major is refused, a Private of Social Level 6 is rolled for."""
    row = [7, 7, 7, 7, 7, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1]
    campaign = tables({"regiments": {"regimental_table_a": {"Royal Foot Guards": {"rolls": row}},
                                     "regimental_table_b": {"1": {"Private": {"min_social_level": 6}}},
                                     "highest_entry_rank": "Captain"}})
    assert regiments.application_roll(campaign.regiments, regiment_by_name("Royal Foot Guards"), 6) == 6
    ch = Character("Aramis", social_level=9, crowns=1000)
    turn = make_turn(ch, world=world_with(npc_regiment("Royal Foot Guards")), tables=campaign)
    assert not regiments.apply(turn, ch, ApplyRegiment("Royal Foot Guards", "Major"), 1)
    assert "a rank up to Captain" in turn.events[-1].data["reason"]
    ch = Character("Jacques", social_level=6, crowns=1000)
    turn = make_turn(ch, dice=[6], world=world_with(npc_regiment("Royal Foot Guards")), tables=campaign)
    assert regiments.apply(turn, ch, ApplyRegiment("Royal Foot Guards"), 1)
    (joined,) = [e for e in turn.events if e.code == EV_REGIMENT_JOINED]
    assert joined.data["needed"] == 6


def test_a_campaigns_upkeep_duty_and_expulsion_reach_the_month():
    """"A horse ... requires support of 3 crowns per month. A groom must be paid 2 crowns"; "A
    non-player Battalion Commander will excuse a player from one week of duty on a roll of 5 or
    greater"; "the character has three game months to raise his Social Level".  A campaign at 4 and
    3 crowns, excusing on a 6 and giving one month: three horses cost 15; a 5 excuses no one; a
    man short of his rank's minimum for a month is expelled."""
    campaign = tables({"regiments": {"horse_support": 4, "groom_pay": 3, "duty_excused_on": 6,
                                     "below_minimum_months": 1}})
    ch = Character("Porthos", crowns=20, counters={"regiment.horses": 3})
    assert regiments.horse_upkeep(make_turn(ch, tables=campaign), ch) and ch.crowns == 5
    private = Character("Jacques", regiment="Gascon Regiment", rank="Private")
    turn = make_turn(private, dice=[5, 5], world=world_with(npc_regiment("Gascon Regiment")), tables=campaign)
    assert regiments.plan_duty(turn, private, None) == [3, 4]
    cap = Character("Athos", social_level=1, regiment="Gascon Regiment", rank="Captain",
                    counters={"regiment.months_short": 1})
    turn = make_turn(cap, world=world_with(npc_regiment("Gascon Regiment", c4=Officer("Athos", player=True))),
                     tables=campaign)
    regiments.check_rank_minimum(turn, cap)
    assert cap.regiment is None and [e.code for e in turn.events] == [EV_EXPELLED]


def test_a_campaigns_brigade_status_and_brigade_major_roll():
    """Regimental Table C: "Status points for positions ... are awarded to the Brigade commander and
    Brigade Major"; "On a roll of 1 through 3, the Brigade Major is from the first named Regiment".
    A campaign giving the Heavy Brigade's position 9 points, its Brigade Major from the Crown Prince
    Cuirassiers on 1 to 5: a 5 names them, and the Brigade Major draws 9."""
    campaign = tables({"regiments": {"regimental_table_c": {"Heavy Brigade": {
        "status": 9, "brigade_major_roll": [{"high": 5}, {"low": 6}]}}}})
    turn = make_turn(dice=[5], world=world_with(npc_regiment("Crown Prince Cuirassiers"),
                                                 npc_regiment("Archduke Leopold Cuirassiers")), tables=campaign)
    brigade = campaign.regiments.brigade("Heavy Brigade")
    assert regiments.brigade_major_roll(turn, brigade, MONTH_END) == "Crown Prince Cuirassiers"
    record = turn.world.brigade("Heavy Brigade")
    ch = Character(record.brigade_major)
    assert regiments.brigade_status(turn, ch) == 9 and ch.status_points == 9


def test_a_campaigns_regiments_reach_the_order_language():
    """The order language reads the campaign's tables: "A rank up to and including that of Major may
    be bought immediately upon entry"; a substitution "must be of the same type (i.e. infantry or
    Cavalry)".  A campaign selling no rank above Captain on entry refuses "as Major" on the sheet;
    one whose Dragoon Guards are infantry says so."""
    from engarde.parse import parse_action
    from engarde.rules.regiments import names
    from engarde.rules.regiments.codes import E_BAD_RANK

    order = "Join the Gascons as Major"
    assert parse_action(order) == ApplyRegiment("Gascon Regiment", "Major")
    refused = parse_action(order, registry=rules_registry({"regiments": {"highest_entry_rank": "Captain"}}))
    assert refused.code == E_BAD_RANK and "up to and including Captain" in refused.suggestion
    campaign = tables({"regiments": {"regiments": {"Dragoon Guards": {"cavalry": False}}}})
    assert names.is_cavalry_regiment(BOOK, "Dragoon Guards")
    assert not names.is_cavalry_regiment(campaign.regiments, "Dragoon Guards")


@pytest.mark.parametrize("override, key", [
    ({"regimental_table_b": {"3": {"Captain": {"price": -5}}}}, "tables.regiments.regimental_table_b.3.Captain.price"),
    ({"regimental_table_a": {"Royal Foot Guards": {"rolls": [5]}}},
     'tables.regiments.regimental_table_a."Royal Foot Guards".rolls'),
    ({"regiments": {"Gascon Regiment": {"column": 11}}}, 'tables.regiments.regiments."Gascon Regiment".column'),
    ({"duty_excused_on": 8}, "tables.regiments.duty_excused_on"),
    ({"duty_weeks": {"Private": 5}}, "tables.regiments.duty_weeks.Private"),  # a month has four weeks
    ({"highest_entry_rank": "General"}, "tables.regiments.highest_entry_rank"),
    ({"regimental_table_c": {"Heavy Brigade": {"brigade_major_roll": [{"high": 7}, {}]}}},
     'tables.regiments.regimental_table_c."Heavy Brigade".brigade_major_roll[0].high'),
])
def test_a_bad_override_of_the_regiments_is_refused_naming_the_key(override, key):
    with pytest.raises(RegistryError) as refused:
        Registry.build((), tables={"regiments": override})
    assert key in str(refused.value)


@pytest.mark.parametrize("lines, message", [
    ([{"low": 1, "high": 2}, {"low": 4, "high": 6}], "must cover each face of one die, 1 to 6, once"),
    ([{"low": 1, "high": 4}, {"low": 4, "high": 6}], "must cover each face of one die, 1 to 6, once"),
    ([{"regiment": "Gascon Regiment"}, {}], "'Gascon Regiment' is not a regiment of the Horse Guards Brigade "
                                           "(Dragoon Guards, Queen's Own Carabiniers)"),
])
def test_a_brigade_major_roll_must_cover_the_die(lines, message):
    """Regimental Table C: "On a roll of 1 through 3, the Brigade Major is from the first named Regiment of
    the Brigade; on a 4 through 6, he is from the second": a campaign's roll that leaves a face out (or
    names one twice) is refused with its key, never left to fail in the month."""
    brigade = RegimentsTables().regimental_table_c[1]
    with pytest.raises(RegistryError) as caught:
        Registry.build((), tables={"regiments": {"regimental_table_c": {brigade.name: {"brigade_major_roll": lines}}}})
    assert f'tables.regiments.regimental_table_c."{brigade.name}".brigade_major_roll' in str(caught.value)
    assert message in str(caught.value)
