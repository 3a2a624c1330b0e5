"""End to end through the CLI: a GM's month, on a throwaway SQLite campaign."""

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from engarde import ops
from engarde.cli import main
from engarde.config import load_one
from helpers import cli, write_campaign

ROOT = Path(__file__).parent.parent


@pytest.fixture
def gm(tmp_path):
    """A campaign file in a temporary folder with a copy of the demo orders."""
    shutil.copytree(ROOT / "orders" / "demo", tmp_path / "mail")
    config = write_campaign(tmp_path, newspaper="The Test Gazette", orders="mail",
                            deadlines="FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1")
    run = cli(config)
    run.path = tmp_path
    run.campaign = load_one(tmp_path / "campaigns.toml", "test")
    return run


def create_demo_roster(gm):
    from engarde.demo import roster

    for ch in roster():
        args = ["character", "create", ch["name"], "--given", "--player", ch["player"], "--email", ch["email"],
                "--password", ch["password"],
                "--sl", str(ch["social_level"]), "--crowns", str(ch["crowns"]), "--allowance", str(ch["allowance"]),
                "--strength", str(ch["strength"]), "--constitution", str(ch["constitution"]),
                "--expertise", str(ch["expertise"]), "--ma", str(ch["military_ability"])]
        if ch.get("club"):
            args += ["--club", ch["club"]]
        gm(*args)


def test_a_whole_month(gm):
    assert "created" in gm("init")
    assert "already set up" in gm("init")
    create_demo_roster(gm)
    listing = json.loads(gm("character", "list", "--json"))
    assert len(listing) == 7 and listing[0]["social_level"] >= listing[-1]["social_level"]
    assert "Porthos" in gm("orders", "missing")
    out = gm("orders", "ingest", code=1)  # one demo sheet has a deliberate mistake
    assert "accepted" in out and ":" in out
    assert "Next month to resolve: April 1607" in gm("status")
    out = gm("turn", "run")
    assert "Resolved April 1607" in out
    assert "May 1607" in gm("status")
    assert "agree with their ledgers" in gm("audit")
    sheet = json.loads(gm("sheet", "Porthos", "--json"))
    for key in ("name", "player", "social_level", "status_points", "crowns", "strength", "expertise",
                "constitution", "endurance", "military_ability", "ledger"):
        assert key in sheet
    assert sheet["ledger"] and all(e["reason"] for e in sheet["ledger"])
    out = gm("gazette", "--no-pdf")
    html = gm.path / "newsletters" / "test" / "1607-04.html"
    assert str(html) in out and "The Test Gazette" in html.read_text()


def test_rerun_gives_the_same_month(gm):
    """Seeded dice make a month reproducible: undo and run again, the same result."""
    gm("init")
    create_demo_roster(gm)
    gm("orders", "ingest", code=1)
    gm("turn", "run")
    first = {c.name: c.ledger_values() for c in ops.list_characters(gm.campaign)}
    first_events = [(e.week, e.code, e.characters, e.data) for e in ops.month_events(gm.campaign, ops.resolved_months(gm.campaign)[0])]
    gm("turn", "undo")
    assert "April 1607" in gm("status")
    gm("turn", "run")
    again = {c.name: c.ledger_values() for c in ops.list_characters(gm.campaign)}
    events = [(e.week, e.code, e.characters, e.data) for e in ops.month_events(gm.campaign, ops.resolved_months(gm.campaign)[0])]
    assert again == first and events == first_events
    assert "agree" in gm("audit")


def test_ingesting_twice_changes_nothing(gm):
    gm("init")
    create_demo_roster(gm)
    gm("orders", "ingest", code=1)
    out = gm("orders", "ingest")
    assert "duplicate" in out and "accepted" not in out.split("message(s)")[0].replace("0 accepted", "")


def test_sheet_for_unknown_character_is_rejected_and_kept(gm, tmp_path):
    gm("init")
    create_demo_roster(gm)
    mail = tmp_path / "stray"
    mail.mkdir()
    (mail / "x.txt").write_text("Character: Mordred\nWeek 1: Rest\n")
    out = gm("orders", "ingest", str(mail), code=1)
    assert "rejected" in out and "Mordred" in out


