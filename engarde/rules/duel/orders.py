"""The orders of the duel module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import Order


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
