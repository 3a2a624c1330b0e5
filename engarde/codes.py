"""Stable codes for the core's events and errors (each rules module has its own ``codes``).

Templates and tests match these codes, never the prose, so wording can be
improved without breaking either.
"""

# -- errors found in order sheets and mail ------------------------------------
E_UNKNOWN_VERB = "unknown-verb"
E_MODULE_OFF = "module-not-in-use"  # an order of a house rule the campaign does not play
E_BAD_WEEK = "bad-week"
E_DUPLICATE_WEEK = "duplicate-week"
E_NO_CHARACTER = "no-character"
E_UNKNOWN_CHARACTER = "unknown-character"
E_WRONG_PASSWORD = "wrong-password"
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
E_BAD_ORDER = "bad-order"  # an order of a known kind that lacks what it needs (whom, which rank...)
E_DEAD_CHARACTER = "dead-character"  # a sheet for a character who is dead
# -- issue 10: trust at the deadline ---------------------------------------------
E_NO_ADDRESS = "no-address-on-record"  # mail for a character whose player has no address on record
E_NO_PASSWORD = "no-password-on-record"  # a character with no order password (made before they were required)
E_PASSWORD_REFUSED = "password-change-refused"  # "New password:" not from the address on record, or unfit
E_NOT_READ = "not-read"  # not a regular file (a FIFO, a device, a link out of the folder), or unreadable
E_QUARANTINED = "quarantined"  # engarde failed on the message: stored as rejected, the others go on
# -- issue 11: names resolved against the campaign, slips of the pen ---------------
E_UNKNOWN_NAME = "unknown-name"  # a character or mistress the campaign does not have
E_NAMED_DEAD = "named-dead"  # a dead character named where something must be done with him
E_TWO_READINGS = "two-readings"  # a slip of the pen within reach of two things: the player is asked
E_WORDS_NOT_READ = "words-not-read"  # words of an order that no reader used and that are no filler
E_TWO_ACTIONS = "two-actions"  # two actions written for one week: which is meant?

# -- events (things that happen; the gazette and reports render them) ---------
EV_CANNOT_AFFORD = "cannot-afford"
EV_REST = "rest"
EV_NO_ORDERS = "no-orders"
EV_ORDER_REFUSED = "order-refused"

# -- issue 6: regiments, influence, appointments and titles ----------------------
# a decision a player (colonel, minister) must make: told to the GM as an error record
E_AWAITS_PLAYER = "awaits-player-decision"

