"""The orders of the regiments module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import STANDING, Order, Part


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


EXCUSE_ALL, EXCUSE_NONE = "all", "none"  # DutyExcusal.excuse_from_duty's words for every man and no one


@dataclass
class DutyExcusal(Part):
    """g. Regiments: "Privates and Subalterns may be excused from duty by the permission of
    their Battalion Commanders": a player Battalion Commander's permission, standing until
    changed.  ``excuse_from_duty``: the names of the men he excuses, or ``("all",)`` (every
    man of his), ``("none",)`` (no one); empty: not given."""

    module: ClassVar[str] = "regiments"
    when: ClassVar[str] = STANDING
    excuse_from_duty: tuple[str, ...] = ()

    def describe(self) -> list[str]:
        return [f"Excuse from duty: {', '.join(self.excuse_from_duty)}"] if self.excuse_from_duty else []

    def excuses(self, name: str) -> bool:
        """Does his permission excuse ``name`` from duty?"""
        return EXCUSE_ALL in self.excuse_from_duty or name in self.excuse_from_duty
