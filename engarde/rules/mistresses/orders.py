"""The orders of the mistresses module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import Order


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
