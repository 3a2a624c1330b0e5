"""Resolve one game month: month start, weeks 1 to 4, month end.

``resolve_month`` takes the characters as they stood before the month, the
month's order sheets (keyed by character name), the dice and the campaign's
rule settings, and returns a ``MonthResult``: the characters after the month,
every ledger entry (with its reason and rule), every event, the errors found,
and every die rolled with its reason.  The input characters are not touched: it
works on deep copies, so the caller keeps the "before" snapshot and
``records.replay`` of each one with its ledger entries gives the "after".

The fixed order (``engarde.rules`` says which module does what):

Month start (week MONTH_START), for each character in sorted name order:
  1. note his Social Level at the beginning of the month;
  2. allowance, if the campaign's ``allowance`` setting is "month_start";
  3. monthly orders: resign from his club, then join a club (so a sheet with
     both resigns first).
A character without an order sheet gets EV_NO_ORDERS and rests all month.

Weeks 1 to 4: each week, each character's action for that week, characters in
sorted name order so that the dice are rolled in a deterministic order.

Month end (week MONTH_END): the stated order of payments.  Each step is done for
every character (sorted by name) before the next step:
  1. allowance, if the campaign's ``allowance`` setting is "month_end";
  2. support: 2 x SL, or 3 x SL and +1 SP with conspicuous consumption;
  3. club dues (unpaid: the membership lapses and earns no monthly club SP);
  4. monthly club status points (members whose dues were paid);
  5. bars on rejoining a club count down one month;
  6. companionship penalty (-2 SP, 2 more each consecutive month);
  7. social level: maintain, raise or drop (unpaid support costs a level);
  8. status points of the month reset to 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .calendar import MONTH_END, MONTH_START, WEEKS_PER_MONTH, GameMonth
from .codes import E_NOT_YET, E_UNKNOWN_CHARACTER, E_WRONG_MONTH, EV_NO_ORDERS, EV_ORDER_REFUSED, EV_REST
from .config import RuleSettings
from .dice import Dice, Roll
from .orders import Order, OrderSheet, StandingOrders, Practise, Rest, VisitBawdyhouse, VisitClub
from .records import Character, ErrorRecord, Event, LedgerEntry
from .rules import bawdyhouse, clubs, companionship, practice, status
from .turn import Turn
from .world import World


@dataclass
class MonthResult:
    month: GameMonth
    characters: list[Character]  # after the month, in the order they were given
    ledger: list[LedgerEntry]
    events: list[Event]
    errors: list[ErrorRecord]
    rolls: list[Roll]  # dice.log of this month: every die rolled, with its reason
    world: World = field(default_factory=World)  # mistresses, loans, ... after the month


def resolve_month(
    month: GameMonth,
    characters: list[Character],
    sheets: dict[str, OrderSheet],
    dice: Dice,
    settings: RuleSettings = RuleSettings(),
    world: World | None = None,
    standing: dict[str, StandingOrders] | None = None,
) -> MonthResult:
    """Resolve ``month`` for ``characters`` from their ``sheets`` (keyed by name).

    ``world`` (mistresses, loans, ...) is copied, never changed; ``standing``
    holds each character's standing orders on file, already merged with any
    new ones in this month's sheet.
    """
    working = [ch.copy() for ch in characters]
    by_name: dict[str, Character] = {}
    for ch in working:
        if ch.name in by_name:
            raise ValueError(f"two characters are named {ch.name!r}")
        by_name[ch.name] = ch
    names = sorted(by_name)
    turn = Turn(month, by_name, dice, settings, world=(world or World()).copy(), standing=dict(standing or {}))
    first_roll = len(dice.log)

    usable: dict[str, OrderSheet] = {}
    for key in sorted(sheets):
        sheet = sheets[key]
        if key not in by_name:
            turn.errors.append(ErrorRecord(
                sheet.source, 0, E_UNKNOWN_CHARACTER,
                f"orders for {key!r}, who is not a character of this campaign",
                "check the character's name on the order sheet",
            ))
        elif sheet.month is not None and sheet.month != month:
            turn.errors.append(ErrorRecord(
                sheet.source, 0, E_WRONG_MONTH,
                f"these orders are for {sheet.month}, not {month}; {key} rests this month",
                f"send orders for {month}",
            ))
        else:
            usable[key] = sheet

    # -- month start ---------------------------------------------------------------
    for name in names:
        ch = by_name[name]
        status.begin_month(turn, ch)
        if settings.allowance == "month_start":
            status.pay_allowance(turn, ch, MONTH_START)
        sheet = usable.get(name)
        if sheet is None:
            turn.event(EV_NO_ORDERS, MONTH_START, name, public=False)
            continue
        if sheet.monthly.resign_club:
            clubs.resign(turn, ch)
        if sheet.monthly.join_club:
            clubs.join(turn, ch, sheet.monthly.join_club)

    # -- the weeks ---------------------------------------------------------------------
    for week in range(1, WEEKS_PER_MONTH + 1):
        for name in names:
            sheet = usable.get(name)
            order = sheet.action(week) if sheet else Rest("no orders")
            _act(turn, by_name[name], order, week, sheet)

    # -- month end: the stated order of payments ---------------------------------------------
    if settings.allowance == "month_end":
        for name in names:
            status.pay_allowance(turn, by_name[name], MONTH_END)
    for name in names:
        sheet = usable.get(name)
        status.pay_support(turn, by_name[name], bool(sheet and sheet.monthly.conspicuous_consumption))
    for name in names:
        clubs.pay_dues(turn, by_name[name])
    for name in names:
        clubs.monthly_status(turn, by_name[name])
    for name in names:
        clubs.count_down_bars(turn, by_name[name])
    for name in names:
        companionship.month_end(turn, by_name[name])
    for name in names:
        status.settle_social_level(turn, by_name[name])
    for name in names:
        status.reset_status_points(turn, by_name[name])

    return MonthResult(month, working, turn.ledger, turn.events, turn.errors, list(dice.log[first_roll:]), turn.world)


def _act(turn: Turn, ch: Character, order: Order, week: int, sheet: OrderSheet | None) -> None:
    """One character's action for one week."""
    if isinstance(order, Rest):
        turn.event(EV_REST, week, ch.name, public=False, reason=order.reason)
    elif isinstance(order, Practise):
        practice.practise(turn, ch, order, week)
    elif isinstance(order, VisitClub):
        clubs.visit(turn, ch, order, week)
    elif isinstance(order, VisitBawdyhouse):
        bawdyhouse.visit(turn, ch, order, week)
    else:
        # An order the parser knows but no rules module resolves yet: the week
        # is wasted, and the GM and player are told.
        source = sheet.source if sheet else ch.name
        line = sheet.lines.get(week, 0) if sheet else 0
        turn.errors.append(ErrorRecord(
            source, line, E_NOT_YET,
            f"{ch.name}, week {week}: {order.kind!r} orders cannot be resolved yet; he rests",
        ))
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False,
                   order=order.kind, reason="not yet supported")
