"""The toasts module's GM command: ``engarde toasts``."""

from __future__ import annotations

import click

from engarde import queries, store
from engarde.clikit import Context, echo_json, pass_ctx


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
def toasts(c: Context, as_json: bool) -> None:
    """List how many toasts each man has raised.

    \b
    Example:
      engarde toasts
    """
    campaign = c.campaign()
    with store.transaction(campaign.database) as s:
        raised = queries.load_world(s, campaign)[1].toasts_raised
    if as_json:
        echo_json(raised)
        return
    for name, count in sorted(raised.items()):
        click.echo(f"{name}: {count}")
