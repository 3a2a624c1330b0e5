"""The secrets on a character's sheet for the GM (``engarde sheet``): the cards he holds, how
many of each area, each by the number his report gives it."""

from __future__ import annotations

from typing import Any

from engarde.tables import Tables
from engarde.world import World

from .hands import hand
from .state import AREAS, SecretsState


def sheet_view(world: World, name: str, tables: Tables) -> tuple[dict[str, Any], list[str]]:
    """His hand: how many secrets he holds, by area, and each card (about whom, worth what)."""
    state: SecretsState = world.part("secrets")
    held = hand(state, name)
    by_area = {area: sum(1 for c in held if state.secrets[c.secret].area == area) for area in AREAS}
    data = {"secrets": {"held": len(held), "by_area": by_area,
                        "copies": [{"id": c.id, "secret": c.secret, "about": state.secrets[c.secret].about,
                                    "area": state.secrets[c.secret].area, "value": c.value} for c in held]}}
    if not held:
        return data, ["Secrets held: none"]
    areas = ", ".join(f"{area} {n}" for area, n in by_area.items() if n)
    lines = [f"Secrets held: {len(held)} ({areas})"]
    lines += [f"  No. {c.id}: about {state.secrets[c.secret].about}, {state.secrets[c.secret].area}, "
              f"worth {c.value}" for c in held]
    return data, lines
