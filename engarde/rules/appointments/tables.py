"""Appointments (en-garde-tables.md; house values where the book's tables are lost).

The rulebook's numbers as data, named as the book names them; a campaign overrides them
in ``[campaigns.ID.tables.appointments]``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Mapping

from ...tables import rows, value
from ...text import normalise_name

# ==============================================================================
# Appointments (en-garde-tables.md "Appointments"; owned by engarde.rules.appointments)
#
# HOUSE VALUES.  The Military and Government Appointments Tables are lost.  Only
# the columns, the Inspector-General of Cavalry (a Lieutenant-General, appointed
# by the Minister of War, roll 6), the Brigade Major and the brigade status are
# known; every other number below is engarde's house value, to be replaced or
# extended by the GM.
# ==============================================================================


@dataclass(frozen=True)
class Post:
    name: str
    rank: str | None  # None: no rank needed (government posts held by civilians)
    min_social_level: int = field(metadata={"low": 0, "high": 100, "note": "min SL"})
    requirement: str
    number: int = field(metadata={"low": 0, "high": 1000, "note": "number allowed: how many may hold it"})
    # a position of Influence Table B (whose decision it is)
    appointed_by: str = field(metadata={"note": "who appoints: a position of Influence Table B"})
    # SP per month; None: the brigade's status (Regimental Table C)
    status: int | None = field(metadata={"low": 0, "high": 1000, "note": "SP per month"})
    favour: int = field(metadata={"low": 0, "high": 9, "note": "favour class each season (0: none)"})
    # die roll needed on one die; None: not applied for (e.g. the yearly roll)
    roll: int | None = field(metadata={"low": 1, "high": 7, "note": "die roll needed on one die (7: never, "
                                                                   "without influence)"})
    military: bool = field(default=True, metadata={
        "note": "military posts need exactly the rank; government posts the rank or higher"})
    term_months: int = field(default=12, metadata={"low": 1, "high": 1200, "note": '"Posts usually run for twelve '
                                                                                  'months"'})
    house_value: bool = True
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class MaModifier:
    """A row of the change to the roll needed for a character's MA: from this MA up to the next
    row's (the lowest row also serves below it)."""

    low: int = field(metadata={"low": 0, "high": 100, "note": "the lowest MA of the row"})
    modifier: int = field(metadata={"low": -6, "high": 6, "note": "added to the roll needed"})


@dataclass(frozen=True)
class AppointmentsTables:
    appointments: tuple[Post, ...] = rows(
        Post("Regimental Adjutant", "Captain", 0, "a Captain of the regiment", 17, "Colonel", 2, 0, 4),
        Post("Aide to a Brigadier-General", "Captain", 6, "", 8, "Brigadier-General", 3, 1, 4),
        Post("Brigade Major", "Major", 0, "a Major of the brigade (the yearly roll)", 8, "Brigadier-General",
             None, 1, None, house_value=False),
        Post("Division Adjutant", "Major", 8, "", 4, "Lieutenant-General", 4, 2, 5),
        Post("Army Adjutant", "Lieutenant-Colonel", 9, "", 2, "General", 5, 3, 5),
        Post("Brigadier (Brigade Commander)", "Brigadier-General", 0, "", 8, "Minister", None, 3, 5,
             aliases=("brigadier", "brigade commander")),
        Post("Division Commander", "Lieutenant-General", 10, "", 4, "Minister", 6, 4, 5),
        Post("Inspector-General of Cavalry", "Lieutenant-General", 10, "", 1, "Minister", 6, 5, 6,
             house_value=False, aliases=("inspector general of cavalry",)),
        Post("Inspector-General of Infantry", "Lieutenant-General", 10, "", 1, "Minister", 6, 5, 6,
             aliases=("inspector general of infantry",)),
        Post("Army Commander", "General", 12, "", 2, "King", 8, 6, 6),
        Post("Minister of War", "General", 16, "", 1, "King", 10, 7, 6, military=False),
        Post("Minister of State", None, 18, "", 1, "King", 10, 7, 6, military=False),
        Post("Minister of Justice", None, 16, "", 1, "King", 8, 7, 6, military=False),
        note="the Military and Government Appointments Tables (lost: engarde's house values, but for the "
             "Inspector-General of Cavalry and the Brigade Major)")
    appointment_retry_months: int = value(3, high=120, note='"a failed application cannot be repeated for three '
                                          'months"')
    appointment_sl_per_bonus: int = value(3, low=1, high=100, note='"-1 for every 3 SL above the minimum"')
    appointment_sl_bonus: int = value(1, high=6, note='"-1 for every 3 SL above the minimum"')
    ma_modifiers: tuple[MaModifier, ...] = rows(
        MaModifier(1, 1), MaModifier(2, 0), MaModifier(6, -1), MaModifier(8, -2),
        key="low", note='the roll needed for his MA: "MA 1: +1, 2-5: 0, 6-7: -1, 8+: -2"')

    def ma_modifier(self, ma: int) -> int:
        """The change to the roll needed for a character's MA: MA 1: +1, 2-5: 0, 6-7: -1, 8+: -2."""
        table = sorted(self.ma_modifiers, key=lambda row: row.low, reverse=True)
        for row in table:
            if ma >= row.low:
                return row.modifier
        return table[-1].modifier  # below the lowest row: as the lowest

    @cached_property
    def _posts(self) -> Mapping[str, Post]:
        """Each post by its name and aliases, as ``post`` reads them."""
        found: dict[str, Post] = {}
        for post in self.appointments:
            for name in (normalise_name(post.name).replace("-", " "), *(normalise_name(a) for a in post.aliases)):
                found.setdefault(name, post)
        return found

    def post(self, name: str) -> Post | None:
        """The post called ``name`` (or one of its aliases), if any."""
        return self._posts.get(normalise_name(name).replace("-", " "))

