"""The Gala played through the CLI in a campaign's month: the GM schedules it, the guests' sheets
(attend in week 2, their gala plans) are ingested, the month runs, and the ledger, the audit, the
gazette's column and each guest's private report show what they should (and nothing private leaks)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engarde.calendar import MONTH_END, GameMonth
from engarde.dice import ScriptedDice
from engarde.house.gala.engine import Item, Room
from engarde.house.gala.orders import Attend, BreakOff
from engarde.house.gala.rules import RULE_SHARED, attend, break_off, hold_galas, roll_attributes, share_fortunes
from engarde.house.gala.state import Gala, GalaState, undo
from engarde.parse import parse_sheet
from engarde.records import Character
from engarde.registry import Registry
from engarde.turn import Turn
from engarde.world import World
from helpers import cli, refused

CAMPAIGN = """\
[campaigns.test]
name = "Test"
first_month = "April 1607"
seed = "gala"
database = "sqlite:///test.sqlite"
orders = "mail"
house_rules = ["gala"]
{extra}
"""

ROSTER = [("Aramis", 6), ("Athos", 8), ("Porthos", 7), ("Milady", 9)]
SHEET = "Character: {name}\nPassword: secret\nWeek 1: rest\nWeek 2: {week2}\nWeek 3: rest\nWeek 4: rest\n{plan}"
PLANS = {
    "Athos": ("Attend the Duchesse's gala", "Gala plan:\nRound 1: keep to myself; explore the library\n"
                                            "Round 2: ask Milady to dance\nRound 3: join the dance\n"),
    "Milady": ("Attend the gala", "Accept dances from: Athos\nRound 4: seek Porthos; attack Porthos's charm\n"),
    "Porthos": ("attend the gala", "Retort: never\n"),
    "Aramis": ("rest", ""),
}


def campaign(tmp_path: Path, extra: str = ""):
    (tmp_path / "mail").mkdir()
    for name, (week2, plan) in PLANS.items():
        (tmp_path / "mail" / f"{name.lower()}.txt").write_text(SHEET.format(name=name, week2=week2, plan=plan))
    config = tmp_path / "campaigns.toml"
    config.write_text(CAMPAIGN.format(extra=extra))
    run = cli(config)
    run.config = config
    run("init")
    for name, sl in ROSTER:
        run("character", "create", name, "--given", "--player", name, "--email", f"{name.lower()}@example.org",
            "--sl", str(sl), "--crowns", "100", "--allowance", "0", "--strength", "10",
            "--constitution", "10", "--expertise", "10", "--ma", "3", "--password", "secret")
    return run


def test_a_gala_scheduled_attended_and_published(tmp_path):
    """The issue: "The GM schedules a gala (game month and week, host, the rooms of the house and
    what is placed in each) ... Attending is the week's action ... Reputation won or lost becomes
    status points in the month of the gala ... The gazette prints a column on the gala ... each
    guest's private report has the full round-by-round account.\""""
    run = campaign(tmp_path)
    out = run("gala", "schedule", "April 1607", "--week", "2", "--host", "Duchesse", "--npc",
              "--room", "library", "--item", "library=letter:Aramis:hearts:3:Aramis writes verses to a duchess")
    assert out.startswith("Duchesse's gala: April 1607, week 2; library (a letter: Aramis writes verses")
    assert "Duchesse's gala" in run("gala", "list")
    assert "Every line was understood" in run("orders", "check", str(tmp_path / "mail" / "athos.txt"))
    assert "4 accepted" in run("orders", "ingest")
    run("gala", "set", "Athos", "--wit", "20", "--charm", "15", "--accomplishment", "20")
    run("gala", "set", "Milady", "--accomplishment", "20", "--charm", "1")
    run("gala", "set", "Porthos", "--charm", "1")
    run("turn", "run")
    sheet = json.loads(run("sheet", "Athos", "--json"))
    gala = [e for e in sheet["ledger"] if e["rule"].startswith("The Gala")]
    fields = {e["field"] for e in gala}
    assert {"gala.charm", "gala.wit", "gala.accomplishment", "gala.rolled"} <= fields
    # the GM's values, posted over the rolled ones at the month's start
    assert [e["delta"] for e in gala if e["reason"] == "gala attributes set by the GM"] == [7, 6, 12]
    assert sum(e["delta"] for e in gala if e["field"] == "gala.wit") == 20
    # the seeded dance went well: its reputation is status points of the month, one entry per cause
    assert [(e["delta"], e["reason"]) for e in gala if e["field"] == "status_points"] == [
        (2, "Duchesse's gala: danced well with Milady (+2 reputation)")]
    assert "agree with their ledgers" in run("audit")
    run("gazette", "--no-pdf")
    html = (tmp_path / "newsletters" / "test" / "1607-04.html").read_text()
    headings = re.findall(r"<h2>(.*?)</h2>", html)
    assert "At the Gala" in headings
    column = html.split("<h2>At the Gala</h2>", 1)[1].split("</section>", 1)[0]
    assert "Duchesse" in column and "Aramis writes verses" not in html  # the slip of paper is private
    reports = tmp_path / "newsletters" / "test" / "reports" / "1607-04"
    athos = (reports / "athos.html").read_text()
    assert "Duchesse&#39;s Gala" in athos or "Duchesse's Gala" in athos
    assert "The host&#39;s slip of paper" in athos and "Aramis writes verses to a duchess" in athos
    milady = (reports / "milady.html").read_text()
    assert "Milady attacks Porthos" in milady and "Aramis writes verses" not in milady
    aramis = (reports / "aramis.html").read_text()  # he stayed home: no account, no slip
    assert "Gala, week 2" not in aramis and "slip of paper" not in aramis
    assert "(given)" in run("gala", "list")
    assert "Engaged to: no one" in run("sheet", "Athos")
    # turn undo: the gala unheld, its letter back in the library, the GM's attributes waiting again;
    # the month run again is the same month
    before = json.loads(run("sheet", "Athos", "--json"))["ledger"]
    run("turn", "undo")
    assert "(given)" not in run("gala", "list") and "a letter: Aramis writes verses" in run("gala", "list")
    run("turn", "run")
    assert json.loads(run("sheet", "Athos", "--json"))["ledger"] == before
    assert "agree with their ledgers" in run("audit")


