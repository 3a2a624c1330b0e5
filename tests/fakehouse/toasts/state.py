"""The toasts module's part of the world: how many toasts each man has raised, ever."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass
class ToastsState:
    toasts_raised: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"toasts_raised": dict(self.toasts_raised)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "ToastsState":
        return cls(dict((data or {}).get("toasts_raised", {})))
