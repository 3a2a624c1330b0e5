"""The orders of the duel module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import MONTHLY, STANDING, Order, Part


@dataclass(frozen=True)
class Challenge(Order):
    """e. Duelling: challenge someone, giving the cause and the weapon."""

    kind: ClassVar[str] = "challenge"
    opponent: str = ""
    cause: str = ""
    weapon: str = "rapier"

    def describe(self) -> str:
        text = f"Challenge {self.opponent}"
        if self.cause:
            text += f" for {self.cause}"
        return text + f" with the {self.weapon}"


@dataclass(frozen=True)
class AnswerChallenge(Order):
    kind: ClassVar[str] = "answer-challenge"
    challenger: str = ""
    accept: bool = True
    weapon: str | None = None

    def describe(self) -> str:
        verb = "Accept" if self.accept else "Refuse"
        text = f"{verb} the challenge of {self.challenger}" if self.challenger else f"{verb} any challenge"
        if self.accept and self.weapon:
            text += f" with the {self.weapon}"
        return text


@dataclass
class TradeOrders(Part):
    """The duel's orders for the month.  e. Practice: "subtract five from his Expertise to add one
    to his Strength", N times this month.  e. Duelling, "Insulting a regimental friend of a
    character": "Insult Athos", given the first week the two are in the same place."""

    module: ClassVar[str] = "duel"
    when: ClassVar[str] = MONTHLY
    trade_expertise_for_strength: int = 0
    insult: tuple[str, ...] = ()

    def describe(self) -> list[str]:
        n = self.trade_expertise_for_strength
        lines = [f"trade {5 * n} Expertise for {n} Strength (irreversible)"] if n else []
        return lines + [f"insult {name} where you meet him this month" for name in self.insult]


@dataclass
class DuelStanding(Part):
    """e. Duelling: how he answers a challenge and fights, standing until changed.

    ``None`` means "not given": the rules' default applies.
    """

    module: ClassVar[str] = "duel"
    when: ClassVar[str] = STANDING
    if_challenged: str | None = None  # "accept" | "refuse"
    duel_weapon: str | None = None
    duel_sequence: str | None = None  # as the rules write it: "X L X CL K X X X X S P JB"
    duel_conditions: tuple[str, ...] = ()  # written conditions for optional routines / surrender

    def describe(self) -> list[str]:
        lines = []
        if self.if_challenged:
            lines.append(f"If challenged: {self.if_challenged}"
                         + (f" with the {self.duel_weapon}" if self.duel_weapon else ""))
        elif self.duel_weapon:
            lines.append(f"Duel weapon: {self.duel_weapon}")
        if self.duel_sequence:
            lines.append(f"Duel sequence: {self.duel_sequence}")
        lines += [f"Duel conditions: {c}" for c in self.duel_conditions]
        return lines