def test_the_gala_commands_refuse_clearly(tmp_path):
    """The brief: "refuse clearly a gala in a past month, an unknown host, a week outside 1-4\""""
    run = campaign(tmp_path)
    assert "a gala is given in week 1 to 4" in refused(run.config, "gala", "schedule", "April 1607", "--week", "5",
                                                       "--host", "Athos")
    assert "'Nobody' is no character of test" in refused(run.config, "gala", "schedule", "April 1607", "--week", "1",
                                                         "--host", "Nobody")
    assert "March 1607 is past" in refused(run.config, "gala", "schedule", "March 1607", "--week", "1",
                                           "--host", "Athos")
    assert "no gala of Athos's" in refused(run.config, "gala", "cancel", "April 1607", "--week", "1", "--host", "Athos")
    run("gala", "schedule", "April 1607", "--week", "1", "--host", "Athos")
    assert "cancelled: Athos's gala" in run("gala", "cancel", "April 1607", "--week", "1", "--host", "Athos")


def test_without_the_house_rule_its_words_are_refused():
    """A module that is off adds nothing: "Attend the gala" is refused by name."""
    sheet = parse_sheet("Character: Athos\nWeek 1: Attend the gala\n", "x.txt", Registry.build(()))
    assert any("gala" in e.message for e in sheet.errors), sheet.errors
    on = parse_sheet("Character: Athos\nWeek 1: Attend the gala\n", "x.txt", Registry.build(("gala",)))
    assert on.errors == [] and on.weeks[1].describe() == "Attend the gala"


