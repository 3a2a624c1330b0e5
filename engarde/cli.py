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
from .rules.creation.rules import CreationError, given_character, roll_character
from .dice import SeededDice
from .orders import STANDING
from .registry import core_registry, for_campaign, load_campaign


class Context:
    def __init__(self, config: str, campaign_id: str | None) -> None:
        self.config = config
        self.campaign_id = campaign_id

    def campaign(self) -> Campaign:
        return load_campaign(self.config, self.campaign_id)


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
    deadline = ops.month_deadline(camp)
    if deadline is not None:
        from .deadlines import describe
        click.echo(f"Deadline for {month}: {describe(deadline, camp.timezone)} (orders received later are held "
                   "for the next month)")
    else:
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
        birth = roll_character(for_campaign(camp).tables, name, dice, player=player, email=email)
        birth.character.password = password
        ch = ops.add_character(camp, birth, dice.log)
    else:
        missing = [k for k in ("social_level", "crowns", "strength", "constitution", "expertise", "military_ability")
                   if given.get(k) is None]
        if missing:
            fail("--given needs " + ", ".join("--" + m.replace("_", "-") for m in missing))
        from .rules.clubs.tables import club_by_name
        if given.get("club"):
            club = club_by_name(str(given["club"]))
            if club is None:
                fail(f"no club called {given['club']!r}")
            given["club"] = club.name
        birth = given_character(for_campaign(camp).tables, name, player=player, email=email, password=password,
                                **given)
        ch = ops.add_character(camp, birth)
    for line in birth.story:
        click.echo(f"  {line}")
    click.echo(f"Created {ch.name}: Social Level {ch.social_level}, {ch.crowns} crowns, "
               f"allowance {ch.allowance}.")


@character.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON records.")
@pass_ctx
def character_list(c: Context, as_json: bool) -> None:
    """List the campaign's characters by precedence (the dead last, marked "dead").

    \b
    Example:
      engarde character list --json
    """
    from .rules.duel.rules import is_dead

    chars = sorted(ops.list_characters(c.campaign()), key=lambda ch: (is_dead(ch), -ch.social_level, ch.name))
    if as_json:
        click.echo(json.dumps([
            {"name": ch.name, "player": ch.player, "social_level": ch.social_level, "crowns": ch.crowns,
             "club": ch.club, "title": ch.title, "state": ch.state, "dead": is_dead(ch)}
            for ch in chars
        ], indent=2, ensure_ascii=False))
        return
    if not chars:
        click.echo("No characters yet.")
    for ch in chars:
        mark = "  \u2020 dead" if is_dead(ch) else (f"  ({ch.state})" if ch.state else "")
        click.echo(f"{ch.social_level:>3}  {ch.name:<24} {ch.crowns:>6} cr  {ch.club or '-':<18} {ch.player}{mark}")


# -- orders -------------------------------------------------------------------


@main.group()
def orders() -> None:
    """Read, check and list order mail."""


@orders.command("ingest")
@click.argument("source", required=False, type=click.Path(path_type=Path))
@click.option("--imap", "use_imap", is_flag=True,
              help="Read the campaign's IMAP folder ([campaigns.ID.mail.imap]) instead of a path.")