def test_wrong_password_is_rejected(gm, tmp_path):
    gm("init")
    gm("character", "create", "Guarded", "--given", "--password", "sesame", "--sl", "5", "--crowns", "50",
       "--strength", "10", "--constitution", "10", "--expertise", "10", "--ma", "3")
    mail = tmp_path / "pw"
    mail.mkdir()
    (mail / "a.txt").write_text("Character: Guarded\nPassword: open\nWeek 1: Rest\n")
    assert "wrong or missing password" in gm("orders", "ingest", str(mail), code=1)
    (mail / "b.txt").write_text("Character: Guarded\nPassword: sesame\nWeek 1: Rest\n")
    out = gm("orders", "ingest", str(mail))  # a.txt again is a duplicate, not a problem
    assert "accepted  " in out and "duplicate" in out


def test_failed_turn_leaves_campaign_as_it_was(gm, monkeypatch):
    """The month's results are written in one database transaction."""
    gm("init")
    create_demo_roster(gm)
    gm("orders", "ingest", code=1)
    before = {c.name: c.ledger_values() for c in ops.list_characters(gm.campaign)}

    import engarde.ops.turns as turns_module

    written = turns_module._insert

    def explode(s, model, rows):  # the ledger and events are written, then the rolls fail
        if model is turns_module.RollRow:
            raise RuntimeError("disk on fire")
        return written(s, model, rows)

    monkeypatch.setattr(turns_module, "_insert", explode)
    with pytest.raises(RuntimeError):
        ops.run_turn(gm.campaign)
    assert {c.name: c.ledger_values() for c in ops.list_characters(gm.campaign)} == before
    assert ops.current_month(gm.campaign).key == "1607-04"
    assert ops.resolved_months(gm.campaign) == []


def test_sheet_shows_the_whole_man(gm, tmp_path):
    """`engarde sheet NAME`: besides the numbers and the ledger, his mistress, regiment and rank,
    appointment and state, his debts and what is owed him (the World's loans), and the standing
    orders on file; the same in JSON."""
    gm("init")
    for name in ("Porthos", "Athos"):
        gm("character", "create", name, "--given", "--sl", "9", "--crowns", "300", "--strength", "10",
           "--constitution", "10", "--expertise", "10", "--ma", "3", "--password", "secret")
    gm("mistress", "add", "Roxanne", "--sl", "5")
    mail = tmp_path / "loan"
    mail.mkdir()
    (mail / "porthos.txt").write_text("Character: Porthos\nPassword: secret\nLend 100 crowns to Athos\nWeek 1: Court Roxanne\n"
                                      "Weeks 2-4: Court Roxanne\nEnd\n")
    (mail / "athos.txt").write_text("Character: Athos\nPassword: secret\nWeek 1: Borrow 60 crowns from Porthos\n"
                                    "If challenged: accept with sabre\nDuel sequence: X L X\n"
                                    "Duel conditions: surrender if endurance below 25%\nEnd\n")
    gm("orders", "ingest", str(mail))
    gm("turn", "run")
    out = gm("sheet", "Athos")
    assert "Mistress -   Regiment -   Rank -   Appointment -   State about town" in out
    assert "  Debts:\n    loan 1: 60 crowns to Porthos (lent in April 1607, no interest), callable from July 1607" in out
    assert "  Lent: nothing" in out
    assert ("  Standing orders on file:\n    If challenged: accept with the sabre\n    Duel sequence: X L X\n"
            "    Duel conditions: surrender if endurance below 25%") in out
    porthos = gm("sheet", "Porthos")
    assert "Mistress Roxanne" in porthos and "loan 1: 60 crowns from Athos" in porthos
    assert "Standing orders on file: none" in porthos
    data = json.loads(gm("sheet", "Athos", "--json"))
    assert {k: data[k] for k in ("mistress", "regiment", "rank", "appointment", "state")} == dict.fromkeys(
        ("mistress", "regiment", "rank", "appointment", "state"))
    assert [(x["lender"], x["amount"]) for x in data["debts"]] == [("Porthos", 60)] and data["lent"] == []
    assert data["standing_orders"]["duel"]["if_challenged"] == "accept"
    assert data["standing_orders_text"][1] == "Duel sequence: X L X"
    assert json.loads(gm("sheet", "Porthos", "--json"))["mistress"] == "Roxanne"


