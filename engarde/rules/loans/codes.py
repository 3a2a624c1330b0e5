"""Stable codes of the loans module's events and errors: templates and tests match these, never prose."""

EV_LOAN_TAKEN = "loan-taken"
EV_LOAN_REPAID = "loan-repaid"
EV_LOAN_CALLED = "loan-called"
EV_LOAN_OFFERED = "loan-offered"  # private: a lender's monthly offer, to him and the borrower
EV_LOAN_OFFER_UNUSED = "loan-offer-unused"  # private: what the borrower did not take of it by month end
EV_DISGRACED = "disgraced"  # public: a debt unpaid; he must join a Frontier Regiment
EV_DISGRACE_LIFTED = "disgrace-lifted"  # public: his debts paid
