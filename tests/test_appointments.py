"""Appointments (house values from en-garde-tables.md) and titles granted by the King."""

from __future__ import annotations

import re

import pytest

from engarde.calendar import MONTH_END, GameMonth
from engarde.codes import E_AWAITS_PLAYER
from engarde.rules.appointments.codes import EV_APPOINTED, EV_APPOINTMENT_ENDED, EV_APPOINTMENT_REFUSED
from engarde.rules.titles.codes import EV_TITLE_GRANTED, EV_TITLE_NOT_GRANTED
from engarde.dice import ScriptedDice
from engarde.orders import OrderSheet
from engarde.rules.appointments.orders import SeekAppointment
from engarde.records import Character, replay
from engarde.registry import Registry, RegistryError
from engarde.resolve import resolve_month
from engarde.rules.appointments import rules as appointments
from engarde.rules.status import rules as status
from engarde.rules.titles import rules as titles
from engarde.rules.appointments.tables import AppointmentsTables
from engarde.rules.titles.tables import TitlesTables
from engarde.tables import Tables
from engarde.turn import Turn
from engarde.world import World
from helpers import tables

APRIL = GameMonth(1607, 4)
BOOK = AppointmentsTables()  # the book's (and engarde's house) values
TABLES = Tables()  # every module's, the book's


def make_turn(*chars, dice=(), month=APRIL):
    return Turn(month, {c.name: c for c in chars}, ScriptedDice(dice), world=World())


def lt_general(**kw):
    values = dict(social_level=10, rank="Lieutenant-General", military_ability=4)
    values.update(kw)
    return Character("Athos", **values)


def test_appointments_table_is_data_marked_as_house_values():
    """"engarde ships a small appointments table with these posts, marked as house values": the
    Inspector-General of Cavalry is the rules' own (a Lieutenant-General, the Minister, roll 6)."""
    igc = BOOK.post("inspector-general of cavalry")
    assert (igc.rank, igc.appointed_by, igc.roll, igc.house_value) == ("Lieutenant-General", "Minister", 6, False)
    assert sum(not p.house_value for p in BOOK.appointments) == 2  # and the Brigade Major
    assert [BOOK.ma_modifier(m) for m in (1, 2, 5, 6, 7, 8, 10)] == [1, 0, 0, -1, -1, -2, -2]


def test_appointment_roll_with_ma_and_social_level():
    """"die roll needed on one die (influence applies; MA 1: +1, 2-5: 0, 6-7: -1, 8+: -2; -1 for every
    3 SL above the minimum)": MA 6 and SL 13 (3 above 10) make 6 into 4; a 4 succeeds."""
    ch = lt_general(social_level=13, military_ability=6)
    turn = make_turn(ch, dice=[4])
    assert appointments.seek(turn, ch, SeekAppointment("Inspector-General of Cavalry"), 2)
    assert (ch.appointment, ch.get("appointment.months")) == ("Inspector-General of Cavalry", 12)
    (ev,) = [e for e in turn.events if e.code == EV_APPOINTED]
    assert ev.public and (ev.data["needed"], ev.data["roll"]) == (4, 4)


def test_failed_application_cannot_be_repeated_for_three_months():
    """"a failed application cannot be repeated for three months" """
    ch = lt_general()
    turn = make_turn(ch, dice=[5])
    assert not appointments.seek(turn, ch, SeekAppointment("Inspector-General of Cavalry"), 1)
    assert ch.get("appointment_bar.inspector-general-of-cavalry") == 3
    assert not appointments.seek(turn, ch, SeekAppointment("Inspector-General of Cavalry"), 2)
    assert "for 3 months" in [e for e in turn.events if e.code == EV_APPOINTMENT_REFUSED][-1].data["reason"]
    for _ in range(3):
        appointments.month_end(turn, ch)
    assert ch.get("appointment_bar.inspector-general-of-cavalry") == 0


