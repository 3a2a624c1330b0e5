"""d. Loans.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations


# -- d. Loans ----------------------------------------------------------------------------
MONEYLENDER = "moneylender"  # the lender named on a loan from a Shylock
MONEYLENDER_LIMIT_PER_SL = 100  # "the maximum ... is 100 times his Social Level"
MONEYLENDER_INTEREST_PERCENT = 10  # "the money plus 10% interest"
MONEYLENDER_TERM_MONTHS = 6  # "at the end of six months time"
LOAN_CALLABLE_AFTER_MONTHS = 3  # "At any time after three months from the date of the loan"
DISGRACED = "disgraced"  # Character.state of a borrower who could not pay
