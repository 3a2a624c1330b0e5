"""The orders of the practice module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import Order


@dataclass(frozen=True)
class Practise(Order):
    kind: ClassVar[str] = "practise"
    weapon: str = "rapier"

    def describe(self) -> str:
        return f"Practise with the {self.weapon}"
