"""c. Clubs: the Clubs Table.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...text import normalise_name

# -- c. Clubs -------------------------------------------------------------------


@dataclass(frozen=True)
class Club:
    rank: int
    name: str
    min_social_level: int | None  # None: the requirement is not a Social Level
    requirement: str
    dues: int
    status_per_month: int
    house_limit: int | None  # None: no limit
    house_minimum: int  # Bothwell's: "None; min of 100"
    gambling_divisor: int
    aliases: tuple[str, ...] = ()


# Clubs Table
CLUBS: tuple[Club, ...] = (
    Club(1, "Bothwell's", 12, "SL of 12+", 30, 8, None, 100, 500, ("bothwells", "bothwell")),
    Club(2, "Hunter's", 9, "SL of 9+", 20, 6, 200, 0, 300, ("hunters", "hunter")),
    Club(3, "The Horse Guards", None, "Officer of Horse Guards Brigade", 20, 4, 250, 0, 300,
         ("horse guards", "horse guards club")),
    Club(4, "The Blue Gables", 7, "SL of 7+", 15, 4, 150, 0, 200, ("blue gables",)),
    Club(5, "The Frog & Peach", 5, "SL of 5+", 10, 3, 100, 0, 150,
         ("frog & peach", "frog and peach", "the frog and peach")),
    Club(6, "Red Phillips", 3, "SL of 3+", 5, 2, 50, 0, 150, ("red phillip", "red philips", "red phillips'")),
)
NO_CLUB_RANK = 7  # "7 No club"
# "Upon resigning, a player may not rejoin that club for three months"
REJOIN_BAR_MONTHS = 3
def club_by_name(name: str) -> Club | None:
    """Find a club by its name or a common spelling of it (case-insensitive)."""
    key = normalise_name(name)
    for club in CLUBS:
        if key == normalise_name(club.name) or key in {normalise_name(a) for a in club.aliases}:
            return club
    return None
