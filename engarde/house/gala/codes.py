"""The gala's event and error codes (templates and tests match these, never prose)."""

# events
EV_GALA = "gala"                      # a gala held: public (the column), its round-by-round account private
EV_GALA_ACCOUNT = "gala-account"      # one guest's own account of the evening (his report only)
EV_GALA_NONE = "gala-none"            # he meant to attend a gala that was not given that week (his report)
EV_GALA_ATTRIBUTES = "gala-attributes"  # his Charm, Wit and Accomplishment rolled (his report)
EV_GALA_ENGAGED = "gala-engaged"      # two engaged to be married (public)
EV_GALA_BROKEN = "gala-broken"        # an engagement broken off (public)
EV_GALA_SCANDAL = "gala-scandal"      # a secret told to the whole party in an outburst (public)
EV_GALA_SHARED = "gala-shared"        # a betrothed's fortunes shared at month end (both reports)

# errors in a gala plan
E_GALA_PLAN = "gala-plan"
E_GALA_ROUND = "gala-round"
