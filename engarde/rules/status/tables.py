"""b. Time Sequence and Social Status: support, conspicuous consumption, the social level."""

from __future__ import annotations

from dataclasses import dataclass

from ...tables import value


@dataclass(frozen=True)
class StatusTables:
    support_multiplier: int = value(2, high=100, note='"A character must pay Crowns equal to twice his Social '
                                    'Level each month"')
    conspicuous_multiplier: int = value(3, high=100, note='conspicuous consumption: "three times his Social Level '
                                        '... rather than two"')
    conspicuous_status: int = value(1, high=100, note="conspicuous consumption: the status point it gains")
    raise_multiplier: int = value(3, low=1, high=100, note='"Status Points equal to three times the number of the '
                                  'Social Level sought"')
    lowest_social_level: int = value(1, low=1, high=30, note="no Social Level below this (engarde's choice: 1)")
    allowance: str = value("month_start", choices=("month_start", "month_end"), setting=True,
                           note="when the monthly allowance arrives: before week 1, or with the support bill")
