"""The gala's part of the world: the galas the GM has scheduled (with the host's rooms and
what lies in each) and the engagements that stand, which outlast the evening they were made."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Mapping

from .engine import Item, Room


@dataclass
class Gala:
    month: str          # the game month (GameMonth.key)
    week: int
    host: str           # a character's name, or a non-player's
    rooms: list[Room] = field(default_factory=list)
    held: bool = False  # given (its rooms as the guests left them)

    @property
    def title(self) -> str:
        return f"{self.host}'s gala"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Gala":
        rooms = [Room(r["name"], [Item(**i) for i in r.get("items", ())]) for r in data.get("rooms", ())]
        return cls(data["month"], data["week"], data["host"], rooms, data.get("held", False))


@dataclass
class GalaState:
    galas: list[Gala] = field(default_factory=list)
    # the engagements that stand: each pair once, (first, second) as they were made
    engagements: list[tuple[str, str]] = field(default_factory=list)
    # attributes the GM has set (``engarde gala set``), posted through the ledger at the next
    # month's start: name -> {"charm": 12, "dancing": 1, ...}
    pending: dict[str, dict[str, int]] = field(default_factory=dict)

    def betrothed(self) -> dict[str, str]:
        """Name -> the one he is engaged to."""
        found: dict[str, str] = {}
        for a, b in self.engagements:
            found[a], found[b] = b, a
        return found

    def galas_in(self, month: str, week: int | None = None) -> list[Gala]:
        return [g for g in self.galas if g.month == month and (week is None or g.week == week)]

    def to_dict(self) -> dict[str, Any]:
        return {"galas": [g.to_dict() for g in self.galas], "engagements": [list(p) for p in self.engagements],
                "pending": {n: dict(v) for n, v in self.pending.items()}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "GalaState":
        data = data or {}
        return cls([Gala.from_dict(g) for g in data.get("galas", ())],
                   [(a, b) for a, b in data.get("engagements", ())],
                   {n: dict(v) for n, v in data.get("pending", {}).items()})


def undo(before: Mapping[str, Any], now: Mapping[str, Any]) -> dict[str, Any]:
    """``turn undo`` (the states as their ``to_dict`` writes them): the engagements and the galas
    as they were before the month, with the galas the GM scheduled or cancelled since kept as he
    left them (a gala held that month is unheld, its rooms furnished again), and the attributes he
    set before the month (which it posted) and since waiting again."""
    then, later = GalaState.from_dict(before), GalaState.from_dict(now)
    held_before = {(g.month, g.week, g.host): g for g in then.galas}
    galas = [held_before.get((g.month, g.week, g.host), g) for g in later.galas]
    return GalaState(galas, list(then.engagements), {**then.pending, **later.pending}).to_dict()