def test_an_engagement_goes_on_sharing_status_points():
    """gala.txt: "From the moment an engagement is made, the fortunes of the two are tied. When one
    partner gains or loses reputation, the other gains or loses the same." The issue: "an engagement
    lasts beyond the gala and goes on tying the partners' fortunes until broken off" (at month end
    each status point one won or lost this month by another rule is the other's too, once)."""
    athos, milady, porthos = Character("Athos"), Character("Milady"), Character("Porthos")
    world = World({"gala": GalaState(engagements=[("Athos", "Milady")])})
    turn = Turn(GameMonth(1607, 6), {c.name: c for c in (athos, milady, porthos)}, ScriptedDice([]),
                tables=Registry.build(("gala",)).tables, world=world)
    turn.post(athos, "status_points", 3, 2, "caroused at Hunter's", "c. Carousing")
    turn.post(porthos, "status_points", 2, 2, "caroused at Hunter's", "c. Carousing")
    turn.post(milady, "status_points", -1, 3, "lost a bet", "c. Gambling")
    share_fortunes(turn)
    assert (athos.status_points, milady.status_points, porthos.status_points) == (2, 2, 2)
    shared = [(e.character, e.delta, e.reason) for e in turn.ledger if e.rule == RULE_SHARED]
    assert shared == [("Milady", 3, "shared with Athos, his betrothed: caroused at Hunter's"),
                      ("Athos", -1, "shared with Milady, his betrothed: lost a bet")]
    off = Turn(GameMonth(1607, 6), {"Athos": Character("Athos"), "Milady": Character("Milady")}, ScriptedDice([]),
               tables=Registry.build(("gala",), settings={"share_after_gala": False}).tables, world=world)
    off.post(off.characters["Athos"], "status_points", 3, 2, "x", "c. Carousing")
    share_fortunes(off)
    assert off.characters["Milady"].status_points == 0


def test_attending_where_no_gala_is_given_is_said_in_his_report():
    """The module's choice: "Attend the gala" in a week without one (or naming a host who gives
    none that week) is a quiet week, and his report says why."""
    athos = Character("Athos")
    world = World({"gala": GalaState(galas=[Gala("1607-06", 2, "the Duchesse")])})
    turn = Turn(GameMonth(1607, 6), {"Athos": athos}, ScriptedDice([]), tables=Registry.build(("gala",)).tables,
                world=world)
    attend(turn, athos, Attend(), 3)
    attend(turn, athos, Attend("Milady"), 2)
    attend(turn, athos, Attend("Duchesse"), 2)  # "the" or not, any case
    assert [(e.week, e.data["why"]) for e in turn.events] == [(3, "no gala is given that week"),
                                                            (2, "no gala is given that week")]
    assert turn.present(2, "gala:the Duchesse") == ["Athos"]


def test_turn_undo_unholds_the_gala_and_keeps_what_the_gm_did_since():
    """``turn undo``: the galas and engagements as before the month; a gala the GM scheduled since,
    and attributes he set since, are kept."""
    before = GalaState(galas=[Gala("1607-06", 2, "the Duchesse", [Room("library", [Item("purse", 5)])])],
                       pending={"Athos": {"charm": 12}})
    now = GalaState(galas=[Gala("1607-06", 2, "the Duchesse", [Room("library", [])], held=True),
                           Gala("1607-07", 1, "Milady")],
                    engagements=[("Athos", "Milady")], pending={"Porthos": {"wit": 3}})
    undone = GalaState.from_dict(undo(before.to_dict(), now.to_dict()))
    assert [(g.host, g.held, [len(r.items) for r in g.rooms]) for g in undone.galas] == [
        ("the Duchesse", False, [1]), ("Milady", False, [])]
    assert undone.engagements == [] and undone.pending == {"Athos": {"charm": 12}, "Porthos": {"wit": 3}}
    assert GalaState.from_dict(now.to_dict()) == now


