"""The game calendar: weeks, months, seasons and years.

Rules, b. Time Sequence: "Four weeks make a game month, three months make a
season and four seasons make a year."  h. Campaign: "The summer season begins in
June, the fall or autumn season in September, winter in December and spring in
March."  One turn resolves one game month.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)
WEEKS_PER_MONTH = 4

# Pseudo-weeks used to date ledger entries and events that do not belong to a
# playing week: creation and month start come before week 1, month end after 4.
MONTH_START = 0
MONTH_END = WEEKS_PER_MONTH + 1

SEASONS = {
    12: "winter", 1: "winter", 2: "winter",
    3: "spring", 4: "spring", 5: "spring",
    6: "summer", 7: "summer", 8: "summer",
    9: "autumn", 10: "autumn", 11: "autumn",
}
# The only season in which the regular army campaigns.
CAMPAIGN_SEASON = "summer"


class CalendarError(ValueError):
    """A game month that cannot be read."""


@dataclass(frozen=True, order=True)
class GameMonth:
    year: int
    month: int  # 1..12

    def __post_init__(self) -> None:
        if not 1 <= self.month <= 12:
            raise CalendarError(f"month must be 1..12, not {self.month}")

    @property
    def name(self) -> str:
        return MONTH_NAMES[self.month - 1]

    @property
    def short(self) -> str:
        """"Apr 1607": a chart's label."""
        return f"{self.name[:3]} {self.year}"

    @property
    def season(self) -> str:
        return SEASONS[self.month]

    @property
    def is_campaign_season(self) -> bool:
        return self.season == CAMPAIGN_SEASON

    @cached_property  # asked for by every ledger entry and event a month stores
    def key(self) -> str:
        """Sortable text form used in file names: ``1607-04``."""
        return f"{self.year:04d}-{self.month:02d}"

    def next(self) -> "GameMonth":
        return GameMonth(self.year + (self.month == 12), self.month % 12 + 1)

    def previous(self) -> "GameMonth":
        if self.month == 1:
            return GameMonth(self.year - 1, 12)
        return GameMonth(self.year, self.month - 1)

    def months_since(self, other: "GameMonth") -> int:
        return (self.year - other.year) * 12 + (self.month - other.month)

    def __str__(self) -> str:
        return f"{self.name} {self.year}"

    @classmethod
    def parse(cls, text: str) -> "GameMonth":
        """Read ``April 1607``, ``Apr 1607``, ``1607-04`` or ``1607-4``."""
        s = text.strip()
        m = re.fullmatch(r"(\d{3,4})-(\d{1,2})", s)
        if m:
            return cls(int(m.group(1)), int(m.group(2)))
        m = re.fullmatch(r"([A-Za-z]+)\.?,?\s+(\d{3,4})", s)
        if m:
            word = m.group(1).lower()
            for i, name in enumerate(MONTH_NAMES, start=1):
                if len(word) >= 3 and name.lower().startswith(word):
                    return cls(int(m.group(2)), i)
        raise CalendarError(
            f"cannot read {text!r} as a game month (write 'April 1607' or '1607-04')"
        )


def week_label(week: int) -> str:
    if week == MONTH_START:
        return "month start"
    if week == MONTH_END:
        return "month end"
    return f"week {week}"
