"""Titles (en-garde-tables.md).

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations

from dataclasses import dataclass

# ==============================================================================
# Titles (en-garde-tables.md "Titles"; owned by engarde.rules.titles)
# ==============================================================================


@dataclass(frozen=True)
class Title:
    name: str
    min_social_level: int
    new_social_level: int
    status_that_month: int
    pension: int  # crowns a month


TITLES: tuple[Title, ...] = (
    Title("Knight", 6, 10, 10, 0),
    Title("Baron", 7, 11, 10, 10),
    Title("Marquis", 8, 12, 15, 15),
    Title("Earl", 9, 13, 15, 25),
    Title("Viscount", 10, 14, 20, 100),
    Title("Count", 11, 15, 20, 100),
)
TITLE_GRANTED_ON = 6  # "The King grants on a 6 on one die"
TITLE_SL_PER_BONUS = 3  # "+1 for every 3 SL above the title's minimum"
TITLE_GRANTED_BY = "King"
MENTIONS_PER_QUALIFICATION = 2  # "two mentions in despatches"
