"""The orders of the influence module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import MONTHLY, Order, Part


@dataclass(frozen=True)
class UseInfluence(Order):
    """f. Influence: spend a favour on someone's decision, for or against."""

    kind: ClassVar[str] = "use-influence"
    favour: str = ""  # the favour's class or source as the player names it
    decision: str = ""  # whose decision (an NPC's post, or a roll to push)
    for_whom: str = ""  # whom it helps or hinders
    against: bool = False

    def describe(self) -> str:
        way = "against" if self.against else "for"
        text = f"Use influence {way} {self.for_whom or 'himself'}"
        if self.decision:
            text += f" on {self.decision}"
        if self.favour:  # "class 7" or "from mistress": as the player named it
            text += f" with a {self.favour} favour" if self.favour.startswith("class ") else f" with the favour {self.favour}"
        return text


@dataclass
class InfluenceOrders(Part):
    """f. Influence for the month: the favours he uses, each on a line of its own ("Use a class 7
    favour on the Minister of War for Athos"), alongside his weeks' actions: the book gives using
    influence no time cost (the campaign setting ``influence_takes = "week"`` makes it a week's
    action instead, written on a week line)."""

    module: ClassVar[str] = "influence"
    when: ClassVar[str] = MONTHLY
    pledges: tuple[UseInfluence, ...] = ()

    def describe(self) -> list[str]:
        return [f"{p.describe()} (this costs you no week)" for p in self.pledges]
