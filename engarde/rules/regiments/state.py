"""g. Regiments: each regiment's organisation once it is needed, and the brigades' records."""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any

from ...records import known_fields
from .. import decisions


@dataclass
class Officer:
    """g. Regimental Organisation: one of the ten posts above Subaltern.

    ``name`` None: the post is vacant.  ``player``: the holder is a character of
    the campaign (his sheet's ``rank`` says the same).  ``ma``: his Military
    Ability once rolled (the Colonel's when the regiment is organised, an
    acting commander's when he takes command).  ``detached``: serving elsewhere
    (Brigade Major, brevet general officer): he holds the post but commands
    nothing in the regiment.
    """

    name: str | None = None
    player: bool = False
    ma: int | None = None
    detached: str | None = None


@dataclass
class Regiment:
    """A regiment's organisation: ``officers`` follow ``tables.REGIMENT_ESTABLISHMENT``
    (Colonel, Lieutenant-Colonel, two Majors, six Captains), each rank in order of
    seniority, vacancies at the bottom of their rank.  ``pending``: applications
    waiting for a player colonel's decision."""

    name: str
    officers: list[Officer] = field(default_factory=list)
    organised: str = ""  # the game month it was organised
    pending: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class BrigadeRecord:
    """A brigade's Brigade Major (the yearly roll) and commander, if known."""

    name: str
    brigade_major: str | None = None  # the officer's name
    brigade_major_regiment: str | None = None
    rolled: str | None = None  # the game month of the last Brigade Major roll
    commander: str | None = None  # a character serving as Brigade commander


@dataclass
class RegimentsState:
    # organised when first needed (engarde.rules.regiments)
    regiments: list[Regiment] = field(default_factory=list)
    brigades: list[BrigadeRecord] = field(default_factory=list)
    npc_serial: int = 0  # names of non-player officers are numbered, never reused

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "RegimentsState":
        data = data or {}
        return cls(
            [Regiment(**dict(known_fields(Regiment, r),
                             officers=[Officer(**known_fields(Officer, o)) for o in r.get("officers", [])]))
             for r in data.get("regiments", [])],
            [BrigadeRecord(**known_fields(BrigadeRecord, b)) for b in data.get("brigades", [])],
            int(data.get("npc_serial", 0)),
        )

    def regiment(self, name: str) -> Regiment | None:
        """The organised regiment called ``name`` (exactly as Regimental Table A names it)."""
        return next((r for r in self.regiments if r.name == name), None)

    def brigade(self, name: str) -> BrigadeRecord | None:
        return next((b for b in self.brigades if b.name == name), None)


def undo(before: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """``turn undo``: the regiments as before the month, with the player colonels' answers
    recorded since kept for the applications still waiting (``decisions.keep_answers``)."""
    state = copy.deepcopy(dict(before))
    later = {r["name"]: r.get("pending", []) for r in now.get("regiments", [])}
    for reg in state.get("regiments", []):
        decisions.keep_answers(reg.get("pending", []), later.get(reg["name"], []))
    return state
