"""What a campaign holds besides its characters: mistresses, loans, ...

Plain records like those of ``engarde.records``; the resolver takes a
``World`` and returns the next one.  A character's own side of each (his
mistress, his debts) is on his sheet and moves by ledger; the world keeps the
other side (who she is, whom he owes and when it falls due).
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any


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


@dataclass
class Loan:
    """d. Loans: between characters (no interest) or from a moneylender."""

    number: int
    borrower: str
    lender: str  # a character's name, or "moneylender"
    amount: int  # what is owed now
    taken: str  # the game month, "1607-04"
    due: str | None = None  # a moneylender's loan: six months on
    interest_percent: int = 0


@dataclass
class World:
    mistresses: list[Mistress] = field(default_factory=list)
    loans: list[Loan] = field(default_factory=list)

    def copy(self) -> "World":
        return copy.deepcopy(self)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "World":
        data = data or {}
        return cls(
            mistresses=[Mistress(**m) for m in data.get("mistresses", [])],
            loans=[Loan(**x) for x in data.get("loans", [])],
        )

    def mistress(self, key: str) -> Mistress | None:
        """Find a mistress by number ("4", "number 4") or name (case-insensitive)."""
        text = key.strip().lower().removeprefix("number").removeprefix("no.").strip(" #")
        for m in self.mistresses:
            if text == str(m.number) or text == m.name.lower():
                return m
        return None
