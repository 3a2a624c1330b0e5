"""Appointments for the GM: the answer of a player who appoints to a post."""

from __future__ import annotations

from typing import Any

import click

from ...calendar import GameMonth
from ...clikit import Context, pass_ctx
from ...config import Campaign
from ...errors import CampaignError
from ...tables import Tables
from ...world import World
from .. import answers, decisions


def decide_appointment(campaign: Campaign, tables: Tables, post: str, applicant: str,
                       accept: bool) -> dict[str, Any]:
    """Record the answer of the player who appoints to ``post`` (the Minister of War, a
    player colonel, Brigadier, Division or Army Commander) to an application waiting for
    him: no roll, he decides.  Carried out at the start of the next month resolved
    (``engarde.rules.appointments.rules.settle_decisions``), through the ledger.  Returns
    the application as recorded."""
    found = tables.appointments.post(post)
    if found is None:
        raise CampaignError(f"no post called {post!r}")

    def queue(world: World) -> list[dict[str, Any]]:
        return [p for p in world.appointments_pending if p["post"] == found.name]

    return answers.record_answer(campaign, queue, applicant, accept,
                                   f"no application from {applicant!r} for the post of {found.name} waits")


def pending(world: World) -> list[dict[str, Any]]:
    """Applications to a post a player appoints to, waiting for his answer."""
    return [decisions.request("appointment", p, f"the post of {p['post']}", p.get("appointer"),
                              f'engarde appointment decide "{p["post"]}" "{p["character"]}" --accept|--refuse')
            for p in world.appointments_pending]


@click.group()
def appointment() -> None:
    """Appointments: the answers of players who appoint to a post."""


@appointment.command("decide")
@click.argument("post")
@click.argument("applicant")
@click.option("--accept/--refuse", "accept", required=True,
              help="The appointing player's answer to the application.")
@pass_ctx
def appointment_decide(c: Context, post: str, applicant: str, accept: bool) -> None:
    """Record the answer of the player who appoints to POST (the Minister of War, a
    player colonel, Brigadier, Division or Army Commander) to APPLICANT's application, which waits for him
    (he decides, no roll).  It is carried out, through the ledger, at the start of
    the next month resolved: accepted, he takes the post if he still qualifies;
    refused, he may not apply for it again for three months.

    \b
    Example:
      engarde appointment decide "Inspector-General of Cavalry" Athos --accept
    """
    camp = c.campaign()
    p = decide_appointment(camp, c.tables(camp), post, applicant, accept)
    click.echo(f"{p['character']}'s application for the post of {p['post']}: "
               f"{'accepted' if accept else 'refused'} by {p.get('appointer')}; carried out at the start of "
               f"{GameMonth.parse(p['decided_for'])}")


COMMANDS = (appointment,)
