"""One player's private report of a resolved month, for him to read or for his own tools
(``engarde report NAME [MONTH] [--json]``): his sheet at the month's end, the report as its text
says it (what he saw of the month, week by week: never another man's hidden numbers, which the
report's templates keep out), his ledger entries of the month, and next month's sheet to fill in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import gazette as gz
from .. import letters, passwords, queries, store
from ..calendar import GameMonth
from ..config import Campaign
from .intake import month_sheets
from .publishing import gazette_data, resolved_month
from .sheet_template import order_template
from .views import month_ledger


@dataclass(frozen=True)
class Report:
    character: str
    month: GameMonth
    sheet: dict[str, Any]  # his sheet at the end of the month
    text: str  # the report's words
    ledger: list[dict[str, Any]]  # his ledger entries of the month
    template: str  # next month's sheet to fill in ("" for a dead man)

    def to_dict(self) -> dict[str, Any]:
        return {"character": self.character, "month": self.month.key, "month_name": str(self.month),
                "sheet": self.sheet, "report": self.text, "ledger": self.ledger, "next_month_sheet": self.template}


def private_report(campaign: Campaign, name: str, month: GameMonth | None = None) -> Report:
    with store.reading(campaign.database) as s:
        row = queries.find_character(s, campaign, name)
        month = resolved_month(s, campaign, month)
    data = gazette_data(campaign, month, month_sheets(campaign, month))
    ledger = month_ledger(campaign, month)
    html = gz.render_report(data, row.name, ledger)
    character = data.character(row.name)
    return Report(
        character=row.name,
        month=month,
        sheet=passwords.without_password(character.to_dict()),
        text=letters.plain_text(html),
        ledger=[{"character": e.character, "month": e.month.key, "week": e.week, "field": e.field, "delta": e.delta,
                 "value": e.value, "reason": e.reason, "rule": e.rule, "text": e.describe()}
                for e in ledger if e.character == row.name and e.month == month],
        template="" if character.dead else order_template(campaign, row.name, month.next()),
    )
