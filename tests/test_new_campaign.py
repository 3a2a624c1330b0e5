"""A GM's first campaign (issue 17): `engarde init` in a folder without campaigns.toml writes
one from the options (or by asking), never over anything; the deadline rule said in words;
`engarde demo` anywhere."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from engarde import __version__, files
from engarde.cli import main
from engarde.config import load, load_one
from engarde.deadline_words import DeadlineWordsError, rrule_from_words
from engarde.demo import unpack
from engarde.errors import CampaignError

ROOT = Path(__file__).parent.parent


def engarde(folder: Path, *args: str, code: int = 0, given: str | None = None) -> str:
    result = CliRunner().invoke(main, ["--config", str(folder / "campaigns.toml"), *args], input=given,
                                catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result.output


@pytest.mark.parametrize("words, rule", [
    ("the last Friday of every month at 18:00", "FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;BYHOUR=18;BYMINUTE=0;BYSECOND=0"),
    ("First Monday of each month at 8pm", "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1;BYHOUR=20;BYMINUTE=0;BYSECOND=0"),
    ("the 2nd Sunday of the month at 12am", "FREQ=MONTHLY;BYDAY=SU;BYSETPOS=2;BYHOUR=0;BYMINUTE=0;BYSECOND=0"),
    ("the 15th of every month at noon", "FREQ=MONTHLY;BYMONTHDAY=15;BYHOUR=12;BYMINUTE=0;BYSECOND=0"),
    ("the last day of every month at midnight", "FREQ=MONTHLY;BYMONTHDAY=-1;BYHOUR=0;BYMINUTE=0;BYSECOND=0"),
    ("every other Sunday at 20:00", "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;BYHOUR=20;BYMINUTE=0;BYSECOND=0"),
    ("every 4 weeks on Saturday at 6:30 pm", "FREQ=WEEKLY;INTERVAL=4;BYDAY=SA;BYHOUR=18;BYMINUTE=30;BYSECOND=0"),
    ("every Friday at 12pm", "FREQ=WEEKLY;BYDAY=FR;BYHOUR=12;BYMINUTE=0;BYSECOND=0"),
    ("FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=MONTHLY;BYMONTHDAY=1"),
])
def test_a_deadline_rule_said_in_words(words, rule):
    """The shapes a GM says a deadline in become the RRULE campaigns.toml keeps; an RRULE is
    kept as it is."""
    assert rrule_from_words(words) == rule


@pytest.mark.parametrize("words, said", [
    ("every Friday", "not a deadline rule"),  # no time: a guessed hour is a deadline missed
    ("the 31st of every month at 18:00", "not in every month"),
    ("every Friday at 25:00", "not a time of day"),
    ("every Friday at 13pm", "not a time of day"),
    ("every 0 weeks on Friday at 18:00", "never"),
    ("whenever the GM feels like it", "not a deadline rule"),
])
def test_a_deadline_rule_engarde_cannot_read_is_refused_with_examples(words, said):
    with pytest.raises(DeadlineWordsError, match=said):
        rrule_from_words(words)


def test_init_writes_a_commented_campaigns_file_and_sets_up_the_campaign(tmp_path):
    """From the options alone (no terminal): the file, its folders and its database; the file
    reads back as the campaign asked for, its deadline rule from the GM's words."""
    out = engarde(tmp_path / "rochelle", "init", str(tmp_path / "rochelle"), "--name", "The Siege of La Rochelle",
                  "--deadlines", "the first Monday of each month at 20:00", "--timezone", "America/New_York",
                  "--first-month", "1628-09")
    config = tmp_path / "rochelle" / "campaigns.toml"
    assert f"wrote {config}" in out and "siege-of-la-rochelle: created" in out
    camp = load_one(config, None)
    assert (camp.id, camp.name, str(camp.first_month), camp.timezone) == (
        "siege-of-la-rochelle", "The Siege of La Rochelle", "September 1628", "America/New_York")
    assert camp.deadlines == "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1;BYHOUR=20;BYMINUTE=0;BYSECOND=0"
    assert camp.next_deadline().weekday() == 0
    assert "# The dice seed" in config.read_text()  # commented key by key
    assert (tmp_path / "rochelle" / "orders").is_dir() and (tmp_path / "rochelle" / "newsletters").is_dir()
    assert (tmp_path / "rochelle" / "siege-of-la-rochelle.sqlite").exists()
    assert "Next month to resolve: September 1628" in engarde(tmp_path / "rochelle", "status")