def test_an_engagement_may_be_broken_off_away_from_a_gala():
    """gala.txt: "Either partner may break the engagement on their turn. ... the one who breaks it
    loses five reputation points, and the one who is jilted loses three ... Neither loss is shared"
    (the module's choice: away from a gala, "Break off my engagement" is the week's action)."""
    sheet = parse_sheet("Character: Athos\nWeek 3: Break off my engagement\n", "a.txt", Registry.build(("gala",)))
    assert sheet.errors == [] and sheet.weeks[3].describe() == "Break off my engagement"
    athos, milady = Character("Athos"), Character("Milady")
    world = World({"gala": GalaState(engagements=[("Milady", "Athos")])})
    turn = Turn(GameMonth(1607, 6), {"Athos": athos, "Milady": milady}, ScriptedDice([]),
                tables=Registry.build(("gala",)).tables, world=world)
    break_off(turn, athos, BreakOff(), 3)
    share_fortunes(turn)  # over: nothing shared
    assert (athos.status_points, milady.status_points) == (-5, -3)
    assert world.part("gala").engagements == [] and turn.events[-1].public
    break_off(turn, athos, BreakOff(), 4)
    assert turn.events[-1].data["jilted"] is None and not turn.events[-1].public


def test_attributes_rolled_once_with_the_campaigns_dice_and_the_gms_posted_over_them():
    """The module (engarde.house.gala.rules.roll_attributes): "Every living man with none yet has
    his Charm, Wit and Accomplishment rolled (the campaign's dice for each), and a d6 says whether
    he is accomplished in dancing; then the attributes the GM set (``engarde gala set``) are posted
    over them." (gala.txt: "If a dancer is accomplished in the dancing skill, they may roll with
    advantage"; the tables: "a d6 of this or more at creation: accomplished in dancing".)"""
    aramis, athos, rochefort = Character("Aramis"), Character("Athos"), Character("Rochefort")
    bonacieux = Character("Bonacieux", state="dead")
    for ch in (aramis, rochefort):
        ch.put("gala.rolled", 1)
        ch.put("gala.wit", 7)
    state = GalaState(pending={"Anybody": {"wit": 3}, "Bonacieux": {"wit": 3}, "Rochefort": {"wit": 12, "dancing": 1}})
    tables = Registry.build(("gala",), tables={"gala": {"attribute_dice": 1, "attribute_sides": 20,
                                                       "attribute_bonus": -3}}).tables
    jussac = Character("Jussac")
    chars = {c.name: c for c in (aramis, athos, bonacieux, jussac, rochefort)}
    turn = Turn(GameMonth(1607, 6), chars, ScriptedDice([2, 15, 20, 5, 1, 1, 1, 4]), tables=tables,
                world=World({"gala": state}))
    turn.living = ["Aramis", "Athos", "Jussac", "Rochefort"]
    roll_attributes(turn)
    # Athos: a d20 each less 3 (never below 0), and a 5 on the d6 is dancing
    assert [(e.character, e.field, e.delta, e.week, e.reason) for e in turn.ledger if e.character == "Athos"] == [
        ("Athos", "gala.wit", 12, 0, "gala attributes rolled"), ("Athos", "gala.accomplishment", 17, 0, "gala attributes rolled"),
        ("Athos", "gala.dancing", 1, 0, "gala attributes rolled"), ("Athos", "gala.rolled", 1, 0, "gala attributes rolled")]
    # Jussac: 1s less 3 are 0, and a 4 is no dancer
    assert jussac.counters == {"gala.rolled": 1}
    assert athos.counters == {"gala.wit": 12, "gala.accomplishment": 17, "gala.dancing": 1, "gala.rolled": 1}
    rolled = turn.events[0]
    assert (rolled.week, rolled.characters, rolled.public, rolled.data) == (
        0, ("Athos",), False, {"dancing": True, "charm": 0, "wit": 12, "accomplishment": 17})
    # Aramis (rolled before) is not rolled again; Bonacieux is dead and no GM's value reaches him
    assert not [e for e in turn.ledger if e.character in ("Aramis", "Bonacieux")] and bonacieux.counters == {}
    # Rochefort: the GM's values posted over his (12 less the 7 he had; dancing 1)
    assert [(e.field, e.delta, e.week, e.reason) for e in turn.ledger if e.character == "Rochefort"] == [
        ("gala.dancing", 1, 0, "gala attributes set by the GM"), ("gala.wit", 5, 0, "gala attributes set by the GM")]
    gm = turn.events[2]
    assert (gm.week, gm.characters, gm.public, gm.data) == (
        0, ("Rochefort",), False, {"by_gm": True, "dancing": True, "charm": 0, "wit": 12, "accomplishment": 0})
    assert state.pending == {} and len(turn.events) == 3


