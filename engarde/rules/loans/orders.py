"""The orders of the loans module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import MONTHLY, Order, Part


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


@dataclass(frozen=True)
class Lend:
    """d. Loans: a monthly order, "Lend 100 crowns to D'Artagnan": up to ``amount`` crowns
    for ``borrower`` this month, if he borrows them (engarde.rules.loans.offer)."""

    amount: int
    borrower: str

    def describe(self) -> str:
        return f"Lend {self.amount} crowns to {self.borrower}"


@dataclass
class LoanOrders(Part):
    """d. Loans for the month: the loans he calls in and what he offers to lend."""

    module: ClassVar[str] = "loans"
    when: ClassVar[str] = MONTHLY
    # "after three months ... the lender may demand payment": the borrowers (names, or
    # "all") whose loans from him he calls in this month (engarde.rules.loans)
    call_loans: tuple[str, ...] = ()
    # "Characters may borrow money from other players": his consent, the crowns he offers
    # each borrower this month (taken by the borrower's Borrow order; not a week's action)
    lend: tuple[Lend, ...] = ()

    def describe(self) -> list[str]:
        lines = []
        if self.call_loans:
            who = ", ".join(self.call_loans)
            lines.append("call in every loan you made" if who == "all" else f"call in your loans to {who}")
        for x in self.lend:
            lines.append(f"lend up to {x.amount} crowns to {x.borrower} this month, if he borrows them "
                         f"(his week's 'Borrow {x.amount} crowns from ...'; this costs you no week)")
        return lines
