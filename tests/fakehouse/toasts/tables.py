"""The toasts module's numbers, each one a campaign may change in campaigns.toml."""

from __future__ import annotations

from dataclasses import dataclass

from engarde.tables import value


@dataclass(frozen=True)
class ToastsTables:
    cost: int = value(2, high=100, note="crowns a week of toasts costs")
    status: int = value(1, high=10, note="status points a week of toasts gains")
    toast_of_paris_status: int = value(3, high=20, note="status points of the man toasted most in the month")