def test_rolled_character_is_reproducible(gm):
    gm("init")
    out1 = gm("character", "create", "Cyrano", "--seed", "nose")
    assert "Created Cyrano" in out1 and "Social Level" in out1
    out2 = gm("character", "create", "cyrano", code=2)
    assert "already a character" in out2


def test_errors_are_messages_not_tracebacks(gm, tmp_path):
    out = gm("turn", "run", code=2)
    assert "engarde init" in out
    gm("init")
    assert "no character" in gm("sheet", "Nobody", code=2)
    assert "given" in gm("character", "create", "Half", "--sl", "4", code=2)
    bad = tmp_path / "bad.toml"
    bad.write_text('[campaigns.x]\nname = "X"\nfirst_month = "April 1607"\nflavour = "plum"\n')
    result = CliRunner().invoke(main, ["--config", str(bad), "status"])
    assert result.exit_code == 2 and "campaigns.x.flavour" in result.output


def test_orders_check_exit_status(gm, tmp_path):
    good = tmp_path / "good.txt"
    good.write_text("Character: Porthos\nWeek 1: Practise with rapier\nWeek 2: Rest\n")
    assert "Week 1: Practise with the rapier" in gm("orders", "check", str(good))
    bad = tmp_path / "bad.txt"
    bad.write_text("Character: Porthos\nWeek 1: Juggle oranges\n")
    out = gm("orders", "check", str(bad), code=1)
    assert f"{bad}:2:" in out
    data = json.loads(gm("orders", "check", str(bad), "--json", code=1))
    assert data["errors"][0]["line"] == 2


def test_help_has_examples():
    """Every command has help with an example."""
    runner = CliRunner()
    commands = [["init"], ["status"], ["character", "create"], ["character", "list"], ["orders", "ingest"],
                ["orders", "check"], ["orders", "missing"], ["turn", "run"], ["turn", "undo"], ["gazette"],
                ["sheet"], ["audit"], ["demo"]]
    for cmd in commands:
        out = runner.invoke(main, [*cmd, "--help"]).output
        assert "Example" in out, cmd


def test_a_past_months_gazette_prints_that_months_paris(gm):
    """A gazette re-written later shows the sheets as they stood at the end of its month,
    recomputed from the ledger, not as they stand now."""
    gm("init")
    create_demo_roster(gm)
    gm("orders", "ingest", code=1)
    gm("turn", "run")
    april = {c.name: c.ledger_values() for c in ops.list_characters(gm.campaign)}
    gm("turn", "run", "--force")  # May, with no orders: everyone rests and pays
    may = {c.name: c.ledger_values() for c in ops.list_characters(gm.campaign)}
    assert may != april
    from engarde.calendar import GameMonth

    assert {c.name: c.ledger_values() for c in ops.characters_at_end_of(gm.campaign, GameMonth(1607, 4))} == april
    assert {c.name: c.ledger_values() for c in ops.characters_at_end_of(gm.campaign, GameMonth(1607, 5))} == may
    gm("gazette", "April 1607", "--no-pdf", "--no-reports")


def test_a_sheet_changed_since_the_month_stays_out_of_its_gazette(gm):
    """The month's end is the sheets as they stood then, also when the GM changed one since (a man
    imported with a debt to Porthos posts Porthos's loan in the month to resolve): its gazette
    does not print the change."""
    from engarde.calendar import GameMonth

    gm("init")
    create_demo_roster(gm)
    gm("orders", "ingest", code=1)
    gm("turn", "run")
    april = {c.name: c.ledger_values() for c in ops.list_characters(gm.campaign)}
    assert {c.name: c.ledger_values() for c in ops.characters_at_end_of(gm.campaign, GameMonth(1607, 4))} == april
    gm("character", "create", "Bussy", "--given", "--sl", "5", "--crowns", "100", "--strength", "10",
       "--constitution", "10", "--expertise", "10", "--ma", "3", "--debt", "Porthos:50", "--password", "pw-bussy-1")
    now = {c.name: c.ledger_values() for c in ops.list_characters(gm.campaign)}
    assert now["Porthos"] != april["Porthos"]
    at_end = {c.name: c.ledger_values() for c in ops.characters_at_end_of(gm.campaign, GameMonth(1607, 4))}
    assert {name: values for name, values in at_end.items() if name != "Bussy"} == april
