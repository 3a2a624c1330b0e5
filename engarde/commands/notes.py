"""``engarde notes``: the GM's notes for a month's gazette (its Points Arising)."""

from __future__ import annotations

import click

from ..calendar import GameMonth
from ..clikit import Context, pass_ctx
from ..ops import notes as gm_notes


@click.group()
def notes() -> None:
    """The GM's notes for a month's gazette (Points Arising): add, list, remove."""


@notes.command("add")
@click.argument("text")
@click.option("--month", "month_text", help="The month whose gazette prints it (default: the next gazette's: the "
              "last month resolved until its publication is mailed, then the month to resolve).")
@pass_ctx
def notes_add(c: Context, text: str, month_text: str | None) -> None:
    """Add a note to a month's gazette: a ruling, a notice, a reminder, printed under Points
    Arising in the order added.

    \b
    Examples:
      engarde notes add "Duels fought in the Cardinal's garden count as fought in Paris."
      engarde notes add "The Gala is on the 3rd week of June." --month "May 1607"
    """
    note = gm_notes.add_note(c.campaign(), text, GameMonth.parse(month_text) if month_text else None)
    click.echo(f"note {note.number} added to the gazette of {note.month}")


@notes.command("list")
@click.option("--month", "month_text", help="This month's notes (default: the next gazette's).")
@click.option("--all", "every", is_flag=True, help="Every month's notes.")
@pass_ctx
def notes_list(c: Context, month_text: str | None, every: bool) -> None:
    """List the GM's notes of a month's gazette, numbered (the number 'notes remove' takes).

    \b
    Examples:
      engarde notes list
      engarde notes list --month "April 1607"
      engarde notes list --all
    """
    camp = c.campaign()
    month = None if every else (GameMonth.parse(month_text) if month_text else gm_notes.default_month(camp))
    found = gm_notes.list_notes(camp, month)
    if not found:
        click.echo("No notes." if month is None else f"No notes for the gazette of {month}.")
    for note in found:
        click.echo(str(note))


@notes.command("remove")
@click.argument("number", type=int)
@pass_ctx
def notes_remove(c: Context, number: int) -> None:
    """Remove note NUMBER (as 'engarde notes list' numbers it).

    \b
    Example:
      engarde notes remove 3
    """
    note = gm_notes.remove_note(c.campaign(), number)
    click.echo(f"removed note {note.number} of {note.month}: {note.text}")