def test_breaking_it_off_away_from_a_gala_posts_each_loss_at_its_worth_in_status():
    """gala.txt: "the one who breaks it loses five reputation points, and the one who is jilted
    loses three" (the tables: "status points each reputation point won or lost at a gala is
    worth"; a jilted man who is dead loses nothing, and the week's report says what happened)."""
    athos, milady, porthos = Character("Athos"), Character("Milady", state="dead"), Character("Porthos")
    world = World({"gala": GalaState(engagements=[("Milady", "Athos")])})
    turn = Turn(GameMonth(1607, 6), {"Athos": athos, "Milady": milady, "Porthos": porthos}, ScriptedDice([]),
                tables=Registry.build(("gala",), settings={"status_per_reputation": 2}).tables, world=world)
    break_off(turn, athos, BreakOff(), 3)
    assert [(e.character, e.field, e.delta, e.week, e.reason, e.rule) for e in turn.ledger] == [
        ("Athos", "status_points", -10, 3, "broke off the engagement to Milady (-5 reputation)", "The Gala (house rule)")]
    assert milady.status_points == 0
    ev = turn.events[-1]
    assert (ev.code, ev.week, ev.characters, ev.public, ev.data) == (
        "gala-broken", 3, ("Athos", "Milady"), True, {"jilted": "Milady"})
    world.part("gala").engagements = [("Porthos", "Athos")]
    break_off(turn, athos, BreakOff(), 4)
    assert [(e.character, e.delta, e.week, e.reason, e.rule) for e in turn.ledger[1:]] == [
        ("Athos", -10, 4, "broke off the engagement to Porthos (-5 reputation)", "The Gala (house rule)"),
        ("Porthos", -6, 4, "jilted by Athos (-3 reputation)", "The Gala (house rule)")]
    break_off(turn, athos, BreakOff(), 2)
    ev = turn.events[-1]
    assert (ev.code, ev.week, ev.characters, ev.public, ev.data) == ("gala-broken", 2, ("Athos",), False,
                                                                     {"jilted": None})


