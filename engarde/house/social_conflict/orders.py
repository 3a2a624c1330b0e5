"""The social conflict's orders: an attack as the week's action, and each man's tactics (a
standing order, for his attacks and for when he is attacked)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engarde.orders import STANDING, Order, Part

from .areas import MEANING
from .tactics import Tactics

# What an attacker may want (``Want.kind``): what the campaign's rules can enforce, and the rest.
LOAN, WITHDRAW, FAVOUR, OTHER = "loan", "withdraw", "favour", "other"
# The target area an attack takes when the order names none, by what it wants.
AREA_OF_WANT = {LOAN: "diamonds", WITHDRAW: "hearts", FAVOUR: "clubs"}


@dataclass(frozen=True)
class Want:
    """What the attacker wants of the man he attacks: a loan of ``amount`` crowns, that he
    withdraw from courting ``mistress``, a favour (``text`` says which, if the player did), or
    anything else (``text``: the GM rules on it)."""

    kind: str = OTHER
    amount: int = 0
    mistress: str = ""
    text: str = ""

    def describe(self) -> str:
        if self.kind == LOAN:
            return f"a loan of {self.amount} crowns"
        if self.kind == WITHDRAW:
            return f"that he withdraw from courting {self.mistress}"
        if self.kind == FAVOUR:
            return "a favour" + (f": {self.text}" if self.text else "")
        return self.text


@dataclass(frozen=True)
class Attack(Order):
    """A social conflict as the week's action: ``attack`` and ``target`` are areas (suits)."""

    kind: ClassVar[str] = "social_conflict"
    whom: str = ""
    attack: str = "hearts"
    target: str = "hearts"
    want: Want = Want()

    def describe(self) -> str:
        return (f"Win over {self.whom} with {self.attack} ({MEANING[self.attack]}) for {self.target} "
                f"({MEANING[self.target]}): {self.want.describe()}")


@dataclass
class ConflictStanding(Part):
    """His conflict tactics, standing until a new block replaces them whole."""

    module: ClassVar[str] = "social_conflict"
    when: ClassVar[str] = STANDING
    tactics: Tactics | None = None

    def describe(self) -> list[str]:
        if self.tactics is None:
            return []
        return ["Conflict tactics: " + ("; ".join(self.tactics.describe()) or "the campaign's defaults")]
