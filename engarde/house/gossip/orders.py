"""The gossip house rule's orders for the month: the secrets a man spreads, and those he keeps
when his hand is over the limit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engarde.orders import MONTHLY, Part


def _numbers(copies: tuple[int, ...]) -> str:
    return ", ".join(f"No. {n}" for n in copies)


@dataclass
class GossipOrders(Part):
    """"Spread secret 12" (into the gossip, publicly) and "Keep secrets 3, 5" (the first ones kept
    when his hand is over the limit), by the numbers his report gives his secrets."""

    module: ClassVar[str] = "gossip"
    when: ClassVar[str] = MONTHLY
    spread: tuple[int, ...] = ()
    keep: tuple[int, ...] = ()

    def describe(self) -> list[str]:
        lines = []
        if self.spread:
            lines.append(f"spread secret{'s' if len(self.spread) > 1 else ''} {_numbers(self.spread)} "
                         "into the gossip of Paris")
        if self.keep:
            lines.append(f"over the hand limit, keep {_numbers(self.keep)} first")
        return lines
