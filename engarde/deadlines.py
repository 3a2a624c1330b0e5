"""Which real-world deadline closes which game month, and which month a sheet is for.

A campaign's deadlines are an iCalendar RRULE (``deadlines`` in campaigns.toml,
read with python-dateutil from ``deadline_start`` in the campaign's
``timezone``).  The rule gives the dates; the campaign gives the months:

    the first deadline after the campaign was set up (``engarde init``) closes
    its first month, the next deadline the month after, and so on.

So month ``first_month + n`` closes at the ``n``-th deadline (counting from 0)
that falls after the campaign's start.  The start is stored (the campaign row's
``created_at``), so the mapping never moves.  A sheet received after its
month's deadline is held for the first month whose deadline it makes: the
earliest month, not before the one being resolved, whose deadline is at or
after the time it was received.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from dateutil import rrule

from .calendar import GameMonth
from .config import Campaign

# A sheet is never held further ahead than this (a clock ten years fast is a mistake).
MAX_MONTHS_AHEAD = 120


def aware(moment: dt.datetime, zone: str = "UTC") -> dt.datetime:
    """``moment`` with a time zone: naive times (SQLite gives them back so) are taken as UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=ZoneInfo(zone))


class Schedule:
    """A campaign's deadlines, month by month, from its start."""

    def __init__(self, campaign: Campaign, started: dt.datetime) -> None:
        self.campaign = campaign
        self.started = aware(started)
        self._cache: list[dt.datetime | None] = []
        self._rule = None
        if campaign.deadlines:
            tz = ZoneInfo(campaign.timezone)
            start = campaign.deadline_start or dt.datetime(2000, 1, 1)
            start = start if start.tzinfo is not None else start.replace(tzinfo=tz)
            self._rule = rrule.rrulestr(campaign.deadlines, dtstart=start)

    @property
    def active(self) -> bool:
        return self._rule is not None

    def deadline(self, month: GameMonth) -> dt.datetime | None:
        """The deadline that closes ``month``; None with no schedule (or past the rule's end)."""
        index = month.months_since(self.campaign.first_month)
        if self._rule is None or index < 0:
            return None
        while len(self._cache) <= index:
            previous = self._cache[-1] if self._cache else self.started
            if previous is None:
                return None
            self._cache.append(self._rule.after(previous))
        return self._cache[index]

    def month_for(self, received: dt.datetime, current: GameMonth) -> tuple[GameMonth, dt.datetime | None]:
        """The month a sheet received at ``received`` counts for, and that month's deadline.

        The month being resolved if it came by that month's deadline, else the
        first later month whose deadline it makes.
        """
        received = aware(received)
        month = current
        for _ in range(MAX_MONTHS_AHEAD):
            deadline = self.deadline(month)
            if deadline is None or received <= deadline:
                return month, deadline
            month = month.next()
        return month, self.deadline(month)


def describe(moment: dt.datetime | None, zone: str) -> str:
    """A deadline or a time of receipt as a GM reads it: "Fri 30 Jan 2026, 18:00 CET"."""
    if moment is None:
        return "no deadline"
    local = aware(moment).astimezone(ZoneInfo(zone))
    return f"{local:%a %d %b %Y, %H:%M %Z}".strip()
