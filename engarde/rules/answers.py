"""A player's answer to a request waiting for him, recorded by the GM between months (the
``... decide`` commands of regiments, appointments and the military): the database side of
``engarde.rules.decisions``, kept apart so that the rules, which never touch the database,
import none of it."""

from __future__ import annotations

from typing import Any, Callable

from .. import lock, queries
from ..config import Campaign
from ..errors import CampaignError
from ..world import World
from .decisions import record, waiting_names


def record_answer(campaign: Campaign, queue: Callable[[World], list[dict[str, Any]]], applicant: str,
                  accept: bool, missing: str) -> dict[str, Any]:
    """Record (for the GM, between months) a player's answer to a request waiting for him in the
    world: regiment applications, appointments, petitions to a player Field Marshal.  It is
    carried out at the start of the next month resolved, through the ledger.  ``missing``
    is the refusal when ``queue(world)`` holds no request of ``applicant``'s."""
    with lock.writing(campaign, "decide") as s:
        camp, world = queries.load_world(s, campaign)
        waiting = queue(world)
        entry = record(waiting, applicant, accept, camp.current_month)
        if entry is None:
            raise CampaignError(f"{missing} (waiting: {waiting_names(waiting)})")
        queries.save_world(s, camp, world)
        return dict(entry)
