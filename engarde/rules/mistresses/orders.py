"""The orders of the mistresses module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import STANDING, Order, Part


@dataclass(frozen=True)
class Court(Order):
    """d. Mistresses: court a mistress, by name or by number."""

    kind: ClassVar[str] = "court"
    mistress: str = ""
    extra_payments: int = 0  # each adds one to the die roll (not for a wealthy mistress)

    def describe(self) -> str:
        text = f"Court mistress number {self.mistress}" if self.mistress.isdigit() else f"Court {self.mistress}"
        if self.extra_payments:
            text += f" with {self.extra_payments} extra payment{'s' if self.extra_payments != 1 else ''}"
        return text


@dataclass(frozen=True)
class VisitMistress(Order):
    kind: ClassVar[str] = "visit-mistress"

    def describe(self) -> str:
        return "Visit his mistress"


@dataclass
class SuitorStanding(Part):
    """d. Mistresses: what he does when a rival suitor meets him at her door."""

    module: ClassVar[str] = "mistresses"
    when: ClassVar[str] = STANDING
    rival_suitor: str | None = None  # "withdraw" | "fight"

    def describe(self) -> list[str]:
        return [f"Rival suitor: {self.rival_suitor}"] if self.rival_suitor else []
