"""Each character's social level month by month: the Greasy Pole's history.

Read from the stored data in one pass: each man's starting sheet, then his ledger's
``social_level`` entries (and ``state``, for his death) in the order written, closed at the end
of every resolved month.  Linear in the ledger entries read; the gazette's Greasy Pole and the
archive's character pages both draw on it (``social_levels``, ``levels_of``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from .. import queries, store
from ..calendar import GameMonth
from ..config import Campaign
from ..deadlines import aware
from ..records import DEAD

History = dict[str, list[tuple[GameMonth, int]]]


def social_levels(campaign: Campaign, through: GameMonth | None = None) -> History:
    """``{name: [(month, social level at its end), ...]}`` for every character, from the first
    month he was in play (the first resolved after he was created) to the last resolved (or
    ``through``), the month he died included and none after; a man not yet in play has ``[]``."""
    return levels_of(*_stored(campaign, through))


def _stored(campaign: Campaign, through: GameMonth | None) -> tuple[list, list, list]:
    """What the history is made of, read in one transaction: the characters, the resolved months,
    the ledger's social-level and state entries."""
    with store.reading(campaign.database) as s:
        queries.campaign_row(s, campaign)
        rows = [(r.id, r.name, int((r.start or {}).get("social_level", 1)), r.created_at)
                for r in queries.characters(s, campaign.id)]
        months = [(m, at) for m, at in queries.resolved_at(s, campaign.id) if through is None or m <= through]
        entries = queries.ledger_of_fields(s, campaign.id, ("social_level", "state"))
    return rows, months, entries


def levels_of(characters: Iterable[tuple[int, str, int, dt.datetime]],
              months: Sequence[tuple[GameMonth, dt.datetime]],
              entries: Iterable[tuple[int, str, str, int | None, str | None]],
              entered: dict[str, int] | None = None) -> History:
    """The history from plain data: characters as (id, name, starting social level, created at),
    the resolved months with when each was resolved, and the ledger's (character id, month key,
    field, delta, value) in the order written.  ``entered``, if given, gets each man's level as
    he came into play (before his first month: the first point of his chart)."""
    keys = [m.key for m, _ in months]
    changes: dict[int, dict[str, int]] = {}  # id -> month key -> the SL's change that month
    died: dict[int, str] = {}
    for cid, month, field, delta, value in entries:
        if field == "social_level" and delta:
            by_month = changes.setdefault(cid, {})
            by_month[month] = by_month.get(month, 0) + delta
        elif field == "state" and value == DEAD:
            died[cid] = month
    history: History = {}
    for cid, name, start, created in characters:
        # a change dated before the first month (an imported character's) is his start
        level = start + sum(d for k, d in changes.get(cid, {}).items() if keys and k < keys[0])
        points: list[tuple[GameMonth, int]] = []
        for (month, resolved), key in zip(months, keys):
            before = level
            level += changes.get(cid, {}).get(key, 0)
            if created is not None and resolved is not None and aware(created) > aware(resolved):
                continue  # created after this month was resolved: not yet in play
            if not points and entered is not None:
                entered[name] = before
            points.append((month, level))
            if died.get(cid) == key:
                break
        history[name] = points
    return history


def chart_points(history: History, entered: dict[str, int]) -> dict[str, list[tuple[str, int]]]:
    """Each man's history labelled for a chart (engarde.charts): ``("start", his level as he came
    into play)`` then ``("Apr 1607", level)`` for each month; a man not yet in play has none."""
    return {name: [("start", entered[name])] + [(m.short, level) for m, level in points]
            for name, points in history.items() if points}


def chart_levels(campaign: Campaign, through: GameMonth | None = None) -> dict[str, list[tuple[str, int]]]:
    """``chart_points`` read from the stored months (``social_levels``'s reading)."""
    entered: dict[str, int] = {}
    return chart_points(levels_of(*_stored(campaign, through), entered=entered), entered)


def pole(history: History, month: GameMonth) -> dict[str, tuple[int | None, int]]:
    """Each man in play at the end of ``month``: (his level at the end of the month before, or
    None when ``month`` is his first; his level at its end)."""
    out: dict[str, tuple[int | None, int]] = {}
    for name, points in history.items():
        before: int | None = None
        for m, level in points:
            if m == month:
                out[name] = (before, level)
                break
            before = level
    return out
