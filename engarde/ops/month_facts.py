"""What a month's gazette prints besides its events: the world at the month's end (the
regiments' rosters, the mistresses), the Greasy Pole (each man's social level this month and
last), and Points Arising (the GM's notes, who sent no orders and how often, the next deadline)."""

from __future__ import annotations

import copy

from .. import queries, store
from ..calendar import GameMonth
from ..codes import EV_NO_ORDERS
from ..config import Campaign
from ..deadlines import describe
from ..gazette_facts import GazetteFacts
from ..world import World
from .intake import schedule
from .levels import chart_points, levels_of, pole


def month_facts(campaign: Campaign, month: GameMonth) -> GazetteFacts:
    """One reading of the stored data for a resolved month's gazette."""
    with store.reading(campaign.database) as s:
        camp, world = queries.load_world(s, campaign)
        if month.next().key != camp.current_month:
            # a month before the last resolved: its world at its end is the next month's snapshot
            before = queries.snapshot_world(s, campaign.id, month.next())
            if before is not None:
                world = World.from_dict(copy.deepcopy(before))
        rows = [(r.id, r.name, int((r.start or {}).get("social_level", 1)), r.created_at)
                for r in queries.characters(s, campaign.id)]
        months = [(m, at) for m, at in queries.resolved_at(s, campaign.id) if m <= month]
        entered: dict[str, int] = {}
        levels = levels_of(rows, months, queries.ledger_of_fields(s, campaign.id, ("social_level", "state")), entered)
        notes = [n.text for n in queries.notes(s, campaign.id, month)]
        counts: dict[str, int] = {}
        this_month: list[str] = []
        for ev in queries.events_of_code(s, campaign.id, EV_NO_ORDERS, month):
            for name in ev.characters:
                counts[name] = counts.get(name, 0) + 1
                if ev.month == month:
                    this_month.append(name)
        deadline = schedule(campaign, camp).deadline(month.next())
    return GazetteFacts(
        world=world, pole=pole(levels, month), chart=chart_points(levels, entered), in_play=frozenset(name for name, points in levels.items() if points),
        notes=notes,
        no_orders=[(name, counts[name]) for name in sorted(dict.fromkeys(this_month), key=str.casefold)],
        next_month=month.next(),
        next_deadline=describe(deadline, campaign.timezone) if deadline is not None else None,
    )
