"""The orders of the gambling module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass



@dataclass(frozen=True)
class Gambling:
    """c. Gambling: ``bets`` bets (at most nine a week) of ``stake`` crowns.

    ``cut_at``: the player's cut rule: he cuts (withdraws, losing half) when
    the croupier rolls this or higher; None: he never cuts.
    """

    bets: int = 1
    stake: int = 0
    cut_at: int | None = None

    def describe(self) -> str:
        text = f"gamble {self.bets} bet{'s' if self.bets != 1 else ''} of {self.stake} crowns"
        if self.cut_at is not None:
            text += f", cutting when the croupier rolls {self.cut_at}" + ("" if self.cut_at >= 6 else " or more")
        return text
