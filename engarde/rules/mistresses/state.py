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

    def __setattr__(self, name: str, value: Any) -> None:
        # A state's index of who keeps whom (``MistressesState.kept_by``), once built, follows
        # every change of lover: a campaign of 10,000 has 10,000 mistresses, asked after
        # twice a man a month, and hundreds change hands in a month.
        index = self.__dict__.get("_kept_index")
        if name == "lover" and index is not None:
            old = self.__dict__.get("lover")
            if old is not None and index.get(old) is self:
                del index[old]
            if value is not None:
                index[value] = self
        elif name in ("name", "number") and "_key_index" in self.__dict__:
            self.__dict__["_key_index"].clear()  # renamed (the GM's command): the index is built again
        object.__setattr__(self, name, value)


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
        # An index by number and name (asked for every companion a man names at a club), built
        # again when the list or a name changes (a rename clears it: ``Mistress.__setattr__``).
        index = self.__dict__.get("_by_key")
        if (index is None or index[0] is not self.mistresses or index[1] != len(self.mistresses)
                or (self.mistresses and not index[2])):
            by_key: dict[str, Mistress] = {}
            for m in reversed(self.mistresses):  # the first in the list wins, as a search would find
                by_key[m.name.lower()] = m
                by_key[str(m.number)] = m
            for m in self.mistresses:
                m.__dict__["_key_index"] = by_key
            index = self.__dict__["_by_key"] = (self.mistresses, len(self.mistresses), by_key)
        return index[2].get(text)

    def kept_by(self, name: str) -> Mistress | None:
        """The mistress ``name`` keeps, if any (a man keeps one at most)."""
        index = self.__dict__.get("_by_lover")
        if index is None or index[0] is not self.mistresses or index[1] != len(self.mistresses):
            by_lover: dict[str, Mistress] = {}
            for m in reversed(self.mistresses):  # the first in the list wins, as a search would find
                if m.lover is not None:
                    by_lover[m.lover] = m
            for m in self.mistresses:  # each keeps it up to date when her lover changes
                m.__dict__["_kept_index"] = by_lover
            index = self.__dict__["_by_lover"] = (self.mistresses, len(self.mistresses), by_lover)
        return index[2].get(name)

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