def test_military_posts_need_exactly_the_rank_government_posts_the_rank_or_higher():
    """"Military posts need exactly the rank; government posts the rank or higher." """
    general = lt_general(rank="General", social_level=16)
    assert "needs a Lieutenant-General" in appointments.qualifies(TABLES, general, BOOK.post("Inspector-General of Cavalry"))
    assert appointments.qualifies(TABLES, general, BOOK.post("Minister of War")) is None
    assert "needs a General or higher" in appointments.qualifies(TABLES, lt_general(social_level=16),
                                                                  BOOK.post("Minister of War"))


def test_a_player_who_appoints_decides_and_the_gm_is_told():
    """A player holding the appointing post decides (influence does not move players): no roll."""
    minister = Character("Richelieu", appointment="Minister of War")
    ch = lt_general()
    turn = make_turn(ch, minister)
    assert not appointments.seek(turn, ch, SeekAppointment("Inspector-General of Cavalry"), 1)
    assert turn.dice.log == [] and [e.code for e in turn.errors] == [E_AWAITS_PLAYER]


def test_the_appointers_answer_is_recorded_and_carried_out_at_month_start():
    """"If Athos ... seeks to become Inspector-General of Cavalry ..., he must go to the Minister of
    War who appoints that position (it is assumed that no player holds the post)": when a player
    holds it, he decides.  The application waits in the world (applicant and appointer told, the GM
    told with E_AWAITS_PLAYER); the answer the GM records is carried out through the ledger at the
    next month start: accepted, he takes the post; refused, "a failed application cannot be
    repeated for three months".  The ledger replays; the same dice give the same month."""
    from engarde.rules.appointments.codes import EV_APPOINTMENT_AWAITS
    from engarde.rules import decisions

    minister = Character("Richelieu", social_level=16, rank="General", appointment="Minister of War", crowns=900)
    athos = lt_general(crowns=500, social_level=12)  # a level lost at April's end leaves him qualified
    porthos = Character("Porthos", social_level=12, rank="Lieutenant-General", military_ability=3, crowns=500)
    seek = SeekAppointment("Inspector-General of Infantry")
    sheets = {"Athos": OrderSheet("a", "Athos", weeks={1: SeekAppointment("Inspector-General of Cavalry")}),
              "Porthos": OrderSheet("p", "Porthos", weeks={2: seek}),
              "Richelieu": OrderSheet("r", "Richelieu")}
    april = resolve_month(APRIL, [athos, porthos, minister], sheets, ScriptedDice([]), world=World())
    assert april.rolls == [] and [e.code for e in april.errors] == [E_AWAITS_PLAYER, E_AWAITS_PLAYER]
    assert "engarde appointment decide" in april.errors[0].suggestion
    (ev, _) = [e for e in april.events if e.code == EV_APPOINTMENT_AWAITS]
    assert ev.characters == ("Athos", "Richelieu") and ev.data["appointer"] == "Richelieu"
    pending = april.world.appointments_pending
    assert [(p["character"], p["post"], p["appointer"]) for p in pending] == [
        ("Athos", "Inspector-General of Cavalry", "Richelieu"), ("Porthos", "Inspector-General of Infantry", "Richelieu")]

    # The GM records Richelieu's answers; May's start carries them out.
    world = april.world.copy()
    decisions.record(world.appointments_pending, "athos", True, "1607-05")
    decisions.record(world.appointments_pending, "Porthos", False, "1607-05")
    before = april.characters
    may = resolve_month(GameMonth(1607, 5), before, {}, ScriptedDice([]), world=world)
    a, p, _ = may.characters
    assert (a.appointment, a.get("appointment.months")) == ("Inspector-General of Cavalry", 11)  # May served
    assert p.appointment is None and p.get("appointment_bar.inspector-general-of-infantry") == 2  # May passed
    assert may.world.appointments_pending == []
    (granted,) = [e for e in may.events if e.code == EV_APPOINTED]
    assert granted.public and granted.data["appointed_by"] == "Richelieu"
    for old, new in zip(before, may.characters):
        assert replay(old.to_dict(), [e for e in may.ledger if e.character == old.name]).ledger_values() \
            == new.ledger_values()
    again = resolve_month(GameMonth(1607, 5), before, {}, ScriptedDice([]), world=world)
    assert [c.to_dict() for c in again.characters] == [c.to_dict() for c in may.characters]


