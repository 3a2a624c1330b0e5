"""Stable codes for outcomes, events and errors.

Templates and tests match these codes, never the prose, so wording can be
improved without breaking either.
"""

# -- errors found in order sheets and mail ------------------------------------
E_UNKNOWN_VERB = "unknown-verb"
E_NOT_YET = "not-yet-supported"
E_BAD_WEEK = "bad-week"
E_DUPLICATE_WEEK = "duplicate-week"
E_NO_CHARACTER = "no-character"
E_UNKNOWN_CHARACTER = "unknown-character"
E_WRONG_PASSWORD = "wrong-password"
E_UNKNOWN_CLUB = "unknown-club"
E_UNKNOWN_WEAPON = "unknown-weapon"
E_BAD_AMOUNT = "bad-amount"
E_DITTO_FIRST = "ditto-without-previous"
E_BAD_MAIL = "bad-mail"
E_BAD_MONTH = "bad-month"
E_WRONG_MONTH = "wrong-month"
E_SECOND_CHARACTER = "second-character"
# -- issue 3: the order language and mail intake ------------------------------
E_UNKNOWN_SENDER = "unknown-sender"  # mail not from the character's registered address
E_TOO_LARGE = "message-too-large"  # over mail.max_message_bytes: rejected unread
E_CLOSED_MONTH = "closed-month"  # a sheet for a month already resolved
E_TOO_MANY_BETS = "too-many-bets"  # "A character may place only nine bets in any one week."
E_BAD_ORDER = "bad-order"  # an order of a known kind that lacks what it needs (whom, which rank...)
E_UNKNOWN_REGIMENT = "unknown-regiment"
E_BAD_RANK = "bad-rank"
E_BAD_FALLBACK = "bad-fallback"  # a regiment to try next that is not of lower standing
E_BAD_SEQUENCE = "illegal-sequence"  # a duel sequence Duelling Table A does not allow
E_LETTER_UNENDED = "letter-unended"  # a letter to the gazette with no "End of letter"
E_BAD_CONDITION = "bad-duel-condition"  # a written duel condition the duel rules cannot read
E_DEAD_CHARACTER = "dead-character"  # a sheet for a character who is dead

# -- events (things that happen; the gazette and reports render them) ---------
EV_SL_RAISED = "social-level-raised"
EV_SL_MAINTAINED = "social-level-maintained"
EV_SL_DROPPED = "social-level-dropped"
EV_SUPPORT_PAID = "support-paid"
EV_SUPPORT_UNPAID = "support-unpaid"
EV_CONSPICUOUS = "conspicuous-consumption"
EV_ALLOWANCE = "allowance-received"
EV_CLUB_JOINED = "club-joined"
EV_CLUB_REFUSED = "club-refused"
EV_CLUB_RESIGNED = "club-resigned"
EV_CLUB_DUES_PAID = "club-dues-paid"
EV_CLUB_LAPSED = "club-membership-lapsed"
EV_CLUB_VISIT = "club-visit"
EV_CLUB_TURNED_AWAY = "club-turned-away"
EV_CANNOT_AFFORD = "cannot-afford"
EV_BAWDYHOUSE_VISIT = "bawdyhouse-visit"
EV_FOOTPADS = "footpads"
EV_NO_COMPANIONSHIP = "no-companionship"
EV_PRACTICE = "practice"
EV_EXPERTISE_GAINED = "expertise-gained"
EV_REST = "rest"
EV_NO_ORDERS = "no-orders"
EV_ORDER_REFUSED = "order-refused"

# -- issue 4: society (gambling, toadying, mistresses, loans) ------------------
EV_GAMBLING = "gambling"  # public when the week's result is of note (tables.GAMBLING_OF_NOTE)
EV_TOADYING = "toadying"  # a guest and his host: the status each gained or lost
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
EV_LOAN_TAKEN = "loan-taken"
EV_LOAN_REPAID = "loan-repaid"
EV_LOAN_CALLED = "loan-called"
EV_LOAN_OFFERED = "loan-offered"  # private: a lender's monthly offer, to him and the borrower
EV_LOAN_OFFER_UNUSED = "loan-offer-unused"  # private: what the borrower did not take of it by month end
EV_DISGRACED = "disgraced"  # public: a debt unpaid; he must join a Frontier Regiment
EV_DISGRACE_LIFTED = "disgrace-lifted"  # public: his debts paid

