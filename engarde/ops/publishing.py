"""The gazette of a resolved month, and every player's report, written."""

from __future__ import annotations

from pathlib import Path

from .. import gazette as gz
from .. import lock, queries
from ..calendar import GameMonth
from ..config import Campaign
from ..errors import CampaignError
from ..registry import for_campaign
from .intake import month_sheets
from .views import characters_at_end_of, month_events, month_ledger


def publish(campaign: Campaign, month: GameMonth | None = None, pdf: bool = True, reports: bool = True) -> list[Path]:
    """Write the gazette of a resolved month (default: the last), HTML and PDF if asked, and the
    players' reports.  Under the campaign's lock: no month is resolved or undone while the
    gazette reads it and its files are written."""
    with lock.writing(campaign, "gazette") as s:
        resolved = [GameMonth.parse(t.month) for t in queries.turns(s, campaign.id)]
        if not resolved:
            raise CampaignError("no month has been resolved yet: run 'engarde turn run' first")
        month = month or resolved[-1]
        if month not in resolved:
            raise CampaignError(f"{month} has not been resolved (resolved: {', '.join(map(str, resolved))})")
        data = gz.GazetteData(
            campaign=campaign,
            month=month,
            characters=characters_at_end_of(campaign, month),
            events=month_events(campaign, month),
            sheets=month_sheets(campaign, month),
            registry=for_campaign(campaign),
        )
        paths = list(gz.write_gazette(data, pdf=pdf))
        if reports:
            paths += gz.write_reports(data, month_ledger(campaign, month))
    return paths
