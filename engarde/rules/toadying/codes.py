"""Stable codes of the toadying module's events and errors: templates and tests match these, never prose."""

EV_TOADYING = "toadying"  # a guest and his host: the status each gained or lost
EV_TOADY_COMPANY = "toadying_company"  # two men at one club, neither the other's guest: the status each gained or lost
