"""e. Duelling through the CLI: orders with a challenge, the GM's ruling on cause, the month, the record."""

from __future__ import annotations

import json

import pytest

from engarde import ops
from engarde.rules.duel.codes import EV_DUEL, EV_DUEL_NO_CAUSE
from engarde.config import load_one
from helpers import cli, refused, write_campaign


@pytest.fixture
def gm(tmp_path):
    (tmp_path / "mail").mkdir()
    run = cli(write_campaign(tmp_path, "duel", name="Duel", newspaper="The Duel Gazette", orders="mail"))
    run.path = tmp_path
    run.config = tmp_path / "campaigns.toml"
    run.campaign = load_one(tmp_path / "campaigns.toml", "duel")
    run("init")
    for name, strength, expertise in (("Porthos", 10, 12), ("Falstaff", 8, 10)):
        run("character", "create", name, "--given", "--sl", "9", "--crowns", "300", "--strength", str(strength),
            "--constitution", "10", "--expertise", str(expertise), "--ma", "3", "--allowance", "0",
            "--password", "secret")
    (tmp_path / "mail" / "porthos.txt").write_text(
        "Character: Porthos\nPassword: secret\nMonth: April 1607\n"
        "Week 1: Challenge Falstaff for insulting my tailor with the rapier\n"
        "Duel sequence: X L X\nEnd\n")
    (tmp_path / "mail" / "falstaff.txt").write_text(
        "Character: Falstaff\nPassword: secret\nMonth: April 1607\nWeek 1: Accept Porthos's challenge\n"
        "If challenged: accept\nDuel sequence: X L X\nConditions: surrender if endurance below 30\nEnd\n")
    return run


def test_a_challenge_by_mail_is_fought_and_shown(gm):
    """A challenge in the orders, the standing orders of both; the turn; ``engarde duel show``."""
    gm("orders", "ingest")
    gm("turn", "run")
    (ev,) = [e for e in ops.month_events(gm.campaign, ops.resolved_months(gm.campaign)[-1]) if e.code == EV_DUEL]
    assert (ev.data["winner"], ev.data["end"]) == ("Porthos", "surrender")
    out = gm("duel", "show")
    assert "Porthos (rapier) v Falstaff (rapier)" in out and "winner: Porthos (surrendered: Falstaff)" in out
    assert json.loads(gm("duel", "show", "1607-04", "--json"))[0]["turns"][1]["actions"] == ["L", "L"]
    gazette = (gm.path / "newsletters").exists()
    gm("gazette", "--no-pdf")
    html = next((gm.path / "newsletters").rglob("1607-04.html")).read_text()
    assert "Affairs of Honour" in html and not gazette
    report = next((gm.path / "newsletters").rglob("falstaff.html")).read_text()
    assert "Your Affairs of Honour" in report and "surrender if endurance below 30" in report


def test_the_gm_rules_there_is_no_cause(gm):
    """``engarde duel cause A B --ruling no``: recorded, listed, and the challenge then wants cause (-2 SP)."""
    out = gm("duel", "cause", "porthos", "Falstaff", "--ruling", "no", "--note", "voted 3-0")
    assert out.strip() == "ruled: April 1607: Porthos and Falstaff: no cause (voted 3-0)"
    assert "no cause" in gm("duel", "rulings")
    gm("orders", "ingest")
    gm("turn", "run")
    events = ops.month_events(gm.campaign, ops.resolved_months(gm.campaign)[-1])
    (no_cause,) = [e for e in events if e.code == EV_DUEL_NO_CAUSE]
    assert no_cause.data["judged"] == "the GM ruled that there is no cause"
    gm("duel", "cause", "Porthos", "Nobody", "--ruling", "yes", code=2)


def test_the_gm_records_the_players_vote_unanimous_for_no_cause(gm):
    """"Judgement of whether or not there was cause is up to all the players who do not belong to the same
    Regiments as the two estranged parties. At any time a vote may be called for, a unanimous vote of all
    players not involved being required to decide that there is no cause."  ``--votes no,no,no``: the vote
    is printed with the ruling it makes (no cause), and Porthos's stated cause is then insufficient (-2 SP)."""
    out = gm("duel", "cause", "Porthos", "Falstaff", "--votes", "no,no,no")
    assert out.strip() == ("ruled: April 1607: Porthos and Falstaff: no cause "
                           "(the players voted no, no, no: unanimous for no cause)")
    assert "the players voted no, no, no" in gm("duel", "rulings")
    gm("orders", "ingest")
    gm("turn", "run")
    events = ops.month_events(gm.campaign, ops.resolved_months(gm.campaign)[-1])
    (no_cause,) = [e for e in events if e.code == EV_DUEL_NO_CAUSE]
    assert no_cause.data["judged"] == "the GM ruled that there is no cause" and no_cause.data["status"] == -2


def test_a_vote_not_unanimous_for_no_cause_finds_cause(gm):
    """"a unanimous vote of all players not involved being required to decide that there is no cause": one
    vote against is enough to keep the cause.  ``--votes yes,yes,no`` makes a ruling of cause, printed with
    the vote; the challenge is fought and costs Porthos nothing.  Votes are yes or no, at least one, given
    or a ruling, not both."""
    out = gm("duel", "cause", "Porthos", "Falstaff", "--votes", "yes, yes, no", "--note", "called in week 1")
    assert out.strip() == ("ruled: April 1607: Porthos and Falstaff: cause (the players voted yes, yes, no: "
                           "2 for cause, and no cause needs every vote; called in week 1)")
    gm("orders", "ingest")
    gm("turn", "run")
    events = ops.month_events(gm.campaign, ops.resolved_months(gm.campaign)[-1])
    assert [e for e in events if e.code == EV_DUEL] and not [e for e in events if e.code == EV_DUEL_NO_CAUSE]
    assert "as yes (cause) or no" in refused(gm.config, "duel", "cause", "Porthos", "Falstaff", "--votes", "yes,maybe")
    # No vote at all is no vote: refused before it is counted (any() of nothing would be "no cause").
    assert "as yes (cause) or no" in refused(gm.config, "duel", "cause", "Porthos", "Falstaff", "--votes", " , ")
    assert "one of them" in refused(gm.config, "duel", "cause", "Porthos", "Falstaff", "--votes", "no",
                                    "--ruling", "no")
    assert "one of them" in refused(gm.config, "duel", "cause", "Porthos", "Falstaff")


def test_check_a_sequence(gm):
    """``engarde duel check``: Duelling Table A, exit 1 when illegal."""
    assert gm("duel", "check", "X L X CL K X X X X S P JB (X)").startswith("legal: Lunge (X L X), Kick")
    assert "illegal: turn 1: with a dagger" in gm("duel", "check", "X L X", "--weapon", "dagger", code=1)
