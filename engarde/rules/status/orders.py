"""The orders of the status module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import MONTHLY, Part


@dataclass
class SupportOrders(Part):
    """b. Social Status: "Conspicuous consumption" (or "Support: normal") for the month."""

    module: ClassVar[str] = "status"
    when: ClassVar[str] = MONTHLY
    conspicuous_consumption: bool = False

    def describe(self) -> list[str]:
        if self.conspicuous_consumption:
            return ["conspicuous consumption (support at three times your Social Level, +1 status point)"]
        return []
