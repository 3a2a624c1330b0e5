"""What a month's gazette prints besides its events (gathered by
``engarde.ops.month_facts``): the world at the month's end, the Greasy Pole, Points Arising."""

from __future__ import annotations

from dataclasses import dataclass, field

from .calendar import GameMonth
from .world import World


@dataclass
class GazetteFacts:
    # the world as it stood at the end of the month (the regiments' rosters, the mistresses)
    world: World = field(default_factory=lambda: World.from_dict({}))
    # name -> (his social level at the end of the month before, None in his first month; at this one's end)
    pole: dict[str, tuple[int | None, int]] = field(default_factory=dict)
    # name -> his social level as he came into play, then at each month's end, labelled for his chart
    chart: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    # who was in play at the month's end (created before it was resolved); None: every character given
    in_play: frozenset[str] | None = None
    notes: list[str] = field(default_factory=list)  # the GM's notes for the month (engarde notes add)
    no_orders: list[tuple[str, int]] = field(default_factory=list)  # (name, months without orders so far)
    next_month: GameMonth | None = None
    next_deadline: str | None = None  # next month's deadline in the campaign's time zone; None: no schedule
