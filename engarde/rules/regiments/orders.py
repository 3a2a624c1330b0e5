"""The orders of the regiments module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import Order


@dataclass(frozen=True)
class ApplyRegiment(Order):
    """g. Regiments: apply to a regiment, optionally buying a rank; the
    regiments to try next the same week if refused."""

    kind: ClassVar[str] = "apply-regiment"
    regiment: str = ""
    rank: str | None = None
    fallbacks: tuple[str, ...] = ()

    def describe(self) -> str:
        text = f"Apply to the {self.regiment}"
        if self.rank:
            text += f" as {self.rank}"
        if self.fallbacks:
            text += ", else " + ", else ".join(self.fallbacks)
        return text


@dataclass(frozen=True)
class BuyRank(Order):
    kind: ClassVar[str] = "buy-rank"
    rank: str = ""

    def describe(self) -> str:
        return f"Buy the rank of {self.rank}"


@dataclass(frozen=True)
class RegimentalDuty(Order):
    kind: ClassVar[str] = "duty"

    def describe(self) -> str:
        return "Regimental duty"


@dataclass(frozen=True)
class ResignCommission(Order):
    """g. Regiments: resign his commission (the week's action); he leaves his regiment."""

    kind: ClassVar[str] = "resign-commission"

    def describe(self) -> str:
        return "Resign my commission"
