"""``engarde mail``: confirmations, reminders, reports and the gazette, welcomes, sent by mail.

A thin layer over engarde.ops.mailing: it reads the options, calls the operation and prints
one line per message (sent, failed and why, written by --dry-run, no address on record).  Exit
status 1 when a message failed (it is tried again on the next run), 2 when the command could
not run (no SMTP settings, an SMTP password not in the environment, a month not resolved).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import terminal
from ..calendar import GameMonth
from ..clikit import Context, fail, pass_ctx
from ..ops import mailing
from ..store import FAILED

DRY_RUN = click.option("--dry-run", "dry_run", type=click.Path(path_type=Path), metavar="FOLDER",
                       help="Write the messages as .eml files to FOLDER instead of sending them (nothing is "
                            "recorded).")


def report(outcomes: list[mailing.Outcome]) -> None:
    """One line a message (a table at a terminal), a summary, and exit status 1 if any failed."""
    counts: dict[str, int] = {}
    for o in outcomes:
        counts[o.status] = counts.get(o.status, 0) + 1
    summary = ", ".join(f"{n} {status}" for status, n in counts.items())
    if not outcomes:
        click.echo("Nothing to send.")
        return
    total = f"{len(outcomes)} message(s): {summary}."
    terminal.table(("status", "what", "to", "address", "why / file"),
                   [(o.status + (" (tried again)" if o.retried else ""), o.kind, o.character or o.to,
                     o.to if o.character else "", o.error or (o.path or "")) for o in outcomes],
                   [*(o.line for o in outcomes), total], footer=total)
    if counts.get(FAILED):
        click.echo("The failed ones are tried again on the next run.")
        sys.exit(1)


def _month(text: str | None) -> GameMonth | None:
    return GameMonth.parse(text) if text else None


@click.group("mail")
def mail() -> None:
    """Send mail: confirmations, reminders, the reports and the gazette, welcomes
    (through [campaigns.ID.mail.smtp]; every message is recorded, none is sent twice)."""


@mail.command("confirmations")
@click.option("--month", "month_text", help="Only the sheets of this month (default: the month to resolve, and "
                                            "the sheets held for later months).")
@DRY_RUN
@pass_ctx
def mail_confirmations(c: Context, month_text: str | None, dry_run: Path | None) -> None:
    """Mail each stored sheet's confirmation (accepted, held, rejected or superseded) to the
    address on record of the character it names, as a reply to the player's mail.  A sheet for
    no known character gets none; an address a sheet claims is never written to.

    \b
    Examples:
      engarde mail confirmations
      engarde mail confirmations --dry-run outbox/
    """
    with terminal.progress("Mailing the confirmations") as tick:
        outcomes = mailing.send_confirmations(c.campaign(), _month(month_text), dry_run=dry_run, tick=tick)
    report(outcomes)


@mail.command("reminders")
@click.option("--before", default=None, metavar="HOURS",
              help="Send only within this long of the deadline (48h, 2d; default: the campaign's "
                   "mail.remind_before, 48h unless set).")
@click.option("--force", is_flag=True, help="Send whatever the time (and with no deadline schedule).")
@DRY_RUN
@pass_ctx
def mail_reminders(c: Context, before: str | None, force: bool, dry_run: Path | None) -> None:
    """Mail a reminder to each living character with no orders for the month, his order
    sheet attached, ready to fill in.  Refused outside the hours before the deadline
    unless --force.

    \b
    Examples:
      engarde mail reminders
      engarde mail reminders --before 24h --dry-run outbox/
    """
    campaign = c.campaign()
    span = mailing.parse_before(before) if before is not None else campaign.mail.remind_before
    with terminal.progress("Mailing the reminders") as tick:
        outcomes = mailing.send_reminders(campaign, span, force=force, dry_run=dry_run, tick=tick)
    report(outcomes)


@mail.command("publish")
@click.argument("month", required=False)
@DRY_RUN
@pass_ctx
def mail_publish(c: Context, month: str | None, dry_run: Path | None) -> None:
    """Mail each player his private report of a resolved month (default: the last) and to him
    alone, with next month's sheet at its end and the gazette's PDF attached once 'engarde
    gazette' has written it; and the gazette to each of mail.readers.

    \b
    Examples:
      engarde gazette && engarde mail publish
      engarde mail publish "April 1607" --dry-run outbox/
    """
    with terminal.progress("Mailing the reports and the gazette") as tick:
        outcomes = mailing.send_publication(c.campaign(), _month(month), dry_run=dry_run, tick=tick)
    report(outcomes)


@mail.command("welcome")
@click.argument("names", nargs=-1)
@click.option("--password", default=None, help="The one character's order password, to write into his "
                                               "welcome (checked against the hash on record).")
@DRY_RUN
@pass_ctx
def mail_welcome(c: Context, names: tuple[str, ...], password: str | None, dry_run: Path | None) -> None:
    """Mail each living character who has had none his welcome text (or those NAMES).  Only
    a hash of a password is kept, so a welcome carries it only when given: for one man,
    just after 'character create' or 'character password' printed it.

    \b
    Examples:
      engarde mail welcome
      engarde mail welcome Porthos --password k7dm4-qz2xa
    """
    if password is not None and len(names) != 1:
        fail("--password is one character's: name him (engarde mail welcome NAME --password P)")
    with terminal.progress("Mailing the welcomes") as tick:
        outcomes = mailing.send_welcomes(c.campaign(), names, password, dry_run=dry_run, tick=tick)
    report(outcomes)


@mail.command("sent")
@pass_ctx
def mail_sent(c: Context) -> None:
    """List every message recorded: when, what, to whom, and whether it was sent or failed (why).

    \b
    Example:
      engarde mail sent
    """
    rows = mailing.sent_mail(c.campaign())
    if not rows:
        click.echo("No mail sent yet.")
        return
    plain = [f"{r.sent_at:%Y-%m-%d %H:%M}  {r.status:<6} {r.kind:<12} {r.address:<30} {r.subject}"
             + (f"  [{r.error}]" if r.error else "") for r in rows]
    terminal.table(("when", "status", "what", "to", "subject", "why it failed"),
                   [(f"{r.sent_at:%Y-%m-%d %H:%M}", r.status, r.kind, r.address, r.subject, r.error) for r in rows],
                   plain)
