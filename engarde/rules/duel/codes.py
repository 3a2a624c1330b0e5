"""Stable codes of the duel module's events and errors: templates and tests match these, never prose."""

E_BAD_SEQUENCE = "illegal-sequence"  # a duel sequence Duelling Table A does not allow
E_BAD_CONDITION = "bad-duel-condition"  # a written duel condition the duel rules cannot read
EV_DUEL = "duel"  # public: the whole fight, turn by turn, in its data (DuelRecord.to_dict)
EV_DUEL_DEATH = "duel-death"  # public: killed in a duel
EV_DUEL_REFUSED = "duel-refused"  # public: a challenge refused (or declined by a wounded man)
EV_DUEL_NO_CAUSE = "duel-no-cause"  # public: a challenge with insufficient cause (or the GM ruled none)
EV_DUEL_CAUSE_IGNORED = "duel-cause-ignored"  # public: cause and opportunity, and he did not fight
EV_INSULT = "insult"  # public: an insult given where both were (cause for him and his regimental friends)
EV_CHALLENGE_UNMET = "challenge-unmet"  # private: a challenge not fought, the challenged being elsewhere that week
EV_DUEL_ANSWER = "duel-answer"  # private: a week spent answering a challenge
EV_DUEL_RECOVERY = "duel-recovery"  # private: Endurance recovered from duel wounds
EV_DUEL_TRADE = "duel-expertise-traded"  # private: five Expertise traded for one Strength
