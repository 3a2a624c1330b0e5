"""The module seam end to end: a house module that lives only in the tests (tests/fakehouse/toasts)
is registered, switched on in a throwaway campaign's house_rules and played through the CLI, with
no file of the core edited; switched off, its words are refused by name.  And a table changed in
campaigns.toml changes the month."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engarde import registry as registry_module
from engarde.registry import Registry
from fakehouse import toasts
from helpers import cli

CAMPAIGN = """\
[campaigns.test]
name = "Test"
first_month = "April 1607"
seed = "seam"
database = "sqlite:///test.sqlite"
orders = "mail"
{extra}
"""

ROSTER = [  # name, social level, crowns
    ("Aramis", 6, 200), ("Athos", 8, 300), ("Porthos", 7, 250),
]


@pytest.fixture
def house():
    """The toasts module, known for one test (as if engarde.house listed it)."""
    registry_module.register(toasts.MODULE)
    yield toasts.MODULE
    registry_module.unregister("toasts")


def campaign(tmp_path: Path, extra: str = "", sheets: dict[str, str] | None = None):
    (tmp_path / "mail").mkdir()
    for name, text in (sheets or {}).items():
        (tmp_path / "mail" / f"{name.lower()}.txt").write_text(text)
    config = tmp_path / "campaigns.toml"
    config.write_text(CAMPAIGN.format(extra=extra))
    run = cli(config)
    run.path = tmp_path
    run("init")
    for name, sl, crowns in ROSTER:
        run("character", "create", name, "--given", "--player", name, "--email", f"{name.lower()}@example.org",
            "--sl", str(sl), "--crowns", str(crowns), "--allowance", "0", "--strength", "10",
            "--constitution", "10", "--expertise", "10", "--ma", "3", "--password", "secret")
    return run


TOASTING = {
    "Aramis": "Character: Aramis\nPassword: secret\nWeek 1: Toast Porthos\nWeek 2: raise toasts to Porthos\nWeek 3: rest\nWeek 4: rest\n",
    "Athos": "Character: Athos\nPassword: secret\nWeek 1: toast Porthos\nWeek 2: toast Aramis\nWeek 3: rest\nWeek 4: rest\n",
    "Porthos": "Character: Porthos\nPassword: secret\nWeek 1: rest\nWeek 2: rest\nWeek 3: rest\nWeek 4: rest\n",
}


def ledger(run, name: str) -> list[dict]:
    return json.loads(run("sheet", name, "--json"))["ledger"]


def test_a_house_module_plays_end_to_end(tmp_path, house):
    """Switched on: its verb reads the sheet, its action and its step run in their places, its
    table is the campaign's, its gazette section and report lines print, its GM command works."""
    run = campaign(tmp_path, 'house_rules = ["toasts"]\n[campaigns.test.tables.toasts]\ncost = 5\n', TOASTING)
    checked = run("orders", "check", str(tmp_path / "mail" / "aramis.txt"))
    assert "Week 1: Raise toasts to Porthos" in checked and "Every line was understood" in checked
    out = run("orders", "ingest")
    assert "3 accepted" in out, out
    assert "Week 1: Raise toasts to Porthos" in run("orders", "confirmations")
    assert "* tables.toasts.cost = 5   (book: 2)" in run("tables", "toasts", "--changed")
    run("turn", "run")
    aramis = [e for e in ledger(run, "Aramis") if e["rule"].startswith("Toasts")]
    assert [(e["field"], e["delta"], e["reason"]) for e in aramis] == [
        ("crowns", -5, "a week of toasts to Porthos"), ("status_points", 1, "raised toasts to Porthos"),
        ("crowns", -5, "a week of toasts to Porthos"), ("status_points", 1, "raised toasts to Porthos"),
    ]
    # Porthos was toasted three times, Aramis once: Porthos is the toast of Paris, and the points
    # count before the social levels are settled (the step's place in the month).
    porthos = [e for e in ledger(run, "Porthos") if e["rule"].startswith("Toasts")]
    assert [(e["delta"], e["reason"]) for e in porthos] == [(3, "the toast of Paris (3 weeks of toasts)")]
    assert json.loads(run("toasts", "--json")) == {"Aramis": 2, "Athos": 2}
    assert "agree with their ledgers" in run("audit")
    run("gazette", "--no-pdf")
    html = (tmp_path / "newsletters" / "test" / "1607-04.html").read_text()
    assert '<span class="name">Aramis</span> raised toasts to Porthos.' in html
    assert '<span class="name">Porthos</span> is the toast of Paris.' in html
    headings = re.findall(r"<h2>(.*?)</h2>", html)
    assert headings.index("Toasts") == headings.index("Society") + 1, headings
    report = (tmp_path / "newsletters" / "test" / "reports" / "1607-04" / "aramis.html").read_text()
    assert "You raised toasts to Porthos." in report


