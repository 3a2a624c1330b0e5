"""Stable codes of the practice module's events and errors: templates and tests match these, never prose."""

EV_PRACTICE = "practice"
EV_EXPERTISE_GAINED = "expertise-gained"
