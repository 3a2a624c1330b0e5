"""A new campaigns.toml, written by `engarde init` in a folder that has none: one campaign,
each key commented as README.md's "Configuring a campaign" explains it.

The file is written whole and only where there is none (engarde.files.create_text): init never
overwrites a GM's file.  The text is read back with engarde.config before it is written, so a
value the reader would refuse is refused here, naming its option.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass
from pathlib import Path

from .calendar import GameMonth
from .errors import CampaignError

DEFAULT_NEWSPAPER = "La Gazette de Paris"
DEFAULT_FIRST_MONTH = "April 1607"
DEFAULT_DEADLINES = "the last Friday of every month at 18:00"
DEFAULT_TIMEZONE = "Europe/Paris"


@dataclass(frozen=True)
class NewCampaign:
    id: str
    name: str
    newspaper: str = DEFAULT_NEWSPAPER
    first_month: str = DEFAULT_FIRST_MONTH
    deadlines: str | None = None  # an RRULE (engarde.deadline_words makes one from words)
    deadlines_said: str | None = None  # the GM's words, kept as a comment
    deadline_start: dt.datetime | None = None
    timezone: str = DEFAULT_TIMEZONE
    database: str | None = None  # default: an SQLite file named for the id, beside the file


def id_from_name(name: str) -> str:
    """A campaign id from its name: 'The Siege of La Rochelle' -> 'siege-of-la-rochelle'."""
    words = re.findall(r"[a-z0-9]+", name.lower())
    words = words[1:] if len(words) > 1 and words[0] in ("the", "la", "le", "les") else words
    return "-".join(words)[:40].strip("-") or "campaign"


def _string(value: str) -> str:
    # A JSON string is a TOML basic string: the same quotes and escapes.
    return json.dumps(value, ensure_ascii=False)


def text(new: NewCampaign) -> str:
    """The campaigns.toml for ``new``."""
    database = new.database or f"sqlite:///{new.id}.sqlite"
    lines = [
        "# engarde campaigns: one [campaigns.ID] table per campaign.",
        "# Every key is explained in engarde's README (\"Configuring a campaign\");",
        "# `engarde init` wrote this file. Edit it freely: engarde checks it at every command.",
        "",
        f"[campaigns.{new.id}]",
        "# The campaign's name, and the title of its gazette.",
        f"name = {_string(new.name)}",
        f"newspaper = {_string(new.newspaper)}",
        "# The first game month the campaign resolves.",
        f"first_month = {_string(new.first_month)}",
        "# The dice seed: each month's dice derive from it, so a month re-run is the same month.",
        f"seed = {_string(new.id)}",
        "# Where the campaign is kept: an SQLite file beside this file, or a PostgreSQL URL",
        "# such as postgresql+psycopg://gm@localhost/engarde (its password in ~/.pgpass).",
        f"database = {_string(database)}",
    ]
    if new.deadlines:
        said = f" ({new.deadlines_said})" if new.deadlines_said and new.deadlines_said != new.deadlines else ""
        lines += ["# Real-world deadlines, an iCalendar RRULE read in the time zone below" + said + ".",
                  f"deadlines = {_string(new.deadlines)}"]
        if new.deadline_start:
            lines += ["# The first moment the rule counts from (the campaign's wall clock).",
                      f"deadline_start = {new.deadline_start.replace(microsecond=0, tzinfo=None).isoformat()}"]
    lines += [
        f"timezone = {_string(new.timezone)}",
        "# The folder the order mail is read from (`engarde orders ingest` with no source).",
        'orders = "orders"',
        "# Where the gazettes and the players' reports are written.",
        'newsletters = "newsletters"',
        "# Optional house-rule modules this campaign plays with (README: \"Configuring a campaign\").",
        "house_rules = []",
        "",
        "# Choices where the rules are silent (docs/rules-coverage.md), e.g.:",
        f"# [campaigns.{new.id}.rules]",
        '# allowance = "month_start"',
        "# The campaign's own numbers for a rules table (`engarde tables`), e.g.:",
        f"# [campaigns.{new.id}.tables.clubs]",
        "# Order mail straight from an IMAP mailbox, its size limit, the order passwords' cost (README: \"Mail\"):",
        f"# [campaigns.{new.id}.mail]",
        "# Mail out (confirmations, reminders, reports): the SMTP server; its password in the",
        "# environment variable ENGARDE_SMTP_PASSWORD, never in this file:",
        f"# [campaigns.{new.id}.mail.smtp]",
        '# host = "smtp.example.org"',
        '# from = "gm@example.org"',
        "",
    ]
    return "\n".join(lines)


def check_month(value: str) -> str:
    try:
        return str(GameMonth.parse(value))
    except ValueError as exc:
        raise CampaignError(f"--first-month: {exc}") from None


def folders(config: Path) -> list[Path]:
    """The folders the new file names, made beside it."""
    return [config.parent / "orders", config.parent / "newsletters"]