def test_switched_off_it_adds_nothing_and_its_words_are_refused(tmp_path, house):
    """A module that is off adds no verbs ("the toasts house rule is not in use in this campaign"),
    no steps, no sections, and its GM command refuses the campaign."""
    run = campaign(tmp_path, "", TOASTING)
    out = run("orders", "check", str(tmp_path / "mail" / "aramis.txt"), code=1)
    assert "'Toast Porthos': the toasts house rule is not in use in this campaign" in out
    error = run("toasts", code=2)
    assert 'the toasts house rule is not in use in this campaign (add "toasts" to house_rules' in error
    core = Registry.build(())
    assert "toasts" not in [s.name for s in core.sections]
    assert not [s for s in core.steps if s.module == "toasts"]
    assert "toast" not in [v.name for v in core.verbs]


def test_its_places_in_the_month(house):
    """Its step runs just before the social levels are settled, its verb is tried after "rest",
    its section follows the society column; a campaign without it is the core unchanged."""
    on = Registry.build(("toasts",))
    steps = [s.qualified for s in on.steps]
    assert steps[steps.index("toasts.toast_of_paris") + 1] == "status.settle_social_level"
    verbs = [v.name for v in on.verbs]
    assert verbs[verbs.index("rest") + 1] == "toast"
    sections = [s.name for s in on.sections]
    assert sections[sections.index("society") + 1] == "toasts"
    off = Registry.build(())
    assert [s.qualified for s in off.steps] == [s for s in steps if not s.startswith("toasts.")]


def test_a_table_changed_in_campaigns_toml_changes_the_month(tmp_path):
    """[campaigns.ID.tables.bawdyhouse] footpads_on = 1: "This occurs on a roll of 6 on one die"
    becomes any roll, and the same seed's month changes accordingly: Aramis, who kept his purse
    by the book, is robbed of what it has left."""
    sheets = {**TOASTING, "Aramis": "Character: Aramis\nPassword: secret\nWeek 1: visit a bawdyhouse and carouse carrying 30 crowns\n"
                                    "Week 2: rest\nWeek 3: rest\nWeek 4: rest\n",
              "Athos": "Character: Athos\nPassword: secret\nWeek 1: rest\n"}
    runs = {}
    for name, extra in (("book", ""), ("changed", "[campaigns.test.tables.bawdyhouse]\nfootpads_on = 1\n")):
        (tmp_path / name).mkdir()
        runs[name] = run = campaign(tmp_path / name, extra, sheets)
        run("orders", "ingest")
        run("turn", "run")
    robbed = {name: [(e["field"], e["delta"]) for e in ledger(run, "Aramis") if "footpads" in e["reason"]]
              for name, run in runs.items()}
    # Aramis (SL 6) pays 6 for refreshment and 6 for companionship of the 30 he carries: 18 are left.
    assert robbed == {"book": [], "changed": [("crowns", -18)]}
    changed = runs["changed"]("tables", "--changed")
    assert changed.splitlines() == ["* tables.bawdyhouse.footpads_on = 1   (book: 6)"]


def test_a_bad_table_value_is_named(tmp_path):
    """A value out of range in campaigns.toml: one line naming the key, exit status 2."""
    (tmp_path / "mail").mkdir()
    config = tmp_path / "campaigns.toml"
    config.write_text(CAMPAIGN.format(extra="[campaigns.test.tables.bawdyhouse]\nfootpads_on = 9\n"))
    out = cli(config)("status", code=2)
    assert "campaigns.test.tables.bawdyhouse.footpads_on" in out and "Traceback" not in out
