"""d. Mistresses: the campaign's mistresses (her side of each affair; his is on his sheet)."""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any

from ...records import known_fields


@dataclass
class Mistress:
    """d. Mistresses: Social Level on 3d6; Beauty, Influence, Wealth each on a 1-2."""

    number: int
    name: str
    social_level: int
    beautiful: bool = False
    influential: bool = False
    wealthy: bool = False
    lover: str | None = None  # the character who keeps her
    since: str | None = None  # the game month the affair began, "1607-04" (favours are yearly)

    def attributes(self) -> list[str]:
        return [a for a in ("beautiful", "influential", "wealthy") if getattr(self, a)]


@dataclass
class MistressesState:
    """The mistresses of the campaign, rolled at its start or added by the GM."""

    mistresses: list[Mistress] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "MistressesState":
        data = data or {}
        return cls([Mistress(**known_fields(Mistress, m)) for m in data.get("mistresses", [])])

    def mistress(self, key: str) -> Mistress | None:
        """Find a mistress by number ("4", "number 4") or name (case-insensitive)."""
        text = key.strip().lower().removeprefix("number").removeprefix("no.").strip(" #")
        for m in self.mistresses:
            if text == str(m.number) or text == m.name.lower():
                return m
        return None

    def kept_by(self, name: str) -> Mistress | None:
        """The mistress ``name`` keeps, if any."""
        for m in self.mistresses:
            if m.lover == name:
                return m
        return None

    def next_mistress_number(self) -> int:
        return max((m.number for m in self.mistresses), default=0) + 1


def undo(before: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """``turn undo``: the mistresses as before the month, with the GM's set-up since kept.

    A month never adds, names or re-rolls a mistress (it changes only who keeps her and
    since when), so a mistress ``before`` lacks was rolled or added by the GM after the
    month was resolved, and is kept; a name that differs is the GM's rename, kept unless the
    restored state has her kept by someone (a rename is made only while she is free, and his
    restored sheet carries her old name): then the old name stands.
    """
    state = copy.deepcopy(dict(before))
    then = {m["number"]: m for m in state.get("mistresses", [])}
    for m in now.get("mistresses", []):
        old = then.get(m["number"])
        if old is None:
            state.setdefault("mistresses", []).append(copy.deepcopy(m))
        elif old.get("lover") is None and m.get("name") and m["name"] != old.get("name"):
            old["name"] = m["name"]
    if "mistresses" in state:
        state["mistresses"] = sorted(state["mistresses"], key=lambda m: m["number"])
    return state
