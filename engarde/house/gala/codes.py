"""The gala's event and error codes (templates and tests match these, never prose)."""

# events
EV_GALA = "gala"                      # a gala held: public (the column), its round-by-round account private
EV_GALA_ACCOUNT = "gala-account"      # one guest's own account of the evening (his report only)
EV_GALA_NONE = "gala-none"            # he meant to attend a gala that was not given that week (his report)
EV_GALA_ATTRIBUTES = "gala-attributes"  # his Charm, Wit and Accomplishment rolled or set (his report)
EV_GALA_SHARED = "gala-shared"        # a betrothed's fortunes shared at month end (both reports)
EV_GALA_BROKEN = "gala-broken"        # an engagement broken off away from a gala, as the week's action (public)

# errors in a gala plan
E_GALA_PLAN = "gala-plan"
E_GALA_ROUND = "gala-round"
