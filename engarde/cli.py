"""The ``engarde`` command: a thin layer over ``engarde.campaign``.

It reads options, calls the library, and turns library errors into clear
messages and exit codes (1: the input has problems the GM must see; 2: the
command could not run).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from . import campaign as ops
from .calendar import CalendarError, GameMonth, week_label
from .config import DEFAULT_CONFIG, Campaign, ConfigError, load_one
from .creation import CreationError, given_character, roll_character
from .dice import SeededDice


class Context:
    def __init__(self, config: str, campaign_id: str | None) -> None:
        self.config = config
        self.campaign_id = campaign_id

    def campaign(self) -> Campaign:
        return load_one(self.config, self.campaign_id)


def fail(message: str, code: int = 2) -> None:
    click.echo(f"engarde: {message}", err=True)
    sys.exit(code)


class Group(click.Group):
    """Turns the library's known errors into one-line messages, not tracebacks."""

    def invoke(self, ctx: click.Context):  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except (ConfigError, ops.CampaignError, CreationError, CalendarError) as exc:
            fail(str(exc))


@click.group(cls=Group)
@click.option("--config", "-c", default=DEFAULT_CONFIG, show_default=True, envvar="ENGARDE_CONFIG",
              help="The campaigns file.")
@click.option("--campaign", "-C", "campaign_id", envvar="ENGARDE_CAMPAIGN",
              help="Which campaign (needed when the file has several).")
@click.version_option(package_name="engarde")
@click.pass_context
def main(ctx: click.Context, config: str, campaign_id: str | None) -> None:
    """engarde: run a play-by-email En Garde! campaign.

    \b
    A month at the deadline:
      engarde orders ingest orders/demo     # read the mail
      engarde orders missing                # who has not written
      engarde turn run                      # resolve the month
      engarde gazette --pdf                 # publish
    """
    ctx.obj = Context(config, campaign_id)


pass_ctx = click.make_pass_decorator(Context)


@main.command()
@pass_ctx
def init(c: Context) -> None:
    """Set up the campaign's database.

    \b
    Example:
      engarde --campaign demo init
    """
    camp = c.campaign()
    created = ops.init(camp)
    where = camp.database
    click.echo(f"{camp.id}: {'created' if created else 'already set up'} ({where}); "
               f"first month {ops.current_month(camp)}")


@main.command()
@pass_ctx
def status(c: Context) -> None:
    """Say which month is next and when its deadline falls.

    \b
    Example:
      engarde status
    """
    camp = c.campaign()
    month = ops.current_month(camp)
    click.echo(f"{camp.name} ({camp.id}), {camp.newspaper}")
    click.echo(f"Next month to resolve: {month}")
    deadline = camp.next_deadline()
    click.echo(f"Next deadline: {deadline:%A %d %B %Y, %H:%M %Z}" if deadline else "No deadline schedule set.")
    missing = ops.missing_orders(camp)
    click.echo(f"Orders missing from: {', '.join(missing)}" if missing else "Every character has orders in.")


# -- characters -------------------------------------------------------------


@main.group()
def character() -> None:
    """Create and list characters."""


@character.command("create")
@click.argument("name")
@click.option("--player", default="", help="The player's name.")
@click.option("--email", default="", help="The player's registered address.")
@click.option("--password", default="", help="The order password his sheets must carry.")
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
@click.option("--club", default=None, help="Given club membership.")
@click.option("--title", default=None)
@pass_ctx
def character_create(c: Context, name: str, player: str, email: str, password: str, rolled: bool,
                     seed: str | None, **given: object) -> None:
    """Create a character: rolled on the Birth Tables, or with given values.

    \b
    Examples:
      engarde character create "Rodney Bergerac" --player Cyril --email cyril@example.org
      engarde character create Athos --given --sl 10 --crowns 500 --strength 14 \\
          --constitution 12 --expertise 14 --ma 6 --club "Hunter's"
    """
    camp = c.campaign()
    if rolled and any(v is not None for v in given.values()):
        fail("values were given: add --given to use them instead of rolling")
    if rolled:
        dice = SeededDice(seed or f"{camp.seed}:birth:{name}")
        birth = roll_character(name, dice, player=player, email=email, rounding=camp.rules.rounding)
        birth.character.password = password
        ch = ops.add_character(camp, birth, dice.log)
    else:
        missing = [k for k in ("social_level", "crowns", "strength", "constitution", "expertise", "military_ability")
                   if given.get(k) is None]
        if missing:
            fail("--given needs " + ", ".join("--" + m.replace("_", "-") for m in missing))
        from .tables import club_by_name
        if given.get("club"):
            club = club_by_name(str(given["club"]))
            if club is None:
                fail(f"no club called {given['club']!r}")
            given["club"] = club.name
        birth = given_character(name, player=player, email=email, password=password, **given)
        ch = ops.add_character(camp, birth)
    for line in birth.story:
        click.echo(f"  {line}")
    click.echo(f"Created {ch.name}: Social Level {ch.social_level}, {ch.crowns} crowns, "
               f"allowance {ch.allowance}.")


