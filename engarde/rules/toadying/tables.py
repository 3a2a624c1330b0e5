"""c. Toadying: the Toady Table, and what a guest gains by his club and his host.

The rulebook's numbers as data, named as the book names them; a campaign overrides
them in ``[campaigns.ID.tables.toadying]`` (a row of the Toady Table by the difference
it starts at: ``[campaigns.ID.tables.toadying.toady_table.11]``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...tables import column, rows, value


@dataclass(frozen=True)
class ToadyRow:
    """One column of the book's Toady Table: a span of differences in Social Level and the
    higher character's Status Points for it."""

    low: int = column(low=0, high=100, note="Difference in Social Level: from")
    high: int | None = column(low=0, high=100, note="Difference in Social Level: to (none: and above)")
    points: int = column(low=-100, high=100, note="Status Points Awarded")


@dataclass(frozen=True)
class ToadyingTables:
    toady_table: tuple[ToadyRow, ...] = rows(
        ToadyRow(0, 3, 1), ToadyRow(4, 6, 0), ToadyRow(7, 8, -1), ToadyRow(9, 10, -2), ToadyRow(11, None, -3),
        key="low", note='Toady Table: "The higher level character receives (or loses) Status Points based upon the '
        'difference in Social Level between himself and his guest"')
    points_per_club_rank: int = value(1, high=10, note='"he receives Status Points equal to the difference in rank '
                                      'between the highest club he is able to join ... and the one he is guest at"')
    toadying_company: str = value(
        "present", choices=("present", "host"), setting=True,
        note='who counts as "a character of a higher Social Level" he "visits a club with": "present" (the '
        "book): every man at that club that week; \"host\": only his host or his guest")
    social_level_divisor: int = value(2, low=1, high=10, note='"he receives Status Points equal to one half the '
                                      'difference in their Social Levels" (fractions dropped)')

    def toady_points(self, difference: int) -> int:
        """The Toady Table: the higher character's status points for one guest (a difference
        no row spans gives none)."""
        for row in self.toady_table:
            if row.low <= difference and (row.high is None or difference <= row.high):
                return row.points
        return 0
