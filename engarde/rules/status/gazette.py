"""b. Social Status in the gazette: Society's news, the Greasy Pole (who rose and who fell) and
the Table of Precedence (the characters' table: rank, regiment, title, club, social level)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ...records import Character


def precedence(characters: Iterable[Character]) -> list[Character]:
    """The table of precedence: the living, by social level, highest first, then name.  The dead
    are not listed: the month they die, the gazette's Deaths line names them."""
    living = [ch for ch in characters if not ch.dead]
    return sorted(living, key=lambda ch: (-ch.social_level, ch.name.casefold(), ch.name))


def society(page: Any) -> dict[str, Any]:
    return {"society": page.section("society")}


def table(page: Any) -> dict[str, Any]:
    return {"precedence": precedence(page.characters)}


# How each man moved on the Greasy Pole since the month before.
ROSE, FELL, SAME, NEW = "rose", "fell", "same", "new"


@dataclass(frozen=True)
class Climb:
    """One man on the Greasy Pole: his level at the end of last month (None: new this month)
    and at the end of this one, and which way he went."""

    name: str
    last: int | None
    now: int
    moved: str

    @property
    def change(self) -> int:
        return 0 if self.last is None else self.now - self.last


def greasy_pole(living: Iterable[Character], levels: Mapping[str, tuple[int | None, int]]) -> list[Climb]:
    """Every living man in the order of precedence, with his level last month and now: ``levels``
    (name -> (last, now)) from the stored history; a man it lacks is new this month."""
    out = []
    for ch in precedence(living):
        last = levels.get(ch.name, (None, ch.social_level))[0]
        moved = NEW if last is None else ROSE if ch.social_level > last else FELL if ch.social_level < last else SAME
        out.append(Climb(ch.name, last, ch.social_level, moved))
    return out


def pole(page: Any) -> dict[str, Any]:
    climbs = greasy_pole(page.characters, page.data.facts.pole)
    return {"greasy_pole": climbs,
            "pole_counts": {way: sum(1 for c in climbs if c.moved == way) for way in (ROSE, FELL, SAME, NEW)}}
