"""The confirmation a player is sent for each sheet: what was understood, week by week, what it
changed in the month on file, and each error with its line.  It reads the sheet and the
campaign's modules only, never the database, so that ``engarde orders check`` shows a sheet
exactly as the confirmation will without opening one."""

from __future__ import annotations

from .calendar import GameMonth
from .orders import MONTHLY, STANDING, OrderSheet, Parts
from .registry import Registry, core_registry
from .statuses import ACCEPTED, HELD, REJECTED, SUPERSEDED


def confirmation_text(sheet: OrderSheet, month: GameMonth, notes: list[str] = (), *, status: str | None = None,
                      reason: str = "", standing: Parts | None = None, received: str = "",
                      registry: Registry | None = None, month_sheet: OrderSheet | None = None,
                      before: OrderSheet | None = None) -> str:
    """What the player is told: whether the sheet was taken, what it changed in the month on
    file, the calendar as understood week by week, his orders for the month, the standing
    orders on file, what his modules add (his letters to the gazette exactly as they will be
    printed), and each error with its line.

    ``month_sheet`` is the month on file with this sheet (``engarde.month_orders``; None: this
    sheet alone), ``before`` the month on file before it came (None: nothing was).
    ``standing`` is what will be on file once this sheet applies (None: this sheet's own).
    A rejected sheet's confirmation shows only what the sender wrote, never the
    character's orders on file.  ``registry``: the campaign's modules, which say their
    own orders (default: the core rules).
    """
    registry = registry or core_registry()
    counts = status in (ACCEPTED, HELD)
    shown = month_sheet if month_sheet is not None and counts else sheet
    who = sheet.character or "(no character named)"
    lines = [f"Orders of {who} for {month}"]
    if received:
        lines.append(received)
    if status == ACCEPTED and before is not None:
        lines.append(f"Accepted, with the orders already on file: below is all {month} now holds.")
    elif status == ACCEPTED:
        lines.append(f"Accepted: these are the orders for {month} (a later sheet for {month} replaces them).")
    elif status == HELD:
        lines.append(f"Held for {month}: {reason}.")
    elif status == SUPERSEDED:
        lines.append(f"Not used: {reason}.")
    elif status == REJECTED:
        lines.append(f"REJECTED: {reason}. These orders are not used; nothing on file changes.")
    if before is not None and counts:
        lines += ["", f"What this mail changed in your orders on file for {month}:"]
        lines += [f"  - {x}" for x in changes(sheet, before, shown, registry)]
    lines += ["", "The month, week by week:"]
    for week in range(1, 5):
        lines.append(f"  Week {week}: {shown.action(week).describe()}")
    extra = registry.describe(shown.monthly, MONTHLY)
    if sheet.new_password:
        extra.append("a new order password (from the next sheet you send)")
    if extra:
        lines += ["", "For the month:"] + [f"  - {x}" for x in extra]
    if status is None:  # a sheet checked, not stored: only what it says
        given = registry.describe(sheet.standing, STANDING)
        if given:
            lines += ["", "Standing orders given (they stand until changed):"] + [f"  {x}" for x in given]
    elif status != REJECTED:
        on_file = registry.describe(standing if standing is not None else shown.standing, STANDING)
        lines += ["", "Standing orders on file (they stand until you change them):"]
        lines += [f"  {x}" for x in on_file] or ["  none: the rules' defaults apply"]
    for part in shown.monthly:
        lines += part.confirmation(sheet.character or "?")
    all_notes = list(sheet.notes) + list(notes)
    if counts and before is None and not shown.weeks:
        all_notes.append("this sheet has no week lines: you rest all four weeks unless you send them")
    if all_notes:
        lines += ["", "Notes:"] + [f"  - {n}" for n in all_notes]
    if sheet.errors:
        lines += ["", "Not understood (those weeks will be a rest unless you resend):"]
        lines += [f"  {e}" for e in sheet.errors]
    else:
        lines += ["", "Every line was understood."]
    return "\n".join(lines) + "\n"


def changes(sheet: OrderSheet, before: OrderSheet, after: OrderSheet, registry: Registry) -> list[str]:
    """What ``sheet`` changed in the month on file, from ``before`` to ``after``: its weeks (a sheet
    with week lines replaces them, one without leaves them), then its orders for the month and
    standing orders, module by module."""
    lines: list[str] = []
    if sheet.weeks and after.source == sheet.source:
        lines.append("its week lines replace the weeks on file, and its orders for the month those on file "
                     "(letters to the gazette sent before are kept)" if before.weeks else
                     "its week lines are the month's weeks")
    elif sheet.weeks:
        lines.append(f"its week lines are not used: {after.source}, sent later, gives the month's weeks")
    elif after.weeks:
        lines.append(f"it has no week lines: the weeks on file stand (from {after.source})")
    else:
        lines.append("it has no week lines, and none are on file: you rest all four weeks unless you send them")
    lines += registry.changes(before.monthly, after.monthly, MONTHLY)
    lines += [f"standing order {x}" for x in registry.changes(before.standing, after.standing, STANDING)]
    return lines
