"""Letters to the gazette for the GM: a month's letters as the press section will print them."""

from __future__ import annotations

import click

from ... import queries, store, terminal
from ...calendar import GameMonth
from ...clikit import Context, echo_json, pass_ctx
from ...month_orders import month_on_file
from ...orders import OrderSheet, Parts
from ...store import ACCEPTED
from .gazette import letters
from .orders import Letters


def _sheet(parsed: dict) -> OrderSheet:
    """A stored sheet's letters (all this command needs of it: the press module's own record)."""
    sheet = OrderSheet(source=(parsed or {}).get("source", ""), weeks={})
    sheet.monthly = Parts.from_dict((parsed or {}).get("monthly"), {Letters.module: Letters})
    return sheet


@click.command()
@click.argument("month", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print them as JSON.")
@pass_ctx
def press(c: Context, month: str | None, as_json: bool) -> None:
    """Print the letters to the gazette of a month (default: the month to resolve),
    exactly as the gazette's press section will print them, with who sent each.

    \b
    Examples:
      engarde press
      engarde press "April 1607" --json
    """
    camp = c.campaign()
    with store.reading(camp.database) as s:
        target = GameMonth.parse(month) if month else queries.current_month(s, camp)
        found = letters(month_on_file(queries.characters(s, camp.id),
                                      queries.sheets_of_month(s, camp.id, target, (ACCEPTED,)), _sheet))
    if as_json:
        return echo_json({"month": str(target), "key": target.key,
                          "letters": [{"byline": x.byline, "author": x.author, "text": x.text} for x in found]})
    if not found:
        click.echo(f"No letters to the gazette for {target}.")
        return
    plain: list[str] = []
    for i, letter in enumerate(found):
        if i:
            plain.append("")
        sent = "" if letter.byline == letter.author else f" (sent by {letter.author})"
        plain += [f"--- signed {letter.byline}{sent}", letter.text, f"\u2014 {letter.byline}"]
    terminal.table(("signed", "sent by", "the letter, as it will print"),
                   [(x.byline, x.author, x.text) for x in found], plain, title=f"Letters to the gazette, {target}")


COMMANDS = (press,)