@character.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON records.")
@pass_ctx
def character_list(c: Context, as_json: bool) -> None:
    """List the campaign's characters by precedence.

    \b
    Example:
      engarde character list --json
    """
    chars = sorted(ops.list_characters(c.campaign()), key=lambda ch: (-ch.social_level, ch.name))
    if as_json:
        click.echo(json.dumps([
            {"name": ch.name, "player": ch.player, "social_level": ch.social_level, "crowns": ch.crowns,
             "club": ch.club, "title": ch.title}
            for ch in chars
        ], indent=2, ensure_ascii=False))
        return
    if not chars:
        click.echo("No characters yet.")
    for ch in chars:
        click.echo(f"{ch.social_level:>3}  {ch.name:<24} {ch.crowns:>6} cr  {ch.club or '-':<18} {ch.player}")


# -- orders -------------------------------------------------------------------


@main.group()
def orders() -> None:
    """Read, check and list order mail."""


@orders.command("ingest")
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
@pass_ctx
def orders_ingest(c: Context, folder: Path | None) -> None:
    """Read a folder of order mail (.eml or text) for the current month.

    FOLDER defaults to the campaign's 'orders' folder.  Exit status 1 when any
    sheet had errors or was rejected (every other sheet is still stored).

    \b
    Example:
      engarde orders ingest orders/demo
    """
    camp = c.campaign()
    folder = folder or camp.orders
    if folder is None:
        fail("no folder given and the campaign has no 'orders' folder")
    results = ops.ingest(camp, folder)
    problems = 0
    for r in results:
        who = r.character or "?"
        click.echo(f"{r.status:<9} {r.source}: {who}")
        for note in r.notes:
            click.echo(f"          note: {note}")
        for e in r.errors:
            click.echo(f"          {e}")
        problems += bool(r.errors) or r.status == "rejected"
    accepted = sum(r.status == "accepted" for r in results)
    click.echo(f"{len(results)} message(s): {accepted} accepted, {problems} with problems.")
    if problems:
        sys.exit(1)


@orders.command("check")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the sheet and its errors as JSON.")
def orders_check(file: Path, as_json: bool) -> None:
    """Check one order sheet without storing it.  Exit status 1 if it has errors.

    \b
    Example:
      engarde orders check orders/demo/porthos.eml
    """
    from .intake import read_message
    from .parse import parse_sheet

    msg = read_message(file.read_bytes(), str(file))
    sheet = parse_sheet(msg.body, str(file))
    errors = list(msg.errors) + list(sheet.errors)
    if as_json:
        data = sheet.to_dict()
        data["errors"] = [e.to_dict() for e in errors]
        data["notes"] = list(sheet.notes) + list(msg.notes)
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        month = sheet.month or GameMonth(1607, 4)
        text = ops.confirmation_text(sheet, month, msg.notes)
        if msg.errors:
            text += "".join(f"  {e}\n" for e in msg.errors)
        click.echo(text, nl=False)
    if errors:
        sys.exit(1)


@orders.command("missing")
@pass_ctx
def orders_missing(c: Context) -> None:
    """List the characters who have sent no orders for the current month.

    \b
    Example:
      engarde orders missing
    """
    missing = ops.missing_orders(c.campaign())
    for name in missing:
        click.echo(name)
    if not missing:
        click.echo("Every character has orders in.", err=True)