@pass_ctx
def orders_ingest(c: Context, source: Path | None, use_imap: bool) -> None:
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
    """
    camp = c.campaign()
    if use_imap:
        if source is not None:
            fail("give a SOURCE or --imap, not both")
        results = ops.ingest_imap(camp)
    else:
        source = source or camp.orders
        if source is None:
            fail("no SOURCE given and the campaign has no 'orders' folder")
        results = ops.ingest(camp, source)
    problems = 0
    for r in results:
        who = r.character or "?"
        held = f" (held for {r.month})" if r.status == ops.HELD and r.month else ""
        click.echo(f"{r.status:<10} {r.source}: {who}{held}")
        for note in r.notes:
            click.echo(f"           note: {note}")
        for e in r.errors:
            click.echo(f"           {e}")
        problems += bool(r.errors) or r.status == ops.REJECTED
    accepted = sum(r.status == ops.ACCEPTED for r in results)
    held = sum(r.status == ops.HELD for r in results)
    click.echo(f"{len(results)} message(s): {accepted} accepted, {held} held, {problems} with problems.")
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
        click.echo(json.dumps([x.to_dict() for x in found], indent=2, ensure_ascii=False))
        return
    if not found:
        click.echo("No order sheets stored.", err=True)
    for x in found:
        click.echo(f"#{x.id:<4} {x.status:<10} {x.character or '?':<20} {x.sender or '-':<28} {x.source}")
        if x.reason:
            click.echo(f"      {x.reason}")


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
    for path in ops.publish(camp, target, pdf=pdf, reports=reports):
        click.echo(f"wrote {path}")


@main.command()
@click.argument("month", required=False)
@pass_ctx
def press(c: Context, month: str | None) -> None:
    """Print the letters to the gazette of a month (default: the month to resolve),
    exactly as the gazette's press section will print them, with who sent each.

    \b
    Examples:
      engarde press
      engarde press "April 1607"
    """
    camp = c.campaign()
    target = GameMonth.parse(month) if month else ops.current_month(camp)
    letters = ops.month_letters(camp, target)
    if not letters:
        click.echo(f"No letters to the gazette for {target}.")
    for i, letter in enumerate(letters):
        if i:
            click.echo("")
        sent = "" if letter.byline == letter.author else f" (sent by {letter.author})"
        click.echo(f"--- signed {letter.byline}{sent}")
        click.echo(letter.text)
        click.echo(f"\u2014 {letter.byline}")


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
    click.echo(f"  Mistress {ch.mistress or '-'}   Regiment {ch.regiment or '-'}   Rank {ch.rank or '-'}"
               f"   Appointment {ch.appointment or '-'}   State {ch.state or 'about town'}")
    click.echo("  Birth: " + "; ".join(view.birth_story))
    click.echo("  Debts:" + ("" if view.debts else " none"))
    for x in view.debts:
        click.echo(f"    {_sheet_loan(x, owed=True)}")
    click.echo("  Lent:" + ("" if view.lent else " nothing"))
    for x in view.lent:
        click.echo(f"    {_sheet_loan(x, owed=False)}")
    on_file = core_registry().describe(view.standing, STANDING)
    click.echo("  Standing orders on file:" + ("" if on_file else " none (the rules' defaults apply)"))
    for line in on_file:
        click.echo(f"    {line}")
    click.echo("  Ledger:")
    if not view.ledger:
        click.echo("    (no entries yet: the sheet is as created)")
    for entry in view.ledger:
        click.echo(f"    {entry.describe()}")


def _sheet_loan(x, owed: bool) -> str:
    """One loan on a sheet: what he owes (``owed``) or what is owed to him."""
    from .rules.loans.rules import callable_from

    taken = GameMonth.parse(x.taken)
    if x.from_moneylender:
        text = (f"loan {x.number}: {x.amount} crowns to a moneylender ({x.principal} lent in {taken}, "
                f"+{x.interest_percent}%), due at the end of {GameMonth.parse(x.due)}")
    else:
        whom = f"to {x.lender}" if owed else f"from {x.borrower}"
        text = f"loan {x.number}: {x.amount} crowns {whom} (lent in {taken}, no interest), "
        text += f"called in {GameMonth.parse(x.called)}" if x.called else f"callable from {callable_from(x)}"
    if x.defaulted:
        text += f"; unpaid since {GameMonth.parse(x.defaulted)}"
    return text


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

    camp = load_campaign(c.config, c.campaign_id or "demo")
    run_demo(camp, pdf=not no_pdf, echo=click.echo)


@main.command()
@click.argument("name", default="list")
@click.argument("more", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the roster as JSON.")
@click.option("--accept/--refuse", "accept", default=None,
              help="With 'decide': the player colonel's answer to the application.")
@pass_ctx
def regiment(c: Context, name: str, more: tuple[str, ...], as_json: bool, accept: bool | None) -> None:
    """Show a regiment's roster: its ten officers above Subaltern, by rank and
    seniority (vacancies at the bottom of their rank), who commands what (acting or
    not), the Colonel's MA, and the characters serving below Captain.  NAME "list"
    lists every regiment.

    "engarde regiment decide REGIMENT APPLICANT --accept|--refuse" records a player
    colonel's answer to an application waiting for him (a player-commanded regiment
    decides without a roll); it is carried out, through the ledger, at the start of
    the next month resolved.

    \b
    Examples:
      engarde regiment list
      engarde regiment "Dragoon Guards"
      engarde regiment "King's Musketeers" --json
      engarde regiment decide "Dragoon Guards" "D'Artagnan" --accept
    """
    camp = c.campaign()
    if name.lower() == "decide":
        if len(more) != 2 or accept is None:
            raise click.UsageError("usage: engarde regiment decide REGIMENT APPLICANT --accept|--refuse")
        p = ops.decide_application(camp, more[0], more[1], accept)
        click.echo(f"{p['character']}'s application to the {p['regiment']} as {p['rank']}: "
                   f"{'accepted' if accept else 'refused'} by its commander; carried out at the start of "
                   f"{GameMonth.parse(p['decided_for'])}")
        return
    if more or accept is not None:
        raise click.UsageError("extra arguments are only for 'engarde regiment decide REGIMENT APPLICANT'")
    views = ops.regiments(camp, None if name.lower() == "list" else name)
    if as_json:
        from dataclasses import asdict
        click.echo(json.dumps([asdict(v) for v in views], indent=2, ensure_ascii=False))
        return
    if name.lower() == "list":
        for v in views:
            players = [r["name"] for r in v.roster if r["player"]]
            click.echo(f"{v.name:<34} {v.brigade or '-':<22} {'cavalry' if v.cavalry else 'foot':<8}"
                       f"{v.weapon:<8} {'organised' if v.organised else 'not yet organised'}"
                       + (f"; {', '.join(players)}" if players else ""))
        return
    v = views[0]
    click.echo(f"{v.name} ({v.brigade or 'no brigade'}; {'cavalry' if v.cavalry else 'foot'}; {v.weapon})")
    if not v.organised:
        click.echo("  Not yet organised: its officers and Colonel's MA are rolled when first needed.")
        return
    for row in v.roster:
        who = row["name"] or "vacant"
        if row["player"]:
            who += " (player)"
        extra = [x for x in (row["command"], row["detached"]) if x]
        ma = f" (MA {row['ma']})" if row["ma"] is not None else ""
        click.echo(f"  {row['rank']:<19} {who:<28}{' - ' + ', '.join(extra) if extra else ''}{ma}")
    for p in v.pending:
        answer = f"; answered: {p['decision']}" if p.get("decision") else ""
        click.echo(f"  awaiting the colonel: {p['character']} applied as {p['rank']} ({p['month']}, week {p['week']})"
                   + answer)


@main.group()
def appointment() -> None:
    """Appointments: the answers of players who appoint to a post."""


@appointment.command("decide")
@click.argument("post")
@click.argument("applicant")
@click.option("--accept/--refuse", "accept", required=True,
              help="The appointing player's answer to the application.")
@pass_ctx
def appointment_decide(c: Context, post: str, applicant: str, accept: bool) -> None:
    """Record the answer of the player who appoints to POST (the Minister of War, a
    player colonel, Brigadier, Division or Army Commander) to APPLICANT's application, which waits for him
    (he decides, no roll).  It is carried out, through the ledger, at the start of
    the next month resolved: accepted, he takes the post if he still qualifies;
    refused, he may not apply for it again for three months.

    \b
    Example:
      engarde appointment decide "Inspector-General of Cavalry" Athos --accept
    """
    p = ops.decide_appointment(c.campaign(), post, applicant, accept)
    click.echo(f"{p['character']}'s application for the post of {p['post']}: "
               f"{'accepted' if accept else 'refused'} by {p.get('appointer')}; carried out at the start of "
               f"{GameMonth.parse(p['decided_for'])}")


@main.group()
def petition() -> None:
    """Substitution petitions: a player Field Marshal's answers."""


