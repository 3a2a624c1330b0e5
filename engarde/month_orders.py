"""A man's month on file, from the sheets he sent for it.

A player may write more than once for a month: to correct his week 3, to add a letter to the
gazette, to join a club after all.  ``compose`` reads his sheets in the order they were sent:

- A sheet **with week lines** is his month written again: its weeks replace those on file, and
  its orders for the month replace those on file, all of them (what it leaves out is dropped).
  What accumulates is kept: his letters to the gazette (a letter once sent does not vanish
  because he corrected his week 3; the same letter sent again is printed once; a line
  ``Withdraw letters`` takes back those sent before it).
- A sheet **without week lines** (only a letter, or only orders for the month, or only
  standing orders) leaves the weeks on file as they were: its letters are added, and each
  order for the month it gives replaces the one of the same kind on file.
- Standing orders, on either: each one given replaces the one on file (they stand until
  changed, across sheets as across months).

``counting`` says which of a month's sheets still count: a sheet counts while the month on
file would differ without it; one that no longer does is superseded.  Pure: no database.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence, TypeVar

from .orders import OrderSheet, Parts

if TYPE_CHECKING:  # typing only: the rows are read, never queried, here
    from .store import SheetRow

T = TypeVar("T")


def merge(on_file: Parts, newer: Parts) -> Parts:
    """``on_file`` with each record ``newer`` gives merged into the one of its module
    (``Part.merged``: the orders it gives replace those of the same kind; letters add up)."""
    records = {r.module: r for r in on_file}
    for record in newer:
        old = records.get(record.module)
        records[record.module] = (old if isinstance(old, type(record)) else type(record)()).merged(record)
    return Parts(records.values())


def compose(sheets: Sequence[OrderSheet]) -> OrderSheet:
    """The month on file from ``sheets`` (one man's, for one month), in the order they were sent.

    The result's ``source`` and ``lines`` are those of the sheet its weeks come from (an error
    found when the month is resolved points at that sheet's line); with no sheet with week
    lines, it has no weeks (he rests).
    """
    last = sheets[-1]
    month = OrderSheet(source=last.source, character=last.character, month=last.month)
    monthly, standing = Parts(), Parts()
    for sheet in sheets:
        if sheet.weeks:
            month.weeks, month.lines, month.source = dict(sheet.weeks), dict(sheet.lines), sheet.source
            monthly = merge(Parts(r for r in monthly if r.accumulates), sheet.monthly)
        else:
            monthly = merge(monthly, sheet.monthly)
        standing = merge(standing, sheet.standing)
    month.monthly, month.standing = monthly, standing
    return month


def content(sheet: OrderSheet) -> dict[str, Any]:
    """What a month on file says (its orders, not where they came from), to compare two."""
    return {"weeks": {w: o.to_dict() for w, o in sorted(sheet.weeks.items())},
            "monthly": sheet.monthly.to_dict(), "standing": sheet.standing.to_dict()}


def counting(sheets: Sequence[tuple[T, OrderSheet]]) -> list[T]:
    """The keys of the sheets that still count, of ``(key, sheet)`` pairs in the order they were sent.

    From the oldest on, a sheet without which the month on file would be the same is dropped
    (so of two copies of one letter the later stays); a lone sheet always counts.
    """
    kept = list(sheets)
    whole = content(compose([s for _, s in kept]))
    i = 0
    while i < len(kept) and len(kept) > 1:
        without = kept[:i] + kept[i + 1:]
        if content(compose([s for _, s in without])) == whole:
            kept = without
        else:
            i += 1
    return [key for key, _ in kept]


def sent_order(row: "SheetRow | Any") -> tuple[dt.datetime, int]:
    """A stored sheet's place among his others (a row with its ``received``, ``received_at`` and
    ``id``): when it was sent (its Date header, else its arrival), then the order it was stored in."""
    moment = row.received or row.received_at
    return (moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.timezone.utc)), row.id or 0


def month_on_file(characters: Iterable[Any], rows: Iterable["SheetRow"],
                  read: Callable[[Mapping[str, Any]], OrderSheet]) -> dict[str, OrderSheet]:
    """Each character's month on file from his stored sheets that count (``rows``, oldest first;
    ``characters``: rows with each man's ``id`` and ``name``),
    by name, in the order the characters' first sheets came; ``read`` turns a stored parse back
    into a sheet (the registry's ``sheet_from``)."""
    names = {c.id: c.name for c in characters}
    theirs: dict[str, list[SheetRow]] = {}
    for row in rows:
        theirs.setdefault(names[row.character_id], []).append(row)
    return {name: compose([read(r.parsed) for r in sorted(mine, key=sent_order)]) for name, mine in theirs.items()}
