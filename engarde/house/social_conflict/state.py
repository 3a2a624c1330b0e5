"""The social conflict's part of the world: what men won over owe that the rules cannot carry
out themselves (a favour, anything else: the GM rules on it), and the promises to withdraw
from a courtship that bind for a while."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Mapping

from engarde.records import known_fields


@dataclass
class Obligation:
    """What ``debtor``, won over by ``creditor``, agreed to, waiting for the GM's ruling."""

    number: int
    month: str  # the game month of the conflict (GameMonth.key)
    week: int
    debtor: str
    creditor: str
    kind: str  # favour | other | loan (lent less than asked) | withdraw (no such courtship)
    want: str  # as the attacker wrote it
    settled: str | None = None  # the GM's note when he has ruled on it


@dataclass
class Promise:
    """``promiser`` withdraws from courting ``mistress``, for ``to``, until the end of ``until``."""

    promiser: str
    mistress: str
    to: str
    until: str  # the last game month it binds (GameMonth.key)


@dataclass
class SocialConflictState:
    conflict_obligations: list[Obligation] = field(default_factory=list)
    conflict_promises: list[Promise] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "SocialConflictState":
        data = data or {}
        return cls([Obligation(**known_fields(Obligation, x)) for x in data.get("conflict_obligations", ())],
                   [Promise(**known_fields(Promise, x)) for x in data.get("conflict_promises", ())])

    def next_obligation_number(self) -> int:
        return max((o.number for o in self.conflict_obligations), default=0) + 1

    def open_obligations(self) -> list[Obligation]:
        return [o for o in self.conflict_obligations if o.settled is None]


def undo(before: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """``turn undo``: the state as before the month, with the GM's rulings since kept (an
    obligation the restored state still holds keeps the note he settled it with)."""
    settled = {o["number"]: o["settled"] for o in now.get("conflict_obligations", ()) if o.get("settled")}
    kept = dict(before)
    kept["conflict_obligations"] = [
        {**o, "settled": o.get("settled") or settled.get(o["number"])} for o in before.get("conflict_obligations", ())]
    return kept
