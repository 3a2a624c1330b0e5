"""The gossip house rule's part of the world: the evidence lying on each house.

The cards themselves (the gossip and safe piles, each man's hand) are the shared secrets'
(``engarde.house.secrets``); what this rule adds is the evidence a printed threat places on
the house it belongs to, which stays there month after month until the house is raided.  A
house is named as the turn's places name it: "club:Hunter's", "bawdyhouse".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass
class GossipState:
    house_evidence: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"house_evidence": dict(sorted(self.house_evidence.items()))}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "GossipState":
        return cls({str(k): int(v) for k, v in (data or {}).get("house_evidence", {}).items()})
