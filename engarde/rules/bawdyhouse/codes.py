"""Stable codes of the bawdyhouse module's events and errors: templates and tests match these, never prose."""

EV_BAWDYHOUSE_VISIT = "bawdyhouse-visit"
EV_FOOTPADS = "footpads"
