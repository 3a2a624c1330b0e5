"""Gossip on a character's sheet for the GM (``engarde sheet``): what the rule has left on him,
all of it his ledger's named counters (so ``engarde audit`` checks it) and his hand against the
limit.  The cards themselves are the secrets module's part of the sheet."""

from __future__ import annotations

from typing import Any

from engarde.house.secrets.hands import hand
from engarde.house.secrets.state import AREAS
from engarde.records import Character
from engarde.tables import Tables
from engarde.world import World

from .rules import INFORMER, MAJOR, MINOR, exposed_counter, indictment_counter


def character_view(world: World, ch: Character, tables: Tables) -> tuple[dict[str, Any], list[str]]:
    """His exposure cubes by area, his indictments by kind, the months he has left as a
    discovered informer, and how many cards he holds of the hand limit."""
    cubes = {area: ch.get(exposed_counter(area)) for area in AREAS}
    indictments = {kind: ch.get(indictment_counter(kind)) for kind in (MAJOR, MINOR)}
    informer = ch.get(INFORMER)
    held = len(hand(world.part("secrets"), ch.name))
    limit = tables.gossip.hand_limit
    data = {"gossip": {"exposed": cubes, "indictments": indictments, "informer_months": informer,
                       "hand": held, "hand_limit": limit}}
    shown = ", ".join(f"{area} {n}" for area, n in cubes.items() if n)
    lines = [
        f"Gossip: exposure cubes {sum(cubes.values())}" + (f" ({shown})" if shown else ""),
        f"  indictments: {indictments[MAJOR]} major, {indictments[MINOR]} minor",
        "  informer: " + (f"discovered, {informer} month-end{'s' if informer != 1 else ''} left" if informer > 0
                          else "no"),
        f"  hand: {held} of {limit} secrets" + (" (over the limit)" if held > limit else ""),
    ]
    return data, lines
