"""The campaign's deadline rule (``deadlines``, an iCalendar RRULE) in its time zone: UNTIL and
DTSTART work as a GM writes them; a rule firing more often than daily, one that never fires,
and a campaign past its rule's last deadline are refused in one line naming the key."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from engarde import ops, store
from engarde.calendar import GameMonth
from engarde.config import ConfigError, load_one
from engarde.store import CampaignRow
from helpers import cli, refused, run_engarde

APRIL, MAY, JUNE, JULY = (GameMonth(1607, m) for m in (4, 5, 6, 7))
UTC = dt.timezone.utc


def _campaign(tmp_path: Path, deadlines: str, start: str | None = "2030-01-01T00:00:00",
              created: dt.datetime = dt.datetime(2030, 1, 15, 9, 0, tzinfo=UTC)):
    """A campaign in Paris time with ``deadlines``, set up on ``created``."""
    text = (f'[campaigns.t]\nname = "T"\nfirst_month = "April 1607"\ntimezone = "Europe/Paris"\n'
            f'deadlines = "{deadlines}"\n' + (f"deadline_start = {start}\n" if start else ""))
    (tmp_path / "campaigns.toml").write_text(text)
    camp = load_one(tmp_path / "campaigns.toml", "t")
    ops.init(camp)
    with store.transaction(camp.database) as s:
        row = s.get(CampaignRow, "t")
        row.created_at = created
        s.add(row)
    return camp


def _config_error(tmp_path: Path, deadlines: str, start: str | None = None) -> str:
    text = (f'[campaigns.t]\nname = "T"\nfirst_month = "April 1607"\ntimezone = "Europe/Paris"\n'
            f'deadlines = "{deadlines}"\n' + (f"deadline_start = {start}\n" if start else ""))
    (tmp_path / "campaigns.toml").write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_one(tmp_path / "campaigns.toml", "t")
    message = str(caught.value)
    assert "campaigns.t.deadlines" in message, message
    return message


def paris(*args: int) -> dt.datetime:
    return dt.datetime(*args).replace(tzinfo=dt.timezone(dt.timedelta(hours=1)))


def test_until_is_read_in_the_campaigns_time_zone(tmp_path):
    """UNTIL without a Z is the campaign's wall clock, as the rest of the rule is: the deadline
    of noon on 1 April (Paris) is after 11:59:59 on 1 April (Paris), so the rule ends with March's."""
    camp = _campaign(tmp_path, "FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=12;BYMINUTE=0;BYSECOND=0;UNTIL=20300401T115959")
    assert ops.month_deadline(camp, APRIL) == dt.datetime(2030, 2, 1, 11, 0, tzinfo=UTC)
    assert ops.month_deadline(camp, MAY) == dt.datetime(2030, 3, 1, 11, 0, tzinfo=UTC)
    with pytest.raises(ConfigError, match="run past its last deadline"):
        ops.month_deadline(camp, JUNE)


def test_until_in_utc_is_accepted(tmp_path):
    """UNTIL with a Z (the form RFC 5545 asks for) was refused when the rule was checked naive."""
    camp = _campaign(tmp_path, "FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=12;BYMINUTE=0;BYSECOND=0;UNTIL=20300301T110000Z")
    assert ops.month_deadline(camp, MAY) == dt.datetime(2030, 3, 1, 11, 0, tzinfo=UTC)
    with pytest.raises(ConfigError, match="run past its last deadline"):
        ops.month_deadline(camp, JUNE)


def test_dtstart_in_the_rule_is_its_start_in_the_campaigns_time_zone(tmp_path):
    """DTSTART written in the rule (iCalendar's own way) gives the start and the time of day."""
    camp = _campaign(tmp_path, "DTSTART:20300101T180000\\nRRULE:FREQ=MONTHLY;BYMONTHDAY=1", start=None)
    assert ops.month_deadline(camp, APRIL) == dt.datetime(2030, 2, 1, 17, 0, tzinfo=UTC)
    assert cli(tmp_path / "campaigns.toml")("status").count("Deadline for April 1607: Fri 01 Feb 2030, 18:00 CET")


def test_dtstart_in_utc_or_another_zone(tmp_path):
    camp = _campaign(tmp_path, "DTSTART;TZID=America/New_York:20300101T120000\\nRRULE:FREQ=MONTHLY;BYMONTHDAY=1",
                     start=None)
    assert ops.month_deadline(camp, APRIL) == dt.datetime(2030, 2, 1, 17, 0, tzinfo=UTC)
    camp = _campaign(tmp_path, "DTSTART:20300101T170000Z\\nRRULE:FREQ=MONTHLY;BYMONTHDAY=1", start=None)
    assert ops.month_deadline(camp, APRIL) == dt.datetime(2030, 2, 1, 17, 0, tzinfo=UTC)


def test_dtstart_and_deadline_start_both_is_refused(tmp_path):
    message = _config_error(tmp_path, "DTSTART:20300101T180000\\nRRULE:FREQ=MONTHLY", start="2030-01-01T18:00:00")
    assert "deadline_start" in message and "DTSTART" in message, message


