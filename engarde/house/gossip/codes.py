"""Stable codes of the gossip house rule's events and errors: templates and tests match these, never prose."""

# -- events ----------------------------------------------------------------------------
EV_SPREAD = "gossip-spread"  # private: he put a secret he held publicly into the gossip
EV_NOT_HELD = "gossip-not-held"  # private: he ordered a secret spread that he no longer holds
EV_EXPOSED = "gossip-exposed"  # private: a threat about him went publicly into gossip
EV_OVER_LIMIT = "gossip-over-limit"  # private: his secrets over the hand limit went face down to a pile
EV_COLUMN = "gossip-column"  # public: the month's gossip pile, how much was hushed up and printed
EV_PRINTED = "gossip-printed"  # public: one secret printed in the gossip column
EV_EVIDENCE = "gossip-evidence"  # public: evidence placed on a house
EV_INFORMER = "gossip-informer"  # public: a man known for an informer
EV_RAID = "gossip-raid"  # public: a house raided
EV_INDICTED = "gossip-indicted"  # public: a patron indicted in a raid

# -- errors of a sheet -------------------------------------------------------------------
E_GOSSIP_NUMBERS = "gossip-numbers"  # a "Spread secret" / "Keep secrets" line without the secrets' numbers
