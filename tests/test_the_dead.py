"""The dead stay dead everywhere: Character.state == "dead" (set by the duel and military rules).

e. Duelling: "If a player's Endurance reaches zero or below, he is dead."  Once dead he owes no
orders, may send none, is not counted in the share of missing orders that stops a turn, and
leaves the table of precedence for a line among the month's Deaths.
"""

from __future__ import annotations

import json

import pytest

from engarde import ops
from engarde import codes
from engarde.rules.duel.codes import EV_DUEL_DEATH
from engarde.rules.military.codes import EV_KILLED_IN_ACTION
from engarde.calendar import MONTH_END, GameMonth
from engarde.config import load_one
from engarde.rules.creation.rules import given_character
from engarde.tables import Tables
from engarde.gazette import GazetteData, render_html, write_reports
from engarde.rules.status.gazette import precedence
from engarde.records import Character, Event
from helpers import cli

APRIL, MAY = GameMonth(1607, 4), GameMonth(1607, 5)


@pytest.fixture
def killed(tmp_path):
    """April 1607: Athos challenges Jussac (Endurance 1, who keeps the week to accept) and kills him;
    Aramis sends nothing.  Returns the campaign, at May 1607, and a CLI runner."""
    (tmp_path / "mail").mkdir()
    (tmp_path / "campaigns.toml").write_text(
        '[campaigns.t]\nname = "T"\nfirst_month = "April 1607"\nseed = "t"\norders = "mail"\n')
    camp = load_one(tmp_path / "campaigns.toml", "t")
    ops.init(camp)
    for name, values in (("Athos", dict(social_level=10, strength=14, constitution=12, expertise=14)),
                         ("Jussac", dict(social_level=8, strength=10, constitution=10, expertise=8, endurance=1)),
                         ("Aramis", dict(social_level=6, strength=10, constitution=10, expertise=8))):
        ops.add_character(camp, given_character(Tables(), name, crowns=300, military_ability=3, **values),
                          password="secret")
    (tmp_path / "mail" / "athos.txt").write_text(
        "Character: Athos\nPassword: secret\nWeek 1: Challenge Jussac for insulting the King with rapier\nEnd\n")
    # Jussac keeps week 1 for the affair: a duel is fought where both men are
    (tmp_path / "mail" / "jussac.txt").write_text("Character: Jussac\nPassword: secret\nWeek 1: Accept Athos's challenge\n"
                                                  "If challenged: accept with rapier\nEnd\n")
    ops.ingest(camp, tmp_path / "mail")
    report = ops.run_turn(camp)
    assert [e.characters for e in report.events if e.code == EV_DUEL_DEATH] == [("Jussac", "Athos")]

    run = cli(tmp_path / "campaigns.toml")
    run.camp = camp
    run.path = tmp_path
    return run


def test_the_dead_owe_no_orders_and_do_not_stop_the_turn(killed):
    """A dead man is not missing: `orders missing` and `status` leave him out, and the share of
    missing orders that refuses a turn (mail.nmr_refuse_share, more than half) counts the living
    only: with Athos's sheet in, one of two living men is missing, which is not more than half
    (counting Jussac, two of three would be, and the turn would be refused)."""
    camp = killed.camp
    assert ops.missing_orders(camp) == ["Athos", "Aramis"]
    (killed.path / "mail" / "athos.txt").write_text("Character: Athos\nPassword: secret\nMonth: May 1607\nWeek 1: rest\nEnd\n")
    ops.ingest(camp, killed.path / "mail")
    assert ops.missing_orders(camp) == ["Aramis"]
    assert "Orders missing from: Aramis" in killed("status")
    report = ops.run_turn(camp)  # not refused
    assert report.month == MAY
    jussac = next(c for c in report.characters if c.name == "Jussac")
    assert jussac.state == "dead" and not [e for e in report.events if "Jussac" in e.characters]
    count, findings = ops.audit(camp)
    assert count == 3 and findings == []


def test_a_sheet_for_a_dead_man_is_rejected_with_the_reason(killed):
    """Ingest rejects a sheet for a dead character, saying so and when he died; nothing changes."""
    (killed.path / "mail" / "ghost.txt").write_text(
        "Character: Jussac\nPassword: secret\nMonth: May 1607\nWeek 1: Challenge Athos for murder\nEnd\n")
    (result,) = [r for r in ops.ingest(killed.camp, killed.path / "mail") if r.source.endswith("ghost.txt")]
    assert result.status == ops.REJECTED
    assert [e.code for e in result.errors] == [codes.E_DEAD_CHARACTER]
    assert result.errors[0].message == "Jussac is dead (he died in April 1607): a dead man gives no orders"
    assert "REJECTED: Jussac is dead" in result.confirmation
    assert [s.status for s in ops.stored_sheets(killed.camp, MAY, character="Jussac")] == ["rejected"]


def test_the_character_list_marks_the_dead(killed):
    """`engarde character list`: the dead last, marked; in JSON his state."""
    lines = killed("character", "list").splitlines()
    assert lines[-1].split()[1] == "Jussac" and lines[-1].endswith("\u2020 dead")
    assert not any("dead" in line for line in lines[:-1])
    listing = json.loads(killed("character", "list", "--json"))
    assert [(x["name"], x["dead"], x["state"]) for x in listing] == [
        ("Athos", False, None), ("Aramis", False, None), ("Jussac", True, "dead")]


def test_the_gazette_mourns_the_dead_and_leaves_them_out_of_precedence(killed):
    """The month he dies, the gazette's Deaths line names him (by the EV_DUEL_DEATH event), the duel
    is in the Affairs of Honour, and he is not in the table of precedence; his report of that month
    is written.  The next month he is in neither, and has no report."""
    killed("gazette", "--no-pdf")
    html = (killed.path / "newsletters" / "t" / "1607-04.html").read_text()
    deaths = html[html.index("<h2>Deaths</h2>"):html.index("<h2>Table of Precedence</h2>")]
    assert "Jussac</span>, killed in a duel by Athos on the field of honour (week 1)." in deaths
    table = html[html.index("<h2>Table of Precedence</h2>"):]
    assert "Athos" in table and "Aramis" in table and "Jussac" not in table
    affair = html[html.index("Affairs of Honour"):]
    affair = affair[:affair.index("</p>")]
    assert "Jussac fell, run through by Athos" in affair or "Athos killed Jussac" in affair
    assert (killed.path / "newsletters" / "t" / "reports" / "1607-04" / "jussac.html").exists()
    gz = GazetteData(killed.camp, MAY, ops.list_characters(killed.camp), [])
    may = render_html(gz)
    assert "Deaths" not in may and "Jussac" not in may
    written = write_reports(gz, [])
    assert sorted(p.name for p in written) == ["aramis.html", "athos.html"]


def test_killed_in_action_is_a_death_of_the_month():
    """i. Campaign Outcome: a man killed on campaign (EV_KILLED_IN_ACTION) is in the Deaths line too,
    and out of precedence."""
    from test_gazette import campaign

    henri = Character("Henri", social_level=8, state="dead")
    gz = GazetteData(campaign(), APRIL, [henri, Character("Athos", social_level=9)],
                     [Event(APRIL, MONTH_END, EV_KILLED_IN_ACTION, ("Henri",), True,
                            {"regiment": "69th Arquebusiers", "mission": "Assault"})])
    html = render_html(gz)
    assert "Henri</span>, fallen on campaign with the 69th Arquebusiers (month end)." in html
    assert [c.name for c in precedence(gz.characters)] == ["Athos"]
