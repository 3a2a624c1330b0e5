"""``engarde orders check FILE``: one sheet read as the campaign would read it, without storing
it.  It imports no database layer unless there is a campaign to read names from, so that a
player's or GM's check starts at once."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..calendar import GameMonth
from ..clikit import Context, echo_json, fail, pass_ctx
from ..config import Campaign, MailSettings
from ..confirmation import confirmation_text
from ..errors import CampaignError
from ..intake import read_file
from ..known import Known
from ..orders import OrderSheet
from ..parse import parse_sheet
from ..redaction import scrub, scrub_data, secrets_in
from ..registry import for_campaign
from .. import sqlite_names


@click.command("check")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the sheet and its errors as JSON.")
@pass_ctx
def check(c: Context, file: Path, as_json: bool) -> None:
    """Check one order sheet without storing it.  Exit status 1 if it has errors.

    It is read as the campaign reads it (its house rules, its tables and its size limit,
    mail.max_message_bytes, the names of its characters and mistresses), or by the book's
    rules where there is no campaigns file (then the names it gives are not checked).  As
    in an orders folder, an .eml file (or one without an extension) is mail and a .txt
    file is a sheet the GM typed; only a regular file is opened.

    \b
    Example:
      engarde orders check orders/demo/porthos.eml
    """
    campaign = c.campaign() if Path(c.config).exists() else None
    registry = for_campaign(campaign) if campaign is not None else None
    limit = (campaign.mail if campaign is not None else MailSettings()).max_message_bytes
    msg = read_file(file, limit)
    source = msg.source
    if msg.skipped:
        fail(f"{source}: " + "; ".join([e.message for e in msg.errors] + msg.notes))
    known, current = _from_database(campaign)
    sheet = (parse_sheet(msg.body, source, registry, known, lines=msg.lines, current=current,
                         signers=(msg.sender_name or "",))
             if msg.ok else OrderSheet(source=source))
    errors = list(msg.errors) + list(sheet.errors)
    secrets = secrets_in(msg.body, (sheet.password, sheet.new_password))  # never echoed
    if as_json:
        data = sheet.to_dict()
        data["errors"] = [e.to_dict() for e in errors]
        data["notes"] = list(sheet.notes) + list(msg.notes)
        echo_json(scrub_data(data, secrets))
    elif msg.errors:  # not read: there is no sheet to show
        click.echo(scrub("".join(f"{e}\n" for e in msg.errors), secrets), nl=False)
    else:
        month = sheet.month or GameMonth(1607, 4)
        click.echo(scrub(confirmation_text(sheet, month, msg.notes, registry=registry), secrets), nl=False)
    if errors:
        sys.exit(1)


def _from_database(campaign: Campaign | None) -> tuple[Known, GameMonth | None]:
    """What the campaign's database says of a sheet: the names it may use, and the month to
    resolve (a month a sheet writes without its year is read against it).  With no campaign,
    nothing: the names are not checked."""
    if campaign is None:
        return Known(), None
    quick = sqlite_names.read(campaign)  # an SQLite file read with the standard library: no SQLAlchemy
    if quick is not None:
        return quick
    # Imported here, not at the top: the database layer is most of the start of a check made
    # with no campaign (a player's own copy of engarde).
    from ..ops.names import known_names
    from ..ops.views import current_month  # (the same)
    try:
        month = current_month(campaign)
    except CampaignError:  # not set up yet, or of another version: the sheet is still checked
        month = None
    return known_names(campaign), month
