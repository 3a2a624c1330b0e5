"""The month's own numbers: what a month without orders costs."""

from __future__ import annotations

from dataclasses import dataclass

from ...tables import value


@dataclass(frozen=True)
class MonthTables:
    nmr_status_points: int = value(0, high=100, setting=True,
                                   note="status points a character loses for a month without orders (NMR)")
