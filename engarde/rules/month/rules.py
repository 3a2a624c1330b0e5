"""The month's frame: the week's actions, a week of rest, a month without orders.

b. Time Sequence: "Four weeks make a game month"; each week a character takes one
action.  Which module carries out an order is the registry's business
(``RuleModule.actions``); this module walks the characters through the week.
"""

from __future__ import annotations

from ...calendar import MONTH_START
from ...codes import E_MODULE_OFF, EV_NO_ORDERS, EV_ORDER_REFUSED, EV_REST
from ...orders import Order, Rest
from ...records import Character, ErrorRecord
from ...turn import Turn


def week_actions(turn: Turn, week: int) -> None:
    """Each living man's order for the week, in name order so the dice fall in a fixed
    order; one whom a module keeps away (on campaign) takes no action; an order whose
    action waits (a guest at a club, for his host) comes after the others."""
    registry = turn.registry
    assert registry is not None, "the week's actions need the campaign's registry"
    later = []
    for name in turn.living:
        ch = turn.characters[name]
        if any(away(turn, ch, week) for away in registry.away) or ch.dead:
            continue  # on campaign (or killed): no weekly action
        sheet = turn.sheet(name)
        order = sheet.action(week) if sheet else Rest("no orders")
        action = registry.actions.get(type(order))
        if action is not None and action.waits is not None and action.waits(turn, ch, order):
            later.append((ch, order))
            continue
        act(turn, ch, order, week)
    for ch, order in later:
        act(turn, ch, order, week)


def act(turn: Turn, ch: Character, order: Order, week: int) -> None:
    """One character's action for one week: a module may claim the week first (duty)."""
    registry = turn.registry
    assert registry is not None
    if any(claim(turn, ch, order, week) for claim in registry.claims):
        return
    action = registry.actions.get(type(order))
    if action is not None:
        action.run(turn, ch, order, week)
        return
    # An order of a module this campaign does not use (a house rule switched off
    # since the sheet was read): the week is wasted, and the GM and player are told.
    module = registry.order_module.get(type(order), "an unknown")
    sheet = turn.sheet(ch.name)
    source = sheet.source if sheet else ch.name
    line = sheet.lines.get(week, 0) if sheet else 0
    turn.errors.append(ErrorRecord(
        source, line, E_MODULE_OFF,
        f"{ch.name}, week {week}: {order.describe()!r} is an order of the {module} house rule, "
        "which this campaign does not use; he rests",
    ))
    turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(),
               reason=f"the {module} house rule is not in use")


def rest(turn: Turn, ch: Character, order: Rest, week: int) -> None:
    turn.event(EV_REST, week, ch.name, public=False, reason=order.reason)


def no_orders(turn: Turn, ch: Character) -> None:
    """NMR: a man with no sheet follows his standing orders on file (``turn.standing``),
    else rests all month, and pays what the campaign says a missed month costs."""
    if turn.sheet(ch.name) is not None:
        return
    turn.event(EV_NO_ORDERS, MONTH_START, ch.name, public=False)
    cost = turn.tables.month.nmr_status_points
    if cost and turn.keeps_accounts(ch.name):  # on campaign he keeps no status account
        turn.post(ch, "status_points", -cost, MONTH_START,
                  "no orders this month (the campaign's cost of a missed month)", "campaign: nmr_status_points")
