"""d. Loans: every loan outstanding (the lender's side; the borrower's debt is on his sheet)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ...records import known_fields
from .tables import MONEYLENDER


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
    principal: int = 0  # what was lent (a moneylender's limit counts this)
    called: str | None = None  # the month a lender called it in (a loan between characters)
    defaulted: str | None = None  # the month it went unpaid when due: he is disgraced until paid

    @property
    def from_moneylender(self) -> bool:
        return self.lender == MONEYLENDER


@dataclass
class LoansState:
    loans: list[Loan] = field(default_factory=list)
    # The last loan number given: numbers are never reused, so a sheet's "debt.<n>"
    # counters name one loan for ever.
    last_loan_number: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "LoansState":
        data = data or {}
        return cls([Loan(**known_fields(Loan, x)) for x in data.get("loans", [])],
                   int(data.get("last_loan_number", 0)))

    def next_loan_number(self) -> int:
        """A new loan's number (and remember it as given)."""
        self.last_loan_number = max([self.last_loan_number, *(x.number for x in self.loans)]) + 1
        return self.last_loan_number

    def loans_of(self, borrower: str) -> list[Loan]:
        """His loans, oldest first."""
        return sorted((x for x in self.loans if x.borrower == borrower), key=lambda x: x.number)

    def loan(self, number: int) -> Loan | None:
        for x in self.loans:
            if x.number == number:
                return x
        return None