def test_a_gala_held_posts_its_evening_at_its_worth_in_status_and_its_engagements_stand():
    """gala.txt: "Round turns are played in clockwise order, beginning to the left of the Host";
    "If the proposal is accepted, each partner gains three reputation points and the two are
    engaged to be married"; "Either partner may break the engagement on their turn. ... Neither
    loss is shared"; "If the roll succeeds, the attacked player loses a point in that stat. ... If
    the roll fails, the attacked player loses an additional point in that stat." (The module: the
    seats drawn by lot when the campaign says so, the host last; reputation posted as status points
    at the campaign's rate; stats knocked down stand when they do not recover; a dead man is posted
    nothing; a gala no one comes to is reported empty.)"""
    registry = Registry.build(("gala",), settings={"seating": "drawn", "status_per_reputation": 2,
                                                   "stats_recover": False})
    levels = {"Athos": 9, "Milady": 8, "Aramis": 7, "Porthos": 6, "Constance": 5, "Bonacieux": 4}
    chars = {n: Character(n, social_level=sl) for n, sl in levels.items()}
    chars["Constance"].state = chars["Bonacieux"].state = "dead"
    for ch in chars.values():
        for field, value in (("gala.charm", 10), ("gala.wit", 10), ("gala.accomplishment", 10)):
            ch.put(field, value)
    chars["Porthos"].put("gala.wit", 5)
    state = GalaState(galas=[Gala("1607-06", 2, "Athos"), Gala("1607-06", 3, "Rochefort")],
                      engagements=[("Rochefort", "Jussac"), ("Aramis", "Constance")])
    turn = Turn(GameMonth(1607, 6), chars, ScriptedDice([1, 2, 1, 1, 20, 19]), tables=registry.tables,
                world=World({"gala": state}))
    plans = {"Aramis": "Gala plan:\nRound 1: break off my engagement\n",
             "Milady": "Gala plan:\nRound 2: ask Athos to dance\nRound 3: join the dance; propose to Athos\n"
                       "Round 4: seek Porthos; attack Porthos's wit\n",
             "Athos": "Gala plan:\nRound 3: join the dance\nAccept proposals from: Milady\n"}
    for name, plan in plans.items():
        turn.sheets[name] = parse_sheet(f"Character: {name}\n{plan}", "x.txt", registry)
    for name in ("Milady", "Aramis", "Porthos", "Athos"):  # Porthos wrote no plan
        turn.be_at(2, "gala:Athos", name)
    turn.be_at(3, "gala:Rochefort", "Bonacieux")
    hold_galas(turn, 2)
    hold_galas(turn, 3)
    assert turn.dice.remaining == 0
    gala = turn.events[0]
    seats = ("Milady", "Porthos", "Aramis", "Athos")  # drawn: the first of three, the second of two; the host last
    assert (gala.code, gala.week, gala.characters, gala.public) == ("gala", 2, seats, True)
    assert gala.data == {"host": "Athos", "guests": list(seats), "dances": [["Milady", "Athos", "well"]],
                         "engaged": [["Milady", "Athos"]], "broken": [["Aramis", "Constance"]], "scandals": [],
                         "faux_pas": 0}
    assert state.engagements == [("Rochefort", "Jussac"), ("Milady", "Athos")]
    status = [(e.character, e.delta, e.week, e.reason) for e in turn.ledger if e.field == "status_points"]
    assert status == [
        ("Aramis", -10, 2, "Athos's gala: broke off the engagement to Constance (-5 reputation)"),
        ("Milady", 6, 2, "Athos's gala: engaged to Athos (+3 reputation)"),
        ("Athos", 6, 2, "Athos's gala: engaged to Milady (+3 reputation)"),
        ("Milady", 4, 2, "Athos's gala: danced well with Athos (+2 reputation)"),
        ("Athos", 4, 2, "Athos's gala: shared with Milady, betrothed: danced well with Athos (+2 reputation)"),
        ("Athos", 4, 2, "Athos's gala: danced well with Milady (+2 reputation)"),
        ("Milady", 4, 2, "Athos's gala: shared with Athos, betrothed: danced well with Milady (+2 reputation)")]
    assert chars["Constance"].status_points == 0
    # Porthos's retort fell flat: 1 and 1 more off his Wit, and it stands
    assert [(e.character, e.field, e.delta, e.week, e.reason, e.rule) for e in turn.ledger
            if e.field.startswith("gala.")] == [("Porthos", "gala.wit", -2, 2, "knocked down at Athos's gala",
                                                 "The Gala (house rule)")]
    accounts = {e.characters[0]: e.data for e in turn.events if e.code == "gala-account"}
    assert list(accounts) == list(seats) and accounts["Aramis"]["reputation"] == -5
    assert not any(e.public for e in turn.events if e.code == "gala-account")  # each his own report's
    assert accounts["Milady"]["host"] == "Athos" and accounts["Milady"]["lines"][0][0] == 1
    empty = turn.events[-1]
    assert (empty.code, empty.week, empty.characters, empty.public) == ("gala", 3, (), True)
    assert empty.data == {"host": "Rochefort", "guests": [], "dances": [], "engaged": [], "broken": [],
                          "scandals": [], "faux_pas": 0}
    assert all(g.held for g in state.galas)


