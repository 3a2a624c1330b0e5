"""b. Time Sequence and Social Status: allowance, support, social level.

"To raise a character's Social Level by one level, Status Points equal to three
times the number of the Social Level sought must be accumulated in a single
month."  "In order for a character to maintain his Social Level, he must
accumulate Status Points equal in number to his Social Level at the beginning of
the month."  "A character who fails to maintain his Social Level will drop one
level."  "At the end of the month, all Status Points accumulated that month are
dropped."

"A character must pay Crowns ... equal to twice his Social Level each month for
support ... A character who fails to do so loses one Social Level."  "A
character may gain one additional Status Point each month by conspicuous
consumption. This consists of spending three times his Social Level for the
month, rather than two, for support."

The month-end functions here run in the order ``engarde.resolve`` states:
allowance (if paid at month end) -> support -> (clubs, companionship) ->
social level -> status-point reset.
"""

from __future__ import annotations

from ...calendar import MONTH_END, MONTH_START
from .codes import (
    EV_ALLOWANCE,
    EV_CONSPICUOUS,
    EV_SL_DROPPED,
    EV_SL_MAINTAINED,
    EV_SL_RAISED,
    EV_SUPPORT_PAID,
    EV_SUPPORT_UNPAID,
)
from ...codes import EV_CANNOT_AFFORD
from ...records import Character
from .orders import SupportOrders
from .tables import StatusTables
from ...turn import Turn

RULE_ALLOWANCE = "a. Birth Table C (Allowance)"
RULE_SUPPORT = "b. Support"
RULE_STATUS = "b. Status Points and Social Level"

# Facts of the month (Turn.facts) this module shares with itself.
FACT_SL_AT_START = "social_level_at_start"
FACT_SUPPORT_UNPAID = "support_unpaid"

DROP_STATUS = "status"
DROP_SUPPORT = "support"


def begin_month(turn: Turn, ch: Character) -> None:
    """Remember his Social Level at the beginning of the month.

    "Status Points equal in number to his Social Level at the beginning of the
    month" is what maintaining needs, so the month end compares against this.
    """
    turn.fact(ch.name)[FACT_SL_AT_START] = ch.social_level


def pay_allowance(turn: Turn, ch: Character, week: int = MONTH_START) -> None:
    """His father's monthly allowance (Birth Table C), if he has one.

    When it arrives (month start or month end) is the campaign's
    ``allowance`` setting (``StatusTables``); the resolver passes the matching week.
    """
    if ch.allowance <= 0:
        return
    turn.post(ch, "crowns", ch.allowance, week, f"monthly allowance ({ch.allowance} crowns)", RULE_ALLOWANCE)
    turn.event(EV_ALLOWANCE, week, ch.name, public=False, amount=ch.allowance)


def pay_support(turn: Turn, ch: Character, conspicuous: bool = False) -> bool:
    """Pay the month's support: 2 x SL, or 3 x SL and +1 SP with conspicuous consumption.

    Returns True if support was paid.  An unpaid month is remembered for
    ``settle_social_level`` ("A character who fails to do so loses one Social
    Level").
    """
    tables = turn.tables.status
    sl = ch.social_level
    ordinary = tables.support_multiplier * sl
    if conspicuous:
        lavish = tables.conspicuous_multiplier * sl
        if turn.pay(ch, lavish, MONTH_END,
                    f"support with conspicuous consumption ({tables.conspicuous_multiplier} × SL {sl})",
                    RULE_SUPPORT):
            turn.post(ch, "status_points", tables.conspicuous_status, MONTH_END,
                      f"conspicuous consumption ({tables.conspicuous_multiplier} × SL {sl} for support)", RULE_SUPPORT)
            turn.event(EV_SUPPORT_PAID, MONTH_END, ch.name, public=False, amount=lavish, conspicuous=True)
            turn.event(EV_CONSPICUOUS, MONTH_END, ch.name, public=True, amount=lavish)
            return True
        # Choice: conspicuous consumption he cannot afford falls back to
        # ordinary support (2 x SL) if he can pay that; he is told so.
        turn.event(EV_CANNOT_AFFORD, MONTH_END, ch.name, public=False,
                   what="conspicuous consumption", cost=lavish, had=ch.crowns)
    if turn.pay(ch, ordinary, MONTH_END, f"support for the month ({tables.support_multiplier} × SL {sl})",
                RULE_SUPPORT):
        turn.event(EV_SUPPORT_PAID, MONTH_END, ch.name, public=False, amount=ordinary, conspicuous=False)
        return True
    # Choice: no partial support.  "A character must pay Crowns equal to twice
    # his Social Level": if he cannot pay it all he pays nothing and the month's
    # support is unpaid.
    turn.fact(ch.name)[FACT_SUPPORT_UNPAID] = True
    turn.event(EV_SUPPORT_UNPAID, MONTH_END, ch.name, public=False, owed=ordinary, had=ch.crowns)
    return False