@petition.command("decide")
@click.argument("petitioner")
@click.option("--accept/--refuse", "accept", required=True,
              help="The player Field Marshal's answer to the petition.")
@pass_ctx
def petition_decide(c: Context, petitioner: str, accept: bool) -> None:
    """Record a player Field Marshal's answer to PETITIONER's petition for a
    regiment's substitution ("If a player is Field Marshal, he may substitute one
    Regiment as he sees fit": no roll).  It is carried out when the summer's forces
    are determined; he substitutes one regiment only.

    \b
    Example:
      engarde petition decide Porthos --accept
    """
    p = ops.decide_petition(c.campaign(), petitioner, accept)
    click.echo(f"{p['character']}'s petition for the {p['regiment']} to replace the {p['replacing']}: "
               f"{'accepted' if accept else 'refused'} by the Field Marshal, {p.get('field_marshal')}; "
               f"carried out when the summer's forces are determined")


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
        click.echo(json.dumps(requests, indent=2, ensure_ascii=False))
        return
    if not requests:
        click.echo("Nothing waits for a player's answer.")
        return
    for p in requests:
        when = f"{GameMonth.parse(p['month'])}, week {p['week']}" if p["month"] else "?"
        click.echo(f"{p['kind']:<12} {p['character']}: {p['what']} ({when})")
        if p["decision"]:
            click.echo(f"{'':<13}answered: {p['decision']} by {p['answer_by'] or 'the player'}; carried out "
                       + (f"at the start of {GameMonth.parse(p['decided_for'])}"
                          if p["decided_for"] and p["kind"] != "petition"
                          else "when the summer's forces are determined"))
        elif p["answer_by"]:
            click.echo(f"{'':<13}{p['answer_by']} must answer: {p['command']}")
        else:
            click.echo(f"{'':<13}no player decides: the Field Marshal's roll when the summer's forces are determined")


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the campaign as JSON.")
@pass_ctx
def front(c: Context, as_json: bool) -> None:
    """Show the season's military campaign: the Force Commitment, Deployment and
    Organisation rolls, each unit's mission, who serves where, and (once fought)
    the battle results and each character's personal outcome.

    \b
    Examples:
      engarde front
      engarde front --json
    """
    view = ops.front(c.campaign())
    if as_json:
        click.echo(json.dumps(view, indent=2, ensure_ascii=False))
        return
    if view is None:
        click.echo("No campaign yet: the army marches each June, the Frontier every season.")
        return
    season = f"{GameMonth.parse(view['start'])} to {GameMonth.parse(view['end'])}"
    click.echo(f"Campaign of {season}" + (" (the regular army's summer)" if view["regular"] else ""))
    if view["organisation"]:
        click.echo(f"  Force Commitment {view['commitment_roll']}, Deployment {view['deployment_roll']}: "
                   f"organisation {view['organisation']}")
    for line in view["organisation_lines"]:
        click.echo(f"  {line}")
    for unit, mission in view["missions"].items():
        click.echo(f"  {unit}: {mission}")
    for sub in view["substitutions"]:
        click.echo(f"  substitution: the {sub['regiment']} for the {sub['replacing']} ({sub['character']})")
    for name, where in sorted(view["campaigners"].items()):
        how = "volunteer" if where.get("volunteer") else "with his unit"
        back = ", returned" if where.get("returned") else ""
        click.echo(f"  {name}: {where['regiment']} since {GameMonth.parse(where['since'])} ({how}{back})")
    for r in view["results"]:
        click.echo(f"  {r['command']} (MA {r['modified_ma']}, rolled {r['roll']}): {r['result']}, "
                   f"{r['interpretation']}")
    for o in view["outcomes"]:
        fate = "killed" if o["died"] else ", ".join(
            x for x in ("mentioned" if o["mentioned"] else "", "promoted" if o["promoted"] else "",
                        f"{o['plunder']} crowns of plunder" if o["plunder"] else "",
                        f"poltroonery {o['poltroonery']}" if o["poltroonery"] else "") if x) or "survived"
        click.echo(f"  {o['character']}: {fate}")
    for p in view["petitions"]:
        click.echo(f"  petition waiting for summer: {p['character']}: the {p['regiment']} for the {p['replacing']}")


