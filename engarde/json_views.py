"""What ``--json`` prints for the commands whose text is a listing (``status``, ``orders missing``,
``audit``): the same facts as the text, as one JSON document each (the CLI prints it with
``clikit.echo_json``)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from .calendar import GameMonth
from .config import Campaign
from .deadlines import describe
from .ops.views import AuditFinding, Status


def _month(month: GameMonth) -> dict[str, str]:
    return {"month": str(month), "key": month.key}


def status(campaign: Campaign, now: Status, without_password: list[str]) -> dict[str, Any]:
    """``engarde status``: the campaign, the month to resolve and its deadline (None without a
    schedule: then the schedule's next deadline, if any), who has no orders in, who holds the
    campaign, who has no order password."""
    deadline = now.deadline
    upcoming = campaign.next_deadline() if deadline is None else None
    return {
        "campaign": {"id": campaign.id, "name": campaign.name, "newspaper": campaign.newspaper},
        **_month(now.month),
        "deadline": deadline.isoformat() if deadline else None,
        "deadline_text": describe(deadline, campaign.timezone) if deadline else None,
        "next_deadline": upcoming.isoformat() if upcoming else None,
        "missing": list(now.missing),
        "holder": str(now.holder) if now.holder is not None else None,
        "without_password": list(without_password),
    }


def missing(month: GameMonth, names: list[str]) -> dict[str, Any]:
    """``engarde orders missing``: the living characters with no orders for the month to resolve."""
    return {**_month(month), "missing": list(names)}


def audit(count: int, findings: list[AuditFinding]) -> dict[str, Any]:
    """``engarde audit``: how many sheets were recomputed, and every disagreement."""
    return {"sheets": count, "agree": not findings, "findings": [asdict(f) for f in findings]}