def test_an_engagement_made_this_month_shares_only_what_came_after_its_week():
    """gala.txt: "From the moment an engagement is made, the fortunes of the two are tied." (The
    module: status points only, of another rule; an engagement made at a gala in week 2 shares
    what came in weeks 3 and 4; one made before shares the whole month, from its first day; a dead
    betrothed is given nothing, and what she won before she died still comes to him.)"""
    athos, milady, porthos, constance = (Character("Athos"), Character("Milady"), Character("Porthos"),
                                         Character("Constance", state="dead"))
    world = World({"gala": GalaState(engagements=[("Athos", "Milady"), ("Porthos", "Constance")])})
    turn = Turn(GameMonth(1607, 6), {c.name: c for c in (athos, milady, porthos, constance)}, ScriptedDice([]),
                tables=Registry.build(("gala",)).tables, world=world)
    turn.event("gala", 2, ("Athos", "Milady"), public=True, engaged=[["Milady", "Athos"]])
    turn.post(athos, "status_points", 1, 2, "a duel won", "c. Duelling")
    turn.post(athos, "status_points", 3, 3, "caroused at Hunter's", "c. Carousing")
    turn.post(athos, "crowns", 50, 3, "won at cards", "c. Gambling")
    turn.post(constance, "status_points", 2, 0, "a saint's day", "c. Status")
    turn.post(porthos, "status_points", 4, 0, "a new coat", "c. Status")
    share_fortunes(turn)
    shared = [(e.character, e.delta, e.week, e.reason) for e in turn.ledger if e.rule == RULE_SHARED]
    assert shared == [("Milady", 3, MONTH_END, "shared with Athos, his betrothed: caroused at Hunter's"),
                      ("Porthos", 2, MONTH_END, "shared with Constance, his betrothed: a saint's day")]
    events = [(e.code, e.week, e.characters, e.public, e.data) for e in turn.events if e.code == "gala-shared"]
    assert events == [("gala-shared", MONTH_END, ("Milady", "Athos"), False,
                       {"delta": 3, "reason": "caroused at Hunter's", "source": "Athos"}),
                      ("gala-shared", MONTH_END, ("Porthos", "Constance"), False,
                       {"delta": 2, "reason": "a saint's day", "source": "Constance"})]
    assert constance.status_points == 2 and porthos.status_points == 6


def test_attending_when_two_galas_are_given_that_week_he_must_name_the_host():
    """The module's choice: "Attend the gala" in a week with two galas is a quiet week until he
    names the host, and his report (his alone) says why."""
    athos = Character("Athos")
    world = World({"gala": GalaState(galas=[Gala("1607-06", 2, "the Duchesse"), Gala("1607-06", 2, "Milady")])})
    turn = Turn(GameMonth(1607, 6), {"Athos": athos}, ScriptedDice([]), tables=Registry.build(("gala",)).tables,
                world=world)
    attend(turn, athos, Attend(), 2)
    ev = turn.events[-1]
    assert (ev.code, ev.week, ev.characters, ev.public, ev.data) == (
        "gala-none", 2, ("Athos",), False, {"host": "", "why": "two galas are given that week: name the host"})
    attend(turn, athos, Attend("Rochefort"), 2)
    assert turn.events[-1].data == {"host": "Rochefort", "why": "no gala is given that week"}