# -- society: mistresses and loans --------------------------------------------------


def _mistress_line(m) -> str:
    attrs = ", ".join(m.attributes()) or "-"
    kept = f"kept by {m.lover}" if m.lover else "free"
    return f"{m.number:>3}  {m.name:<16} SL {m.social_level:>2}  {attrs:<30} {kept}"


@main.group()
def mistress() -> None:
    """The campaign's mistresses: roll them at the start, list, rename, add."""


@mistress.command("roll")
@click.option("--seed", default=None, help="Dice seed (default: from the campaign seed).")
@pass_ctx
def mistress_roll(c: Context, seed: str | None) -> None:
    """Roll the mistresses at campaign start: one for each character.

    Social Level on three dice; Beauty, Influence and Wealth each on a 1 or 2;
    named from a list of period names (rename them with 'mistress rename').
    Every die is printed with its reason.

    \b
    Example:
      engarde mistress roll
    """
    rolled, rolls = ops.roll_mistresses(c.campaign(), seed)
    for r in rolls:
        click.echo(f"  rolled {'+'.join(map(str, r.values))}: {r.reason}")
    for m in rolled:
        click.echo(_mistress_line(m))


@mistress.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON records.")
@pass_ctx
def mistress_list(c: Context, as_json: bool) -> None:
    """List the mistresses: number, name, Social Level, attributes, lover.

    \b
    Example:
      engarde mistress list
    """
    from dataclasses import asdict

    found = ops.list_mistresses(c.campaign())
    if as_json:
        click.echo(json.dumps([asdict(m) for m in found], indent=2, ensure_ascii=False))
        return
    if not found:
        click.echo("No mistresses yet: roll them with 'engarde mistress roll'.")
    for m in found:
        click.echo(_mistress_line(m))


