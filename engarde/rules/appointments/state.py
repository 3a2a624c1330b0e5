"""Appointments: applications waiting for the player who appoints to the post."""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any

from .. import decisions


@dataclass
class AppointmentsState:
    # (engarde.rules.appointments, engarde.rules.decisions)
    appointments_pending: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "AppointmentsState":
        return cls([dict(p) for p in (data or {}).get("appointments_pending", [])])


def undo(before: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """``turn undo``: the applications as before the month, with the appointers' answers
    recorded since kept (``decisions.keep_answers``)."""
    state = copy.deepcopy(dict(before))
    decisions.keep_answers(state.get("appointments_pending", []), now.get("appointments_pending", []))
    return state
