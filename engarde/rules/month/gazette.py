"""The month in the gazette: the dead in one Deaths line, each man once (the modules that kill say
how); Points Arising: the GM's notes, who sent no orders (and how many months he has missed),
the next deadline."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...records import Event


def deaths(events: Iterable[Event]) -> list[Event]:
    """The public death events of the month, one for each man, in week order."""
    seen: set[str] = set()
    found = []
    for ev in events:
        if ev.characters and ev.characters[0] not in seen:
            seen.add(ev.characters[0])
            found.append(ev)
    return found


def section(page: Any) -> dict[str, Any]:
    return {"deaths": deaths(page.section("deaths"))}


def points(page: Any) -> dict[str, Any]:
    """Points Arising: the GM's notes for the month (``engarde notes add``), who sent no orders,
    each with his running count of months without orders, and next month's deadline."""
    facts = page.data.facts
    return {"gm_notes": list(facts.notes), "no_orders": list(facts.no_orders),
            "next_month": facts.next_month or page.data.month.next(), "next_deadline": facts.next_deadline}
