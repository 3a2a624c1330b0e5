"""c. Clubs and c. Carousing: the Clubs Table, the bar on rejoining, the price of a drink.

The rulebook's numbers as data, named as the book names them; a campaign overrides
them in ``[campaigns.ID.tables.clubs]`` (a club's row by its name:
``[campaigns.ID.tables.clubs.clubs."Hunter's"]``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Mapping

from ...tables import column, rows, value
from ...text import normalise_name


# -- c. Clubs -------------------------------------------------------------------


@dataclass(frozen=True)
class Club:
    # The rank also names the bar on rejoining (``club_barred.<rank>``) in the ledger.
    rank: int = column(low=1, high=100, note='"Rank and name": 1 the highest')
    name: str = column(note="the club's name as the gazette prints it")
    min_social_level: int | None = column(  # None: the requirement is not a Social Level
        low=1, high=100, note='"The main requirement is a minimum Social Level"')
    requirement: str = column(note='"Requirements", as the Clubs Table words them')
    dues: int = column(high=10_000, note='"the dues which must be paid each month in order to remain a member"')
    status_per_month: int = column(high=100, note='"the number of Status Points a character receives each '
                                    'month for being a member of that club"')
    house_limit: int | None = column(  # None: no limit
        high=1_000_000, note='"This amount cannot exceed the house limit of the club"')
    house_minimum: int = column(high=1_000_000, note='Bothwell\'s: "None; min of 100"')
    gambling_divisor: int = column(low=1, high=1_000_000, note='"divides it by the gambling divisor of the '
                                    'club he is in, dropping fractions"')
    aliases: tuple[str, ...] = column(default=(), note="other spellings of the name that a player may write")


@dataclass(frozen=True)
class ClubsTables:
    clubs: tuple[Club, ...] = rows(
        Club(1, "Bothwell's", 12, "SL of 12+", 30, 8, None, 100, 500, ("bothwells", "bothwell")),
        Club(2, "Hunter's", 9, "SL of 9+", 20, 6, 200, 0, 300, ("hunters", "hunter")),
        Club(3, "The Horse Guards", None, "Officer of Horse Guards Brigade", 20, 4, 250, 0, 300,
             ("horse guards", "horse guards club")),
        Club(4, "The Blue Gables", 7, "SL of 7+", 15, 4, 150, 0, 200, ("blue gables",)),
        Club(5, "The Frog & Peach", 5, "SL of 5+", 10, 3, 100, 0, 150,
             ("frog & peach", "frog and peach", "the frog and peach")),
        Club(6, "Red Phillips", 3, "SL of 3+", 5, 2, 50, 0, 150, ("red phillip", "red philips", "red phillips'")),
        key="name", note='Clubs Table: "Six clubs are listed in the Clubs Table, along with additional '
        'information for each"')
    no_club_rank: int = value(7, low=1, high=100, note='Clubs Table: "7 No club"')
    rejoin_bar_months: int = value(3, high=120, note='"Upon resigning, a player may not rejoin that club for '
                                   'three months"')
    carousing_per_sl: int = value(1, high=10, note='"Liquid refreshment costs Crowns equal in number to the '
                                  'Social Level of the character"')
    carousing_status: int = value(1, high=10, note='"If a player character purchases liquid refreshment at a '
                                  'club or bawdyhouse, he gains a Status Point"')

    @cached_property
    def _by_spelling(self) -> Mapping[str, Club]:
        # The first club to claim a spelling keeps it, as a walk down the table would.
        found: dict[str, Club] = {}
        for club in self.clubs:
            for spelling in (club.name, *club.aliases):
                found.setdefault(normalise_name(spelling), club)
        return found

    @cached_property
    def _by_text(self) -> dict[str, Club | None]:
        return {}

    def club(self, name: str) -> Club | None:
        """Find a club by its name or a common spelling of it (case-insensitive)."""
        # Asked for every man at every club every week: each text is normalised once.
        try:
            return self._by_text[name]
        except KeyError:
            found = self._by_text[name] = self._by_spelling.get(normalise_name(name))
            return found

    def rank_of(self, name: str) -> int:
        """The club's rank on the Clubs Table; a name it lacks ranks as "No club"."""
        club = self.club(name)
        return club.rank if club else self.no_club_rank

    @cached_property
    def spellings(self) -> Mapping[str, str]:
        """Every way a club is written (normalised, and without apostrophes) -> its name,
        for "did you mean ...?"."""
        found: dict[str, str] = {}
        for club in self.clubs:
            for spelling in (club.name, *club.aliases):
                found[normalise_name(spelling)] = club.name
                found[normalise_name(spelling).replace("'", "")] = club.name
        return found
