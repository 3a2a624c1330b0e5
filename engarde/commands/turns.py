"""The month's commands: resolving it and undoing it (``turn``), publishing it (``gazette``), a
player's report (``report``), and the requests waiting for a player's answer (``pending``)."""

from __future__ import annotations

import click

from .. import ops, terminal
from ..calendar import GameMonth
from ..clikit import Context, echo_json, fail, pass_ctx
from ..ops.report import private_report


@click.group()
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
    terminal.table(("name", "SL", "crowns"), [(ch.name, ch.social_level, ch.crowns) for ch in ranked],
                   [f"  {ch.name:<24} SL {ch.social_level:>2}  {ch.crowns:>6} crowns" for ch in ranked],
                   right=("SL", "crowns"))
    for e in report.errors:
        click.echo(f"  {e}")


@turn.command("undo")
@pass_ctx
def turn_undo(c: Context) -> None:
    """Undo the last resolved month (its orders stay; run it again to redo it).

    What you set up since the month (mistresses added, answers recorded, secrets put into
    play or given) is kept; anything of it that cannot be is listed, each line "Not kept: ...".

    \b
    Example:
      engarde turn undo && engarde turn run
    """
    undone = ops.undo_turn(c.campaign())
    click.echo(f"Undid {undone.month}; it is the month to resolve again.")
    for line in undone.not_kept:
        click.echo(f"Not kept: {line}")


# -- publishing -------------------------------------------------------------------


@click.command()
@click.argument("month", required=False)
@click.option("--pdf/--no-pdf", default=True, show_default=True, help="Also write the PDF.")
@click.option("--reports/--no-reports", default=True, show_default=True, help="Also write each player's report.")
@click.option("--report-pdf", is_flag=True, help="Also write each player's report as a PDF beside its HTML.")
@pass_ctx
def gazette(c: Context, month: str | None, pdf: bool, reports: bool, report_pdf: bool) -> None:
    """Write the gazette of a resolved month (default: the last one).

    \b
    Examples:
      engarde gazette
      engarde gazette "April 1607" --no-pdf
      engarde gazette --report-pdf
    """
    if report_pdf and not reports:
        fail("--report-pdf prints the reports: it cannot go with --no-reports")
    camp = c.campaign()
    with terminal.progress("Writing the gazette and the reports") as tick:
        paths = ops.publish(camp, GameMonth.parse(month) if month else None, pdf=pdf, reports=reports,
                            report_pdf=report_pdf, tick=tick)
    for path in paths:
        click.echo(f"wrote {path}")


@click.command("report")
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



@click.command()
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
    terminal.table(("request", "who asks", "for what", "since", "the answer"), rows, plain)
