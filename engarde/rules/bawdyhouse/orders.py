"""The orders of the bawdyhouse module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import Order
from ..gambling.orders import Gambling


@dataclass(frozen=True)
class VisitBawdyhouse(Order):
    kind: ClassVar[str] = "visit-bawdyhouse"
    carouse: bool = True  # liquid refreshment is mandatory at a bawdyhouse
    companionship: bool = True
    purse: int | None = None  # crowns carried; None: the campaign's default
    gamble: Gambling | None = None

    def describe(self) -> str:
        text = "Visit a bawdyhouse"
        parts = []
        if self.carouse:
            parts.append("carouse")
        if not self.companionship:
            parts.append("no companionship")
        if self.gamble:
            parts.append(self.gamble.describe())
        if self.purse is not None:
            parts.append(f"carrying {self.purse} crowns")
        return text + (" (" + ", ".join(parts) + ")" if parts else "")
