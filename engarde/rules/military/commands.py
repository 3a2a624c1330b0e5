"""h./i. Military campaigns for the GM: the season's campaign, and a player Field Marshal's answers."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import click

from ... import queries, store
from ...calendar import GameMonth
from ...clikit import Context, echo_json, pass_ctx
from ...config import Campaign
from ...errors import CampaignError
from ...world import World
from .. import answers, decisions
from .rules import describe_organisation
from .tables import MilitaryTables


def front_view(campaign: Campaign, tables: MilitaryTables) -> dict[str, Any] | None:
    """The current (or last) season's campaign: its rolls, organisation, missions,
    who serves where, the battle results and personal outcomes; None if there has
    been none yet.  ``tables``: the campaign's (its Force Organisation Table)."""
    with store.reading(campaign.database) as s:
        _, world = queries.load_world(s, campaign)
    f = world.front
    if f is None:
        return None
    view = asdict(f)
    view["organisation_lines"] = describe_organisation(tables, f)
    view["petitions"] = list(world.petitions)
    return view


def decide_petition(campaign: Campaign, petitioner: str, accept: bool) -> dict[str, Any]:
    """Record a player Field Marshal's answer to a substitution petition waiting for
    him ("If a player is Field Marshal, he may substitute one Regiment as he sees
    fit").  Carried out when the summer's forces are determined
    (``engarde.rules.military``); he substitutes one Regiment, so a second acceptance
    is refused here.  Returns the petition as recorded."""

    def queue(world: World) -> list[dict[str, Any]]:
        waiting = [p for p in world.petitions if p.get("field_marshal")]
        if accept and decisions.find(waiting, petitioner) is not None:
            chosen = [p for p in waiting if decisions.decision(p) == decisions.ACCEPT
                      and p["character"].casefold() != petitioner.strip().casefold()]
            if chosen:
                p = chosen[0]
                raise CampaignError(
                    f"the Field Marshal substitutes one Regiment and has chosen {p['character']}'s petition "
                    f"(the {p['regiment']} for the {p['replacing']}); refuse that one first")
        return waiting

    return answers.record_answer(campaign, queue, petitioner, accept,
                                   f"no petition from {petitioner!r} waits for a player Field Marshal "
                                   f"(with none, petitions are rolled)")


def pending(world: World) -> list[dict[str, Any]]:
    """Substitution petitions: to a player Field Marshal, or waiting for the summer's roll."""
    found = []
    for p in world.petitions:
        marshal = p.get("field_marshal")
        command = None if marshal is None or p.get("own") else \
            f'engarde petition decide "{p["character"]}" --accept|--refuse'
        found.append(decisions.request("petition", p, f"the {p['regiment']} to replace the {p['replacing']}",
                                       marshal, command))
    return found


@click.group()
def petition() -> None:
    """Substitution petitions: a player Field Marshal's answers."""


@petition.command("decide")
@click.argument("petitioner")
@click.option("--accept/--refuse", "accept", required=True,
              help="The player Field Marshal's answer to the petition.")
@pass_ctx
def petition_decide(c: Context, petitioner: str, accept: bool) -> None:
    """Record a player Field Marshal's answer to PETITIONER's petition for a
    regiment's substitution ("If a player is Field Marshal, he may substitute one
    Regiment as he sees fit": no roll).  It is carried out when the summer's forces
    are determined; he substitutes one regiment only.

    \b
    Example:
      engarde petition decide Porthos --accept
    """
    p = decide_petition(c.campaign(), petitioner, accept)
    click.echo(f"{p['character']}'s petition for the {p['regiment']} to replace the {p['replacing']}: "
               f"{'accepted' if accept else 'refused'} by the Field Marshal, {p.get('field_marshal')}; "
               f"carried out when the summer's forces are determined")


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the campaign as JSON.")
@pass_ctx
def front(c: Context, as_json: bool) -> None:
    """Show the season's military campaign: the Force Commitment, Deployment and
    Organisation rolls, each unit's mission, who serves where, and (once fought)
    the battle results and each character's personal outcome.

    \b
    Examples:
      engarde front
      engarde front --json
    """
    campaign = c.campaign()
    view = front_view(campaign, c.tables(campaign).military)
    if as_json:
        echo_json(view)
        return
    if view is None:
        click.echo("No campaign yet: the army marches each June, the Frontier every season.")
        return
    season = f"{GameMonth.parse(view['start'])} to {GameMonth.parse(view['end'])}"
    click.echo(f"Campaign of {season}" + (" (the regular army's summer)" if view["regular"] else ""))
    if view["organisation"]:
        click.echo(f"  Force Commitment {view['commitment_roll']}, Deployment {view['deployment_roll']}: "
                   f"organisation {view['organisation']}")
    for line in view["organisation_lines"]:
        click.echo(f"  {line}")
    for unit, mission in view["missions"].items():
        click.echo(f"  {unit}: {mission}")
    for sub in view["substitutions"]:
        click.echo(f"  substitution: the {sub['regiment']} for the {sub['replacing']} ({sub['character']})")
    for name, where in sorted(view["campaigners"].items()):
        how = "volunteer" if where.get("volunteer") else "with his unit"
        back = ", returned" if where.get("returned") else ""
        click.echo(f"  {name}: {where['regiment']} since {GameMonth.parse(where['since'])} ({how}{back})")
    for r in view["results"]:
        click.echo(f"  {r['command']} (MA {r['modified_ma']}, rolled {r['roll']}): {r['result']}, "
                   f"{r['interpretation']}")
    for o in view["outcomes"]:
        fate = "killed" if o["died"] else ", ".join(
            x for x in ("mentioned" if o["mentioned"] else "", "promoted" if o["promoted"] else "",
                        f"{o['plunder']} crowns of plunder" if o["plunder"] else "",
                        f"poltroonery {o['poltroonery']}" if o["poltroonery"] else "") if x) or "survived"
        click.echo(f"  {o['character']}: {fate}")
    for p in view["petitions"]:
        click.echo(f"  petition waiting for summer: {p['character']}: the {p['regiment']} for the {p['replacing']}")


COMMANDS = (front, petition)
