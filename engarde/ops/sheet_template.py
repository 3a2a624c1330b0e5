"""A player's order sheet for a month, ready to fill in (``engarde orders template``, the
reminder's attachment, the end of each private report).

It is a sheet engarde's own reader takes as it is once the password and the weeks are filled:
the Character and Month lines, an empty Password line, the four weeks, and as ``#`` comments
(which the reader passes over) what he ordered last month, week by week, his standing orders
as they stand (they go on standing without being written again) and the deadline.
"""

from __future__ import annotations

from .. import queries, store
from ..calendar import GameMonth
from ..config import Campaign
from ..deadlines import describe
from ..orders import STANDING
from ..registry import for_campaign
from .intake import active_sheets, schedule


def order_template(campaign: Campaign, name: str, month: GameMonth | None = None) -> str:
    """``name``'s sheet for ``month`` (default: the month to resolve), to fill in."""
    registry = for_campaign(campaign)
    with store.reading(campaign.database) as s:
        camp = queries.campaign_row(s, campaign)
        row = queries.find_character(s, campaign, name)
        month = month or GameMonth.parse(camp.current_month)
        deadline = schedule(campaign, camp).deadline(month)
        last = month.previous()
        before = active_sheets(s, campaign, last, registry).get(row.name)
        standing = registry.describe(registry.standing_from(row.standing), STANDING)
        email = row.email
    lines = [
        f"# Order sheet of {row.name} for {month} ({campaign.name}).",
        "# Fill in your password and the four weeks, then send it back"
        + (f" from {email}" if email else "") + (f" by {describe(deadline, campaign.timezone)}." if deadline
                                                   else "."),
        "# Lines that begin with # are yours to delete or keep: engarde passes over them.",
        f"Character: {row.name}",
        "Password: ",
        f"Month: {month}",
    ]
    if before is not None:
        lines.append(f"# Last month ({last}) your orders were:")
        lines += [f"#   Week {w}: {before.action(w).describe()}" for w in range(1, 5)]
    else:
        lines.append(f"# Last month ({last}) engarde had no orders of yours.")
    lines += [f"Week {w}: " for w in range(1, 5)]
    if standing:
        lines.append("# Your standing orders on file (they stand until you change them; write one to change it):")
        lines += [f"#   {x}" for x in standing]
    else:
        lines.append("# No standing orders on file: the rules' defaults apply.")
    lines.append("End of orders")
    return "\n".join(lines) + "\n"