@mistress.command("rename")
@click.argument("number", type=int)
@click.argument("name")
@pass_ctx
def mistress_rename(c: Context, number: int, name: str) -> None:
    """Rename mistress NUMBER (not while a character keeps her).

    \b
    Example:
      engarde mistress rename 4 Roxanne
    """
    m = ops.rename_mistress(c.campaign(), number, name)
    click.echo(_mistress_line(m))


@mistress.command("add")
@click.argument("name")
@click.option("--sl", "--social-level", "social_level", type=int, required=True, help="Her Social Level.")
@click.option("--beautiful", is_flag=True, help="Exceptionally beautiful (+1 status point to her lover).")
@click.option("--influential", is_flag=True, help="Influential (more favours, Influence Table C).")
@click.option("--wealthy", is_flag=True, help="Wealthy (needs no support; may give gifts).")
@pass_ctx
def mistress_add(c: Context, name: str, social_level: int, beautiful: bool, influential: bool,
                 wealthy: bool) -> None:
    """Add a mistress of the GM's own, numbered after the others.

    \b
    Example:
      engarde mistress add "Milady de Winter" --sl 14 --beautiful --influential
    """
    m = ops.add_mistress(c.campaign(), name, social_level, beautiful, influential, wealthy)
    click.echo(_mistress_line(m))


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON records.")
@pass_ctx
def loans(c: Context, as_json: bool) -> None:
    """List the loans outstanding: who owes whom, how much, and when it falls due.

    \b
    Example:
      engarde loans
    """
    from dataclasses import asdict

    from .rules.loans.rules import callable_from

    found = ops.list_loans(c.campaign())
    if as_json:
        click.echo(json.dumps([asdict(x) for x in found], indent=2, ensure_ascii=False))
        return
    if not found:
        click.echo("No loans outstanding.")
    for x in found:
        taken = GameMonth.parse(x.taken)
        if x.from_moneylender:
            text = (f"{x.borrower} owes a moneylender {x.amount} crowns ({x.principal} lent in {taken}, "
                    f"+{x.interest_percent}%), due at the end of {GameMonth.parse(x.due)}")
        else:
            text = f"{x.borrower} owes {x.lender} {x.amount} crowns (lent in {taken}, no interest), "
            text += (f"called in {GameMonth.parse(x.called)}" if x.called
                     else f"callable from {callable_from(x)}")
        if x.defaulted:
            text += f"; unpaid since {GameMonth.parse(x.defaulted)}: {x.borrower} is disgraced"
        click.echo(f"{x.number:>3}  {text}")



# -- e. Duelling ---------------------------------------------------------------------------


@main.group()
def duel() -> None:
    """Duels: the GM's rulings on cause, checking a sequence, a month's fights."""


@duel.command("cause")
@click.argument("first")
@click.argument("second")
@click.option("--ruling", type=click.Choice(["yes", "no"]), required=True,
              help="yes: there is cause for a duel between them; no: there is none.")
