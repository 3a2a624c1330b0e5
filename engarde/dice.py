"""Dice passed explicitly into the rules.

Every roll is logged with the reason the rules asked for it, so a GM can see why
a month came out as it did, and a seeded month can be replayed exactly.
``ScriptedDice`` serves tests and the rulebook's worked examples: it hands out
the rolls the book names and fails loudly if the rules ask for more or other dice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Protocol


@dataclass(frozen=True)
class Roll:
    sides: int
    count: int
    values: tuple[int, ...]
    reason: str

    @property
    def total(self) -> int:
        return sum(self.values)


class Dice(Protocol):
    log: list[Roll]

    def roll(self, count: int, reason: str, sides: int = 6) -> int: ...

    def d6(self, reason: str) -> int: ...


class _LoggingDice:
    def __init__(self) -> None:
        self.log: list[Roll] = []

    def _one(self, sides: int, reason: str) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def roll(self, count: int, reason: str, sides: int = 6) -> int:
        """Roll ``count`` dice of ``sides`` sides and return their total."""
        values = tuple(self._one(sides, reason) for _ in range(count))
        self.log.append(Roll(sides, count, values, reason))
        return sum(values)

    def d6(self, reason: str) -> int:
        return self.roll(1, reason)


class SeededDice(_LoggingDice):
    """Dice from a seed: the same seed gives the same rolls in the same order."""

    def __init__(self, seed: str | int) -> None:
        super().__init__()
        self.seed = seed
        # random.Random hashes a str seed with SHA-512: stable across runs and
        # machines, unlike hash().
        self._rng = random.Random(str(seed))

    def _one(self, sides: int, reason: str) -> int:
        return self._rng.randint(1, sides)


class DiceExhausted(AssertionError):
    """A scripted test asked for more rolls than were written for it."""


class ScriptedDice(_LoggingDice):
    """Dice that return the given values in order (for tests and examples)."""

    def __init__(self, values: Iterable[int]) -> None:
        super().__init__()
        self._values = list(values)
        self._next = 0

    def _one(self, sides: int, reason: str) -> int:
        if self._next >= len(self._values):
            raise DiceExhausted(f"no scripted roll left for: {reason}")
        value = self._values[self._next]
        self._next += 1
        if not 1 <= value <= sides:
            raise ValueError(f"scripted roll {value} is not a d{sides} for: {reason}")
        return value

    @property
    def remaining(self) -> int:
        return len(self._values) - self._next


def month_seed(campaign_seed: str | int, month_key: str) -> str:
    """The seed for one month of a campaign: re-running that month reuses it."""
    return f"{campaign_seed}:{month_key}"
