"""d. Female Companionship: what a month without it costs."""

from __future__ import annotations

from dataclasses import dataclass

from ...tables import value


@dataclass(frozen=True)
class CompanionshipTables:
    first_month: int = value(2, high=100, note='"lose 2 Status Points the first month"')
    each_month_more: int = value(2, high=100, note='"and an additional 2 points each consecutive month"')
