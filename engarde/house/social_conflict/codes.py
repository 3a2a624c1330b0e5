"""The social conflict's event and error codes."""

EV_CONFLICT = "social-conflict"  # a conflict played: the record card by card (private to the two)
EV_CONFLICT_NEWS = "social-conflict-news"  # its outcome, when it ended in a comparison (public)
EV_CONFLICT_REFUSED = "social-conflict-refused"  # an attack that could not be made, and why (private)
EV_OBLIGED = "social-conflict-obliged"  # what the man won over did (or the GM must rule on)
EV_PROMISE_KEPT = "social-conflict-promise-kept"  # he kept away from the mistress he promised to leave

E_BAD_TACTIC = "E_BAD_TACTIC"
E_TACTICS_UNENDED = "E_TACTICS_UNENDED"
