"""Stable codes of the military module's events and errors: templates and tests match these, never prose."""

EV_CAMPAIGN_DETERMINED = "campaign-determined"  # public: the season's forces, missions, organisation
EV_SUBSTITUTION_PETITIONED = "substitution-petitioned"
EV_SUBSTITUTION_GRANTED = "substitution-granted"  # public
EV_SUBSTITUTION_REFUSED = "substitution-refused"
EV_SUBSTITUTION_AWAITS_FIELD_MARSHAL = "substitution-awaits-field-marshal"  # a player Field Marshal decides
EV_MARCHED = "marched-to-campaign"  # public: he goes on campaign with his unit
EV_VOLUNTEERED = "volunteered"  # public: a volunteer (or his unit) goes on campaign
EV_VOLUNTEER_REFUSED = "volunteer-refused"
EV_ON_CAMPAIGN = "on-campaign"  # private: his weekly orders are not carried out
EV_BATTLE_RESULT = "battle-result"  # public: one command's result and its interpretation
EV_PERSONAL_OUTCOME = "personal-outcome"  # private: the numbers he needed and what he rolled
EV_KILLED_IN_ACTION = "killed-in-action"  # public
EV_DESPATCHES = "mentioned-in-despatches"  # public
EV_PROMOTED_IN_FIELD = "promoted-in-the-field"  # public: permanent, brevet or confirmed
EV_PLUNDER = "plunder"
EV_POLTROONERY = "poltroonery"  # public when seen or dismissed; private when unnoticed
EV_MA_RAISED = "military-ability-raised"
EV_RETURNED_FROM_CAMPAIGN = "returned-from-campaign"  # public
EV_DESPATCH_STATUS = "despatch-status"  # private: the month's status points for his mentions
EV_POLTROON_PENALTY = "poltroon-penalty"  # private: the month's status points lost
EV_BREVET_CONFIRMED = "brevet-confirmed"  # public
EV_BREVET_EXTENDED = "brevet-extended"
EV_BREVET_REVERTED = "brevet-reverted"  # public
EV_NPC_OFFICER_KILLED = "npc-officer-killed"  # public: a non-player officer of a regiment
EV_NPC_SUBALTERN_PROMOTED = "npc-subaltern-promoted"
EV_NPC_OFFICER_PROMOTED = "npc-officer-promoted"  # a non-player officer into an opening above him
