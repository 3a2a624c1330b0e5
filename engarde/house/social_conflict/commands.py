"""The social conflict for the GM: what men won over owe that the rules cannot carry out (a
favour, anything else), and marking each one settled once he has ruled on it."""

from __future__ import annotations

from dataclasses import asdict

import click

from engarde import lock, queries, store
from engarde.clikit import Context, echo_json, pass_ctx
from engarde.config import Campaign
from engarde.errors import CampaignError

from .state import Obligation


def obligations(campaign: Campaign, every: bool = False) -> list[Obligation]:
    """The obligations waiting for the GM (``every``: the settled ones too)."""
    with store.reading(campaign.database) as s:
        st = queries.load_world(s, campaign)[1].part("social_conflict")
        return list(st.conflict_obligations if every else st.open_obligations())


def settle(campaign: Campaign, number: int, note: str) -> Obligation:
    """Mark obligation ``number`` settled with the GM's note (what he ruled)."""
    note = " ".join(note.split())
    if not note:
        raise CampaignError("say what was done about it, e.g. 'Athos used his favour with the Cardinal'")
    with lock.writing(campaign, "conflict-settle") as s:
        camp, world = queries.load_world(s, campaign)
        st = world.part("social_conflict")
        found = next((o for o in st.conflict_obligations if o.number == number), None)
        if found is None:
            raise CampaignError(f"no obligation number {number} (see 'engarde conflict list --all')")
        if found.settled is not None:
            raise CampaignError(f"obligation {number} was settled already: {found.settled}")
        found.settled = note
        queries.save_world(s, camp, world)
        return found


def _line(o: Obligation) -> str:
    state = f"settled: {o.settled}" if o.settled else "waiting"
    return f"{o.number}. {o.month} week {o.week}: {o.debtor} owes {o.creditor} {o.want} [{o.kind}; {state}]"


@click.group()
def conflict() -> None:
    """Social conflicts: what men won over owe, for the GM to rule on."""


@conflict.command("list")
@click.option("--all", "every", is_flag=True, help="The settled ones too.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON records.")
@pass_ctx
def conflict_list(c: Context, every: bool, as_json: bool) -> None:
    """List what men won over in a social conflict owe that the rules cannot carry out
    themselves (a favour, anything else asked), waiting for the GM's ruling.

    \b
    Example:
      engarde conflict list --all
    """
    found = obligations(c.campaign(), every)
    if as_json:
        echo_json([asdict(o) for o in found])
        return
    if not found:
        click.echo("Nothing is owed from a social conflict.")
    for o in found:
        click.echo(_line(o))


@conflict.command("settle")
@click.argument("number", type=int)
@click.argument("note")
@pass_ctx
def conflict_settle(c: Context, number: int, note: str) -> None:
    """Mark obligation NUMBER settled, with NOTE saying what the GM ruled or what was done.

    \b
    Example:
      engarde conflict settle 1 "Athos spoke for him to the Cardinal"
    """
    click.echo(_line(settle(c.campaign(), number, note)))


COMMANDS = (conflict,)
