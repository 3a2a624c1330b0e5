"""Stable codes of the appointments module's events and errors: templates and tests match these, never prose."""

EV_APPOINTED = "appointed"  # public
EV_APPOINTMENT_REFUSED = "appointment-refused"
EV_APPOINTMENT_AWAITS = "appointment-awaits"  # a player holds the appointing post; the GM is told
EV_APPOINTMENT_ENDED = "appointment-ended"  # public
EV_APPOINTMENT_STATUS = "appointment-status"
EV_BRIGADE_COMMAND = "brigade-command"  # public: a Brigadier takes (or gives up) his brigade
