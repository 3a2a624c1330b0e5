"""The orders of the clubs module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import MONTHLY, Order, Part
from ..gambling.orders import Gambling


@dataclass(frozen=True)
class VisitClub(Order):
    kind: ClassVar[str] = "visit-club"
    club: str = ""  # "": his own club
    carouse: bool = False
    # "Go to Hunter's with Falstaff": who he goes with.  Whether they are his
    # guests or his hosts follows from membership and Social Level (toadying).
    companions: tuple[str, ...] = ()
    guest_of: str | None = None  # "as the guest of Cyrano" / "toady to Cyrano"
    gamble: Gambling | None = None
    # "Mistresses accompanying their lovers to a club count in lieu of the
    # monthly visit": "Go to Hunter's with my mistress".
    with_mistress: bool = False

    def describe(self) -> str:
        if self.club:
            text = f"Visit {self.club}"
        else:  # club "": his own club, or his host's when he goes as a guest
            text = "Visit his host's club" if self.guest_of else "Visit his own club"
        if self.guest_of:
            text += f" as the guest of {self.guest_of}"
        company = list(self.companions) + (["his mistress"] if self.with_mistress else [])
        if company:
            text += " with " + ", ".join(company)
        extras = (["carouse"] if self.carouse else []) + ([self.gamble.describe()] if self.gamble else [])
        if extras:
            text += " and " + " and ".join(extras)
        return text


@dataclass
class ClubOrders(Part):
    """c. Clubs: "Join: Red Phillips", "Resign club" for the month (a sheet with both resigns first)."""

    module: ClassVar[str] = "clubs"
    when: ClassVar[str] = MONTHLY
    join_club: str | None = None
    resign_club: bool = False

    def describe(self) -> list[str]:
        lines = []
        if self.resign_club:
            lines.append("resign from your club")
        if self.join_club:
            lines.append(f"apply to join {self.join_club}")
        return lines