def test_engarde_appointment_decide_records_the_answer(tmp_path):
    """`engarde appointment decide POST APPLICANT --accept|--refuse`: the GM records the appointing
    player's answer ("the Minister of War who appoints that position"); it waits in the world for
    the next month's start.  No such application: an error."""
    from engarde.config import load_one
    from engarde.store import CampaignRow, transaction
    from helpers import cli, write_campaign

    config = write_campaign(tmp_path, database=f"sqlite:///{tmp_path / 't.sqlite'}")
    run = cli(config)
    run("init")
    camp = load_one(config, "test")
    world = World(appointments_pending=[{"character": "Athos", "post": "Inspector-General of Cavalry",
                                         "appointer": "Richelieu", "month": "1607-04", "week": 1}])
    with transaction(camp.database) as s:
        row = s.get(CampaignRow, "test")
        row.world = world.to_dict()
        s.add(row)
    out = run("appointment", "decide", "inspector-general of cavalry", "athos", "--accept")
    assert "accepted by Richelieu" in out
    with transaction(camp.database) as s:
        stored = World.from_dict(s.get(CampaignRow, "test").world)
    assert stored.appointments_pending[0]["decision"] == "accept"
    assert "no application from 'Porthos'" in run("appointment", "decide", "Inspector-General of Cavalry",
                                                   "Porthos", "--refuse", code=2)
    run("appointment", "decide", "Inspector-General of Cavalry", "Athos", code=2)  # no answer given
    run("appointment", "decide", "Chancellor", "Athos", "--accept", code=2)  # no such post


def test_post_status_each_month_and_the_term_ends_after_twelve():
    """"Posts usually run for twelve months"; the post's SP each month."""
    ch = lt_general(appointment="Inspector-General of Cavalry", counters={"appointment.months": 1})
    turn = make_turn(ch)
    appointments.month_end(turn, ch)
    assert (ch.status_points, ch.appointment, ch.get("appointment.months")) == (6, None, 0)
    assert [e.code for e in turn.events][-1] == EV_APPOINTMENT_ENDED


def test_reappointment_in_the_last_month_of_the_term():
    """Reappointment: seeking his own post in its last month; a success adds another term."""
    ch = lt_general(appointment="Inspector-General of Cavalry", counters={"appointment.months": 2})
    turn = make_turn(ch, dice=[6])
    assert not appointments.seek(turn, ch, SeekAppointment("Inspector-General of Cavalry"), 1)
    ch.counters["appointment.months"] = 1
    assert appointments.seek(turn, ch, SeekAppointment("Inspector-General of Cavalry"), 1)
    assert ch.get("appointment.months") == 13


def test_appointment_favour_each_season_through_the_month():
    """The post's favour each season ("from certain appointments (as shown on the Appointments
    Tables)"), with SL 10's class 2, at the start of June; the ledger replays."""
    ch = lt_general(appointment="Inspector-General of Cavalry", counters={"appointment.months": 6}, crowns=500)
    result = resolve_month(GameMonth(1607, 6), [ch], {"Athos": OrderSheet("a", "Athos")}, ScriptedDice([]))
    after = result.characters[0]
    assert after.counters["favour.season.class2"] == 1 and after.counters["favour.season.class5"] == 1
    assert replay(ch.to_dict(), result.ledger).ledger_values() == after.ledger_values()


# -- titles --------------------------------------------------------------------------------


def test_titles_table():
    """Titles: min SL, new SL, SP that month, monthly pension (en-garde-tables.md)."""
    book = TitlesTables().titles
    assert [(t.name, t.min_social_level, t.new_social_level, t.status_that_month, t.pension) for t in book][::5] == [
        ("Knight", 6, 10, 10, 0), ("Count", 11, 15, 20, 100)]


