"""The toasts module's order: a week spent raising toasts to someone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engarde.orders import Order


@dataclass(frozen=True)
class Toast(Order):
    kind: ClassVar[str] = "toast"
    whom: str = ""

    def describe(self) -> str:
        return f"Raise toasts to {self.whom}"
