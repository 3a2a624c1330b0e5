"""The ``engarde`` command: a thin layer over ``engarde.ops``.

It reads options, calls the library, and turns library errors into clear
messages and exit codes (1: the input has problems the GM must see; 2: the
command could not run; 70: engarde met an error of its own, see ``engarde.crash``).  Each module brings its own GM commands
(``RuleModule.commands``); ``Group`` finds them in the registry.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Callable

import click
from sqlalchemy.exc import DBAPIError

from . import __version__, campaign_file, crash, json_views, lock, ops
from .calendar import CalendarError, GameMonth
from .clikit import Context, echo_json, fail, pass_ctx
from .config import DEFAULT_CONFIG, Campaign, ConfigError, MailSettings
from .config import load as load_config
from .dberrors import describe as describe_database_error
from .dberrors import where as database_named
from .deadline_command import deadline
from .deadlines import describe
from .demo import DEMO_ID, run_demo
from .demo import unpack as unpack_demo
from .dice import SeededDice
from .errors import CampaignError
from .intake import read_file
from .mail_commands import mail
from .mail_commands import report as mail_report
from .ops import mailing
from .ops.report import private_report
from .ops.sheet_template import order_template
from .postman import settings_of
from .orders import OrderSheet
from .parse import parse_sheet
from .redaction import scrub, scrub_data, secrets_in
from .registry import ALL_MODULES, for_campaign, load_campaign, module_of_command
from .rules.creation.imported import Debt, Imported
from .rules.creation.rules import CreationError, given_character, roll_character
from .tables import Tables


def campaign_tables(campaign: Campaign) -> Tables:
    return for_campaign(campaign).tables


class Group(click.Group):
    """The core's commands and every registered module's (found when the command line is
    read, so a module registered later brings its commands too); the library's known
    errors become one-line messages, not tracebacks."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        module_commands = [c.name for m in ALL_MODULES.values() for c in m.commands if c.name]
        return sorted({*super().list_commands(ctx), *module_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        module = module_of_command(cmd_name)
        return next((c for c in module.commands if c.name == cmd_name), None) if module else None

    argv: list[str] = []

    def main(self, args=None, *rest, **options):  # type: ignore[override]
        self.argv = list(sys.argv[1:] if args is None else args)  # what an error report quotes
        return super().main(args, *rest, **options)

    def invoke(self, ctx: click.Context):  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except (ConfigError, CampaignError, CreationError, CalendarError) as exc:
            fail(str(exc))
        except DBAPIError as exc:  # a driver's error the library let through: still one line naming the database
            loaded = ctx.obj.loaded if isinstance(ctx.obj, Context) else None
            fail(describe_database_error(loaded.database, exc) if loaded else f"database error: {exc.orig}")
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise  # click's own ways of ending a command
        except Exception as exc:  # the safety net: a bug is one line and a report file, not a traceback
            if crash.wanted_traceback():
                raise
            fail(crash.one_line(exc, crash.write_report(exc, self.argv)), code=crash.EXIT_STATUS)


def _loader(module: str | None) -> Callable[[str, str | None], Campaign]:
    """How a command reads its campaign: a module's command refuses a campaign that does
    not play with that module."""
    def load(config: str, campaign_id: str | None) -> Campaign:
        campaign = load_campaign(config, campaign_id)
        if module is not None and not for_campaign(campaign).active(module):
            raise ConfigError(f"campaigns.toml: campaigns.{campaign.id}.house_rules: the {module} house rule is "
                              f"not in use in this campaign (add \"{module}\" to house_rules to play with it)")
        return campaign
    return load


@click.group(cls=Group)
@click.option("--config", "-c", default=DEFAULT_CONFIG, show_default=True, envvar="ENGARDE_CONFIG",
              help="The campaigns file.")
@click.option("--campaign", "-C", "campaign_id", envvar="ENGARDE_CAMPAIGN",
              help="Which campaign (needed when the file has several).")
@click.option("--wait", type=click.FloatRange(min=0), default=lock.DEFAULT_WAIT, show_default=True,
              envvar="ENGARDE_WAIT", metavar="SECONDS",
              help="How long a command that writes waits for another engarde command working on the same "
                   "campaign before it gives up.")
@click.version_option(version=__version__, prog_name="engarde")
@click.pass_context
def main(ctx: click.Context, config: str, campaign_id: str | None, wait: float) -> None:
    """engarde: run a play-by-email En Garde! campaign.

    \b
    A month at the deadline:
      engarde orders ingest orders/demo     # read the mail
      engarde orders missing                # who has not written
      engarde turn run                      # resolve the month
      engarde gazette --pdf                 # publish

    \b
    One command at a time writes to a campaign; another waits for it (--wait):
      engarde --wait 60 turn run
    """
    ctx.meta[lock.WAIT_KEY] = wait
    owner = module_of_command(ctx.invoked_subcommand) if ctx.invoked_subcommand else None
    ctx.obj = Context(config, campaign_id, _loader(owner.name if owner and owner.house else None), campaign_tables)


@main.command()
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


@main.command()
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
    from . import terminal  # lazy: cli.py's top level stays as it is (startup speed)
    terminal.table(("", ""), [(what, value) for what, value, _ in rows], [title, *(line for *_, line in rows)],
                   title=title)


# -- characters -------------------------------------------------------------


@main.group()
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


@main.command("backup")
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


@main.command("restore")
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


@main.group()
def character() -> None:
    """Create and list characters; their order passwords, welcome texts and addresses."""


@character.command("create")
@click.argument("name")
@click.option("--player", default="", help="The player's name.")
@click.option("--email", default="", help="The player's address on record: his mail must come from it "
              "(none: his sheets must come as text files the GM puts in the orders folder).")
@click.option("--password", default=None,
              help="His order password (default: a generated one, shown once; only its hash is kept).")
@click.option("--roll/--given", "rolled", default=True,
              help="Roll on the Birth Tables (default), or take the values given below.")
@click.option("--seed", default=None, help="Dice seed for --roll (default: from the campaign seed and name).")
@click.option("--social-level", "--sl", type=int, help="Given Social Level.")
@click.option("--crowns", type=int, help="Given crowns.")
@click.option("--allowance", type=int, help="Given monthly allowance.")
@click.option("--strength", type=int)
@click.option("--constitution", type=int)
@click.option("--expertise", type=int)
@click.option("--endurance", type=int, help="Default: Constitution x Strength.")
@click.option("--military-ability", "--ma", type=int)
@click.option("--club", default=None, help="Given club membership (its requirements are checked).")
@click.option("--title", default=None)
@click.option("--status-points", "--sp", type=int, help="Importing: his status points this month.")
@click.option("--regiment", default=None, help="Importing: his regiment (with --rank).")
@click.option("--rank", default=None, help="Importing: his rank in it (Private ... Colonel).")
@click.option("--horses", type=int, help="Importing: the horses he keeps (default: those his rank must keep).")
@click.option("--mistress", default=None, help="Importing: his mistress, by name or number (engarde mistress list).")
@click.option("--debt", "debts", multiple=True, metavar="LENDER:CROWNS[:MONTH]",
              help="Importing: what he owes a lender now (a character or 'moneylender'), and the month the loan "
                   "was taken (default: this month); repeat for each loan.")
@click.option("--send", is_flag=True, help="Then mail him his welcome text with his password "
                                           "('engarde mail welcome NAME --password P').")
@pass_ctx
def character_create(c: Context, name: str, player: str, email: str, password: str | None, rolled: bool,
                     seed: str | None, debts: tuple[str, ...], send: bool, **given: object) -> None:
    """Create a character: rolled on the Birth Tables, or with given values.

    Every character has an order password: --password, else a generated one.  It is
    printed this once, with the welcome text for his player (only its hash is kept;
    'engarde character password' sets a new one).

    Importing a running campaign, --given also takes his status points this month, regiment
    and rank, horses, club, mistress and debts: each goes through the ledger ("imported: ...")
    and is refused, with the rule it breaks, when it contradicts the rules (a rank the regiment
    does not have, a club above his Social Level, a mistress another man keeps ...).

    \b
    Examples:
      engarde character create "Rodney Bergerac" --player Cyril --email cyril@example.org
      engarde character create Cyrano --email cyrano@example.org --send
      engarde character create Athos --given --sl 10 --crowns 500 --strength 14 \\
          --constitution 12 --expertise 14 --ma 6 --club "Hunter's"
      engarde character create Aramis --given --sl 9 --crowns 300 --strength 11 \\
          --constitution 12 --expertise 13 --ma 4 --sp 5 --regiment "Dragoon Guards" \\
          --rank Captain --mistress Roxanne --debt moneylender:110:1607-02 --debt Porthos:50
    """
    camp = c.campaign()
    if send:
        settings_of(camp)  # no SMTP settings: said before he is created, not after
        if not email:
            fail("--send needs --email: the welcome goes to his address on record")
    if rolled and (debts or any(v is not None for v in given.values())):
        fail("values were given: add --given to use them instead of rolling")
    if rolled:
        dice = SeededDice(seed or f"{camp.seed}:birth:{name}")
        birth = roll_character(for_campaign(camp).tables, name, dice, player=player, email=email)
        new = ops.add_character(camp, birth, dice.log, password=password)
    else:
        missing = [k for k in ("social_level", "crowns", "strength", "constitution", "expertise", "military_ability")
                   if given.get(k) is None]
        if missing:
            fail("--given needs " + ", ".join("--" + m.replace("_", "-") for m in missing))
        imported = Imported(
            status_points=given.pop("status_points"), regiment=given.pop("regiment"), rank=given.pop("rank"),
            horses=given.pop("horses"), club=given.pop("club"), mistress=given.pop("mistress"),
            debts=tuple(_debt(text) for text in debts))
        birth = given_character(for_campaign(camp).tables, name, player=player, email=email, **given)
        new = ops.add_character(camp, birth, password=password, imported=imported)
    ch = new.character
    for line in birth.story:
        click.echo(f"  {line}")
    click.echo(f"Created {ch.name}: Social Level {ch.social_level}, {ch.crowns} crowns, "
               f"allowance {ch.allowance}.")
    _echo_password(new)
    if not ch.email:
        click.echo(f"No address on record: {ch.name}'s sheets must come as text files you put in the orders folder "
                   f"(mail for him is refused until you give one: engarde character email \"{ch.name}\" ADDRESS).")
    if send:
        mail_report(mailing.send_welcomes(camp, (ch.name,), new.password))
        return
    click.echo(f"\n--- welcome text for {ch.name}'s player (it holds his password) ---")
    click.echo(ops.welcome_text(camp, ch.name, new.password), nl=False)


def _debt(text: str) -> Debt:
    """--debt LENDER:CROWNS[:MONTH] ("moneylender:110:1607-02", "Porthos:50")."""
    parts = [p.strip() for p in text.split(":")]
    taken = parts.pop() if len(parts) >= 3 and re.fullmatch(r"\d{4}-\d{1,2}", parts[-1]) else None
    amount = parts.pop() if len(parts) >= 2 else ""
    lender = ":".join(parts)
    if not lender or not amount.isdigit():
        fail(f"--debt {text!r}: write LENDER:CROWNS[:MONTH], e.g. --debt moneylender:110:1607-02 or --debt Porthos:50")
    return Debt(lender, int(amount), taken)


def _echo_password(new: ops.NewCharacter) -> None:
    if new.generated:
        click.echo(f"Order password of {new.character.name}: {new.password} (generated; shown this once: only its "
                   "hash is kept)")
    else:
        click.echo(f"Order password of {new.character.name}: as given (only its hash is kept)")


@character.command("password")
@click.argument("name")
@click.option("--set", "new_password", metavar="PASSWORD", help="The new order password.")
@click.option("--generate", is_flag=True, help="Generate a new order password and print it.")
@pass_ctx
def character_password(c: Context, name: str, new_password: str | None, generate: bool) -> None:
    """Give a character a new order password (the GM's reset: the old one stops working).

    Only a hash of the password is kept, so the GM cannot read one back: a player who
    lost his gets a new one.  A player changes his own with a 'New password:' line on a
    sheet sent from his address on record, carrying his present password.

    \b
    Examples:
      engarde character password Porthos --generate
      engarde character password Porthos --set "musketeer-1607"
    """
    if (new_password is None) == (not generate):
        fail("give --set PASSWORD or --generate (one of them)")
    new = ops.set_password(c.campaign(), name, None if generate else new_password)
    if new.generated:
        click.echo(f"New order password of {new.character.name}: {new.password} (shown this once: only its hash "
                   "is kept)")
    else:
        click.echo(f"{new.character.name}'s order password is changed (only its hash is kept).")
    click.echo(f"His welcome text with it: engarde character welcome \"{new.character.name}\" --password ...")


@character.command("welcome")
@click.argument("name")
@click.option("--password", default=None,
              help="His order password, to write into the text (checked against the one on record).")
@pass_ctx
def character_welcome(c: Context, name: str, password: str | None) -> None:
    """Print the welcome text for a character's player: his sheet, how and from which
    address to send orders, the first deadline, and (with --password) his password.

    Only a hash of the password is kept, so it is written in only when given; a
    campaign's own welcome.txt.j2 in its templates folder replaces engarde's.

    \b
    Examples:
      engarde character welcome Porthos
      engarde character welcome Porthos --password k7dm4-qz2xa
    """
    click.echo(ops.welcome_text(c.campaign(), name, password), nl=False)


@character.command("email")
@click.argument("name")
@click.argument("address")
@pass_ctx
def character_email(c: Context, name: str, address: str) -> None:
    """Put a player's mail address on record: his character's orders must come from it.

    With "" there is none, and his sheets must come as text files the GM puts in the
    orders folder (mail for him is refused: anyone could have sent it).

    \b
    Examples:
      engarde character email Porthos paul@example.org
      engarde character email Jacques ""
    """
    ch = ops.set_email(c.campaign(), name, address)
    click.echo(f"{ch.name}: orders by mail from {ch.email}" if ch.email else
               f"{ch.name}: no address on record; his sheets must come as text files in the orders folder")


@character.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON records.")
@pass_ctx
def character_list(c: Context, as_json: bool) -> None:
    """List the campaign's characters by precedence (the dead last, marked "dead").

    \b
    Example:
      engarde character list --json
    """
    chars = sorted(ops.list_characters(c.campaign()), key=lambda ch: (ch.dead, -ch.social_level, ch.name))
    if as_json:
        echo_json([
            {"name": ch.name, "player": ch.player, "social_level": ch.social_level, "crowns": ch.crowns,
             "club": ch.club, "title": ch.title, "state": ch.state, "dead": ch.dead}
            for ch in chars
        ])
        return
    if not chars:
        click.echo("No characters yet.")
        return
    plain = []
    for ch in chars:
        mark = "  \u2020 dead" if ch.dead else (f"  ({ch.state})" if ch.state else "")
        plain.append(f"{ch.social_level:>3}  {ch.name:<24} {ch.crowns:>6} cr  {ch.club or '-':<18} {ch.player}{mark}")
    from . import terminal  # lazy: cli.py's top level stays as it is (startup speed)
    terminal.table(("SL", "name", "crowns", "club", "player", "state"),
                   [(ch.social_level, ch.name, ch.crowns, ch.club or "-", ch.player,
                     "\u2020 dead" if ch.dead else ch.state or "") for ch in chars], plain, right=("SL", "crowns"))


# -- orders -------------------------------------------------------------------


@main.group()
def orders() -> None:
    """Read, check and list order mail."""


@orders.command("ingest")
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
    from . import terminal  # lazy: cli.py's top level stays as it is (startup speed)
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


@orders.command("check")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the sheet and its errors as JSON.")
@pass_ctx
def orders_check(c: Context, file: Path, as_json: bool) -> None:
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
    sheet = (parse_sheet(msg.body, source, registry, ops.known_names(campaign), lines=msg.lines,
                         current=_month_to_resolve(campaign), signers=(msg.sender_name or "",))
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
        click.echo(scrub(ops.confirmation_text(sheet, month, msg.notes, registry=registry), secrets), nl=False)
    if errors:
        sys.exit(1)


def _month_to_resolve(campaign: Campaign | None) -> GameMonth | None:
    """The campaign's month to resolve, if its database is there to say (a month a sheet writes
    without its year is read against it); None for a sheet checked without one."""
    if campaign is None:
        return None
    try:
        return ops.current_month(campaign)
    except CampaignError:  # not set up yet, or of another version: the sheet is still checked
        return None


@orders.command("list")
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
    from . import terminal  # lazy: cli.py's top level stays as it is (startup speed)
    terminal.table(("#", "status", "character", "sender", "source", "why"),
                   [(x.id, x.status, x.character or "?", x.sender or "-", x.source, x.reason) for x in found], plain,
                   right=("#",))


@orders.command("confirmations")
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


@orders.command("template")
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


@orders.command("missing")
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
    from . import terminal  # lazy: cli.py's top level stays as it is (startup speed)
    terminal.table(("no orders from",), [(name,) for name in missing], missing)


# -- the turn ---------------------------------------------------------------------


@main.group()
def turn() -> None:
    """Resolve a month, or undo the last one."""


@turn.command("run")
@click.option("--force", is_flag=True,
              help="Run even though more than mail.nmr_refuse_share of the characters have no orders.")
@pass_ctx
def turn_run(c: Context, force: bool) -> None:
    """Resolve the current month and advance the calendar.

    All of the month is written in one transaction: if anything fails, the
    campaign is left exactly as it was.  A character with no orders follows his
    standing orders, else rests.  When more than the campaign's share of the
    characters (mail.nmr_refuse_share, 0.5 by default) have no orders, the turn
    is refused (lost mail is likelier than a mass desertion) unless --force.

    \b
    Examples:
      engarde turn run
      engarde turn run --force
    """
    camp = c.campaign()
    report = ops.run_turn(camp, force=force)
    _print_turn(report)


def _print_turn(report: ops.TurnReport) -> None:
    click.echo(f"Resolved {report.month} (seed {report.seed}): {report.sheets} order sheet(s), "
               f"{len(report.characters)} character(s), {report.rolls} dice rolled, "
               f"{len(report.ledger)} ledger entries, {len(report.events)} events.")
    ranked = sorted(report.characters, key=lambda ch: (-ch.social_level, ch.name))
    from . import terminal  # lazy: cli.py's top level stays as it is (startup speed)
    terminal.table(("name", "SL", "crowns"), [(ch.name, ch.social_level, ch.crowns) for ch in ranked],
                   [f"  {ch.name:<24} SL {ch.social_level:>2}  {ch.crowns:>6} crowns" for ch in ranked],
                   right=("SL", "crowns"))
    for e in report.errors:
        click.echo(f"  {e}")


@turn.command("undo")
@pass_ctx
def turn_undo(c: Context) -> None:
    """Undo the last resolved month (its orders stay; run it again to redo it).

    \b
    Example:
      engarde turn undo && engarde turn run
    """
    month = ops.undo_turn(c.campaign())
    click.echo(f"Undid {month}; it is the month to resolve again.")


# -- publishing -------------------------------------------------------------------


@main.command()
@click.argument("month", required=False)
@click.option("--pdf/--no-pdf", default=True, show_default=True, help="Also write the PDF.")
@click.option("--reports/--no-reports", default=True, show_default=True, help="Also write each player's report.")
@pass_ctx
def gazette(c: Context, month: str | None, pdf: bool, reports: bool) -> None:
    """Write the gazette of a resolved month (default: the last one).

    \b
    Examples:
      engarde gazette
      engarde gazette "April 1607" --no-pdf
    """
    camp = c.campaign()
    from . import terminal  # lazy: cli.py's top level stays as it is (startup speed)
    with terminal.progress("Writing the gazette and the reports") as tick:
        paths = ops.publish(camp, GameMonth.parse(month) if month else None, pdf=pdf, reports=reports, tick=tick)
    for path in paths:
        click.echo(f"wrote {path}")


@main.command("report")
@click.argument("name")
@click.argument("month", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print it as JSON, for a player's own tools.")
@pass_ctx
def report_command(c: Context, name: str, month: str | None, as_json: bool) -> None:
    """Print a character's private report of a resolved month (default: the last) as its
    text says it, with next month's sheet to fill in; --json adds his sheet at the month's
    end and his ledger entries of the month.

    \b
    Examples:
      engarde report Porthos
      engarde report Porthos "April 1607" --json
    """
    found = private_report(c.campaign(), name, GameMonth.parse(month) if month else None)
    if as_json:
        echo_json(found.to_dict())
        return
    click.echo(found.text, nl=False)
    if found.template:
        click.echo(f"\n--- Orders for {found.month.next()} ---")
        click.echo(found.template, nl=False)


@main.command()
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the sheet and its ledger as JSON.")
@pass_ctx
def sheet(c: Context, name: str, as_json: bool) -> None:
    """Show a character sheet and where every value came from.

    \b
    Examples:
      engarde sheet Porthos
      engarde sheet "Rodney Bergerac" --json
    """
    view = ops.sheet(c.campaign(), name)
    if as_json:
        echo_json(view.to_dict())
        return
    ch = view.character
    click.echo(f"{ch.name}" + (f" ({ch.title})" if ch.title else "") + (f", played by {ch.player}" if ch.player else ""))
    click.echo(f"  Social Level {ch.social_level}   Status Points {ch.status_points}   Crowns {ch.crowns}"
               f"   Allowance {ch.allowance}")
    click.echo(f"  Strength {ch.strength}   Constitution {ch.constitution}   Expertise {ch.expertise}"
               f"   Endurance {ch.endurance}/{ch.max_endurance}   MA {ch.military_ability}")
    click.echo(f"  Club {ch.club or '-'}" + "".join(f"   {w} {x}" for w, x in ch.weapons().items()))
    click.echo(f"  Mistress {ch.mistress or '-'}   Regiment {ch.regiment or '-'}   Rank {ch.rank or '-'}"
               f"   Appointment {ch.appointment or '-'}   State {ch.state or 'about town'}")
    click.echo("  Birth: " + "; ".join(view.birth_story))
    for line in view.lines:
        click.echo(f"  {line}")
    click.echo("  Standing orders on file:" + ("" if view.standing_text else " none (the rules' defaults apply)"))
    for line in view.standing_text:
        click.echo(f"    {line}")
    click.echo("  Ledger:")
    if not view.ledger:
        click.echo("    (no entries yet: the sheet is as created)")
    for entry in view.ledger:
        click.echo(f"    {entry.describe()}")


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
@pass_ctx
def audit(c: Context, as_json: bool) -> None:
    """Recompute every sheet from its ledger.  Exit status 1 on any disagreement.

    \b
    Examples:
      engarde audit
      engarde audit --json
    """
    count, findings = ops.audit(c.campaign())
    if as_json:
        echo_json(json_views.audit(count, findings))
        sys.exit(1 if findings else 0)
    if findings:
        total = f"{len(findings)} disagreement(s) in {count} sheet(s)."
        from . import terminal  # lazy: cli.py's top level stays as it is (startup speed)
        terminal.table(("character", "value", "on the sheet", "from the ledger"),
                       [(f.character, f.field, f.recorded, f.recomputed) for f in findings],
                       [*map(str, findings), total], footer=total)
        sys.exit(1)
    click.echo(f"All {count} sheet(s) agree with their ledgers.")


@main.command()
@click.option("--no-pdf", is_flag=True, help="Skip the PDF (faster).")
@pass_ctx
def demo(c: Context, no_pdf: bool) -> None:
    """Run the demo campaign's first month afresh, in any folder.

    Beside a campaigns file with a demo campaign (the repository's), it plays that one;
    elsewhere it writes the demo campaign into a demo/ folder (its campaigns.toml and the
    sample order mail shipped with engarde) and plays it there.  It deletes the demo's
    database, creates its gentlemen, ingests the sample orders, resolves April 1607 and
    writes the gazette (HTML and PDF) and the players' reports to newsletters/demo/.

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


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the requests as JSON.")
@pass_ctx
def pending(c: Context, as_json: bool) -> None:
    """List every request waiting for a player's answer: applications to a regiment
    a player commands, applications to a post a player appoints to, substitution
    petitions to a player Field Marshal (and petitions waiting for the summer's
    roll).  Each shows who asks, for what, since when, who must answer, the answer
    if the GM has recorded it (carried out at the start of the month shown), and
    the command that records it.

    \b
    Examples:
      engarde pending
      engarde pending --json
    """
    requests = ops.pending_requests(c.campaign())
    if as_json:
        echo_json(requests)
        return
    if not requests:
        click.echo("Nothing waits for a player's answer.")
        return
    plain, rows = [], []
    for p in requests:
        when = f"{GameMonth.parse(p['month'])}, week {p['week']}" if p["month"] else "?"
        plain.append(f"{p['kind']:<12} {p['character']}: {p['what']} ({when})")
        if p["decision"]:
            answer = (f"answered: {p['decision']} by {p['answer_by'] or 'the player'}; carried out "
                      + (f"at the start of {GameMonth.parse(p['decided_for'])}"
                         if p["decided_for"] and p["kind"] != "petition"
                         else "when the summer's forces are determined"))
        elif p["answer_by"]:
            answer = f"{p['answer_by']} must answer: {p['command']}"
        else:
            answer = "no player decides: the Field Marshal's roll when the summer's forces are determined"
        plain.append(f"{'':<13}{answer}")
        rows.append((p["kind"], p["character"], p["what"], when, answer))
    from . import terminal  # lazy: cli.py's top level stays as it is (startup speed)
    terminal.table(("request", "who asks", "for what", "since", "the answer"), rows, plain)


@main.command("tables")
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


main.add_command(mail)
main.add_command(deadline)


if __name__ == "__main__":  # pragma: no cover
    main()