def test_title_granted_on_a_6_with_the_new_social_level_jump():
    """"The King grants on a 6 on one die ... An untitled character becomes a Knight ... A character
    below the new SL jumps straight to it (the one exception to one level a month)": SL 7 with 2
    qualifications (+1) and SL 7 (0 above 6 // 3) needs 5; a 5: Knight, SL 10, 10 SP that month, which
    maintain the new level at the month's settlement."""
    ch = Character("Henri", social_level=7)
    turn = make_turn(ch, dice=[5])
    status.begin_month(turn, ch)
    titles.qualify(turn, ch, 3, "mentioned in despatches twice")
    titles.qualify(turn, ch, 3, "a battle result of 1")
    assert titles.consider(turn, ch)
    assert (ch.title, ch.social_level, ch.status_points, ch.get("title.qualifications")) == ("Knight", 10, 10, 0)
    assert status.settle_social_level(turn, ch) == 0 and ch.social_level == 10
    (ev,) = [e for e in turn.events if e.code == EV_TITLE_GRANTED]
    assert ev.public and ev.data["from"] == 7 and ev.data["to"] == 10 and ev.data["needed"] == 5


def test_a_titled_character_moves_to_the_next_title_without_a_jump_if_above():
    """"a titled one moves to the next title"; already above the new SL, no jump."""
    ch = Character("Henri", social_level=14, title="Baron")
    turn = make_turn(ch, dice=[3])  # 6 - (14 - 8) // 3 = 4 ... a 3 fails
    titles.qualify(turn, ch, 1, "became Minister of War")
    assert not titles.consider(turn, ch)
    assert [e.data.get("needed") for e in turn.events if e.code == EV_TITLE_NOT_GRANTED] == [4]


def test_no_title_below_its_minimum_social_level():
    """"one below the minimum SL gets no title" (no die is rolled)."""
    ch = Character("Jacques", social_level=5)
    turn = make_turn(ch)
    titles.qualify(turn, ch, 1, "a battle result of 1")
    assert not titles.consider(turn, ch) and turn.dice.log == []


def test_two_mentions_in_despatches_are_a_qualification():
    """"a character qualifies by two mentions in despatches" """
    ch = Character("Henri")
    turn = make_turn(ch)
    titles.mention_in_despatches(turn, ch, 1)
    assert ch.get("title.qualifications") == 0
    titles.mention_in_despatches(turn, ch, 1)
    assert (ch.get("title.qualifications"), ch.get("title.mentions")) == (1, 0)


def test_becoming_a_minister_qualifies():
    ch = Character("Richelieu", social_level=16, rank="General")
    turn = make_turn(ch)
    appointments.appoint(turn, ch, BOOK.post("Minister of War"), 1, "appointed")
    assert ch.get("title.qualifications") == 1


def test_pension_of_a_title_granted():
    """The monthly pension (Earl: 25); choice: a title inherited at birth draws none."""
    granted = Character("A", title="Earl", counters={"title.granted": 1})
    inherited = Character("B", title="Earl")
    turn = make_turn(granted, inherited)
    assert titles.pension(turn, granted) == 25 and titles.pension(turn, inherited) == 0
    assert granted.crowns == 25 and turn.ledger[0].week == MONTH_END


