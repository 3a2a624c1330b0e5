"""b. Social Status in the gazette: Society's news, and the Table of Precedence."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...records import Character


def precedence(characters: Iterable[Character]) -> list[Character]:
    """The table of precedence: the living, by social level, highest first, then name.  The dead
    are not listed: the month they die, the gazette's Deaths line names them."""
    living = [ch for ch in characters if not ch.dead]
    return sorted(living, key=lambda ch: (-ch.social_level, ch.name.casefold(), ch.name))


def society(page: Any) -> dict[str, Any]:
    return {"society": page.section("society")}


def table(page: Any) -> dict[str, Any]:
    return {"precedence": precedence(page.characters)}
