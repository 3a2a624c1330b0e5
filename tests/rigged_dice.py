"""Seeded dice with a few rolls chosen by their reason, for tests that drive whole months
(``resolve_month``) where only some rolls matter to the rule under test."""

from __future__ import annotations

from engarde.dice import SeededDice


class RiggedDice(SeededDice):
    """Dice from ``seed``, except a roll whose reason contains a key of ``rigged``: its dice
    take that key's values in order, one value a die, taken from the caller's lists (so dice
    of several months given the same dict share them); a key whose values are used up rolls
    from the seed again.  The first key found in the reason wins."""

    def __init__(self, seed: str, rigged: dict[str, list[int]]) -> None:
        super().__init__(seed)
        self.rigged = rigged

    def _one(self, sides: int, reason: str) -> int:
        for key, values in self.rigged.items():
            if key in reason and values:
                return values.pop(0)
        return super()._one(sides, reason)
