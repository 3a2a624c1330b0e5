"""A player's order sheet for a month, ready to fill in (``engarde orders template``, the
reminder's attachment, the end of each private report).

It is a sheet engarde's own reader takes as it is once the password and the weeks are filled:
the Character and Month lines, an empty Password line, the four weeks, and as ``#`` comments
(which the reader passes over) what he ordered last month, week by week, his standing orders
as they stand (they go on standing without being written again) and the deadline.
"""

from __future__ import annotations

import datetime as dt
from typing import Iterable, Mapping

from sqlmodel import Session

from .. import queries, store
from ..calendar import GameMonth
from ..config import Campaign
from ..deadlines import describe
from ..orders import STANDING, OrderSheet
from ..registry import for_campaign
from ..store import CharacterRow
from .intake import active_sheets, schedule


def order_template(campaign: Campaign, name: str, month: GameMonth | None = None) -> str:
    """``name``'s sheet for ``month`` (default: the month to resolve), to fill in."""
    with store.reading(campaign.database) as s:
        row = queries.find_character(s, campaign, name)
        return order_templates(s, campaign, [row], month)[row.name]


def order_templates(s: Session, campaign: Campaign, rows: Iterable[CharacterRow],
                    month: GameMonth | None = None, before: Mapping[str, OrderSheet] | None = None
                    ) -> dict[str, str]:
    """The sheets of the characters of ``rows`` for ``month`` (default: the month to resolve),
    by name: the campaign's deadline and last month's sheets read once for them all (a report
    each for 10,000 men must not read the month's sheets 10,000 times).  ``before``: last
    month's sheets on file by name, when the caller has read them already (the gazette has)."""
    registry = for_campaign(campaign)
    camp = queries.campaign_row(s, campaign)
    month = month or GameMonth.parse(camp.current_month)
    deadline = schedule(campaign, camp).deadline(month)
    if before is None:
        before = active_sheets(s, campaign, month.previous(), registry)
    return {row.name: _sheet(campaign, row.name, row.email, month, deadline, before.get(row.name),
                             registry.describe(registry.standing_from(row.standing), STANDING))
            for row in rows}


def _sheet(campaign: Campaign, name: str, email: str | None, month: GameMonth, deadline: dt.datetime | None,
           before: OrderSheet | None, standing: Iterable[str]) -> str:
    last = month.previous()
    lines = [
        f"# Order sheet of {name} for {month} ({campaign.name}).",
        "# Fill in your password and the four weeks, then send it back"
        + (f" from {email}" if email else "") + (f" by {describe(deadline, campaign.timezone)}." if deadline
                                                   else "."),
        "# Lines that begin with # are yours to delete or keep: engarde passes over them.",
        f"Character: {name}",
        "Password: ",
        f"Month: {month}",
    ]
    if before is not None:
        lines.append(f"# Last month ({last}) your orders were:")
        lines += [f"#   Week {w}: {before.action(w).describe()}" for w in range(1, 5)]
    else:
        lines.append(f"# Last month ({last}) engarde had no orders of yours.")
    lines += [f"Week {w}: " for w in range(1, 5)]
    standing = list(standing)
    if standing:
        lines.append("# Your standing orders on file (they stand until you change them; write one to change it):")
        lines += [f"#   {x}" for x in standing]
    else:
        lines.append("# No standing orders on file: the rules' defaults apply.")
    lines.append("End of orders")
    return "\n".join(lines) + "\n"
