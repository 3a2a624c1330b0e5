"""Stable codes of the status module's events and errors: templates and tests match these, never prose."""

EV_SL_RAISED = "social-level-raised"
EV_SL_MAINTAINED = "social-level-maintained"
EV_SL_DROPPED = "social-level-dropped"
EV_SUPPORT_PAID = "support-paid"
EV_SUPPORT_UNPAID = "support-unpaid"
EV_CONSPICUOUS = "conspicuous-consumption"
EV_ALLOWANCE = "allowance-received"