# -- issue 6: regiments, influence, appointments and titles ----------------------
EV_REGIMENT_ORGANISED = "regiment-organised"  # private to whoever brought it about: its roster rolled
EV_REGIMENT_JOINED = "regiment-joined"  # public
EV_REGIMENT_REJECTED = "regiment-rejected"
EV_REGIMENT_NOT_ELIGIBLE = "regiment-not-eligible"  # he may not apply there (SL, money, standing)
EV_REGIMENT_AWAITS_COLONEL = "regiment-awaits-colonel"  # a player colonel decides; the GM is told
EV_RANK_BOUGHT = "rank-bought"  # public
EV_RANK_REFUSED = "rank-refused"
EV_HORSES_BOUGHT = "horses-bought"
EV_REGIMENTAL_PAY = "regimental-pay"
EV_HORSE_UPKEEP = "horse-upkeep"
EV_DUTY = "regimental-duty"
EV_DUTY_EXCUSED = "duty-excused"
EV_DUTY_INSTEAD = "duty-instead"  # an unexcused duty week took the place of his order
EV_RANK_SL_SHORT = "rank-social-level-short"  # his SL is below his rank's minimum
EV_EXPELLED = "expelled-from-regiment"  # public
EV_BRIGADE_MAJOR = "brigade-major"  # public: the yearly roll
EV_BRIGADE_STATUS = "brigade-status"
EV_FAVOUR_RECEIVED = "favour-received"
EV_FAVOURS_EXPIRED = "favours-expired"
EV_FAVOURS_COMBINED = "favours-combined"
EV_INFLUENCE_PLEDGED = "influence-pledged"
EV_INFLUENCE_USED = "influence-used"
EV_INFLUENCE_UNUSED = "influence-unused"
EV_APPOINTED = "appointed"  # public
EV_APPOINTMENT_REFUSED = "appointment-refused"
EV_APPOINTMENT_AWAITS = "appointment-awaits"  # a player holds the appointing post; the GM is told
EV_APPOINTMENT_ENDED = "appointment-ended"  # public
EV_APPOINTMENT_STATUS = "appointment-status"
EV_TITLE_QUALIFIED = "title-qualified"
EV_TITLE_GRANTED = "title-granted"  # public
EV_TITLE_NOT_GRANTED = "title-not-granted"
EV_PENSION = "pension"
# a decision a player (colonel, minister) must make: told to the GM as an error record
E_AWAITS_PLAYER = "awaits-player-decision"

# -- issue 6: military campaigns (engarde.rules.military) ------------------------
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
EV_DISGRACE_FRONTIER = "disgraced-to-the-frontier"  # public: a disgraced man made to join a Frontier Regiment
EV_DISGRACE_RELEASED = "released-from-the-frontier"  # public: his debts paid, he leaves the Frontier Regiment
EV_COMMISSION_RESIGNED = "commission-resigned"  # public: he resigned his commission
EV_REGIMENT_DECIDED = "regiment-application-decided"  # a player colonel's answer, recorded by the GM
EV_BRIGADE_COMMAND = "brigade-command"  # public: a Brigadier takes (or gives up) his brigade

# -- issue 5: duelling (engarde.rules.duel) ------------------------------------------
EV_DUEL = "duel"  # public: the whole fight, turn by turn, in its data (DuelRecord.to_dict)
EV_DUEL_DEATH = "duel-death"  # public: killed in a duel
EV_DUEL_REFUSED = "duel-refused"  # public: a challenge refused (or declined by a wounded man)
EV_DUEL_NO_CAUSE = "duel-no-cause"  # public: a challenge with insufficient cause (or the GM ruled none)
EV_DUEL_CAUSE_IGNORED = "duel-cause-ignored"  # public: cause and opportunity, and he did not fight
EV_DUEL_ANSWER = "duel-answer"  # private: a week spent answering a challenge
EV_DUEL_RECOVERY = "duel-recovery"  # private: Endurance recovered from duel wounds
EV_DUEL_TRADE = "duel-expertise-traded"  # private: five Expertise traded for one Strength
