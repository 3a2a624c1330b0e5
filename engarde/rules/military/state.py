"""h./i. Military campaigns: this season's campaign, and the petitions waiting for a summer."""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any

from ...records import known_fields
from .. import decisions


@dataclass
class Front:
    """h./i. The campaign of one season (engarde.rules.military).

    ``start``/``end``: the game months it runs ("1607-06" .. "1607-08").
    ``regular``: the summer campaign of the regular army, with its Force
    Commitment and Deployment rolls and Force Organisation code.  ``units``:
    the brigades and regiments sent; ``missions``: unit -> mission;
    ``regiments``: regiment -> the unit whose place and mission it takes (the
    brigade it serves in); ``campaigners``: character -> where he serves
    ({"regiment", "since", "volunteer"}); ``ma``: the Military Abilities rolled
    for commanders and adjutants, by post; ``results``: the battle results and
    ``outcomes`` the personal outcomes, once the campaign is fought.
    """

    start: str
    end: str
    regular: bool = False
    commitment_roll: int | None = None
    deployment_roll: int | None = None
    organisation: int | None = None
    units: list[str] = field(default_factory=list)
    missions: dict[str, str] = field(default_factory=dict)
    regiments: dict[str, str] = field(default_factory=dict)
    substitutions: list[dict[str, Any]] = field(default_factory=list)
    campaigners: dict[str, dict[str, Any]] = field(default_factory=dict)
    ma: dict[str, int] = field(default_factory=dict)
    results: list[dict[str, Any]] = field(default_factory=list)
    outcomes: list[dict[str, Any]] = field(default_factory=list)
    fought: bool = False


@dataclass
class MilitaryState:
    # this season's campaign (or the last one fought), and the substitution petitions
    # waiting for the next summer (engarde.rules.military)
    front: Front | None = None
    petitions: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "MilitaryState":
        data = data or {}
        front = Front(**known_fields(Front, data["front"])) if data.get("front") else None
        return cls(front, [dict(p) for p in data.get("petitions", [])])


def undo(before: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """``turn undo``: the campaign and petitions as before the month, with a player Field
    Marshal's answers recorded since kept (``decisions.keep_answers``)."""
    state = copy.deepcopy(dict(before))
    decisions.keep_answers(state.get("petitions", []), now.get("petitions", []))
    return state
