"""Titles (en-garde-tables.md): the Titles table, and how the King grants them.

The rulebook's numbers as data, named as the book names them; a campaign overrides them
in ``[campaigns.ID.tables.titles]``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...tables import rows, value

_SL = {"low": 1, "high": 100}


@dataclass(frozen=True)
class Title:
    name: str
    min_social_level: int = field(metadata={**_SL, "note": "min SL: one below it gets no title"})
    new_social_level: int = field(metadata={**_SL, "note": "new SL: a character below it jumps straight to it"})
    status_that_month: int = field(metadata={"low": 0, "high": 1000, "note": "SP that month"})
    pension: int = field(metadata={"low": 0, "high": 100_000, "note": "monthly pension, crowns"})


@dataclass(frozen=True)
class TitlesTables:
    titles: tuple[Title, ...] = rows(
        Title("Knight", 6, 10, 10, 0),
        Title("Baron", 7, 11, 10, 10),
        Title("Marquis", 8, 12, 15, 15),
        Title("Earl", 9, 13, 15, 25),
        Title("Viscount", 10, 14, 20, 100),
        Title("Count", 11, 15, 20, 100),
        note='Titles (en-garde-tables.md), lowest first: "An untitled character becomes a Knight; a titled one '
             'moves to the next title"')
    title_granted_on: int = value(6, low=1, high=7, note='"The King grants on a 6 on one die (influence applies)" '
                                  "(7: never, without influence)")
    title_granted_by: str = value("King", note="whose decision it is: a position of Influence Table B")
    title_sl_per_bonus: int = value(3, low=1, high=100, note='"+1 for every 3 SL above the title\'s minimum"')
    title_sl_bonus: int = value(1, high=6, note='"+1 for every 3 SL above the title\'s minimum"')
    title_qualification_bonus: int = value(1, high=6, note='"each qualification after the first lowers the roll '
                                           'needed by 1"')
    mentions_per_qualification: int = value(2, low=1, high=100, note='"a character qualifies by two mentions in '
                                            'despatches"')

    def title(self, name: str | None) -> Title | None:
        """The title called ``name`` (any case), if any."""
        return next((t for t in self.titles if name and t.name.lower() == name.lower()), None)

    def next_title(self, current: str | None) -> Title | None:
        """An untitled character's first title is Knight; a titled one's the next; none above
        Count, nor after a title not on the table."""
        title = self.title(current)
        if current and title is None:
            return None
        if title is None:
            return self.titles[0]
        i = self.titles.index(title)
        return self.titles[i + 1] if i + 1 < len(self.titles) else None
