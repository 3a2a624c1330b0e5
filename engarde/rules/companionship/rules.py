"""d. Female Companionship: the monthly need and the penalty for going without.

"Once per month, characters must have some sort of female companionship. ...
Characters lose 2 Status Points the first month in which they lack feminine
company and an additional 2 points each consecutive month thereafter."

"Characters may fulfil the female companionship requirements by acquiring a
mistress or by going to a bawdyhouse."  "A character need only visit his
mistress once per month ... Mistresses accompanying their lovers to a club
count in lieu of the monthly visit."  Merely keeping a mistress does not
satisfy the month: he must see her.

Whatever satisfies the need (companionship at a bawdyhouse, a visit to his
mistress, bringing her to his club: ``bawdyhouse.visit``,
``mistresses.visit``, ``mistresses.bring_to_club``) calls ``satisfy``; at month end ``month_end`` applies the penalty or resets the
count.  The count of consecutive months without is the character's
``months_without_companionship`` (ledger-governed).
"""

from __future__ import annotations

from ...calendar import MONTH_END
from .codes import EV_NO_COMPANIONSHIP
from ...records import Character
from .tables import CompanionshipTables
from ...turn import Turn

RULE_COMPANIONSHIP = "d. Female Companionship"

# The month's fact (Turn.facts) that he had companionship.
FACT_COMPANIONSHIP = "companionship"


def satisfy(turn: Turn, ch: Character) -> None:
    """He had female companionship this month."""
    turn.fact(ch.name)[FACT_COMPANIONSHIP] = True


def had_companionship(turn: Turn, ch: Character) -> bool:
    return bool(turn.fact(ch.name).get(FACT_COMPANIONSHIP))


def penalty(tables: CompanionshipTables, months: int) -> int:
    """Status Points lost in the ``months``-th consecutive month without: 2, 4, 6, ..."""
    return tables.first_month + tables.each_month_more * (months - 1)


def month_end(turn: Turn, ch: Character) -> int:
    """Apply the month's penalty (or reset the count); returns the points lost.

    Choice: Status Points may go below 0 within a month from this penalty; the
    month-end reset brings them back to 0 after the Social Level is settled.
    """
    if had_companionship(turn, ch):
        if ch.months_without_companionship:
            turn.post(ch, "months_without_companionship", -ch.months_without_companionship, MONTH_END,
                      "had female companionship this month", RULE_COMPANIONSHIP)
        return 0
    turn.post(ch, "months_without_companionship", 1, MONTH_END,
              "a month without female companionship", RULE_COMPANIONSHIP)
    months = ch.months_without_companionship
    lost = penalty(turn.tables.companionship, months)
    turn.post(ch, "status_points", -lost, MONTH_END,
              f"no female companionship ({months} month{'s' if months != 1 else ''} running)",
              RULE_COMPANIONSHIP)
    turn.event(EV_NO_COMPANIONSHIP, MONTH_END, ch.name, public=False, months=months, lost=lost)
    return lost
