"""Stable codes of the mistresses module's events and errors: templates and tests match these, never prose."""

EV_MISTRESS_VISIT = "mistress-visit"
EV_COURTING_FAILED = "courting-failed"
EV_NEW_LIAISON = "new-liaison"  # public: he won her
EV_MISTRESS_GIVEN_UP = "mistress-given-up"  # public: he won another, and gave the first up
EV_MISTRESS_SUPPLANTED = "mistress-supplanted"  # public: a rival won her from him
EV_THROWN_OUT = "thrown-out"  # public: an indiscretion, and his mistress threw him out
EV_MISTRESS_LEFT = "mistress-left"  # public: her support went unpaid
EV_MISTRESS_SUPPORT_PAID = "mistress-support-paid"
EV_MISTRESS_GIFTS = "mistress-gifts"
EV_MISTRESS_FAVOURS = "mistress-favours"
EV_SUITOR_WITHDREW = "suitor-withdrew"
EV_RIVAL_SUITORS = "rival-suitors"  # public: neither would withdraw; a duel is required
EV_CAUGHT_COURTING = "caught-courting"  # public: cause for a duel
