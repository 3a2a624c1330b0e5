"""The month's dead in the gazette: one Deaths line, each man once (the modules that kill say how)."""

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
