"""The orders of the loans module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import Order


@dataclass(frozen=True)
class Borrow(Order):
    """d. Loans: from another character (no interest) or a moneylender."""

    kind: ClassVar[str] = "borrow"
    amount: int = 0
    lender: str = "moneylender"

    def describe(self) -> str:
        return f"Borrow {self.amount} crowns from {self.lender}"


@dataclass(frozen=True)
class Repay(Order):
    kind: ClassVar[str] = "repay"
    amount: int | None = None  # None: all he owes
    lender: str = "moneylender"

    def describe(self) -> str:
        what = f"{self.amount} crowns" if self.amount is not None else "everything owed"
        return f"Repay {what} to {self.lender}"
