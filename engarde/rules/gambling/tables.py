"""c. Gambling: the week's limit on bets, and what the gazette calls a win or loss of note."""

from __future__ import annotations

from dataclasses import dataclass

from ...tables import value


@dataclass(frozen=True)
class GamblingTables:
    max_bets_per_week: int = value(9, low=1, high=100,
                                   note='"A character may place only nine bets in any one week."')
    of_note: int = value(100, low=1, note="house value: a week's net win or loss of this many crowns or more is "
                         "printed in the gazette (the rules are silent on publicity)")
