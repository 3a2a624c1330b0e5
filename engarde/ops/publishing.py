"""The gazette of a resolved month, and every player's report, written."""

from __future__ import annotations

from pathlib import Path

from .. import gazette as gz
from ..calendar import GameMonth
from ..config import Campaign
from ..registry import for_campaign
from .intake import month_sheets
from .views import characters_at_end_of, month_events, month_ledger


def publish(campaign: Campaign, month: GameMonth, pdf: bool = True, reports: bool = True) -> list[Path]:
    """Write the gazette of a resolved month (HTML, and PDF if asked) and the players' reports."""
    data = gz.GazetteData(
        campaign=campaign,
        month=month,
        characters=characters_at_end_of(campaign, month),
        events=month_events(campaign, month),
        sheets=month_sheets(campaign, month),
        registry=for_campaign(campaign),
    )
    # Everything is rendered before a file is written: a template that fails writes nothing.
    rendered = gz.gazette_files(data, pdf=pdf)
    if reports:
        rendered += gz.report_files(data, month_ledger(campaign, month))
    return gz.write_files(rendered)
