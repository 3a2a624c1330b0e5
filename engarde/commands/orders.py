"""The order mail's commands (``engarde orders ...``, but ``check``: ``engarde.commands.check``):
reading the mail, listing the sheets and their confirmations, a blank sheet, who is missing."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import json_views, ops, terminal
from ..calendar import GameMonth
from ..clikit import Context, echo_json, fail, pass_ctx
from ..ops import mailing
from ..ops.sheet_template import order_template
from ..postman import settings_of
from .mail import report as mail_report


@click.command("ingest")
@click.argument("source", required=False, type=click.Path(path_type=Path))
@click.option("--imap", "use_imap", is_flag=True,
              help="Read the campaign's IMAP folder ([campaigns.ID.mail.imap]) instead of a path.")
@click.option("--send", is_flag=True, help="Then mail the confirmations ('engarde mail confirmations').")
@pass_ctx
def orders_ingest(c: Context, source: Path | None, use_imap: bool, send: bool) -> None:
    """Read order mail for the month to resolve: a folder of .eml or text files, a
    Maildir, an mbox file, or (--imap) the campaign's IMAP folder.

    SOURCE defaults to the campaign's 'orders' folder.  Every message is stored
    as received.  A sheet received after its month's deadline is held for the
    next month; a sheet from the wrong address, for an unknown character or
    with a wrong password is rejected (and affects no one).  Exit status 1 when
    any sheet had errors or was rejected (every other sheet is still stored).

    \b
    Examples:
      engarde orders ingest orders/demo
      engarde orders ingest ~/Maildir/.engarde
      engarde orders ingest --imap
      engarde orders ingest --send
    """
    camp = c.campaign()
    if send:
        settings_of(camp)  # no SMTP settings: said before the mail is read, not after
    with terminal.progress("Reading the order mail") as tick:
        if use_imap:
            if source is not None:
                fail("give a SOURCE or --imap, not both")
            results = ops.ingest_imap(camp, tick=tick)
        else:
            source = source or camp.orders_folder()
            if source is None:
                fail("no SOURCE given and the campaign has no 'orders' folder")
            results = ops.ingest(camp, source, tick)
    problems = unread = 0
    plain: list[str] = []
    rows: list[tuple[str, str, str, str]] = []
    for r in results:
        who = "" if r.status == ops.SKIPPED else r.character or "?"
        held = f" (held for {r.month})" if r.status == ops.HELD and r.month else ""
        plain.append(f"{r.status:<10} {r.source}" + ("" if r.status == ops.SKIPPED else f": {who}{held}"))
        plain += [f"           note: {note}" for note in r.notes] + [f"           {e}" for e in r.errors]
        rows.append((r.status + held, r.source, who, "\n".join([*(f"note: {n}" for n in r.notes),
                                                                  *map(str, r.errors)])))
        if r.status == ops.SKIPPED:
            unread += bool(r.errors)
        else:
            problems += bool(r.errors) or r.status == ops.REJECTED
    messages = [r for r in results if r.status != ops.SKIPPED]
    accepted = sum(r.status == ops.ACCEPTED for r in messages)
    held = sum(r.status == ops.HELD for r in messages)
    skipped = len(results) - len(messages)
    total = (f"{len(messages)} message(s): {accepted} accepted, {held} held, {problems} with problems"
             + (f"; {skipped} file(s) not read ({unread} that should have been)." if skipped else "."))
    terminal.table(("status", "source", "character", "notes and errors"), rows, [*plain, total], footer=total)
    if send:
        try:
            mail_report(mailing.send_confirmations(camp))
        except SystemExit as exc:  # a confirmation failed: exit 1 as for a sheet with problems
            problems += bool(exc.code)
    if problems or unread:
        sys.exit(1)


@click.command("list")
@click.option("--month", "month_text", help="The month (default: the month to resolve).")
@click.option("--status", type=click.Choice(["accepted", "held", "rejected", "superseded"]), help="Only these.")
@click.option("--character", help="Only the sheets naming this character.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON records.")
@pass_ctx
def orders_list(c: Context, month_text: str | None, status: str | None, character: str | None,
                as_json: bool) -> None:
    """List the order sheets stored for a month: status, character, sender, source
    and why (a rejected sheet's reason is for the GM to see).

    \b
    Examples:
      engarde orders list
      engarde orders list --status rejected
      engarde orders list --month "April 1607" --json
    """
    camp = c.campaign()
    month = GameMonth.parse(month_text) if month_text else None
    found = ops.stored_sheets(camp, month, character, status)
    if as_json:
        echo_json([x.to_dict() for x in found])
        return
    if not found:
        click.echo("No order sheets stored.", err=True)
    plain = []
    for x in found:
        plain.append(f"#{x.id:<4} {x.status:<10} {x.character or '?':<20} {x.sender or '-':<28} {x.source}")
        if x.reason:
            plain.append(f"      {x.reason}")
    terminal.table(("#", "status", "character", "sender", "source", "why"),
                   [(x.id, x.status, x.character or "?", x.sender or "-", x.source, x.reason) for x in found], plain,
                   right=("#",))


@click.command("confirmations")
@click.option("--month", "month_text", help="The month (default: the month to resolve).")
@click.option("--status", type=click.Choice(["accepted", "held", "rejected", "superseded"]), help="Only these.")
@click.option("--character", help="Only the sheets naming this character.")
@pass_ctx
def orders_confirmations(c: Context, month_text: str | None, status: str | None, character: str | None) -> None:
    """Print the stored confirmations, for the GM to send: for each sheet, whether it
    was taken, the month as understood week by week, the standing orders on file,
    the letters to the gazette as they will print, and each error with its line.

    \b
    Examples:
      engarde orders confirmations
      engarde orders confirmations --character Porthos
      engarde orders confirmations --status rejected
    """
    camp = c.campaign()
    month = GameMonth.parse(month_text) if month_text else None
    found = ops.stored_sheets(camp, month, character, status)
    if not found:
        click.echo("No order sheets stored.", err=True)
    for i, x in enumerate(found):
        if i:
            click.echo("")
        to = f"to {x.sender}" if x.sender else "no sender address: hand it to the player"
        click.echo(f"=== #{x.id} {x.status}: {x.character or '?'}, {to} ({x.source}) ===")
        click.echo(x.confirmation, nl=False)


@click.command("template")
@click.argument("name")
@click.option("--month", "month_text", help="The month (default: the month to resolve).")
@pass_ctx
def orders_template(c: Context, name: str, month_text: str | None) -> None:
    """Print a character's order sheet for a month, ready to fill in: his name, the month, a
    Password line, the four weeks (last month's orders beside them as # comments), his
    standing orders on file and the deadline.  Filled in, engarde reads it as it is.

    \b
    Examples:
      engarde orders template Porthos
      engarde orders template Porthos --month "May 1607" > porthos-may.txt
    """
    month = GameMonth.parse(month_text) if month_text else None
    click.echo(order_template(c.campaign(), name, month), nl=False)


@click.command("missing")
@click.option("--json", "as_json", is_flag=True, help="Print them as JSON.")
@pass_ctx
def orders_missing(c: Context, as_json: bool) -> None:
    """List the characters who have sent no orders for the current month.

    \b
    Examples:
      engarde orders missing
      engarde orders missing --json
    """
    missing = ops.missing_orders(c.campaign())
    if as_json:
        return echo_json(json_views.missing(ops.current_month(c.campaign()), missing))
    if not missing:
        click.echo("Every character has orders in.", err=True)
        return
    terminal.table(("no orders from",), [(name,) for name in missing], missing)
