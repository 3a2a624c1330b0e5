"""campaigns.toml: clear errors naming the key."""

import datetime as dt
from pathlib import Path

import pytest

from engarde.calendar import GameMonth
from engarde.config import ConfigError, load, load_one
from engarde.registry import load_campaigns

GOOD = """
[campaigns.paris]
name = "Paris"
first_month = "April 1607"
deadlines = "FREQ=WEEKLY;BYDAY=FR;BYHOUR=18;BYMINUTE=0;BYSECOND=0"
deadline_start = 2026-01-02T18:00:00
timezone = "Europe/Paris"
"""


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "campaigns.toml"
    p.write_text(text)
    return p


def test_repository_config_loads():
    camp = load_one(Path(__file__).parent.parent / "campaigns.toml", "demo")
    assert camp.first_month == GameMonth(1607, 4)
    assert camp.database.startswith("sqlite:///") and camp.database.endswith("demo.sqlite")


def test_defaults_and_deadline(tmp_path):
    camp = load_one(write(tmp_path, GOOD), None)
    assert camp.newspaper == "La Gazette de Paris"
    assert camp.database == f"sqlite:///{tmp_path.resolve() / 'paris.sqlite'}"
    now = dt.datetime(2026, 11, 30, 12, 0)  # a Monday
    nxt = camp.next_deadline(now)
    assert (nxt.year, nxt.month, nxt.day, nxt.hour) == (2026, 12, 4, 18)
    assert nxt.weekday() == 4


@pytest.mark.parametrize(
    "extra, key",
    [
        ('colour = "red"', "campaigns.paris.colour"),
        ('timezone = "Mars/Olympus"', "campaigns.paris.timezone"),
        ('timezone = "Europe"', "campaigns.paris.timezone: unknown time zone 'Europe'"),  # a folder of tzdata
        ('deadlines = "FREQ=SOMETIMES"', "campaigns.paris.deadlines"),
        ('house_rules = ["cricket"]', "campaigns.paris.house_rules"),
        ('house_rules = ["tennis"]', "unknown house rule 'tennis'"),
        ("[campaigns.paris.tables.clubs]\nrejoin_bar_months = -1", "campaigns.paris.tables.clubs"),
        ("[campaigns.paris.rules]\nallowance = \"never\"", "campaigns.paris.rules.allowance"),
    ],
)
def test_bad_keys_are_named(tmp_path, extra, key):
    text = GOOD.replace('timezone = "Europe/Paris"\n', "")
    if extra.startswith("deadlines"):
        text = "\n".join(line for line in text.splitlines() if not line.startswith("deadlines"))
    text += "\n" + extra + "\n"
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")):
        load_campaigns(write(tmp_path, text))


def test_missing_first_month(tmp_path):
    with pytest.raises(ConfigError, match=r"first_month: missing"):
        load(write(tmp_path, '[campaigns.x]\nname = "X"\n'))


def test_bad_month_and_toml(tmp_path):
    with pytest.raises(ConfigError, match="first_month"):
        load(write(tmp_path, '[campaigns.x]\nname = "X"\nfirst_month = "Smarch 1607"\n'))
    with pytest.raises(ConfigError, match="not valid TOML"):
        load(write(tmp_path, "[campaigns.x\n"))
    with pytest.raises(ConfigError, match="no such file"):
        load(tmp_path / "nothing.toml")


def test_several_campaigns_need_a_choice(tmp_path):
    p = write(tmp_path, GOOD + '\n[campaigns.lyon]\nname = "Lyon"\nfirst_month = "1610-01"\n')
    with pytest.raises(ConfigError, match="--campaign"):
        load_one(p, None)
    assert load_one(p, "lyon").first_month == GameMonth(1610, 1)
    with pytest.raises(ConfigError, match="no campaign 'rome'"):
        load_one(p, "rome")


def test_campaign_id_must_be_plain(tmp_path):
    with pytest.raises(ConfigError, match="only letters"):
        load(write(tmp_path, '[campaigns."../x"]\nname = "X"\nfirst_month = "April 1607"\n'))