def test_division_and_army_adjutants_wait_for_the_player_commanding_the_division_or_army():
    """Appointments (AppointmentsTables.appointments, house values): the Division Adjutant is appointed by the
    Lieutenant-General, the Army Adjutant by the General; as the rules say of the Minister of War
    ("he must go to the Minister of War who appoints that position (it is assumed that no player
    holds the post)"), a player holding the command decides, no roll.  In the summer the Force
    Organisation places the applicant: the player commanding his division (his regiment's brigade
    in it) decides; a division no player commands rolls as before.  Out of the summer the player
    holding the Division (Army) Commander's post decides.  The answer is carried out at the next
    month start through the shared decisions mechanism."""
    from engarde.rules.appointments.codes import EV_APPOINTMENT_AWAITS
    from engarde.rules import decisions
    from engarde.rules.military import rules as mil

    june = GameMonth(1607, 6)
    rochefort = Character("Rochefort", social_level=12, rank="Lieutenant-General", regiment="69th Arquebusiers",
                          appointment="Division Commander")
    aramis = Character("Aramis", social_level=9, rank="Major", regiment="Gascon Regiment", military_ability=5)
    porthos = Character("Porthos", social_level=9, rank="Major", regiment="Royal Marines", military_ability=5)
    turn = Turn(june, {c.name: c for c in (rochefort, aramis, porthos)}, ScriptedDice([5, 3, 6]), world=World())
    mil.begin_month(turn)  # organisation 53: the 4th Brigade of Foot in the 2nd Division, the Marines' in the 1st
    assert turn.world.front.organisation == 53
    assert not appointments.seek(turn, aramis, SeekAppointment("Division Adjutant"), 1)
    assert len(turn.dice.log) == 2 and [e.code for e in turn.errors] == [E_AWAITS_PLAYER]
    (ev,) = [e for e in turn.events if e.code == EV_APPOINTMENT_AWAITS]
    assert ev.characters == ("Aramis", "Rochefort") and ev.data["post"] == "Division Adjutant"
    assert 'engarde appointment decide "Division Adjutant" "Aramis"' in turn.errors[0].suggestion
    assert appointments.seek(turn, porthos, SeekAppointment("Division Adjutant"), 1)  # the 1st: rolled
    assert len(turn.dice.log) == 3 and porthos.appointment == "Division Adjutant"

    decisions.record(turn.world.appointments_pending, "Aramis", True, "1607-07")
    july = Turn(GameMonth(1607, 7), turn.characters, ScriptedDice([]), world=turn.world)
    appointments.settle_decisions(july)
    assert aramis.appointment == "Division Adjutant" and july.world.appointments_pending == []

    # Out of the summer: the player holding the General's command decides the Army Adjutant.
    turenne = Character("Turenne", social_level=14, rank="General", appointment="Army Commander")
    athos = Character("Athos", social_level=10, rank="Lieutenant-Colonel", regiment="Royal Marines")
    october = Turn(GameMonth(1607, 10), {"Turenne": turenne, "Athos": athos}, ScriptedDice([]), world=World())
    assert not appointments.seek(october, athos, SeekAppointment("Army Adjutant"), 2)
    assert october.dice.log == [] and october.world.appointments_pending[0]["appointer"] == "Turenne"


def test_engarde_pending_lists_every_request_waiting_for_a_player(tmp_path):
    """The rules give a player's answer in place of the dice ("If the Regiment is commanded by a
    player, no roll is required: the Commander decides who is accepted"; "If a player is Field
    Marshal, he may substitute one Regiment as he sees fit"; the player who appoints to a post):
    `engarde pending` shows the GM every request waiting, who must answer and the command that
    records the answer (and the answer once recorded); `--json` the same as data."""
    import json

    from engarde.config import load_one
    from engarde.store import CampaignRow, transaction
    from engarde.rules.regiments.state import Officer, Regiment
    from helpers import cli, write_campaign

    config = write_campaign(tmp_path, database=f"sqlite:///{tmp_path / 't.sqlite'}")
    run = cli(config)
    run("init")
    assert "Nothing waits" in run("pending")
    camp = load_one(config, "test")
    world = World(
        regiments=[Regiment("Dragoon Guards", [Officer("Athos", player=True)],
                            pending=[{"character": "D'Artagnan", "rank": "Private", "colonel": "Athos",
                                      "month": "1607-04", "week": 2}])],
        appointments_pending=[{"character": "Aramis", "post": "Division Adjutant", "appointer": "Rochefort",
                               "month": "1607-04", "week": 1}],
        petitions=[{"character": "Porthos", "regiment": "Gascon Regiment", "replacing": "Royal Marines",
                    "field_marshal": "Treville", "month": "1607-04", "week": 3},
                   {"character": "Athos", "regiment": "Dragoon Guards", "replacing": "Dragoon Brigade",
                    "month": "1607-04", "week": 1}])
    with transaction(camp.database) as s:
        row = s.get(CampaignRow, "test")
        row.world = world.to_dict()
        s.add(row)
    run("appointment", "decide", "Division Adjutant", "Aramis", "--refuse")
    out = run("pending")
    assert "D'Artagnan: joins the Dragoon Guards as Private (April 1607, week 2)" in out
    assert "Athos must answer: engarde regiment decide \"Dragoon Guards\" \"D'Artagnan\" --accept|--refuse" in out
    assert "answered: refuse by Rochefort; carried out at the start of April 1607" in out
    assert "Treville must answer: engarde petition decide \"Porthos\" --accept|--refuse" in out
    assert "no player decides: the Field Marshal's roll" in out
    data = json.loads(run("pending", "--json"))
    assert [(p["kind"], p["character"], p["answer_by"]) for p in data] == [
        ("regiment", "D'Artagnan", "Athos"), ("appointment", "Aramis", "Rochefort"),
        ("petition", "Porthos", "Treville"), ("petition", "Athos", None)]
    assert data[1]["decision"] == "refuse" and data[3]["command"] is None
    assert "engarde pending --json" in run("pending", "--help")


