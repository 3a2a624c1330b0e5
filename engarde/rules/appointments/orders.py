"""The orders of the appointments module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import Order


@dataclass(frozen=True)
class SeekAppointment(Order):
    kind: ClassVar[str] = "seek-appointment"
    post: str = ""

    def describe(self) -> str:
        return f"Seek the appointment of {self.post}"