def test_init_asks_at_a_terminal_for_what_the_options_do_not_give(tmp_path, monkeypatch):
    """Each question has the default a GM may take with Enter; the name has none."""
    monkeypatch.setattr("engarde.commands.campaign._interactive", lambda: True)
    answers = "Les Trois Mousquetaires\n\nLe Mercure\n\nthe 1st of every month at 9am\nEurope/Paris\n\n"
    engarde(tmp_path, "init", given=answers)
    camp = load_one(tmp_path / "campaigns.toml", None)
    assert (camp.id, camp.newspaper, str(camp.first_month)) == ("trois-mousquetaires", "Le Mercure", "April 1607")
    assert camp.deadlines == "FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=9;BYMINUTE=0;BYSECOND=0"


def test_init_without_a_terminal_or_a_name_says_what_to_give(tmp_path):
    result = CliRunner().invoke(main, ["--config", str(tmp_path / "campaigns.toml"), "init"])
    assert result.exit_code == 2 and "--name" in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("option, value, said", [
    ("--deadlines", "every Friday", "--deadlines"),
    ("--timezone", "Mars/Olympus", "--timezone"),
    ("--timezone", "Europe", "--timezone"),  # a folder of the time zone database
    ("--first-month", "Smarch 1607", "--first-month"),
    ("--id", "la rochelle!", "--id"),
    ("--database", "mysql://gm@localhost/x", "database"),
])
def test_a_bad_option_is_named_and_nothing_is_written(tmp_path, option, value, said):
    result = CliRunner().invoke(main, ["init", str(tmp_path / "new"), "--name", "X", option, value])
    assert result.exit_code == 2, result.output
    assert said in result.output and "Traceback" not in result.output
    assert not (tmp_path / "new").exists()


def test_init_never_overwrites_a_campaigns_file(tmp_path):
    """With a campaigns.toml there, init sets up its campaign as before; the options of a new
    one are refused, and the file is as it was."""
    config = tmp_path / "campaigns.toml"
    engarde(tmp_path, "init", "--name", "First")
    before = config.read_bytes()
    assert "already there" in engarde(tmp_path, "init", "--name", "Second", code=2)
    assert "first: already set up" in engarde(tmp_path, "init")
    assert config.read_bytes() == before


def test_a_new_file_is_never_written_over_one_made_a_moment_before(tmp_path):
    """files.create_text links the whole new file to its name, which fails if another process
    took the name between the check and the write; the other's file is kept."""
    path = tmp_path / "campaigns.toml"
    path.write_text("another's")
    with pytest.raises(CampaignError, match="already there"):
        files.create_text(path, "mine")
    assert path.read_text() == "another's" and [p.name for p in tmp_path.iterdir()] == ["campaigns.toml"]


def test_demo_runs_in_an_empty_folder(tmp_path, monkeypatch):
    """Without a campaigns file beside it, the demo is written into demo/ from the package and
    played there; run again, it starts over."""
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        out = engarde(tmp_path, "demo", "--no-pdf")
        assert "The demo campaign is in demo/" in out
    assert (tmp_path / "demo" / "newsletters" / "demo" / "1607-04.html").exists()
    # the demo's seven sheets, then the salon's six (the second demo campaign, the Gala on)
    assert "rejected" not in out and out.count("accepted") == 7 + 6, out
    assert (tmp_path / "demo" / "newsletters" / "salon" / "1607-04.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo"]


def test_demo_leaves_a_demo_folder_it_did_not_write_alone(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "campaigns.toml").write_text("[campaigns.mine]\nname='Mine'\nfirst_month='April 1607'\n")
    assert "not the demo's campaigns file" in engarde(tmp_path, "demo", code=2)


def test_the_packaged_demo_is_the_repositorys(tmp_path):
    """The demo a package plays (engarde/data/demo) is the one of the repository's
    campaigns.toml, but for where its mail is."""
    unpack(tmp_path / "demo")
    packaged = tomllib.loads((tmp_path / "demo" / "campaigns.toml").read_text())["campaigns"]["demo"]
    repository = tomllib.loads((ROOT / "campaigns.toml").read_text())["campaigns"]["demo"]
    assert {**packaged, "orders": None} == {**repository, "orders": None}
    assert sorted(p.name for p in (tmp_path / "demo" / "orders").iterdir()) == sorted(
        p.name for p in (ROOT / "orders" / "demo").iterdir())
    assert "demo" in load(tmp_path / "demo" / "campaigns.toml")


def test_the_version_is_written_once(tmp_path):
    assert engarde(tmp_path, "--version").strip() == f"engarde, version {__version__}"