def status_change(tables: StatusTables, start_level: int, status_points: int) -> int:
    """+1, 0 or -1: what the month's Status Points do to a level of ``start_level``.

    Raise needs 3 x the level sought; maintain needs the level at the beginning
    of the month; anything less drops one.  Never more than one level a month.
    """
    if status_points >= tables.raise_multiplier * (start_level + 1):
        return 1
    if status_points >= start_level:
        return 0
    return -1


def settle_social_level(turn: Turn, ch: Character) -> int:
    """Raise, maintain or drop his Social Level at month end; returns the change."""
    tables = turn.tables.status
    facts = turn.fact(ch.name)
    start = facts.get(FACT_SL_AT_START, ch.social_level)
    sp = ch.status_points
    by_status = status_change(tables, start, sp)
    unpaid = bool(facts.get(FACT_SUPPORT_UNPAID))
    # Choice: unpaid support combines with the Status Point outcome as
    # clamp(status change - 1, -1, +1): it cancels a rise, turns maintaining
    # into a drop, and a drop stays one level ("may not be changed more than one
    # level per month").
    change = max(-1, min(1, by_status - (1 if unpaid else 0)))
    old = ch.social_level
    # Choice: never below Social Level 1; a drop at SL 1 leaves him at 1 and is
    # reported as maintaining it.
    new = max(tables.lowest_social_level, old + change)
    if new > old:
        sought = start + 1
        turn.post(ch, "social_level", new - old, MONTH_END,
                  f"raised: {sp} status points ≥ {tables.raise_multiplier} × SL {sought} sought", RULE_STATUS)
        turn.event(EV_SL_RAISED, MONTH_END, ch.name, public=True,
                   **{"from": old, "to": new, "status_points": sp})
    elif new < old:
        # Choice: when both the Status Points and the support fall short, the
        # reason given is "status" (the points alone would have dropped him).
        if by_status < 0:
            reason, text, rule = DROP_STATUS, f"dropped: {sp} status points < SL {start} to maintain", RULE_STATUS
        else:
            reason, text, rule = DROP_SUPPORT, "dropped: the month's support was not paid", RULE_SUPPORT
        turn.post(ch, "social_level", new - old, MONTH_END, text, rule)
        turn.event(EV_SL_DROPPED, MONTH_END, ch.name, public=True,
                   **{"from": old, "to": new, "status_points": sp, "reason": reason})
    else:
        turn.event(EV_SL_MAINTAINED, MONTH_END, ch.name, public=False, level=old, status_points=sp)
    return new - old


def reset_status_points(turn: Turn, ch: Character) -> None:
    """"At the end of the month, all Status Points accumulated that month are dropped."

    Status Points may be negative within a month (a month without
    companionship, later gambling losses); the reset brings them back to 0
    either way.
    """
    turn.post(ch, "status_points", -ch.status_points, MONTH_END, "status points of the month dropped", RULE_STATUS)


# -- its steps in the month (their order: engarde.rules.MONTH) -------------------------------


def allowance_at_start(turn: Turn, ch: Character) -> None:
    if turn.tables.status.allowance == "month_start":
        pay_allowance(turn, ch, MONTH_START)


def allowance_at_end(turn: Turn, ch: Character) -> None:
    if turn.tables.status.allowance == "month_end":
        pay_allowance(turn, ch, MONTH_END)


def support_step(turn: Turn, ch: Character) -> None:
    """Support, with the conspicuous consumption his sheet orders."""
    sheet = turn.sheet(ch.name)
    pay_support(turn, ch, bool(sheet and sheet.monthly.of(SupportOrders).conspicuous_consumption))
