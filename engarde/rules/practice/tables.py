"""e. Practice: weeks of practice make a point of Expertise."""

from __future__ import annotations

from dataclasses import dataclass

from ...tables import value


@dataclass(frozen=True)
class PracticeTables:
    weeks_per_point: int = value(4, low=1, high=52, note='"for every four weeks of practice with a weapon, he '
                                 'gains one point of Expertise with that weapon"')
