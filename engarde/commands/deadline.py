"""``engarde deadline``: the GM's routine at a deadline in one command.

A thin layer over ``engarde.ops.routine.deadline``: it prints each step's line as it goes and,
at a stop, the one line saying what to do (exit status 1: the routine needs the GM; 2: it could
not run, as every command).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import terminal
from ..clikit import Context, fail, pass_ctx
from ..ops import routine


@click.command("deadline")
@click.option("--source", type=click.Path(path_type=Path), metavar="PATH",
              help="Read the order mail from PATH (a folder, Maildir, mbox or file) instead of the campaign's "
                   "orders folder or IMAP folder.")
@click.option("--force", is_flag=True, help="Resolve the month before its deadline (or without a deadline "
                                            "schedule), and even with most of the characters silent.")
@click.option("--no-mail", is_flag=True, help="Send no mail (say which command sends it).")
@click.option("--dry-run-mail", "dry_run", type=click.Path(path_type=Path), metavar="FOLDER",
              help="Write the messages as .eml files to FOLDER instead of sending them (nothing is recorded).")
@click.option("--pdf/--no-pdf", default=True, show_default=True, help="Also write the gazette's PDF.")
@pass_ctx
def deadline(c: Context, source: Path | None, force: bool, no_mail: bool, dry_run: Path | None, pdf: bool) -> None:
    """The GM's routine at the deadline, in order: read the order mail (the campaign's
    orders folder, or its IMAP folder), mail the confirmations, check who is missing, resolve
    the month, write the gazette and the reports, and mail them (when the campaign has
    [mail.smtp] settings).  It stops at the first step that needs you (sheets with problems,
    most characters silent, the deadline not yet passed, mail not sent) with one line saying
    what to do, exit status 1; run it again once done: what was read or sent is not redone,
    and a month resolved whose reports are not all out is published first.

    \b
    Examples:
      engarde deadline
      engarde deadline --force --no-mail
      engarde deadline --source ~/Maildir/.engarde --dry-run-mail outbox/
    """
    if no_mail and dry_run is not None:
        fail("give --no-mail or --dry-run-mail, not both")
    run = routine.deadline(c.campaign(), source=source, force=force, mail=not no_mail, dry_run=dry_run, pdf=pdf,
                           say=click.echo, bar=terminal.progress)
    if run.stop:
        click.echo(f"engarde: stopped: {run.stop}", err=True)
        sys.exit(routine.NEEDS_GM)
    click.echo("Done." if run.resolved or run.published else "Nothing more to do.")
