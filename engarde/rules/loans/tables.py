"""d. Loans: a moneylender's terms, and when a loan between characters may be called in.

The rulebook's numbers as data, named as the book names them; a campaign overrides them
in ``[campaigns.ID.tables.loans]``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...tables import value

# Names, not numbers: the lender named on a loan from a Shylock, and the Character.state of
# a borrower who could not pay.
MONEYLENDER = "moneylender"
DISGRACED = "disgraced"


@dataclass(frozen=True)
class LoansTables:
    moneylender_limit_per_sl: int = value(100, high=100_000, note='"When borrowing from a Shylock, the maximum amount '
                                          'that any character can borrow is 100 times his Social Level"')
    moneylender_interest_percent: int = value(10, high=1000, note='"he must pay back the money plus 10% interest"')
    moneylender_term_months: int = value(6, low=1, high=120, note='"at the end of six months time"')
    loan_callable_after_months: int = value(3, high=120, note='"At any time after three months from the date of the '
                                            'loan, however, the lender may demand payment from the borrower"')
    called_loans: str = value(
        "private", choices=("private", "public"), setting=True,
        note='whether a loan called in is news: "private" (the book says nothing of it: the lender\'s demand is '
             'between the two men, and the gazette prints the disgrace of a man who cannot pay); "public": the '
             "gazette's Notices print each debt called, lender, borrower and sum")
