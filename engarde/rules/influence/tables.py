"""f. Influence: Influence Tables A and B, and the classes of favours.

The rulebook's numbers as data, named as the book names them; a campaign overrides them
in ``[campaigns.ID.tables.influence]``.  (Influence Table C, a mistress's favours, is with
d. Mistresses: ``MistressesTables.influence_table_c``.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Mapping

from ...tables import rows, value

_CLASS = {"low": 1, "high": 9}


@dataclass(frozen=True)
class SocialLevelInfluence:
    """A row of Influence Table A: from this Social Level up to the next row's, the class of
    the favour received each season."""

    low: int = field(metadata={"low": 1, "high": 100, "note": "the lowest Social Level of the row"})
    favour: int = field(metadata={**_CLASS, "note": "the class of the seasonal favour"})


@dataclass(frozen=True)
class InfluenceRequired:
    """A row of Influence Table B: the class of favour that moves this position's decision by one."""

    position: str
    needed: int = field(metadata={**_CLASS, "note": "the class of favour needed for a die roll modification of one"})


@dataclass(frozen=True)
class InfluenceTables:
    influence_table_a: tuple[SocialLevelInfluence, ...] = rows(
        SocialLevelInfluence(8, 1), SocialLevelInfluence(10, 2), SocialLevelInfluence(12, 3),
        SocialLevelInfluence(14, 4), SocialLevelInfluence(16, 5), SocialLevelInfluence(18, 6),
        SocialLevelInfluence(20, 7), SocialLevelInfluence(22, 8), SocialLevelInfluence(24, 9),
        key="low", note='Influence Table A: Influence of Social Level ("8 or 9: 1" ... "24+: 9"; none below 8)')
    influence_table_b: tuple[InfluenceRequired, ...] = rows(
        InfluenceRequired("King", 9),
        InfluenceRequired("Crown Prince", 8),
        InfluenceRequired("Cardinal", 8),
        InfluenceRequired("Minister", 7),
        InfluenceRequired("Field Marshal", 7),
        InfluenceRequired("General", 6),
        InfluenceRequired("Lieutenant-General", 5),
        InfluenceRequired("Brigadier-General", 4),
        InfluenceRequired("Colonel", 3),
        InfluenceRequired("Lieutenant-Colonel", 2),
        InfluenceRequired("Major", 1),
        InfluenceRequired("Captain", 1),
        key="position", note='Influence Table B: Influence required ("A favour of a higher class than that listed '
                             'will have a greater effect: one additional die roll modification for each level")')
    favour_classes: int = value(9, low=1, high=9, note='"There are nine classes of favours, rated, in ascending order '
                                'of effectiveness, from 1 to 9"')
    influence_takes: str = value(
        "no_time", choices=("no_time", "week"), setting=True,
        note='what using influence costs in time: "no_time", none (the book gives using a favour no time cost: '
             '"Use influence ..." on a line of its own acts alongside the week\'s actions), or "week", the week\'s '
             'action of the one who uses it (written on a week line only)')
    favours_combined: int = value(2, low=2, high=10, note='"two favours may be combined to produce one favour of the '
                                  'next highest level (two class 4 favours make a class 5 and so on)"')

    @cached_property
    def _needed(self) -> Mapping[str, int]:
        return {row.position: row.needed for row in self.influence_table_b}

    def influence_needed(self, position: str) -> int:
        """Influence Table B: the class of favour needed to move ``position``'s decision by one
        (a position not on the table is a KeyError: the rules name only these)."""
        return self._needed[position]

    def influence_of_social_level(self, sl: int) -> int | None:
        """Influence Table A: the class of the seasonal favour of Social Level ``sl`` (None below 8)."""
        found = None
        for row in sorted(self.influence_table_a, key=lambda row: row.low):
            if sl >= row.low:
                found = row.favour
        return found

    def is_favour_class(self, klass: int) -> bool:
        """One of the classes of favours (1 to 9)."""
        return 1 <= klass <= self.favour_classes
