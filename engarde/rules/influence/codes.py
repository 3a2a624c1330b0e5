"""Stable codes of the influence module's events and errors: templates and tests match these, never prose."""

EV_FAVOUR_RECEIVED = "favour-received"
EV_FAVOURS_EXPIRED = "favours-expired"
EV_FAVOURS_COMBINED = "favours-combined"
EV_INFLUENCE_PLEDGED = "influence-pledged"
EV_INFLUENCE_USED = "influence-used"
EV_INFLUENCE_UNUSED = "influence-unused"