@click.option("--month", "month_text", help="The month it applies to (default: the month to resolve).")
@click.option("--note", default="", help="Why (the vote, the GM's reasons), kept with the ruling.")
@pass_ctx
def duel_cause(c: Context, first: str, second: str, ruling: str, month_text: str | None, note: str) -> None:
    """Record the GM's ruling on cause between two characters (the rules' vote).

    Without a ruling a challenge's stated cause stands ("a unanimous vote of all
    players not involved being required to decide that there is no cause").

    \b
    Example:
      engarde duel cause Porthos Falstaff --ruling no --note "the players voted 4-0"
    """
    month = GameMonth.parse(month_text) if month_text else None
    r = ops.rule_on_cause(c.campaign(), first, second, ruling == "yes", note, month)
    click.echo(f"ruled: {r}")


@duel.command("rulings")
@click.option("--month", "month_text", help="Only this month's.")
@pass_ctx
def duel_rulings(c: Context, month_text: str | None) -> None:
    """List the GM's rulings on cause, in the order made (the latest for a pair stands).

    \b
    Example:
      engarde duel rulings --month 1607-04
    """
    found = ops.cause_rulings(c.campaign(), GameMonth.parse(month_text) if month_text else None)
    if not found:
        click.echo("No rulings on cause.")
    for r in found:
        click.echo(str(r))


@duel.command("check")
@click.argument("sequence")
@click.option("--weapon", default="rapier", show_default=True, help="His weapon.")
@click.option("--against", "opponent_weapon", default=None, help="His opponent's weapon, if known.")
def duel_check(sequence: str, weapon: str, opponent_weapon: str | None) -> None:
    """Check a written duel sequence against Duelling Table A (exit 1 if illegal).

    \b
    Example:
      engarde duel check "X L X CL K X X X X S P JB (X)"
    """
    from .rules.duel.rules import check_sequence, describe_routines, plan_sequence

    problems = check_sequence(sequence, weapon, opponent_weapon)
    if problems:
        for p in problems:
            click.echo(f"illegal: {p}")
        sys.exit(1)
    click.echo("legal: " + describe_routines(plan_sequence(sequence, weapon, opponent_weapon)[0]))


@duel.command("show")
@click.argument("month", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the duels' records as JSON.")
@pass_ctx
def duel_show(c: Context, month: str | None, as_json: bool) -> None:
    """Print every duel of a resolved month, turn by turn (default: the last resolved).

    \b
    Example:
      engarde duel show 1607-04
    """
    from .rules.duel.codes import EV_DUEL

    camp = c.campaign()
    if month:
        when = GameMonth.parse(month)
    else:
        done = ops.resolved_months(camp)
        if not done:
            fail("no month has been resolved yet")
        when = done[-1]
    duels = [e for e in ops.month_events(camp, when) if e.code == EV_DUEL]
    if as_json:
        click.echo(json.dumps([{"week": e.week, **e.data} for e in duels], indent=2, ensure_ascii=False))
        return
    if not duels:
        click.echo(f"No duels in {when}.")
    for e in duels:
        d = e.data
        a, b = d["names"]
        click.echo(f"{when} {week_label(e.week)}: {a} ({d['weapons'][0]}) v {b} ({d['weapons'][1]}), "
                   f"{d['place']}; cause: {d['cause']}")
        click.echo(f"  {'turn':>4}  {a[:12]:>12} {b[:12]:>12}  {'damage':>9}  {'endurance':>11}")
        for t in d["turns"]:
            acts, dmg, end = t["actions"], t["damage"], t["endurance"]
            click.echo(f"  {t['turn']:>4}  {acts[0]:>12} {acts[1]:>12}  {dmg[0]:>4} {dmg[1]:>4}  "
                       f"{end[0]:>5} {end[1]:>5}" + (f"  {'; '.join(t['notes'])}" if t["notes"] else ""))
        outcome = {"killed": "killed: " + ", ".join(d["killed"]), "surrender": "surrendered: "
                   + ", ".join(d["surrendered"]), "parted": "parted by the seconds"}[d["end"]]
        click.echo(f"  winner: {d['winner'] or 'none'} ({outcome})")

if __name__ == "__main__":  # pragma: no cover
    main()
