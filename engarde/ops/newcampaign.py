"""A campaign begun from nothing: `engarde init` in a folder without a campaigns file writes
one (engarde.campaign_file) and makes its orders and newsletters folders; its database is then
set up as any campaign's (engarde.ops.setup.init)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from .. import campaign_file, files
from ..campaign_file import NewCampaign
from ..config import Campaign, ConfigError, loads
from ..deadline_words import DeadlineWordsError, rrule_from_words
from ..errors import CampaignError
from ..recurrence import RuleError, deadline_rule
from ..zones import UnknownZone, time_zone


def checked(new: NewCampaign, now: dt.datetime | None = None) -> NewCampaign:
    """``new`` with its deadline words made an RRULE and every value checked, each refusal
    naming the option that gave it."""
    if not new.name.strip():
        raise CampaignError("--name: a campaign needs a name")
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}", new.id):
        raise CampaignError(f"--id: {new.id!r}: a campaign id is a short word of letters, digits, '-' and '_'")
    try:
        zone = time_zone(new.timezone)
    except UnknownZone:
        raise CampaignError(f"--timezone: unknown time zone {new.timezone!r} (e.g. Europe/Paris, America/New_York, UTC)") from None
    first_month = campaign_file.check_month(new.first_month)
    deadlines, start = None, None
    if new.deadlines_said:
        try:
            deadlines = rrule_from_words(new.deadlines_said)
        except DeadlineWordsError as exc:
            raise CampaignError(f"--deadlines: {exc}") from None
        # The rule counts from the day the campaign is begun (the first deadline is still to come).
        start = (now or dt.datetime.now(zone)).replace(hour=0, minute=0, second=0, microsecond=0, tzinfo=None)
        try:
            deadline_rule(deadlines, start, new.timezone)
        except (RuleError, ValueError) as exc:
            raise CampaignError(f"--deadlines: {exc}") from None
    return NewCampaign(id=new.id, name=new.name.strip(), newspaper=new.newspaper, first_month=first_month,
                       deadlines=deadlines, deadlines_said=new.deadlines_said, deadline_start=start,
                       timezone=new.timezone, database=new.database)


def begin(config: Path, new: NewCampaign, now: dt.datetime | None = None) -> Campaign:
    """Write ``config`` for ``new`` (never over a file that is there) and make its folders.
    Returns the campaign as engarde reads it back."""
    config = Path(config)
    if config.exists() or config.is_symlink():
        raise CampaignError(f"{config}: already there; engarde init does not overwrite it")
    if config.parent.exists() and not config.parent.is_dir():
        raise CampaignError(f"{config.parent}: not a folder")
    if not config.parent.absolute().parent.is_dir():
        raise CampaignError(f"{config.parent.absolute().parent}: no such folder")
    new = checked(new, now)
    text = campaign_file.text(new)
    try:
        campaign = loads(text, config)[new.id]  # refused here, before anything is written
    except ConfigError as exc:
        raise CampaignError(f"the new campaigns file would not read: {exc}") from None
    config.parent.mkdir(exist_ok=True)  # the FOLDER of `engarde init FOLDER`, made once all is checked
    for folder in campaign_file.folders(config):
        folder.mkdir(exist_ok=True)
    files.create_text(config, text)
    return campaign
