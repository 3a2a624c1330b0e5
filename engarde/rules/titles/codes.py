"""Stable codes of the titles module's events and errors: templates and tests match these, never prose."""

EV_TITLE_QUALIFIED = "title-qualified"
EV_TITLE_GRANTED = "title-granted"  # public
EV_TITLE_NOT_GRANTED = "title-not-granted"
EV_PENSION = "pension"