# -- the campaign's tables -------------------------------------------------------------------------


def test_a_campaigns_appointments_table_reaches_the_application():
    """The Inspector-General of Cavalry: "roll 6"; "a failed application cannot be repeated for three
    months".  A campaign whose Inspector-General is granted on a 5, barred two months after a refusal:
    a 4 fails and bars him two months; and whose MA 4 counts -1."""
    book = tables({"appointments": {"appointments": {"Inspector-General of Cavalry": {"roll": 5}},
                                    "appointment_retry_months": 2, "ma_modifiers": {"2": {"modifier": 0}}}})
    ch = lt_general()
    turn = Turn(APRIL, {ch.name: ch}, ScriptedDice([4]), book, world=World())
    assert not appointments.seek(turn, ch, SeekAppointment("Inspector-General of Cavalry"), 1)
    assert ch.get("appointment_bar.inspector-general-of-cavalry") == 2
    (ev,) = [e for e in turn.events if e.code == EV_APPOINTMENT_REFUSED]
    assert ev.data["needed"] == 5
    book = tables({"appointments": {"ma_modifiers": {"2": {"modifier": -1}}}})
    ch = lt_general()
    turn = Turn(APRIL, {ch.name: ch}, ScriptedDice([5]), book, world=World())
    assert appointments.seek(turn, ch, SeekAppointment("Inspector-General of Cavalry"), 1)


def test_a_campaigns_titles_table_reaches_the_grant():
    """Titles: "Knight | 6 | 10 | 10 | -"; "The King grants on a 6 on one die".  A campaign whose
    King grants on a 5 and whose Knight is of SL 12 with 20 SP that month: SL 7 with one
    qualification, a 5 makes him a Knight of SL 12 (the book: a 5 fails)."""
    book = tables({"titles": {"title_granted_on": 5,
                              "titles": {"Knight": {"new_social_level": 12, "status_that_month": 20}}}})
    ch = Character("Henri", social_level=7)
    turn = Turn(APRIL, {ch.name: ch}, ScriptedDice([5]), book, world=World())
    titles.qualify(turn, ch, 3, "a battle result of 1")
    assert titles.consider(turn, ch)
    assert (ch.title, ch.social_level, ch.status_points) == ("Knight", 12, 20)
    ch = Character("Henri", social_level=7)
    turn = make_turn(ch, dice=[5])
    titles.qualify(turn, ch, 3, "a battle result of 1")
    assert not titles.consider(turn, ch)


def test_a_bad_override_of_the_appointments_and_titles_tables_names_the_key():
    with pytest.raises(RegistryError, match=re.escape('tables.appointments.appointments."Army Commander".favour')):
        Registry.build((), tables={"appointments": {"appointments": {"Army Commander": {"favour": 12}}}})
    with pytest.raises(RegistryError, match=re.escape("tables.titles.titles.Knight.pension")):
        Registry.build((), tables={"titles": {"titles": {"Knight": {"pension": -5}}}})
    with pytest.raises(RegistryError, match=re.escape("tables.titles.titles.Duke")):
        Registry.build((), tables={"titles": {"titles": {"Duke": {"pension": 500}}}})