# -- the turn ---------------------------------------------------------------------


@main.group()
def turn() -> None:
    """Resolve a month, or undo the last one."""


@turn.command("run")
@pass_ctx
def turn_run(c: Context) -> None:
    """Resolve the current month and advance the calendar.

    All of the month is written in one transaction: if anything fails, the
    campaign is left exactly as it was.

    \b
    Example:
      engarde turn run
    """
    camp = c.campaign()
    report = ops.run_turn(camp)
    _print_turn(report)


def _print_turn(report: ops.TurnReport) -> None:
    click.echo(f"Resolved {report.month} (seed {report.seed}): {report.sheets} order sheet(s), "
               f"{len(report.characters)} character(s), {report.rolls} dice rolled, "
               f"{len(report.ledger)} ledger entries, {len(report.events)} events.")
    for ch in sorted(report.characters, key=lambda ch: (-ch.social_level, ch.name)):
        click.echo(f"  {ch.name:<24} SL {ch.social_level:>2}  {ch.crowns:>6} crowns")
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
    resolved = ops.resolved_months(camp)
    if not resolved:
        fail("no month has been resolved yet: run 'engarde turn run' first")
    target = GameMonth.parse(month) if month else resolved[-1]
    if target not in resolved:
        fail(f"{target} has not been resolved (resolved: {', '.join(map(str, resolved))})")
    for path in publish(camp, target, pdf=pdf, reports=reports):
        click.echo(f"wrote {path}")


def publish(camp: Campaign, month: GameMonth, pdf: bool = True, reports: bool = True) -> list[Path]:
    from . import gazette as gz

    data = gz.GazetteData(
        campaign=camp,
        month=month,
        characters=ops.list_characters(camp),
        events=ops.month_events(camp, month),
    )
    paths = list(gz.write_gazette(data, pdf=pdf))
    if reports:
        paths += gz.write_reports(data, ops.month_ledger(camp, month))
    return paths


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
    data = view.to_dict()
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    ch = view.character
    click.echo(f"{ch.name}" + (f" ({ch.title})" if ch.title else "") + (f", played by {ch.player}" if ch.player else ""))
    click.echo(f"  Social Level {ch.social_level}   Status Points {ch.status_points}   Crowns {ch.crowns}"
               f"   Allowance {ch.allowance}")
    click.echo(f"  Strength {ch.strength}   Constitution {ch.constitution}   Expertise {ch.expertise}"
               f"   Endurance {ch.endurance}/{ch.max_endurance}   MA {ch.military_ability}")
    click.echo(f"  Club {ch.club or '-'}" + "".join(f"   {w} {x}" for w, x in ch.weapons().items()))
    click.echo("  Birth: " + "; ".join(view.birth_story))
    click.echo("  Ledger:")
    if not view.ledger:
        click.echo("    (no entries yet: the sheet is as created)")
    for entry in view.ledger:
        click.echo(f"    {entry.describe()}")


@main.command()
@pass_ctx
def audit(c: Context) -> None:
    """Recompute every sheet from its ledger.  Exit status 1 on any disagreement.

    \b
    Example:
      engarde audit
    """
    count, findings = ops.audit(c.campaign())
    for f in findings:
        click.echo(str(f))
    if findings:
        click.echo(f"{len(findings)} disagreement(s) in {count} sheet(s).")
        sys.exit(1)
    click.echo(f"All {count} sheet(s) agree with their ledgers.")


@main.command()
@click.option("--no-pdf", is_flag=True, help="Skip the PDF (faster).")
@pass_ctx
def demo(c: Context, no_pdf: bool) -> None:
    """Run the demo campaign's first month afresh, from the repository root.

    Deletes the demo's database, creates its gentlemen, ingests the sample
    orders in orders/demo, resolves April 1607 and writes the gazette (HTML and
    PDF) and the players' reports to newsletters/demo/.

    \b
    Example:
      engarde demo
    """
    from .demo import run_demo

    camp = load_one(c.config, c.campaign_id or "demo")
    run_demo(camp, pdf=not no_pdf, echo=click.echo)


if __name__ == "__main__":  # pragma: no cover
    main()
