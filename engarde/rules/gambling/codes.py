"""Stable codes of the gambling module's events and errors: templates and tests match these, never prose."""

E_TOO_MANY_BETS = "too-many-bets"  # "A character may place only nine bets in any one week."
EV_GAMBLING = "gambling"  # public when the week's result is of note (tables.GAMBLING_OF_NOTE)
