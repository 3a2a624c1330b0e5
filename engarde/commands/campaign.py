"""The campaign's commands: creating one (``init``), its state (``status``), its database
(``db``, ``backup``, ``restore``), its tables in force (``tables``), and the demo (``demo``)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import campaign_file, json_views, ops, terminal
from ..clikit import Context, echo_json, fail, pass_ctx
from ..config import Campaign
from ..config import load as load_config
from ..dberrors import where as database_named
from ..deadlines import describe
from ..demo import DEMO_ID, SALON_FILE, SALON_ID, run_demo, run_salon
from ..demo import unpack as unpack_demo
from ..registry import for_campaign, load_campaign


@click.command()
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.option("--name", help="The campaign's name (asked at a terminal).")
@click.option("--id", "new_id", help="Its id in campaigns.toml [default: from the name].")
@click.option("--newspaper", help=f"The gazette's title [default: {campaign_file.DEFAULT_NEWSPAPER}].")
@click.option("--first-month", help=f"The first game month [default: {campaign_file.DEFAULT_FIRST_MONTH}].")
@click.option("--deadlines", help="The real-world deadlines, in words or as an RRULE "
              f"[default: {campaign_file.DEFAULT_DEADLINES}]; 'none' for no schedule.")
@click.option("--timezone", help=f"The deadlines' time zone [default: {campaign_file.DEFAULT_TIMEZONE}].")
@click.option("--database", help="A database URL [default: an SQLite file beside campaigns.toml].")
@pass_ctx
def init(c: Context, folder: Path | None, name: str | None, new_id: str | None, newspaper: str | None,
         first_month: str | None, deadlines: str | None, timezone: str | None, database: str | None) -> None:
    """Begin a campaign: in a folder without campaigns.toml, write one (from the options, or
    by asking at a terminal), make its orders/ and newsletters/ folders and set up its
    database; in a folder with one, set up the database of its campaign.  Never overwrites
    a file.

    \b
    Examples:
      engarde init la-rochelle --name "The Siege of La Rochelle" \\
          --deadlines "the last Friday of every month at 18:00" --timezone Europe/Paris
      engarde init                       # asks for what it needs
      engarde --campaign demo init       # campaigns.toml is there: set up its database
    """
    config = Path(c.config) if folder is None else folder / "campaigns.toml"
    asked = {"--name": name, "--id": new_id, "--newspaper": newspaper, "--first-month": first_month,
             "--deadlines": deadlines, "--timezone": timezone, "--database": database}
    if config.exists() or config.is_symlink():
        given = [option for option, value in asked.items() if value is not None]
        if given:
            fail(f"{config}: already there, so {', '.join(given)} would change nothing; edit the file instead")
        camp = c.campaign() if folder is None else load_campaign(str(config), c.campaign_id)
        _set_up(camp)
        return
    new = _new_campaign(name, new_id, newspaper, first_month, deadlines, timezone, database)
    camp = ops.begin_campaign(config, new)
    click.echo(f"wrote {config}: campaign {camp.id!r}, {camp.name}")
    _set_up(camp)
    if camp.deadlines:
        click.echo(f"  deadlines: {camp.deadlines}; the first is {describe(camp.next_deadline(), camp.timezone)}")
    click.echo(f"  order mail goes in {camp.orders_folder()}; gazettes are written to {camp.newsletters}")
    click.echo("next: register each player, e.g.\n"
               f"  engarde --config {config} character create \"Rodney Bergerac\" --player Cyril --email cyril@example.org")


def _interactive() -> bool:
    return sys.stdin.isatty()


def _new_campaign(name, new_id, newspaper, first_month, deadlines, timezone, database) -> campaign_file.NewCampaign:
    """The new campaign from the options; what is missing is asked at a terminal and otherwise
    the default (a name has none)."""
    interactive = _interactive()

    def value(given: str | None, question: str, default: str | None) -> str | None:
        if given is not None:
            return given
        if interactive:
            return click.prompt(question, default=default)
        return default

    name = value(name, "The campaign's name", None)
    if not name:
        fail("--name: a new campaign needs a name (give --name, or run engarde init at a terminal to be asked)")
    new_id = value(new_id, "Its id in campaigns.toml", campaign_file.id_from_name(name))
    paper = value(newspaper, "The gazette's title", campaign_file.DEFAULT_NEWSPAPER) or campaign_file.DEFAULT_NEWSPAPER
    month = value(first_month, "The first game month", campaign_file.DEFAULT_FIRST_MONTH) or campaign_file.DEFAULT_FIRST_MONTH
    said = value(deadlines, "Deadlines, in words or as an RRULE ('none' for none)", campaign_file.DEFAULT_DEADLINES)
    zone = value(timezone, "The deadlines' time zone", campaign_file.DEFAULT_TIMEZONE) or campaign_file.DEFAULT_TIMEZONE
    return campaign_file.NewCampaign(
        id=new_id or campaign_file.id_from_name(name), name=name, newspaper=paper, first_month=month,
        deadlines_said=None if not said or said.strip().lower() == "none" else said, timezone=zone,
        database=value(database, "Database URL (empty: SQLite beside campaigns.toml)", "") or None)


def _set_up(camp: Campaign) -> None:
    created = ops.init(camp)
    where = database_named(camp.database)
    click.echo(f"{camp.id}: {'created' if created else 'already set up'} ({where}); "
               f"first month {ops.current_month(camp)}")


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print it as JSON.")
@pass_ctx
def status(c: Context, as_json: bool) -> None:
    """Say which month is next, when its deadline falls, who has sent no orders, and which
    engarde command is working on the campaign now, if one is.

    \b
    Examples:
      engarde status
      engarde status --json
    """
    camp = c.campaign()
    now = ops.status(camp)
    if as_json:
        return echo_json(json_views.status(camp, now, ops.without_password(camp)))
    month, deadline = now.month, now.deadline
    title = f"{camp.name} ({camp.id}), {camp.newspaper}"
    rows: list[tuple[str, str, str]] = []  # what, its value, and the line a script reads

    def said(what: str, value: str, line: str | None = None) -> None:
        rows.append((what, value, f"{what}: {value}" if line is None else line))

    said("Next month to resolve", str(month))
    if deadline is not None:
        said(f"Deadline for {month}", f"{describe(deadline, camp.timezone)} (orders received later are held for the "
                                      "next month)")
    else:
        deadline = camp.next_deadline()
        if deadline:
            said("Next deadline", f"{deadline:%A %d %B %Y, %H:%M %Z}")
        else:
            said("Next deadline", "none", "No deadline schedule set.")
    missing = now.missing
    if missing:
        said("Orders missing from", ", ".join(missing))
    else:
        said("Orders missing from", "nobody", "Every character has orders in.")
    if now.holder is not None:
        line = f"Another engarde command is working on this campaign ({now.holder}): a command that writes waits for it."
        said("Working now", line, line)
    bare = ops.without_password(camp)
    if bare:
        line = (f"No order password on record for: {', '.join(bare)} (their sheets are refused; give each one: "
                "engarde character password NAME --generate)")
        said("No order password", line, line)
    terminal.table(("", ""), [(what, value) for what, value, _ in rows], [title, *(line for *_, line in rows)],
                   title=title)



@click.group()
def db() -> None:
    """The campaign's database: its schema version, and upgrading it to this engarde's."""


@db.command("status")
@pass_ctx
def db_status(c: Context) -> None:
    """Say which schema version the campaign's database is at, and whether it needs upgrading.

    \b
    Example:
      engarde db status
    """
    click.echo(str(ops.database.status(c.campaign())))


@db.command("upgrade")
@pass_ctx
def db_upgrade(c: Context) -> None:
    """Carry the campaign's database to this engarde's schema, in one transaction.  An SQLite
    file is copied first, beside it (FILE.before-VERSION-TIMESTAMP).

    \b
    Example:
      engarde db upgrade
    """
    done = ops.database.upgrade(c.campaign())
    if done is None:
        click.echo("The database is up to date; nothing to do.")
        return
    before = f"version {done.before}" if done.before else "the schema from before versions"
    copy = f"; the file as it was is kept as {done.backup}" if done.backup else ""
    click.echo(f"Upgraded the database from {before} to version {done.after}{copy}.")


@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@pass_ctx
def backup_command(c: Context, file: Path) -> None:
    """Write the whole campaign to FILE (a zip): every row of its database and the files of its
    orders folder.  It moves between SQLite and PostgreSQL.

    \b
    Example:
      engarde backup demo-1607-05.zip
    """
    done = ops.backup.backup(c.campaign(), file)
    rows = sum(done.counts.values())
    click.echo(f"Wrote {done.path}: {rows} rows ({done.counts['character']} characters, "
               f"{done.counts['turn']} months resolved, {done.counts['order_sheet']} order sheets) "
               f"and {done.mail} mail file(s).")


@click.command("restore")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--replace", is_flag=True, help="Delete the campaign's rows in the database first (same transaction).")
@pass_ctx
def restore_command(c: Context, file: Path, replace: bool) -> None:
    """Load a backup written by 'engarde backup' into the campaign's database, in one
    transaction.  The database must not hold the campaign, unless --replace is given.  Mail
    files missing from the orders folder are put back; files already there are kept.

    \b
    Example:
      engarde restore demo-1607-05.zip
    """
    done = ops.backup.restore(c.campaign(), file, replace=replace)
    click.echo(f"Restored {done.campaign}: {sum(done.counts.values())} rows "
               f"({done.counts['character']} characters, {done.counts['turn']} months resolved); "
               f"{len(done.mail_restored)} mail file(s) put back, {len(done.mail_kept)} already there.")


@click.command()
@click.option("--no-pdf", is_flag=True, help="Skip the PDF (faster).")
@pass_ctx
def demo(c: Context, no_pdf: bool) -> None:
    """Run the demo campaign's first month afresh, in any folder.

    Beside a campaigns file with a demo campaign (the repository's), it plays that one;
    elsewhere it writes the demo campaign into a demo/ folder (its campaigns.toml and the
    sample order mail shipped with engarde) and plays it there.  It deletes the demo's
    database, creates its gentlemen, ingests the sample orders, resolves April 1607 and
    writes the gazette (HTML and PDF) and the players' reports to newsletters/demo/.
    Then it plays the second demo campaign, the salon (salon.toml beside the campaigns file:
    the Gala house rule on, six guests at the Duchesse de Chevreuse's gala), the same way, to
    newsletters/salon/.

    \b
    Example:
      engarde demo
      engarde demo --no-pdf     # faster, without the PDF
    """
    config = Path(c.config)
    if c.campaign_id is None and (not config.exists() or DEMO_ID not in load_config(config)):
        config = unpack_demo()
        click.echo(f"The demo campaign is in {config.parent}/ (its campaigns.toml and the sample mail in orders/)")
    camp = load_campaign(str(config), c.campaign_id or DEMO_ID)
    run_demo(camp, pdf=not no_pdf, echo=click.echo)
    salon = config.parent / SALON_FILE
    if c.campaign_id is None and salon.exists() and SALON_ID in load_config(salon):
        # the second demo campaign, with the Gala house rule on, from its own campaigns file
        run_salon(load_campaign(str(salon), SALON_ID), pdf=not no_pdf, echo=click.echo)


@click.command("tables")
@click.argument("module", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the values as JSON records.")
@click.option("--changed", is_flag=True, help="Only the values the campaign changes.")
@pass_ctx
def tables_command(c: Context, module: str | None, as_json: bool, changed: bool) -> None:
    """Print the tables in force for the campaign: every module's numbers (or MODULE's),
    with the values campaigns.toml changes marked "*" and their book values beside them.

    A value is changed under [campaigns.ID.tables.MODULE] (a row of a table by its
    name: [campaigns.ID.tables.clubs.clubs."Hunter's"]), a setting under
    [campaigns.ID.rules].  The key to write is the path this command prints.

    \b
    Examples:
      engarde tables
      engarde tables bawdyhouse
      engarde tables --changed --json
    """
    camp = c.campaign()
    registry = for_campaign(camp)
    names = registry.names
    if module is not None and module not in names:
        fail(f"no module called {module!r} in this campaign (modules: {', '.join(names)})")
    values = [v for v in registry.tables.flatten()
              if (module is None or v.path.split(".", 1)[0] == module) and (v.overridden or not changed)]
    if as_json:
        echo_json([{"key": v.path, "value": _plain(v.value), "default": _plain(v.default), "changed": v.overridden,
                    "setting": v.setting, "note": v.note} for v in values])
        return
    for v in values:
        where = f"rules.{v.path.rsplit('.', 1)[1]}" if v.setting else f"tables.{v.path}"
        mark = "*" if v.overridden else " "
        was = f"   ({'default' if v.setting else 'book'}: {_plain(v.default)})" if v.overridden else ""
        click.echo(f"{mark} {where} = {_plain(v.value)}{was}")


def _plain(value: object) -> object:
    """A table's value as TOML would write it (JSON-able): tuples as lists, fractions as text."""
    if isinstance(value, (tuple, list)):
        return [_plain(x) for x in value]
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in value.items()}  # type: ignore[union-attr]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)