def test_exdate_and_rdate_in_the_campaigns_time_zone(tmp_path):
    """A skipped deadline (EXDATE) and an extra one (RDATE), written in the campaign's wall clock."""
    camp = _campaign(tmp_path, "RRULE:FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=12;BYMINUTE=0;BYSECOND=0"
                               "\\nEXDATE:20300201T120000\\nRDATE:20300210T120000")
    assert ops.month_deadline(camp, APRIL) == dt.datetime(2030, 2, 10, 11, 0, tzinfo=UTC)
    assert ops.month_deadline(camp, MAY) == dt.datetime(2030, 3, 1, 11, 0, tzinfo=UTC)


@pytest.mark.parametrize("rule", ["FREQ=SECONDLY", "FREQ=MINUTELY", "FREQ=HOURLY", "FREQ=MINUTELY;INTERVAL=1440"])
def test_a_rule_below_daily_is_refused_stating_the_rule(tmp_path, rule):
    """A deadline a second or a minute apart: 42 s per command, or for ever, before; a GM's typo."""
    message = _config_error(tmp_path, rule)
    assert rule in message and "more often than daily" in message, message


@pytest.mark.parametrize("rule", ["FREQ=DAILY;BYHOUR=1,13", "FREQ=WEEKLY;BYDAY=FR;BYHOUR=18;BYMINUTE=0,30",
                                  "FREQ=MONTHLY;BYSECOND=1,2,3,4,5"])
def test_a_rule_firing_several_times_a_day_is_refused(tmp_path, rule):
    message = _config_error(tmp_path, rule)
    assert "more often than daily" in message and "times a day" in message, message


def test_two_rules_firing_within_a_day_of_each_other_are_refused(tmp_path):
    message = _config_error(tmp_path, "RRULE:FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=12\\n"
                                      "RRULE:FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=14", start="2030-01-01T00:00:00")
    assert "more often than daily" in message and "2030-01-01 12:00" in message and "14:00" in message, message


def test_a_daily_rule_is_accepted(tmp_path):
    camp = _campaign(tmp_path, "FREQ=DAILY;BYHOUR=18;BYMINUTE=0;BYSECOND=0")
    assert ops.month_deadline(camp, APRIL) == dt.datetime(2030, 1, 15, 17, 0, tzinfo=UTC)


@pytest.mark.parametrize("rule", ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31",
                                  "FREQ=MONTHLY;COUNT=3;BYMONTHDAY=31;BYMONTH=6"])
def test_a_rule_that_never_fires_is_refused(tmp_path, rule):
    """30 February, 31 April: no deadline ever (and, for a daily rule, a search to the year
    9999 on every command before)."""
    message = _config_error(tmp_path, rule)
    assert "never gives a deadline" in message, message


def test_a_campaign_past_its_rules_last_deadline_says_so(tmp_path):
    """COUNT=2 from 2020: both deadlines were long over when the campaign was set up in 2030."""
    _campaign(tmp_path, "FREQ=MONTHLY;COUNT=2;BYMONTHDAY=1;BYHOUR=12", start="2020-01-01T00:00:00")
    config = tmp_path / "campaigns.toml"
    for command in (("status",), ("orders", "ingest", str(tmp_path))):
        line = refused(config, *command)
        assert "campaigns.t.deadlines" in line and "run past its last deadline" in line, line
        assert "Sat 01 Feb 2020, 12:00 CET" in line, line


def test_a_campaign_whose_until_has_passed_says_so(tmp_path):
    camp = _campaign(tmp_path, "FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=12;UNTIL=20300301T120000")
    with store.transaction(camp.database) as s:
        s.get(CampaignRow, "t").current_month = JUNE.key
    line = refused(tmp_path / "campaigns.toml", "status")
    assert "run past its last deadline" in line and "Fri 01 Mar 2030, 12:00 CET" in line, line


def test_a_month_far_from_the_first_is_found_at_once(tmp_path):
    """Its deadline is the 19,000th of the rule: each was once searched for from the rule's start
    (a hang, found by the fuzz test with first_month = "0001-01" on a campaign of 1607)."""
    _campaign(tmp_path, "FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=12")
    config = tmp_path / "campaigns.toml"
    config.write_text(config.read_text().replace('first_month = "April 1607"', 'first_month = "0001-01"'))
    result = run_engarde(tmp_path, "status", timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Deadline for April 1607: " in result.stdout


def test_a_first_month_after_the_month_the_campaign_is_at(tmp_path):
    """first_month moved past the campaign's month in campaigns.toml: its deadlines, counted from
    the first month, cannot be known (it said "No deadline schedule set.")."""
    _campaign(tmp_path, "FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=12")
    config = tmp_path / "campaigns.toml"
    config.write_text(config.read_text().replace('first_month = "April 1607"', 'first_month = "1700-01"'))
    line = refused(config, "status")
    assert "campaigns.t.first_month" in line and "January 1700 is after April 1607" in line, line
