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
from collections.abc import Iterator
from zoneinfo import ZoneInfo

from .calendar import GameMonth
from .config import Campaign, ConfigError
from .recurrence import following, last_before

# A sheet is never held further ahead than this (a clock ten years fast is a mistake).
MAX_MONTHS_AHEAD = 120
END_OF_TIME = dt.datetime(9999, 12, 31, tzinfo=dt.timezone.utc)


def aware(moment: dt.datetime, zone: str = "UTC") -> dt.datetime:
    """``moment`` with a time zone: naive times (SQLite gives them back so) are taken as UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=ZoneInfo(zone))


class Schedule:
    """A campaign's deadlines, month by month, from its start."""

    def __init__(self, campaign: Campaign, started: dt.datetime) -> None:
        self.campaign = campaign
        self.started = aware(started)
        self._cache: list[dt.datetime] = []
        self._rule = campaign.deadline_rule()
        # The rule's deadlines after the start, drawn one after another as months ask for them
        # (each asked for anew would count the rule from its start every time: a campaign
        # thousands of months long would take hours).
        self._upcoming: Iterator[dt.datetime] | None = None

    @property
    def active(self) -> bool:
        return self._rule is not None

    def deadline(self, month: GameMonth) -> dt.datetime | None:
        """The deadline that closes ``month``; None with no schedule (or past the rule's end)."""
        index = month.months_since(self.campaign.first_month)
        if self._rule is None or index < 0:
            return None
        if self._upcoming is None:
            self._upcoming = following(self._rule, self.started)
        while len(self._cache) <= index:
            deadline = next(self._upcoming, None)
            if deadline is None:
                return None
            self._cache.append(deadline)
        return self._cache[index]

    def require(self, month: GameMonth) -> dt.datetime | None:
        """The deadline that closes ``month``, which the campaign's rule must give: a rule that
        has run out (its COUNT used up, its UNTIL past) is a ConfigError saying so."""
        if self._rule is not None and month.months_since(self.campaign.first_month) < 0:
            raise ConfigError(f"{self.campaign.key('first_month')}: {self.campaign.first_month} is after {month}, "
                              "the month the campaign's database is at: the deadlines are counted from the first "
                              "month (was first_month changed after 'engarde init'?)")
        deadline = self.deadline(month)
        if deadline is None and self._rule is not None:
            last = last_before(self._rule, END_OF_TIME)
            ended = f"its last deadline was {describe(last, self.campaign.timezone)}" if last else "it gives no deadline"
            raise ConfigError(f"{self.campaign.key('deadlines')}: the campaign has run past its last deadline "
                              f"({ended}, before the one that would close {month}): extend the rule (COUNT, "
                              "UNTIL) or write a new one")
        return deadline

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
