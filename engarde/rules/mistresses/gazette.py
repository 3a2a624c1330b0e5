"""d. Mistresses in the gazette: the table of the campaign's mistresses.

Whether a lady is kept is known in Paris; by whom is not (a liaison is news when it begins or
ends, in Society): so the table's rows carry no lover at all, and a template, the campaign's own
included, cannot print one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...world import World


@dataclass(frozen=True)
class MistressRow:
    number: int
    name: str
    social_level: int
    kept: bool


def mistress_rows(world: World) -> list[MistressRow]:
    """Every mistress of the campaign by number: name, social level, whether she is kept."""
    return [MistressRow(m.number, m.name, m.social_level, m.lover is not None)
            for m in sorted(world.mistresses, key=lambda m: m.number)]


def table(page: Any) -> dict[str, Any]:
    return {"mistress_rows": mistress_rows(page.data.facts.world)}
