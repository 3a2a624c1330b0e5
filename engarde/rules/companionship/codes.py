"""Stable codes of the companionship module's events and errors: templates and tests match these, never prose."""

EV_NO_COMPANIONSHIP = "no-companionship"
