"""d. Bawdyhouses: the numbers of an evening in the red light district."""

from __future__ import annotations

from dataclasses import dataclass

from ...tables import value


@dataclass(frozen=True)
class BawdyhouseTables:
    footpads_on: int = value(6, low=1, high=7, note='footpads: "This occurs on a roll of 6 on one die" (7: never)')
    refreshment_per_sl: int = value(1, high=10, note='"Liquid refreshment is mandatory, costing crowns equal to '
                                    'the numerical value of the character\'s Social Level"')
    companionship_per_sl: int = value(1, high=10, note='"Female companionship costs crowns equal to the '
                                      'character\'s Social Level"')
    carousing_status: int = value(1, high=10, note='"If a player character purchases liquid refreshment at a club '
                                  'or bawdyhouse, he gains a Status Point"')
    bawdyhouse_default_purse: str = value(
        "cost", choices=("cost", "all"), setting=True,
        note="what he carries when his order states no purse: the evening's cost (and his stakes), or all he has")
